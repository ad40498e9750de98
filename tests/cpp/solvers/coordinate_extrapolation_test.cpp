// Anderson extrapolation of coordinate descent's passes: exact on a linear iteration whose error
// has fewer modes than the window (the combination that cancels the differences cancels the
// error), a smaller fixed-point residual than the plain passes' where it has more, nothing before
// window + 1 iterates or from iterates that do not move.
#include "supclust/solvers/coordinate_extrapolation.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace supclust;

namespace {
// x ← M x + c with M symmetric, its eigenvalues `modes` (each on a random subspace): the iterates'
// errors x_i − x* = Mⁱ e₀ live in as many directions as M has distinct eigenvalues.
struct LinearIteration {
  LinearIteration(Eigen::Index size, const std::vector<double>& modes, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> N;
    const Matrix A = Matrix::NullaryExpr(size, size, [&] { return N(rng); });
    const Eigen::HouseholderQR<Matrix> qr(A);
    const Matrix Q = qr.householderQ();
    Vector eigen(size);
    for (Eigen::Index i = 0; i < size; ++i) eigen[i] = modes[static_cast<std::size_t>(i) % modes.size()];
    M = Q * eigen.asDiagonal() * Q.transpose();
    solution = Vector::NullaryExpr(size, [&] { return N(rng); });
    c = solution - M * solution;
    x = Vector::NullaryExpr(size, [&] { return N(rng); });
  }
  void step() { x = M * x + c; }
  Matrix M;
  Vector c, solution, x;
};
}  // namespace

TEST(CoordinateExtrapolation, LandsOnTheFixedPointOfALinearIterationWithFewModes) {
  for (const std::vector<double>& modes : {std::vector<double>{0.99}, {0.95, 0.5}, {0.98, -0.7, 0.6}}) {
    LinearIteration it(30, modes, 7 + modes.size());
    CoordinateExtrapolation extrapolation(30);
    Vector x;
    for (int pass = 0; pass <= 5; ++pass) {
      EXPECT_FALSE(extrapolation.extrapolate(x));  // fewer than window + 1 iterates so far
      extrapolation.iterate() = it.x;
      if (pass < 5) it.step();
    }
    ASSERT_TRUE(extrapolation.extrapolate(x));
    const double plain = (it.x - it.solution).norm(), extrapolated = (x - it.solution).norm();
    SCOPED_TRACE(modes.size());
    EXPECT_GT(plain, 0.1);  // the plain iterates are still far (the slowest mode ≥ 0.95)
    EXPECT_LE(extrapolated, 1e-4 * plain);  // exact but for rounding in the differences' Gram matrix
    // A new window starts: nothing until six more iterates.
    extrapolation.iterate() = it.x;
    EXPECT_FALSE(extrapolation.extrapolate(x));
  }
}

TEST(CoordinateExtrapolation, BeatsThePlainIteratesWithMoreModesThanTheWindow) {
  std::vector<double> modes;
  for (int i = 0; i < 20; ++i) modes.push_back(0.99 - 0.09 * i);
  LinearIteration it(40, modes, 3);
  CoordinateExtrapolation extrapolation(40);
  Vector x = it.x;
  double last = 0;
  for (int pass = 0; pass < 60; ++pass) {
    it.step();
    extrapolation.iterate() = it.x;
    if (extrapolation.extrapolate(x)) it.x = x;
  }
  LinearIteration plain(40, modes, 3);
  for (int pass = 0; pass < 60; ++pass) plain.step();
  // What the combination minimises: the fixed-point residual ‖T(x) − x‖.
  const auto residual = [](const LinearIteration& i) { return (i.M * i.x + i.c - i.x).norm(); };
  EXPECT_LT(residual(it), 0.1 * residual(plain));
}

TEST(CoordinateExtrapolation, IteratesThatDoNotMoveGiveNoPoint) {
  CoordinateExtrapolation extrapolation(4, 3);
  const Vector still = Vector::Constant(4, 2.5);
  Vector x;
  for (int pass = 0; pass < 4; ++pass) extrapolation.iterate() = still;
  EXPECT_FALSE(extrapolation.extrapolate(x));
}
