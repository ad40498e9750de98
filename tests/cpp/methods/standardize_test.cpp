// standardize (methods/standardization.hpp), for every method: the fit on X with standardize
// equals the plain fit on X divided by its columns' standard deviations (computed here by hand),
// coefficients mapped back; it does not depend on the units of X's columns (a column multiplied
// by a power of two, exact, gives its coefficient divided by it and every other output the same
// bits); a CSR X gives the dense answer; a path and a cross-validation standardize as documented;
// and a fit whose columns' scales differ by orders of magnitude says so.
#include <gtest/gtest.h>

#include <cmath>

#include "csr.hpp"
#include "problems.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/path.hpp"

using namespace supclust;

namespace standardize_test {

// Every method's options for a small problem: its required counts, its penalty weights at a value
// where the penalty shapes the answer, labels where it needs them.
Params paramsFor(const Method& m, Eigen::Index n, Eigen::Index d) {
  Params p;
  for (const OptionSpec& o : m.options) {
    if (o.name == "Q") p.numbers["Q"] = 2;
    else if (o.name == "s") p.numbers["s"] = 4;
    else if (o.name == "gamma" && o.required) p.numbers["gamma"] = 0.1;
    else if (o.name == "groups" && o.required) {
      Labels g(static_cast<std::size_t>(m.kind == ModelKind::Experts ? n : d));
      for (std::size_t i = 0; i < g.size(); ++i) g[i] = static_cast<std::int32_t>(i % 2);
      p.labels["groups"] = g;
    } else if (o.degree != 0 && o.defaultNumber == 0 && o.kind == OptionKind::Number) p.numbers[o.name] = 0.05;
  }
  return p;
}

struct ScaledData {
  RowMatrix X;
  Vector y;
  Eigen::Index K = 1;
};

ScaledData dataFor(const Method& m) {
  const auto g = generateE1(40, 8, 2, 0.5, 7);
  ScaledData data{g.X, g.y};
  // Columns of different units, and one constant column.
  for (Eigen::Index j = 0; j < data.X.cols(); ++j) data.X.col(j) *= std::pow(3.0, static_cast<double>(j % 4) - 1.0);
  data.X.col(5).setConstant(2.5);
  if (m.name == "svm") data.y = (g.y.array() > g.y.mean()).cast<double>();
  if (m.kind == ModelKind::Tasks)  // three classes, one task each (the one-vs-all default loss)
    for (Eigen::Index i = 0; i < g.y.size(); ++i) data.y[i] = g.y[i] < -1 ? 0 : g.y[i] < 1 ? 1 : 2;
  return data;
}

Problem problemOf(const ScaledData& d, const RowMatrix& X) {
  return {{X.data(), X.rows(), X.cols()}, {d.y.data(), d.y.size()}, d.K};
}

// sqrt(Σ (x − x̄)² / n) per column, 1 for a constant one.
RowVector deviationsByHand(const RowMatrix& X) {
  RowVector s(X.cols());
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    const double mean = X.col(j).mean();
    double sum = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i) sum += (X(i, j) - mean) * (X(i, j) - mean);
    s[j] = sum > 0 ? std::sqrt(sum / static_cast<double>(X.rows())) : 1;
  }
  return s;
}

double relativeGap(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return HUGE_VAL;
  if (a.size() == 0) return 0;
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

}  // namespace standardize_test

using namespace standardize_test;

TEST(Standardize, EveryMethodFitsTheColumnsScaledByHandAndMapsTheCoefficientsBack) {
  int methodsChecked = 0;
  for (const Method& m : methods()) {
    const ScaledData data = dataFor(m);
    Params plain = paramsFor(m, data.X.rows(), data.X.cols());
    Params standardized = plain;
    standardized.flags["standardize"] = true;
    const Result a = fit(m, problemOf(data, data.X), standardized);
    ASSERT_NE(a.status, Status::InvalidInput) << m.name << ": " << a.message;
    const RowVector s = deviationsByHand(data.X);
    const RowMatrix scaled = data.X.array().rowwise() / s.array();
    const Result b = fit(m, problemOf(data, scaled), plain);
    ASSERT_EQ(a.status, b.status) << m.name;
    const Matrix mapped = b.coef.array().colwise() / s.transpose().array();
    EXPECT_LT(relativeGap(a.coef, mapped), 1e-9) << m.name;
    EXPECT_LT(relativeGap(a.intercept, b.intercept), 1e-9) << m.name;
    EXPECT_EQ(a.groups, b.groups) << m.name;
    EXPECT_NEAR(a.objective, b.objective, 1e-9 * std::max(1.0, std::abs(b.objective))) << m.name;
    if (m.kind == ModelKind::Tasks) {  // centroids are coefficient rows over the features: on X's scale
      const Matrix centroids = b.centroids.array().rowwise() / s.array();
      EXPECT_LT(relativeGap(a.centroids, centroids), 1e-9) << m.name;
    } else {
      EXPECT_LT(relativeGap(a.centroids, b.centroids), 1e-9) << m.name;  // the shared weights per standard deviation
    }
    // Predictions on X from the mapped model are the standardized fit's on X S⁻¹.
    EXPECT_LT(relativeGap(predict(data.X, a.coef, a.intercept), predict(scaled, b.coef, b.intercept)), 1e-9) << m.name;
    ++methodsChecked;
  }
  EXPECT_EQ(methodsChecked, static_cast<int>(methods().size()));
}

TEST(Standardize, TheAnswerDoesNotDependOnTheColumnsUnits) {
  for (const Method& m : methods()) {
    const ScaledData data = dataFor(m);
    Params p = paramsFor(m, data.X.rows(), data.X.cols());
    p.flags["standardize"] = true;
    RowVector unit(data.X.cols());
    for (Eigen::Index j = 0; j < unit.size(); ++j)
      unit[j] = std::ldexp(1.0, static_cast<int>(3 * j) - 10);  // 2^-10 … 2^11: exact
    unit[5] = 1;  // the constant column is not standardized: its units stay
    const RowMatrix rescaled = data.X.array().rowwise() * unit.array();
    const Result a = fit(m, problemOf(data, data.X), p), b = fit(m, problemOf(data, rescaled), p);
    ASSERT_EQ(a.status, b.status) << m.name;
    const Matrix expected = a.coef.array().colwise() / unit.transpose().array();
    EXPECT_EQ(b.coef, expected) << m.name;
    EXPECT_EQ(b.intercept, a.intercept) << m.name;
    EXPECT_EQ(b.groups, a.groups) << m.name;
    EXPECT_EQ(b.objective, a.objective) << m.name;
  }
}

TEST(Standardize, ACsrDesignGivesTheDenseAnswer) {
  for (const Method& m : methods()) {
    if (!m.acceptsSparse) continue;
    ScaledData data = dataFor(m);
    for (Eigen::Index i = 0; i < data.X.rows(); ++i)
      for (Eigen::Index j = 0; j < data.X.cols(); ++j)
        if ((i + j) % 3 == 0) data.X(i, j) = 0;  // some zeros to leave out
    Params p = paramsFor(m, data.X.rows(), data.X.cols());
    p.flags["standardize"] = true;
    const CsrArrays c = csrOf(data.X);
    const Problem sparse{{data.X.rows(), data.X.cols(), c.indptr.data(), c.indices.data(), c.values.data()},
                         {data.y.data(), data.y.size()},
                         data.K};
    const Result a = fit(m, sparse, p), b = fit(m, problemOf(data, data.X), p);
    ASSERT_EQ(a.status, b.status) << m.name << ": " << a.message;
    EXPECT_LT(relativeGap(a.coef, b.coef), 1e-7) << m.name;
    EXPECT_LT(relativeGap(a.intercept, b.intercept), 1e-7) << m.name;
  }
}

TEST(Standardize, APathStandardizesOnceAndMapsEveryPointBack) {
  const auto g = generateE1(60, 10, 2, 0.5, 3);
  RowMatrix X = g.X;
  for (Eigen::Index j = 0; j < X.cols(); ++j) X.col(j) *= 1 + 4.0 * static_cast<double>(j);
  const Problem problem{{X.data(), X.rows(), X.cols()}, {g.y.data(), g.y.size()}};
  Params p;
  p.flags["standardize"] = true;
  PathOptions o;
  o.nLambda = 20;
  const PathResult a = path("lasso", problem, p, {}, o);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  const RowVector s = deviationsByHand(X);
  const RowMatrix scaled = X.array().rowwise() / s.array();
  const PathResult b =
      path("lasso", {{scaled.data(), scaled.rows(), scaled.cols()}, {g.y.data(), g.y.size()}}, {}, {}, o);
  // The top (λmax) is the standardized columns' ‖Xcᵀ(y − ȳ)‖∞/n.
  EXPECT_NEAR(a.top.value, b.top.value, 1e-12 * b.top.value);
  ASSERT_EQ(a.points.size(), b.points.size());
  for (std::size_t k = 0; k < a.points.size(); ++k) {
    const Matrix mapped = b.points[k].model.coef.array().colwise() / s.transpose().array();
    EXPECT_LT(relativeGap(a.points[k].model.coef, mapped), 1e-9) << k;
    EXPECT_EQ(a.points[k].nonZeros, b.points[k].nonZeros) << k;
  }
}

TEST(Standardize, ACrossValidatedModelIsTheStandardizedFitOnAllRows) {
  const auto g = generateE1(60, 10, 2, 0.5, 5);
  RowMatrix X = g.X;
  X.col(0) *= 1000;
  const Problem problem{{X.data(), X.rows(), X.cols()}, {g.y.data(), g.y.size()}};
  Params p;
  p.flags["standardize"] = true;
  CrossValidationOptions o;
  o.folds = 3;
  const CrossValidationResult cv = crossValidate("lasso", problem, p, {{"lambda", {0.3, 0.1, 0.03}}}, o);
  ASSERT_EQ(cv.status, Status::Converged) << cv.message;
  Params chosen = p;
  chosen.numbers["lambda"] = cv.grid[cv.best].values[0];
  const Result refit = fit("lasso", problem, chosen);
  EXPECT_LT(relativeGap(cv.model.coef, refit.coef), 1e-9);
  EXPECT_TRUE(cv.model.warnings.empty());
}

TEST(Standardize, AFitOnColumnsOfVeryDifferentScalesWarnsUnlessStandardized) {
  const auto g = generateE1(50, 6, 2, 0.5, 9);
  const Problem balanced{{g.X.data(), g.X.rows(), g.X.cols()}, {g.y.data(), g.y.size()}};
  Params p;
  p.numbers["lambda"] = 0.1;
  EXPECT_TRUE(fit("ridge", balanced, p).warnings.empty());
  RowMatrix X = g.X;
  X.col(4) *= 1000;  // deviations now differ by ~1000×
  const Problem skewed{{X.data(), X.rows(), X.cols()}, {g.y.data(), g.y.size()}};
  const Result warned = fit("ridge", skewed, p);
  ASSERT_EQ(warned.warnings.size(), 1u);
  EXPECT_NE(warned.warnings[0].find("column 4"), std::string::npos) << warned.warnings[0];
  EXPECT_NE(warned.warnings[0].find("standardize: true"), std::string::npos) << warned.warnings[0];
  p.flags["standardize"] = true;
  EXPECT_TRUE(fit("ridge", skewed, p).warnings.empty());
  // A constant column has no scale to compare.
  X = g.X;
  X.col(2).setConstant(1e-9);
  const Problem constant{{X.data(), X.rows(), X.cols()}, {g.y.data(), g.y.size()}};
  p.flags.clear();
  EXPECT_TRUE(fit("ridge", constant, p).warnings.empty());
}

TEST(Standardize, ColumnsAtTheEndsOfTheDoubleRangeAreScaledToUnitDeviation) {
  // Squares of 1e-200 underflow and of 1e200 overflow; a column of one value whose computed mean
  // misses it in the last bit (0.1 · 3 / 3) is constant all the same.
  RowMatrix X(3, 4);
  X << 1e-200, 1e200, 0.1, 1, 3e-200, -1e200, 0.1, 2, -2e-200, 3e200, 0.1, 4;
  const DataMatrix view(X.data(), 3, 4);
  const RowVector s = view.columnDeviations(view.columnMeans());
  const double third = 1.0 / 3;
  EXPECT_NEAR(
      s[0],
      1e-200 * std::sqrt((std::pow(1 - 2 * third, 2) + std::pow(3 - 2 * third, 2) + std::pow(-2 - 2 * third, 2)) / 3),
      1e-214);
  EXPECT_NEAR(s[1], 1e200 * std::sqrt((std::pow(1 - 1, 2) + std::pow(-1 - 1, 2) + std::pow(3 - 1, 2)) / 3), 1e186);
  EXPECT_EQ(s[2], 0);
  EXPECT_NEAR(s[3],
              std::sqrt((std::pow(1 - 7 * third, 2) + std::pow(2 - 7 * third, 2) + std::pow(4 - 7 * third, 2)) / 3),
              1e-15);
  // The fit standardizes them: its answer is that of the columns scaled by hand (the constant's by 1).
  const Vector y = (Vector(3) << 0.5, -1, 2).finished();
  Params p;
  p.numbers["lambda"] = 0.1;
  p.flags["standardize"] = true;
  const Result a = fit("ridge", {{X.data(), 3, 4}, {y.data(), 3}}, p);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  RowVector unit = s;
  unit[2] = 1;
  const RowMatrix scaled = X.array().rowwise() / unit.array();
  p.flags.clear();
  const Result b = fit("ridge", {{scaled.data(), 3, 4}, {y.data(), 3}}, p);
  for (Eigen::Index j : {0, 1, 3})
    EXPECT_NEAR(a.coef(j, 0), b.coef(j, 0) / unit[j], 1e-9 * std::abs(b.coef(j, 0) / unit[j])) << j;
  EXPECT_NEAR(a.coef(2, 0), 0, 1e-12);
}
