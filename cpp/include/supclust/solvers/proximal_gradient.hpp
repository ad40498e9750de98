// Accelerated proximal gradient (FISTA with backtracking and adaptive restart).
//
// Problem:  min_{W, b} F(W, b) + P(W),  F = Loss(X W + 1 bᵀ) + λ/2 ‖W‖² smooth, P convex with
// a prox (ℓ1 for the lasso, OWL for OSCAR, nothing for logistic ridge). Beck & Teboulle
// (2009) with the backtracking on L of their §4 and the function-value restart of
// O'Donoghue & Candès (2015). Used for OSCAR as in the IHC/LwCS papers' comparisons
//. Stops when the optimality residual of −∇F ∈ ∂P at the iterate (and |∇_b F|)
// falls below tolerance × scale, where scale = max(1e-300, ‖∇F(0, b)‖∞): a certificate, not a
// step-size heuristic.
#pragma once

#include "supclust/core/objective.hpp"
#include "supclust/core/penalty.hpp"

namespace supclust {

struct ProximalGradientOptions {
  int maxIterations = 20000;
  double tolerance = 1e-10;
};

Result proximalGradient(const Objective& F, const Penalty& P, Matrix W, RowVector b, const ProximalGradientOptions& opt,
                        const Control& control);

// The certificate used as the stopping rule (exposed for tests and other solvers): the
// penalty's optimality residual and |∇_b F|, relative to scale.
double relativeOptimalityResidual(const Objective& F, const Penalty& P, const Matrix& W, const RowVector& b,
                                  double scale);
// ∇_W F at W = 0 (the intercept at the targets' mean), and its largest entry: the scale the
// stopping rules read stationarity against (when that entry is 0, the intercept's gradient at
// W = 0, b = 0, else 1).
Matrix gradientAtZero(const Objective& F);
double gradientScale(const Objective& F);

}  // namespace supclust
