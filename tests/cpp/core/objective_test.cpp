// Losses and the objective: analytic gradients against central finite differences.
#include "supclust/core/objective.hpp"

#include <gtest/gtest.h>

#include "supclust/base/random.hpp"

using namespace supclust;

namespace {
RowMatrix randomMatrix(Random& rng, int n, int d) {
  RowMatrix X(n, d);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j) X(i, j) = rng.normal() + 0.5;  // non-centred on purpose
  return X;
}
}  // namespace

TEST(SquaredLoss, GradientMatchesFiniteDifferences) {
  Random rng(5);
  SquaredLoss loss;
  Matrix Z(7, 1), T(7, 1), G;
  for (int i = 0; i < 7; ++i) {
    Z(i, 0) = rng.normal();
    T(i, 0) = rng.normal();
  }
  loss.gradient(Z, T, G);
  for (int i = 0; i < 7; ++i) {
    const double h = 1e-6;
    Matrix Zp = Z, Zm = Z;
    Zp(i, 0) += h;
    Zm(i, 0) -= h;
    EXPECT_NEAR(G(i, 0), (loss.value(Zp, T) - loss.value(Zm, T)) / (2 * h), 1e-8);
  }
}

TEST(Objective, GradientMatchesFiniteDifferencesAndLipschitzBoundsCurvature) {
  Random rng(6);
  const RowMatrix X = randomMatrix(rng, 30, 8);
  Vector y(30);
  for (int i = 0; i < 30; ++i) y[i] = rng.normal();
  const CenteredDesign D(X);
  SquaredLoss loss;
  const Objective F(D, loss.targets(y), loss, 0.3);
  Matrix W(8, 1), gW;
  RowVector b(1), gb;
  for (int j = 0; j < 8; ++j) W(j, 0) = rng.normal();
  b[0] = 0.7;
  const double f = F.gradient(W, b, gW, gb);
  EXPECT_DOUBLE_EQ(f, F.value(W, b));
  const double h = 1e-6;
  for (int j = 0; j < 8; ++j) {
    Matrix Wp = W, Wm = W;
    Wp(j, 0) += h;
    Wm(j, 0) -= h;
    EXPECT_NEAR(gW(j, 0), (F.value(Wp, b) - F.value(Wm, b)) / (2 * h), 1e-6);
  }
  RowVector bp = b, bm = b;
  bp[0] += h;
  bm[0] -= h;
  EXPECT_NEAR(gb[0], (F.value(W, bp) - F.value(W, bm)) / (2 * h), 1e-6);
  // The Hessian of F in W is XcᵀXc/n + λI: its largest eigenvalue must not exceed L.
  Eigen::SelfAdjointEigenSolver<Matrix> eig(Matrix(D.X().transpose() * D.X()) / 30.0);
  EXPECT_LE(eig.eigenvalues().maxCoeff() + 0.3, F.lipschitz());
  EXPECT_GE(eig.eigenvalues().maxCoeff() + 0.3, F.lipschitz() / 1.1);
}
