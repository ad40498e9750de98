// relax (methods/relaxed_fit.hpp): the relaxed model equals the unpenalised loss refitted here by
// hand over the penalised answer's pattern — least squares with an intercept on the columns of the
// support (lasso), on the sums of each group's columns (GFLasso), with observation weights; the
// logistic refit is certified by its gradient on the groups; a path with relax keeps the penalised
// path (its points, counts and stops) and carries at each point the relaxed fit of that point; and
// what cannot be relaxed is refused naming the option.
#include <gtest/gtest.h>

#include <cmath>

#include "problems.hpp"
#include "supclust/families/catalogue.hpp"

using namespace supclust;

namespace relaxed_fit_test {

Params paramsOf(const std::map<std::string, double>& numbers, bool relax, const std::string& loss = "squared") {
  Params p;
  p.numbers = numbers;
  p.numbers["tolerance"] = 1e-12;
  p.strings["loss"] = loss;
  p.flags["relax"] = relax;
  return p;
}

// The groups of a penalised coefficient vector: each distinct non-zero value's features.
std::vector<std::vector<Eigen::Index>> groupsOf(const Matrix& coef) {
  std::vector<double> values;
  std::vector<std::vector<Eigen::Index>> groups;
  for (Eigen::Index j = 0; j < coef.rows(); ++j) {
    const double w = coef(j, 0);
    if (w == 0) continue;
    std::size_t g = 0;
    while (g < values.size() && values[g] != w) ++g;
    if (g == values.size()) values.push_back(w), groups.emplace_back();
    groups[g].push_back(j);
  }
  return groups;
}

// Weighted least squares of y on [1, Z], Z's columns the groups' column sums, solved by QR here:
// the expected coefficients on the features (0 off the groups) and the intercept.
std::pair<Vector, double> leastSquaresOnGroups(const RowMatrix& X, const Vector& y,
                                               const std::vector<std::vector<Eigen::Index>>& groups,
                                               const Vector& weights) {
  const Eigen::Index n = X.rows(), G = static_cast<Eigen::Index>(groups.size());
  Matrix A(n, G + 1);
  A.col(0).setOnes();
  for (Eigen::Index g = 0; g < G; ++g) {
    A.col(g + 1).setZero();
    for (Eigen::Index j : groups[static_cast<std::size_t>(g)]) A.col(g + 1) += X.col(j);
  }
  const Vector root = weights.size() ? Vector(weights.array().sqrt()) : Vector::Ones(n);
  const Vector theta = (root.asDiagonal() * A).colPivHouseholderQr().solve(root.asDiagonal() * y);
  Vector coef = Vector::Zero(X.cols());
  for (Eigen::Index g = 0; g < G; ++g)
    for (Eigen::Index j : groups[static_cast<std::size_t>(g)]) coef[j] = theta[g + 1];
  return {coef, theta[0]};
}

// The lasso's top, max_j |x_jᵀ(y − ȳ)|/n about the column means: w = 0 from it on.
double lassoTop(const RowMatrix& X, const Vector& y) {
  const Matrix Xc = X.rowwise() - X.colwise().mean();
  return (Xc.transpose() * (y.array() - y.mean()).matrix()).cwiseAbs().maxCoeff() / static_cast<double>(X.rows());
}

double gap(const Vector& a, const Vector& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

}  // namespace relaxed_fit_test

using namespace relaxed_fit_test;

TEST(RelaxedFit, TheLassoRelaxedIsLeastSquaresOnItsSupport) {
  auto g = generateE1(80, 15, 3, 0.5, 11);
  // A sparse truth: three features of fifteen, and some noise.
  for (Eigen::Index i = 0; i < 80; ++i)
    g.y[i] = 2 * g.X(i, 0) - g.X(i, 1) + 1.5 * g.X(i, 2) + 0.3 * std::sin(7.0 * static_cast<double>(i));
  const double lambda = 0.1 * lassoTop(g.X, g.y);
  const Result penalised = fit("lasso", problemOf(g.X, g.y), paramsOf({{"lambda", lambda}}, false));
  const auto support = groupsOf(penalised.coef);
  std::size_t nonZeros = 0;
  for (const auto& s : support) nonZeros += s.size();
  ASSERT_GE(nonZeros, 3u);
  ASSERT_LT(nonZeros, 15u);
  // Each non-zero lasso coefficient is its own group here (no two equal by accident).
  ASSERT_EQ(support.size(), nonZeros);
  const Result relaxed = fit("lasso", problemOf(g.X, g.y), paramsOf({{"lambda", lambda}}, true));
  ASSERT_EQ(relaxed.status, Status::Converged) << relaxed.message;
  const auto [coef, intercept] = leastSquaresOnGroups(g.X, g.y, support, Vector());
  EXPECT_LT(gap(relaxed.coef.col(0), coef), 1e-9);
  EXPECT_NEAR(relaxed.intercept[0], intercept, 1e-9 * std::max(1.0, std::abs(intercept)));
  // The refit moves the coefficients (the lasso's are shrunk): it is not the penalised answer.
  EXPECT_GT(gap(relaxed.coef.col(0), penalised.coef.col(0)), 1e-3);
  for (Eigen::Index j = 0; j < 15; ++j)
    if (penalised.coef(j, 0) == 0) EXPECT_EQ(relaxed.coef(j, 0), 0) << "feature " << j;
  // Its iterations count both fits, its history is the penalised fit's (docs/api.md).
  EXPECT_GE(relaxed.iterations, penalised.iterations);
  EXPECT_EQ(relaxed.history, penalised.history);
  // Its objective is the refit's loss, 1/(2n)‖y − Xw − b‖², below the penalised fit's loss.
  const Vector residual =
      g.y - (g.X * relaxed.coef.col(0)).array().matrix() - Vector::Constant(80, relaxed.intercept[0]);
  EXPECT_NEAR(relaxed.objective, residual.squaredNorm() / 160, 1e-12);
}

TEST(RelaxedFit, GflassoRelaxedSharesOneLeastSquaresValuePerGroup) {
  const auto g = generateE1(100, 12, 2, 0.3, 5);
  const Params at = paramsOf({{"lambda1", 0.01}, {"lambda2", 0.02}}, false);
  const Result penalised = fit("gflasso", problemOf(g.X, g.y), at);
  const auto groups = groupsOf(penalised.coef);
  std::size_t grouped = 0;
  for (const auto& s : groups) grouped += s.size();
  ASSERT_GT(grouped, groups.size()) << "the penalty forms no group of two features at this weight";
  Params relaxedAt = at;
  relaxedAt.flags["relax"] = true;
  const Result relaxed = fit("gflasso", problemOf(g.X, g.y), relaxedAt);
  ASSERT_NE(relaxed.status, Status::InvalidInput) << relaxed.message;
  const auto [coef, intercept] = leastSquaresOnGroups(g.X, g.y, groups, Vector());
  EXPECT_LT(gap(relaxed.coef.col(0), coef), 1e-9);
  EXPECT_NEAR(relaxed.intercept[0], intercept, 1e-9 * std::max(1.0, std::abs(intercept)));
  EXPECT_EQ(relaxed.centroids.rows(), penalised.centroids.rows());  // the same groups, refitted
}

TEST(RelaxedFit, ObservationWeightsWeighTheRefit) {
  const auto g = generateE1(70, 10, 2, 0.5, 3);
  Vector w(70);
  for (Eigen::Index i = 0; i < 70; ++i) w[i] = 0.25 + static_cast<double>(i % 5);
  Problem problem = problemOf(g.X, g.y);
  new (&problem.weights) Eigen::Map<const Vector>(w.data(), w.size());
  const Result penalised = fit("lasso", problem, paramsOf({{"lambda", 0.15}}, false));
  const Result relaxed = fit("lasso", problem, paramsOf({{"lambda", 0.15}}, true));
  ASSERT_NE(relaxed.status, Status::InvalidInput) << relaxed.message;
  const auto [coef, intercept] = leastSquaresOnGroups(g.X, g.y, groupsOf(penalised.coef), w);
  EXPECT_LT(gap(relaxed.coef.col(0), coef), 1e-9);
  EXPECT_NEAR(relaxed.intercept[0], intercept, 1e-9 * std::max(1.0, std::abs(intercept)));
}

TEST(RelaxedFit, TheLogisticRefitZeroesTheLossGradientOnEveryGroup) {
  const auto g = generateE1(200, 10, 2, 1.0, 9);
  const Vector labels = (g.y.array() > g.y.mean()).cast<double>();
  const Params at = paramsOf({{"lambda", 0.05}}, true, "logistic");
  const Result relaxed = fit("lasso", problemOf(g.X, labels), at);
  ASSERT_EQ(relaxed.status, Status::Converged) << relaxed.message;
  const auto groups = groupsOf(relaxed.coef);
  ASSERT_GE(groups.size(), 2u);
  // ∂/∂θ_g of the mean logistic loss: Σ_{j∈g} x_jᵀ(p − y)/n, and ∂/∂b: Σ(p − y)/n; both 0 at the refit.
  Vector residual(200);
  for (Eigen::Index i = 0; i < 200; ++i)
    residual[i] = 1 / (1 + std::exp(-(g.X.row(i).dot(relaxed.coef.col(0)) + relaxed.intercept[0]))) - labels[i];
  EXPECT_LT(std::abs(residual.mean()), 1e-8);
  for (const auto& s : groups) {
    double gradient = 0;
    for (Eigen::Index j : s) gradient += g.X.col(j).dot(residual) / 200;
    EXPECT_LT(std::abs(gradient), 1e-8);
  }
}

TEST(RelaxedFit, APathWithRelaxIsThePenalisedPathCarryingEachPointsRefit) {
  const auto g = generateE1(60, 20, 3, 0.5, 2);
  PathOptions options;
  options.nLambda = 12;
  const PathResult plain = path("lasso", problemOf(g.X, g.y), paramsOf({}, false), {}, options);
  const PathResult relaxed = path("lasso", problemOf(g.X, g.y), paramsOf({}, true), {}, options);
  ASSERT_EQ(plain.status, Status::Converged) << plain.message;
  ASSERT_EQ(relaxed.status, Status::Converged) << relaxed.message;
  ASSERT_EQ(relaxed.points.size(), plain.points.size());
  EXPECT_EQ(relaxed.stopped, plain.stopped);
  for (std::size_t k = 0; k < plain.points.size(); ++k) {
    const PathPoint &a = plain.points[k], &b = relaxed.points[k];
    EXPECT_EQ(b.value, a.value);
    EXPECT_EQ(b.nonZeros, a.nonZeros);
    EXPECT_EQ(b.groups, a.groups);
    EXPECT_EQ(b.devianceRatio, a.devianceRatio);
    // The point's model is the relaxed fit at its weight: least squares on the penalised support.
    const auto [coef, intercept] = leastSquaresOnGroups(g.X, g.y, groupsOf(a.model.coef), Vector());
    EXPECT_LT(gap(b.model.coef.col(0), coef), 1e-7) << "point " << k;
    EXPECT_NEAR(b.model.intercept[0], intercept, 1e-7 * std::max(1.0, std::abs(intercept))) << "point " << k;
  }
  // At the top the answer is the null model either way.
  EXPECT_TRUE(relaxed.points.front().model.coef.isZero(0));
}

// Above the top every coefficient is zero: the relaxed model is the penalised one, the intercept
// alone at its optimum (the mean; the log-odds for the logistic loss).
TEST(RelaxedFit, AnAllZeroAnswerStaysTheInterceptAlone) {
  const auto g = generateE1(50, 6, 2, 0.5, 8);
  const Vector labels = (g.y.array() > g.y.mean() + 0.3).cast<double>();
  for (const std::string loss : {"squared", "logistic"}) {
    const Vector& y = loss == "squared" ? g.y : labels;
    for (const char* method : {"lasso", "gflasso"}) {
      const Result r = fit(method, problemOf(g.X, y),
                           paramsOf({{std::string(method) == "lasso" ? "lambda" : "lambda1", 1e6}}, true, loss));
      ASSERT_EQ(r.status, Status::Converged) << method << " " << loss << ": " << r.message;
      EXPECT_TRUE(r.coef.isZero(0)) << method;
      const double mean = y.mean();
      EXPECT_NEAR(r.intercept[0], loss == "squared" ? mean : std::log(mean / (1 - mean)), 1e-9)
          << method << " " << loss;
    }
  }
}

// Classes separated on the relaxed groups (30 rows, 50 features, a lasso keeping a dozen): the
// logistic refit has no finite minimum; the model says so. A refit on data that are not
// separable (the 200-row problem above) carries no such warning.
TEST(RelaxedFit, ASeparatingLogisticRefitCarriesAWarning) {
  const auto wide = generateE1(30, 50, 2, 0.5, 12);
  const Vector wideLabels = (wide.y.array() > wide.y.mean()).cast<double>();
  const Result separated = fit("lasso", problemOf(wide.X, wideLabels), paramsOf({{"lambda", 1e-3}}, true, "logistic"));
  ASSERT_NE(separated.status, Status::InvalidInput) << separated.message;
  ASSERT_EQ(separated.warnings.size(), 1u);
  EXPECT_NE(separated.warnings[0].find("separates the classes"), std::string::npos);
  const auto g = generateE1(200, 10, 2, 1.0, 9);
  const Vector labels = (g.y.array() > g.y.mean()).cast<double>();
  const Result r = fit("lasso", problemOf(g.X, labels), paramsOf({{"lambda", 0.05}}, true, "logistic"));
  EXPECT_TRUE(r.warnings.empty());
}

TEST(RelaxedFit, WhatCannotBeRelaxedIsRefusedNamingRelax) {
  const auto g = generateE1(60, 8, 2, 0.5, 4);
  Vector classes(60);
  for (Eigen::Index i = 0; i < 60; ++i) classes[i] = static_cast<double>(i % 3);
  const Result multinomial = fit("lasso", problemOf(g.X, classes), paramsOf({{"lambda", 0.05}}, true, "multinomial"));
  EXPECT_EQ(multinomial.status, Status::InvalidInput);
  EXPECT_EQ(multinomial.field, "relax");
  // A method without a penalty pattern does not declare the option.
  Params ridge;
  ridge.flags["relax"] = true;
  const Result r = fit("ridge", problemOf(g.X, g.y), ridge);
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_EQ(r.field, "relax");
}
