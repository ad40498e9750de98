// ncFGS by DC programming: the objective never increases, the result is a fixed point of the
// DC step (it solves its own tilted convex subproblem: certificate), the penalty identity
// ||a| − |b|| = 2max(|a|, |b|) − |a| − |b| behind the split, and λ2 = 0 gives the lasso.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/core/penalty.hpp"
#include "supclust/data/random.hpp"
#include "supclust/data/synthetic.hpp"
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

namespace {
Problem problemOf(const RowMatrix& X, const Vector& y) { return {{X.data(), X.rows(), X.cols()}, {y.data(), y.size()}}; }

Params ncfgs(double l1, double l2, const std::string& loss = "squared") {
  Params p;
  p.numbers = {{"lambda1", l1}, {"lambda2", l2}, {"tolerance", 1e-12}, {"dcTolerance", 1e-12}};
  p.strings = {{"loss", loss}};
  return p;
}
}  // namespace

TEST(Ncfgs, SplitsItsPenaltyIntoOscarMinusL1) {
  Random rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t d = 2 + static_cast<std::size_t>(trial % 7);
    Vector w(static_cast<Eigen::Index>(d));
    for (auto& x : w) x = rng.normal();
    double pairs = 0;
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = i + 1; j < d; ++j) pairs += std::abs(std::abs(w[i]) - std::abs(w[j]));
    const auto weights = oscarWeights(d, 0.3, 2 * 0.7);
    const double split = owlNorm(w.data(), d, weights.data()) - 0.7 * static_cast<double>(d - 1) * w.cwiseAbs().sum();
    EXPECT_NEAR(0.3 * w.cwiseAbs().sum() + 0.7 * pairs, split, 1e-12 * (1 + pairs));
    const Vector a = w.cwiseAbs();
    EXPECT_NEAR(cliqueFusionSum(a.data(), d), pairs, 1e-12 * (1 + pairs));
  }
}

TEST(Ncfgs, NeverIncreasesItsObjectiveAndEndsAtAFixedPoint) {
  for (int n : {80, 30}) {  // FISTA and ADMM subproblems
    const auto p = generateE1(n, 25, 3, 0.5, 7);
    const double l1 = 0.05, l2 = 0.004;
    const Result r = fit("ncfgs", problemOf(p.X, p.y), ncfgs(l1, l2));
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    ASSERT_GE(r.history.size(), 2u);
    for (std::size_t t = 1; t < r.history.size(); ++t) EXPECT_LE(r.history[t], r.history[t - 1]) << "step " << t;
    // The objective as reported is F + λ1‖w‖₁ + λ2 Σ||w_i| − |w_j||, computed here from scratch.
    const Vector res = p.X * r.coef.col(0) + Vector::Constant(n, r.intercept[0]) - p.y;
    double pairs = 0;
    for (int i = 0; i < 25; ++i)
      for (int j = i + 1; j < 25; ++j) pairs += std::abs(std::abs(r.coef(i, 0)) - std::abs(r.coef(j, 0)));
    EXPECT_NEAR(r.objective, res.squaredNorm() / (2.0 * n) + l1 * r.coef.cwiseAbs().sum() + l2 * pairs, 1e-10);
    // Fixed point: w solves min F + OWL(λ1 + 2λ2(d − k)) − λ2(d − 1) sign(w)ᵀw, i.e. the OWL
    // certificate holds for −(∇F − λ2(d − 1) sign(w)) (up to coordinates at 0, where any sign in
    // [−1, 1] would do: sign(0) = 0 is the one DC used).
    const Vector g = p.X.transpose() * res / static_cast<double>(n);
    const Vector tilt = (l2 * 24) * r.coef.col(0).unaryExpr([](double x) { return static_cast<double>((x > 0) - (x < 0)); });
    const Vector z = tilt - g;
    const auto w = oscarWeights(25, l1, 2 * l2);
    EXPECT_LE(owlSubgradientViolation(r.coef.data(), z.data(), w.data(), 25), 1e-7) << "n=" << n;
    EXPECT_LT(r.centroids.rows(), 25);  // groups formed
  }
}

TEST(Ncfgs, WithoutThePairwiseTermIsTheLassoAndLogisticDecreases) {
  const auto p = generateE1(80, 20, 3, 0.5, 8);
  Params lasso;
  lasso.numbers = {{"lambda", 0.05}, {"tolerance", 1e-12}};
  const Result a = fit("lasso", problemOf(p.X, p.y), lasso), b = fit("ncfgs", problemOf(p.X, p.y), ncfgs(0.05, 0));
  ASSERT_EQ(b.status, Status::Converged) << b.message;
  EXPECT_LE((a.coef - b.coef).norm(), 1e-6 * a.coef.norm());
  Vector labels = (p.y.array() > 0).cast<double>();
  const Result c = fit("ncfgs", problemOf(p.X, labels), ncfgs(1e-3, 1e-4, "logistic"));
  ASSERT_NE(c.status, Status::NumericalIssue) << c.message;
  for (std::size_t t = 1; t < c.history.size(); ++t) EXPECT_LE(c.history[t], c.history[t - 1]);
}
