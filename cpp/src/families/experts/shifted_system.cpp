#include "supclust/families/experts/shifted_system.hpp"

#include <algorithm>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/dense_vectors.hpp"

namespace supclust {

namespace {
// out = H v (H symmetric: its columns read as rows), the rows shared over the team in chunks
// from n = 512 on: each entry is its row's dot product (kernels/dense), the same bits.
void product(const Matrix& H, const Vector& v, Vector& out, WorkTeam& team) {
  const auto n = static_cast<std::size_t>(H.rows());
  out.resize(H.rows());
  constexpr std::size_t kChunks = 8, kShared = 512;
  if (team.size() == 1 || n < kShared) {
    multiply(H.data(), n, n, v.data(), out.data());
    return;
  }
  team.run(kChunks, [&](std::size_t c) {
    const std::size_t begin = chunkStart(n, kChunks, c), end = chunkStart(n, kChunks, c + 1);
    multiply(H.data() + begin * n, end - begin, n, v.data(), out.data() + begin);
  });
}

// a ← a + conjugate-gradient steps on (I + H) a = y; true when the residual reached 1e-8‖y‖
// within the given number of products with H.
bool conjugateGradients(const Matrix& H, const Vector& y, Vector& a, Eigen::Index products, WorkTeam& team) {
  const Eigen::Index n = y.size();
  const Vector inverse = (1.0 + H.diagonal().array()).inverse().matrix();
  Vector Ap(n);
  product(H, a, Ap, team);
  Vector r = y - a - Ap, z = inverse.cwiseProduct(r), p = z;
  double rz = dotOf(r, z);
  const double stop = 1e-16 * dotOf(y, y);
  for (Eigen::Index k = 0; k < products; ++k) {
    if (dotOf(r, r) <= stop) return true;
    product(H, p, Ap, team);
    Ap += p;
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
  if (!team_) team_ = std::make_unique<WorkTeam>(0);
  if (!direct_ && conjugateGradients(H, y, a, std::max<Eigen::Index>(16, n / 8), *team_)) return;
  direct_ = true;
  factor_ = H;
  factor_.diagonal().array() += 1;
  if (!choleskyFactor(factor_.data(), static_cast<std::size_t>(n), team_.get())) {
    // Not positive definite in floating point (I + H is, exactly): iterate to the end instead.
    direct_ = false;
    conjugateGradients(H, y, a, 4 * n + 50, *team_);
    return;
  }
  a = y;
  choleskySolve(factor_.data(), static_cast<std::size_t>(n), a.data());
}

}  // namespace supclust
