// The design X as it crosses the API: dense (row-major n × d) or compressed sparse rows (CSR:
// row i holds values[indptr[i] .. indptr[i+1]) in the columns indices[…], ascending). A
// DataMatrix is a view (the caller keeps the arrays alive); StoredData owns one (the rows of a
// fold, a rescaled copy). Sparse data is never densified: the solvers read it through
// CenteredDesign's products, which keep the centring implicit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/base/uninitialised.hpp"

namespace supclust {

class DataMatrix {
 public:
  // Dense, row-major.
  DataMatrix(const double* values, Eigen::Index rows, Eigen::Index cols) : rows_(rows), cols_(cols), values_(values) {}
  // CSR: indptr has rows + 1 entries; indices and values have indptr[rows] entries.
  DataMatrix(Eigen::Index rows, Eigen::Index cols, const std::int32_t* indptr, const std::int32_t* indices,
             const double* values)
      : rows_(rows), cols_(cols), values_(values), indptr_(indptr), indices_(indices) {}

  bool sparse() const { return indptr_ != nullptr; }
  Eigen::Index rows() const { return rows_; }
  Eigen::Index cols() const { return cols_; }
  // Dense only.
  Eigen::Map<const RowMatrix> dense() const { return {values_, rows_, cols_}; }
  // Sparse only.
  const std::int32_t* indptr() const { return indptr_; }
  const std::int32_t* indices() const { return indices_; }
  // The stored values: every entry (dense) or the non-zeros (sparse).
  const double* values() const { return values_; }
  std::int64_t stored() const { return sparse() ? indptr_[rows_] : static_cast<std::int64_t>(rows_) * cols_; }

  // z = X w (n entries) and g = Xᵀ r (d entries).
  void multiply(const double* w, double* z) const;
  void multiplyTransposed(const double* r, double* g) const;
  // Column means (1 × d); with row weights ω of mean 1 (core/observation_weights.hpp), Σ_i ω_i x_ij / n.
  RowVector columnMeans() const;
  RowVector columnMeans(const Vector& weights) const;
  // Column standard deviations about `means` (columnMeans()), with 1/n: sqrt(Σ_i (x_ij − μ_j)² / n),
  // summed from the centred entries (no cancellation; a sparse X's zeros count as (n − stored_j)
  // μ_j²), without over- or underflow at any scale; exactly 0 for a column of one value. With row
  // weights ω of mean 1 (nullptr: none), sqrt(Σ_i ω_i (x_ij − μ_j)² / n) about the weighted means,
  // 0 for a column of one value among the rows of positive weight.
  RowVector columnDeviations(const RowVector& means, const Vector* weights = nullptr) const;
  // X W + 1 bᵀ (n × K).
  Matrix predict(const Matrix& W, const RowVector& b) const;

 private:
  Eigen::Index rows_, cols_;
  const double* values_;
  const std::int32_t* indptr_ = nullptr;
  const std::int32_t* indices_ = nullptr;
};

// An owned design of either kind (its arrays sized, then written in full: not zeroed first).
struct StoredData {
  bool sparse = false;
  Eigen::Index rows = 0, cols = 0;
  UninitialisedVector<double> values;
  UninitialisedVector<std::int32_t> indptr, indices;

  DataMatrix view() const {
    return sparse ? DataMatrix(rows, cols, indptr.data(), indices.data(), values.data())
                  : DataMatrix(values.data(), rows, cols);
  }
  // "" when the arrays describe a rows × cols matrix (dense: rows·cols values; sparse: checkCsr),
  // else a message naming the field ("X: …", "X.indptr: …"). view() needs it to hold.
  Refusal check() const;
};

// The rows of X listed in `rows`, in that order.
StoredData selectRows(const DataMatrix& X, const std::vector<Eigen::Index>& rows);
// X / s (s a power of two: exact).
StoredData dividedBy(const DataMatrix& X, double s);
// The scales columns of these deviations are divided by when standardized: each deviation, 1 for
// a column of one value (deviation 0), which stays as it is.
RowVector unitScales(RowVector deviations);
// X with column j divided by scales[j] (a sparse X keeps its pattern).
StoredData columnsDividedBy(const DataMatrix& X, const RowVector& scales);
StoredData storedCopy(const DataMatrix& X);

// The column means of a dense row-major X, row by row (contiguous reads): the one summation
// order every centring of dense data uses.
RowVector columnMeansOf(const Eigen::Ref<const RowMatrix>& X);
// X − 1 means (each entry x_ij − μ_j): the centred rows every dense design's products read.
RowMatrix centredRowsOf(const Eigen::Ref<const RowMatrix>& X, const RowVector& means);

// "" when CSR arrays of these lengths describe a rows × cols matrix (indptr from 0, non-
// decreasing, ending at the number of values; indices in 0..cols−1, strictly increasing in each
// row; values finite), else a message naming the field ("X.indptr: …"). When it holds: with
// `maxAbs`, the largest |value| (0 for none) written there; with `columnSums` (cols entries),
// each column's sum over the rows in order (as columnMeans() sums it) — from the same passes.
Refusal checkCsr(Eigen::Index rows, Eigen::Index cols, const std::int32_t* indptr, std::size_t indptrLength,
                 const std::int32_t* indices, std::size_t indicesLength, const double* values, std::size_t valuesLength,
                 double* maxAbs = nullptr, double* columnSums = nullptr);

// "" when X can be fitted: at least one row and one column, every entry finite, CSR arrays well
// formed (checkCsr); else a message naming the field. One pass over a dense X, two over a CSR
// one's (its rows, its values); a failing X is read again only to name the bad entry. With
// `maxAbs`, X's largest |entry| (0 when nothing is stored) is written there when X passes, and with `means` its
// column means (columnMeans(), the same bits), both from the same passes.
Refusal checkDesign(const DataMatrix& X, double* maxAbs = nullptr, RowVector* means = nullptr);

}  // namespace supclust
