// The papers' generators: structure, moments, reproducibility.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "supclust/experiments/synthetic.hpp"

using namespace supclust;

TEST(Generators, E2HasEvenlySpacedValuesAndUnitNorm) {
  for (int Q : {5, 10}) {
    GeneratorOptions o;
    o.n = 60;
    o.Q = Q;
    o.sigma = 0.1;
    SyntheticProblem p;
    ASSERT_EQ(generate("e2", o, p).message(), "");
    std::vector<double> v(p.coef.data(), p.coef.data() + p.coef.size());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    ASSERT_EQ(static_cast<int>(v.size()), Q);
    // Evenly spaced and symmetric around 0: v_q = v_max·(−1 + 2q/(Q − 1)).
    for (int q = 0; q < Q; ++q) EXPECT_NEAR(v[q], v.back() * (-1 + 2.0 * q / (Q - 1)), 1e-12) << Q << " " << q;
    EXPECT_NEAR(p.coef.norm(), 1.0, 1e-12);  // the decision documented in synthetic.hpp
    // And y = X w* + N(0, σ²) with that w*.
    EXPECT_NEAR((p.y - p.X * p.coef).norm() / std::sqrt(60.0), 0.1, 0.03);
  }
}

TEST(Generators, E5CovarianceIsTheSpecsAndPositiveDefinite) {
  for (int dataset : {1, 2}) {
    Vector beta;
    Matrix S;
    ASSERT_EQ(e5Covariance(dataset, beta, S).message(), "") << dataset;
    const double b[2][4] = {{3, 2.8, 2, 0}, {2.8, 2.6, 2.4, 0}};
    for (int i = 0; i < 40; ++i) {
      EXPECT_EQ(beta[i], b[dataset - 1][i / 10]);
      for (int j = 0; j < 40; ++j) {
        const double expected = i == j ? 1 : i / 10 == j / 10 ? 0.9 : std::pow(0.25, std::abs(beta[i] - beta[j]));
        EXPECT_DOUBLE_EQ(S(i, j), expected);
      }
    }
    // Sampled rows have that covariance (20000 rows: entries within 0.05).
    GeneratorOptions o;
    o.n = 20000;
    o.dataset = dataset;
    o.sigma = 2;
    SyntheticProblem p;
    ASSERT_EQ(generate("e5", o, p).message(), "");
    const Matrix C = (p.X.transpose() * p.X) / 20000.0;
    EXPECT_LT((C - S).cwiseAbs().maxCoeff(), 0.05);
    // y = Xβ* + N(0, 4): the residual variance is σ².
    EXPECT_NEAR((p.y - p.X * beta).squaredNorm() / 20000.0, 4.0, 0.15);
  }
}

TEST(Generators, E6HasThreeGroupsOfFiftyNoisyCopies) {
  GeneratorOptions o;
  o.n = 4000;
  SyntheticProblem p;
  ASSERT_EQ(generate("e6", o, p).message(), "");
  ASSERT_EQ(p.X.cols(), 150);
  // Copies of one hidden variable correlate at 1/2 (var H = var noise = 1), across groups at 0.
  auto corr = [&](int a, int b) {
    const Vector x = p.X.col(a).array() - p.X.col(a).mean(), y = p.X.col(b).array() - p.X.col(b).mean();
    return x.dot(y) / (x.norm() * y.norm());
  };
  EXPECT_NEAR(corr(0, 1), 0.5, 0.05);
  EXPECT_NEAR(corr(60, 99), 0.5, 0.05);
  EXPECT_NEAR(corr(0, 60), 0.0, 0.05);
  // Labels: P(y = 1) = 1/2 by symmetry; the grouped predictor classifies well.
  EXPECT_NEAR(p.y.mean(), 0.5, 0.03);
  const Vector z = p.X * p.coef;
  double right = 0;
  for (int i = 0; i < 4000; ++i) right += (z[i] > 0) == (p.y[i] > 0.5);
  EXPECT_GT(right / 4000, 0.9);
  o.task = "regression";
  o.sigma = 1;
  ASSERT_EQ(generate("e6", o, p).message(), "");
  EXPECT_NEAR(p.y.squaredNorm() / 4000, 25 + 1 + 9 + 1, 2.0);
  EXPECT_NE(generate("e6", GeneratorOptions{100, 100, 5, 1, 1, 0, 0, 1, "ranking"}, p).message(), "");
}

TEST(Generators, WaveformMomentsMatchTheUciFile) {
  std::ifstream in(SUPCLUST_SHARED_DATA "/waveform-5000.csv");
  if (!in) GTEST_SKIP() << "../shared/data/waveform-5000.csv is not here";
  std::string line;
  std::getline(in, line);
  Matrix sum = Matrix::Zero(3, 40);
  Vector count = Vector::Zero(3);
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string cell;
    std::vector<double> row;
    while (std::getline(ss, cell, ',')) row.push_back(std::stod(cell));
    ASSERT_EQ(row.size(), 41u);
    const int c = static_cast<int>(row[40]);
    for (int j = 0; j < 40; ++j) sum(c, j) += row[j];
    count[c] += 1;
  }
  ASSERT_EQ(count.sum(), 5000);
  GeneratorOptions o;
  o.n = 30000;
  o.seed = 3;
  SyntheticProblem p;
  ASSERT_EQ(generate("waveform", o, p).message(), "");
  ASSERT_EQ(p.X.cols(), 40);
  Matrix ours = Matrix::Zero(3, 40);
  Vector ourCount = Vector::Zero(3);
  for (int i = 0; i < 30000; ++i) {
    ours.row(static_cast<int>(p.y[i])) += p.X.row(i);
    ourCount[static_cast<int>(p.y[i])] += 1;
  }
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(ourCount[c] / 30000, 1.0 / 3, 0.02);
    // Class means per attribute: the file's have a standard error of about 0.035.
    const RowVector file = sum.row(c) / count[c], gen = ours.row(c) / ourCount[c];
    EXPECT_LT((file - gen).cwiseAbs().maxCoeff(), 0.15) << "class " << c;
  }
  // Noise attributes: mean 0, variance 1.
  for (int j = 21; j < 40; ++j) {
    const Vector x = p.X.col(j).array() - p.X.col(j).mean();
    EXPECT_NEAR(x.squaredNorm() / 30000, 1.0, 0.05);
  }
}

TEST(Generators, SameSeedSameDataAndBadNamesAreRejected) {
  GeneratorOptions o;
  o.n = 50;
  o.nTest = 10;
  for (const std::string& name : generatorNames()) {
    SyntheticProblem a, b;
    ASSERT_EQ(generate(name, o, a).message(), "") << name;
    ASSERT_EQ(generate(name, o, b).message(), "") << name;
    EXPECT_EQ(a.X, b.X) << name;
    EXPECT_EQ(a.ytest, b.ytest) << name;
  }
  SyntheticProblem p;
  EXPECT_NE(generate("e9", o, p).message().find("name"), std::string::npos);
  o.dataset = 3;
  EXPECT_NE(generate("e5", o, p).message().find("dataset"), std::string::npos);
}

TEST(Generators, E1CorrelationAndClassificationOptions) {
  GeneratorOptions o;
  o.n = 4000;
  o.d = 8;
  o.Q = 2;
  o.rho = 0.6;
  o.sigma = 0;
  o.seed = 5;
  SyntheticProblem p;
  ASSERT_EQ(generate("e1", o, p).message(), "");
  // Unit variances and correlation ρ between any two features (sampling error ~ 1/√n).
  const Matrix C = (p.X.transpose() * p.X) / static_cast<double>(o.n);
  for (int j = 0; j < o.d; ++j) {
    EXPECT_NEAR(C(j, j), 1.0, 0.08);
    for (int k = 0; k < j; ++k) EXPECT_NEAR(C(j, k), 0.6, 0.08);
  }
  o.task = "classification";
  SyntheticProblem c;
  ASSERT_EQ(generate("e1", o, c).message(), "");
  // The same draws, thresholded: with σ = 0 the label is the sign of xᵀw*.
  ASSERT_EQ(c.X, p.X);
  for (int i = 0; i < o.n; ++i) EXPECT_EQ(c.y[i], p.y[i] > 0 ? 1.0 : 0.0);
  o.rho = 1;
  EXPECT_NE(generate("e1", o, c).message().find("rho"), std::string::npos);
  o.rho = 0;
  o.task = "other";
  EXPECT_NE(generate("e1", o, c).message().find("task"), std::string::npos);
}

// The binary waveform (task 'classification'): the same rows as the three-class generator from
// the same seed, y = 1 exactly for class 0.
TEST(Generators, BinaryWaveformIsClassZeroAgainstTheRest) {
  GeneratorOptions o;
  o.n = 500;
  o.nTest = 100;
  o.seed = 9;
  SyntheticProblem three, two;
  ASSERT_EQ(generate("waveform", o, three).message(), "");
  o.task = "classification";
  ASSERT_EQ(generate("waveform", o, two).message(), "");
  EXPECT_EQ(two.X, three.X);
  EXPECT_EQ(two.Xtest, three.Xtest);
  for (Eigen::Index i = 0; i < 500; ++i) EXPECT_EQ(two.y[i], three.y[i] == 0 ? 1.0 : 0.0);
  for (Eigen::Index i = 0; i < 100; ++i) EXPECT_EQ(two.ytest[i], three.ytest[i] == 0 ? 1.0 : 0.0);
}

// generatorOptions(name) — what `generate` refuses beyond, and what info.generators exports —
// against the generators themselves: an option is listed exactly when changing it changes the
// data (from either a classification or a regression start, where a generator has a task).
TEST(Generators, DeclareExactlyTheOptionsTheyRead) {
  const auto same = [](const SyntheticProblem& a, const SyntheticProblem& b) {
    const auto eq = [](const auto& u, const auto& v) { return u.rows() == v.rows() && u.cols() == v.cols() && u == v; };
    return eq(a.X, b.X) && eq(a.y, b.y) && eq(a.Xvalidation, b.Xvalidation) && eq(a.yvalidation, b.yvalidation) &&
           eq(a.Xtest, b.Xtest) && eq(a.ytest, b.ytest) && eq(a.coef, b.coef) && a.groups == b.groups;
  };
  using Change = void (*)(GeneratorOptions&);
  const std::vector<std::pair<std::string, Change>> changes = {
      {"n", [](GeneratorOptions& o) { o.n += 1; }},
      {"d", [](GeneratorOptions& o) { o.d += 1; }},
      {"Q", [](GeneratorOptions& o) { o.Q -= 1; }},
      {"sigma", [](GeneratorOptions& o) { o.sigma += 0.2; }},
      {"seed", [](GeneratorOptions& o) { o.seed += 1; }},
      {"nTest", [](GeneratorOptions& o) { o.nTest += 1; }},
      {"nValidation", [](GeneratorOptions& o) { o.nValidation += 1; }},
      {"dataset", [](GeneratorOptions& o) { o.dataset = 2; }},
      {"task", [](GeneratorOptions& o) { o.task = o.task == "classification" ? "regression" : "classification"; }},
      {"rho", [](GeneratorOptions& o) { o.rho = 0.3; }},
      {"noiseDims", [](GeneratorOptions& o) { o.noiseDims += 2; }},
      {"noiseSigma", [](GeneratorOptions& o) { o.noiseSigma += 1; }},
      {"tasks", [](GeneratorOptions& o) { o.tasks -= 2; }},
      {"taskSpread", [](GeneratorOptions& o) { o.taskSpread += 0.3; }},
  };
  for (const std::string& name : generatorNames()) {
    std::vector<std::string> reads;
    for (const auto& [option, change] : changes) {
      bool changed = false;
      for (const char* task : {"classification", "regression"}) {
        GeneratorOptions base;
        base.n = 30;
        base.d = 10;
        base.Q = 3;
        base.nTest = 4;
        base.nValidation = 4;
        base.noiseDims = 1;
        base.task = name == "experts" || name == "tasks" || name == "e5" ? "" : task;
        GeneratorOptions other = base;
        change(other);
        SyntheticProblem a, b;
        ASSERT_EQ(generate(name, base, a).message(), "") << name;
        ASSERT_EQ(generate(name, other, b).message(), "") << name << " with " << option << " changed";
        changed = changed || !same(a, b);
      }
      if (changed) reads.push_back(option);
    }
    std::vector<std::string> declared = generatorOptions(name);
    std::sort(declared.begin(), declared.end());
    std::sort(reads.begin(), reads.end());
    EXPECT_EQ(declared, reads) << name;
  }
}

// A problem too large for the generator names the largest of the sizes in its product.
TEST(Generators, ASizeLimitNamesTheLargestSize) {
  const auto refused = [](const std::string& name, std::map<std::string, double> numbers) {
    supclust::Params p;
    p.numbers = std::move(numbers);
    supclust::SyntheticProblem out;
    return supclust::generate(name, p, out).field;
  };
  EXPECT_EQ(refused("experts", {{"n", 10}, {"noiseDims", 3e7}}), "noiseDims");
  EXPECT_EQ(refused("experts", {{"n", 10}, {"nTest", 3e7}}), "nTest");
  EXPECT_EQ(refused("tasks", {{"n", 10}, {"d", 3e7}}), "d");
  EXPECT_EQ(refused("tasks", {{"n", 3e7}, {"d", 10}}), "n");
}
