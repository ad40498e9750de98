// Compressed sparse columns (CSC) of a design: each column's non-zero values and their rows.
// Coordinate descent reads X one column at a time; on text-like designs (a few per cent
// non-zero) a column costs its non-zeros instead of n. Centring stays implicit: column j of
// Xc is x_j − μ_j 1, whose products the solvers assemble from the non-zeros and μ_j.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/base/uninitialised.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

// The share of non-zero entries above which a matrix's rows or columns are read densely (every
// entry, the two-lane kernels) rather than over their non-zeros (an index lookup each).
constexpr double kDenseAbove = 0.5;

struct SparseColumns {
  Eigen::Index cols = 0;
  // Dense storage (every entry, column-major; row is empty and entry t of column j is row
  // t − start[j]) when most entries are non-zero: the loops then skip the index lookups.
  bool dense = false;
  std::vector<std::int64_t> start;  // cols + 1 offsets into row and value
  UninitialisedVector<std::int32_t> row;
  UninitialisedVector<double> value;  // sized, then written in full

  std::int64_t nonZeros() const { return start.empty() ? 0 : start.back(); }
};

// Calls f(row, value) for each stored entry of column j, rows ascending (dense storage: every
// row, without index lookups).
template <class F>
inline void forEachInColumn(const SparseColumns& c, Eigen::Index j, F&& f) {
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  const double* v = c.value.data();
  if (c.dense)
    for (std::int64_t t = from; t < to; ++t) f(static_cast<std::int32_t>(t - from), v[t]);
  else
    for (std::int64_t t = from; t < to; ++t) f(c.row[static_cast<std::size_t>(t)], v[t]);
}

// Σ_i X(i, j) v[i] over column j's stored entries (the two-lane kernels, SIMD in wasm too:
// dot, or gatherDot through the rows).
inline double columnDot(const SparseColumns& c, Eigen::Index j, const double* v) {
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  if (c.dense) return dot(c.value.data() + from, v, static_cast<std::size_t>(to - from));
  return gatherDot(c.value.data() + from, c.row.data() + from, static_cast<std::size_t>(to - from), v);
}

// out[j] = columnDot(c, j, v) for the columns from ≤ j < to, to the bit. Dense storage is X
// column-major, so its columns are the rows multiply() takes four at a time over v (each summed as
// dot sums it): four sums in flight where a lone dot waits on its own additions.
inline void columnDots(const SparseColumns& c, const double* v, Eigen::Index from, Eigen::Index to, double* out) {
  if (from >= to) return;
  if (c.dense) {
    const auto first = static_cast<std::size_t>(from);
    const auto length = static_cast<std::size_t>(c.start[first + 1] - c.start[first]);
    multiply(c.value.data() + c.start[first], static_cast<std::size_t>(to - from), length, v, out + from);
    return;
  }
  for (Eigen::Index j = from; j < to; ++j) out[j] = columnDot(c, j, v);
}

// y[i] += alpha X(i, j) over column j's stored entries (dense storage: the axpy kernel).
inline void columnAxpy(const SparseColumns& c, Eigen::Index j, double alpha, double* y) {
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  if (c.dense) return axpy(alpha, c.value.data() + from, y, static_cast<std::size_t>(to - from));
  scatterAxpy(alpha, c.value.data() + from, c.row.data() + from, static_cast<std::size_t>(to - from), y);
}

// y[i] += alpha X(i, j) over column j's stored entries, then Σ_i X(i, k) y[i] over column k's: to
// the bit columnAxpy followed by columnDot (dense storage: one pass, axpyThenDot).
inline double columnAxpyThenDot(const SparseColumns& c, Eigen::Index j, double alpha, double* y, Eigen::Index k) {
  if (!c.dense) {
    columnAxpy(c, j, alpha, y);
    return columnDot(c, k, y);
  }
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  return axpyThenDot(alpha, c.value.data() + from, y, c.value.data() + c.start[static_cast<std::size_t>(k)],
                     static_cast<std::size_t>(to - from));
}

// y[i] += αX(i, j) and z[i] += (αX(i, j)) w[i] over column j's stored entries (dense storage:
// axpyWithWeighted, which rounds the same way).
inline void columnAxpyWithWeighted(const SparseColumns& c, Eigen::Index j, double alpha, const double* w, double* y,
                                   double* z) {
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  if (c.dense) return axpyWithWeighted(alpha, c.value.data() + from, w, y, z, static_cast<std::size_t>(to - from));
  scatterAxpyWithWeighted(alpha, c.value.data() + from, c.row.data() + from, static_cast<std::size_t>(to - from), w, y,
                          z);
}

// columnAxpyWithWeighted, then Σ_i X(i, k) z[i] over column k's stored entries: to the bit the two
// calls (dense storage: one pass, axpyWithWeightedThenDot).
inline double columnAxpyWithWeightedThenDot(const SparseColumns& c, Eigen::Index j, double alpha, const double* w,
                                            double* y, double* z, Eigen::Index k) {
  if (!c.dense) {
    columnAxpyWithWeighted(c, j, alpha, w, y, z);
    return columnDot(c, k, z);
  }
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  return axpyWithWeightedThenDot(alpha, c.value.data() + from, w, y, z,
                                 c.value.data() + c.start[static_cast<std::size_t>(k)],
                                 static_cast<std::size_t>(to - from));
}

// Σ w[i] X(i, j) and Σ w[i] X(i, j)² over column j's stored entries (dense storage:
// weightedMoments).
inline void columnWeightedMoments(const SparseColumns& c, Eigen::Index j, const double* w, double& first,
                                  double& second) {
  const std::int64_t from = c.start[static_cast<std::size_t>(j)], to = c.start[static_cast<std::size_t>(j) + 1];
  if (c.dense) return weightedMoments(c.value.data() + from, w, static_cast<std::size_t>(to - from), first, second);
  double a = 0, q = 0;
  for (std::int64_t t = from; t < to; ++t) {
    const double x = c.value[static_cast<std::size_t>(t)], wx = w[c.row[static_cast<std::size_t>(t)]] * x;
    a += wx;
    q += wx * x;
  }
  first = a;
  second = q;
}

// Σ_i X(i, j) and Σ_i X(i, j)² of every column (columnWeightedMoments with unit weights).
struct ColumnMoments {
  Vector sum, squares;
};
ColumnMoments columnMomentsOf(const SparseColumns& c);

// CSR rows (indptr, indices, values as in core/data_matrix.hpp) of a dense matrix's non-zeros.
struct NonZeroRows {
  std::vector<std::int32_t> indptr;  // rows + 1 offsets
  UninitialisedVector<std::int32_t> indices;
  UninitialisedVector<double> values;
};

// The non-zero entries X(i, j) + shift[j] (row-major X) row by row, columns ascending, when at
// most `denseAbove` of the entries are non-zero; else nothing (they are counted first, row by
// row until the count passes that share: a dense X is read halfway, and written not at all).
std::optional<NonZeroRows> nonZeroRowsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& shift,
                                         double denseAbove = kDenseAbove);

// The entries X(i, j) + shift[j] (row-major X) column by column, rows ascending: only the
// non-zeros when at most `denseAbove` of the entries are non-zero (nonZeroRowsOf, then their
// transpose), else every entry (dense).
SparseColumns sparseColumnsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& shift,
                              double denseAbove = kDenseAbove);

// The columns of a CSR matrix (rows × cols; indptr, indices, values as in core/data_matrix.hpp),
// always in sparse storage: the transpose, in O(rows + cols + non-zeros).
SparseColumns sparseColumnsOfRows(Eigen::Index rows, Eigen::Index cols, const std::int32_t* indptr,
                                  const std::int32_t* indices, const double* values);

}  // namespace supclust
