// CG on equivalence matrices: the oracle against brute force, the gap to tolerance, the
// Q ≥ d case against ridge, and recovery beside IHC.
#include <gtest/gtest.h>

#include <algorithm>

#include "reference.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/families/grouping/conditional_gradient.hpp"
#include "supclust/base/fit_cache.hpp"
#include "problems.hpp"

using namespace supclust;

TEST(ConditionalGradient, OracleIsTheBruteForceMaximiserOverPartitions) {
  std::mt19937_64 rng(51);
  KMeans1D km;
  KMeans1DResult out;
  for (int d = 1; d <= 8; ++d)
    for (int Q = 1; Q <= d; ++Q) {
      const auto u = ref::randomVector(rng, d, 1.0, Q % 3 == 0);
      const Vector p = Eigen::Map<const Vector>(u.data(), d);
      const double value = equivalenceOracle(p, Q, km, out);
      double best = -HUGE_VAL;
      ref::forEachPartition(d, Q, [&](const std::vector<int>& labels, int G) {
        std::vector<double> sum(G, 0), cnt(G, 0);
        for (int j = 0; j < d; ++j) {
          sum[labels[j]] += u[j];
          cnt[labels[j]] += 1;
        }
        double s = 0;
        for (int g = 0; g < G; ++g) s += sum[g] * sum[g] / cnt[g];
        best = std::max(best, s);
      });
      EXPECT_TRUE(ref::closeRel(value, best, 1e-12, 1e-14)) << "d=" << d << " Q=" << Q;
    }
}

TEST(ConditionalGradient, GapDecreasesToTolerance) {
  const auto p = generateE1(150, 100, 5, 0.5, 3);
  const CenteredDesign X(p.X);
  ConditionalGradientOptions o;
  o.tolerance = 1e-3;
  const auto r = conditionalGradient(X, p.y, 5, 0.05, o, {});
  ASSERT_EQ(r.status, Status::Converged);
  EXPECT_LE(r.gap.back(), 1e-3 * r.psi.back());
  // The gap bounds the suboptimality, so ψ's best value so far never exceeds ψ_t − gap_t.
  double lowest = HUGE_VAL;
  for (std::size_t t = 0; t < r.psi.size(); ++t) lowest = std::min(lowest, r.psi[t] - r.gap[t]);
  EXPECT_LE(lowest, r.psi.back() + 1e-12);
  // ψ decreases over the run (Frank–Wolfe with 2/(t+2) is not monotone step by step).
  EXPECT_LT(r.psi.back(), r.psi.front());
}

TEST(ConditionalGradient, ExplicitAndIterativeSystemsGiveTheSameIterates) {
  for (int n : {60, 150}) {
    const auto p = generateE1(n, 100, 5, 0.5, 8);
    const CenteredDesign X(p.X);
    ConditionalGradientOptions a, b;
    a.maxIterations = b.maxIterations = 60;
    a.system = ConditionalGradientOptions::System::Explicit;
    b.system = ConditionalGradientOptions::System::Iterative;
    const auto ra = conditionalGradient(X, p.y, 5, 0.02, a, {}), rb = conditionalGradient(X, p.y, 5, 0.02, b, {});
    ASSERT_EQ(ra.psi.size(), rb.psi.size());
    for (std::size_t t = 0; t < ra.psi.size(); ++t) {
      EXPECT_TRUE(ref::closeRel(ra.psi[t], rb.psi[t], 1e-9, 1e-12)) << "n=" << n << " t=" << t;
      EXPECT_TRUE(ref::closeRel(ra.gap[t], rb.gap[t], 1e-6, 1e-9 * ra.psi[t])) << "n=" << n << " t=" << t;
    }
    EXPECT_EQ(ra.groups, rb.groups);
    EXPECT_LT((ra.primal - rb.primal).norm(), 1e-7 * rb.primal.norm());
  }
}

TEST(ConditionalGradient, WithAsManyGroupsAsFeaturesItIsRidge) {
  const auto p = generateE1(60, 12, 3, 0.5, 4);
  Params cg, ridge;
  cg.numbers = {{"Q", 12}, {"lambda", 0.05}};
  ridge.numbers = {{"lambda", 0.05}};
  const Result a = fit("cg", problemOf(p), cg), b = fit("ridge", problemOf(p), ridge);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  EXPECT_LE((a.coef - b.coef).norm(), 1e-10 * b.coef.norm());
  // And ψ at M = I is ridge's objective value.
  EXPECT_NEAR(a.history.back(), b.objective, 1e-10 * b.objective);
}

TEST(ConditionalGradient, CgpgNeverEndsAboveCg) {
  // IHC started from CG's rounded solution only accepts steps that lower the objective.
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto p = generateE1(150, 100, 5, 0.5, seed);
    Params cg, cgpg;
    cg.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"maxIterations", 200}};
    cgpg.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"cgIterations", 200}};
    const Result a = fit("cg", problemOf(p), cg), b = fit("cgpg", problemOf(p), cgpg);
    ASSERT_NE(a.status, Status::InvalidInput) << a.message;
    ASSERT_NE(b.status, Status::InvalidInput) << b.message;
    EXPECT_LE(b.objective, a.objective * (1 + 1e-12));
    EXPECT_LE(b.centroids.rows(), 5);
  }
}

// CGPG's default polish (IHC's exchange search after projected gradient): never above the
// paper's CGPG (exchange: false), below it on most seeds, and exchange-optimal — no single
// feature moved to another group (or one of its own) lowers the objective, each move refitted by
// the oracle.
TEST(ConditionalGradient, CgpgPolishedByTheExchangeSearchIsExchangeOptimal) {
  int lower = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto p = generateE1(150, 100, 5, 0.5, seed);
    Params cgpg, paper;
    cgpg.numbers = paper.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"cgIterations", 200}, {"cgTolerance", 1e-2}};
    paper.flags["exchange"] = false;
    const Result r = fit("cgpg", problemOf(p), cgpg), first = fit("cgpg", problemOf(p), paper);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    EXPECT_LE(r.objective, first.objective * (1 + 1e-12));
    lower += r.objective < first.objective * (1 - 1e-9);
    Params oracle;
    oracle.numbers["lambda"] = 1e-2;
    oracle.labels["groups"] = r.groups;
    EXPECT_NEAR(fit("oracle", problemOf(p), oracle).objective, r.objective, 1e-10 * r.objective);
    const int G = static_cast<int>(r.centroids.rows());
    for (std::size_t j = 0; j < r.groups.size(); ++j)
      for (int q = 0; q <= std::min(G, 4); ++q) {
        Labels moved = r.groups;
        moved[j] = q;
        oracle.labels["groups"] = moved;
        EXPECT_GE(fit("oracle", problemOf(p), oracle).objective, r.objective * (1 - 1e-10))
            << "seed " << seed << ": feature " << j << " to " << q;
      }
  }
  EXPECT_GE(lower, 2);
}

// CGPGS (cgpg with s > 0) is IHCS started from CG's rounded solution: the same answer as ihcs
// warm-started at cg's model (up to the rounding of the intercept's round trip through the
// caller's coordinates), with at most s non-zeros on at most Q values.
TEST(ConditionalGradient, CgpgsIsIhcsFromTheRoundedRelaxation) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto p = generateE1(150, 100, 5, 0.5, seed);
    Params cg, cgpgs, ihcs;
    cg.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"maxIterations", 200}};
    cgpgs.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"cgIterations", 200}, {"s", 40}};
    ihcs.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"s", 40}};
    const Result a = fit("cg", problemOf(p), cg), b = fit("cgpg", problemOf(p), cgpgs);
    ASSERT_NE(a.status, Status::InvalidInput) << a.message;
    ASSERT_NE(b.status, Status::InvalidInput) << b.message;
    const WarmStart fromCg{a.coef, a.intercept};
    const Result c = fit("ihcs", problemOf(p), ihcs, {}, &fromCg);
    ASSERT_NE(c.status, Status::InvalidInput) << c.message;
    EXPECT_LE((b.coef - c.coef).cwiseAbs().maxCoeff(), 1e-9 * c.coef.cwiseAbs().maxCoeff());
    EXPECT_EQ(b.groups, c.groups);
    EXPECT_LE((b.coef.array() != 0).count(), 40);
    std::vector<double> values(b.coef.data(), b.coef.data() + b.coef.size());
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    EXPECT_LE(values.size(), 5u + 1);  // Q values and zero
  }
  const auto p = generateE1(30, 10, 3, 0.5, 5);
  Params tooSparse;
  tooSparse.numbers = {{"Q", 3}, {"lambda", 1e-2}, {"s", 2}};
  const Result r = fit("cgpg", problemOf(p), tooSparse);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_EQ(r.field, "s");
  EXPECT_EQ(r.message.rfind("s: option 's' of method 'cgpg' must be >= Q", 0), 0u) << r.message;
}

TEST(ConditionalGradient, PrimalRoundingIsTheKMeansOfTheRelaxationsCoefficients) {
  const auto p = generateE1(150, 100, 5, 0.5, 9);
  const CenteredDesign X(p.X);
  ConditionalGradientOptions o;
  o.maxIterations = 100;
  const auto r = conditionalGradient(X, p.y, 5, 1e-2, o, {});
  ASSERT_EQ(r.primal.size(), 100);
  EXPECT_GT(r.primal.norm(), 0);
  Params params;
  params.numbers = {{"Q", 5}, {"lambda", 1e-2}, {"maxIterations", 100}};
  params.strings = {{"rounding", "primal"}};
  const Result fitted = fit("cg", problemOf(p), params);
  ASSERT_NE(fitted.status, Status::InvalidInput) << fitted.message;
  const KMeans1DResult km = kmeans1d(r.primal.data(), 100, 5);
  EXPECT_EQ(fitted.groups, km.labels);
}

TEST(ConditionalGradient, RejectsZeroLambdaAndOtherLosses) {
  const auto p = generateE1(30, 10, 3, 0.5, 5);
  Params zero;
  zero.numbers = {{"Q", 3}, {"lambda", 0}};
  EXPECT_EQ(fit("cg", problemOf(p), zero).status, Status::InvalidInput);
  Params logistic;
  logistic.numbers = {{"Q", 3}};
  logistic.strings = {{"loss", "logistic"}};
  const Result r = fit("cgpg", problemOf(p), logistic);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_NE(r.message.find("'loss'"), std::string::npos);
}

TEST(ConditionalGradient, SharedRelaxationsAreTheSameAndNeverConfused) {
  const auto p = generateE1(80, 40, 4, 0.5, 21);
  CenteredDesign X(p.X);
  ConditionalGradientOptions o;
  o.maxIterations = 50;
  const auto direct = conditionalGradient(X, p.y, 4, 1e-2, o, {});
  FitCache cache;
  X.shareWork(&cache);
  const auto first = sharedConditionalGradient(X, p.y, 4, 1e-2, o, {});
  const auto second = sharedConditionalGradient(X, p.y, 4, 1e-2, o, {});
  EXPECT_EQ(cache.results.hits(), 1u);
  for (const auto* r : {&first, &second}) {
    EXPECT_EQ(r->psi, direct.psi);
    EXPECT_EQ(r->groups, direct.groups);
  }
  // Any change of the data or the options is a different problem.
  Vector y = p.y;
  y[7] += 1e-9;
  const auto otherY = sharedConditionalGradient(X, y, 4, 1e-2, o, {});
  const auto negatedY = sharedConditionalGradient(X, -p.y, 4, 1e-2, o, {});
  const auto otherLambda = sharedConditionalGradient(X, p.y, 4, 2e-2, o, {});
  o.maxIterations = 49;
  const auto otherSteps = sharedConditionalGradient(X, p.y, 4, 1e-2, o, {});
  EXPECT_EQ(cache.results.hits(), 1u);
  EXPECT_EQ(negatedY.primal, conditionalGradient(X, -p.y, 4, 1e-2, ConditionalGradientOptions{50}, {}).primal);
  EXPECT_NE(otherY.psi, direct.psi);
  EXPECT_NE(otherLambda.psi, direct.psi);
  EXPECT_EQ(otherSteps.psi.size(), direct.psi.size() - 1);
}
