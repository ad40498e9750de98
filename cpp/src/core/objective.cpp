#include "supclust/core/objective.hpp"

#include <algorithm>

#include <Eigen/Eigenvalues>

namespace supclust {

namespace {
// Z = Xc W + 1 bᵀ, one output column at a time. A zero column of W (a fit's start) skips its pass
// over X: the product is +0 in every row (each row's sum starts at +0 and adds ±0 terms), so the
// column is +0 + b_k either way, bit for bit.
void predictInto(const CenteredDesign& X, const Matrix& W, const RowVector& b, Matrix& Z) {
  Z.resize(X.rows(), W.cols());
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    if (W.col(k).isZero(0)) Z.col(k).setZero();
    else X.multiply(W.col(k).data(), Z.col(k).data());
    Z.col(k).array() += b[k];
  }
}
}  // namespace

double Objective::value(const Matrix& W, const RowVector& b) const {
  Matrix Z;
  return value(W, b, Z);
}

double Objective::value(const Matrix& W, const RowVector& b, Matrix& Z) const {
  predictInto(X_, W, b, Z);
  return loss_.value(Z, T_) + regulariser(W, 0);
}

double Objective::gradientAt(const Matrix& Z, const Matrix& W, Matrix& gW, RowVector& gb) const {
  Matrix G;
  loss_.gradient(Z, T_, G);
  gW.resize(W.rows(), W.cols());
  for (Eigen::Index k = 0; k < W.cols(); ++k) X_.multiplyTransposed(G.col(k).data(), gW.col(k).data());
  addRegulariserTimes(W, 0, gW);
  gb = G.colwise().sum();
  return loss_.value(Z, T_) + regulariser(W, 0);
}

double Objective::gradient(const Matrix& W, const RowVector& b, Matrix& gW, RowVector& gb) const {
  Matrix Z;
  predictInto(X_, W, b, Z);
  return gradientAt(Z, W, gW, gb);
}

double Objective::lipschitz() const {
  const double c = loss_.curvature();
  // Weighted rows (core/observation_weights.hpp): X is centred by the weighted means, Xc ⟂̸ 1, and
  // ‖[Xc 1]‖² ≤ ‖Xc‖² + n bounds the block.
  const double block = loss_.weighted() ? X_.spectralNorm2OverN() + 1 : std::max(X_.spectralNorm2OverN(), 1.0);
  return c * block + lambda_ + groupWeight_ + couplingNorm_;  // ‖I − P‖ ≤ 1
}

void Objective::setOutputCoupling(Matrix C, double norm) {
  coupling_ = std::move(C);
  couplingNorm_ = coupling_.size() ? norm : 0;
}

double Objective::regulariser(const Eigen::Ref<const Matrix>& W, Eigen::Index first) const {
  double r = 0;
  for (Eigen::Index k = 0; k < W.cols(); ++k) r += columnRegulariser(W.col(k));
  if (coupled()) r += 0.5 * (W * coupling_.block(first, first, W.cols(), W.cols())).cwiseProduct(W).sum();
  return r;
}

void Objective::addRegulariserTimes(const Eigen::Ref<const Matrix>& V, Eigen::Index first,
                                    Eigen::Ref<Matrix> out) const {
  for (Eigen::Index k = 0; k < V.cols(); ++k) addColumnRegulariserTimes(V.col(k), out.col(k));
  if (coupled()) out.noalias() += V * coupling_.block(first, first, V.cols(), V.cols());
}

void Objective::setGroupRidge(Labels labels, int groups, double mu) {
  groupLabels_ = std::move(labels);
  groups_ = groups;
  groupWeight_ = mu;
  groupSizes_ = Vector::Zero(groups);
  for (std::int32_t g : groupLabels_) groupSizes_[g] += 1;
  groupSizes_ = groupSizes_.cwiseMax(1.0);
}

void Objective::groupMeansOf(const Eigen::Ref<const Vector>& v) const {
  groupMeans_.setZero(groups_);
  for (Eigen::Index j = 0; j < v.size(); ++j) groupMeans_[groupLabels_[static_cast<std::size_t>(j)]] += v[j];
  groupMeans_.array() /= groupSizes_.array();
}

double Objective::columnRegulariser(const Eigen::Ref<const Vector>& w) const {
  double r = 0.5 * lambda_ * w.squaredNorm();
  if (groupWeight_ == 0) return r;
  groupMeansOf(w);
  double spread = 0;
  for (Eigen::Index j = 0; j < w.size(); ++j) {
    const double e = w[j] - groupMeans_[groupLabels_[static_cast<std::size_t>(j)]];
    spread += e * e;
  }
  return r + 0.5 * groupWeight_ * spread;
}

void Objective::addColumnRegulariserTimes(const Eigen::Ref<const Vector>& v, Eigen::Ref<Vector> out) const {
  out += lambda_ * v;
  if (groupWeight_ == 0) return;
  groupMeansOf(v);
  for (Eigen::Index j = 0; j < v.size(); ++j)
    out[j] += groupWeight_ * (v[j] - groupMeans_[groupLabels_[static_cast<std::size_t>(j)]]);
}

}  // namespace supclust
