// GEM / LEM by the paper's algorithm (weight-grouping priors paper §4, Figure 2):
// the reference our exact block descent (families/priors/grouping_prior_descent) is measured against.
//
// Problem:  min_{w, b, c, κ} F(w, b) + γ Σ_j dev(w_j − c_κ(j)),  dev(r) = r² (GEM) or |r| (LEM).
// Each iteration: the gradient of the objective for the current centres and assignment
// (GEM: ∇F + 2γ(w − c_κ); LEM: ∇F + γ sgn(w − c_κ), and at w_j = c_κ(j) the least-norm
// subgradient), a Polak–Ribière (PR+) conjugate direction, an exact line search along it (the
// objective for fixed centres is convex in the step; golden section on a doubling bracket, one
// product with X per iteration), then each weight to its nearest centre and each centre to its
// group's mean (GEM) or median (LEM), as s-means / s-medians do. LEM (§4.2): where
// |w_j − c_κ(j)| < 1e-8 and |∂F/∂w_j| < γ, w_j is set to c_κ(j) and that gradient coordinate is 0.
// Stops when the gradient's largest entry is below tolerance × ‖∇F(0)‖∞ (the paper: ‖g‖ < 1e-8)
// or when a line search can no longer lower the objective.
//
// Decisions where the paper is silent: it starts from w = 0, b = 0 and c = 0, which makes every
// centre the same and leaves s − 1 groups empty forever; we take the first step with c = 0 (a
// ridge or lasso step) and then set the centres to the (k + ½)/s quantiles of w. An empty group
// keeps its centre.
#pragma once

#include "supclust/families/priors/grouping_prior_descent.hpp"

namespace supclust {

Result groupingPriorConjugateGradient(const Objective& F, const GroupingPriorOptions& opt, Matrix W, RowVector b,
                                      const Control& control);

}  // namespace supclust
