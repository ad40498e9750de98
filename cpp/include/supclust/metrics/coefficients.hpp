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

}  // namespace supclust
