// Projected gradient with adaptive backtracking: iterative hard clustering (IHC).
//
// Problem:  min_{W in S, b} F(W, b) = Loss(X W + 1 bᵀ, T) + λ/2 ||W||²
// with S a Structure (Q-values: IHC; s-sparse Q-values: IHCS), solved by
//   W ← Proj_S(W − γ ∇_W F),  b ← b − γ ∇_b F
// following IHC paper Alg. 1 / LwCS Alg. 3 with the backtracking of LwCS §4.3
// (step_backtracking.hpp). Stops when the accepted decrease is below tol·max(1, |F|) or
// γ·L < tol. F never increases.
#pragma once

#include "supclust/core/objective.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/solvers/step_backtracking.hpp"

namespace supclust {

struct ProjectedGradientOptions {
  int maxIterations = 500;
  double tolerance = 1e-8;
  StepBacktracking step;  // α = 1.5, β = 0.5
};

// W0 (d x K) and b0 (K) are the starting point; W0 is projected first. Returns coefficients
// and intercept in the objective's (centred) parametrisation.
Result projectedGradient(const Objective& F, Structure& S, Matrix W0, RowVector b0, const ProjectedGradientOptions& opt,
                         const Control& control);

}  // namespace supclust
