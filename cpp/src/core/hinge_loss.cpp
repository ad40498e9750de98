#include <algorithm>

#include "supclust/core/loss.hpp"

namespace supclust {

namespace {
// One entry's term: max(0, 1 − ỹ z), ỹ = 2t − 1.
double hingeTerm(double z, double t) { return std::max(0.0, 1 - (2 * t - 1) * z); }
}  // namespace

Refusal HingeLoss::checkTargets(const Eigen::Ref<const Vector>& y) const {
  return oneVsAll_ ? checkClassLabels(y) : checkBinaryLabels(y, "hinge");
}

Matrix HingeLoss::targets(const Eigen::Ref<const Vector>& y) const {
  return oneVsAll_ ? classTargets(y, 1, 0) : Matrix(y);
}

RowVector HingeLoss::nullIntercept(const Matrix& T) const {
  RowVector b(T.cols());
  for (Eigen::Index k = 0; k < T.cols(); ++k) b[k] = T.col(k).mean() >= 0.5 ? 1 : -1;
  return b;
}

double HingeLoss::value(const Matrix& Z, const Matrix& T) const {
  double s = 0;
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) s += hingeTerm(Z(i, k), T(i, k));
  return s / static_cast<double>(Z.rows());
}

void HingeLoss::rowValues(const Matrix& Z, const Matrix& T, Vector& v) const {
  v = Vector::Zero(Z.rows());
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) v[i] += hingeTerm(Z(i, k), T(i, k));
}

void HingeLoss::gradient(const Matrix& Z, const Matrix& T, Matrix& G) const {
  G.resize(Z.rows(), Z.cols());
  const double n = static_cast<double>(Z.rows());
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
      const double t = 2 * T(i, k) - 1;
      G(i, k) = t * Z(i, k) < 1 ? -t / n : 0.0;
    }
}

}  // namespace supclust
