#include "supclust/families/grouping/gram_columns.hpp"

#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

GramColumns::GramColumns(const CenteredDesign& X, const Vector& t, const Vector* weights) : X_(X), weights_(weights) {
  const auto n = static_cast<double>(X.rows());
  if (weights) {
    const Vector tc = t.array() - weights->dot(t) / n;
    const Vector wtc = weights->cwiseProduct(tc);
    c_.resize(X.cols());
    X.multiplyTransposed(wtc.data(), c_.data());
    c_ /= n;
    half_ = 0.5 * wtc.dot(tc) / n;
    // C_jj = Σᵢ ωᵢ (x_ij − μ_j)²/n: the weighted deviations squared.
    diagonal_ = X.uncentred().columnDeviations(X.means(), weights).cwiseAbs2().transpose();
    return;
  }
  const Vector tc = t.array() - t.mean();
  c_.resize(X.cols());
  X.multiplyTransposed(tc.data(), c_.data());
  c_ /= n;
  half_ = 0.5 * tc.squaredNorm() / n;
  // C_jj: the centred columns' squared norms over n.
  if (X.sparse()) {
    const ColumnMoments& m = X.uncentredMoments();
    diagonal_ = ((m.squares.array() - m.sum.array().square() / n) / n).max(0.0);
  } else {
    diagonal_ = X.X().colwise().squaredNorm().transpose() / n;
  }
}

Vector GramColumns::residualCorrelations(const std::vector<Eigen::Index>& features, const Vector& w) const {
  Vector a = c_;
  for (std::size_t k = 0; k < features.size(); ++k) a -= columns_.at(features[k]) * w[static_cast<Eigen::Index>(k)];
  return a;
}

const Vector& GramColumns::column(Eigen::Index j) {
  const auto found = columns_.find(j);
  if (found != columns_.end()) return found->second;
  const Eigen::Index n = X_.rows(), d = X_.cols();
  Vector e = Vector::Zero(d), z(n), g(d);
  e[j] = 1;
  X_.multiply(e.data(), z.data());
  if (weights_) z.array() *= weights_->array();
  X_.multiplyTransposed(z.data(), g.data());
  return columns_.emplace(j, g / static_cast<double>(n)).first->second;
}

}  // namespace supclust
