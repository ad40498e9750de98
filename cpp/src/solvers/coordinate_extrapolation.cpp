#include "supclust/solvers/coordinate_extrapolation.hpp"

#include <vector>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

CoordinateExtrapolation::CoordinateExtrapolation(Eigen::Index size, int window) : window_(window), iterates_(size, window + 1) {}

Eigen::Ref<Vector> CoordinateExtrapolation::iterate() { return iterates_.col(stored_++ % (window_ + 1)); }

bool CoordinateExtrapolation::extrapolate(Vector& x) {
  if (stored_ < window_ + 1) return false;
  stored_ = 0;
  const auto K = static_cast<std::size_t>(window_);
  const auto size = static_cast<std::size_t>(iterates_.rows());
  // U's columns, the differences of successive iterates, overwrite the iterates x_0 … x_{K−1}.
  for (Eigen::Index c = 0; c < window_; ++c) iterates_.col(c) = iterates_.col(c + 1) - iterates_.col(c);
  const auto U = [&](std::size_t c) { return iterates_.data() + c * size; };
  std::vector<double> gram(K * K), z(K, 1.0);
  double trace = 0;
  for (std::size_t i = 0; i < K; ++i) {
    for (std::size_t j = i; j < K; ++j) gram[i * K + j] = gram[j * K + i] = dot(U(i), U(j), size);
    trace += gram[i * K + i];
  }
  if (!(trace > 0) || !std::isfinite(trace)) return false;
  for (std::size_t i = 0; i < K; ++i) gram[i * K + i] += 1e-14 * trace;
  if (!choleskyFactor(gram.data(), K)) return false;
  choleskySolve(gram.data(), K, z.data());
  double sum = 0;
  for (double v : z) sum += v;
  if (!std::isfinite(sum) || sum == 0) return false;
  // Σ c_i x_i over x_1 … x_K: x_K, then each difference's share of it (x_i = x_K − Σ_{m≥i} U_m).
  x = iterates_.col(window_);
  double tail = 0;  // Σ_{i ≤ m} c_i
  for (std::size_t m = 0; m + 1 < K; ++m) {
    tail += z[m] / sum;
    axpy(-tail, U(m + 1), x.data(), size);
  }
  return x.allFinite();
}

}  // namespace supclust
