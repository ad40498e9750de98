// GEM / LEM (weight-grouping priors): the exact 1-D k-median against brute force over every
// assignment, the fixed-assignment penalties' proxes against independent solutions, the
// group ridge's gradient against finite differences, both algorithms' monotone objectives and
// fixed points, recovery of three true values, LEM's exact equalities, and bad options named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "supclust/families/priors/grouping_prior.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/kernels/kmedian1d.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/partition.hpp"
#include "supclust/families/priors/grouping_prior_cg.hpp"
#include "supclust/families/priors/grouping_prior_descent.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {
double medianDeviation(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double m = v[(v.size() - 1) / 2];
  double s = 0;
  for (double x : v) s += std::abs(x - m);
  return s;
}

// min over every assignment of d values to at most s groups (s^d of them).
double bruteKMedian(const std::vector<double>& u, int s) {
  const std::size_t d = u.size();
  std::size_t total = 1;
  for (std::size_t j = 0; j < d; ++j) total *= static_cast<std::size_t>(s);
  double best = HUGE_VAL;
  for (std::size_t code = 0; code < total; ++code) {
    std::vector<std::vector<double>> groups(static_cast<std::size_t>(s));
    std::size_t c = code;
    for (std::size_t j = 0; j < d; ++j, c /= static_cast<std::size_t>(s))
      groups[c % static_cast<std::size_t>(s)].push_back(u[j]);
    double cost = 0;
    for (const auto& g : groups) cost += medianDeviation(g);
    best = std::min(best, cost);
  }
  return best;
}

// y = X w* + noise with w* taking the values (−2, 0.5, 3) on three blocks of features.
void threeValues(int n, int d, double sigma, std::uint64_t seed, RowMatrix& X, Vector& y, Labels& truth, Vector& w) {
  Random rng(seed);
  X.resize(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = rng.normal();
  const double values[3] = {-2, 0.5, 3};
  w.resize(d);
  truth.resize(static_cast<std::size_t>(d));
  for (int j = 0; j < d; ++j) {
    truth[static_cast<std::size_t>(j)] = j * 3 / d;
    w[j] = values[j * 3 / d];
  }
  y = X * w;
  for (auto& v : y) v += sigma * rng.normal();
}
}  // namespace

TEST(KMedian1D, MatchesBruteForceOverEveryAssignment) {
  Random rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t d = 1 + static_cast<std::size_t>(trial % 8);
    const int s = 1 + trial % 4;
    std::vector<double> u(d);
    for (auto& x : u) x = trial % 3 == 0 ? std::round(3 * rng.normal()) : rng.normal() * std::pow(10.0, trial % 5 - 2);
    const KMedian1DResult r = kmedian1d(u.data(), d, s);
    const double brute = bruteKMedian(u, s);
    EXPECT_NEAR(r.cost, brute, 1e-12 * (1 + brute)) << "trial " << trial;
    // The labels and centres say the same: each centre is a median of its group.
    std::vector<std::vector<double>> groups(r.centres.size());
    for (std::size_t j = 0; j < d; ++j) groups[static_cast<std::size_t>(r.labels[j])].push_back(u[j]);
    double cost = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      ASSERT_FALSE(groups[g].empty());
      cost += medianDeviation(groups[g]);
      if (g > 0) EXPECT_LT(r.centres[g - 1], r.centres[g]);
    }
    EXPECT_NEAR(cost, r.cost, 1e-12 * (1 + cost));
  }
}

TEST(KMedian1D, LargeInputsMatchTheQuadraticDP) {
  // The divide-and-conquer rows against the plain O(s m²) recursion on the same sorted points.
  Random rng(5);
  for (int trial = 0; trial < 5; ++trial) {
    const std::size_t d = 300;
    const int s = 2 + trial;
    std::vector<double> u(d);
    for (auto& x : u) x = rng.normal() + 4 * static_cast<double>(rng.below(3));
    std::vector<double> v = u;
    std::sort(v.begin(), v.end());
    auto cost = [&](std::size_t i, std::size_t j) {
      return medianDeviation(std::vector<double>(v.begin() + static_cast<std::ptrdiff_t>(i),
                                                 v.begin() + static_cast<std::ptrdiff_t>(j) + 1));
    };
    std::vector<double> prev(d), cur(d);
    for (std::size_t j = 0; j < d; ++j) prev[j] = cost(0, j);
    for (int q = 1; q < s; ++q) {
      for (std::size_t j = 0; j < d; ++j) {
        cur[j] = HUGE_VAL;
        for (std::size_t i = 1; i <= j; ++i) cur[j] = std::min(cur[j], prev[i - 1] + cost(i, j));
      }
      std::swap(prev, cur);
    }
    EXPECT_NEAR(kmedian1d(u.data(), d, s).cost, prev[d - 1], 1e-9 * prev[d - 1]);
  }
}

TEST(GroupDeviationPenalty, LaplaceProxMatchesThePiecewiseQuadraticMinimum) {
  // Independent: for fixed c the best x is c + soft(v − c, a), so the prox minimises the
  // convex piecewise quadratic h(c) = Σ H_a(v_j − c); every piece between sorted breakpoints is
  // minimised in closed form and the best kept (O(m²)).
  Random rng(2);
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::Index d = 1 + trial % 9;
    const int G = 1 + trial % 3;
    Labels labels(static_cast<std::size_t>(d));
    for (auto& l : labels) l = static_cast<std::int32_t>(rng.below(static_cast<std::uint64_t>(G)));
    Matrix v(d, 1);
    for (Eigen::Index j = 0; j < d; ++j) v(j, 0) = trial % 4 == 0 ? std::round(2 * rng.normal()) : rng.normal();
    const double gamma = 0.05 + rng.uniform(), step = 0.5 + rng.uniform(), a = gamma * step;
    GroupDeviationPenalty P(PriorKind::Laplace, labels, G, gamma);
    Matrix x = v;
    P.prox(x, step);
    const auto objective = [&](const Matrix& z) { return 0.5 * (z - v).squaredNorm() + step * P.value(z); };
    double best = 0;
    for (int g = 0; g < G; ++g) {
      std::vector<double> vg;
      for (Eigen::Index j = 0; j < d; ++j)
        if (labels[static_cast<std::size_t>(j)] == g) vg.push_back(v(j, 0));
      if (vg.empty()) continue;
      auto h = [&](double c) {
        double s = 0;
        for (double t : vg) {
          const double r = t - c;
          s += std::abs(r) <= a ? 0.5 * r * r : a * std::abs(r) - 0.5 * a * a;
        }
        return s;
      };
      std::vector<double> bp;
      for (double t : vg) {
        bp.push_back(t - a);
        bp.push_back(t + a);
      }
      std::sort(bp.begin(), bp.end());
      double m = HUGE_VAL;
      for (double c : bp) m = std::min(m, h(c));
      for (std::size_t k = 0; k + 1 < bp.size(); ++k) {  // inside a piece: h' = Σ_inside (c − v) ± a·counts = 0
        const double mid = 0.5 * (bp[k] + bp[k + 1]);
        double slope = 0, inside = 0, sum = 0;
        for (double t : vg) {
          if (t - mid > a) slope -= a;
          else if (t - mid < -a) slope += a;
          else {
            inside += 1;
            sum += t;
          }
        }
        if (inside > 0) {
          const double c = (sum - slope) / inside;
          if (c >= bp[k] && c <= bp[k + 1]) m = std::min(m, h(c));
        }
      }
      best += m;
    }
    EXPECT_NEAR(objective(x), best, 1e-12 * (1 + best)) << "trial " << trial;
  }
}

TEST(GroupDeviationPenalty, GaussianProxSolvesItsLinearSystem) {
  Random rng(4);
  const Eigen::Index d = 9;
  const int G = 3;
  Labels labels(static_cast<std::size_t>(d));
  for (auto& l : labels) l = static_cast<std::int32_t>(rng.below(G));
  labels[0] = 0, labels[1] = 1, labels[2] = 2;
  Matrix v(d, 1);
  for (Eigen::Index j = 0; j < d; ++j) v(j, 0) = rng.normal();
  const double gamma = 0.7, step = 0.3;
  GroupDeviationPenalty P(PriorKind::Gaussian, labels, G, gamma);
  Matrix x = v;
  P.prox(x, step);
  // (I + 2 step γ (I − P)) x = v with P the group-averaging matrix, solved directly.
  Matrix avg = Matrix::Zero(d, d);
  for (Eigen::Index i = 0; i < d; ++i) {
    double size = 0;
    for (Eigen::Index j = 0; j < d; ++j)
      size += labels[static_cast<std::size_t>(j)] == labels[static_cast<std::size_t>(i)];
    for (Eigen::Index j = 0; j < d; ++j)
      if (labels[static_cast<std::size_t>(j)] == labels[static_cast<std::size_t>(i)]) avg(i, j) = 1 / size;
  }
  const Matrix I = Matrix::Identity(d, d);
  const Matrix direct = (I + 2 * step * gamma * (I - avg)).lu().solve(v);
  EXPECT_LT((x - direct).cwiseAbs().maxCoeff(), 1e-13);
  EXPECT_NEAR(P.value(x), gamma * ((I - avg) * x).squaredNorm(), 1e-13);
}

TEST(Objective, GroupRidgeGradientMatchesFiniteDifferences) {
  Random rng(8);
  RowMatrix X(30, 7);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = rng.normal();
  Vector y(30);
  for (auto& t : y) t = static_cast<double>(rng.below(2));
  const CenteredDesign Xc(DataMatrix(X.data(), X.rows(), X.cols()));
  const auto loss = makeLoss("logistic");
  Objective F(Xc, loss->targets(y), *loss, 0.1);
  F.setGroupRidge({0, 0, 1, 1, 1, 2, 0}, 3, 1.7);
  Matrix W(7, 1), g;
  for (Eigen::Index j = 0; j < 7; ++j) W(j, 0) = rng.normal();
  RowVector b(1), gb;
  b[0] = 0.2;
  F.gradient(W, b, g, gb);
  for (Eigen::Index j = 0; j < 7; ++j) {
    Matrix Wp = W, Wm = W;
    Wp(j, 0) += 1e-6;
    Wm(j, 0) -= 1e-6;
    EXPECT_NEAR(g(j, 0), (F.value(Wp, b) - F.value(Wm, b)) / 2e-6, 1e-7);
  }
}

TEST(GroupingPrior, ObjectivesNeverIncreaseAndEndAtAPartialOptimum) {
  RowMatrix X;
  Vector y, w;
  Labels truth;
  threeValues(60, 30, 1.0, 3, X, y, truth, w);
  const CenteredDesign Xc(DataMatrix(X.data(), X.rows(), X.cols()));
  const auto loss = makeLoss("squared");
  const Objective F(Xc, loss->targets(y), *loss, 0);
  for (PriorKind kind : {PriorKind::Gaussian, PriorKind::Laplace})
    for (double gamma : {1e-3, 1e-2, 1e-1}) {
      GroupingPriorOptions o;
      o.kind = kind;
      o.gamma = gamma;
      o.tolerance = 1e-12;
      o.maxIterations = 200000;
      for (bool paper : {false, true}) {
        const Result r =
            paper ? groupingPriorConjugateGradient(F, o, Matrix::Zero(30, 1), RowVector::Constant(1, y.mean()), {})
                  : groupingPriorDescent(F, o, Matrix::Zero(30, 1), RowVector::Constant(1, y.mean()), {});
        for (std::size_t k = 1; k < r.history.size(); ++k) EXPECT_LE(r.history[k], r.history[k - 1] * (1 + 1e-12));
        if (paper) continue;
        EXPECT_EQ(r.status, Status::Converged);
        // The reported objective is F + γ · (the exact k-means / k-median deviation of w).
        PriorAssignment a;
        EXPECT_NEAR(r.objective, groupingPriorObjective(F, o, r.coef, r.intercept, &a), 1e-12 * r.objective);
        // Fixed point: the best assignment for w is the one w was fitted for, and w is optimal
        // for that assignment (the convex subproblem's certificate).
        EXPECT_NEAR(adjustedRandIndex(a.labels, r.groups), 1.0, 1e-12);
        const GroupDeviationPenalty P(kind, r.groups, static_cast<int>(r.centroids.rows()), gamma);
        EXPECT_LT(relativeOptimalityResidual(F, P, r.coef, r.intercept, gradientScale(F)), 1e-8);
      }
    }
}

// Independent features: the fit without the prior (init 'ridge') is close to w*, and its
// clustering is the truth.
TEST(GroupingPrior, RecoversThreeValuesAndLemTiesThemExactly) {
  RowMatrix X;
  Vector y, w;
  Labels truth;
  threeValues(80, 30, 0.1, 7, X, y, truth, w);
  for (const char* method : {"gem", "lem"})
    for (const char* algorithm : {"exact", "paper"}) {
      Params p;
      p.numbers = {{"gamma", std::string(method) == "gem" ? 1.0 : 0.5}, {"tolerance", 1e-10}};
      p.strings = {{"algorithm", algorithm}, {"init", "ridge"}};
      const Result r = fit(method, problemOf(X, y), p);
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      const bool ours = std::string(algorithm) == "exact";
      // Ours recovers the partition; the paper's local centre updates need not (measured in
      // docs/replication.md), so only its LEM equalities are checked.
      if (ours) {
        EXPECT_NEAR(adjustedRandIndex(r.groups, truth), 1.0, 1e-12) << method;
        EXPECT_LT((r.coef.col(0) - w).cwiseAbs().maxCoeff(), 0.1) << method;
      }
      if (std::string(method) == "lem") {
        int tied = 0;
        for (Eigen::Index j = 0; j < r.coef.rows(); ++j)
          tied += r.coef(j, 0) == r.centroids(r.groups[static_cast<std::size_t>(j)], 0);
        EXPECT_GE(tied, ours ? 27 : 15) << algorithm;  // weights exactly at their centre
      }
    }
}

// The paper's setting (E6 regression): 150 noisy copies of three hidden variables. The default
// start (w = 0, groups from −∇F(0): the copies' covariances with the target) finds the hidden
// groups; with a strong prior every weight sits at its group's centre, and the fit is the model
// on the true groups (registry 'oracle').
TEST(GroupingPrior, FindsTheHiddenVariablesOfE6) {
  GeneratorOptions o;
  o.n = 400;
  o.nTest = 2000;
  o.task = "regression";
  o.sigma = 0.5;
  o.seed = 4;
  SyntheticProblem p;
  ASSERT_EQ(generate("e6", o, p).message(), "");
  const Problem train = problemOf(p.X, p.y);
  Params oracle;
  oracle.labels["groups"] = p.groups;
  const Result reference = fit("oracle", train, oracle);
  for (const char* method : {"gem", "lem"}) {
    Params q;
    // GEM's weights sit within ∂F/∂w_j / (2γ) of their centre (its stationarity), LEM's exactly.
    q.numbers = {{"gamma", std::string(method) == "gem" ? 1e5 : 100.0}, {"tolerance", 1e-12}};
    // From w = 0 (the direction of −∇F(0)); the ridge start reaches a lower objective here
    // (0.437 against 0.460 for GEM) on another partition: the prior's optimum need not be the
    // truth at n = 400, so the default 'best' keeps that one.
    q.strings = {{"init", "gradient"}};
    const Result r = fit(method, train, q);
    EXPECT_NEAR(adjustedRandIndex(r.groups, p.groups), 1.0, 1e-12) << method;
    EXPECT_LT((r.coef - reference.coef).cwiseAbs().maxCoeff(), 1e-4 * reference.coef.cwiseAbs().maxCoeff()) << method;
  }
}

TEST(GroupingPrior, LogisticFitsReachTheirCertificate) {
  Random rng(9);
  RowMatrix X(200, 12);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = rng.normal();
  Vector y(200);
  for (Eigen::Index i = 0; i < 200; ++i) y[i] = X.row(i).head(4).sum() - X.row(i).tail(4).sum() + rng.normal() > 0;
  for (const char* method : {"gem", "lem"}) {
    Params p;
    p.numbers = {{"gamma", 0.05}, {"lambda", 1e-3}, {"tolerance", 1e-10}};
    p.strings = {{"loss", "logistic"}};
    const Result r = fit(method, problemOf(X, y), p);
    EXPECT_EQ(r.status, Status::Converged) << method << ": " << r.message;
    for (std::size_t k = 1; k < r.history.size(); ++k) EXPECT_LE(r.history[k], r.history[k - 1]);
    EXPECT_EQ(r.centroids.rows(), 3);
  }
}

TEST(GroupingPrior, BadOptionsAreNamed) {
  RowMatrix X;
  Vector y, w;
  Labels truth;
  threeValues(20, 6, 0.1, 1, X, y, truth, w);
  Params p;
  p.numbers = {{"centres", 0}, {"gamma", 1}};
  EXPECT_NE(fit("gem", problemOf(X, y), p).message.find("centres"), std::string::npos);
  p.numbers = {{"gamma", -1}};
  EXPECT_NE(fit("lem", problemOf(X, y), p).message.find("gamma"), std::string::npos);
  p.numbers = {};
  EXPECT_NE(fit("gem", problemOf(X, y), p).message.find("option 'gamma' of method 'gem' is required"),
            std::string::npos);
  p.numbers = {{"gamma", 1}};
  p.strings = {{"loss", "logistic"}};
  const Result r = fit("gem", problemOf(X, y), p);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_EQ(r.message.rfind("y", 0), 0u) << r.message;
}

// The default start ('best') keeps the lower of the two starts' objectives (and that start's
// iterations), counted as two starts with a warning when one reached it: on an easy three-group
// problem at γ ≥ 1, the start from w = 0 alone stopped about 100× above the one from the ridge fit.
TEST(GroupingPrior, TheDefaultStartKeepsTheLowerObjective) {
  RowMatrix X;
  Vector y, w;
  Labels truth;
  threeValues(30, 8, 0.1, 3, X, y, truth, w);
  for (const char* method : {"gem", "lem"})
    for (double gamma : {1.0, 10.0, 100.0}) {
      Params p;
      p.numbers = {{"gamma", gamma}};
      const Result best = fit(method, problemOf(X, y), p);
      p.strings = {{"init", "gradient"}};
      const Result gradient = fit(method, problemOf(X, y), p);
      p.strings = {{"init", "ridge"}};
      const Result ridge = fit(method, problemOf(X, y), p);
      EXPECT_EQ(best.objective, std::min(gradient.objective, ridge.objective)) << method << " γ = " << gamma;
      const Result& kept = gradient.objective <= ridge.objective ? gradient : ridge;
      EXPECT_EQ(best.iterations, kept.iterations) << method;
      EXPECT_EQ(best.starts, 2) << method;
      const bool both = std::abs(gradient.objective - ridge.objective) <= 1e-9 * best.objective;
      EXPECT_EQ(best.startsAtBest, both ? 2 : 1) << method << " γ = " << gamma;
      EXPECT_EQ(best.warnings.size(), both ? 0u : 1u) << method << " γ = " << gamma;
      EXPECT_EQ(gradient.starts, 0) << method;  // one start: nothing to count
    }
}
