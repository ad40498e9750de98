// Cross-validation: folds never leak, the same seed gives the same choice, threads change
// nothing, and the choice is sensible.
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <set>
#include <tuple>

#include "supclust/base/parallel.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {
std::vector<double> logGrid(double from, double to, int count) {
  std::vector<double> g(count);
  for (int i = 0; i < count; ++i) g[i] = from * std::pow(to / from, i / (count - 1.0));
  return g;
}
}  // namespace

TEST(CrossValidation, FoldsAreDisjointCompleteAndBalanced) {
  for (std::size_t n : {10u, 97u, 1000u})
    for (int k : {2, 5, 10}) {
      const auto fold = foldAssignment(n, k, 7);
      ASSERT_EQ(fold.size(), n);
      std::vector<int> size(k, 0);
      for (int f : fold) {
        ASSERT_TRUE(f >= 0 && f < k);
        ++size[f];
      }
      // Every row is in exactly one fold (validation) and k-1 training sets.
      EXPECT_LE(*std::max_element(size.begin(), size.end()) - *std::min_element(size.begin(), size.end()), 1);
      EXPECT_EQ(std::accumulate(size.begin(), size.end(), 0), static_cast<int>(n));
    }
  EXPECT_EQ(foldAssignment(50, 5, 3), foldAssignment(50, 5, 3));
  EXPECT_NE(foldAssignment(50, 5, 3), foldAssignment(50, 5, 4));
}

TEST(CrossValidation, StratifiedFoldsKeepEachClassShareWithinOneRow) {
  Random rng(5);
  for (int k : {2, 3, 5, 10}) {
    std::vector<int> classes(103);
    for (int& c : classes) c = rng.uniform() < 0.15 ? 2 : rng.uniform() < 0.5 ? 0 : 1;  // unbalanced
    const auto fold = stratifiedFoldAssignment(classes, k, 9);
    std::vector<std::vector<int>> count(3, std::vector<int>(static_cast<std::size_t>(k), 0));
    std::vector<int> size(static_cast<std::size_t>(k), 0);
    for (std::size_t i = 0; i < classes.size(); ++i) ++count[classes[i]][fold[i]], ++size[fold[i]];
    for (const auto& perFold : count)
      EXPECT_LE(*std::max_element(perFold.begin(), perFold.end()) - *std::min_element(perFold.begin(), perFold.end()),
                1);
    EXPECT_LE(*std::max_element(size.begin(), size.end()) - *std::min_element(size.begin(), size.end()), 1);
    EXPECT_EQ(stratifiedFoldAssignment(classes, k, 9), fold);
  }
}

// A classifier's folds are stratified unless told not to; scores to maximise choose the largest
// mean; the area under the curve needs both classes in every held-out fold.
TEST(CrossValidation, ClassifierFoldsAndScoresToMaximise) {
  auto p = generateE1(60, 10, 2, 0.5, 4);
  for (Eigen::Index i = 0; i < p.y.size(); ++i) p.y[i] = p.y[i] > 0 ? 1 : 0;
  Params logistic;
  logistic.strings["loss"] = "logistic";
  CrossValidationOptions o;
  o.metric = "accuracy";
  const auto r = crossValidate("ridge", problemOf(p), logistic, {{"lambda", logGrid(10, 1e-3, 6)}}, o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_TRUE(r.higherIsBetter);
  for (const GridPoint& g : r.grid) EXPECT_LE(g.mean, r.grid[r.best].mean);
  ASSERT_GE(r.best1se, 0);
  EXPECT_GE(r.grid[static_cast<std::size_t>(r.best1se)].mean, r.grid[r.best].mean - r.grid[r.best].se);
  EXPECT_GE(r.grid[static_cast<std::size_t>(r.best1se)].values[0], r.grid[r.best].values[0]);
  // The folds: each class within one row of its share, as the stratified deal gives them.
  o.metric = "error";
  o.foldId = stratifiedFoldAssignment(std::vector<int>(p.y.data(), p.y.data() + p.y.size()), 5, 1);
  const auto byIds = crossValidate("ridge", problemOf(p), logistic, {{"lambda", {0.1}}}, o);
  o.foldId.reset();
  const auto stratified = crossValidate("ridge", problemOf(p), logistic, {{"lambda", {0.1}}}, o);
  EXPECT_EQ(stratified.grid[0].scores, byIds.grid[0].scores);
  o.stratify = false;
  o.foldId = foldAssignment(60, 5, 1);
  const auto plainIds = crossValidate("ridge", problemOf(p), logistic, {{"lambda", {0.1}}}, o);
  o.foldId.reset();
  const auto plain = crossValidate("ridge", problemOf(p), logistic, {{"lambda", {0.1}}}, o);
  EXPECT_EQ(plain.grid[0].scores, plainIds.grid[0].scores);
  // auc with a held-out fold of one class.
  o.metric = "auc";
  o.foldId = Labels(60);  // fold 0: three rows of class 1; folds 1 and 2 the others, alternately
  for (Eigen::Index i = 0, placed = 0; i < p.y.size(); ++i)
    (*o.foldId)[static_cast<std::size_t>(i)] = p.y[i] == 1 && placed < 3 ? (++placed, 0) : 1 + static_cast<int>(i % 2);
  EXPECT_EQ(crossValidate("ridge", problemOf(p), logistic, {{"lambda", {0.1}}}, o).field, "metric");
}

TEST(CrossValidation, WarmStartsVisitTheGridStepByStep) {
  for (const std::vector<std::size_t>& sizes :
       std::vector<std::vector<std::size_t>>{{7}, {5, 3}, {2, 2, 2}, {3, 3, 2}, {4, 1, 3}, {2, 3, 4, 3}}) {
    const std::vector<std::size_t> order = warmStartOrder(sizes);
    std::size_t points = 1;
    for (std::size_t s : sizes) points *= s;
    ASSERT_EQ(order.size(), points);
    // A permutation of the grid, starting at its first point.
    std::vector<std::size_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t t = 0; t < points; ++t) EXPECT_EQ(sorted[t], t);
    EXPECT_EQ(order[0], 0u);
    // Consecutive points differ by one step in exactly one option.
    auto digits = [&](std::size_t index) {
      std::vector<std::size_t> d(sizes.size());
      for (std::size_t k = sizes.size(); k-- > 0;) {
        d[k] = index % sizes[k];
        index /= sizes[k];
      }
      return d;
    };
    for (std::size_t t = 1; t < points; ++t) {
      const auto a = digits(order[t - 1]), b = digits(order[t]);
      int moves = 0;
      for (std::size_t k = 0; k < sizes.size(); ++k) {
        const long step = static_cast<long>(a[k]) - static_cast<long>(b[k]);
        if (step != 0) {
          ++moves;
          EXPECT_EQ(std::abs(step), 1) << "t=" << t;
        }
      }
      EXPECT_EQ(moves, 1) << "t=" << t;
    }
  }
}

TEST(CrossValidation, SameSeedSameChoiceAndThreadsChangeNothing) {
  const auto p = generateE1(120, 40, 4, 1.0, 3);
  Params base;
  base.numbers["Q"] = 4;
  const Grid grid = {{"lambda", logGrid(10, 1e-4, 7)}};
  CrossValidationOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const auto a = crossValidate("ihc", problemOf(p), base, grid, one);
  const auto b = crossValidate("ihc", problemOf(p), base, grid, one);
  const auto c = crossValidate("ihc", problemOf(p), base, grid, two);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.best, c.best);
  for (std::size_t g = 0; g < a.grid.size(); ++g) {
    EXPECT_EQ(a.grid[g].scores, b.grid[g].scores);
    EXPECT_EQ(a.grid[g].scores, c.grid[g].scores);
  }
  EXPECT_EQ(a.model.coef, c.model.coef);
  EXPECT_EQ(a.metric, "mse");
}

TEST(CrossValidation, PicksTheMinimumMeanAndRefitsOnAllRows) {
  const auto p = generateE1(100, 30, 3, 0.5, 4);
  Params base;
  const Grid grid = {{"lambda", logGrid(100, 1e-3, 9)}};
  const auto r = crossValidate("lasso", problemOf(p), base, grid, {});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  for (const auto& g : r.grid) EXPECT_GE(g.mean, r.grid[r.best].mean);
  // Heavy ℓ1 (λ = 100 zeroes everything) must not win on a dense w*.
  EXPECT_NE(r.best, 0u);
  Params chosen;
  chosen.numbers["lambda"] = r.grid[r.best].values[0];
  const Result direct = fit("lasso", problemOf(p), chosen);
  EXPECT_LE((direct.coef - r.model.coef).norm(), 1e-8 * (1 + direct.coef.norm()));
}

TEST(CrossValidation, GridsOverSeveralOptionsAndClassification) {
  const auto p = generateE1(200, 20, 3, 0.0, 5);
  Vector y = (p.y.array() > 0).cast<double>();
  const Problem prob{{p.X.data(), p.X.rows(), p.X.cols()}, {y.data(), y.size()}};
  Params base;
  base.strings["loss"] = "logistic";
  const Grid grid = {{"Q", {2, 3}}, {"lambda", {1e-1, 1e-3}}};
  const auto r = crossValidate("ihc", prob, base, grid, {});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  ASSERT_EQ(r.grid.size(), 4u);
  EXPECT_EQ(r.grid[1].values, (std::vector<double>{2, 1e-3}));  // last name fastest
  EXPECT_EQ(r.metric, "error");
  EXPECT_LT(r.grid[r.best].mean, 0.2);
}

// A classifier's folds must each train on every class: with one row of class 1, the fold that
// holds it out trains on class 0 alone, which is refused naming y (as a fit on one class is);
// the folds' assignment decides which fold, so every loss and fold count is refused.
TEST(CrossValidation, RefusesATrainingFoldWithoutAClass) {
  const auto p = generateE1(30, 5, 2, 0.5, 3);
  Vector y = Vector::Zero(30);
  y[7] = 1;
  const Problem prob{{p.X.data(), p.X.rows(), p.X.cols()}, {y.data(), y.size()}};
  for (const char* loss : {"logistic", "ova-logistic", "ova-squared"})
    for (int folds : {2, 3, 5}) {
      Params base;
      base.strings["loss"] = loss;
      CrossValidationOptions o;
      o.folds = folds;
      const auto r = crossValidate("ridge", prob, base, {{"lambda", {0.1}}}, o);
      EXPECT_EQ(r.status, Status::InvalidInput) << loss << " " << folds;
      EXPECT_EQ(r.message.rfind("y: the training rows of fold ", 0), 0u) << r.message;
    }
  // The squared loss reads y as numbers: the same y is cross-validated.
  EXPECT_EQ(crossValidate("ridge", prob, {}, {{"lambda", {0.1}}}, {}).status, Status::Converged);
  // A fit on one class is refused by both two-class losses, naming the class.
  const Vector ones = Vector::Ones(30);
  for (const char* method : {"svm", "ridge"}) {
    Params base;
    if (std::string(method) == "ridge") base.strings["loss"] = "logistic";
    const Result r = fit(method, {{p.X.data(), p.X.rows(), p.X.cols()}, {ones.data(), ones.size()}}, base);
    EXPECT_EQ(r.status, Status::InvalidInput) << method;
    EXPECT_NE(r.message.find("y: at least two classes are needed (every label is 1)"), std::string::npos) << r.message;
  }
}

TEST(CrossValidation, RejectsBadGridsBeforeAnyWork) {
  const auto p = generateE1(40, 10, 3, 0.5, 6);
  Params base;
  base.numbers["Q"] = 3;
  auto bad = [&](const Grid& grid, const std::string& field, CrossValidationOptions o = {}) {
    const auto r = crossValidate("ihc", problemOf(p), base, grid, o);
    EXPECT_EQ(r.status, Status::InvalidInput);
    EXPECT_NE(r.message.find(field), std::string::npos) << r.message;
  };
  bad({{"lambda", {1, -1}}}, "'lambda'");
  bad({{"Q", {0, 2}}}, "'Q'");
  bad({{"init", {1}}}, "grid");
  bad({{"nope", {1}}}, "grid");
  bad({}, "grid");
  CrossValidationOptions o;
  o.folds = 1;
  bad({{"lambda", {1}}}, "folds", o);
  o.folds = 5;
  o.metric = "error";
  bad({{"lambda", {1}}}, "metric", o);
}

// A grid value that a training fold cannot take (more experts than its rows) is refused naming
// the grid entry, with the method's reason and the fold (it was "y: a training fold is not valid").
TEST(CrossValidation, AGridValueATrainingFoldCannotTakeNamesItsGridEntry) {
  const auto p = generateE1(24, 4, 2, 0.5, 6);
  CrossValidationOptions o;
  o.folds = 3;
  const auto r = crossValidate("experts-am", problemOf(p), {}, {{"Q", {2, 20}}}, o);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_EQ(r.field, "grid.Q");
  EXPECT_NE(r.message.find("at most one expert per sample (Q = 20, n = 16)"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("16 training rows of fold 1 of 3"), std::string::npos) << r.message;
}

TEST(CrossValidation, AbortsFromTheProgressCallback) {
  const auto p = generateE1(100, 30, 3, 0.5, 7);
  Params base;
  base.numbers["Q"] = 3;
  Control c;
  c.progress = [](int done, double) { return done < 2; };
  CrossValidationOptions o;
  o.threads = 2;
  const auto r = crossValidate("ihc", problemOf(p), base, {{"lambda", logGrid(1, 1e-4, 12)}}, o, c);
  EXPECT_EQ(r.status, Status::Aborted);
}

TEST(CrossValidation, StartDependentMethodsAreScoredAsTheyAreRefit) {
  // IHC's answer depends on its start: every fold's score must be that of a cold fit (the
  // estimator the refit returns), computed here by hand; the lasso (convex) may warm-start.
  const auto g = generateE1(80, 30, 3, 0.5, 12);
  const Problem problem = problemOf(g);
  Params base;
  base.numbers["Q"] = 3;
  const Grid grid = {{"lambda", {1.0, 1e-1, 1e-2, 1e-3}}};
  CrossValidationOptions o;
  o.folds = 4;
  o.seed = 9;
  o.threads = 1;
  const auto r = crossValidate("ihc", problem, base, grid, o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const std::vector<int> fold = foldAssignment(80, 4, 9);
  for (int k = 0; k < 4; ++k) {
    std::vector<Eigen::Index> in, out;
    for (Eigen::Index i = 0; i < 80; ++i) (fold[static_cast<std::size_t>(i)] == k ? out : in).push_back(i);
    RowMatrix Xin(static_cast<Eigen::Index>(in.size()), 30), Xout(static_cast<Eigen::Index>(out.size()), 30);
    Vector yin(static_cast<Eigen::Index>(in.size())), yout(static_cast<Eigen::Index>(out.size()));
    for (std::size_t i = 0; i < in.size(); ++i)
      Xin.row(static_cast<Eigen::Index>(i)) = g.X.row(in[i]), yin[static_cast<Eigen::Index>(i)] = g.y[in[i]];
    for (std::size_t i = 0; i < out.size(); ++i)
      Xout.row(static_cast<Eigen::Index>(i)) = g.X.row(out[i]), yout[static_cast<Eigen::Index>(i)] = g.y[out[i]];
    for (std::size_t p = 0; p < 4; ++p) {
      Params at = base;
      at.numbers["lambda"] = grid[0].second[p];
      const Result cold = fit("ihc", {{Xin.data(), Xin.rows(), 30}, {yin.data(), yin.size()}}, at);
      const Vector z = (Xout * cold.coef.col(0)).array() + cold.intercept(0);
      const double mse = (z - yout).squaredNorm() / static_cast<double>(yout.size());
      EXPECT_NEAR(r.grid[p].scores[static_cast<std::size_t>(k)], mse, 1e-12 * std::max(1.0, mse))
          << "fold " << k << " point " << p;
    }
  }
}

// K targets per row (clustered tasks): the folds carry each row's K targets, and a fold's score
// is the mean over its held rows and every task — recomputed here by hand for each fold. With 0/1
// targets and the logistic loss the error is each entry's sign against its target.
TEST(CrossValidation, SeveralTargetsPerRowAreScoredOverEveryEntry) {
  const auto p = generateE1(120, 8, 3, 0.0, 7);
  const Eigen::Index n = p.X.rows(), K = 3;
  RowMatrix Y(n, K);
  Random rng(3);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index k = 0; k < K; ++k) Y(i, k) = p.y[i] * (1 + 0.1 * static_cast<double>(k)) + rng.normal();
  RowMatrix B = (Y.array() > 0).cast<double>();
  for (const auto& [loss, targets, metric] : std::vector<std::tuple<const char*, const RowMatrix*, const char*>>{
           {"squared", &Y, "mse"}, {"logistic", &B, "error"}}) {
    const Problem prob{{p.X.data(), n, p.X.cols()}, {targets->data(), n * K}, K};
    Params base;
    base.strings["loss"] = loss;
    base.numbers["Q"] = 2;
    CrossValidationOptions o;
    o.folds = 3;
    o.seed = 5;
    const auto r = crossValidate("tasks-ssc", prob, base, {{"lambda", {1e-1, 1e-3}}}, o);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    EXPECT_EQ(r.metric, metric);
    EXPECT_EQ(r.model.coef.cols(), K);
    const std::vector<int> fold = foldAssignment(static_cast<std::size_t>(n), 3, 5);
    for (std::size_t g = 0; g < 2; ++g)
      for (int k = 0; k < 3; ++k) {
        std::vector<bool> held(fold.size());
        for (std::size_t i = 0; i < fold.size(); ++i) held[i] = fold[i] == k;
        const Rows train = selectRows(prob, held, false), test = selectRows(prob, held, true);
        Params q = base;
        q.numbers["lambda"] = r.grid[g].values[0];
        const Result m = fit("tasks-ssc", train.view(), q);
        const Matrix Z = test.X.view().predict(m.coef, m.intercept);
        const Eigen::Map<const RowMatrix> T(test.y.data(), Z.rows(), K);
        double s = 0;
        for (Eigen::Index i = 0; i < Z.rows(); ++i)
          for (Eigen::Index t = 0; t < K; ++t)
            s += std::string(metric) == "mse" ? (Z(i, t) - T(i, t)) * (Z(i, t) - T(i, t))
                                              : ((Z(i, t) > 0) != (T(i, t) > 0.5));
        EXPECT_NEAR(r.grid[g].scores[static_cast<std::size_t>(k)], s / static_cast<double>(Z.size()), 1e-9)
            << loss << " fold " << k;
      }
  }
}

// The one-standard-error rule (glmnet's lambda.1se): the simplest point within one standard error
// of the minimum. Checked against its definition by brute force over every point, on both orders
// of the same grid (tidymodels/tune#664: a reversed grid made the rule pick a less regularised
// model), never less regularised than the minimum, and different from it on some seed.
TEST(CrossValidation, TheOneStandardErrorChoiceIsTheLargestWeightWithinOneSe) {
  int differs = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto p = generateE1(60, 20, 3, 2.0, seed);
    std::vector<double> up = logGrid(1e-3, 10, 12), down(up.rbegin(), up.rend());
    std::vector<double> chosen;
    for (const auto& values : {up, down}) {
      const auto r = crossValidate("ridge", problemOf(p), {}, {{"lambda", values}}, {});
      ASSERT_EQ(r.status, Status::Converged) << r.message;
      ASSERT_GE(r.best1se, 0);
      const GridPoint& best = r.grid[r.best];
      double want = -1;  // the largest λ whose mean is within one SE of the minimum
      for (const GridPoint& g : r.grid) {
        EXPECT_DOUBLE_EQ(g.se, g.std / std::sqrt(static_cast<double>(g.scores.size())));
        if (g.mean <= best.mean + best.se) want = std::max(want, g.values[0]);
      }
      const double got = r.grid[static_cast<std::size_t>(r.best1se)].values[0];
      EXPECT_EQ(got, want) << "seed " << seed;
      EXPECT_GE(got, best.values[0]) << "seed " << seed;
      chosen.push_back(got);
    }
    EXPECT_EQ(chosen[0], chosen[1]) << "seed " << seed;  // the grid's order changes nothing
    const auto r = crossValidate("ridge", problemOf(p), {}, {{"lambda", up}}, {});
    differs += static_cast<std::size_t>(r.best1se) != r.best;
  }
  EXPECT_GT(differs, 0);  // the rule moves off the minimum on some of these noisy draws
}

// Over (Q, λ): fewer groups first, then the larger λ; a grid option with no order of simplicity
// (an iteration limit) gives no choice.
TEST(CrossValidation, TheOneStandardErrorChoiceOverGroupsAndWeights) {
  const auto p = generateE1(80, 12, 3, 1.0, 3);
  const auto r = crossValidate("ihc", problemOf(p), {}, {{"Q", {1, 2, 3, 4}}, {"lambda", {1e-3, 1e-2, 1e-1}}}, {});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  ASSERT_GE(r.best1se, 0);
  const GridPoint& best = r.grid[r.best];
  const GridPoint& one = r.grid[static_cast<std::size_t>(r.best1se)];
  EXPECT_LE(one.mean, best.mean + best.se);
  for (const GridPoint& g : r.grid)  // nothing within one SE is simpler than the choice
    if (g.mean <= best.mean + best.se)
      EXPECT_TRUE(g.values[0] > one.values[0] || (g.values[0] == one.values[0] && g.values[1] <= one.values[1]))
          << "Q " << g.values[0] << " lambda " << g.values[1];
  Params q;
  q.numbers["Q"] = 3;
  EXPECT_EQ(crossValidate("ihc", problemOf(p), q, {{"maxIterations", {50, 100}}}, {}).best1se, -1);
}

// foldId: the caller's folds, scored as a fit on the other folds' rows and a score on the fold's
// own (here by hand, for two folds), and refused by field when they are not folds.
TEST(CrossValidation, FoldIdsAreHonouredAndChecked) {
  const auto p = generateE1(40, 6, 2, 0.5, 2);
  CrossValidationOptions o;
  o.foldId = Labels(40);
  for (int i = 0; i < 40; ++i) (*o.foldId)[static_cast<std::size_t>(i)] = i < 15 ? 1 : 0;
  Params fixed;
  fixed.numbers["lambda"] = 0.5;
  const auto cv = crossValidate("ridge", problemOf(p), {}, {{"lambda", {0.5}}}, o);
  ASSERT_EQ(cv.status, Status::Converged) << cv.message;
  ASSERT_EQ(cv.grid[0].scores.size(), 2u);
  for (int fold = 0; fold < 2; ++fold) {
    RowMatrix Xt, Xh;
    std::vector<double> yt, yh;
    for (int i = 0; i < 40; ++i) {
      const bool held = (*o.foldId)[static_cast<std::size_t>(i)] == fold;
      RowMatrix& X = held ? Xh : Xt;
      X.conservativeResize(X.rows() + 1, 6);
      X.row(X.rows() - 1) = p.X.row(i);
      (held ? yh : yt).push_back(p.y[i]);
    }
    const Vector ytv = Eigen::Map<const Vector>(yt.data(), static_cast<Eigen::Index>(yt.size()));
    const Result m = fit("ridge", problemOf(Xt, ytv), fixed);
    const Vector z = predict(Xh, m.coef, m.intercept).col(0);
    double mse = 0;
    for (std::size_t i = 0; i < yh.size(); ++i)
      mse += (z[static_cast<Eigen::Index>(i)] - yh[i]) * (z[static_cast<Eigen::Index>(i)] - yh[i]);
    EXPECT_NEAR(cv.grid[0].scores[static_cast<std::size_t>(fold)], mse / static_cast<double>(yh.size()), 1e-10)
        << "fold " << fold;
  }
  // The seeded split given as foldId gives the same scores.
  const CrossValidationOptions seeded;
  CrossValidationOptions same;
  same.foldId = Labels();
  for (int f : foldAssignment(40, 5, seeded.seed)) same.foldId->push_back(f);
  EXPECT_EQ(crossValidate("ridge", problemOf(p), {}, {{"lambda", {0.1, 1}}}, seeded).grid[1].scores,
            crossValidate("ridge", problemOf(p), {}, {{"lambda", {0.1, 1}}}, same).grid[1].scores);
  for (const Labels& bad : {Labels(39, 0), Labels(40, 0),
                            [] {
                              Labels l(40, 0);
                              l[3] = 2;
                              return l;
                            }(),
                            [] {
                              Labels l(40, 1);
                              l[0] = -1;
                              return l;
                            }()}) {
    CrossValidationOptions b;
    b.foldId = bad;
    const auto refused = crossValidate("ridge", problemOf(p), {}, {{"lambda", {1}}}, b);
    EXPECT_EQ(refused.status, Status::InvalidInput);
    EXPECT_EQ(refused.field, "foldId") << refused.message;
  }
}

// The folds dealt to 2 and 3 shards: each partial holds its folds' scores (the others NaN) and no
// model; every fold's scores joined and given back (foldScores) give the unsharded result bit for
// bit — grid, choices and refit — on a warm-started grid (lasso) and a start-dependent one (IHC).
TEST(CrossValidation, ShardedFoldsJoinToTheUnshardedRun) {
  const auto p = generateE1(80, 12, 3, 0.5, 6);
  Params lasso, ihc;
  ihc.numbers["Q"] = 3;
  const std::vector<std::tuple<std::string, Params, Grid>> cases{{"lasso", lasso, {{"lambda", logGrid(1, 1e-3, 7)}}},
                                                                 {"ihc", ihc, {{"lambda", {1e-3, 1e-1}}}}};
  for (const auto& [method, base, grid] : cases) {
    CrossValidationOptions o;
    o.folds = 5;
    const auto whole = crossValidate(method, problemOf(p), base, grid, o);
    ASSERT_EQ(whole.status, Status::Converged) << whole.message;
    for (int count : {2, 3}) {
      std::vector<double> joined(whole.grid.size() * 5, NAN);
      for (int index = 0; index < count; ++index) {
        CrossValidationOptions s = o;
        s.shardIndex = index, s.shardCount = count;
        const auto part = crossValidate(method, problemOf(p), base, grid, s);
        ASSERT_EQ(part.status, Status::Converged) << part.message;
        EXPECT_TRUE(part.partial);
        EXPECT_EQ(part.model.coef.size(), 0);
        for (std::size_t g = 0; g < part.grid.size(); ++g)
          for (int k = 0; k < 5; ++k) {
            const double v = part.grid[g].scores[static_cast<std::size_t>(k)];
            EXPECT_EQ(std::isnan(v), k % count != index)
                << method << ": fold " << k << " of shard " << index << "/" << count;
            if (!std::isnan(v)) joined[g * 5 + static_cast<std::size_t>(k)] = v;
          }
      }
      CrossValidationOptions m = o;
      m.foldScores = joined;
      const auto merged = crossValidate(method, problemOf(p), base, grid, m);
      ASSERT_EQ(merged.status, Status::Converged) << merged.message;
      for (std::size_t g = 0; g < whole.grid.size(); ++g) {
        EXPECT_EQ(merged.grid[g].scores, whole.grid[g].scores) << method << " " << count;
        EXPECT_EQ(merged.grid[g].mean, whole.grid[g].mean);
        EXPECT_EQ(merged.grid[g].se, whole.grid[g].se);
      }
      EXPECT_EQ(merged.best, whole.best);
      EXPECT_EQ(merged.best1se, whole.best1se);
      EXPECT_EQ(merged.model.coef, whole.model.coef);
    }
  }
  CrossValidationOptions bad;
  bad.foldScores = std::vector<double>(3, 0.5);
  EXPECT_EQ(crossValidate("lasso", problemOf(p), lasso, {{"lambda", {1, 0.1}}}, bad).field, "foldScores");
  bad = {};
  bad.shardIndex = 2, bad.shardCount = 2;
  EXPECT_EQ(crossValidate("lasso", problemOf(p), lasso, {{"lambda", {1, 0.1}}}, bad).field, "shardIndex");
}
