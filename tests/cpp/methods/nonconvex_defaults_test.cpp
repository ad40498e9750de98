// IHC at its defaults (several starts, each polished by the exchange search) against the best
// partition found by enumerating every partition of the features into at most Q groups: the
// diabetes data (d = 10, the fixture) and 29 seeded problems (d = 8), squared and logistic
// losses, Q = 2, 3, 4 (its groups as documented: centroids ascending). The default must reach the best objective within 1e-6 (relative) in at
// least 28 of 30 problems at each Q, and never end more than 1 % above it. The squared loss's
// reference is computed here in closed form from the Gram matrix (not by the library); the
// logistic one by the library's 'oracle' fit on each partition.
#include "supclust/families/catalogue.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <tuple>

#include "supclust/experiments/synthetic.hpp"
#include "csr.hpp"
#include "experts_mixture.hpp"
#include "method_params.hpp"
#include "problems.hpp"

using namespace supclust;

namespace nonconvex_defaults {

struct Data {
  RowMatrix X;
  Vector y;
};

// load_diabetes() as scikit-learn ships it: each column centred and scaled to unit norm.
Data diabetes() {
  std::ifstream in(std::string(SUPCLUST_FIXTURES) + "/diabetes.txt");
  std::vector<std::vector<double>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    rows.emplace_back(std::istream_iterator<double>(fields), std::istream_iterator<double>());
  }
  Data d{RowMatrix(static_cast<Eigen::Index>(rows.size()), 10), Vector(static_cast<Eigen::Index>(rows.size()))};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (int j = 0; j < 10; ++j) d.X(static_cast<Eigen::Index>(i), j) = rows[i][static_cast<std::size_t>(j)];
    d.y[static_cast<Eigen::Index>(i)] = rows[i][10];
  }
  for (int j = 0; j < 10; ++j) {
    d.X.col(j).array() -= d.X.col(j).mean();
    d.X.col(j) /= d.X.col(j).norm();
  }
  return d;
}

// Every labelling of d features with labels < Q in restricted-growth form (each partition once).
void forEachPartition(int d, int Q, const std::function<void(const Labels&)>& f) {
  Labels a(static_cast<std::size_t>(d), 0);
  std::function<void(int, int)> next = [&](int j, int top) {
    if (j == d) return f(a);
    for (int g = 0; g <= std::min(top + 1, Q - 1); ++g) {
      a[static_cast<std::size_t>(j)] = g;
      next(j + 1, std::max(top, g));
    }
  };
  next(1, 0);
}

// C = XcᵀXc/n, c = Xcᵀyc/n and ½‖yc‖²/n: what the squared loss's closed form reads.
struct Moments {
  Matrix C;
  Vector c;
  double half;
};
Moments momentsOf(const Data& D) {
  const double n = static_cast<double>(D.X.rows());
  const Matrix Xc = D.X.rowwise() - D.X.colwise().mean();
  const Vector yc = D.y.array() - D.y.mean();
  return {Xc.transpose() * Xc / n, Xc.transpose() * yc / n, 0.5 * yc.squaredNorm() / n};
}

// min over V of 1/(2n)‖yc − Xc Z V‖² + λ/2 ‖Z V‖² for a membership Z (d × G), in closed form:
// ½‖yc‖²/n − ½ bᵀ(ZᵀCZ + λ diag(sizes))⁻¹b with b = Zᵀc.
double groupedObjective(const Moments& m, const Matrix& Z, double lambda) {
  Matrix H = Z.transpose() * m.C * Z;
  H.diagonal() += lambda * Z.colwise().sum().transpose();
  const Vector b = Z.transpose() * m.c;
  return m.half - 0.5 * b.dot(H.ldlt().solve(b));
}

// The best of every partition into at most Q groups.
double bestSquared(const Data& D, int Q, double lambda) {
  const Moments m = momentsOf(D);
  const auto d = static_cast<int>(D.X.cols());
  double best = HUGE_VAL;
  forEachPartition(d, Q, [&](const Labels& a) {
    Matrix Z = Matrix::Zero(d, 1 + *std::max_element(a.begin(), a.end()));
    for (int j = 0; j < d; ++j) Z(j, a[static_cast<std::size_t>(j)]) = 1;
    best = std::min(best, groupedObjective(m, Z, lambda));
  });
  return best;
}

double bestByOracle(const Data& D, int Q, const Params& base) {
  double best = HUGE_VAL;
  forEachPartition(static_cast<int>(D.X.cols()), Q, [&](const Labels& a) {
    Params p = base;
    p.labels["groups"] = a;
    best = std::min(best, fit("oracle", problemOf(D.X, D.y), p).objective);
  });
  return best;
}

void expectDefaultsReachTheBest(const std::vector<Data>& problems, const Params& base,
                                const std::function<double(const Data&, int)>& bestOf) {
  for (int Q : {2, 3, 4}) {
    int reached = 0;
    double worst = 0;
    for (std::size_t k = 0; k < problems.size(); ++k) {
      Params p = base;
      p.numbers["Q"] = Q;
      const Result r = fit("ihc", problemOf(problems[k].X, problems[k].y), p);
      ASSERT_EQ(r.status, Status::Converged) << r.message;
      // The answer's groups as documented: centroids ascending, each coefficient its group's value.
      for (Eigen::Index g = 1; g < r.centroids.rows(); ++g)
        EXPECT_LT(r.centroids(g - 1, 0), r.centroids(g, 0)) << "problem " << k << ", Q = " << Q;
      for (Eigen::Index j = 0; j < r.coef.rows(); ++j)
        EXPECT_EQ(r.coef(j, 0), r.centroids(r.groups[static_cast<std::size_t>(j)], 0));
      const double best = bestOf(problems[k], Q), above = (r.objective - best) / std::abs(best);
      EXPECT_GE(above, -1e-9) << "below the enumeration's best: problem " << k << ", Q = " << Q;
      reached += above <= 1e-6;
      worst = std::max(worst, above);
    }
    EXPECT_GE(reached, 28) << "Q = " << Q;
    EXPECT_LE(worst, 0.01) << "Q = " << Q;
  }
}

TEST(NonConvexDefaults, IhcReachesTheBestPartitionOfTheSquaredLoss) {
  std::vector<Data> problems{diabetes()};
  for (std::uint64_t seed = 1; problems.size() < 30; ++seed) {
    const auto g = generateE1(60, 8, 3, 5.0, seed, 0, CoefValues::Uniform15, 0.5);
    problems.push_back({g.X, g.y});
  }
  expectDefaultsReachTheBest(problems, {}, [](const Data& D, int Q) { return bestSquared(D, Q, 0); });
}

TEST(NonConvexDefaults, IhcReachesTheBestPartitionOfTheLogisticLoss) {
  std::vector<Data> problems;
  for (std::uint64_t seed = 1; problems.size() < 30; ++seed) {
    const auto g = generateE1(60, 8, 3, 30.0, seed, 0, CoefValues::Uniform15, 0.5, true);
    problems.push_back({g.X, g.y});
  }
  Params base;
  base.strings["loss"] = "logistic";
  base.numbers["lambda"] = 1e-2;  // the data are nearly separable: a ridge term keeps the optimum finite
  expectDefaultsReachTheBest(problems, base, [&](const Data& D, int Q) { return bestByOracle(D, Q, base); });
}

// Diabetes (all 442 rows): the enumeration's best objectives are 1538.16, 1465.00 and 1440.83 at
// Q = 2, 3, 4; the defaults reach each (a warning exactly when only one of their starts did), while
// one projected-gradient start alone stops above every one of them (at 1878.1, 1557.1 and 1501.9 here).
TEST(NonConvexDefaults, DiabetesAtTheDefaultsAndAtOneStart) {
  const Data D = diabetes();
  const double best[] = {1538.16, 1465.00, 1440.83};
  for (int Q : {2, 3, 4}) {
    const double enumerated = bestSquared(D, Q, 0);
    EXPECT_NEAR(enumerated, best[Q - 2], 0.01) << Q;
    Params one;
    one.numbers = {{"Q", Q}, {"starts", 1}};
    one.flags["exchange"] = false;
    EXPECT_GT(fit("ihc", problemOf(D.X, D.y), one).objective, enumerated * 1.02) << Q;
    Params defaults;
    defaults.numbers["Q"] = Q;
    const Result r = fit("ihc", problemOf(D.X, D.y), defaults);
    EXPECT_NEAR(r.objective, enumerated, 1e-6 * enumerated) << Q;
    EXPECT_EQ(r.starts, 6);
    EXPECT_GE(r.startsAtBest, 1) << Q;
    EXPECT_EQ(r.warnings.size(), r.startsAtBest == 1 ? 1u : 0u) << Q;
  }
}

// The count of starts at the best, where it is known: with Q = 1 the constraint set (constant
// coefficients) is convex and every start ends at its one optimum, so all six count.
TEST(NonConvexDefaults, EveryStartReachesTheOptimumOfAConvexCase) {
  const Data D = diabetes();
  Params p;
  p.numbers["Q"] = 1;
  const Result r = fit("ihc", problemOf(D.X, D.y), p);
  EXPECT_EQ(r.starts, 6);
  EXPECT_EQ(r.startsAtBest, 6);
  EXPECT_TRUE(r.warnings.empty());
}

// One start reaching the lowest objective carries a warning: the same fit with two starts of which
// only one reaches it (found by trying seeds), else none.
TEST(NonConvexDefaults, ALowestObjectiveReachedOnceCarriesAWarning) {
  const Data D = diabetes();
  int warned = 0;
  for (int seed = 0; seed < 20; ++seed) {
    Params p;
    p.numbers = {{"Q", 4}, {"starts", 2}, {"seed", seed}};
    const Result r = fit("ihc", problemOf(D.X, D.y), p);
    ASSERT_EQ(r.starts, 2);
    EXPECT_EQ(r.warnings.size(), r.startsAtBest == 1 ? 1u : 0u);
    warned += r.startsAtBest == 1;
  }
  EXPECT_GT(warned, 0);
}

// The exchange search's answer is exchange-optimal: no single feature moved to another group (or
// to a group of its own) lowers the objective, each move refitted by the oracle (d = 30, Q = 5:
// squared loss with a ridge term, one-vs-all with three outputs, and a sparse X read as CSR,
// whose moves update the Gram columns from the rows of the moved column only).
TEST(NonConvexDefaults, NoSingleMoveLowersTheExchangedObjective) {
  auto g = generateE1(90, 30, 5, 2.0, 11, 0, CoefValues::Uniform15, 0.3);
  RowMatrix sparseX = g.X;
  for (Eigen::Index i = 0; i < sparseX.size(); ++i)
    if (std::abs(sparseX.data()[i]) < 0.8) sparseX.data()[i] = 0;  // about 58 % zeros
  const CsrArrays csr = csrOf(sparseX);
  const Problem csrProblem{{90, 30, csr.indptr.data(), csr.indices.data(), csr.values.data()}, {g.y.data(), 90}};
  Vector classes(90);
  for (Eigen::Index i = 0; i < 90; ++i) classes[i] = static_cast<double>(i % 3);
  struct Case {
    Problem problem;
    const char* loss;
    double lambda;
  };
  for (const Case& k : {Case{problemOf(g.X, g.y), "squared", 1e-2}, Case{problemOf(g.X, classes), "ova-squared", 0},
                        Case{csrProblem, "squared", 1e-3}}) {
    Params p;
    p.strings["loss"] = k.loss;
    p.numbers = {{"Q", 5}, {"lambda", k.lambda}, {"starts", 1}};
    const Result r = fit("ihc", k.problem, p);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const int G = static_cast<int>(r.centroids.rows());
    Params oracle;
    oracle.strings["loss"] = k.loss;
    oracle.numbers["lambda"] = k.lambda;
    oracle.labels["groups"] = r.groups;
    EXPECT_NEAR(fit("oracle", k.problem, oracle).objective, r.objective, 1e-12 * r.objective) << k.loss;
    for (std::size_t j = 0; j < r.groups.size(); ++j)
      for (int q = 0; q <= std::min(G, 4); ++q) {  // q = G: a group of its own
        Labels moved = r.groups;
        moved[j] = q;
        oracle.labels["groups"] = moved;
        EXPECT_GE(fit("oracle", k.problem, oracle).objective, r.objective * (1 - 1e-10))
            << k.loss << ": feature " << j << " to " << q;
      }
  }
}

}  // namespace nonconvex_defaults

namespace nonconvex_defaults {

// A fit stopped by its iteration limit says so in its message, whichever solver stopped it.
TEST(NonConvexDefaults, AnIterationLimitIsAlwaysSaid) {
  const auto g = generateE1(80, 30, 3, 0.5, 4);
  for (const char* method : {"ihc", "iht", "lasso"}) {
    Params p;
    p.numbers = {{"maxIterations", 1}};
    if (std::string(method) == "ihc") p.numbers.insert({{"Q", 3}, {"starts", 1}}), p.flags["exchange"] = false;
    if (std::string(method) == "iht") p.numbers.insert({{"s", 5}, {"starts", 1}}), p.flags["swap"] = false;
    if (std::string(method) == "lasso") p.numbers["lambda"] = 1e-3;
    const Result r = fit(method, problemOf(g.X, g.y), p);
    ASSERT_EQ(r.status, Status::MaxIterations) << method;
    EXPECT_NE(r.message.find("iteration limit"), std::string::npos) << method << ": " << r.message;
  }
}

// A start whose projected gradient stops at its iteration limit and whose exchange search and
// refit then converge says so: "converged" with the limit's count of iterations and no word would
// read as a fit that converged in that many (Q ≥ d on the diabetes data, where the random
// partitions' starts crawl).
TEST(NonConvexDefaults, AConvergedPolishAfterTheIterationLimitSaysSo) {
  const Data D = diabetes();
  for (int Q : {10, 11}) {
    Params p;
    p.numbers["Q"] = Q;
    p.numbers["maxIterations"] = 30;
    const Result r = fit("ihc", problemOf(D.X, D.y), p);
    if (r.status == Status::Converged && r.iterations >= 30)
      EXPECT_NE(r.message.find("iteration limit (30)"), std::string::npos) << r.message;
    EXPECT_TRUE(r.status == Status::Converged || r.status == Status::MaxIterations) << r.message;
  }
}

// IHCS and IHT at their defaults (several starts, no exchange search) beside enumeration: every
// choice of at most s non-zero features, grouped into at most Q values (IHCS) or each its own
// value (IHT, Q = s), the squared loss's optimum in closed form as above. Labels: 0 for a zero
// coefficient, 1.. for the groups of the non-zeros (restricted growth: each grouping once).
void forEachSparseGrouping(int d, int s, int Q, const std::function<void(const Labels&)>& f) {
  Labels a(static_cast<std::size_t>(d), 0);
  std::function<void(int, int, int)> next = [&](int j, int top, int used) {
    if (j == d) return f(a);
    a[static_cast<std::size_t>(j)] = 0;
    next(j + 1, top, used);
    if (used == s) return;
    for (int g = 1; g <= std::min(top + 1, Q); ++g) {
      a[static_cast<std::size_t>(j)] = g;
      next(j + 1, std::max(top, g), used + 1);
    }
  };
  next(0, 0, 0);
}

double bestSparseSquared(const Data& D, int s, int Q) {
  const Moments m = momentsOf(D);
  const auto d = static_cast<int>(D.X.cols());
  double best = m.half;  // w = 0
  forEachSparseGrouping(d, s, Q, [&](const Labels& a) {
    const int G = *std::max_element(a.begin(), a.end());
    if (G == 0) return;
    Matrix Z = Matrix::Zero(d, G);
    for (int j = 0; j < d; ++j)
      if (a[static_cast<std::size_t>(j)] > 0) Z(j, a[static_cast<std::size_t>(j)] - 1) = 1;
    best = std::min(best, groupedObjective(m, Z, 0));
  });
  return best;
}

// 30 problems (diabetes and 29 seeded E1 problems, d = 8) at each count: the default's objective
// is never below the enumeration's best nor above its own single start's (start 0 is that start),
// and it reaches the best in at least as many problems as the single start. Returns, per count,
// the problems where the default reached the best (within 1e-6) and its largest excess.
struct Reach {
  int reached = 0;
  double worst = 0;
};
std::vector<Reach> sparseDefaultsBesideEnumeration(const std::string& method,
                                                   const std::vector<std::map<std::string, double>>& counts) {
  std::vector<Data> problems{diabetes()};
  for (std::uint64_t seed = 1; problems.size() < 30; ++seed) {
    const auto g = generateE1(60, 8, 3, 5.0, seed, 0, CoefValues::Uniform15, 0.5);
    problems.push_back({g.X, g.y});
  }
  std::vector<Reach> reaches;
  for (const auto& count : counts) {
    const int s = static_cast<int>(count.at("s")), Q = count.count("Q") ? static_cast<int>(count.at("Q")) : s;
    Reach all, one;
    for (std::size_t k = 0; k < problems.size(); ++k) {
      Params p, single;
      p.numbers = single.numbers = count;
      single.numbers["starts"] = 0;
      const Problem problem = problemOf(problems[k].X, problems[k].y);
      const Result r = fit(method, problem, p), first = fit(method, problem, single);
      EXPECT_NE(r.status, Status::InvalidInput) << r.message;
      EXPECT_EQ(r.starts, static_cast<int>(method_params::declaredDefault(method, "starts")));
      EXPECT_LE(r.objective, first.objective * (1 + 1e-12)) << "problem " << k << ", s = " << s << ", Q = " << Q;
      const double best = bestSparseSquared(problems[k], s, Q), above = (r.objective - best) / std::abs(best);
      EXPECT_GE(above, -1e-9) << "below the enumeration's best: problem " << k << ", s = " << s << ", Q = " << Q;
      all.reached += above <= 1e-6;
      all.worst = std::max(all.worst, above);
      const double firstAbove = (first.objective - best) / std::abs(best);
      one.reached += firstAbove <= 1e-6;
      one.worst = std::max(one.worst, firstAbove);
    }
    EXPECT_GE(all.reached, one.reached) << method << " s = " << s << ", Q = " << Q;
    std::printf("%s s = %d, Q = %d: the best reached in %d of 30 (one start: %d), worst %.3g above (one start: %.3g)\n",
                method.c_str(), s, Q, all.reached, one.reached, all.worst, one.worst);
    reaches.push_back(all);
  }
  return reaches;
}

// IHCS's starts, each polished by the exchange search over supports and groupings: the best in at
// least 28 of 30 problems at each Q, never more than 1 % above it (measured at the default 16
// starts: 30 of 30 at each Q; ten starts left one problem at Q = 2 1.7 % above, at a grouping no
// single change or swap lowers).
TEST(NonConvexDefaults, IhcsReachesTheBestSparseGrouping) {
  for (const Reach& r :
       sparseDefaultsBesideEnumeration("ihcs", {{{"s", 5}, {"Q", 2}}, {{"s", 5}, {"Q", 3}}, {{"s", 5}, {"Q", 4}}})) {
    EXPECT_GE(r.reached, 28);
    EXPECT_LE(r.worst, 0.01);
  }
}

// ncFGS and ncTFGS from their default starts (w = 0, the ridge fit, that fit halved, that fit
// perturbed): never above DC programming from w = 0 alone (the paper's), lower on some of ten E1
// problems at λ1 = 0.1 (measured: 5 of 10 each, up to 3 % and 23 % lower), the starts counted with
// the warning when one reached the lowest; a warm start is one start.
TEST(NonConvexDefaults, NcfgsAndNctfgsStartsNeverEndAboveThePapersStart) {
  for (const char* method : {"ncfgs", "nctfgs"}) {
    int lower = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const auto g = generateE1(150, 100, 5, 0.5, seed);
      Params p, one;
      p.numbers = {{"lambda1", 0.1}, {"lambda2", 0.01}};
      if (std::string(method) == "nctfgs") p.numbers["tau"] = 0.5;
      one.numbers = p.numbers;
      one.numbers["starts"] = 1;
      const Result r = fit(method, problemOf(g.X, g.y), p), first = fit(method, problemOf(g.X, g.y), one);
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      EXPECT_LE(r.objective, first.objective * (1 + 1e-12)) << method << " seed " << seed;
      lower += r.objective < first.objective * (1 - 1e-6);
      EXPECT_EQ(r.starts, static_cast<int>(method_params::declaredDefault(method, "starts")));
      EXPECT_EQ(first.starts, 0);
      EXPECT_EQ(r.warnings.size(), r.startsAtBest == 1 ? 1u : 0u) << method << " seed " << seed;
      if (seed == 1) {
        const WarmStart warm{r.coef, r.intercept};
        EXPECT_EQ(fit(method, problemOf(g.X, g.y), p, {}, &warm).starts, 0);
      }
    }
    EXPECT_GE(lower, 3) << method;
  }
}

// The sparse exchange search's answer: no single change of a feature's group (another group, out
// of the support, into it while fewer than s are in) and no swap of a support feature for a zero
// one lowers the objective, each computed here in closed form on the grouping's sums (d = 24,
// s = 8, Q = 3, with a ridge term; dense, and CSR whose Gram columns come from the design's
// products).
TEST(NonConvexDefaults, NoSingleChangeOrSwapLowersTheSparseExchangedObjective) {
  auto g = generateE1(80, 24, 3, 2.0, 21, 0, CoefValues::Uniform15, 0.4);
  RowMatrix sparseX = g.X;
  for (Eigen::Index i = 0; i < sparseX.size(); ++i)
    if (std::abs(sparseX.data()[i]) < 0.5) sparseX.data()[i] = 0;
  const CsrArrays csr = csrOf(sparseX);
  const double lambda = 1e-2;
  for (const bool sparse : {false, true}) {
    const RowMatrix& X = sparse ? sparseX : g.X;
    const Problem problem =
        sparse ? Problem{{80, 24, csr.indptr.data(), csr.indices.data(), csr.values.data()}, {g.y.data(), 80}}
               : problemOf(g.X, g.y);
    Params p;
    p.numbers = {{"s", 8}, {"Q", 3}, {"lambda", lambda}, {"starts", 1}};
    const Result r = fit("ihcs", problem, p);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const Moments m = momentsOf(Data{X, g.y});
    // The grouping of the answer: −1 for a zero, else the index of its distinct non-zero value.
    std::vector<double> values;
    Labels labels(24, -1);
    for (Eigen::Index j = 0; j < 24; ++j) {
      const double w = r.coef(j, 0);
      if (w == 0) continue;
      const auto at = std::find(values.begin(), values.end(), w);
      labels[static_cast<std::size_t>(j)] = static_cast<int>(at - values.begin());
      if (at == values.end()) values.push_back(w);
    }
    ASSERT_LE(values.size(), 3u);
    const auto objective = [&](const Labels& a) {
      Matrix Z = Matrix::Zero(24, 3);
      for (Eigen::Index j = 0; j < 24; ++j)
        if (a[static_cast<std::size_t>(j)] >= 0) Z(j, a[static_cast<std::size_t>(j)]) = 1;
      std::vector<Eigen::Index> used;
      for (Eigen::Index q = 0; q < 3; ++q)
        if (Z.col(q).sum() > 0) used.push_back(q);
      Matrix Zu(24, static_cast<Eigen::Index>(used.size()));
      for (std::size_t q = 0; q < used.size(); ++q) Zu.col(static_cast<Eigen::Index>(q)) = Z.col(used[q]);
      return groupedObjective(m, Zu, lambda);
    };
    const double F = objective(labels);
    // The reported objective is the loss + ridge of the answer (its intercept the mean of y).
    EXPECT_NEAR(F, r.objective, 1e-10 * std::abs(r.objective)) << sparse;
    int inSupport = 0;
    for (int a : labels) inSupport += a >= 0;
    int checked = 0;
    for (std::size_t j = 0; j < 24; ++j) {
      for (int q = -1; q < 3; ++q) {  // feature j changes group (or leaves, or enters)
        if (q == labels[j] || (labels[j] < 0 && inSupport >= 8)) continue;
        Labels moved = labels;
        moved[j] = q;
        EXPECT_GE(objective(moved), F * (1 - 1e-10) - 1e-12) << sparse << ": feature " << j << " to " << q;
        ++checked;
      }
      if (labels[j] < 0) continue;
      for (std::size_t k = 0; k < 24; ++k) {  // j out, k in
        if (labels[k] >= 0) continue;
        for (int q = 0; q < 3; ++q) {
          Labels swapped = labels;
          swapped[j] = -1;
          swapped[k] = q;
          EXPECT_GE(objective(swapped), F * (1 - 1e-10) - 1e-12)
              << sparse << ": " << j << " out, " << k << " into " << q;
          ++checked;
        }
      }
    }
    EXPECT_GT(checked, 400);
  }
}

// IHT's starts, each polished by the swap search: the best support in at least 28 of 30 problems
// at each s, never more than 1 % above it (measured at the default 12 starts: 30 of 30 at each s;
// six and ten starts left one problem at s = 4 16.8 % above, two swaps from the best).
TEST(NonConvexDefaults, IhtReachesTheBestSupport) {
  for (const Reach& r : sparseDefaultsBesideEnumeration("iht", {{{"s", 2}}, {{"s", 3}}, {{"s", 4}}})) {
    EXPECT_GE(r.reached, 28);
    EXPECT_LE(r.worst, 0.01);
  }
}

// min over (v, b) of 1/n Σ log(1 + exp(−ỹᵢ(xᵢᵀZv + b))) + λ/2 Σ_g |g| v_g², ỹ = 2y − 1, for the
// grouping (0: a zero coefficient, g ≥ 1: group g, empty groups dropped; Z its membership), by Newton's method on
// its G + 1 unknowns (the Hessian exact, a step halved until the objective falls) from 0, until
// the gradient is below 1e-13 or no step lowers the objective in doubles.
double groupedLogistic(const Data& D, const Labels& given, double lambda) {
  const Eigen::Index n = D.X.rows();
  Labels a = given;  // the non-empty groups renumbered 1 … G by first appearance
  std::vector<std::int32_t> rename(a.size() + 1, 0);
  int G = 0;
  for (auto& v : a)
    if (v > 0)
      v = rename[static_cast<std::size_t>(v)] ? rename[static_cast<std::size_t>(v)]
                                              : (rename[static_cast<std::size_t>(v)] = ++G);
  Matrix U = Matrix::Zero(n, G + 1);  // X Z, then the intercept's column of ones
  Vector sizes = Vector::Zero(G + 1);
  for (std::size_t j = 0; j < a.size(); ++j)
    if (a[j] > 0) U.col(a[j] - 1) += D.X.col(static_cast<Eigen::Index>(j)), sizes[a[j] - 1] += 1;
  U.col(G).setOnes();
  const Vector t = 2 * D.y.array() - 1;
  const auto value = [&](const Vector& theta) {
    const Vector z = U * theta;
    double f = 0;
    for (Eigen::Index i = 0; i < n; ++i)
      f += std::log1p(std::exp(-std::abs(t[i] * z[i]))) + std::max(0.0, -t[i] * z[i]);
    return f / static_cast<double>(n) + 0.5 * lambda * theta.dot(sizes.cwiseProduct(theta));
  };
  Vector theta = Vector::Zero(G + 1);
  double f = value(theta);
  for (int it = 0; it < 100; ++it) {
    const Vector p = (1 + (-(U * theta).array()).exp()).inverse().matrix();
    const Vector g = U.transpose() * (p - D.y) / static_cast<double>(n) + lambda * sizes.cwiseProduct(theta);
    if (g.cwiseAbs().maxCoeff() < 1e-13) break;
    const Vector curvature = p.array() * (1 - p.array()) / static_cast<double>(n);
    Matrix H = U.transpose() * (U.array().colwise() * curvature.array()).matrix();
    H.diagonal() += lambda * sizes;
    const Vector step = H.ldlt().solve(g);
    double scale = 1;
    for (; scale > 1e-12; scale /= 2)
      if (const double next = value(theta - scale * step); next < f) {
        theta -= scale * step;
        f = next;
        break;
      }
    if (scale <= 1e-12) break;
  }
  return f;
}

// An answer's own pattern in groupedLogistic's labels: 0 for a zero coefficient, g ≥ 1 for the
// g-th distinct non-zero value (equal within 1e-9, relative).
Labels patternOf(const Result& r) {
  Labels a(static_cast<std::size_t>(r.coef.rows()), 0);
  std::vector<double> values;
  for (Eigen::Index j = 0; j < r.coef.rows(); ++j) {
    const double w = r.coef(j, 0);
    if (w == 0) continue;
    auto at = std::find_if(values.begin(), values.end(),
                           [&](double v) { return std::abs(v - w) <= 1e-9 * (1 + std::abs(w)); });
    if (at == values.end()) values.push_back(w), at = values.end() - 1;
    a[static_cast<std::size_t>(j)] = static_cast<std::int32_t>(at - values.begin()) + 1;
  }
  return a;
}

// The best of every grouping into at most Q values of at most s features (IHCS); with Q = s (IHT,
// no grouping) every support of s features, each its own value, is enough: a smaller support or a
// merged group is a restriction of one of those.
double bestSparseLogistic(const Data& D, int s, int Q, double lambda, bool grouped) {
  double best = HUGE_VAL;
  const auto d = static_cast<int>(D.X.cols());
  if (grouped) {
    forEachSparseGrouping(d, s, Q, [&](const Labels& a) { best = std::min(best, groupedLogistic(D, a, lambda)); });
    return best;
  }
  for (unsigned mask = 0; mask < 1u << d; ++mask) {
    if (__builtin_popcount(mask) != s) continue;
    Labels a(static_cast<std::size_t>(d), 0);
    for (int j = 0, g = 0; j < d; ++j)
      if (mask >> j & 1u) a[static_cast<std::size_t>(j)] = ++g;
    best = std::min(best, groupedLogistic(D, a, lambda));
  }
  return best;
}

}  // namespace nonconvex_defaults

// IHT and IHCS with the logistic loss (λ = 1e-2, 30 nearly separable E1 problems, d = 8) beside
// every support and grouping fitted here by Newton's method: the default's objective is its own
// pattern's (recomputed here), never more than 1 % above the best, and it reaches the best in at
// least 28 of 30 at each count (measured: IHT 30, 30, 29; IHCS, its exchange search scoring each
// candidate by a refit, 30, 28, 30 — its starts alone reached 29, 27, 29).
TEST(NonConvexDefaults, IhtAndIhcsReachTheBestOfTheLogisticLoss) {
  using namespace nonconvex_defaults;
  std::vector<Data> problems;
  for (std::uint64_t seed = 1; problems.size() < 30; ++seed) {
    const auto g = generateE1(60, 8, 3, 30.0, seed, 0, CoefValues::Uniform15, 0.5, true);
    problems.push_back({g.X, g.y});
  }
  const double lambda = 1e-2;
  for (const auto& [method, s, Q] : {std::tuple{"iht", 2, 2}, std::tuple{"iht", 3, 3}, std::tuple{"iht", 4, 4},
                                     std::tuple{"ihcs", 5, 2}, std::tuple{"ihcs", 5, 3}, std::tuple{"ihcs", 5, 4}}) {
    int reached = 0;
    double worst = 0;
    for (const Data& D : problems) {
      Params p;
      p.strings["loss"] = "logistic";
      p.numbers = {{"lambda", lambda}, {"s", s}};
      if (std::string(method) == "ihcs") p.numbers["Q"] = Q;
      const Result r = fit(method, problemOf(D.X, D.y), p);
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      const Labels a = patternOf(r);
      // Projected gradient stops on a relative decrease of 1e-8: at most a little above, never below.
      const double own = groupedLogistic(D, a, lambda);
      EXPECT_GE(r.objective, own * (1 - 1e-12)) << method;
      EXPECT_LE(r.objective, own * (1 + 1e-6)) << method;
      const double best = bestSparseLogistic(D, s, Q, lambda, std::string(method) == "ihcs"),
                   above = (r.objective - best) / best;
      EXPECT_GE(above, -1e-8) << "below the enumeration's best: " << method << ", s = " << s << ", Q = " << Q;
      reached += above <= 1e-6;
      worst = std::max(worst, above);
    }
    std::printf("%s s = %d, Q = %d (logistic): the best reached in %d of 30, worst %.3g above\n", method, s, Q, reached,
                worst);
    EXPECT_GE(reached, 28) << method << " s = " << s << ", Q = " << Q;
    EXPECT_LE(worst, 0.01) << method << " s = " << s << ", Q = " << Q;
  }
}

// IHCS with the logistic loss from one start, polished by the exchange search by refits: no single
// change of a feature's group (another group, out of the support, into it below s) and no swap of
// a support feature for a zero one lowers the objective, each neighbour fitted here by Newton's
// method; without the search some problem has such a move.
TEST(NonConvexDefaults, NoSingleChangeOrSwapLowersTheLogisticSparseGrouping) {
  using namespace nonconvex_defaults;
  const double lambda = 1e-2;
  int improvableWithout = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto g = generateE1(60, 8, 3, 30.0, seed, 0, CoefValues::Uniform15, 0.5, true);
    const Data D{g.X, g.y};
    for (bool exchange : {true, false}) {
      Params p;
      p.strings["loss"] = "logistic";
      p.numbers = {{"lambda", lambda}, {"s", 5}, {"Q", 3}, {"starts", 1}};
      p.flags["exchange"] = exchange;
      const Result r = fit("ihcs", problemOf(D.X, D.y), p);
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      const Labels a = patternOf(r);
      const double F = groupedLogistic(D, a, lambda);
      int support = 0;
      for (std::int32_t v : a) support += v > 0;
      bool lowered = false;
      for (std::size_t j = 0; j < 8; ++j) {
        for (std::int32_t q = 0; q <= 3; ++q) {  // j to group q (0: out of the support)
          if (q == a[j] || (a[j] == 0 && support >= 5)) continue;
          Labels moved = a;
          moved[j] = q;
          lowered |= groupedLogistic(D, moved, lambda) < F * (1 - 1e-9);
        }
        if (a[j] == 0) continue;
        for (std::size_t k = 0; k < 8; ++k) {  // j out, k in
          if (a[k] != 0) continue;
          for (std::int32_t q = 1; q <= 3; ++q) {
            Labels swapped = a;
            swapped[j] = 0;
            swapped[k] = q;
            lowered |= groupedLogistic(D, swapped, lambda) < F * (1 - 1e-9);
          }
        }
      }
      if (exchange) EXPECT_FALSE(lowered) << "seed " << seed;
      else improvableWithout += lowered;
    }
  }
  EXPECT_GT(improvableWithout, 0);
}

// The experts' searches from several starts count them as IHC's do: with one expert every start
// ends at the one least-squares fit, so all count (experts-em's ten; experts-am's by the size,
// ⌈1.2e5 / (n·(d + 1)·Q)⌉ = ⌈1.2e5 / 600⌉ = 200) and no warning; with three, the ten starts'
// answer is no worse than the first start's alone, and a warning says when one start reached it.
TEST(NonConvexDefaults, ExpertsCountTheirStarts) {
  const SyntheticProblem m = test_data::mixture(120, 4, 3, 0.5, 5);
  const Problem problem = problemOf(m.X, m.y);
  for (const char* method : {"experts-am", "experts-em"}) {
    Params one;
    one.numbers = {{"Q", 1}};
    const Result single = fit(method, problem, one);
    ASSERT_EQ(single.status, Status::Converged) << method << ": " << single.message;
    const int starts = std::string(method) == "experts-am" ? 200 : 10;
    EXPECT_EQ(single.starts, starts) << method;
    EXPECT_EQ(single.startsAtBest, starts) << method;
    EXPECT_TRUE(single.warnings.empty()) << method;
    // A noisy mixture (starts often disagree) and a clean one (they often agree).
    const SyntheticProblem clean = test_data::mixture(300, 3, 3, 0.05, 6);
    int warned = 0, quiet = 0;
    for (std::uint64_t seed = 1; seed <= 24 && (warned == 0 || quiet == 0); ++seed) {
      const Problem on = seed % 2 ? problem : problemOf(clean.X, clean.y);
      Params three;
      three.numbers = {{"Q", 3}, {"restarts", 2}, {"seed", static_cast<double>(seed)}};
      const Result r = fit(method, on, three);
      three.numbers["restarts"] = 1;
      const Result first = fit(method, on, three);
      EXPECT_LE(r.objective, first.objective) << method << " seed " << seed;
      EXPECT_EQ(first.starts, 0) << method;  // one start: nothing to count
      EXPECT_EQ(r.starts, 2) << method;
      ASSERT_GE(r.startsAtBest, 1) << method;
      const bool once = r.startsAtBest == 1;
      EXPECT_EQ(r.warnings.size(), once ? 1u : 0u) << method << " seed " << seed;
      (once ? warned : quiet) += 1;
    }
    EXPECT_GT(warned, 0) << method;
    EXPECT_GT(quiet, 0) << method;
  }
}

namespace nonconvex_defaults {

// F of a partition among Q regression experts, each its group's ridge fit with an intercept
// (expert_predictors.hpp), solved here on the group's centred rows by Eigen's LDLT.
double expertsObjective(const RowMatrix& X, const Vector& y, const Labels& labels, int Q, double lambda) {
  double f = 0;
  for (int q = 0; q < Q; ++q) {
    std::vector<Eigen::Index> rows;
    for (std::size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == q) rows.push_back(static_cast<Eigen::Index>(i));
    if (rows.empty()) continue;
    const auto s = static_cast<Eigen::Index>(rows.size());
    Matrix Xg(s, X.cols());
    Vector yg(s);
    for (Eigen::Index k = 0; k < s; ++k)
      Xg.row(k) = X.row(rows[static_cast<std::size_t>(k)]), yg[k] = y[rows[static_cast<std::size_t>(k)]];
    const Matrix Xc = Xg.rowwise() - Xg.colwise().mean();
    const Vector yc = yg.array() - yg.mean();
    Matrix A = Xc.transpose() * Xc;
    A.diagonal().array() += lambda * static_cast<double>(s);
    const Vector c = A.ldlt().solve(Xc.transpose() * yc);
    f += (yc - Xc * c).squaredNorm() + lambda * static_cast<double>(s) * c.squaredNorm();
  }
  return f / (2.0 * static_cast<double>(y.size()));
}

// The best partition of n samples among at most Q regression experts (d = D), by enumerating
// every partition (restricted growth, each once) with each group's sums kept along the
// recursion (a group's part of 2n·F is Σ(y − ȳ)² − rᵀ(Σ_c + λ s I)⁻¹r); the best one's
// objective is then recomputed by expertsObjective, free of the sums' cancellation.
template <int D>
double bestExperts(const RowMatrix& X, const Vector& y, int Q, double lambda) {
  using V = Eigen::Matrix<double, D, 1>;
  using M = Eigen::Matrix<double, D, D>;
  struct Sums {
    double s = 0, y = 0, yy = 0;
    V x = V::Zero(), xy = V::Zero();
    M xx = M::Zero();
  };
  const auto n = static_cast<int>(X.rows());
  std::vector<Sums> sums(static_cast<std::size_t>(Q));
  const auto value = [&](const Sums& g) {
    if (g.s == 0) return 0.0;
    const V mean = g.x / g.s, r = g.xy - g.y * mean;
    const M A = g.xx - g.s * mean * mean.transpose() + lambda * g.s * M::Identity();
    return g.yy - g.y * g.y / g.s - r.dot(A.inverse() * r);
  };
  const auto add = [&](Sums& g, int i, double sign) {
    const V x = X.row(i).transpose();
    g.s += sign, g.y += sign * y[i], g.yy += sign * y[i] * y[i];
    g.x += sign * x, g.xy += sign * y[i] * x, g.xx += sign * x * x.transpose();
  };
  double best = HUGE_VAL;
  Labels labels(static_cast<std::size_t>(n), 0), bestLabels;
  std::function<void(int, int)> next = [&](int i, int top) {
    if (i == n) {
      double f = 0;
      for (const Sums& g : sums) f += value(g);
      if (f < best) best = f, bestLabels = labels;
      return;
    }
    for (int g = 0; g <= std::min(top + 1, Q - 1); ++g) {
      labels[static_cast<std::size_t>(i)] = g;
      add(sums[static_cast<std::size_t>(g)], i, +1);
      next(i + 1, std::max(top, g));
      add(sums[static_cast<std::size_t>(g)], i, -1);
    }
  };
  add(sums[0], 0, +1);
  next(1, 0);
  return expertsObjective(X, y, bestLabels, Q, lambda);
}

Result expertsFit(const char* method, const SyntheticProblem& m, int Q, double lambda, bool exchange) {
  Params p;
  p.numbers = {{"Q", Q}, {"lambda", lambda}};
  p.flags["exchange"] = exchange;
  return fit(method, problemOf(m.X, m.y), p);
}
Result expertsAm(const SyntheticProblem& m, int Q, double lambda, bool exchange) {
  return expertsFit("experts-am", m, Q, lambda, exchange);
}

// experts-am at its defaults (its starts by the problem's size: 200 here, each with the exchange
// search) and as the papers run it (exchange off, ten starts) beside the enumeration: 30 seeded
// mixtures of Q experts (n = 12, d = 1 and 2, σ = 0.3, λ = 1e-2), Q = 2, 3, 4. Each answer's
// objective is its partition's (recomputed here); none is below the enumeration's best; the
// default never ends above the papers' AM and reaches the best in at least 28 of 30 at each
// (d, Q), never more than 1 % above it (measured: 30 of 30 everywhere; ten starts with the exchange
// 28/28/26 and 28/20/22, up to 91 % above).
TEST(NonConvexDefaults, ExpertsAmBesideTheEnumeration) {
  constexpr double lambda = 1e-2;
  for (int d : {1, 2})
    for (int Q : {2, 3, 4}) {
      int reached = 0, reachedByPapers = 0;
      double worst = 0;
      for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const SyntheticProblem m = test_data::mixture(12, d, Q, 0.3, seed);
        Params papersParams;
        papersParams.numbers = {{"Q", Q}, {"lambda", lambda}, {"restarts", 10}};
        papersParams.flags["exchange"] = false;
        const Result r = expertsAm(m, Q, lambda, true), papers = fit("experts-am", problemOf(m.X, m.y), papersParams);
        ASSERT_EQ(r.status, Status::Converged) << r.message;
        ASSERT_EQ(papers.status, Status::Converged) << papers.message;
        EXPECT_EQ(r.starts, 200);
        EXPECT_NEAR(r.objective, expertsObjective(m.X, m.y, r.groups, Q, lambda), 1e-10 * r.objective) << seed;
        const double best = d == 1 ? bestExperts<1>(m.X, m.y, Q, lambda) : bestExperts<2>(m.X, m.y, Q, lambda);
        EXPECT_GE(r.objective, best * (1 - 1e-9)) << "below the enumeration's best: seed " << seed << ", Q = " << Q;
        EXPECT_LE(r.objective, papers.objective * (1 + 1e-12)) << "seed " << seed << ", d = " << d << ", Q = " << Q;
        reached += r.objective <= best * (1 + 1e-6);
        reachedByPapers += papers.objective <= best * (1 + 1e-6);
        worst = std::max(worst, r.objective / best - 1);
      }
      EXPECT_GE(reached, 28) << "d = " << d << ", Q = " << Q;
      EXPECT_GE(reached, reachedByPapers) << "d = " << d << ", Q = " << Q;
      EXPECT_LE(worst, 0.01) << "d = " << d << ", Q = " << Q;
    }
}

// The defaults' answers are exchange-optimal — experts-am's, and PG's, CG's and RC's refined by
// AM: no single sample moved to another expert, both experts refitted (here, by Eigen), lowers the
// objective (mixtures of 3 experts, n = 60, d = 3); each is never above the same method's with
// `exchange: false` (the same search, then the papers' AM).
TEST(NonConvexDefaults, NoSingleSampleMoveLowersTheExpertsObjective) {
  for (const char* method : {"experts-am", "experts-pg", "experts-cg", "experts-rc"})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const SyntheticProblem m = test_data::mixture(60, 3, 3, 0.5, seed);
      const Result r = expertsFit(method, m, 3, 1e-2, true);
      ASSERT_EQ(r.status, Status::Converged) << method << ": " << r.message;
      EXPECT_LE(r.objective, expertsFit(method, m, 3, 1e-2, false).objective * (1 + 1e-12))
          << method << ", seed " << seed;
      const double f = expertsObjective(m.X, m.y, r.groups, 3, 1e-2);
      EXPECT_NEAR(r.objective, f, 1e-10 * f) << method;
      for (std::size_t i = 0; i < r.groups.size(); ++i)
        for (int q = 0; q < 3; ++q) {
          Labels moved = r.groups;
          moved[i] = q;
          EXPECT_GE(expertsObjective(m.X, m.y, moved, 3, 1e-2), f * (1 - 1e-9))
              << method << ", seed " << seed << ": sample " << i << " to " << q;
        }
    }
}

// Where alternating minimisation alone stops far above the planted partition (300 samples of
// three experts in 20 dimensions, σ = 0.1: every start ends at least 10× above it), the exchange
// search from the same starts reaches an objective no higher than the planted partition's.
TEST(NonConvexDefaults, TheExchangeReachesThePlantedMixtureWhereAmAloneDoesNot) {
  GeneratorOptions g;
  g.n = 300, g.nTest = 50, g.d = 20, g.Q = 3, g.sigma = 0.1, g.seed = 3;
  SyntheticProblem m;
  ASSERT_EQ(generate("experts", g, m).message(), "");
  const double planted = expertsObjective(m.X, m.y, m.groups, 3, 1e-3);
  EXPECT_GT(expertsAm(m, 3, 1e-3, false).objective, 10 * planted);
  const Result r = expertsAm(m, 3, 1e-3, true);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_LE(r.objective, planted * (1 + 1e-9));
  // Stopped at its k-th report, whether in a refit or between the exchange's moves, the fit says
  // so at once and keeps the experts of the last fitted partition.
  int calls = 0;
  Control c;
  c.progress = [&](int, double) { return ++calls < 40; };
  Params p;
  p.numbers = {{"Q", 3}, {"lambda", 1e-3}, {"restarts", 1}};
  const Result stopped = fit("experts-am", problemOf(m.X, m.y), p, c);
  EXPECT_EQ(stopped.status, Status::Aborted);
  EXPECT_EQ(calls, 40);
  EXPECT_LT(stopped.iterations, 40);  // some of the 40 reports were the exchange's
  ASSERT_EQ(stopped.groups.size(), 300u);
  EXPECT_NEAR(stopped.objective, expertsObjective(m.X, m.y, stopped.groups, 3, 1e-3), 1e-10 * stopped.objective);
}

}  // namespace nonconvex_defaults

namespace nonconvex_defaults {

// Clustered tasks' hard problem (tasks-pg) with the one-vs-all squared loss (±1 targets):
//   F(W, b) = 1/(2n) Σ_i Σ_k (t_ik − x_iᵀw_k − b_k)² + λ/2‖W‖² + λ_B/2 Σ_k ‖w_k − w̄‖² + λ_M K/2 ‖w̄‖²,
// the K columns of W taking at most Q values. For a partition (sizes s_g, W = C Zᵀ) it is a
// quadratic in C, minimised here in closed form: ½‖Tc‖²/n − ½ RᵀH⁻¹R with R_g = Σ_{k ∈ g} Xcᵀt_k/n
// and H = blockdiag(s_g (XcᵀXc/n + (λ + λ_B) I)) + (λ_M − λ_B)/K (s sᵀ ⊗ I).
struct TaskData {
  Matrix Xc, Tc;  // centred
};
TaskData taskData(const SyntheticProblem& p, int K) {
  const Eigen::Index n = p.X.rows();
  Matrix T = Matrix::Constant(n, K, -1.0);
  for (Eigen::Index i = 0; i < n; ++i) T(i, static_cast<Eigen::Index>(p.y[i])) = 1;
  return {p.X.rowwise() - p.X.colwise().mean(), T.rowwise() - T.colwise().mean()};
}
double hardTasksObjective(const TaskData& t, const Matrix& W, double lambda, double between, double mean) {
  const double n = static_cast<double>(t.Xc.rows()), K = static_cast<double>(W.cols());
  const Vector wbar = W.rowwise().mean();
  return 0.5 * (t.Tc - t.Xc * W).squaredNorm() / n + 0.5 * lambda * W.squaredNorm() +
         0.5 * between * (W.colwise() - wbar).squaredNorm() + 0.5 * mean * K * wbar.squaredNorm();
}
double bestHardTasks(const TaskData& t, int Q, double lambda, double between, double mean) {
  const double n = static_cast<double>(t.Xc.rows());
  const auto K = static_cast<int>(t.Tc.cols());
  const Eigen::Index d = t.Xc.cols();
  const Matrix S = t.Xc.transpose() * t.Xc / n, Rk = t.Xc.transpose() * t.Tc / n;
  const double constant = 0.5 * t.Tc.squaredNorm() / n;
  double best = HUGE_VAL;
  forEachPartition(K, Q, [&](const Labels& a) {
    const int G = 1 + *std::max_element(a.begin(), a.end());
    Vector s = Vector::Zero(G), R = Vector::Zero(d * G);
    for (int k = 0; k < K; ++k) {
      s[a[static_cast<std::size_t>(k)]] += 1;
      R.segment(d * a[static_cast<std::size_t>(k)], d) += Rk.col(k);
    }
    Matrix H = Matrix::Zero(d * G, d * G);
    for (int g = 0; g < G; ++g) {
      H.block(d * g, d * g, d, d) = s[g] * S;
      H.block(d * g, d * g, d, d).diagonal().array() += s[g] * (lambda + between);
      for (int h = 0; h < G; ++h) H.block(d * g, d * h, d, d).diagonal().array() += (mean - between) / K * s[g] * s[h];
    }
    best = std::min(best, constant - 0.5 * R.dot(H.ldlt().solve(R)));
  });
  return best;
}

// tasks-pg at its defaults (the paper's start and ours in the loss's metric) beside the
// enumeration of every partition of K = 8 tasks (30 seeded problems of the tasks generator,
// n = 120, d = 5, σ = 1, Q = 2, 3, 4; λ = λ_B = λ_M = 1e-3): its objective is its own W's
// (recomputed here) and never below the best partition's; it reaches the best within 1e-6 in at
// least 28 of 30 at each Q and never ends 1 % above it; with `metricStart: false` (the paper's
// start alone) it is never lower. (How often each reaches it: the log's "Architecture decisions, measured".)
TEST(NonConvexDefaults, TasksPgReachesTheBestPartition) {
  for (int Q : {2, 3, 4}) {
    int reached = 0;
    double worst = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      GeneratorOptions g;
      g.n = 120, g.nTest = 0, g.d = 5, g.Q = Q, g.tasks = 8, g.sigma = 1, g.seed = seed;
      SyntheticProblem p;
      ASSERT_EQ(generate("tasks", g, p).message(), "");
      Params params;
      params.strings["loss"] = "ova-squared";
      params.numbers = {{"Q", Q}, {"lambda", 1e-3}, {"between", 1e-3}, {"mean", 1e-3}};
      const Result r = fit("tasks-pg", problemOf(p.X, p.y), params);
      ASSERT_EQ(r.status, Status::Converged) << r.message;
      params.flags["metricStart"] = false;
      const Result paper = fit("tasks-pg", problemOf(p.X, p.y), params);
      EXPECT_LE(r.objective, paper.objective * (1 + 1e-12)) << "seed " << seed << ", Q = " << Q;
      const TaskData t = taskData(p, 8);
      EXPECT_NEAR(r.objective, hardTasksObjective(t, r.coef, 1e-3, 1e-3, 1e-3), 1e-9 * r.objective) << "seed " << seed;
      const double best = bestHardTasks(t, Q, 1e-3, 1e-3, 1e-3), above = (r.objective - best) / best;
      EXPECT_GE(above, -1e-9) << "below the enumeration's best: seed " << seed << ", Q = " << Q;
      reached += above <= 1e-6;
      worst = std::max(worst, above);
    }
    EXPECT_GE(reached, 28) << "Q = " << Q;
    EXPECT_LE(worst, 0.01) << "Q = " << Q;
  }
}

}  // namespace nonconvex_defaults
