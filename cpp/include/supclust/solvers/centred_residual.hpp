// The residual r = y − ȳ − Xc w of a coordinate method on a centred design, kept as raw + offset·1
// so that moving coordinate j costs column j's non-zeros: Xc's column j is x_j − μ_j 1, whose
// constant part goes to the offset. Columns are read through kernels/sparse_columns (the
// uncentred X by columns, every entry when most are non-zero).
#pragma once

#include <algorithm>

#include "supclust/core/design.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

class CentredResidual {
 public:
  // r = y − mean(y) (w = 0). Transposes X (once per design: CenteredDesign keeps it).
  CentredResidual(const CenteredDesign& X, const Eigen::Ref<const Vector>& y)
      : cols_(X.uncentredColumns()),
        moments_(X.uncentredMoments()),
        mu_(X.means()),
        n_(static_cast<double>(X.rows())),
        raw_(y.array() - y.mean()),
        rawSum_(raw_.sum()) {}

  // r = y − mean(y) − Xc w from scratch (the updates' rounding dropped), reading w's non-zeros' columns.
  void recompute(const Eigen::Ref<const Vector>& y, const Eigen::Ref<const Vector>& w) {
    raw_ = y.array() - y.mean();
    rawSum_ = raw_.sum();
    offset_ = 0;
    for (Eigen::Index j = 0; j < w.size(); ++j)
      if (w[j] != 0) subtract(j, w[j]);
  }
  // Xc_jᵀ r = x_jᵀ raw + offset·Σx_j − μ_j (Σraw + n·offset).
  double correlation(Eigen::Index j) const { return correlationFrom(j, columnDot(cols_, j, raw_.data())); }
  double correlationFrom(Eigen::Index j, double xr) const {
    return xr + offset_ * moments_.sum[j] - mu_[j] * (rawSum_ + n_ * offset_);
  }
  // Xcᵀ r for every column (into g, d entries).
  void correlations(double* g) const {
    columnDots(cols_, raw_.data(), 0, cols_.cols, g);
    for (Eigen::Index j = 0; j < cols_.cols; ++j) g[j] = correlationFrom(j, g[j]);
  }
  // r −= δ Xc_j.
  void subtract(Eigen::Index j, double delta) {
    columnAxpy(cols_, j, -delta, raw_.data());
    rawSum_ -= delta * moments_.sum[j];
    offset_ += delta * mu_[j];
  }
  // subtract(j, δ), then Xc_kᵀ r, in one pass over the residual where X is stored densely.
  double subtractThenCorrelation(Eigen::Index j, double delta, Eigen::Index k) {
    const double xr = columnAxpyThenDot(cols_, j, -delta, raw_.data(), k);
    rawSum_ -= delta * moments_.sum[j];
    offset_ += delta * mu_[j];
    return correlationFrom(k, xr);
  }
  // ‖r‖².
  double squaredNorm() const { return shiftedSquaredNorm(raw_.data(), offset_, raw_.size()); }
  // ‖Xc_j‖² from the column's moments: Σx² − 2μΣx + nμ² (≥ 0).
  double columnSquaredNorm(Eigen::Index j) const {
    return std::max(0.0, moments_.squares[j] - 2 * mu_[j] * moments_.sum[j] + n_ * mu_[j] * mu_[j]);
  }
  // ‖Σ_t s_t Xc_{j_t}‖² for columns `members` with signs `signs`, summed in `scratch` (n entries,
  // left zeroed).
  template <class Members, class Signs>
  double combinedSquaredNorm(const Members& members, const Signs& signs, Vector& scratch) const {
    double shift = 0;
    for (std::size_t t = 0; t < members.size(); ++t) {
      columnAxpy(cols_, members[t], signs[t], scratch.data());
      shift += signs[t] * mu_[members[t]];
    }
    const double norm = std::max(0.0, scratch.squaredNorm() - n_ * shift * shift);
    scratch.setZero();
    return norm;
  }

 private:
  const SparseColumns& cols_;
  const ColumnMoments& moments_;
  const RowVector& mu_;
  double n_;
  Vector raw_;
  double offset_ = 0, rawSum_;
};

}  // namespace supclust
