#include "supclust/core/data_matrix.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/dense.hpp"

namespace supclust {

void DataMatrix::multiply(const double* w, double* z) const {
  if (!sparse()) {
    supclust::multiply(values_, static_cast<std::size_t>(rows_), static_cast<std::size_t>(cols_), w, z);
    return;
  }
  for (Eigen::Index i = 0; i < rows_; ++i)
    z[i] = gatherDot(values_ + indptr_[i], indices_ + indptr_[i], static_cast<std::size_t>(indptr_[i + 1] - indptr_[i]),
                     w);
}

void DataMatrix::multiplyTransposed(const double* r, double* g) const {
  if (!sparse()) {
    supclust::multiplyTransposed(values_, static_cast<std::size_t>(rows_), static_cast<std::size_t>(cols_), r, g);
    return;
  }
  std::fill(g, g + cols_, 0.0);
  for (Eigen::Index i = 0; i < rows_; ++i)
    if (r[i] != 0)
      scatterAxpy(r[i], values_ + indptr_[i], indices_ + indptr_[i],
                  static_cast<std::size_t>(indptr_[i + 1] - indptr_[i]), g);
}

RowVector columnMeansOf(const Eigen::Ref<const RowMatrix>& X) {
  RowVector m = RowVector::Zero(X.cols());
  for (Eigen::Index i = 0; i < X.rows(); ++i) m += X.row(i);
  return m / static_cast<double>(X.rows());
}

RowMatrix centredRowsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& means) {
  return X.rowwise() - means;  // one pass: each entry read, subtracted and written once
}

RowVector DataMatrix::columnMeans() const {
  if (!sparse()) return columnMeansOf(dense());
  RowVector m = RowVector::Zero(cols_);
  for (std::int64_t t = 0; t < stored(); ++t) m[indices_[t]] += values_[t];
  return m / static_cast<double>(rows_);
}

RowVector DataMatrix::columnMeans(const Vector& weights) const {
  RowVector m = RowVector::Zero(cols_);
  if (!sparse()) {
    const auto X = dense();
    for (Eigen::Index i = 0; i < rows_; ++i) m += weights[i] * X.row(i);
  } else {
    for (Eigen::Index i = 0; i < rows_; ++i)
      for (std::int32_t t = indptr_[i]; t < indptr_[i + 1]; ++t) m[indices_[t]] += weights[i] * values_[t];
  }
  return m / static_cast<double>(rows_);
}

RowVector DataMatrix::columnDeviations(const RowVector& means, const Vector* weights) const {
  const auto weight = [weights](Eigen::Index i) { return weights ? (*weights)[i] : 1.0; };
  // One pass: Σ_i ω_i (x_ij − μ_j)² and each column's least and largest entry among the rows of
  // positive weight (a sparse X's unstored zeros added per column after, their rows' weight the
  // column's share of the total).
  RowVector squares = RowVector::Zero(cols_), low = RowVector::Constant(cols_, HUGE_VAL),
            high = RowVector::Constant(cols_, -HUGE_VAL);
  std::vector<double> zeros;  // sparse: each column's unstored entries' weight
  if (!sparse()) {
    const auto X = dense();
    for (Eigen::Index i = 0; i < rows_; ++i) {
      const double w = weight(i);
      if (!(w > 0)) continue;
      squares += w * (X.row(i) - means).cwiseAbs2();
      low = low.cwiseMin(X.row(i));
      high = high.cwiseMax(X.row(i));
    }
  } else {
    double total = 0;
    for (Eigen::Index i = 0; i < rows_; ++i) total += weight(i) > 0 ? weight(i) : 0;
    zeros.assign(static_cast<std::size_t>(cols_), total);
    for (Eigen::Index i = 0; i < rows_; ++i) {
      const double w = weight(i);
      if (!(w > 0)) continue;
      for (std::int32_t t = indptr_[i]; t < indptr_[i + 1]; ++t) {
        const Eigen::Index j = indices_[t];
        const double x = values_[t], c = x - means[j];
        squares[j] += w * c * c;
        low[j] = std::min(low[j], x);
        high[j] = std::max(high[j], x);
        zeros[static_cast<std::size_t>(j)] -= w;
      }
    }
    for (Eigen::Index j = 0; j < cols_; ++j)
      if (const double z = zeros[static_cast<std::size_t>(j)]; z > 0) {
        squares[j] += z * means[j] * means[j];
        low[j] = std::min(low[j], 0.0);
        high[j] = std::max(high[j], 0.0);
      }
  }
  RowVector deviations = (squares / static_cast<double>(rows_)).cwiseSqrt();
  // A column of one value has deviation 0 exactly (its computed mean may differ from the value in
  // the last bit). A column whose squares left the normal range (|x − μ| beyond 1e154 or below
  // 1e-145) is summed again, each deviation divided by the column's largest, u_j.
  std::vector<Eigen::Index> again;
  for (Eigen::Index j = 0; j < cols_; ++j) {
    if (low[j] == high[j]) deviations[j] = 0;
    else if (!(squares[j] >= 1e-290 && squares[j] <= 1e290)) again.push_back(j);
  }
  for (const Eigen::Index j : again) {
    const double u = std::max(high[j] - means[j], means[j] - low[j]);
    double scaled = 0;
    const auto add = [&](double w, double x) { scaled += w * ((x - means[j]) / u) * ((x - means[j]) / u); };
    if (!sparse()) {
      for (Eigen::Index i = 0; i < rows_; ++i)
        if (weight(i) > 0) add(weight(i), dense()(i, j));
    } else {
      for (Eigen::Index i = 0; i < rows_; ++i)
        for (std::int32_t t = indptr_[i]; t < indptr_[i + 1]; ++t)
          if (indices_[t] == j && weight(i) > 0) add(weight(i), values_[t]);
      add(zeros[static_cast<std::size_t>(j)], 0);
    }
    deviations[j] = u * std::sqrt(scaled / static_cast<double>(rows_));
  }
  return deviations;
}

RowVector unitScales(RowVector deviations) {
  for (double& s : deviations)
    if (!(s > 0)) s = 1;
  return deviations;
}

Matrix DataMatrix::predict(const Matrix& W, const RowVector& b) const {
  Matrix Z(rows_, W.cols());
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    multiply(W.col(k).data(), Z.col(k).data());
    Z.col(k).array() += b[k];
  }
  return Z;
}

StoredData selectRows(const DataMatrix& X, const std::vector<Eigen::Index>& rows) {
  StoredData s;
  s.sparse = X.sparse();
  s.rows = static_cast<Eigen::Index>(rows.size());
  s.cols = X.cols();
  if (!X.sparse()) {
    s.values.resize(static_cast<std::size_t>(s.rows * s.cols));
    for (std::size_t t = 0; t < rows.size(); ++t)
      std::copy_n(X.values() + rows[t] * s.cols, s.cols, s.values.data() + static_cast<Eigen::Index>(t) * s.cols);
    return s;
  }
  s.indptr.assign(1, 0);
  for (const Eigen::Index i : rows) {
    for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t) {
      s.indices.push_back(X.indices()[t]);
      s.values.push_back(X.values()[t]);
    }
    s.indptr.push_back(static_cast<std::int32_t>(s.values.size()));
  }
  return s;
}

StoredData storedCopy(const DataMatrix& X) {
  StoredData s;
  s.sparse = X.sparse();
  s.rows = X.rows();
  s.cols = X.cols();
  s.values.assign(X.values(), X.values() + X.stored());
  if (X.sparse()) {
    s.indptr.assign(X.indptr(), X.indptr() + X.rows() + 1);
    s.indices.assign(X.indices(), X.indices() + X.stored());
  }
  return s;
}

StoredData dividedBy(const DataMatrix& X, double s) {
  StoredData out = storedCopy(X);
  for (double& v : out.values) v /= s;
  return out;
}

StoredData columnsDividedBy(const DataMatrix& X, const RowVector& scales) {
  StoredData out = storedCopy(X);
  if (X.sparse()) {
    for (std::int64_t t = 0; t < X.stored(); ++t) out.values[static_cast<std::size_t>(t)] /= scales[X.indices()[t]];
  } else {
    Eigen::Map<RowMatrix> Y(out.values.data(), X.rows(), X.cols());
    for (Eigen::Index i = 0; i < X.rows(); ++i) Y.row(i).array() /= scales.array();
  }
  return out;
}

namespace {
// A non-finite entry as the caller's language writes it (the message reaches JavaScript).
const char* nonFiniteName(double x) { return std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity"; }
}  // namespace

Refusal checkCsr(Eigen::Index rows, Eigen::Index cols, const std::int32_t* indptr, std::size_t indptrLength,
                 const std::int32_t* indices, std::size_t indicesLength, const double* values, std::size_t valuesLength,
                 double* maxAbs, double* columnSums) {
  const auto at = [](auto i) { return std::to_string(i); };
  if (indptrLength != static_cast<std::size_t>(rows) + 1)
    return Refusal("X.indptr", "must have nRows + 1 = " + at(rows + 1) + " entries (got " + at(indptrLength) + ")");
  if (indptr[0] != 0) return Refusal("X.indptr", "must start at 0 (got " + at(indptr[0]) + ")");
  for (Eigen::Index i = 0; i < rows; ++i)
    if (indptr[i + 1] < indptr[i])
      return Refusal("X.indptr", "must be non-decreasing (entry " + at(i + 1) + " is " + at(indptr[i + 1]) + " after " +
                                     at(indptr[i]) + ")");
  const auto nnz = static_cast<std::size_t>(indptr[rows]);
  if (indicesLength != nnz)
    return Refusal("X.indices", "must have indptr[nRows] = " + at(nnz) + " entries (got " + at(indicesLength) + ")");
  if (valuesLength != nnz)
    return Refusal("X.values", "must have indptr[nRows] = " + at(nnz) + " entries (got " + at(valuesLength) + ")");
  // One pass over the rows without early exits (a call's fixed cost): each row's indices
  // strictly increasing from ≥ 0 to < cols, and a row that holds added to the column sums; one
  // over the values: every one finite, and their largest magnitude. Only a matrix that fails is
  // read again, to name the first bad entry.
  if (columnSums) std::fill(columnSums, columnSums + cols, 0.0);
  int bad = 0;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const std::int32_t from = indptr[i], to = indptr[i + 1];
    if (from == to) continue;
    int rowBad = static_cast<int>(indices[from] < 0) | static_cast<int>(indices[to - 1] >= cols);
    for (std::int32_t t = from + 1; t < to; ++t) rowBad |= static_cast<int>(indices[t] <= indices[t - 1]);
    bad |= rowBad;
    if (columnSums && rowBad == 0)  // every index of the row in range
      for (std::int32_t t = from; t < to; ++t) columnSums[indices[t]] += values[t];
  }
  double largest = 0;
  if (bad == 0 && allFiniteWithMaxAbs(values, nnz, largest)) {
    if (maxAbs) *maxAbs = largest;
    return {};
  }
  for (Eigen::Index i = 0; i < rows; ++i)
    for (std::int32_t t = indptr[i]; t < indptr[i + 1]; ++t) {
      if (indices[t] < 0 || indices[t] >= cols)
        return Refusal("X.indices", "entry " + at(t) + " (row " + at(i) + ") is " + at(indices[t]) +
                                        ", outside the columns 0.." + at(cols - 1));
      if (t > indptr[i] && indices[t] <= indices[t - 1])
        return Refusal("X.indices", "must be strictly increasing within each row (row " + at(i) + " has " +
                                        at(indices[t - 1]) + " then " + at(indices[t]) + ")");
      if (!std::isfinite(values[t]))
        return Refusal("X.values", "must be finite (entry " + at(t) + ", row " + at(i) + ", column " + at(indices[t]) +
                                       " is " + nonFiniteName(values[t]) + ")");
    }
  return {};
}

namespace {
// checkDesign's dense part: one branchless pass, the entry named after it when one fails.
Refusal checkDense(const DataMatrix& X, double* maxAbs, double* columnSums) {
  double largest = 0;
  const bool finite = columnSums
                          ? allFiniteWithMaxAbsAndColumnSums(X.values(), static_cast<std::size_t>(X.rows()),
                                                             static_cast<std::size_t>(X.cols()), largest, columnSums)
                          : allFiniteWithMaxAbs(X.values(), static_cast<std::size_t>(X.stored()), largest);
  if (finite) {
    if (maxAbs) *maxAbs = largest;
    return {};
  }
  const auto dense = X.dense();
  for (Eigen::Index i = 0; i < dense.rows(); ++i)
    for (Eigen::Index j = 0; j < dense.cols(); ++j)
      if (!std::isfinite(dense(i, j)))
        return Refusal("X", "must be finite (row " + std::to_string(i) + ", column " + std::to_string(j) + " is " +
                                nonFiniteName(dense(i, j)) + ")");
  return {};
}
}  // namespace

Refusal checkDesign(const DataMatrix& X, double* maxAbs, RowVector* means) {
  if (X.rows() < 1) return Refusal("X", "must have at least one row (nRows >= 1)");
  if (X.cols() < 1) return Refusal("X", "must have at least one column (nCols >= 1)");
  RowVector sums;  // the column sums, when the means are asked for
  if (means) sums.resize(X.cols());
  double* columnSums = means ? sums.data() : nullptr;
  const auto nnz = static_cast<std::size_t>(std::max<std::int64_t>(0, X.stored()));
  const Refusal why = X.sparse() ? checkCsr(X.rows(), X.cols(), X.indptr(), static_cast<std::size_t>(X.rows()) + 1,
                                            X.indices(), nnz, X.values(), nnz, maxAbs, columnSums)
                                 : checkDense(X, maxAbs, columnSums);
  if (why.empty() && means) *means = sums / static_cast<double>(X.rows());
  return why;
}

Refusal StoredData::check() const {
  if (sparse)
    return checkCsr(rows, cols, indptr.data(), indptr.size(), indices.data(), indices.size(), values.data(),
                    values.size());
  if (rows < 0 || cols < 0 || values.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols))
    return Refusal("X", "must have nRows × nCols entries");
  return {};
}

}  // namespace supclust
