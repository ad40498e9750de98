#include <algorithm>
#include <cmath>

#include "supclust/core/loss.hpp"

namespace supclust {

namespace {
// Each row's softmax into P and its log Σ_k exp z_k, shifted by the row's largest entry
// (column by column: Z is column-major).
Vector softmaxAndLogNorm(const Matrix& Z, Matrix& P) {
  const Vector top = Z.rowwise().maxCoeff();
  P = (Z.colwise() - top).array().exp().matrix();
  const Vector sum = P.rowwise().sum();
  P.array().colwise() /= sum.array();
  return top.array() + sum.array().log();
}
}  // namespace

Matrix softmaxRows(const Matrix& Z) {
  Matrix P;
  softmaxAndLogNorm(Z, P);
  return P;
}

Vector softmaxRows(const Matrix& Z, Matrix& P) { return softmaxAndLogNorm(Z, P); }

Refusal MultinomialLoss::checkTargets(const Eigen::Ref<const Vector>& y) const { return checkClassLabels(y); }

Matrix MultinomialLoss::targets(const Eigen::Ref<const Vector>& y) const { return classTargets(y, 1, 0); }

double MultinomialLoss::value(const Matrix& Z, const Matrix& T) const {
  Matrix P;
  const Vector logNorm = softmaxAndLogNorm(Z, P);
  return (T.rowwise().sum().dot(logNorm) - (T.array() * Z.array()).sum()) / static_cast<double>(Z.rows());
}

void MultinomialLoss::rowValues(const Matrix& Z, const Matrix& T, Vector& v) const {
  Matrix P;
  const Vector logNorm = softmaxAndLogNorm(Z, P);
  v = T.rowwise().sum().cwiseProduct(logNorm) - (T.array() * Z.array()).rowwise().sum().matrix();
}

void MultinomialLoss::gradient(const Matrix& Z, const Matrix& T, Matrix& G) const {
  softmaxAndLogNorm(Z, G);
  G = ((G.array().colwise() * T.rowwise().sum().array()) - T.array()).matrix() / static_cast<double>(Z.rows());
}

void MultinomialLoss::hessianWeights(const Matrix& Z, Matrix& D) const {
  D = softmaxRows(Z);
  D.array() *= (1 - D.array()) / static_cast<double>(Z.rows());
}

void MultinomialLoss::curvatureState(const Matrix& Z, Matrix& S) const { softmaxAndLogNorm(Z, S); }

void MultinomialLoss::curvatureTimes(const Matrix& P, Matrix& A) const {
  const double inv = 1 / static_cast<double>(P.rows());
  const Vector mean = (P.array() * A.array()).rowwise().sum();
  A = ((A.colwise() - mean).array() * P.array() * inv).matrix();
}

RowVector MultinomialLoss::nullIntercept(const Matrix& T) const {
  RowVector b(T.cols());
  const double total = T.sum();
  for (Eigen::Index k = 0; k < T.cols(); ++k) {
    const double share = total > 0 ? T.col(k).sum() / total : 0;
    b[k] = share > 0 ? std::log(share) : -38;
  }
  return b.array() - b.mean();
}

}  // namespace supclust
