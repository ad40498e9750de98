// The SIMD Cholesky kernel against Eigen's LLT, its solves against the residual, and the
// detection of matrices that are not positive definite.
#include <gtest/gtest.h>

#include <random>

#include "supclust/core/types.hpp"
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
                 Matrix(Matrix::Constant(n, n, 7).triangularView<Eigen::StrictlyUpper>()).array()).all());
    Vector b(n);
    for (Eigen::Index i = 0; i < b.size(); ++i) b[i] = normal(rng);
    Vector x = b;
    choleskySolve(L.data(), n, x.data());
    EXPECT_LE((A * x - b).norm(), 1e-9 * b.norm() * A.norm()) << n;
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
