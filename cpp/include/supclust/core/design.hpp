// The design matrix as the solvers see it: columns centred, so that the unpenalised intercept
// decouples from the coefficients (for the squared loss exactly: b = mean(y)).
#pragma once

#include <memory>

#include "supclust/core/memo.hpp"
#include "supclust/core/types.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

class CenteredDesign {
 public:
  // X is n x d, row-major, as it crosses the API.
  explicit CenteredDesign(const Eigen::Ref<const RowMatrix>& X);

  const RowMatrix& X() const { return Xc_; }
  const RowVector& means() const { return means_; }
  Eigen::Index rows() const { return Xc_.rows(); }
  Eigen::Index cols() const { return Xc_.cols(); }
  // Largest eigenvalue of Xcᵀ Xc / n (power iteration, computed once).
  double spectralNorm2OverN() const;
  // A 128-bit hash of the design (sizes, centred entries, means), computed once: the memos of
  // relaxations, ridge fits and Gram matrices key on it.
  const Hash128::Key& key() const;
  // The uncentred X by columns (Xc + 1 meansᵀ; a zero of X is recovered exactly, (0 − μ) + μ = 0),
  // built once: coordinate descent reads Xc's column j as x_j − μ_j 1 from its non-zeros.
  const SparseColumns& uncentredColumns() const;
  // Intercept in the caller's (uncentred) parametrisation: b - meansᵀ W.
  RowVector userIntercept(const Matrix& W, const RowVector& b) const { return b - means_ * W; }

 private:
  RowMatrix Xc_;
  RowVector means_;
  mutable double norm2_ = -1;
  mutable bool keyed_ = false;
  mutable Hash128::Key key_{};
  mutable std::unique_ptr<SparseColumns> columns_;
};

}  // namespace supclust
