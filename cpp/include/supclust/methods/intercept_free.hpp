// A fit without an intercept (glmnet's intercept = FALSE, scikit-learn's fit_intercept = False),
// b = 0 in z = xᵀW + b, solved as the fit with an intercept on the rows and their reflections:
// beside each row (x_i, y_i) the row (−x_i, y'_i) whose loss at −z is row i's at z — the squared
// loss's y' = −y, a 0/1 label's y' = 1 − y (logistic and hinge) — with row i's weight. The 2n rows'
// column means are 0, so centring leaves X as it is, and the mean loss is even in the intercept
// for every W (row i contributes ℓ_i(z_i + b) + ℓ_i(z_i − b)): a convex fit's optimal b is 0 and
// its W the answer without one, at the n rows' own mean loss. The one-vs-all and multinomial
// losses have no reflected label (a class's "not" is no class), nor does an expert's assignment of
// training rows: those refuse it. standardize divides by the columns' deviations about their means
// first (glmnet's scale with intercept = FALSE too), then the rows are reflected.
#pragma once

#include "supclust/core/data_matrix.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/methods/registry.hpp"

namespace supclust {

struct ReflectedRows {
  StoredData X;  // [X; −X]
  Vector y;  // [y; y'], row-major as Problem::y
  Eigen::Index targetColumns = 1;
  Vector weights;  // [w; w], or none
  Vector offset;  // [o; −o] (the reflected row's score is −(xᵀW + o)), or none
  Problem view() const {
    return {X.view(),
            {y.data(), y.size()},
            targetColumns,
            nullptr,
            0,
            {weights.data(), weights.size()},
            {offset.data(), offset.size()}};
  }
};

// "" when `method` can fit without an intercept under `loss`, else the refusal naming `intercept`
// (an experts method, a loss without a reflected target).
Refusal checkInterceptFree(const Method& method, const Loss& loss);

// `problem`'s rows and their reflections under `loss` (squared, or binary with 0/1 labels) for
// `method`, or the refusal naming `intercept` (an experts method, a loss without a reflected
// target, memory for the copy).
Refusal reflectedRows(const Method& method, const Problem& problem, const Loss& loss, ReflectedRows& out);

}  // namespace supclust
