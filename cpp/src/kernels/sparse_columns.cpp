#include "supclust/kernels/sparse_columns.hpp"

#include <algorithm>
#include <limits>

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

std::optional<NonZeroRows> nonZeroRowsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& shift,
                                         double denseAbove) {
  const double limit = denseAbove * static_cast<double>(X.size());
  const double* s = shift.data();
  std::int64_t count = 0;
  for (Eigen::Index i = 0; i < X.rows() && static_cast<double>(count) <= limit; ++i) {
    const double* row = X.row(i).data();
    for (Eigen::Index j = 0; j < X.cols(); ++j) count += (row[j] + s[j] != 0);
  }
  if (static_cast<double>(count) > limit || count > std::numeric_limits<std::int32_t>::max())
    return std::nullopt;  // CSR offsets are 32-bit
  // Every entry is written at the next free position, which moves on past the non-zeros only:
  // no branch to mispredict on where the zeros fall (one spare position for a last zero).
  NonZeroRows r;
  r.indptr.resize(static_cast<std::size_t>(X.rows()) + 1);
  r.indices.resize(static_cast<std::size_t>(count) + 1);
  r.values.resize(r.indices.size());
  std::int32_t* index = r.indices.data();
  double* value = r.values.data();
  std::int32_t at = 0;
  r.indptr[0] = 0;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const double* row = X.row(i).data();
    for (Eigen::Index j = 0; j < X.cols(); ++j) {
      const double v = row[j] + s[j];
      index[at] = static_cast<std::int32_t>(j);
      value[at] = v;
      at += (v != 0);
    }
    r.indptr[static_cast<std::size_t>(i) + 1] = at;
  }
  r.indices.pop_back();
  r.values.pop_back();
  return r;
}

SparseColumns sparseColumnsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& shift, double denseAbove) {
  if (const std::optional<NonZeroRows> r = nonZeroRowsOf(X, shift, denseAbove))
    return sparseColumnsOfRows(X.rows(), X.cols(), r->indptr.data(), r->indices.data(), r->values.data());
  SparseColumns c;
  c.cols = X.cols();
  c.dense = true;
  c.start.resize(static_cast<std::size_t>(c.cols) + 1);
  for (std::size_t j = 0; j < c.start.size(); ++j) c.start[j] = static_cast<std::int64_t>(j) * X.rows();
  c.value.resize(static_cast<std::size_t>(X.size()));
  transposeShifted(X.data(), static_cast<std::size_t>(X.rows()), static_cast<std::size_t>(X.cols()),
                   static_cast<std::size_t>(X.outerStride()), shift.data(), c.value.data());
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
