#include <cmath>

#include "supclust/core/loss.hpp"
#include "supclust/kernels/logistic.hpp"

namespace supclust {

namespace {
// One entry's term: log(1 + exp(−ỹ z)), ỹ = 2t − 1.
double logisticTerm(double z, double t) { return softplus(-(2 * t - 1) * z); }
}  // namespace

Refusal LogisticLoss::checkTargets(const Eigen::Ref<const Vector>& y) const {
  return oneVsAll_ ? checkClassLabels(y) : checkBinaryLabels(y, "logistic");
}

Matrix LogisticLoss::targets(const Eigen::Ref<const Vector>& y) const {
  return oneVsAll_ ? classTargets(y, 1, 0) : Matrix(y);
}

RowVector LogisticLoss::nullIntercept(const Matrix& T) const {
  RowVector b(T.cols());
  for (Eigen::Index k = 0; k < T.cols(); ++k) {
    const double p = T.col(k).mean();
    b[k] = p <= 0 ? -38 : p >= 1 ? 38 : std::log(p / (1 - p));
  }
  return b;
}

double LogisticLoss::value(const Matrix& Z, const Matrix& T) const {
  double s = 0;
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) s += logisticTerm(Z(i, k), T(i, k));
  return s / static_cast<double>(Z.rows());
}

void LogisticLoss::rowValues(const Matrix& Z, const Matrix& T, Vector& v) const {
  v = Vector::Zero(Z.rows());
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) v[i] += logisticTerm(Z(i, k), T(i, k));
}

void LogisticLoss::gradient(const Matrix& Z, const Matrix& T, Matrix& G) const {
  G.resize(Z.rows(), Z.cols());
  const double inv = 1 / static_cast<double>(Z.rows());
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) G(i, k) = (sigmoid(Z(i, k)) - T(i, k)) * inv;
}

void LogisticLoss::hessianWeights(const Matrix& Z, Matrix& D) const {
  D.resize(Z.rows(), Z.cols());
  const double inv = 1 / static_cast<double>(Z.rows());
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
      const double p = sigmoid(Z(i, k));
      D(i, k) = p * (1 - p) * inv;
    }
}

}  // namespace supclust
