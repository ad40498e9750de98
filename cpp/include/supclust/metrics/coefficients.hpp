// Metrics of estimated coefficients against the truth.
#pragma once

#include "supclust/base/types.hpp"

namespace supclust {

// The DFG paper's MSE: (1/n) (β̂ − β*)ᵀ XᵀX (β̂ − β*) = ‖X(β̂ − β*)‖²/n.
double dfgMse(const Eigen::Ref<const RowMatrix>& X, const Vector& estimate, const Vector& truth);

// The DFG paper's grouping score S: the mean, over the groups I of equal non-zero true
// coefficients, of
//   [#{ordered pairs j ≠ k in I with β̂_j = β̂_k} + #{j ∈ I, k ∉ I with β̂_j ≠ β̂_k}] / (|I| (d − 1)),
// with "=" meaning |β̂_j − β̂_k| <= tolerance; tolerance < 0 selects the default 1e-6·max|β̂|.
// (The paper prints I(β_i = β_j) for the first term; the intended β̂_j = β̂_k is used.)
double groupingScore(const Vector& estimate, const Vector& truth, double tolerance = -1);

// The partition of the features by their values: sorted, a new group wherever two neighbours
// differ by more than `tolerance` (equal values, zeros among them, share a group).
Labels equalValueGroups(const Vector& values, double tolerance);

// The adjusted Rand index of the estimate's groups of equal coefficients (equalValueGroups within
// `tolerance`; < 0: 1e-6·max|β̂|, as S) against the truth's (its zeros one group): 1 for the true
// grouping, 0 for all-distinct coefficients (or any grouping no better than chance) — where S
// is near its trivial level.
double groupingAdjustedRand(const Vector& estimate, const Vector& truth, double tolerance = -1);

}  // namespace supclust
