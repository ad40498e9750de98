// Regularisation paths: each top gives the trivial answer and 0.99 × top does not; a warm path's
// points equal cold fits; a start-dependent method's path is a loop of fits, bit for bit; the
// deviance ratio, the counts and the early stops are what they say.
#include "supclust/methods/path.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "supclust/families/catalogue.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

Params paramsOf(std::map<std::string, double> numbers, std::string loss = "squared") {
  Params p;
  p.numbers = std::move(numbers);
  p.strings["loss"] = std::move(loss);
  return p;
}

// The largest |coefficient| of a fit.
double largest(const Result& r) { return r.coef.cwiseAbs().maxCoeff(); }

struct Data {
  SyntheticProblem p;
  Vector labels;  // y > median: 0/1
  explicit Data(int n = 80, int d = 30, std::uint64_t seed = 3) : p(generateE1(n, d, 4, 0.5, seed)) {
    Vector sorted = p.y;
    std::sort(sorted.data(), sorted.data() + sorted.size());
    const double median = sorted[n / 2];
    labels = (p.y.array() > median).cast<double>();
  }
};

}  // namespace

TEST(Path, ExactTopsGiveTheTrivialAnswerAndNoMore) {
  const Data data;
  struct Case {
    std::string method;
    Params params;
    bool classes;
  };
  const std::vector<Case> cases = {
      {"lasso", paramsOf({}), false},
      {"lasso", paramsOf({}, "logistic"), true},
      {"elasticnet", paramsOf({{"alpha", 0.4}}), false},
      {"oscar", paramsOf({{"lambda1", 1}, {"lambda2", 0.02}}), false},
      {"oscar", paramsOf({{"lambda1", 0}, {"lambda2", 1}}), false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.method + " " + c.params.strings.at("loss"));
    const Problem problem = problemOf(data.p.X, c.classes ? data.labels : data.p.y);
    PathOptions o;
    o.nLambda = 1;
    const PathResult top = path(c.method, problem, c.params, {}, o);
    ASSERT_EQ(top.status, Status::Converged) << top.message;
    ASSERT_EQ(top.top.kind, TopKind::Exact);
    ASSERT_EQ(top.points.size(), 1u);
    EXPECT_EQ(top.points[0].value, top.top.value);
    EXPECT_EQ(largest(top.points[0].model), 0);
    EXPECT_EQ(top.points[0].nonZeros, 0);
    EXPECT_NEAR(top.points[0].devianceRatio, 0, 1e-12);
    // The path returns the null model at the top; a fit there finds it too, to rounding.
    Params at = c.params;
    for (std::size_t i = 0; i < top.weights.size(); ++i) at.numbers[top.weights[i]] = top.points[0].weights[i];
    const Result fitted = fit(c.method, problem, at);
    ASSERT_EQ(fitted.status, Status::Converged);
    EXPECT_LT(largest(fitted), 1e-12);
    EXPECT_NEAR(fitted.objective, top.points[0].model.objective, 1e-12);
    EXPECT_EQ(top.points[0].model.coef.cols(), fitted.coef.cols());
    EXPECT_NEAR(top.points[0].model.intercept[0], fitted.intercept[0], 1e-9);
    const PathResult below = path(c.method, problem, c.params, {0.99 * top.top.value}, o);
    ASSERT_EQ(below.status, Status::Converged) << below.message;
    EXPECT_GT(largest(below.points[0].model), 1e-8);
    EXPECT_GT(below.points[0].nonZeros, 0);
    EXPECT_GT(below.points[0].devianceRatio, 0);
  }
}

TEST(Path, TheLassoTopIsTheLargestCorrelation) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  PathOptions o;
  o.nLambda = 1;
  const PathResult r = path("lasso", problem, paramsOf({}), {}, o);
  // max_j |Σ_i (x_ij − x̄_j)(y_i − ȳ)| / n, by hand.
  double top = 0;
  const auto n = static_cast<double>(data.p.X.rows());
  for (Eigen::Index j = 0; j < data.p.X.cols(); ++j) {
    const double mx = data.p.X.col(j).mean(), my = data.p.y.mean();
    top = std::max(top, std::abs(((data.p.X.col(j).array() - mx) * (data.p.y.array() - my)).sum()) / n);
  }
  EXPECT_NEAR(r.top.value, top, 1e-14 * top);
}

TEST(Path, WarmPointsEqualColdFits) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  for (const auto& [method, params] :
       std::vector<std::pair<std::string, Params>>{{"lasso", paramsOf({})},
                                                   {"oscar", paramsOf({{"lambda1", 1}, {"lambda2", 0.01}})},
                                                   {"ridge", paramsOf({})}}) {
    SCOPED_TRACE(method);
    PathOptions o;
    o.nLambda = 12;
    const PathResult r = path(method, problem, params, {}, o);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    ASSERT_FALSE(r.points.empty());
    for (std::size_t k = 1; k < r.points.size(); ++k) EXPECT_LT(r.points[k].value, r.points[k - 1].value);
    for (const PathPoint& p : r.points) {
      Params at = params;
      for (std::size_t i = 0; i < r.weights.size(); ++i) at.numbers[r.weights[i]] = p.weights[i];
      const Result cold = fit(method, problem, at);
      ASSERT_EQ(cold.status, Status::Converged);
      EXPECT_NEAR(p.model.objective, cold.objective, 1e-8 * std::max(1.0, std::abs(cold.objective)));
      EXPECT_LT((p.model.coef - cold.coef).cwiseAbs().maxCoeff(), 1e-5);
    }
  }
}

TEST(Path, AStartDependentPathIsALoopOfFitsBitForBit) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  const Params params = paramsOf({{"Q", 4}});
  PathOptions o;
  o.nLambda = 6;
  const PathResult r = path("ihc", problem, params, {}, o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_EQ(r.top.kind, TopKind::Scale);
  const PathResult again = path("ihc", problem, params, {}, o);
  ASSERT_EQ(again.points.size(), r.points.size());
  for (std::size_t k = 0; k < r.points.size(); ++k) {
    Params at = params;
    at.numbers["lambda"] = r.points[k].value;
    const Result cold = fit("ihc", problem, at);
    EXPECT_EQ(r.points[k].model.coef, cold.coef);
    EXPECT_EQ(r.points[k].model.coef, again.points[k].model.coef);
  }
}

TEST(Path, DevianceRatioAndCountsAreWhatTheySay) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  const PathResult r = path("oscar", problem, paramsOf({{"lambda1", 1}, {"lambda2", 0.05}}), {}, PathOptions{});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const double tss = (data.p.y.array() - data.p.y.mean()).square().sum();
  for (const PathPoint& p : r.points) {
    const Vector residual = data.p.y - (data.p.X * p.model.coef.col(0)).array().matrix() -
                            Vector::Constant(data.p.y.size(), p.model.intercept[0]);
    EXPECT_NEAR(p.devianceRatio, 1 - residual.squaredNorm() / tss, 1e-10);
    std::set<double> values;
    long nonZeros = 0;
    for (Eigen::Index j = 0; j < p.model.coef.rows(); ++j)
      if (p.model.coef(j, 0) != 0) ++nonZeros, values.insert(p.model.coef(j, 0));
    EXPECT_EQ(p.nonZeros, nonZeros);
    EXPECT_EQ(p.groups, static_cast<long>(values.size()));
    EXPECT_EQ(p.weights[1], p.weights[0] * 0.05);
  }
}

TEST(Path, EarlyStopsKeepEveryPointWithinTheLimits) {
  const Data data(60, 40);
  const Problem problem = problemOf(data.p.X, data.p.y);
  PathOptions o;
  o.maxNonZeros = 6;
  const PathResult r = path("lasso", problem, paramsOf({}), {}, o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  ASSERT_EQ(r.stopped, "maxNonZeros");
  for (const PathPoint& p : r.points) EXPECT_LE(p.nonZeros, 6);
  // The next point of the full sequence has more.
  PathOptions all;
  const PathResult full = path("lasso", problem, paramsOf({}), {}, all);
  ASSERT_GT(full.points.size(), r.points.size());
  EXPECT_GT(full.points[r.points.size()].nonZeros, 6);
  // The deviance ratio's stops: the last point reached the limit or gained too little.
  PathOptions early;
  early.devianceRatioMax = 0.5;
  const PathResult capped = path("lasso", problem, paramsOf({}), {}, early);
  ASSERT_EQ(capped.stopped, "devianceRatioMax");
  EXPECT_GE(capped.points.back().devianceRatio, 0.5);
  EXPECT_LT(capped.points[capped.points.size() - 2].devianceRatio, 0.5);
  if (full.stopped == "devianceRatioChange") {
    const auto& p = full.points;
    EXPECT_LT(p.back().devianceRatio - p[p.size() - 2].devianceRatio, 1e-5 * p.back().devianceRatio);
  }
}

TEST(Path, RefusalsNameTheirField) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  EXPECT_EQ(path("lasso", problem, paramsOf({}), {1, 2}, PathOptions{}).field, "lambda");
  EXPECT_EQ(path("lasso", problem, paramsOf({}), {1, NAN}, PathOptions{}).field, "lambda");
  EXPECT_EQ(path("lasso", problem, paramsOf({}), {1, -1}, PathOptions{}).field, "lambda");
  EXPECT_EQ(path("nothing", problem, paramsOf({}), {}, PathOptions{}).field, "method");
  EXPECT_EQ(path("svm", problemOf(data.p.X, data.labels), paramsOf({}, "hinge"), {1, 0}, PathOptions{}).field,
            "lambda");
  // gflasso's bound needs λ1 on the ray.
  EXPECT_EQ(path("gflasso", problem, paramsOf({{"lambda2", 1}}), {}, PathOptions{}).field, "lambda");
  const Vector constant = Vector::Constant(data.p.y.size(), 2.0);
  EXPECT_EQ(path("lasso", problemOf(data.p.X, constant), paramsOf({}), {}, PathOptions{}).field, "lambda");
}

// A path over Q: the information criterion (EBIC) recovers the number of groups of E1 (n = 150,
// d = 100, Q = 5, σ = 0.5) in at least 9 of 10 draws.
TEST(Path, OverQTheCriterionRecoversTheGroups) {
  int recovered = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto p = generateE1(150, 100, 5, 0.5, seed);
    const Problem problem = problemOf(p);
    const PathResult r = path("ihc", problem, paramsOf({{"lambda", 1e-3}}), {}, PathOptions{}, {}, "Q");
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    ASSERT_EQ(r.points.size(), 10u);
    ASSERT_GE(r.bestCriterion, 0);
    // EBIC by hand at each point: n log(RSS/n) + groups · log n + 2 log S(d, groups), every
    // coefficient non-zero (S by its recurrence in doubles, S(100, 10) ≈ 2.8e93: in range).
    for (std::size_t k = 0; k < r.points.size(); ++k) {
      const PathPoint& q = r.points[k];
      EXPECT_EQ(q.value, static_cast<double>(k + 1));
      const Vector residual = p.y - p.X * q.model.coef.col(0) - Vector::Constant(150, q.model.intercept[0]);
      ASSERT_EQ(q.nonZeros, 100);
      std::vector<double> S(static_cast<std::size_t>(q.groups) + 1, 0.0);
      S[0] = 1;
      for (int m = 1; m <= 100; ++m) {
        for (long j = std::min<long>(m, q.groups); j >= 1; --j) S[j] = j * S[j] + S[j - 1];
        S[0] = 0;
      }
      EXPECT_NEAR(q.criterion,
                  150 * std::log(residual.squaredNorm() / 150) + q.groups * std::log(150.0) + 2 * std::log(S[q.groups]),
                  1e-8 * std::abs(q.criterion));
    }
    recovered += r.points[static_cast<std::size_t>(r.bestCriterion)].groups == 5;
  }
  EXPECT_GE(recovered, 9);
}

// IHC's path over Q: the first point is IHC's fit at its defaults; every later one the lower of two
// fits at its Q — from IHC's own start (starts: 1) and from the previous point's answer — bit for
// bit, so never above either; with starts: 1 each point is the own start's fit. On these draws
// each of the two starts gives the answer somewhere.
TEST(Path, OverQEachPointIsTheLowerOfItsOwnStartAndThePreviousAnswer) {
  int own = 0, previous = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto p = generateE1(150, 100, 5, 0.5, seed);
    const Problem problem = problemOf(p);
    const Params base = paramsOf({{"lambda", 1e-3}});
    const PathResult r = path("ihc", problem, base, {1, 2, 3, 4, 5, 6, 7, 8}, PathOptions{}, {}, "Q");
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    ASSERT_EQ(r.points.size(), 8u);
    Params first = base;
    first.numbers["Q"] = 1;
    EXPECT_EQ(r.points[0].model.coef, fit("ihc", problem, first).coef);
    for (std::size_t k = 1; k < r.points.size(); ++k) {
      SCOPED_TRACE(k);
      Params at = base;
      at.numbers["Q"] = static_cast<double>(k + 1);
      Params one = at;
      one.numbers["starts"] = 1;
      const Result fromOwn = fit("ihc", problem, one);
      const WarmStart before{r.points[k - 1].model.coef, r.points[k - 1].model.intercept};
      const Result fromPrevious = fit("ihc", problem, at, {}, &before);
      const Result& lower = fromPrevious.objective < fromOwn.objective ? fromPrevious : fromOwn;
      EXPECT_EQ(r.points[k].model.coef, lower.coef);
      EXPECT_EQ(r.points[k].model.objective, lower.objective);
      EXPECT_EQ(r.points[k].model.starts, 2);
      own += fromOwn.objective < fromPrevious.objective;
      previous += fromPrevious.objective < fromOwn.objective;
    }
  }
  EXPECT_GE(own, 1);
  EXPECT_GE(previous, 1);
  // One start asked: IHC's own at every point, as a loop of fits.
  const auto p = generateE1(150, 100, 5, 0.5, 1);
  const Problem problem = problemOf(p);
  const PathResult single =
      path("ihc", problem, paramsOf({{"lambda", 1e-3}, {"starts", 1}}), {1, 3, 5}, PathOptions{}, {}, "Q");
  ASSERT_EQ(single.status, Status::Converged) << single.message;
  for (const PathPoint& q : single.points)
    EXPECT_EQ(q.model.coef, fit("ihc", problem, paramsOf({{"lambda", 1e-3}, {"starts", 1}, {"Q", q.value}})).coef);
}

TEST(Path, OverACountRefusesByField) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  EXPECT_EQ(path("ihc", problem, paramsOf({}), {}, PathOptions{}, {}, "lambda").field, "over");
  EXPECT_EQ(path("lasso", problem, paramsOf({}), {}, PathOptions{}, {}, "Q").field, "over");
  EXPECT_EQ(path("ihc", problem, paramsOf({}), {3, 2}, PathOptions{}, {}, "Q").field, "values");
  EXPECT_EQ(path("ihc", problem, paramsOf({}), {1, 2.5}, PathOptions{}, {}, "Q").field, "values");
}

// The lasso's EBIC is Chen & Chen's for variable selection: every non-zero its own group, τ = C(d, k).
TEST(Path, TheLassoCriterionCountsTheSupports) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  PathOptions o;
  o.nLambda = 20;
  const PathResult r = path("lasso", problem, paramsOf({}), {}, o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const double n = 80, d = 30;
  for (const PathPoint& q : r.points) {
    if (q.groups != q.nonZeros) continue;  // two equal non-zeros: not this formula
    const Vector residual = data.p.y - data.p.X * q.model.coef.col(0) - Vector::Constant(80, q.model.intercept[0]);
    const double logChoose = std::lgamma(d + 1) - std::lgamma(q.nonZeros + 1.0) - std::lgamma(d - q.nonZeros + 1);
    EXPECT_NEAR(q.criterion, n * std::log(residual.squaredNorm() / n) + q.groups * std::log(n) + 2 * logChoose,
                1e-8 * std::abs(q.criterion));
  }
}

// Targets beyond the double range's squares: the deviance ratios are the unscaled problem's, and
// the criterion moves by the constant 2n·log(scale) (its choice stays).
TEST(Path, ExtremeTargetsKeepTheirRatiosAndChoice) {
  const Data data;
  const Vector big = data.p.y * 1e160;
  PathOptions o;
  o.nLambda = 12;
  const PathResult plain = path("lasso", problemOf(data.p.X, data.p.y), paramsOf({}), {}, o);
  const PathResult scaled = path("lasso", problemOf(data.p.X, big), paramsOf({}), {}, o);
  ASSERT_EQ(scaled.status, Status::Converged) << scaled.message;
  ASSERT_EQ(scaled.points.size(), plain.points.size());
  for (std::size_t k = 0; k < plain.points.size(); ++k) {
    EXPECT_NEAR(scaled.points[k].devianceRatio, plain.points[k].devianceRatio, 1e-9);
    EXPECT_NEAR(scaled.points[k].criterion - plain.points[k].criterion, 2 * 80 * std::log(1e160),
                1e-6 * std::abs(2 * 80 * std::log(1e160)));
  }
  EXPECT_EQ(scaled.bestCriterion, plain.bestCriterion);
}

// A bound is a top: at it the fusion penalties' answer is w = 0 (a fit there finds it too).
TEST(Path, BoundTopsGiveTheTrivialAnswer) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  for (const std::string method : {"gflasso", "dfg"}) {
    SCOPED_TRACE(method);
    PathOptions o;
    o.nLambda = 1;
    const Params params = paramsOf({{"lambda1", 1}, {"lambda2", 0.01}});
    const PathResult r = path(method, problem, params, {}, o);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    EXPECT_EQ(r.top.kind, TopKind::Bound);
    Params at = params;
    at.numbers["lambda1"] = r.points[0].weights[0];
    at.numbers["lambda2"] = r.points[0].weights[1];
    EXPECT_LT(largest(fit(method, problem, at)), 1e-8);
  }
}

// A cross-validated path against cross-validation over the same sequence (a grid of its kept
// values, one warm-started chunk per fold, one thread): the same folds, the same fits, the same
// scores; the best point, and the 1-SE choice by its definition recomputed here.
TEST(PathCrossValidation, EqualsCrossValidationOverTheSameSequence) {
  const Data data;
  struct Case {
    std::string method, over;
    Params params;
    bool classes;
  };
  const std::vector<Case> cases = {
      {"lasso", "", paramsOf({}), false},
      {"lasso", "", paramsOf({}, "logistic"), true},
      {"oscar", "", paramsOf({{"lambda1", 1}, {"lambda2", 0.02}}), false},
      {"ihc", "Q", paramsOf({{"lambda", 0.01}}), false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.method + " " + c.params.strings.at("loss"));
    const Problem problem = problemOf(data.p.X, c.classes ? data.labels : data.p.y);
    PathOptions o;
    o.nLambda = 12;
    o.folds = 4;
    o.cv.seed = 7;
    const std::vector<double> sequence = c.over.empty() ? std::vector<double>{} : std::vector<double>{1, 2, 3, 4, 5};
    const PathResult p = path(*findMethod(c.method), problem, c.params, sequence, o, {}, c.over);
    ASSERT_EQ(p.status, Status::Converged) << p.message;
    ASSERT_EQ(p.folds, 4);
    ASSERT_GE(p.points.size(), 5u);
    // The grid: the weights along the ray at the kept points (OSCAR's two move together, so the
    // grid is one of them at a time with the other fixed only for one-weight rays).
    if (p.weights.size() > 1 && p.ray[1] != 0) {
      // OSCAR: score each point's fold fits by cross-validating a grid of one point at a time.
      for (std::size_t j = 0; j < p.points.size(); j += 5) {
        Params at = c.params;
        for (std::size_t w = 0; w < p.weights.size(); ++w) at.numbers[p.weights[w]] = p.points[j].weights[w];
        CrossValidationOptions cv;
        cv.folds = 4, cv.seed = 7, cv.threads = 1;
        const CrossValidationResult one =
            crossValidate(*findMethod(c.method), problem, at, {{p.weights[0], {p.points[j].weights[0]}}}, cv);
        ASSERT_EQ(one.status, Status::Converged) << one.message;
        for (int k = 0; k < 4; ++k)
          EXPECT_NEAR(p.points[j].cv.scores[static_cast<std::size_t>(k)],
                      one.grid[0].scores[static_cast<std::size_t>(k)],
                      1e-6 * std::abs(one.grid[0].scores[static_cast<std::size_t>(k)]))
              << "point " << j;
      }
      continue;
    }
    std::vector<double> values;
    for (const PathPoint& q : p.points) values.push_back(q.value);
    CrossValidationOptions cv;
    cv.folds = 4, cv.seed = 7, cv.threads = 1, cv.chunk = static_cast<int>(values.size());
    const std::string name = c.over.empty() ? p.weights[p.weight] : c.over;
    const CrossValidationResult grid = crossValidate(*findMethod(c.method), problem, c.params, {{name, values}}, cv);
    ASSERT_EQ(grid.status, Status::Converged) << grid.message;
    EXPECT_EQ(p.metric, grid.metric);
    for (std::size_t j = 0; j < values.size(); ++j)
      for (int k = 0; k < 4; ++k) {
        const double want = grid.grid[j].scores[static_cast<std::size_t>(k)];
        // Warm-started solves of the convex methods agree to their tolerance; IHC's, fitted
        // from its own start either way, bit for bit.
        EXPECT_NEAR(p.points[j].cv.scores[static_cast<std::size_t>(k)], want,
                    c.over.empty() ? 1e-7 * std::abs(want) + 1e-12 : 0)
            << "point " << j << " fold " << k;
      }
    EXPECT_EQ(p.best, static_cast<long>(grid.best));
    // 1-SE: the first point (the simplest) within one se of the best mean.
    const double sign = p.higherIsBetter ? -1 : 1;
    const PathPoint& best = p.points[static_cast<std::size_t>(p.best)];
    long want = p.best;
    for (long j = 0; j < p.best; ++j)
      if (sign * p.points[static_cast<std::size_t>(j)].cv.mean <= sign * best.cv.mean + best.cv.se) {
        want = j;
        break;
      }
    EXPECT_EQ(p.best1se, want);
    EXPECT_LE(p.best1se, p.best);  // never less regularised than the best
    if (c.over.empty()) EXPECT_EQ(p.best1se, grid.best1se);  // a λ grid's 1-SE: the largest λ within one se
  }
}

TEST(PathCrossValidation, RefusesByFieldAndStopsWhenAsked) {
  const Data data;
  const Problem problem = problemOf(data.p.X, data.p.y);
  PathOptions o;
  o.nLambda = 8;
  o.folds = 1;
  EXPECT_EQ(path(*findMethod("lasso"), problem, paramsOf({}), {}, o).field, "folds");
  o.folds = 3;
  o.cv.metric = "auc";
  EXPECT_EQ(path(*findMethod("lasso"), problem, paramsOf({}), {}, o).field, "metric");
  o.cv.metric = "";
  o.cv.foldId = Labels(80, 0);
  EXPECT_EQ(path(*findMethod("lasso"), problem, paramsOf({}), {}, o).field, "foldId");
  // A stop asked during the folds' paths: aborted, nothing half-scored returned.
  o.cv.foldId.reset();
  int calls = 0;
  Control stopper;
  stopper.progress = [&](int done, double) { return ++calls < 3 || done < 8; };
  EXPECT_EQ(path(*findMethod("lasso"), problem, paramsOf({}), {}, o, stopper).status, Status::Aborted);
  // Progress runs to the path's points times (1 + folds).
  double last = 0, total = 0;
  Control counter;
  counter.progress = [&](int done, double all) {
    last = done, total = all;
    return true;
  };
  const PathResult p = path(*findMethod("lasso"), problem, paramsOf({}), {}, o, counter);
  ASSERT_EQ(p.status, Status::Converged);
  EXPECT_EQ(total, 8 * 4);
  EXPECT_EQ(last, total);
}

// A cross-validated path's folds dealt to 2 and 3 shards, each a partial with its folds' scores
// (the others NaN), joined as foldScores: the unsharded path's cross-validation, bit for bit.
TEST(Path, ShardedFoldsJoinToTheUnshardedPath) {
  const Data data;
  const Problem problem = problemOf(data.p);
  PathOptions o;
  o.folds = 5;
  o.nLambda = 20;
  const PathResult whole = path("lasso", problem, paramsOf({}), {}, o);
  ASSERT_EQ(whole.status, Status::Converged) << whole.message;
  for (int count : {2, 3}) {
    std::vector<double> joined(whole.points.size() * 5, NAN);
    for (int index = 0; index < count; ++index) {
      PathOptions s = o;
      s.cv.shardIndex = index, s.cv.shardCount = count;
      const PathResult part = path("lasso", problem, paramsOf({}), {}, s);
      ASSERT_EQ(part.status, Status::Converged) << part.message;
      EXPECT_TRUE(part.partial);
      ASSERT_EQ(part.points.size(), whole.points.size());
      for (std::size_t j = 0; j < part.points.size(); ++j)
        for (int k = 0; k < 5; ++k) {
          const double v = part.points[j].cv.scores[static_cast<std::size_t>(k)];
          EXPECT_EQ(std::isnan(v), k % count != index);
          if (!std::isnan(v)) joined[j * 5 + static_cast<std::size_t>(k)] = v;
        }
    }
    PathOptions m = o;
    m.cv.foldScores = joined;
    const PathResult merged = path("lasso", problem, paramsOf({}), {}, m);
    ASSERT_EQ(merged.status, Status::Converged) << merged.message;
    for (std::size_t j = 0; j < whole.points.size(); ++j) {
      EXPECT_EQ(merged.points[j].cv.scores, whole.points[j].cv.scores);
      EXPECT_EQ(merged.points[j].cv.mean, whole.points[j].cv.mean);
      EXPECT_EQ(merged.points[j].model.coef, whole.points[j].model.coef);
    }
    EXPECT_EQ(merged.best, whole.best);
    EXPECT_EQ(merged.best1se, whole.best1se);
  }
  PathOptions bad;
  bad.cv.shardCount = 2;
  EXPECT_EQ(path("lasso", problem, paramsOf({}), {}, bad).field, "shardCount");  // no folds to shard
}
