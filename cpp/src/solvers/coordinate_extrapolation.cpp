#include "supclust/solvers/coordinate_extrapolation.hpp"

#include <vector>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

CoordinateExtrapolation::CoordinateExtrapolation(Eigen::Index size, int window)
    : window_(window), iterates_(size, window + 1) {}

Eigen::Ref<Vector> CoordinateExtrapolation::iterate() { return iterates_.col(stored_++ % (window_ + 1)); }

bool CoordinateExtrapolation::extrapolate(Vector& x) {
  if (stored_ < window_ + 1) return false;
  stored_ = 0;
  const auto K = static_cast<std::size_t>(window_);
  const auto size = static_cast<std::size_t>(iterates_.rows());
  differences_ = iterates_.rightCols(window_) - iterates_.leftCols(window_);
  std::vector<double> gram(K * K), z(K, 1.0);
  double trace = 0;
  for (std::size_t i = 0; i < K; ++i) {
    for (std::size_t j = i; j < K; ++j)
      gram[i * K + j] = gram[j * K + i] = dot(differences_.col(static_cast<Eigen::Index>(i)).data(),
                                              differences_.col(static_cast<Eigen::Index>(j)).data(), size);
    trace += gram[i * K + i];
  }
  if (!(trace > 0) || !std::isfinite(trace)) return false;
  for (std::size_t i = 0; i < K; ++i) gram[i * K + i] += 1e-14 * trace;
  if (!choleskyFactor(gram.data(), K)) return false;
  choleskySolve(gram.data(), K, z.data());
  double sum = 0;
  for (double v : z) sum += v;
  if (!std::isfinite(sum) || sum == 0) return false;
  x = Vector::Zero(iterates_.rows());  // Σ c_i x_i over x_1 … x_K
  for (std::size_t i = 0; i < K; ++i)
    axpy(z[i] / sum, iterates_.col(static_cast<Eigen::Index>(i) + 1).data(), x.data(), size);
  return x.allFinite();
}

}  // namespace supclust
