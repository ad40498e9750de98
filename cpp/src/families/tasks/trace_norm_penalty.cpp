#include "supclust/families/tasks/trace_norm_penalty.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace supclust {

namespace {
// The singular values and right singular vectors of W (its columns the smaller side) from the
// eigendecomposition of WᵀW = V Σ² Vᵀ.
struct RightSingular {
  Vector sigma;
  Matrix V;
};
RightSingular rightSingular(const Matrix& W) {
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(W.transpose() * W);
  return {eig.eigenvalues().cwiseMax(0.0).cwiseSqrt(), eig.eigenvectors()};
}
}  // namespace

double TraceNormPenalty::value(const Matrix& W) const {
  if (W.size() == 0) return 0;
  if (W.rows() < W.cols()) return value(W.transpose());
  return mu_ * rightSingular(W).sigma.sum();
}

// U max(Σ − t, 0) Vᵀ = W V diag(max(σ − t, 0)/σ) Vᵀ: the directions with σ ≤ t vanish, the
// others keep their share 1 − t/σ.
void TraceNormPenalty::prox(Matrix& W, double step) const {
  if (W.size() == 0) return;
  if (W.rows() < W.cols()) {  // the same thresholding on Wᵀ, whose columns are the smaller side
    Matrix T = W.transpose();
    prox(T, step);
    W = T.transpose();
    return;
  }
  const RightSingular s = rightSingular(W);
  const double t = step * mu_;
  Vector keep(s.sigma.size());
  for (Eigen::Index i = 0; i < keep.size(); ++i) keep[i] = s.sigma[i] > t ? 1 - t / s.sigma[i] : 0.0;
  const Matrix WV = W * s.V;
  W.noalias() = WV * keep.asDiagonal() * s.V.transpose();
}

}  // namespace supclust
