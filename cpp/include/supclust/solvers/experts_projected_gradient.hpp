// Projected gradient for experts (LwCS Alg. 3 applied to samples, §2.2, with its line search of
// §4.3; the DataCube paper's PGK; spec §4). Problem: one predictor w_i per sample, all equal
// within Q groups,
//   min_W F(W) = 1/(2n) Σ_i [(y_i − w_iᵀx_i)² + λ‖w_i‖²]  s.t.  W = Z V (rows w_i take ≤ Q values),
// on centred X and y. Step: W − γ ∇F, then the row-clustering projection (k-means++ and Lloyd
// on the n rows, seeded restarts, the lowest SSE kept), with γ backtracked
// (step_backtracking.hpp): a projected step that lowers F is taken and γ grows; one that does not
// is retried with a shorter γ. γ starts at 1/L, L = max_i ‖x_i‖² + λ (each sample's curvature);
// the centroids descend a group's mean loss, whose curvature λ_max(X_qᵀX_q)/s_q + λ is far
// smaller (2.4 against 151 on E3's n = 1000, d = 10 + 90), and the growth reaches it. From
// W = 0; F never increases (a step whose F is not finite is rejected like one that raises it);
// stops when F falls by less than tolerance·F or γ·L < tolerance.
#pragma once

#include <cstdint>

#include "supclust/solvers/alternating_experts.hpp"
#include "supclust/solvers/step_backtracking.hpp"

namespace supclust {

struct ExpertsProjectedGradientOptions {
  int maxIterations = 200;
  double tolerance = 1e-6;
  StepBacktracking step;  // α = 1.5, β = 0.5
  int restarts = 3;       // k-means++ restarts of each projection
  std::uint64_t seed = 0;
};

ExpertsFit expertsProjectedGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                    const ExpertsProjectedGradientOptions& o, const Control& control);

}  // namespace supclust
