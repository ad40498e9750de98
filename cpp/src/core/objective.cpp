#include "supclust/core/objective.hpp"

#include <algorithm>

namespace supclust {

Matrix Objective::predictor(const Matrix& W, const RowVector& b) const {
  Matrix Z = X_.X() * W;
  Z.rowwise() += b;
  return Z;
}

double Objective::value(const Matrix& W, const RowVector& b) const {
  return loss_.value(predictor(W, b), T_) + 0.5 * lambda_ * W.squaredNorm();
}

double Objective::gradient(const Matrix& W, const RowVector& b, Matrix& gW, RowVector& gb) const {
  const Matrix Z = predictor(W, b);
  Matrix G;
  loss_.gradient(Z, T_, G);
  gW = X_.X().transpose() * G + lambda_ * W;
  gb = G.colwise().sum();
  return loss_.value(Z, T_) + 0.5 * lambda_ * W.squaredNorm();
}

double Objective::lipschitz() const {
  const double c = loss_.curvature();
  return c * std::max(X_.spectralNorm2OverN(), 1.0) + lambda_;
}

}  // namespace supclust
