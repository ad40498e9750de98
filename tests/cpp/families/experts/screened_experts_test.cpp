// Column screening for the experts' alternating minimisation: the score is the covariance it
// states and, on a large Gaussian mixture, the value its derivation gives; the rounds find the
// experts among 90 noise columns where AM's random starts do not; screening adds a start, so
// the objective is never above plain AM's; nothing to screen leaves AM's answer to the bit;
// the same answer on one thread or two; progress counts on across the searches; bad input
// named.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/partition.hpp"
#include "supclust/families/experts/screened_experts.hpp"
#include "experts_mixture.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {
// E3's mixtures: 10 intrinsic columns.
SyntheticProblem e3Mixture(int n, int Q, double sigma, std::uint64_t seed, int noiseDims) {
  return supclust::test_data::mixture(n, 10, Q, sigma, seed, noiseDims);
}

RowMatrix centred(const RowMatrix& X) { return X.rowwise() - X.colwise().mean(); }
}  // namespace

TEST(ScreenedExperts, TheScoreIsTheCovarianceOfTheSquaresOverTheVariance) {
  const SyntheticProblem p = e3Mixture(57, 2, 0.3, 3, 6);
  const RowMatrix X = centred(p.X);
  RowMatrix withConstant(X.rows(), X.cols() + 1);
  withConstant << X, RowMatrix::Zero(X.rows(), 1);  // a constant (centred: zero) column scores 0
  const Vector score = screeningScores(withConstant, p.y);
  const double n = static_cast<double>(X.rows());
  double ybar = 0;
  for (Eigen::Index i = 0; i < X.rows(); ++i) ybar += p.y[i] / n;
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    double y2 = 0, x2 = 0, y2x2 = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      const double a = (p.y[i] - ybar) * (p.y[i] - ybar), b = X(i, j) * X(i, j);
      y2 += a / n;
      x2 += b / n;
      y2x2 += a * b / n;
    }
    EXPECT_NEAR(score[j], (y2x2 - y2 * x2) / x2, 1e-12 * std::abs(y2x2 / x2)) << j;
  }
  EXPECT_EQ(score[X.cols()], 0.0);
}

TEST(ScreenedExperts, OnAGaussianMixtureTheScoreIsTwiceEachColumnsMeanSquaredWeight) {
  // x ~ N(0, I), y = v_qᵀx + ε in group q: cov(y², x_j²) = 2 Σ_q π_q v_qj² (var x_j = 1), and 0
  // on the noise columns. Checked within four standard errors of the sample estimate.
  const int n = 40000, Q = 3;
  const SyntheticProblem p = e3Mixture(n, Q, 0.1, 8, 10);
  const RowMatrix X = centred(p.X);
  const Vector score = screeningScores(X, p.y);
  std::vector<double> share(Q, 0);
  for (std::int32_t g : p.groups) share[static_cast<std::size_t>(g)] += 1.0 / n;
  const Eigen::Index d = X.cols();
  const double ybar = p.y.mean();
  for (Eigen::Index j = 0; j < d; ++j) {
    double expected = 0;
    for (int q = 0; q < Q; ++q) {
      const double v = j < 10 ? p.coef[q * d + j] : 0.0;  // the experts one after the other
      expected += 2 * share[static_cast<std::size_t>(q)] * v * v;
    }
    // Standard error of the mean of (y − ȳ)²x_j² (the rest of the estimate is far tighter).
    double m = 0, m2 = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      const double t = (p.y[i] - ybar) * (p.y[i] - ybar) * X(i, j) * X(i, j);
      m += t / n;
      m2 += t * t / n;
    }
    const double se = std::sqrt((m2 - m * m) / n);
    EXPECT_NEAR(score[j], expected, 4 * se) << "column " << j;
  }
}

TEST(ScreenedExperts, FindTheExpertsAmongNinetyNoiseColumnsWhereRandomStartsDoNot) {
  // E3 at p = 0.9: 1000 samples, 10 intrinsic and 90 noise columns, λ = 1e-3.
  for (std::uint64_t seed : {1, 2, 3}) {
    const SyntheticProblem p = e3Mixture(1000, 3, 0.1, 500 + seed, 90);
    const Params plain{{{"Q", 3}, {"lambda", 1e-3}, {"seed", 1}}, {}, {}};
    Params screened = plain;
    screened.numbers["screen"] = 5;
    const Result a = fit("experts-am", problemOf(p), plain), b = fit("experts-am", problemOf(p), screened);
    const ExpertsFit truth = expertsOfPartition(centred(p.X), p.y, 3, 1e-3, p.groups);
    EXPECT_LT(adjustedRandIndex(a.groups, p.groups), 0.3) << seed;  // the plain starts fail here
    EXPECT_GT(adjustedRandIndex(b.groups, p.groups), 0.8) << seed;
    EXPECT_GT(a.objective, 10 * truth.objective) << seed;
    EXPECT_LE(b.objective, truth.objective) << seed;  // as low as the true partition's, or lower
  }
}

TEST(ScreenedExperts, AddAStartSoTheObjectiveIsNeverAbovePlainAlternatingMinimisation) {
  for (std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    const SyntheticProblem p = e3Mixture(300, 3, 0.3, 700 + seed, 30);
    const Params plain{{{"Q", 3}, {"lambda", 1e-2}, {"seed", seed}}, {}, {}};
    Params screened = plain;
    screened.numbers["screen"] = 3;
    screened.numbers["screenColumns"] = 8;
    const Result a = fit("experts-am", problemOf(p), plain), b = fit("experts-am", problemOf(p), screened);
    EXPECT_LE(b.objective, a.objective) << seed;
    EXPECT_GT(b.iterations, a.iterations) << seed;  // the rounds ran
  }
}

TEST(ScreenedExperts, NothingToScreenLeavesTheAnswerToTheBit) {
  // screenedColumns: n/(10Q), at least Q, at most d; with k = d no round runs.
  EXPECT_EQ(screenedColumns(1000, 100, 3, 0), 33);
  EXPECT_EQ(screenedColumns(200, 310, 2, 0), 10);
  EXPECT_EQ(screenedColumns(20, 50, 3, 0), 3);
  EXPECT_EQ(screenedColumns(1000, 20, 3, 0), 20);
  EXPECT_EQ(screenedColumns(1000, 100, 3, 7), 7);
  const SyntheticProblem p = e3Mixture(600, 3, 0.1, 41, 3);  // d = 13 < 600/30
  const Params plain{{{"Q", 3}, {"lambda", 1e-3}, {"seed", 2}}, {}, {}};
  Params screened = plain;
  screened.numbers["screen"] = 5;
  const Result a = fit("experts-am", problemOf(p), plain), b = fit("experts-am", problemOf(p), screened);
  EXPECT_EQ(a.groups, b.groups);
  EXPECT_EQ(a.coef, b.coef);
  EXPECT_EQ(a.objective, b.objective);
  EXPECT_EQ(a.iterations, b.iterations);
}

TEST(ScreenedExperts, OneThreadOrTwoGiveTheSameAnswer) {
  const SyntheticProblem p = e3Mixture(400, 3, 0.2, 12, 40);
  const RowMatrix X = centred(p.X);
  AlternatingExpertsOptions o;
  o.seed = 3;
  o.threads = 1;
  const ScreeningOptions s{3, 12};
  const ExpertsFit one = screenedExperts(X, p.y, 3, 1e-2, o, s, Control{});
  o.threads = 2;
  const ExpertsFit two = screenedExperts(X, p.y, 3, 1e-2, o, s, Control{});
  ASSERT_FALSE(one.labels.empty());
  EXPECT_EQ(one.labels, two.labels);
  EXPECT_EQ(one.objective, two.objective);
  EXPECT_EQ(one.experts.coef, two.experts.coef);
  EXPECT_EQ(one.iterations, two.iterations);
}

TEST(ScreenedExperts, BadInputIsNamed) {
  const SyntheticProblem p = e3Mixture(50, 2, 0.1, 5, 5);
  const Result negative = fit("experts-am", problemOf(p), {{{"Q", 2}, {"screen", -1}}, {}, {}});
  EXPECT_EQ(negative.status, Status::InvalidInput);
  EXPECT_NE(negative.message.find("option 'screen'"), std::string::npos);
  const Result columns = fit("experts-am", problemOf(p), {{{"Q", 2}, {"screen", 1}, {"screenColumns", 0.5}}, {}, {}});
  EXPECT_EQ(columns.status, Status::InvalidInput);
  EXPECT_NE(columns.message.find("option 'screenColumns'"), std::string::npos);
  // Classification has no y² to screen by.
  Vector labels(50);
  for (Eigen::Index i = 0; i < 50; ++i) labels[i] = static_cast<double>(i % 3);
  const Problem classes{DataMatrix(p.X.data(), p.X.rows(), p.X.cols()), {labels.data(), labels.size()}};
  const Result logistic = fit("experts-am", classes, {{{"Q", 2}, {"screen", 2}}, {{"loss", "ova-logistic"}}, {}});
  EXPECT_EQ(logistic.status, Status::InvalidInput);
  EXPECT_NE(logistic.message.find("option 'screen'"), std::string::npos);
  EXPECT_EQ(fit("experts-am", classes, {{{"Q", 2}}, {{"loss", "ova-logistic"}}, {}}).status, Status::Converged);
}

TEST(ScreenedExperts, ProgressCountsOnAcrossTheRoundsAndTheStartsAndStopsThem) {
  // The rounds' searches and AM's starts each count from 0; the caller sees one count. On one
  // thread every iteration is reported, so the count goes up by one each time across the
  // searches; through `fit` (the build's threads: polls) it never goes back; stopping at the
  // tenth call stops the fit.
  const SyntheticProblem p = e3Mixture(300, 3, 0.3, 31, 30);
  const RowMatrix X = centred(p.X);
  std::vector<int> seen;
  Control c;
  c.progress = [&](int it, double) {
    seen.push_back(it);
    return true;
  };
  AlternatingExpertsOptions o;
  o.seed = 4;
  o.threads = 1;
  SearchesInTurn turn(c);
  const ExpertsFit screened = screenedExperts(X, p.y, 3, 1e-2, o, ScreeningOptions{3, 8}, turn);
  ASSERT_FALSE(screened.labels.empty());
  const std::size_t inRounds = seen.size();
  alternateExpertsWithRestarts(X, p.y, 3, 1e-2, o, turn.next(), &screened.labels);
  ASSERT_GT(inRounds, 20u);
  ASSERT_GT(seen.size(), inRounds);
  for (std::size_t k = 1; k < seen.size(); ++k) ASSERT_EQ(seen[k], seen[k - 1] + 1) << k;

  const Params params{{{"Q", 3}, {"lambda", 1e-2}, {"screen", 3}, {"screenColumns", 8}, {"seed", 4}}, {}, {}};
  seen.clear();
  const Result r = fit("experts-am", problemOf(p), params, c);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  ASSERT_FALSE(seen.empty());
  for (std::size_t k = 1; k < seen.size(); ++k) EXPECT_GE(seen[k], seen[k - 1]) << k;
  int calls = 0;
  c.progress = [&](int, double) { return ++calls < 10; };
  const Result stopped = fit("experts-am", problemOf(p), params, c);
  EXPECT_EQ(stopped.status, Status::Aborted);
}
