#include "supclust/families/tasks/trace_norm_penalty.hpp"

#include <Eigen/SVD>

namespace supclust {

double TraceNormPenalty::value(const Matrix& W) const {
  if (W.size() == 0) return 0;
  return mu_ * Eigen::BDCSVD<Matrix>(W).singularValues().sum();
}

void TraceNormPenalty::prox(Matrix& W, double step) const {
  if (W.size() == 0) return;
  const Eigen::BDCSVD<Matrix> svd(W, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Vector shrunk = (svd.singularValues().array() - step * mu_).cwiseMax(0.0).matrix();
  W.noalias() = svd.matrixU() * shrunk.asDiagonal() * svd.matrixV().transpose();
}

}  // namespace supclust
