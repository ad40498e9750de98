#include "supclust/core/loss.hpp"

namespace supclust {

Refusal SquaredLoss::checkTargets(const Eigen::Ref<const Vector>& y) const {
  return oneVsAll_ ? checkClassLabels(y) : Refusal();
}

Matrix SquaredLoss::targets(const Eigen::Ref<const Vector>& y) const {
  return oneVsAll_ ? classTargets(y, 1, -1) : Matrix(y);
}

double SquaredLoss::value(const Matrix& Z, const Matrix& T) const {
  return 0.5 * (Z - T).squaredNorm() / static_cast<double>(Z.rows());
}

void SquaredLoss::rowValues(const Matrix& Z, const Matrix& T, Vector& v) const {
  v = 0.5 * (Z - T).rowwise().squaredNorm();
}

void SquaredLoss::gradient(const Matrix& Z, const Matrix& T, Matrix& G) const {
  G = (Z - T) / static_cast<double>(Z.rows());
}

void SquaredLoss::hessianWeights(const Matrix& Z, Matrix& D) const {
  D = Matrix::Constant(Z.rows(), Z.cols(), 1 / static_cast<double>(Z.rows()));
}

}  // namespace supclust
