// The SIMD Cholesky kernel against Eigen's LLT, its solves against the residual, and the
// detection of matrices that are not positive definite; a team's shared updates give the same
// factor to the bit.
#include <gtest/gtest.h>

#include <random>

#include "supclust/base/parallel.hpp"
#include "supclust/base/types.hpp"
#include "supclust/base/work_team.hpp"
#include "supclust/kernels/cholesky.hpp"

using namespace supclust;

TEST(Cholesky, MatchesEigenAndSolves) {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  for (std::size_t n : {1u, 2u, 3u, 7u, 16u, 33u, 100u}) {
    Matrix B(n, n + 3);
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
    const Matrix A = B * B.transpose() / static_cast<double>(n) + 1e-3 * Matrix::Identity(n, n);
    Matrix L = A;
    L.triangularView<Eigen::StrictlyUpper>().setConstant(7);  // never read
    ASSERT_TRUE(choleskyFactor(L.data(), n)) << n;
    const Matrix expected = Eigen::LLT<Matrix>(A).matrixL();
    const Matrix lower = L.triangularView<Eigen::Lower>();
    EXPECT_LE((lower - expected).norm(), 1e-10 * expected.norm()) << n;
    EXPECT_TRUE((L.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().array() ==
                 Matrix(Matrix::Constant(n, n, 7).triangularView<Eigen::StrictlyUpper>()).array())
                    .all());
    Vector b(n);
    for (Eigen::Index i = 0; i < b.size(); ++i) b[i] = normal(rng);
    Vector x = b;
    choleskySolve(L.data(), n, x.data());
    EXPECT_LE((A * x - b).norm(), 1e-9 * b.norm() * A.norm()) << n;
  }
}

TEST(Cholesky, PanelledFactorAndSolveAreBitIdenticalToColumnByColumn) {
  // The kernel updates four columns per pass (from n = 320, blocks of 48 columns on tiles of
  // 16 rows) but adds the updates in the column-by-column order, so it must give exactly the
  // textbook right-looking factor and forward solve (what keeps native and wasm and every
  // earlier table identical). Sizes cover every panel tail, and past 320 blocks and tiles cut
  // short (337 = 7·48 + 1, 400 = 8·48 + 16, 512 a power of two).
  std::mt19937_64 rng(6);
  std::normal_distribution<double> normal;
  for (std::size_t n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 13u, 100u, 319u, 320u, 337u, 400u, 512u}) {
    Matrix B(n, n + 2);
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
    const Matrix A = B * B.transpose() + Matrix::Identity(n, n);
    Matrix reference = A;
    double* R = reference.data();
    for (std::size_t j = 0; j < n; ++j) {
      R[j * n + j] = std::sqrt(R[j * n + j]);
      const double inverse = 1 / R[j * n + j];
      for (std::size_t i = j + 1; i < n; ++i) R[j * n + i] *= inverse;
      for (std::size_t k = j + 1; k < n; ++k)
        for (std::size_t i = k; i < n; ++i) R[k * n + i] = R[k * n + i] + -R[j * n + k] * R[j * n + i];
    }
    Matrix L = A;
    ASSERT_TRUE(choleskyFactor(L.data(), n));
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = j; i < n; ++i)
        ASSERT_EQ(L(i, j), reference(i, j)) << "n=" << n << " (" << i << "," << j << ")";
    Vector b(n);
    for (Eigen::Index i = 0; i < b.size(); ++i) b[i] = normal(rng);
    Vector z = b;  // the forward half of the solve, by columns
    for (std::size_t j = 0; j < n; ++j) {
      z[j] /= R[j * n + j];
      for (std::size_t i = j + 1; i < n; ++i) z[i] = z[i] + -z[j] * R[j * n + i];
    }
    for (std::size_t j = n; j-- > 0;) {  // and the backward half, by dot products
      double s = 0;
      for (std::size_t i = j + 1; i < n; ++i) s += R[j * n + i] * z[i];
      z[j] = (z[j] - s) / R[j * n + j];
    }
    Vector x = b;
    choleskySolve(L.data(), n, x.data());
    EXPECT_LE((x - z).norm(), 1e-13 * z.norm()) << n;  // the dot products' order differs
  }
}

TEST(Cholesky, ATeamSharingTheLaterColumnsGivesTheSameFactorToTheBit) {
  // From n = 320, past 192 later rows each block's update is shared over the team's threads
  // (two here; one on a one-core machine, where this compares the kernel with itself): the
  // entries are updated independently, so the factor must not change in any bit.
  std::mt19937_64 rng(8);
  std::normal_distribution<double> normal;
  WorkTeam team(2);
  EXPECT_EQ(team.size(), std::min(2, availableThreads()));
  for (std::size_t n : {150u, 300u, 333u, 513u, 700u}) {
    Matrix B(n, n / 2);
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
    const Matrix A = B * B.transpose() + 0.1 * Matrix::Identity(n, n);
    Matrix alone = A, shared = A;
    ASSERT_TRUE(choleskyFactor(alone.data(), n));
    ASSERT_TRUE(choleskyFactor(shared.data(), n, &team));
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = j; i < n; ++i)
        ASSERT_EQ(shared(i, j), alone(i, j)) << "n=" << n << " (" << i << "," << j << ")";
  }
  // Not positive definite: found with a team too.
  for (std::size_t n : {300u, 600u}) {
    Matrix bad = Matrix::Identity(n, n);
    bad(n - 50, n - 50) = -1;
    EXPECT_FALSE(choleskyFactor(bad.data(), n, &team)) << n;
    // A NaN below a block (row n − 50, column 10) reaches a later pivot through the updates.
    Matrix nan = Matrix::Identity(n, n) * 2;
    nan(n - 50, 10) = NAN;
    Matrix alone = nan;
    EXPECT_FALSE(choleskyFactor(nan.data(), n, &team)) << n;
    EXPECT_FALSE(choleskyFactor(alone.data(), n)) << n;
  }
}

TEST(Cholesky, RejectsMatricesThatAreNotPositiveDefinite) {
  Matrix A(3, 3);
  A << 1, 2, 0, 2, 1, 0, 0, 0, 1;  // eigenvalues 3, −1, 1
  EXPECT_FALSE(choleskyFactor(A.data(), 3));
  Matrix Z = Matrix::Zero(2, 2);
  EXPECT_FALSE(choleskyFactor(Z.data(), 2));
  Matrix N = Matrix::Identity(2, 2);
  N(1, 1) = NAN;
  EXPECT_FALSE(choleskyFactor(N.data(), 2));
}

TEST(Cholesky, RemovingARowAndColumnGivesTheSubmatrixFactor) {
  std::mt19937_64 rng(9);
  std::normal_distribution<double> normal;
  for (std::size_t n : {2u, 3u, 8u, 41u}) {
    Matrix B(n, n + 2);
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
    const Matrix A = B * B.transpose() / static_cast<double>(n) + 1e-3 * Matrix::Identity(n, n);
    for (std::size_t p : {std::size_t{0}, n / 2, n - 1}) {
      std::vector<double> L(A.data(), A.data() + A.size());
      ASSERT_TRUE(choleskyFactor(L.data(), n));
      choleskyRemove(L.data(), n, p);
      // A without row and column p, factorised from scratch.
      std::vector<Eigen::Index> keep;
      for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(n); ++i)
        if (i != static_cast<Eigen::Index>(p)) keep.push_back(i);
      const Eigen::Index m = static_cast<Eigen::Index>(n) - 1;
      Matrix sub(m, m);
      for (Eigen::Index i = 0; i < m; ++i)
        for (Eigen::Index j = 0; j < m; ++j) sub(i, j) = A(keep[i], keep[j]);
      const Matrix expected = Eigen::LLT<Matrix>(sub).matrixL();
      const Matrix got = Eigen::Map<const Matrix>(L.data(), m, m).triangularView<Eigen::Lower>();
      EXPECT_LE((got - expected).norm(), 1e-12 * expected.norm()) << n << " " << p;
    }
  }
}
