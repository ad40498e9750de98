// Trust-region Newton (TRON) against the first-order solver on the same smooth logistic
// objectives: the same optimum, both certified, binary and one-vs-all, n > d and n < d.
#include "supclust/solvers/trust_region_newton.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "supclust/core/loss.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/proximal_newton.hpp"

using namespace supclust;

namespace {
// Labels from a noisy linear rule on Gaussian features; K classes by the largest of K rules.
void classification(std::uint64_t seed, int n, int d, int K, RowMatrix& X, Vector& y) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> N;
  X.resize(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = N(rng) + 0.3;
  Matrix W(d, std::max(K, 1));
  for (Eigen::Index i = 0; i < W.size(); ++i) W.data()[i] = N(rng);
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    const RowVector s = X.row(i) * W;
    Eigen::Index best;
    if (K == 1) y[i] = s[0] + 2 * N(rng) > 0 ? 1 : 0;
    else {
      (s + RowVector::NullaryExpr(K, [&] { return 2 * N(rng); })).maxCoeff(&best);
      y[i] = static_cast<double>(best);
    }
  }
}
// A classification problem's smooth objective (loss + λ2/2‖W‖²) and the solvers' start.
struct LogisticProblem {
  LogisticProblem(const char* lossName, int n, int d, std::uint64_t seed, double lambda2) {
    classification(seed, n, d, std::string(lossName) == "logistic" ? 1 : 3, X, y);
    loss = makeLoss(lossName);
    design = std::make_unique<CenteredDesign>(X);
    F = std::make_unique<Objective>(*design, loss->targets(y), *loss, lambda2);
    W0 = Matrix::Zero(d, F->outputs());
    b0 = F->targets().colwise().mean();
  }
  RowMatrix X;
  Vector y;
  std::unique_ptr<Loss> loss;
  std::unique_ptr<CenteredDesign> design;
  std::unique_ptr<Objective> F;
  Matrix W0;
  RowVector b0;
};
}  // namespace

TEST(TrustRegionNewton, ReachesTheFirstOrderSolversOptimumWithACertificate) {
  for (const char* lossName : {"logistic", "ova-logistic"})
    for (auto [n, d] : {std::pair{300, 40}, {60, 150}})
      for (double lambda : {1e-1, 1e-3}) {
        const LogisticProblem p(lossName, n, d, 7 + n + d, lambda);
        const Objective& F = *p.F;
        const Matrix& W0 = p.W0;
        const RowVector& b0 = p.b0;
        const Result newton = trustRegionNewton(F, W0, b0, {1000, 1e-10}, {});
        const Result first = proximalGradient(F, NoPenalty(), W0, b0, {200000, 1e-10}, {});
        SCOPED_TRACE(std::string(lossName) + " n=" + std::to_string(n) + " d=" + std::to_string(d) +
                     " λ=" + std::to_string(lambda));
        ASSERT_EQ(newton.status, Status::Converged) << newton.message;
        ASSERT_EQ(first.status, Status::Converged) << first.message;
        const double scale = gradientScale(F);
        EXPECT_LE(relativeOptimalityResidual(F, NoPenalty(), newton.coef, newton.intercept, scale), 1e-10);
        EXPECT_LE(std::abs(newton.objective - first.objective), 1e-12 * std::abs(first.objective));
        // Strongly convex (λ > 0): the minimiser is unique, so the coefficients agree.
        EXPECT_LE((newton.coef - first.coef).cwiseAbs().maxCoeff(), 1e-6 * (1 + first.coef.cwiseAbs().maxCoeff()));
        EXPECT_LT(newton.iterations, first.iterations);
        for (std::size_t t = 1; t < newton.history.size(); ++t) EXPECT_LE(newton.history[t], newton.history[t - 1]);
      }
}

TEST(TrustRegionNewton, StopsWhenAskedAndRespectsTheIterationLimit) {
  RowMatrix X;
  Vector y;
  classification(3, 200, 30, 1, X, y);
  const auto loss = makeLoss("logistic");
  const CenteredDesign Xc(X);
  const Objective F(Xc, loss->targets(y), *loss, 1e-4);
  const Matrix W0 = Matrix::Zero(30, 1);
  const RowVector b0 = RowVector::Zero(1);
  const Result one = trustRegionNewton(F, W0, b0, {1, 1e-10}, {});
  EXPECT_EQ(one.status, Status::MaxIterations);
  EXPECT_LT(one.objective, F.value(W0, b0));
  const Result stopped = trustRegionNewton(F, W0, b0, {1000, 1e-10}, {[](int it, double) { return it < 2; }});
  EXPECT_EQ(stopped.status, Status::Aborted);
}

// The ℓ1 and elastic-net logistic fits by proximal Newton (newGLMNET) against FISTA with the
// ℓ1 prox on the same objective: the same objective value, both certified.
TEST(ProximalNewton, ReachesTheFirstOrderSolversOptimumWithACertificate) {
  for (const char* lossName : {"logistic", "ova-logistic"})
    for (auto [n, d] : {std::pair{300, 40}, {60, 150}})
      for (auto [l1, l2] : {std::pair{1e-2, 0.0}, {1e-3, 1e-3}, {5e-2, 1e-2}}) {
        const LogisticProblem p(lossName, n, d, 11 + n + d, l2);
        const Objective& F = *p.F;
        const Matrix& W0 = p.W0;
        const RowVector& b0 = p.b0;
        const Result newton = proximalNewtonL1(F, l1, W0, b0, {1000, 1e-10}, {});
        const Result first = proximalGradient(F, L1Penalty(l1), W0, b0, {400000, 1e-10}, {});
        SCOPED_TRACE(std::string(lossName) + " n=" + std::to_string(n) + " d=" + std::to_string(d) +
                     " l1=" + std::to_string(l1) + " l2=" + std::to_string(l2));
        ASSERT_EQ(newton.status, Status::Converged) << newton.message;
        ASSERT_EQ(first.status, Status::Converged) << first.message;
        const double scale = gradientScale(F);
        EXPECT_LE(relativeOptimalityResidual(F, L1Penalty(l1), newton.coef, newton.intercept, scale), 1e-10);
        EXPECT_LE(std::abs(newton.objective - first.objective), 1e-10 * std::abs(first.objective));
        // Strongly convex when l2 > 0: one minimiser, so the coefficients and zeros agree.
        if (l2 > 0) {
          EXPECT_LE((newton.coef - first.coef).cwiseAbs().maxCoeff(), 1e-6 * (1 + first.coef.cwiseAbs().maxCoeff()));
          EXPECT_EQ((newton.coef.array() == 0).count(), (first.coef.array() == 0).count());
        }
        for (std::size_t t = 1; t < newton.history.size(); ++t) EXPECT_LE(newton.history[t], newton.history[t - 1]);
      }
}
