// ADMM for the squared loss with a penalty that has a prox (Boyd et al. 2011, §6.4 "lasso",
// with the residual balancing of §3.4.1): OSCAR's solver here, faster than accelerated proximal
// gradient when XᵀX is ill-conditioned (n ≤ d, small penalties), because the quadratic part is
// solved exactly at every step.
//
// Problem:  min_{W, b} 1/(2n) ‖Xc W + 1 bᵀ − T‖² + λ/2 ‖W‖² + P(W)   (Xc centred, so b = t̄).
// Splitting W = Z, scaled dual U:
//   W ← (XcᵀXc/n + (λ + ρ) I)⁻¹ (XcᵀT/n + ρ (Z − U))
//   Z ← prox_{P/ρ}(W + U)
//   U ← U + W − Z
// The system is factorised once per ρ: through the n×n matrix XcXcᵀ/n + (λ + ρ)I by Woodbury
// when n < d, else the d×d one. Every 5 steps the iterate Z is tested with the same certificate
// as proximalGradient (the penalty's optimality residual at Z, relative to ‖∇F(0)‖∞, at most
// tolerance), and ρ is doubled or halved (U rescaled) when the primal residual ‖W − Z‖ and the
// dual residual ρ‖Z − Z_prev‖ differ by more than 10×. The answer is Z, so it has the exact
// zeros and ties of the prox.
// The step (Z, U) ↦ (Z', U') is a fixed-point map, Anderson-accelerated (solvers/anderson.hpp,
// memory andersonMemory, memory cleared when ρ changes): the next step starts from the
// extrapolated point, while the certificate is tested at, and the answer is, the last prox
// output. No allocation per step (in threaded wasm each one takes a lock).
#pragma once

#include <algorithm>

#include "supclust/core/objective.hpp"
#include "supclust/core/penalty.hpp"

namespace supclust {

struct AdmmOptions {
  int maxIterations = 20000;
  double tolerance = 1e-10;  // relative optimality residual, as ProximalGradientOptions
  int andersonMemory = 5;  // Anderson acceleration of the ADMM steps (0: plain ADMM)
  int threads = 0;  // fusion ADMM's block passes on a WorkTeam of this many (0: all available)
};

// ADMM factorises a min(n, d)² matrix, again at each rebalancing of ρ, so it pays when that
// side is small: min(n, d) ≤ 500 (the papers' synthetic tables). Beyond, FISTA's products win —
// unless its steps are many: the trace norm on word frequencies (badly conditioned, a prox that
// couples the outputs) takes ADMM up to the sparse Gram side, 2048 (`shortSide`).
constexpr Eigen::Index kAdmmShortSide = 500;
inline bool admmSuits(Eigen::Index n, Eigen::Index d, Eigen::Index shortSide = kAdmmShortSide) {
  return std::min(n, d) <= shortSide;
}

// F must use the squared loss (the caller checks). W0 is the starting point (a warm start or 0).
Result admm(const Objective& F, const Penalty& P, Matrix W0, const AdmmOptions& opt, const Control& control);

}  // namespace supclust
