#include "supclust/solvers/shifted_system.hpp"

#include <algorithm>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense_vectors.hpp"

namespace supclust {

namespace {
// a ← a + conjugate-gradient steps on (I + H) a = y; true when the residual reached 1e-8‖y‖
// within the given number of products with H.
bool conjugateGradients(const Matrix& H, const Vector& y, Vector& a, Eigen::Index products) {
  const Eigen::Index n = y.size();
  const Vector inverse = (1.0 + H.diagonal().array()).inverse().matrix();
  Vector r = y - a - symmetricTimes(H, a), z = inverse.cwiseProduct(r), p = z, Ap(n);
  double rz = dotOf(r, z);
  const double stop = 1e-16 * dotOf(y, y);
  for (Eigen::Index k = 0; k < products; ++k) {
    if (dotOf(r, r) <= stop) return true;
    Ap = symmetricTimes(H, p) + p;
    const double alpha = rz / dotOf(p, Ap);
    a += alpha * p;
    r -= alpha * Ap;
    z = inverse.cwiseProduct(r);
    const double next = dotOf(r, z);
    p = z + (next / rz) * p;
    rz = next;
  }
  return dotOf(r, r) <= stop;
}
}  // namespace

void ShiftedSystem::solve(const Matrix& H, const Vector& y, Vector& a) {
  const Eigen::Index n = y.size();
  if (!direct_ && conjugateGradients(H, y, a, std::max<Eigen::Index>(16, n / 8))) return;
  direct_ = true;
  factor_ = H;
  factor_.diagonal().array() += 1;
  if (!team_) team_ = std::make_unique<WorkTeam>(0);
  if (!choleskyFactor(factor_.data(), static_cast<std::size_t>(n), team_.get())) {
    // Not positive definite in floating point (I + H is, exactly): iterate to the end instead.
    direct_ = false;
    conjugateGradients(H, y, a, 4 * n + 50);
    return;
  }
  a = y;
  choleskySolve(factor_.data(), static_cast<std::size_t>(n), a.data());
}

}  // namespace supclust
