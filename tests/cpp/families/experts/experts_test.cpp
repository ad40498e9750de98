// Experts over clustered samples: every method recovers separated experts from noiseless data;
// alternating minimisation never increases its objective and stops at a certified fixed point;
// projected gradient only takes steps that lower its objective (regression and classifiers), on
// per-sample objectives whose gradients are their derivatives;
// a partition's experts are the ridge fits computed directly; the moving sufficient statistics
// equal a fresh pass; the CG oracle equals brute force over all partitions on tiny n; the
// relaxation's first value is the objective of its atom; best-answer scoring; the generator;
// regression clustering keeps the lowest of its runs; same seed, same answer; the starts side
// by side give one thread's answer, report their progress and stop together; bad input named.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <thread>

#include "supclust/base/parallel.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/partition.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/families/experts/alternating_experts.hpp"
#include "supclust/kernels/row_kmeans.hpp"
#include "supclust/families/experts/experts_conditional_gradient.hpp"
#include "supclust/families/experts/experts_projected_gradient.hpp"
#include "supclust/families/experts/regression_clustering.hpp"
#include "experts_mixture.hpp"
#include "problems.hpp"

using namespace supclust;
using supclust::test_data::mixture;

namespace {
// Each group's ridge expert solved directly: (X̃ᵀX̃ + λ s I) c = X̃ᵀỹ on the centred rows.
Experts directExperts(const RowMatrix& X, const Vector& y, const Labels& labels, int Q, double lambda) {
  Experts e{Matrix::Zero(X.cols(), Q), RowVector::Zero(Q)};
  for (int q = 0; q < Q; ++q) {
    std::vector<Eigen::Index> rows;
    for (std::size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == q) rows.push_back(static_cast<Eigen::Index>(i));
    if (rows.empty()) continue;
    Matrix Xq(static_cast<Eigen::Index>(rows.size()), X.cols());
    Vector yq(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
      Xq.row(static_cast<Eigen::Index>(r)) = X.row(rows[r]);
      yq[static_cast<Eigen::Index>(r)] = y[rows[r]];
    }
    const RowVector mean = Xq.colwise().mean();
    const double ybar = yq.mean();
    const Matrix Xc = Xq.rowwise() - mean;
    Matrix A = Xc.transpose() * Xc;
    A.diagonal().array() += lambda * static_cast<double>(rows.size());
    const Vector c = A.ldlt().solve(Xc.transpose() * (yq.array() - ybar).matrix());
    e.coef.col(q) = c;
    e.intercept[q] = ybar - mean.dot(c);
  }
  return e;
}
}  // namespace

TEST(Experts, EveryMethodRecoversSeparatedExpertsFromNoiselessData) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const SyntheticProblem p = mixture(300, 5, 3, 0, seed);
    for (const char* method : {"experts-oracle", "experts-am", "experts-pg", "experts-cg", "experts-rc"}) {
      Params params{{{"Q", 3}, {"lambda", 1e-8}}, {}, {}};
      if (std::string(method) == "experts-oracle") params.labels["groups"] = p.groups;
      const Result r = fit(method, problemOf(p), params);
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      EXPECT_EQ(r.kind, ModelKind::Experts);
      EXPECT_EQ(r.coef.cols(), 3);
      ASSERT_EQ(r.groups.size(), p.groups.size());
      // The partition, on the samples that only one true expert explains (a sample where two
      // experts' answers nearly coincide belongs to either).
      Labels found, truth;
      for (Eigen::Index i = 0; i < p.X.rows(); ++i) {
        const int q = p.groups[static_cast<std::size_t>(i)];
        double margin = HUGE_VAL;
        for (int k = 0; k < 3; ++k)
          if (k != q)
            margin = std::min(margin, std::abs(p.X.row(i).dot(p.coef.segment(5 * k, 5) - p.coef.segment(5 * q, 5))));
        if (margin < 1e-3) continue;
        found.push_back(r.groups[static_cast<std::size_t>(i)]);
        truth.push_back(q);
      }
      EXPECT_GT(found.size(), 290u);
      EXPECT_DOUBLE_EQ(adjustedRandIndex(found, truth), 1.0) << method << " seed " << seed;
      // The best answers on fresh samples are exact (the experts are the true ones).
      const Matrix T = p.ytest;
      const Vector best = scoredPredictions(r, DataMatrix(p.Xtest.data(), p.Xtest.rows(), p.Xtest.cols()), T).col(0);
      EXPECT_LT((best - p.ytest).cwiseAbs().maxCoeff(), 1e-4) << method;
    }
  }
}

TEST(Experts, AlternatingMinimisationNeverIncreasesAndEndsAtAFixedPoint) {
  for (std::uint64_t seed : {4, 5, 6, 7}) {
    const SyntheticProblem p = mixture(400, 10, 3, 0.5, seed, 20);
    const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
    const double lambda = 1e-2;
    const ExpertsFit f = alternateExperts(X, p.y, 3, lambda, randomStart(X.rows(), 3, seed), 200, {});
    ASSERT_EQ(f.status, Status::Converged);
    for (std::size_t t = 1; t < f.history.size(); ++t) EXPECT_LE(f.history[t], f.history[t - 1] * (1 + 1e-12));
    // Certificate: the experts are their groups' ridge fits, and no sample has a cheaper one.
    const Experts direct = directExperts(X, p.y, f.labels, 3, lambda);
    EXPECT_LT((direct.coef - f.experts.coef).cwiseAbs().maxCoeff(), 1e-9);
    EXPECT_LT((direct.intercept - f.experts.intercept).cwiseAbs().maxCoeff(), 1e-9);
    const Matrix costs = expertCosts(X, p.y, direct, lambda);
    for (Eigen::Index i = 0; i < costs.rows(); ++i)
      EXPECT_LE(costs(i, f.labels[static_cast<std::size_t>(i)]), costs.row(i).minCoeff() * (1 + 1e-12));
    EXPECT_NEAR(f.objective, expertObjective(costs, f.labels), 1e-12 * f.objective);
  }
}

// PG's backtracking (LwCS §4.3) takes only steps that lower F: its history never rises, and the
// objective it reports is F of the partition and centroids it returns, computed here directly.
TEST(Experts, ProjectedGradientOnlyTakesStepsThatLowerItsObjective) {
  for (std::uint64_t seed : {4, 5, 6}) {
    const SyntheticProblem p = mixture(300, 10, 3, 0.1, seed, 30);
    const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
    const Vector y = (p.y.array() - p.y.mean()).matrix();
    const double lambda = 1e-3;
    ExpertsProjectedGradientOptions o;
    o.seed = seed;
    const ExpertsFit f = expertsProjectedGradient(X, y, 3, lambda, o, {});
    ASSERT_GT(f.history.size(), 5u);
    for (std::size_t t = 1; t < f.history.size(); ++t) EXPECT_LT(f.history[t], f.history[t - 1]);
    double F = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      const Vector w = f.experts.coef.col(f.labels[static_cast<std::size_t>(i)]);
      F += std::pow(y[i] - X.row(i).dot(w), 2) + lambda * w.squaredNorm();
    }
    EXPECT_NEAR(f.objective, F / (2.0 * static_cast<double>(X.rows())), 1e-12 * f.objective);
    EXPECT_EQ(f.objective, f.history.back());
    EXPECT_LT(f.objective, y.squaredNorm() / (2.0 * static_cast<double>(X.rows())));  // below F(0)
  }
}

TEST(Experts, MovingStatisticsEqualAFreshPass) {
  // Few moves take the rows out of one group's statistics and into another's; many (or a new
  // largest group) make a fresh pass, where the largest group's Gram matrix is the whole data's
  // less the others'. Every path must give the experts of a direct ridge solve, also when a
  // group shrinks to one sample.
  const SyntheticProblem p = mixture(120, 6, 3, 0.3, 8);
  const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
  ExpertGroups moved(X, p.y, 3), fresh(X, p.y, 3);
  Labels labels = randomStart(X.rows(), 3, 9);
  moved.assign(labels);
  Random rng(10);
  for (int round = 0; round < 9; ++round) {
    const int changes = round % 3 == 2 ? 90 : 7;
    for (int k = 0; k < changes; ++k) labels[rng.below(labels.size())] = static_cast<std::int32_t>(rng.below(3));
    if (round == 7) {  // group 2 down to one sample, by moves
      for (auto& l : labels)
        if (l == 2) l = 0;
      labels[5] = 2;
    }
    moved.reassign(labels);
    fresh.assign(labels);
    Experts a, b;
    ASSERT_TRUE(moved.fit(1e-3, a));
    ASSERT_TRUE(fresh.fit(1e-3, b));
    EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-9) << round;
    const Experts direct = directExperts(X, p.y, labels, 3, 1e-3);
    EXPECT_LT((direct.coef - b.coef).cwiseAbs().maxCoeff(), 1e-9) << round;
    EXPECT_LT((direct.coef - a.coef).cwiseAbs().maxCoeff(), 1e-9) << round;
    EXPECT_LT((direct.intercept - a.intercept).cwiseAbs().maxCoeff(), 1e-9) << round;
  }
}

TEST(Experts, AnEmptiedGroupIsRefilledWithoutRaisingTheObjective) {
  const SyntheticProblem p = mixture(60, 3, 3, 0.2, 11);
  const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
  Labels start(60, 0);
  start[0] = 1;  // group 2 empty, group 1 a single sample
  const ExpertsFit f = alternateExperts(X, p.y, 3, 1e-3, start, 100, {});
  std::vector<int> sizes(3, 0);
  for (std::int32_t l : f.labels) ++sizes[static_cast<std::size_t>(l)];
  for (int s : sizes) EXPECT_GT(s, 0);
  for (std::size_t t = 1; t < f.history.size(); ++t) EXPECT_LE(f.history[t], f.history[t - 1] * (1 + 1e-12));
}

TEST(Experts, TheConditionalGradientOracleEqualsBruteForceOnTinyN) {
  Random rng(12);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 9, d = 3;
    RowMatrix B(n, d);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < d; ++j) B(i, j) = rng.normal() + (i % 3 == 0 ? 2.0 : 0.0);
    double best = 0;
    for (int mask = 0; mask < (1 << n); ++mask) {
      Labels l(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) l[static_cast<std::size_t>(i)] = (mask >> i) & 1;
      best = std::max(best, expertsOracleValue(B, l, 2));
    }
    // The oracle is k-means on the rows of B: restarts find the maximiser on 9 points.
    double found = 0;
    for (std::uint64_t s = 0; s < 20; ++s) {
      const RowKMeansResult km = rowKMeans(Matrix(B), 2, 10, s);
      found = std::max(found, expertsOracleValue(B, km.labels, 2));
    }
    EXPECT_NEAR(found, best, 1e-12 * best);
  }
}

TEST(Experts, TheRelaxationsValueAtOnePartitionIsThatPartitionsObjective) {
  // ψ(M) for the atom of a partition equals F of its experts without intercepts on centred
  // data (the papers' elimination of the experts, §7.3.1), computed here directly — at a λ where
  // a is found by conjugate gradients and at one so small that the solver factorises I + H
  // instead (families/experts/shifted_system).
  const SyntheticProblem p = mixture(40, 4, 2, 0.3, 13);
  const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
  const Vector y = (p.y.array() - p.y.mean()).matrix();
  for (const double lambda : {0.3, 1e-6}) {
    ExpertsConditionalGradientOptions o;
    o.maxIterations = 1;
    const ExpertsConditionalGradientResult r = expertsConditionalGradient(X, y, 2, lambda, o, {});
    ASSERT_EQ(r.psi.size(), 1u);
    // The first iterate is the atom of the oracle at a = y: k-means on the rows of diag(y) X
    // with the solver's first seed.
    Random seeds(o.seed);
    const RowMatrix B0 = y.asDiagonal() * X;
    const Labels first = rowKMeans(Matrix(B0), 2, o.restarts, seeds.next()).labels;
    double F = 0;
    for (int q = 0; q < 2; ++q) {
      std::vector<Eigen::Index> rows;
      for (std::size_t i = 0; i < first.size(); ++i)
        if (first[i] == q) rows.push_back(static_cast<Eigen::Index>(i));
      Matrix Xq(static_cast<Eigen::Index>(rows.size()), X.cols());
      Vector yq(static_cast<Eigen::Index>(rows.size()));
      for (std::size_t k = 0; k < rows.size(); ++k) {
        Xq.row(static_cast<Eigen::Index>(k)) = X.row(rows[k]);
        yq[static_cast<Eigen::Index>(k)] = y[rows[k]];
      }
      Matrix A = Xq.transpose() * Xq;
      A.diagonal().array() += lambda * static_cast<double>(rows.size());
      const Vector c = A.ldlt().solve(Xq.transpose() * yq);
      F += (yq - Xq * c).squaredNorm() + lambda * static_cast<double>(rows.size()) * c.squaredNorm();
    }
    F /= 2.0 * 40;
    // a is solved to a residual of 1e-8‖y‖ (or directly), so ψ = yᵀa/(2n) to about that.
    EXPECT_NEAR(r.psi[0], F, 1e-7 * F) << lambda;
    EXPECT_GE(r.gap[0], -1e-12);
  }
}

TEST(Experts, TheConditionalGradientsMemoryEstimateCountsItsFourSamplePairMatrices) {
  // CG holds XXᵀ, M and H = (XXᵀ∘M)/λ, and at small λ the Cholesky factor of I + H: four n × n
  // matrices of doubles, which the wasm build's address-space check must count before any work.
  const Method* cg = findMethod("experts-cg");
  ASSERT_NE(cg, nullptr);
  const double n = 8000, d = 100;
  EXPECT_GE(estimateFitBytes(*cg, n, d, 1, n * d, false), 4 * 8 * n * n);
}

TEST(Experts, ScoringTakesEachRowsBestAnswer) {
  Result r;
  r.kind = ModelKind::Experts;
  r.coef = Matrix(1, 2);
  r.coef << 1, -1;
  r.intercept = RowVector::Zero(2);
  RowMatrix X(3, 1);
  X << 1, 2, -3;
  Matrix T(3, 1);
  T << 0.9, -2.5, 2.0;  // closest: expert 0 (1), expert 1 (−2), expert 1 (3)
  const Matrix best = scoredPredictions(r, DataMatrix(X.data(), 3, 1), T);
  EXPECT_EQ(best(0, 0), 1);
  EXPECT_EQ(best(1, 0), -2);
  EXPECT_EQ(best(2, 0), 3);
}

TEST(Experts, TheGeneratorFollowsItsModel) {
  const SyntheticProblem p = mixture(500, 4, 3, 0, 14, 6);
  ASSERT_EQ(p.X.cols(), 10);
  ASSERT_EQ(p.coef.size(), 30);
  for (Eigen::Index i = 0; i < p.X.rows(); ++i) {
    const int q = p.groups[static_cast<std::size_t>(i)];
    EXPECT_NEAR(p.y[i], p.X.row(i).dot(p.coef.segment(10 * q, 10)), 1e-12);
  }
  // Noise dimensions: zero weights, standard deviation σ_d = 1.
  for (int q = 0; q < 3; ++q) EXPECT_EQ(p.coef.segment(10 * q + 4, 6).cwiseAbs().maxCoeff(), 0);
  const double sd = std::sqrt(p.X.rightCols(6).array().square().mean());
  EXPECT_NEAR(sd, 1, 0.05);
}

TEST(Experts, RegressionClusteringKeepsItsLowestRun) {
  // KHM from one random partition (three nearly equal functions) can stop at a fixed point of
  // high Perf even without noise dimensions: on E3's p = 0 mixture at n = 300, one run followed
  // by AM misses the experts on several seeds; the lowest-Perf run of three finds them on all.
  int singleMisses = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const SyntheticProblem p = mixture(300, 10, 3, 0.1, seed);
    const auto ari = [&](int restarts) {
      const Params params{
          {{"Q", 3}, {"lambda", 1e-2}, {"restarts", restarts}, {"seed", static_cast<double>(seed)}}, {}, {}};
      return adjustedRandIndex(fit("experts-rc", problemOf(p), params).groups, p.groups);
    };
    EXPECT_GT(ari(3), 0.5) << "seed " << seed;
    singleMisses += ari(1) < 0.5;
  }
  EXPECT_GT(singleMisses, 0) << "one run should miss somewhere here, or this test shows nothing";

  // The kept run is the lowest-Perf one of the runs from the seeded partitions.
  const SyntheticProblem p = mixture(300, 10, 3, 0.1, 6);
  const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
  RegressionClusteringOptions o;
  o.seed = 11;
  o.restarts = 3;
  const ExpertsFit best = regressionClustering(X, p.y, 3, 1e-2, o, Control{});
  Random seeds(o.seed);
  double lowest = HUGE_VAL;
  Labels lowestLabels;
  for (int s = 0; s < o.restarts; ++s) {
    const ExpertsFit run =
        regressionClusteringFrom(X, p.y, 3, 1e-2, randomStart(X.rows(), 3, seeds.next()), o, Control{});
    if (run.objective < lowest) {
      lowest = run.objective;
      lowestLabels = run.labels;
    }
  }
  EXPECT_EQ(best.objective, lowest);
  EXPECT_EQ(best.labels, lowestLabels);
}

TEST(Experts, SameSeedSameAnswer) {
  const SyntheticProblem p = mixture(200, 5, 3, 0.5, 15, 10);
  for (const char* method : {"experts-am", "experts-pg", "experts-cg", "experts-rc"}) {
    const Params params{{{"Q", 3}, {"lambda", 1e-2}, {"seed", 5}}, {}, {}};
    const Result a = fit(method, problemOf(p), params), b = fit(method, problemOf(p), params);
    EXPECT_EQ(a.groups, b.groups) << method;
    EXPECT_EQ(a.coef, b.coef) << method;
  }
}

TEST(Experts, SearchesSideBySideGiveTheAnswerOfOneThread) {
  // AM's starts and RC's runs go side by side on the threads the build has (two or three here;
  // one on a one-core machine, where this compares a run with itself): every answer is the one
  // of a single thread, to the bit, and the kept start is the lowest-F one computed apart.
  const SyntheticProblem p = mixture(300, 5, 3, 0.3, 21, 20);
  const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
  for (int threads : {2, 3}) {
    AlternatingExpertsOptions o;
    o.seed = 4;
    o.restarts = 7;
    o.threads = 1;
    const ExpertsFit one = alternateExpertsWithRestarts(X, p.y, 3, 1e-2, o, Control{});
    o.threads = threads;
    const ExpertsFit many = alternateExpertsWithRestarts(X, p.y, 3, 1e-2, o, Control{});
    EXPECT_EQ(one.objective, many.objective) << threads;
    EXPECT_EQ(one.labels, many.labels) << threads;
    EXPECT_EQ(one.experts.coef, many.experts.coef) << threads;
    EXPECT_EQ(one.history, many.history) << threads;

    RegressionClusteringOptions r;
    r.seed = 9;
    r.restarts = 5;
    r.threads = 1;
    const ExpertsFit rcOne = regressionClustering(X, p.y, 3, 1e-2, r, Control{});
    r.threads = threads;
    const ExpertsFit rcMany = regressionClustering(X, p.y, 3, 1e-2, r, Control{});
    EXPECT_EQ(rcOne.objective, rcMany.objective) << threads;
    EXPECT_EQ(rcOne.labels, rcMany.labels) << threads;
    EXPECT_EQ(rcOne.experts.coef, rcMany.experts.coef) << threads;
  }
  AlternatingExpertsOptions o;
  o.seed = 4;
  o.restarts = 7;
  const ExpertsFit kept = alternateExpertsWithRestarts(X, p.y, 3, 1e-2, o, Control{});
  Random seeds(o.seed);
  double lowest = HUGE_VAL;
  Labels lowestLabels;
  for (int s = 0; s < o.restarts; ++s) {
    const ExpertsFit run =
        alternateExperts(X, p.y, 3, 1e-2, randomStart(X.rows(), 3, seeds.next()), 100, Control{}, o.exchange);
    if (run.objective < lowest) {
      lowest = run.objective;
      lowestLabels = run.labels;
    }
  }
  EXPECT_EQ(kept.objective, lowest);
  EXPECT_EQ(kept.labels, lowestLabels);

  // The searches do run on several threads when the build has them.
  std::mutex m;
  std::set<std::thread::id> ids;
  runSearches(8, 2, 0, Control{}, [&](std::size_t, const Control&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::lock_guard<std::mutex> lock(m);
    ids.insert(std::this_thread::get_id());
    return ExpertsFit{};
  });
  EXPECT_EQ(static_cast<int>(ids.size()), std::min(2, availableThreads()));
}

TEST(Experts, SearchThreadsKeepTheStartsCopiesWithin256MB) {
  // Each thread of a search holds its own copy of the statistics (ExpertFamily::bytes(): the
  // Q + 1 Gram matrices and a copy of up to n rows): the threads are capped so that the copies
  // stay within 256 MB, and a search inside a parallel task keeps to one thread.
  const int cores = availableThreads();
  EXPECT_EQ(searchThreads(2, 1e3), std::min(2, cores));
  EXPECT_EQ(searchThreads(0, 1e3), cores);
  EXPECT_EQ(searchThreads(8, 100e6), std::min(2, cores));  // 2 × 100 MB fit, 3 would not
  EXPECT_EQ(searchThreads(8, 200e6), 1);
  EXPECT_EQ(searchThreads(0, 1e12), 1);  // never zero
  // Two tasks on two threads (one thread on a one-core machine, where the tasks run in turn and
  // a search may use the one core: 1 either way).
  std::atomic<int> threadsOfBoth{0};
  parallelFor(
      2, 2, [&](std::size_t) { threadsOfBoth += searchThreads(2, 1e3); }, [](std::size_t) { return true; });
  EXPECT_EQ(threadsOfBoth.load(), 2);
  RowMatrix X = RowMatrix::Zero(50, 7);
  Vector y = Vector::Zero(50);
  const RegressionExperts family(X, y, 3, 1e-2);
  EXPECT_EQ(family.bytes(), 8.0 * (4 * 7 * 7 + 50 * 7));
}

TEST(Experts, SearchesReportTheirIterationsAndLowestObjectiveAndStopTogether) {
  const SyntheticProblem p = mixture(300, 5, 3, 0.3, 22, 20);
  const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
  for (int threads : {1, 2}) {
    AlternatingExpertsOptions o;
    o.seed = 2;
    o.restarts = 6;
    o.threads = threads;
    std::vector<std::pair<int, double>> seen;
    Control c;
    c.progress = [&](int it, double f) {
      seen.emplace_back(it, f);
      return true;
    };
    const ExpertsFit fit = alternateExpertsWithRestarts(X, p.y, 3, 1e-2, o, c);
    ASSERT_FALSE(seen.empty()) << threads;
    for (std::size_t k = 1; k < seen.size(); ++k) {
      // One thread: every iteration of every start, counted on; else polls, never going back.
      if (threads == 1) EXPECT_EQ(seen[k].first, seen[k - 1].first + 1);
      else EXPECT_GE(seen[k].first, seen[k - 1].first);
      EXPECT_LE(seen[k].second, seen[k - 1].second);
    }
    // AM's F never increases within a start: the lowest reported is the best start's own.
    EXPECT_EQ(seen.back().second, fit.objective) << threads;
    EXPECT_EQ(fit.status, Status::Converged) << threads;

    // Stopping from the callback stops every start (on one thread, at its third call; else at
    // its first — a poll, which may come only after the last start).
    int calls = 0;
    c.progress = [&](int, double) { return ++calls < (threads == 1 ? 3 : 1); };
    const ExpertsFit stopped = alternateExpertsWithRestarts(X, p.y, 3, 1e-2, o, c);
    EXPECT_EQ(stopped.status, Status::Aborted) << threads;
    RegressionClusteringOptions r;
    r.threads = threads;
    calls = 0;
    EXPECT_EQ(regressionClustering(X, p.y, 3, 1e-2, r, c).status, Status::Aborted) << threads;
  }
}

TEST(Experts, BadInputIsNamed) {
  const SyntheticProblem p = mixture(20, 3, 2, 0.1, 16);
  const auto message = [&](const char* method, Params params) {
    const Result r = fit(method, problemOf(p), params);
    EXPECT_EQ(r.status, Status::InvalidInput);
    return r.message;
  };
  EXPECT_NE(message("experts-am", {{{"Q", 21}}, {}, {}}).find("option 'Q'"), std::string::npos);
  EXPECT_NE(message("experts-am", {{{"Q", 0}}, {}, {}}).find("Q"), std::string::npos);
  EXPECT_NE(message("experts-am", {{{"Q", 2}, {"lambda", 0}}, {}, {}}).find("lambda"), std::string::npos);
  Params wrong{{{"Q", 2}}, {}, {}};
  wrong.labels["groups"] = Labels(19, 0);
  EXPECT_NE(message("experts-oracle", wrong).find("groups"), std::string::npos);
  wrong.labels["groups"] = Labels(20, 2);
  EXPECT_NE(message("experts-oracle", wrong).find("0..Q-1"), std::string::npos);
  wrong.labels["groups"] = Labels(20, 1);  // expert 0 without samples
  EXPECT_NE(message("experts-oracle", wrong).find("every expert"), std::string::npos);
  SyntheticProblem bad = p;
  bad.X(3, 1) = NAN;
  const Result r = fit("experts-am", problemOf(bad), {{{"Q", 2}}, {}, {}});
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_NE(r.message.find("X: must be finite"), std::string::npos);
  // The registry stays usable.
  EXPECT_NE(fit("experts-am", problemOf(p), {{{"Q", 2}}, {}, {}}).status, Status::InvalidInput);
}

TEST(Experts, TheConditionalGradientsGapBoundsItsValuesAndShrinks) {
  // With an exact oracle the Frank–Wolfe gap g_t ≥ ψ(M_t) − min ψ, so every lower bound
  // ψ_t − g_t lies below every value ψ_s. On 40 samples in 3 dimensions, k-means with 20
  // restarts finds the best 2-partition of the rows of B (a linear split).
  for (std::uint64_t seed : {17, 18}) {
    const SyntheticProblem p = mixture(40, 3, 2, 0.3, seed);
    const RowMatrix X = p.X.rowwise() - p.X.colwise().mean();
    const Vector y = (p.y.array() - p.y.mean()).matrix();
    ExpertsConditionalGradientOptions o;
    o.maxIterations = 200;
    o.tolerance = 0;
    o.restarts = 500;  // enough for k-means to find the best split of 40 points (20 were not)
    const ExpertsConditionalGradientResult r = expertsConditionalGradient(X, y, 2, 0.1, o, {});
    ASSERT_GE(r.psi.size(), 20u);  // it stops early only at a zero gap
    double lowest = HUGE_VAL, bound = -HUGE_VAL;
    for (std::size_t t = 0; t < r.psi.size(); ++t) {
      lowest = std::min(lowest, r.psi[t]);
      bound = std::max(bound, r.psi[t] - r.gap[t]);
      EXPECT_GE(r.gap[t], -1e-9 * r.psi[t]) << t;
    }
    EXPECT_LE(bound, lowest * (1 + 1e-7));
    // The gap shrinks: its smallest value over the second half of the steps is below the first
    // step's by an order of magnitude (FW's min gap falls like 1/t).
    const double late = *std::min_element(r.gap.begin() + static_cast<std::ptrdiff_t>(r.gap.size() / 2), r.gap.end());
    EXPECT_LT(late, 0.1 * r.gap[0]);
  }
}

// ---- Classifying experts (LwCS §7.1.2) ----
namespace {
// Q = 2 multiclass classifiers (K = 4 classes) over d = 6 features; each sample's class is the
// argmax of its own expert's scores (noiseless). Labels as doubles, the experts' truth beside.
struct ClassMixture {
  RowMatrix X;
  Vector y;
  Labels truth;
};
ClassMixture classMixture(Eigen::Index n, std::uint64_t seed) {
  const Eigen::Index d = 6, K = 4;
  Random rng(seed);
  std::vector<Matrix> V(2, Matrix(d, K));
  for (auto& v : V)
    for (Eigen::Index j = 0; j < d; ++j)
      for (Eigen::Index k = 0; k < K; ++k) v(j, k) = 4 * rng.normal();
  ClassMixture m{RowMatrix(n, d), Vector(n), Labels(static_cast<std::size_t>(n))};
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) m.X(i, j) = rng.normal();
    const auto q = static_cast<std::int32_t>(rng.below(2));
    m.truth[static_cast<std::size_t>(i)] = q;
    Eigen::Index c;
    (m.X.row(i) * V[static_cast<std::size_t>(q)]).maxCoeff(&c);
    m.y[i] = static_cast<double>(c);
  }
  return m;
}
Problem problemOf(const ClassMixture& m) {
  return {DataMatrix(m.X.data(), m.X.rows(), m.X.cols()), {m.y.data(), m.y.size()}};
}
// Params of a classifying fit: the one-vs-all logistic loss, λ and Q (0: none).
Params classifying(double lambda, int Q) {
  Params q;
  q.strings["loss"] = "ova-logistic";
  q.numbers["lambda"] = lambda;
  if (Q > 0) q.numbers["Q"] = Q;
  return q;
}
double softplusOf(double t) { return t > 0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t)); }
}  // namespace

// AM's objective never increases and it ends at a certified fixed point: every sample's cost
// (its one-vs-all logistic loss plus λ/2‖V^q‖², recomputed here from the model) is lowest under
// its own expert, and each expert is its group's ridge-logistic fit (method 'ridge' on the rows).
// The same holds for PG's answer, refined by AM (its history: PG's steps, then AM's refits).
TEST(ClassifyingExperts, AlternatingMinimisationEndsAtACertifiedFixedPoint) {
  const ClassMixture m = classMixture(600, 3);
  const Problem p = problemOf(m);
  for (const char* method : {"experts-am", "experts-pg"}) {
    SCOPED_TRACE(method);
    Params q = classifying(1e-3, 2);
    q.numbers["restarts"] = 4;
    const Result r = fit(method, p, q);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    ASSERT_EQ(r.coef.cols(), 8);
    for (std::size_t t = 1; t < r.history.size(); ++t) EXPECT_LE(r.history[t], r.history[t - 1] * (1 + 1e-12));
    const Matrix Z = p.X.predict(r.coef, r.intercept);
    double F = 0;
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
      double cost[2];
      for (int e = 0; e < 2; ++e) {
        cost[e] = 0.5 * 1e-3 * r.coef.middleCols(4 * e, 4).squaredNorm();
        for (int k = 0; k < 4; ++k) cost[e] += softplusOf(-(k == static_cast<int>(m.y[i]) ? 1 : -1) * Z(i, 4 * e + k));
      }
      const int own = r.groups[static_cast<std::size_t>(i)];
      EXPECT_LE(cost[own], cost[1 - own] + 1e-12) << "sample " << i;
      F += cost[own] / static_cast<double>(Z.rows());
    }
    EXPECT_NEAR(F, r.objective, 1e-9 * F);
    for (int e = 0; e < 2; ++e) {
      std::vector<bool> in(static_cast<std::size_t>(m.X.rows()));
      for (std::size_t i = 0; i < in.size(); ++i) in[i] = r.groups[i] == e;
      const Rows g = selectRows(p, in, true);
      const Result direct = fit("ridge", g.view(), classifying(1e-3, 0));
      ASSERT_EQ(direct.coef.cols(), 4) << "expert " << e << " lacks a class";
      EXPECT_LT((direct.coef - r.coef.middleCols(4 * e, 4)).cwiseAbs().maxCoeff(),
                1e-5 * (1 + direct.coef.cwiseAbs().maxCoeff()));
      EXPECT_LT((direct.intercept - r.intercept.segment(4 * e, 4)).cwiseAbs().maxCoeff(),
                1e-5 * (1 + direct.intercept.cwiseAbs().maxCoeff()));
    }
  }
}

// PG's objective on per-sample predictors: n∇F row by row against central differences of n·F,
// for the regression rows (w_i) and the classifiers' rows (W^i's K columns, then b^i), at a
// random W.
TEST(ClassifyingExperts, SamplePredictorsGradientsAreTheirObjectivesDerivatives) {
  const ClassMixture m = classMixture(7, 11);
  const RowMatrix X = m.X.rowwise() - m.X.colwise().mean();
  const LogisticLoss loss(true);
  const Matrix T = loss.targets(m.y);
  const Vector y = m.y;
  const double lambda = 0.3;
  const SquaredSamplePredictors squared(X, y, lambda);
  const ClassifyingSamplePredictors classifiers(X, T, lambda);
  ASSERT_EQ(classifiers.width(), (X.cols() + 1) * T.cols());
  for (const SamplePredictors* F :
       {static_cast<const SamplePredictors*>(&squared), static_cast<const SamplePredictors*>(&classifiers)}) {
    Random rng(5);
    RowMatrix W(F->samples(), F->width());
    for (Eigen::Index k = 0; k < W.size(); ++k) W.data()[k] = 0.5 * rng.normal();
    Matrix state;
    F->value(W, state);
    RowMatrix G;
    F->gradient(W, state, G);
    const auto n = static_cast<double>(F->samples());
    const double h = 1e-6;
    for (Eigen::Index i = 0; i < W.rows(); ++i)
      for (Eigen::Index j = 0; j < W.cols(); ++j) {
        RowMatrix up = W, down = W;
        up(i, j) += h;
        down(i, j) -= h;
        Matrix unused;
        const double fd = n * (F->value(up, unused) - F->value(down, unused)) / (2 * h);
        EXPECT_NEAR(G(i, j), fd, 1e-6 * (1 + std::abs(fd)))
            << "row " << i << ", entry " << j << ", width " << F->width();
      }
  }
}

// PG on the classifiers' rows (LwCS §7.1.2) takes only steps that lower F (its history falls
// strictly), below F(0) = K log 2, and the objective it reports is F of the partition and
// experts it returns, computed here from them: 1/n Σ_i [ℓ(y_i, V^qᵀx_i + b^q) + λ/2‖V^q‖²].
TEST(ClassifyingExperts, ProjectedGradientOnlyTakesStepsThatLowerItsObjective) {
  for (std::uint64_t seed : {3, 4}) {
    const ClassMixture m = classMixture(300, seed);
    const RowMatrix X = m.X.rowwise() - m.X.colwise().mean();
    const LogisticLoss loss(true);
    const Matrix T = loss.targets(m.y);
    const double lambda = 1e-3;
    ExpertsProjectedGradientOptions o;
    o.seed = seed;
    const ExpertsFit f = expertsProjectedGradient(ClassifyingSamplePredictors(X, T, lambda), 2, o, {});
    ASSERT_GT(f.history.size(), 5u);
    for (std::size_t t = 1; t < f.history.size(); ++t) EXPECT_LT(f.history[t], f.history[t - 1]);
    ASSERT_EQ(f.experts.coef.cols(), 8);
    double F = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      const int q = f.labels[static_cast<std::size_t>(i)];
      F += 0.5 * lambda * f.experts.coef.middleCols(4 * q, 4).squaredNorm();
      for (int k = 0; k < 4; ++k)
        F += softplusOf(-(2 * T(i, k) - 1) *
                        (X.row(i).dot(f.experts.coef.col(4 * q + k)) + f.experts.intercept[4 * q + k]));
    }
    F /= static_cast<double>(X.rows());
    EXPECT_NEAR(f.objective, F, 1e-12 * F);
    EXPECT_EQ(f.objective, f.history.back());
    EXPECT_LT(f.objective, 4 * std::log(2.0));
  }
}

// Two answers per sample from two classifiers beat one classifier by far on a mixture of two
// (the best answer is right wherever one expert is), and the oracle's experts (the true
// partition) are at least as good on the samples as the single classifier.
TEST(ClassifyingExperts, TwoExpertsBeatOneClassifierOnAMixture) {
  const ClassMixture m = classMixture(800, 5);
  const Problem p = problemOf(m);
  const LogisticLoss loss(true);
  const Matrix T = loss.targets(m.y);
  auto errorOf = [&](const Result& r) { return score(Metric::Error, scoredPredictions(r, p.X, T), T, loss); };
  const double single = errorOf(fit("ridge", p, classifying(1e-3, 0)));
  const Result am = fit("experts-am", p, classifying(1e-3, 2));
  ASSERT_EQ(am.status, Status::Converged) << am.message;
  Params o = classifying(1e-3, 2);
  o.labels["groups"] = m.truth;
  const Result oracle = fit("experts-oracle", p, o);
  ASSERT_EQ(oracle.status, Status::Converged) << oracle.message;
  EXPECT_GT(single, 0.2);  // one linear classifier cannot fit two
  EXPECT_LT(errorOf(am), single / 2);
  EXPECT_LT(errorOf(oracle), single / 2);
}

// The best answer by hand: Q = 2 experts, K = 3 classes; rows whose truth only expert 1 predicts
// take expert 1's scores; rows no expert predicts take the expert with the truth's larger margin.
TEST(ClassifyingExperts, ScoringTakesTheExpertThatNamesTheTruth) {
  Result r;
  r.kind = ModelKind::Experts;
  r.coef = Matrix::Zero(1, 6);
  r.intercept.resize(6);
  r.intercept << 3, 1, 0, 0, 2, 1;  // expert 0 says class 0; expert 1 says class 1
  const RowMatrix X = RowMatrix::Zero(3, 1);
  Matrix T = Matrix::Zero(3, 3);
  T(0, 0) = T(1, 1) = T(2, 2) = 1;
  const Matrix Z = scoredPredictions(r, DataMatrix(X.data(), 3, 1), T);
  EXPECT_EQ(Z.row(0), r.intercept.segment(0, 3));  // truth 0: expert 0
  EXPECT_EQ(Z.row(1), r.intercept.segment(3, 3));  // truth 1: expert 1
  EXPECT_EQ(Z.row(2), r.intercept.segment(3, 3));  // truth 2: margins −3 (expert 0) and −1 (expert 1)
}

TEST(ClassifyingExperts, BadInputIsNamed) {
  const ClassMixture m = classMixture(60, 7);
  const Problem p = problemOf(m);
  EXPECT_NE(fit("experts-am", p, classifying(1e-2, 4))
                .message.find("option 'Q': classifying experts need fewer experts than classes"),
            std::string::npos);
  EXPECT_EQ(fit("experts-am", p, classifying(1e-2, 2)).status, Status::Converged);
  EXPECT_NE(fit("experts-pg", p, classifying(1e-2, 4))
                .message.find("option 'Q': classifying experts need fewer experts than classes"),
            std::string::npos);
  EXPECT_EQ(fit("experts-pg", p, classifying(1e-2, 2)).status, Status::Converged);
  for (const char* regressionOnly : {"experts-cg", "experts-rc"})
    EXPECT_NE(fit(regressionOnly, p, classifying(1e-2, 2)).message.find("loss"), std::string::npos) << regressionOnly;
}

// Classifying experts start from random partitions: the residuals' start (a ridge fit's) is
// refused by name rather than silently ignored.
TEST(ClassifyingExperts, RefuseTheResidualsStart) {
  const ClassMixture m = classMixture(60, 3);
  Params q = classifying(1e-3, 2);
  q.strings["init"] = "residuals";
  const Result r = fit("experts-am", problemOf(m), q);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_EQ(r.field, "init");
  q.strings["init"] = "random";
  EXPECT_NE(fit("experts-am", problemOf(m), q).status, Status::InvalidInput);
}
