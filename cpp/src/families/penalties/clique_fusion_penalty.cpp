#include "supclust/families/penalties/clique_fusion_penalty.hpp"

namespace supclust {

double CliqueFusionPenalty::value(const Matrix& W) const {
  const auto d = static_cast<std::size_t>(W.rows());
  double s = 0;
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    s += lambda1_ * W.col(k).cwiseAbs().sum() + lambda2_ * cliqueFusionSum(W.col(k).data(), d);
  return s;
}

void CliqueFusionPenalty::prox(Matrix& W, double step) const {
  const auto d = static_cast<std::size_t>(W.rows());
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    prox_.apply(W.col(k).data(), d, step * lambda1_, step * lambda2_, W.col(k).data());
}

double CliqueFusionPenalty::optimalityResidual(const Matrix& W, const Matrix& G) const {
  return proximalResidual(*this, W, G);
}

}  // namespace supclust
