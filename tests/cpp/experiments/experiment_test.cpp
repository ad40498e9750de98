// The experiment runner: the same table threaded and single-thread, shapes, paper figures.
#include "supclust/experiments/experiment.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/partition.hpp"

using namespace supclust;

TEST(Experiments, TwoRepsAreIdenticalThreadedAndSingleThread) {
  ExperimentOptions one, two;
  one.reps = two.reps = 2;
  one.fast = two.fast = true;
  one.methods = two.methods = {"Oracle", "LS", "IHC"};
  one.threads = 1;
  two.threads = 2;
  const auto a = runExperiment("e1-n", one), b = runExperiment("e1-n", two);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  ASSERT_EQ(b.status, Status::Converged) << b.message;
  ASSERT_EQ(a.rows.size(), 3u);
  for (std::size_t m = 0; m < a.rows.size(); ++m) {
    ASSERT_EQ(a.rows[m].cells.size(), 5u);
    for (std::size_t c = 0; c < 5; ++c) {
      EXPECT_EQ(a.rows[m].cells[c].values, b.rows[m].cells[c].values) << a.rows[m].label;
      for (double v : a.rows[m].cells[c].values) EXPECT_TRUE(std::isfinite(v));
    }
    EXPECT_EQ(a.rows[m].paper.size(), 5u);  // the paper has these rows
  }
  // Every method saw the same data: the Oracle, the best achievable, is never beaten by LS at
  // n = 150 > d (least squares on more unknowns).
  EXPECT_LE(a.rows[0].cells[4].mean, a.rows[1].cells[4].mean);
}

// Shards: four runs, each holding the tasks t ≡ i (mod 4), partition the table's tasks, and each
// holds exactly the unsharded run's values there (a repetition's seed is the shard's too);
// the rest are NaN.
TEST(Experiments, ShardsPartitionTheTableAndHoldItsValues) {
  ExperimentOptions whole;
  whole.reps = 3;
  whole.fast = true;
  whole.methods = {"Oracle", "LS"};
  whole.threads = 1;
  const auto all = runExperiment("e1-n", whole);
  ASSERT_EQ(all.status, Status::Converged) << all.message;
  ASSERT_EQ(all.totalTasks, 15u);  // 5 columns × 3 repetitions
  ASSERT_EQ(all.tasks.size(), 15u);
  std::vector<int> holders(15, 0);
  for (int i = 0; i < 4; ++i) {
    ExperimentOptions o = whole;
    o.shardIndex = i;
    o.shardCount = 4;
    const auto part = runExperiment("e1-n", o);
    ASSERT_EQ(part.status, Status::Converged) << part.message;
    EXPECT_EQ(part.totalTasks, 15u);
    for (std::size_t t : part.tasks) {
      EXPECT_EQ(t % 4, static_cast<std::size_t>(i));
      ++holders[t];
    }
    for (std::size_t m = 0; m < part.rows.size(); ++m)
      for (std::size_t c = 0; c < 5; ++c)
        for (int r = 0; r < 3; ++r) {
          const double v = part.rows[m].cells[c].values[static_cast<std::size_t>(r)];
          const std::size_t t = c * 3 + static_cast<std::size_t>(r);
          if (t % 4 == static_cast<std::size_t>(i))
            EXPECT_EQ(v, all.rows[m].cells[c].values[static_cast<std::size_t>(r)]);
          else EXPECT_TRUE(std::isnan(v));
        }
  }
  EXPECT_EQ(holders, std::vector<int>(15, 1));
  ExperimentOptions bad = whole;
  bad.shardIndex = 4;
  bad.shardCount = 4;
  EXPECT_NE(runExperiment("e1-n", bad).message.find("shard.index"), std::string::npos);
}

TEST(Experiments, TheNoiseTableIsScaledAndSeedsDiffer) {
  ExperimentOptions o;
  o.reps = 2;
  o.fast = true;
  o.methods = {"Oracle"};
  const auto r = runExperiment("e1-sigma", o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  // σ = 0.05 → the Oracle's ‖w* − ŵ‖ ≈ 0.0086 in the paper, × 100 here.
  EXPECT_GT(r.rows[0].cells[0].mean, 0.2);
  EXPECT_LT(r.rows[0].cells[0].mean, 3.0);
  EXPECT_NE(repetitionSeed(1, 0, 0), repetitionSeed(1, 0, 1));
  EXPECT_NE(repetitionSeed(1, 0, 0), repetitionSeed(1, 1, 0));
}

TEST(Experiments, RejectsUnknownTablesAndRows) {
  EXPECT_EQ(runExperiment("e9", {}).status, Status::InvalidInput);
  ExperimentOptions o;
  o.methods = {"Nope"};
  const auto r = runExperiment("e1-n", o);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_NE(r.message.find("methods"), std::string::npos);
}

TEST(Experiments, TestRowsHoldOutTheFloorOfTheFractionBySeed) {
  const auto a = testRows(101, 0.2, 7), b = testRows(101, 0.2, 7), c = testRows(101, 0.2, 8);
  EXPECT_EQ(std::count(a.begin(), a.end(), true), 20);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(Experiments, RealDataTablesSplitTheSuppliedRows) {
  // y = X w + N(0, 0.1²), d = 10: least squares on 320 of 400 rows has a test MSE near
  // σ²(1 + d/(n − d − 1)) ≈ 0.0103 (× 100 in the table); every method sees the same split.
  SyntheticProblem g;
  GeneratorOptions go;
  go.n = 400;
  go.d = 10;
  go.Q = 2;
  go.sigma = 0.1;
  go.seed = 3;
  ASSERT_EQ(generate("e1", go, g).message(), "");
  const Problem data{{g.X.data(), g.X.rows(), g.X.cols()}, {g.y.data(), g.y.size()}};
  ExperimentOptions o;
  o.reps = 3;
  o.fast = true;
  o.methods = {"LS", "IHT"};
  o.threads = 1;
  EXPECT_EQ(runExperiment("movies", o).status, Status::InvalidInput);  // no data
  o.data = &data;
  const auto one = runExperiment("movies", o);
  o.threads = 2;
  const auto two = runExperiment("movies", o);
  ASSERT_EQ(one.status, Status::Converged) << one.message;
  ASSERT_EQ(two.status, Status::Converged) << two.message;
  for (double v : one.rows[0].cells[0].values) {
    EXPECT_GT(v, 0.7);
    EXPECT_LT(v, 1.5);
  }
  EXPECT_EQ(one.rows[1].cells[0].values, two.rows[1].cells[0].values);
  ExperimentOptions synthetic;
  synthetic.data = &data;
  EXPECT_EQ(runExperiment("e1-n", synthetic).status, Status::InvalidInput);  // generates its own
}

// A real-data table's dataset is refused naming its field within data: non-finite entries, a
// classifying table's labels other than 0/1, and labels of one class only (its specificity or
// sensitivity would be 0/0).
TEST(Experiments, RealDataTablesRefuseDataTheyCannotScore) {
  Matrix X = Matrix::Random(40, 3);
  Vector y = Vector::Zero(40);
  y.tail(20).setOnes();
  ExperimentOptions o;
  o.reps = 1;
  o.fast = true;
  const Problem data{{X.data(), X.rows(), X.cols()}, {y.data(), y.size()}};
  o.data = &data;
  const auto fieldOf = [&] { return runExperiment("breast-cancer", o).field; };
  y[3] = std::nan("");
  EXPECT_EQ(fieldOf(), "data.y");
  y[3] = 2;
  EXPECT_EQ(fieldOf(), "data.y");
  y.setOnes();
  EXPECT_EQ(fieldOf(), "data.y");
  y.setZero();
  EXPECT_EQ(fieldOf(), "data.y");
  y.tail(20).setOnes();
  X(5, 1) = INFINITY;
  EXPECT_EQ(fieldOf(), "data.X");
}

// A table with several metrics per value and a training-fraction column, recomputed by hand:
// repetition 0 of each α generates ⌊α·2000⌋ training rows and the rest for the test, the cells
// are value-major (accuracy, then objective), a logistic row's class is the sign of its log-odds,
// and the objective column is the fit's own.
TEST(Experiments, TrainFractionCellsAreTheFitsAccuracyAndObjective) {
  ExperimentOptions o;
  o.reps = 1;
  o.threads = 1;
  o.methods = {"GEM"};
  const ExperimentResult r = runExperiment("e6-algorithms", o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Experiment& e = *findExperiment("e6-algorithms");
  ASSERT_EQ(r.rows[0].cells.size(), 2 * e.values.size());
  for (std::size_t c = 0; c < e.values.size(); ++c) {
    GeneratorOptions g;
    g.n = static_cast<int>(std::floor(e.values[c] * 2000));
    g.nTest = 2000 - g.n;
    g.sigma = 1;
    g.task = "classification";
    g.seed = repetitionSeed(1, c, 0);
    SyntheticProblem p;
    ASSERT_EQ(generate("e6", g, p).message(), "");
    Params params;
    params.strings = {{"loss", "logistic"}, {"init", "gradient"}};  // the table's row, as it states it
    params.numbers = {{"gamma", 0.1}, {"lambda", 1e-3}, {"tolerance", 1e-7}};
    const Result fitted = fit("gem", {{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}}, params);
    double hits = 0;
    for (Eigen::Index i = 0; i < p.Xtest.rows(); ++i)
      hits += (p.Xtest.row(i).dot(fitted.coef.col(0)) + fitted.intercept[0] > 0) == (p.ytest[i] == 1);
    EXPECT_DOUBLE_EQ(r.rows[0].cells[2 * c].values[0], hits / static_cast<double>(p.Xtest.rows())) << e.values[c];
    EXPECT_DOUBLE_EQ(r.rows[0].cells[2 * c + 1].values[0], fitted.objective) << e.values[c];
  }
}

// The experts tables' cells recomputed by hand: repetition 0 of each column generates the
// mixture with d_n noise dimensions (E4: the column itself; E3: round(10p/(1 − p)) = 0, 3, 10,
// 30, 90, 190), the Oracle is fitted on the true partition (E4 at λ = 1e-4; E3 at the λ its
// cross-validation picks), and a cell is the mean over test rows of the smallest squared error
// among the experts' answers, × 100 (E4) or × 50 (E3: the paper's (16) halves it).
TEST(Experiments, ExpertsCellsAreTheOraclesBestAnswerErrorScaled) {
  const auto bestAnswerMse = [](const Result& m, const SyntheticProblem& p) {
    double total = 0;
    for (Eigen::Index i = 0; i < p.Xtest.rows(); ++i) {
      double best = HUGE_VAL;
      for (Eigen::Index q = 0; q < m.coef.cols(); ++q) {
        const double answer = p.Xtest.row(i).dot(m.coef.col(q)) + m.intercept[q];
        best = std::min(best, (answer - p.ytest[i]) * (answer - p.ytest[i]));
      }
      total += best;
    }
    return total / static_cast<double>(p.Xtest.rows());
  };
  ExperimentOptions o;
  o.reps = 1;
  o.threads = 1;
  o.fast = true;
  o.methods = {"Oracle"};
  for (const char* id : {"e4", "e3"}) {
    const bool e3 = std::string(id) == "e3";
    const ExperimentResult r = runExperiment(id, o);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const Experiment& e = *findExperiment(id);
    const int noise[] = {0, 3, 10, 30, 90, 190};
    for (std::size_t c = 0; c < e.values.size(); ++c) {
      GeneratorOptions g;
      g.n = e3 ? 1000 : 200;
      g.nTest = e3 ? 100 : 200;
      g.d = 10;
      g.Q = e3 ? 3 : 2;
      g.sigma = e3 ? 0.1 : 0.2;
      g.noiseSigma = e3 ? 1 : 0.2;
      g.noiseDims = e3 ? noise[c] : static_cast<int>(e.values[c]);
      g.seed = repetitionSeed(1, c, 0);
      SyntheticProblem p;
      ASSERT_EQ(generate("experts", g, p).message(), "");
      const Problem problem{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
      Params params{{{"Q", g.Q}, {"lambda", 1e-4}}, {}, {}};
      params.labels["groups"] = p.groups;
      Result oracle;
      if (e3) {  // as the runner does: 5 folds seeded by the repetition, the fast grid
        CrossValidationOptions cv;
        cv.folds = 5;
        cv.seed = g.seed;
        cv.threads = 1;
        cv.chunk = 1 << 20;
        oracle = crossValidate("experts-oracle", problem, params, {{"lambda", {1e-1, 1e-3}}}, cv).model;
      } else {
        oracle = fit("experts-oracle", problem, params);
      }
      // The runner scores by the SIMD kernels, this by Eigen's dot: the same sum in another
      // order, equal to rounding (a few units in the last place), not to the bit.
      const double expected = (e3 ? 50 : 100) * bestAnswerMse(oracle, p);
      EXPECT_NEAR(r.rows[0].cells[c].values[0], expected, 1e-13 * expected) << id << " column " << c;
    }
  }
}

// The clustered-tasks cells by hand: 20ng-topics run on a generated 10-class problem (it takes
// any dataset), every figure recomputed from the same split and cross-validation — the error of
// the argmax, the paper's MAE (|onehot − p| with p the sigmoid of a logistic score and
// (s + 1)/2 clipped to [0, 1] of a squared one) over the 10 classes and each row's sum of it over
// 20 columns (the paper's table's scale), and the ARI against the table's pairs, × 100.
TEST(Experiments, TaskCellsAreErrorMaeAndAriByHand) {
  GeneratorOptions g;
  g.n = 300;
  g.d = 8;
  g.Q = 5;
  g.tasks = 10;
  g.sigma = 0.5;
  g.seed = 4;
  SyntheticProblem data;
  ASSERT_EQ(generate("tasks", g, data).message(), "");
  const Problem all{{data.X.data(), data.X.rows(), data.X.cols()}, {data.y.data(), data.y.size()}};
  ExperimentOptions o;
  o.reps = 1;
  o.threads = 1;
  o.fast = true;
  o.methods = {"OM ridge", "SSC logistic"};
  o.data = &all;
  const ExperimentResult r = runExperiment("20ng-topics", o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Experiment& e = *findExperiment("20ng-topics");
  const std::uint64_t seed = repetitionSeed(1, 0, 0);
  const std::vector<bool> test = testRows(300, 0.2, seed);
  RowMatrix Xtrain(0, 8), Xtest(0, 8);
  std::vector<double> ytrain, ytest;
  for (Eigen::Index i = 0; i < 300; ++i) {
    RowMatrix& X = test[static_cast<std::size_t>(i)] ? Xtest : Xtrain;
    X.conservativeResize(X.rows() + 1, 8);
    X.row(X.rows() - 1) = data.X.row(i);
    (test[static_cast<std::size_t>(i)] ? ytest : ytrain).push_back(data.y[i]);
  }
  const Problem train{{Xtrain.data(), Xtrain.rows(), 8}, {ytrain.data(), static_cast<Eigen::Index>(ytrain.size())}};
  for (std::size_t m = 0; m < 2; ++m) {
    const ExperimentMethod& spec = *std::find_if(e.methods.begin(), e.methods.end(),
                                                 [&](const ExperimentMethod& x) { return x.label == o.methods[m]; });
    CrossValidationOptions cv;
    cv.folds = 5;
    cv.seed = seed;
    cv.threads = 1;
    cv.chunk = 1 << 20;
    const Result model = crossValidate(spec.method, train, spec.params, spec.fastGrid, cv).model;
    const bool logistic = spec.params.strings.at("loss") == "ova-logistic";
    double wrong = 0, absolute = 0;
    for (std::size_t i = 0; i < ytest.size(); ++i) {
      int best = 0;
      double top = -HUGE_VAL;
      for (int k = 0; k < 10; ++k) {
        const double s = Xtest.row(static_cast<Eigen::Index>(i)).dot(model.coef.col(k)) + model.intercept[k];
        if (s > top) top = s, best = k;
        const double p = logistic ? 1 / (1 + std::exp(-s)) : std::min(1.0, std::max(0.0, (s + 1) / 2));
        absolute += std::abs((k == static_cast<int>(ytest[i]) ? 1.0 : 0.0) - p);
      }
      wrong += best != static_cast<int>(ytest[i]);
    }
    const std::vector<ExperimentCell>& cells = r.rows[m].cells;
    ASSERT_EQ(cells.size(), 4u);
    EXPECT_NEAR(cells[0].values[0], 100 * absolute / (10.0 * static_cast<double>(ytest.size())), 1e-9) << o.methods[m];
    EXPECT_NEAR(cells[1].values[0], 100 * absolute / (20.0 * static_cast<double>(ytest.size())), 1e-9) << o.methods[m];
    EXPECT_NEAR(cells[2].values[0], 100 * wrong / static_cast<double>(ytest.size()), 1e-9) << o.methods[m];
    EXPECT_NEAR(cells[3].values[0], 100 * adjustedRandIndex(model.groups, {0, 0, 1, 1, 2, 2, 3, 3, 4, 4}), 1e-9)
        << o.methods[m];
  }
}

// Rows marked onRequest (a row's setting varied) run only when named.
TEST(Experiments, OnRequestRowsRunOnlyWhenNamed) {
  ExperimentOptions o;
  o.reps = 1;
  o.fast = true;
  o.methods = {"Lasso", "ADFG floor 1e-1"};
  const auto named = runExperiment("e5-1", o);
  ASSERT_EQ(named.status, Status::Converged) << named.message;
  ASSERT_EQ(named.rows.size(), 2u);
  EXPECT_EQ(named.rows[1].label, "ADFG floor 1e-1");
  const Experiment& e5 =
      *std::find_if(experiments().begin(), experiments().end(), [](const Experiment& e) { return e.id == "e5-1"; });
  std::vector<std::string> byDefault;
  for (const auto& m : e5.methods)
    if (!m.onRequest) byDefault.push_back(m.label);
  EXPECT_EQ(std::count(byDefault.begin(), byDefault.end(), "ADFG"), 1);
  EXPECT_EQ(std::count(byDefault.begin(), byDefault.end(), "ADFG floor 1e-1"), 0);
  o.methods = {};
  o.reps = 1;
  const auto all = runExperiment("e5-1", o);
  ASSERT_EQ(all.status, Status::Converged) << all.message;
  ASSERT_EQ(all.rows.size(), byDefault.size());
  for (std::size_t m = 0; m < all.rows.size(); ++m) EXPECT_EQ(all.rows[m].label, byDefault[m]);
}
