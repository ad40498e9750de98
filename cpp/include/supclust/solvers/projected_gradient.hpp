// Projected gradient with adaptive backtracking: iterative hard clustering (IHC).
//
// Problem:  min_{W in S, b} F(W, b) = Loss(X W + 1 bᵀ, T) + λ/2 ||W||²
// with S a Structure (Q-values: IHC; s-sparse Q-values: IHCS), solved by
//   W ← Proj_S(W − γ ∇_W F),  b ← b − γ ∇_b F
// following IHC paper Alg. 1 / LwCS Alg. 3 with the backtracking of spec §3.1: a step that
// lowers F is accepted and γ ← αγ; otherwise γ ← βγ and the step is retried. Stops when the
// accepted decrease is below tol·max(1, |F|) or γ·L < tol. F never increases.
#pragma once

#include "supclust/core/objective.hpp"
#include "supclust/core/structure.hpp"

namespace supclust {

struct ProjectedGradientOptions {
  int maxIterations = 500;
  double tolerance = 1e-8;
  double stepGrowth = 1.5;  // α > 1
  double stepShrink = 0.5;  // β in (0, 1)
};

// W0 (d x K) and b0 (K) are the starting point; W0 is projected first. Returns coefficients
// and intercept in the objective's (centred) parametrisation.
Result projectedGradient(const Objective& F, Structure& S, Matrix W0, RowVector b0,
                         const ProjectedGradientOptions& opt, const Control& control);

}  // namespace supclust
