#include "supclust/core/design.hpp"

#include <cmath>

#include "supclust/kernels/dense.hpp"

namespace supclust {

CenteredDesign::CenteredDesign(const Eigen::Ref<const RowMatrix>& X)
    : Xc_(X), means_(X.colwise().mean()) {
  Xc_.rowwise() -= means_;
}

const Hash128::Key& CenteredDesign::key() const {
  if (keyed_) return key_;
  Hash128 h;
  h.add(Xc_.rows());
  h.add(Xc_.cols());
  h.add(Xc_.data(), static_cast<std::size_t>(Xc_.size()) * sizeof(double));
  h.add(means_.data(), static_cast<std::size_t>(means_.size()) * sizeof(double));
  key_ = h.value();
  keyed_ = true;
  return key_;
}

const SparseColumns& CenteredDesign::uncentredColumns() const {
  if (!columns_) columns_ = std::make_unique<SparseColumns>(sparseColumnsOf(Xc_, means_));
  return *columns_;
}

double CenteredDesign::spectralNorm2OverN() const {
  if (norm2_ >= 0) return norm2_;
  const Eigen::Index d = Xc_.cols();
  Vector v = Vector::Ones(d) / std::sqrt(static_cast<double>(d));
  // Deterministic, slightly irregular start so that no eigenvector is missed by symmetry.
  for (Eigen::Index j = 0; j < d; ++j) v[j] += 1e-3 * static_cast<double>(j % 7);
  v.normalize();
  double lambda = 0;
  // The step size only needs the right scale (the solvers backtrack), so a few power
  // iterations and a safety margin are enough.
  for (int it = 0; it < 30; ++it) {
    Vector z(Xc_.rows()), w(d);
    multiply(Xc_.data(), static_cast<std::size_t>(Xc_.rows()), static_cast<std::size_t>(d), v.data(), z.data());
    multiplyTransposed(Xc_.data(), static_cast<std::size_t>(Xc_.rows()), static_cast<std::size_t>(d), z.data(), w.data());
    const double next = w.norm();
    if (next == 0) break;
    v = w / next;
    const bool done = std::abs(next - lambda) <= 1e-3 * next;
    lambda = next;
    if (done) break;
  }
  // Power iteration approaches from below; the margin keeps 1/L a safe first step.
  norm2_ = 1.05 * lambda / static_cast<double>(Xc_.rows());
  return norm2_;
}

}  // namespace supclust
