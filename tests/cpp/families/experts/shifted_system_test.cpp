#include <gtest/gtest.h>

#include "supclust/base/parallel.hpp"
#include "supclust/base/random.hpp"
#include "supclust/families/experts/shifted_system.hpp"

using namespace supclust;

namespace {
// H = B Bᵀ / λ with B n × k standard normal: positive semidefinite, its spread growing like 1/λ.
Matrix gramOver(Eigen::Index n, Eigen::Index k, double lambda, std::uint64_t seed) {
  Random rng(seed);
  Matrix B(n, k);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < k; ++j) B(i, j) = rng.normal();
  return B * B.transpose() / lambda;
}
Vector normals(Eigen::Index n, std::uint64_t seed) {
  Random rng(seed);
  Vector v(n);
  for (auto& x : v) x = rng.normal();
  return v;
}
// ‖(I + H) a − y‖ / ‖y‖, by Eigen.
double relativeResidual(const Matrix& H, const Vector& y, const Vector& a) { return (a + H * a - y).norm() / y.norm(); }
}  // namespace

TEST(ShiftedSystem, IteratesWhileConjugateGradientsConvergeQuickly) {
  const Eigen::Index n = 80;
  const Matrix H = gramOver(n, 10, 1000, 1);  // eigenvalues in [0, ~0.2]: a few products
  const Vector y = normals(n, 2);
  Vector a = Vector::Zero(n);
  ShiftedSystem s;
  s.solve(H, y, a);
  EXPECT_FALSE(s.direct());
  EXPECT_LE(relativeResidual(H, y, a), 1.01e-8);
  EXPECT_GT(relativeResidual(H, y, a), 1e-14);  // iterated, not exact
}

TEST(ShiftedSystem, FactorisesWhenIterationsWouldBeManyAndStaysDirect) {
  const Eigen::Index n = 80;
  // Full rank, eigenvalues spread over ~5 decades (a random n × n Gram has some near 0): conjugate
  // gradients need far more than the max(16, n/8) = 16 products.
  const Matrix hard = gramOver(n, n, 1e-4, 3);
  const Vector y = normals(n, 4);
  Vector a = Vector::Zero(n);
  ShiftedSystem s;
  s.solve(hard, y, a);
  EXPECT_TRUE(s.direct());
  const Vector exact = (Matrix::Identity(n, n) + hard).ldlt().solve(y);
  EXPECT_LE((a - exact).norm(), 1e-8 * exact.norm());
  // Backward stable: the residual is rounding's, relative to ‖I + H‖‖a‖ (κ ≈ 10⁵ here).
  const Matrix system = Matrix::Identity(n, n) + hard;
  EXPECT_LE((system * a - y).norm(), 1e-14 * system.norm() * a.norm());
  // A later, easy system is solved directly too, to rounding.
  const Matrix easy = gramOver(n, 10, 1000, 5);
  s.solve(easy, y, a);
  EXPECT_TRUE(s.direct());
  EXPECT_LE(relativeResidual(easy, y, a), 1e-13);
}

TEST(ShiftedSystem, ItsThreadsGiveTheAnswerOfOne) {
  // From n = 512 the products' rows and the factorisations' later columns are shared over the
  // threads the build has (two here; none inside a parallel task, where a table's fits run):
  // both regimes, iterative and direct, give the same bits either way.
  const Eigen::Index n = 600;
  const Matrix easy = gramOver(n, 10, 1000, 6), hard = gramOver(n, 40, 1e-4, 7);
  const Vector y = normals(n, 8);
  const auto solveBoth = [&](Vector& first, Vector& second, bool& direct) {
    ShiftedSystem s;
    first = Vector::Zero(n);
    s.solve(easy, y, first);
    direct = s.direct();
    second = first;
    s.solve(hard, y, second);
  };
  Vector a1, a2, b1, b2;
  bool directA = true, directB = true;
  solveBoth(a1, a2, directA);
  // On parallelFor's threads every team has one thread.
  parallelFor(
      2, 2,
      [&](std::size_t i) {
        if (i == 0) solveBoth(b1, b2, directB);
      },
      [](std::size_t) { return true; });
  EXPECT_FALSE(directA);
  EXPECT_FALSE(directB);
  EXPECT_EQ(a1, b1);
  EXPECT_EQ(a2, b2);
  EXPECT_LE(relativeResidual(hard, y, a2), 1.01e-8);  // within the iterations' target at least
}
