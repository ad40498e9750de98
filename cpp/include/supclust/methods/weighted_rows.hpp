// Observation weights for the methods whose solvers assume equal rows of the squared loss (CG's
// relaxation and its rounding, tasks-cg's closed form), by an exact reduction to equal rows. With
// ω = w·n/Σw (mean 1) and s_i = √ω_i, the weighted mean loss (1/2n) Σ_i ω_i ‖t_i − W ᵀx_i − b‖²
// at its best intercept b = t̄_ω − Wᵀx̄_ω (the weighted means) is the plain mean loss of the rows
// s_i(x_i − x̄_ω) with targets s_i(t_i − t̄_ω), for every W. Those rows' plain column means are not
// 0, so they go in with their reflections (−x, −t): 2n rows whose means are 0, on which the mean
// loss is even in the intercept — the fit with one on them has b = 0 and the weighted fit's W,
// at the same mean loss (intercept_free.hpp's argument). Without an intercept x̄_ω = t̄_ω = 0. The
// targets are the loss's (the one-vs-all indicators, shifted by an offset), read as the squared
// loss's columns. The centred rows are dense: a sparse X with an intercept is copied dense (a
// sparse X without one keeps its pattern).
#pragma once

#include "supclust/core/data_matrix.hpp"
#include "supclust/methods/registry.hpp"

namespace supclust {

struct WeightedRows {
  StoredData X;  // 2n rows: s_i(x_i − x̄_ω), then their negatives
  Vector y;  // [s(T − 1t̄_ω); −s(T − 1t̄_ω)], row-major as Problem::y
  Eigen::Index targetColumns = 1;
  RowVector xMeans;  // x̄_ω (1 × d), 0 without an intercept
  RowVector tMeans;  // t̄_ω (1 × K), 0 without an intercept
  Problem view() const { return {X.view(), {y.data(), y.size()}, targetColumns}; }
  // The weighted fit's intercepts from the equal rows' coefficients W (d × K): t̄_ω − x̄_ωW.
  RowVector intercept(const Matrix& W) const { return tMeans - xMeans * W; }
};

// The bytes of those rows' copy: 2n rows, dense unless X is sparse and there is no intercept.
double weightedRowsBytes(const DataMatrix& X, bool intercept);

// The equal rows of `problem`'s weighted squared-loss fit with targets T (n × K, the loss's), with
// an intercept or without, or a refusal naming `weights` (memory for the copy).
Refusal weightedRows(const Problem& problem, const Matrix& T, bool intercept, WeightedRows& out);

}  // namespace supclust
