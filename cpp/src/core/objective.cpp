#include "supclust/core/objective.hpp"

#include <algorithm>

namespace supclust {

namespace {
// Z = Xc W + 1 bᵀ, one output column at a time.
void predictInto(const CenteredDesign& X, const Matrix& W, const RowVector& b, Matrix& Z) {
  Z.resize(X.rows(), W.cols());
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    X.multiply(W.col(k).data(), Z.col(k).data());
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
  return loss_.value(Z, T_) + 0.5 * lambda_ * W.squaredNorm();
}

double Objective::gradientAt(const Matrix& Z, const Matrix& W, Matrix& gW, RowVector& gb) const {
  Matrix G;
  loss_.gradient(Z, T_, G);
  gW.resize(W.rows(), W.cols());
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    X_.multiplyTransposed(G.col(k).data(), gW.col(k).data());
  gW += lambda_ * W;
  gb = G.colwise().sum();
  return loss_.value(Z, T_) + 0.5 * lambda_ * W.squaredNorm();
}

double Objective::gradient(const Matrix& W, const RowVector& b, Matrix& gW, RowVector& gb) const {
  Matrix Z;
  predictInto(X_, W, b, Z);
  return gradientAt(Z, W, gW, gb);
}

double Objective::lipschitz() const {
  const double c = loss_.curvature();
  return c * std::max(X_.spectralNorm2OverN(), 1.0) + lambda_;
}

}  // namespace supclust
