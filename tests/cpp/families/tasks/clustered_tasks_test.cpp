// Clustered tasks: the partition oracle against brute force; the penalty's closed form (the
// centres minimise it, H = ½Tr(WPWᵀ)); the coupled objective's gradient against finite
// differences and trust-region Newton against FISTA on it; a partition's predictors certified;
// OM = the best of all partitions (brute force over every one); block descent and projected
// gradient never increase their objectives; the soft problem's projected gradient (Alg. 1) ends at
// the optimum of its own partition, never below the best of all partitions; the trace-norm prox against an SVD computed
// directly; every clustered method recovers the clusters of well-separated tasks; bad input named.
#include <gtest/gtest.h>

#include <Eigen/SVD>
#include <cmath>
#include <functional>
#include <tuple>

#include "supclust/core/design.hpp"
#include "supclust/families/tasks/trace_norm_penalty.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/kernels/gram_partition.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/partition.hpp"
#include "supclust/families/tasks/clustered_tasks.hpp"
#include "supclust/families/tasks/soft_tasks_gradient.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {
Matrix randomMatrix(Eigen::Index r, Eigen::Index c, std::uint64_t seed) {
  Random rng(seed);
  Matrix A(r, c);
  for (Eigen::Index j = 0; j < c; ++j)
    for (Eigen::Index i = 0; i < r; ++i) A(i, j) = rng.normal();
  return A;
}

// Every labelling of m items with exactly Q used labels (canonical or not), visited.
void everyPartition(int m, int Q, const std::function<void(const Labels&)>& visit) {
  Labels z(static_cast<std::size_t>(m), 0);
  std::function<void(int)> rec = [&](int i) {
    if (i == m) {
      std::vector<bool> used(static_cast<std::size_t>(Q), false);
      for (auto v : z) used[static_cast<std::size_t>(v)] = true;
      for (bool u : used)
        if (!u) return;
      visit(z);
      return;
    }
    for (int q = 0; q < Q; ++q) {
      z[static_cast<std::size_t>(i)] = q;
      rec(i + 1);
    }
  };
  rec(0);
}

SyntheticProblem taskProblem(int n, double sigma, double spread, std::uint64_t seed, int K = 8, int Q = 4, int d = 12) {
  GeneratorOptions g;
  g.n = n;
  g.nTest = 200;
  g.d = d;
  g.Q = Q;
  g.tasks = K;
  g.sigma = sigma;
  g.taskSpread = spread;
  g.seed = seed;
  SyntheticProblem p;
  EXPECT_EQ(generate("tasks", g, p).message(), "");
  return p;
}

Params params(std::initializer_list<std::pair<const char*, double>> numbers, const char* loss) {
  Params q;
  for (const auto& [k, v] : numbers) q.numbers[k] = v;
  q.strings["loss"] = loss;
  return q;
}
}  // namespace

TEST(GramPartition, CountsAreStirlingNumbers) {
  EXPECT_EQ(partitionCount(5, 2), 15);
  EXPECT_EQ(partitionCount(6, 3), 90);
  EXPECT_EQ(partitionCount(10, 5), 42525);
  EXPECT_EQ(partitionCount(4, 4), 1);
  EXPECT_EQ(partitionCount(3, 4), 0);
}

TEST(GramPartition, EnumerationIsTheBruteForceMaximum) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Matrix P = randomMatrix(4, 7, seed);  // 7 points in R^4
    const Matrix A = P.transpose() * P;
    for (int Q = 1; Q <= 4; ++Q) {
      double best = -HUGE_VAL;
      everyPartition(7, Q, [&](const Labels& z) { best = std::max(best, partitionValue(A, z, Q)); });
      const GramPartition g = bestGramPartition(A, Q, 1, seed);
      EXPECT_TRUE(g.exact);
      EXPECT_NEAR(g.value, best, 1e-10 * std::abs(best)) << "seed " << seed << ", Q " << Q;
      EXPECT_EQ(g.labels, canonicalLabels(g.labels));
      // Tr(MA) = ‖P‖² − the k-means cost of P's columns for that partition.
      double sse = 0;
      for (int q = 0; q < Q; ++q) {
        Vector c = Vector::Zero(4);
        int s = 0;
        for (int k = 0; k < 7; ++k)
          if (g.labels[static_cast<std::size_t>(k)] == q) c += P.col(k), ++s;
        c /= s;
        for (int k = 0; k < 7; ++k)
          if (g.labels[static_cast<std::size_t>(k)] == q) sse += (P.col(k) - c).squaredNorm();
      }
      EXPECT_NEAR(g.value, P.squaredNorm() - sse, 1e-9 * P.squaredNorm());
    }
  }
}

TEST(GramPartition, KMeansFindsSeparatedClustersBeyondEnumeration) {
  const int m = 40, Q = 5;  // S(40, 5) ≈ 7e25 partitions: k-means
  Random rng(3);
  Matrix P(6, m);
  Labels truth(m);
  const Matrix centres = 10 * randomMatrix(6, Q, 4);
  for (int k = 0; k < m; ++k) {
    truth[static_cast<std::size_t>(k)] = k % Q;
    for (int j = 0; j < 6; ++j) P(j, k) = centres(j, k % Q) + 0.1 * rng.normal();
  }
  const GramPartition g = bestGramPartition(P.transpose() * P, Q, 10, 7);
  EXPECT_FALSE(g.exact);
  EXPECT_DOUBLE_EQ(adjustedRandIndex(g.labels, truth), 1);
  // From the factor (6 × 40: the thin QR instead of the 40 × 40 eigendecomposition): the same
  // partition and value; and from two factors, A = ½(FᵀG + GᵀF) with F = 2P, G = P/2.
  const GramPartition factored = bestGramPartition(P, P, Q, 10, 7);
  EXPECT_EQ(factored.labels, g.labels);
  EXPECT_NEAR(factored.value, g.value, 1e-9 * g.value);
  const Matrix F = 2 * P, G = P / 2;
  const GramPartition pair = bestGramPartition(F, G, Q, 10, 7);
  EXPECT_EQ(pair.labels, g.labels);
  EXPECT_NEAR(pair.value, g.value, 1e-9 * g.value);
}

TEST(TaskClusters, TheCentresMinimiseThePenaltyAndHIsQuadratic) {
  const Matrix W = randomMatrix(5, 6, 11);
  const Labels z = {0, 1, 0, 2, 1, 0};
  for (const TaskClusterWeights w :
       {TaskClusterWeights{1, 0.3, 0.05}, TaskClusterWeights{0.2, 2, 0}, TaskClusterWeights{3, 0, 1}}) {
    const Matrix C = taskCentres(W, z, 3, w);
    const double at = taskClusterPenalty(W, C, z, w);
    EXPECT_NEAR(at, 0.5 * (W * taskCoupling(z, 3, w) * W.transpose()).trace(), 1e-12 * std::max(1.0, at));
    for (std::uint64_t s = 1; s <= 20; ++s) {
      const Matrix moved = C + 1e-3 * randomMatrix(3, 5, 100 + s);
      EXPECT_GT(taskClusterPenalty(W, moved, z, w), at);
    }
  }
}

TEST(TaskClusters, TheHardCouplingIsTheLimitOfInfiniteWithin) {
  const Labels z = {0, 1, 0, 1};
  const Matrix V = [&] {  // predictors already clustered: W = V
    Matrix c = randomMatrix(3, 2, 5), v(3, 4);
    for (int k = 0; k < 4; ++k) v.col(k) = c.col(z[static_cast<std::size_t>(k)]);
    return v;
  }();
  const double between = 0.4, mean = 0.7;
  const double hard = 0.5 * (V * hardTaskCoupling(4, between, mean) * V.transpose()).trace();
  const double soft = 0.5 * (V * taskCoupling(z, 2, {1e9, between, mean}) * V.transpose()).trace();
  EXPECT_NEAR(soft, hard, 1e-6 * hard);
}

TEST(TaskClusters, CoupledGradientMatchesFiniteDifferences) {
  const SyntheticProblem p = taskProblem(60, 1, 0.3, 2, 5, 2, 4);
  const CenteredDesign X(DataMatrix(p.X.data(), p.X.rows(), p.X.cols()));
  const auto loss = makeLoss("ova-logistic");
  Objective F(X, loss->targets(p.y), *loss, 0.1);
  F.setOutputCoupling(taskCoupling({0, 1, 0, 1, 1}, 2, {0.5, 0.1, 0.2}), TaskClusterWeights{0.5, 0.1, 0.2}.norm());
  const Matrix W = randomMatrix(4, 5, 9);
  const RowVector b = RowVector::LinSpaced(5, -0.5, 0.5);
  Matrix gW;
  RowVector gb;
  F.gradient(W, b, gW, gb);
  const double h = 1e-6;
  for (Eigen::Index k = 0; k < 5; ++k)
    for (Eigen::Index j = 0; j < 4; ++j) {
      Matrix Wp = W, Wm = W;
      Wp(j, k) += h;
      Wm(j, k) -= h;
      EXPECT_NEAR((F.value(Wp, b) - F.value(Wm, b)) / (2 * h), gW(j, k), 1e-7);
    }
}

TEST(TaskClusters, NewtonOnCoupledTasksAgreesWithFistaAndIsCertified) {
  const SyntheticProblem p = taskProblem(150, 1, 0.3, 4, 6, 3, 8);
  const CenteredDesign X(DataMatrix(p.X.data(), p.X.rows(), p.X.cols()));
  const auto loss = makeLoss("ova-logistic");
  const Labels z = {0, 1, 2, 0, 1, 2};
  ClusteredTasksOptions o;
  o.Q = 3;
  o.weights = {0.3, 0.01, 0.02};
  const Objective F(X, loss->targets(p.y), *loss, 1e-3);
  const Result newton = tasksOfPartition(F, z, o, Matrix::Zero(8, 6), RowVector::Zero(6), {});
  ASSERT_EQ(newton.status, Status::Converged);
  Objective coupled = F;
  coupled.setOutputCoupling(taskCoupling(z, 3, o.weights), o.weights.norm());
  EXPECT_LT(relativeOptimalityResidual(coupled, NoPenalty(), newton.coef, newton.intercept, gradientScale(coupled)),
            1e-8);
  const Result fista =
      proximalGradient(coupled, NoPenalty(), Matrix::Zero(8, 6), RowVector::Zero(6), {200000, 1e-9}, {});
  EXPECT_NEAR(newton.objective, fista.objective, 1e-9);
  EXPECT_LT((newton.coef - fista.coef).cwiseAbs().maxCoeff(), 1e-5);
  // The objective reported is F + H with H from its definition at the reported centres.
  EXPECT_NEAR(newton.objective,
              F.value(newton.coef, newton.intercept) + taskClusterPenalty(newton.coef, newton.centroids, z, o.weights),
              1e-10);
}

TEST(TaskClusters, SquaredClosedFormIsCertified) {
  const SyntheticProblem p = taskProblem(40, 1, 0.3, 6, 6, 3, 30);  // d < n fails: wide design
  const CenteredDesign X(DataMatrix(p.X.data(), p.X.rows(), p.X.cols()));
  const auto loss = makeLoss("ova-squared");
  const Labels z = {2, 1, 0, 0, 1, 2};
  ClusteredTasksOptions o;
  o.Q = 3;
  o.weights = {0.5, 0.05, 0.01};
  const Objective F(X, loss->targets(p.y), *loss, 0);
  const Result r = tasksOfPartition(F, z, o, {}, {}, {});
  Objective coupled = F;
  coupled.setOutputCoupling(taskCoupling(z, 3, o.weights), o.weights.norm());
  EXPECT_LT(relativeOptimalityResidual(coupled, NoPenalty(), r.coef, r.intercept, gradientScale(coupled)), 1e-10);
}

TEST(TaskClusters, OmIsTheBestOfAllPartitionsAndTheLocalSolversNeverBelowIt) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const SyntheticProblem p = taskProblem(120, 0.5, 0.4, seed, 6, 3, 10);
    const CenteredDesign X(DataMatrix(p.X.data(), p.X.rows(), p.X.cols()));
    const auto loss = makeLoss("ova-squared");
    ClusteredTasksOptions o;
    o.Q = 3;
    o.weights = {0.2, 0.01, 0.005};
    const Objective F(X, loss->targets(p.y), *loss, 1e-3);
    double best = HUGE_VAL;
    everyPartition(6, 3,
                   [&](const Labels& z) { best = std::min(best, tasksOfPartition(F, z, o, {}, {}, {}).objective); });
    const Result om = clusteredTasksOm(F, o, {});
    EXPECT_NEAR(om.objective, best, 1e-12 * best) << "seed " << seed;
    // Block descent is a local method: never below the global minimum, never increasing.
    const Result bd =
        clusteredTasksBlockDescent(F, o, Matrix::Zero(10, 6) + randomMatrix(10, 6, seed), RowVector::Zero(6), {});
    EXPECT_GE(bd.objective, best * (1 - 1e-12));
    for (std::size_t i = 1; i < bd.history.size(); ++i) EXPECT_LE(bd.history[i], bd.history[i - 1] * (1 + 1e-12));
    // The paper's projected gradient (Alg. 1) on the soft problem: φ strictly decreasing; the
    // objective it reports is F + H of its answer (the centres at their best for its partition),
    // recomputed from the definition; with a tight tolerance it reaches the convex optimum of the
    // partition it ends on (tasksOfPartition, certified by SquaredClosedFormIsCertified), and as a
    // local method it is never below the global minimum.
    SoftTasksGradientOptions pg;
    pg.maxIterations = 100000;
    pg.tolerance = 1e-15;
    const Result r = softTasksProjectedGradient(F, o, pg, randomMatrix(10, 6, seed), RowVector::Zero(6), {});
    ASSERT_EQ(r.status, Status::Converged) << "seed " << seed;
    for (std::size_t i = 1; i < r.history.size(); ++i) EXPECT_LT(r.history[i], r.history[i - 1]);
    EXPECT_NEAR(r.objective,
                F.value(r.coef, r.intercept) + taskClusterPenalty(r.coef, r.centroids, r.groups, o.weights),
                1e-12 * r.objective);
    const Result own = tasksOfPartition(F, r.groups, o, {}, {}, {});
    EXPECT_NEAR(r.objective, own.objective, 1e-6 * own.objective) << "seed " << seed;
    EXPECT_GE(r.objective, best * (1 - 1e-12)) << "seed " << seed;
  }
}

TEST(TaskClusters, ProjectedGradientKeepsClusteredColumnsAndNeverIncreases) {
  const SyntheticProblem p = taskProblem(300, 1, 0.2, 8);
  const Result r = fit("tasks-pg", problemOf(p), params({{"Q", 4}, {"between", 1e-3}, {"mean", 1e-3}}, "ova-logistic"));
  ASSERT_NE(r.status, Status::InvalidInput) << r.message;
  EXPECT_EQ(r.kind, ModelKind::Tasks);
  ASSERT_EQ(r.groups.size(), 8u);
  ASSERT_EQ(r.centroids.rows(), 4);
  ASSERT_EQ(r.centroids.cols(), 12);
  for (Eigen::Index k = 0; k < 8; ++k)
    EXPECT_EQ(r.coef.col(k), r.centroids.row(r.groups[static_cast<std::size_t>(k)]).transpose());
  for (std::size_t i = 1; i < r.history.size(); ++i) EXPECT_LE(r.history[i], r.history[i - 1]);
}

TEST(TaskClusters, TraceNormProxIsSingularValueThresholding) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    // Tall and wide (the thresholding goes through the smaller side's Gram matrix).
    const Matrix W = seed <= 4 ? randomMatrix(7, 4, seed) : Matrix(randomMatrix(4, 7, seed));
    const double step = 0.5, mu = 1.3;
    Matrix prox = W;
    TraceNormPenalty(mu).prox(prox, step);
    const Eigen::JacobiSVD<Matrix> svd(W, Eigen::ComputeThinU | Eigen::ComputeThinV);
    Vector s = svd.singularValues();
    for (Eigen::Index i = 0; i < s.size(); ++i) s[i] = std::max(0.0, s[i] - step * mu);
    EXPECT_LT((prox - svd.matrixU() * s.asDiagonal() * svd.matrixV().transpose()).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_NEAR(TraceNormPenalty(mu).value(W), mu * svd.singularValues().sum(), 1e-12);
    // The prox minimises ½‖X − W‖² + step·μ‖X‖_*: no nearby point does better.
    auto objective = [&](const Matrix& Xm) {
      return 0.5 * (Xm - W).squaredNorm() + step * TraceNormPenalty(mu).value(Xm);
    };
    for (std::uint64_t t = 1; t <= 20; ++t)
      EXPECT_GE(objective(prox + 1e-4 * randomMatrix(W.rows(), W.cols(), 50 + t)), objective(prox));
  }
}

// Singular values over six orders of magnitude: the thresholded directions keep their accuracy
// relative to the largest (the Gram matrix squares the spread; the answer stays within 1e-10).
TEST(TaskClusters, TraceNormProxKeepsWideSpectra) {
  const Eigen::HouseholderQR<Matrix> qa(randomMatrix(30, 4, 21)), qb(randomMatrix(4, 4, 22));
  const Matrix U = qa.householderQ() * Matrix::Identity(30, 4), V = qb.householderQ() * Matrix::Identity(4, 4);
  Vector sigma(4);
  sigma << 1e3, 10, 0.7, 1e-3;
  const Matrix W = U * sigma.asDiagonal() * V.transpose();
  for (double t : {0.5, 5.0, 100.0}) {
    Matrix prox = W;
    TraceNormPenalty(1).prox(prox, t);
    const Vector kept = (sigma.array() - t).cwiseMax(0.0).matrix();
    EXPECT_LT((prox - U * kept.asDiagonal() * V.transpose()).norm(), 1e-10 * sigma[0]) << t;
  }
  EXPECT_NEAR(TraceNormPenalty(2).value(W), 2 * sigma.sum(), 1e-10 * sigma[0]);
}

TEST(TaskClusters, TraceFitIsCertifiedAndLowRank) {
  const SyntheticProblem p = taskProblem(200, 1, 0.2, 12);
  const Result r = fit("tasks-trace", problemOf(p), params({{"mu", 0.05}}, "ova-squared"));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Eigen::JacobiSVD<Matrix> svd(r.coef);
  int rank = 0;
  for (Eigen::Index i = 0; i < svd.singularValues().size(); ++i) rank += svd.singularValues()[i] > 1e-8;
  EXPECT_LT(rank, 8);
  const Result ridge = fit("tasks-frobenius", problemOf(p), params({}, "ova-squared"));
  EXPECT_EQ(ridge.groups, (Labels{0, 1, 2, 3, 4, 5, 6, 7}));
}

// Noiseless labels (the argmax of the scores), tasks tight around centres far apart (d = 50:
// random centres of similar norms; at d = 12 two of four centres are often too close).
TEST(TaskClusters, EveryClusteredMethodRecoversSeparatedTasks) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const SyntheticProblem p = taskProblem(3000, 0, 0.05, seed, 8, 4, 50);
    for (const auto& [method, loss] : std::vector<std::pair<const char*, const char*>>{{"tasks-cg", "ova-squared"},
                                                                                       {"tasks-ssc", "ova-squared"},
                                                                                       {"tasks-ssc", "ova-logistic"},
                                                                                       {"tasks-ssc-pg", "ova-logistic"},
                                                                                       {"tasks-pg", "ova-logistic"},
                                                                                       {"tasks-pg", "ova-squared"}}) {
      const bool pg = std::string(method) == "tasks-ssc-pg";
      Params q = params({{"Q", 4}}, loss);
      if (pg) q.strings["solver"] = "pg";
      const Result r = fit(pg ? "tasks-ssc" : method, problemOf(p), q);
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      EXPECT_DOUBLE_EQ(adjustedRandIndex(r.groups, p.groups), 1) << method << " " << loss << " seed " << seed;
    }
  }
}

TEST(TaskClusters, BadInputIsNamed) {
  const SyntheticProblem p = taskProblem(100, 1, 0.2, 5);
  auto message = [&](const char* m, Params q) { return fit(m, problemOf(p), q).message; };
  EXPECT_NE(message("tasks-ssc", params({{"Q", 9}}, "ova-logistic")).find("option 'Q'"), std::string::npos);
  EXPECT_NE(message("tasks-cg", params({{"Q", 3}}, "ova-logistic")).find("loss"), std::string::npos);
  EXPECT_NE(message("tasks-ssc", params({{"Q", 3}, {"within", 0}}, "ova-squared")).find("within"), std::string::npos);
  EXPECT_NE(message("tasks-pg", params({{"Q", 3}, {"between", -1}}, "ova-squared")).find("between"), std::string::npos);
  EXPECT_NE(message("tasks-trace", params({{"mu", -1}}, "ova-squared")).find("mu"), std::string::npos);
  EXPECT_NE(message("tasks-ssc", params({}, "ova-squared")).find("Q"), std::string::npos);
}

// The generator's model by hand: clusters of equal sizes, each class's predictor (coef, column
// by column) within taskSpread's reach of its cluster's, and with σ = 0 every label the argmax of
// the class scores xᵀw_k.
TEST(TaskClusters, GeneratorFollowsItsModel) {
  GeneratorOptions g;
  g.n = 200;
  g.nTest = 20;
  g.d = 6;
  g.Q = 3;
  g.tasks = 7;
  g.sigma = 0;
  g.taskSpread = 0;
  g.seed = 9;
  SyntheticProblem p;
  ASSERT_EQ(generate("tasks", g, p).message(), "");
  ASSERT_EQ(p.groups.size(), 7u);
  ASSERT_EQ(p.coef.size(), 6 * 7);
  std::vector<int> sizes(3, 0);
  for (auto q : p.groups) ++sizes[static_cast<std::size_t>(q)];
  EXPECT_EQ(*std::max_element(sizes.begin(), sizes.end()) - *std::min_element(sizes.begin(), sizes.end()), 1);
  const Eigen::Map<const Matrix> W(p.coef.data(), 6, 7);
  for (int k = 0; k < 7; ++k)
    for (int l = 0; l < 7; ++l)  // spread 0: a cluster's classes share its centre exactly
      EXPECT_EQ(p.groups[static_cast<std::size_t>(k)] == p.groups[static_cast<std::size_t>(l)], W.col(k) == W.col(l));
  const auto argmaxOf = [&](const RowMatrix& X, Eigen::Index i) {
    Eigen::Index best;
    (X.row(i) * W).maxCoeff(&best);
    return static_cast<double>(best);
  };
  for (Eigen::Index i = 0; i < 200; ++i) EXPECT_EQ(p.y[i], argmaxOf(p.X, i));
  for (Eigen::Index i = 0; i < 20; ++i) EXPECT_EQ(p.ytest[i], argmaxOf(p.Xtest, i));
}

// ---- K targets per sample (y n × K, row-major, one task per column) ----
namespace {
// The one-vs-all targets of class labels, written out as K columns (row-major): ±1 or 0/1.
std::vector<double> oneHotRows(const Vector& y, int K, double on, double off) {
  std::vector<double> t(static_cast<std::size_t>(y.size() * K), off);
  for (Eigen::Index i = 0; i < y.size(); ++i) t[static_cast<std::size_t>(i * K + static_cast<Eigen::Index>(y[i]))] = on;
  return t;
}
Problem columnsProblem(const SyntheticProblem& p, const std::vector<double>& t, Eigen::Index K) {
  return {DataMatrix(p.X.data(), p.X.rows(), p.X.cols()), {t.data(), static_cast<Eigen::Index>(t.size())}, K};
}
}  // namespace

// The one-vs-all losses read class labels as the targets ±1 (squared) or 0/1 (logistic); given as
// K columns of y with the plain losses they are the same problem, so every tasks method returns
// the same model.
TEST(TaskTargets, ColumnsOfOneHotTargetsAreTheOneVsAllProblem) {
  const SyntheticProblem p = taskProblem(300, 1, 0.2, 4);
  const auto sq = oneHotRows(p.y, 8, 1, -1), lg = oneHotRows(p.y, 8, 1, 0);
  for (const auto& [method, ova, plain] :
       std::vector<std::tuple<const char*, const char*, const char*>>{{"tasks-cg", "ova-squared", "squared"},
                                                                      {"tasks-ssc", "ova-squared", "squared"},
                                                                      {"tasks-ssc", "ova-logistic", "logistic"},
                                                                      {"tasks-pg", "ova-logistic", "logistic"},
                                                                      {"tasks-frobenius", "ova-logistic", "logistic"},
                                                                      {"tasks-trace", "ova-squared", "squared"}}) {
    const bool clustered = std::string(method) != "tasks-frobenius" && std::string(method) != "tasks-trace";
    Params q = params({{"lambda", 1e-2}}, ova);
    if (clustered) q.numbers["Q"] = 4;
    if (std::string(method) == "tasks-trace") q.numbers["mu"] = 1e-2;
    const Result a = fit(method, problemOf(p), q);
    q.strings["loss"] = plain;
    const Result b = fit(method, columnsProblem(p, std::string(plain) == "squared" ? sq : lg, 8), q);
    ASSERT_NE(a.status, Status::InvalidInput) << a.message;
    ASSERT_NE(b.status, Status::InvalidInput) << b.message;
    EXPECT_EQ(b.coef.cols(), 8);
    EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-9) << method << " " << plain;
    EXPECT_LT((a.intercept - b.intercept).cwiseAbs().maxCoeff(), 1e-9) << method << " " << plain;
    EXPECT_EQ(a.groups, b.groups) << method << " " << plain;
  }
}

// Real targets: K = 6 regression tasks whose predictors are 3 centres (two tasks each), y = XW +
// small noise. Every clustered method finds the pairs; the hard fit's columns are the centres.
TEST(TaskTargets, RealTargetsRecoverTheTaskClusters) {
  const Eigen::Index n = 400, d = 10, K = 6;
  const Matrix C = 3 * randomMatrix(d, 3, 21);
  const Labels truth = {0, 1, 2, 0, 1, 2};
  Matrix W(d, K);
  for (Eigen::Index k = 0; k < K; ++k) W.col(k) = C.col(truth[static_cast<std::size_t>(k)]);
  const RowMatrix X = randomMatrix(n, d, 22);
  const Matrix noise = 0.01 * randomMatrix(n, K, 23);
  const RowMatrix Y = (X * W + noise).eval();  // row-major: row i holds sample i's K targets
  const Problem problem{DataMatrix(X.data(), n, d), {Y.data(), n * K}, K};
  for (const char* method : {"tasks-cg", "tasks-ssc", "tasks-pg"}) {
    const Result r = fit(method, problem, params({{"Q", 3}, {"lambda", 1e-6}}, "squared"));
    ASSERT_EQ(r.status == Status::InvalidInput, false) << r.message;
    EXPECT_DOUBLE_EQ(adjustedRandIndex(r.groups, truth), 1) << method;
    EXPECT_LT((r.coef - W).cwiseAbs().maxCoeff(), 0.05) << method;
  }
}

TEST(TaskTargets, BadTargetsAreNamed) {
  const SyntheticProblem p = taskProblem(50, 1, 0.2, 6);
  const auto sq = oneHotRows(p.y, 8, 1, -1), lg = oneHotRows(p.y, 8, 1, 0);
  auto message = [&](const char* m, const std::vector<double>& t, Eigen::Index K, const char* loss) {
    return fit(m, columnsProblem(p, t, K), params({{"Q", 2}}, loss)).message;
  };
  EXPECT_NE(message("tasks-ssc", sq, 7, "squared").find("yCols = 7"), std::string::npos);
  EXPECT_NE(message("tasks-ssc", sq, 0, "squared").find("yCols: must be >= 1"), std::string::npos);
  EXPECT_NE(fit("ridge", columnsProblem(p, sq, -1), params({}, "squared")).message.find("yCols: must be >= 1"),
            std::string::npos);
  EXPECT_NE(message("tasks-ssc", lg, 8, "ova-logistic").find("loss: 'ova-logistic'"), std::string::npos);
  EXPECT_NE(message("tasks-pg", sq, 8, "logistic").find("y: column 0: labels must be 0 or 1"), std::string::npos);
  EXPECT_NE(fit("ridge", columnsProblem(p, sq, 8), params({}, "squared")).message.find("clustered-tasks methods only"),
            std::string::npos);
  std::vector<double> bad = sq;
  bad[17] = NAN;
  EXPECT_NE(message("tasks-ssc", bad, 8, "squared").find("y: must be finite (entry 17"), std::string::npos);
  // Still usable afterwards.
  EXPECT_EQ(fit("tasks-ssc", columnsProblem(p, sq, 8), params({{"Q", 2}}, "squared")).status, Status::Converged);
}
