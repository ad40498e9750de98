#include "supclust/kernels/sparse_columns.hpp"

#include <algorithm>

namespace supclust {

ColumnMoments columnMomentsOf(const SparseColumns& c) {
  ColumnMoments m{Vector(c.cols), Vector(c.cols)};
  Eigen::Index rows = 0;  // dense storage: every column has all the rows
  if (c.dense && c.cols > 0) rows = static_cast<Eigen::Index>(c.start[1] - c.start[0]);
  const Vector ones = Vector::Ones(c.dense ? rows : 0);
  for (Eigen::Index j = 0; j < c.cols; ++j) {
    if (c.dense) {
      columnWeightedMoments(c, j, ones.data(), m.sum[j], m.squares[j]);
    } else {
      double a = 0, q = 0;
      forEachInColumn(c, j, [&](std::int32_t, double x) {
        a += x;
        q += x * x;
      });
      m.sum[j] = a;
      m.squares[j] = q;
    }
  }
  return m;
}

SparseColumns sparseColumnsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& shift, double denseAbove) {
  SparseColumns c;
  c.cols = X.cols();
  c.start.assign(static_cast<std::size_t>(c.cols) + 1, 0);
  auto entry = [&](Eigen::Index i, Eigen::Index j) { return X(i, j) + shift[j]; };
  // The storage is chosen from the total, counted row by row until it passes the limit (a
  // dense X is read halfway). Columns' counts are needed only for sparse storage, so they take a
  // second pass there: counting them in this one costs a dense X more than the pass saves.
  const double limit = denseAbove * static_cast<double>(X.size());
  std::int64_t nonZeros = 0;
  for (Eigen::Index i = 0; i < X.rows() && static_cast<double>(nonZeros) <= limit; ++i) {
    const double* row = X.row(i).data();
    const double* s = shift.data();
    for (Eigen::Index j = 0; j < X.cols(); ++j) nonZeros += (row[j] + s[j] != 0);
  }
  if (static_cast<double>(nonZeros) > limit) {
    c.dense = true;
    for (std::size_t j = 0; j < c.start.size(); ++j) c.start[j] = static_cast<std::int64_t>(j) * X.rows();
    c.value.resize(static_cast<std::size_t>(X.size()));
    transposeShifted(X.data(), static_cast<std::size_t>(X.rows()), static_cast<std::size_t>(X.cols()),
                     static_cast<std::size_t>(X.outerStride()), shift.data(), c.value.data());
    return c;
  }
  std::int64_t* count = c.start.data() + 1;  // column j's non-zeros, row by row without a branch
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const double* row = X.row(i).data();
    for (Eigen::Index j = 0; j < X.cols(); ++j) count[j] += (row[j] + shift[j] != 0);
  }
  for (std::size_t j = 0; j < static_cast<std::size_t>(c.cols); ++j) c.start[j + 1] += c.start[j];
  c.row.resize(static_cast<std::size_t>(c.nonZeros()));
  c.value.resize(c.row.size());
  std::vector<std::int64_t> next(c.start.begin(), c.start.end() - 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = 0; j < X.cols(); ++j)
      if (const double v = entry(i, j); v != 0) {
        const auto at = static_cast<std::size_t>(next[static_cast<std::size_t>(j)]++);
        c.row[at] = static_cast<std::int32_t>(i);
        c.value[at] = v;
      }
  return c;
}

SparseColumns sparseColumnsOfRows(Eigen::Index rows, Eigen::Index cols, const std::int32_t* indptr,
                                  const std::int32_t* indices, const double* values) {
  SparseColumns c;
  c.cols = cols;
  c.start.assign(static_cast<std::size_t>(cols) + 1, 0);
  const std::int32_t nonZeros = indptr[rows];
  for (std::int32_t t = 0; t < nonZeros; ++t) ++c.start[static_cast<std::size_t>(indices[t]) + 1];
  for (std::size_t j = 0; j < static_cast<std::size_t>(cols); ++j) c.start[j + 1] += c.start[j];
  c.row.resize(static_cast<std::size_t>(nonZeros));
  c.value.resize(c.row.size());
  std::vector<std::int64_t> next(c.start.begin(), c.start.end() - 1);
  for (Eigen::Index i = 0; i < rows; ++i)  // rows ascending, so each column's rows ascend
    for (std::int32_t t = indptr[i]; t < indptr[i + 1]; ++t) {
      const auto at = static_cast<std::size_t>(next[static_cast<std::size_t>(indices[t])]++);
      c.row[at] = static_cast<std::int32_t>(i);
      c.value[at] = values[t];
    }
  return c;
}

}  // namespace supclust
