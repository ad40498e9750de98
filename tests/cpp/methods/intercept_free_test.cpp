// intercept: false (glmnet's intercept = FALSE): each answer certified without the methods' own
// solvers — ridge and the oracle's group fit against their closed forms without an intercept, the
// lasso and the ℓ1 logistic fit by their optimality conditions with b = 0 (no condition on b),
// dense and CSR; standardize still divides by the deviations about the means (glmnet's); a path's
// top is ‖Xᵀy‖∞/n and its points are the single fits; every method but the experts reports b = 0
// and ignores the sign of a row (x, y) ↔ (−x, y'); the losses without a reflected target and the
// experts refuse it naming the option.
#include <gtest/gtest.h>

#include <cmath>

#include "csr.hpp"
#include "method_params.hpp"
#include "problems.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/path.hpp"

using namespace supclust;
using namespace method_params;

namespace intercept_free_test {

// A problem whose intercept matters: columns and targets far from mean 0.
struct ShiftedData {
  RowMatrix X;
  Vector y, labels;
};

ShiftedData shiftedData(std::uint64_t seed) {
  const auto g = generateE1(50, 8, 2, 0.5, seed);
  ShiftedData d{g.X, g.y, Vector()};
  for (Eigen::Index j = 0; j < d.X.cols(); ++j) d.X.col(j).array() += 0.5 + 0.25 * static_cast<double>(j % 3);
  d.y.array() += 3;
  d.labels = (d.X.rowwise().sum().array() > d.X.rowwise().sum().mean() + 0.3).cast<double>();
  return d;
}

Params without(double lambda, const std::string& loss = "squared") {
  Params p;
  p.numbers["lambda"] = lambda;
  p.numbers["tolerance"] = 1e-13;
  p.strings["loss"] = loss;
  p.flags["intercept"] = false;
  return p;
}

// The largest violation of the lasso's conditions without an intercept, relative to λ:
// g = Xᵀ ∂loss(Xw)/n; w_j ≠ 0: g_j + λ sign w_j = 0; w_j = 0: |g_j| ≤ λ.
double lassoViolation(const RowMatrix& X, const Vector& y, const Matrix& w, double lambda, bool logistic) {
  const Vector z = X * w.col(0);
  Vector r(z.size());
  for (Eigen::Index i = 0; i < z.size(); ++i) r[i] = logistic ? 1 / (1 + std::exp(-z[i])) - y[i] : z[i] - y[i];
  const Vector g = X.transpose() * r / static_cast<double>(X.rows());
  double worst = 0;
  for (Eigen::Index j = 0; j < g.size(); ++j)
    worst = std::max(worst, w(j, 0) != 0 ? std::abs(g[j] + lambda * (w(j, 0) > 0 ? 1 : -1))
                                         : std::max(0.0, std::abs(g[j]) - lambda));
  return worst / lambda;
}

}  // namespace intercept_free_test

using namespace intercept_free_test;

TEST(InterceptFree, RidgeIsTheClosedFormWithoutIntercept) {
  const ShiftedData d = shiftedData(1);
  const double lambda = 0.05, n = static_cast<double>(d.X.rows());
  // 1/(2n)‖y − Xw‖² + λ/2‖w‖²: (XᵀX/n + λI) w = Xᵀy/n.
  const Matrix A = d.X.transpose() * d.X / n + lambda * Matrix::Identity(d.X.cols(), d.X.cols());
  const Vector expected = A.ldlt().solve(d.X.transpose() * d.y / n);
  const Result r = fit("ridge", problemOf(d.X, d.y), without(lambda));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_EQ(r.intercept[0], 0.0);
  EXPECT_LT((r.coef.col(0) - expected).cwiseAbs().maxCoeff(), 1e-10);
  // Not the fit with an intercept.
  Params with = without(lambda);
  with.flags["intercept"] = true;
  EXPECT_GT((fit("ridge", problemOf(d.X, d.y), with).coef.col(0) - expected).cwiseAbs().maxCoeff(), 1e-2);
  // The objective reported is the problem's own.
  EXPECT_NEAR(r.objective, (d.y - d.X * expected).squaredNorm() / (2 * n) + lambda / 2 * expected.squaredNorm(),
              1e-10 * r.objective);
}

TEST(InterceptFree, TheLassoMeetsItsConditionsDenseAndCsr) {
  for (std::uint64_t seed : {2, 3}) {
    ShiftedData d = shiftedData(seed);
    for (Eigen::Index i = 0; i < d.X.rows(); ++i)
      for (Eigen::Index j = 0; j < d.X.cols(); ++j)
        if ((i * 5 + j) % 4 == 0) d.X(i, j) = 0;
    const CsrArrays c = csrOf(d.X);
    for (const bool logistic : {false, true}) {
      const Vector& y = logistic ? d.labels : d.y;
      const double lambda = logistic ? 0.01 : 0.05;
      const Params p = without(lambda, logistic ? "logistic" : "squared");
      const Result dense = fit("lasso", problemOf(d.X, y), p);
      const Problem sparse{{d.X.rows(), d.X.cols(), c.indptr.data(), c.indices.data(), c.values.data()},
                           {y.data(), y.size()}};
      const Result csr = fit("lasso", sparse, p);
      for (const Result* r : {&dense, &csr}) {
        ASSERT_EQ(r->status, Status::Converged) << r->message;
        EXPECT_EQ(r->intercept[0], 0.0);
        EXPECT_LT(lassoViolation(d.X, y, r->coef, lambda, logistic), 1e-7)
            << "seed " << seed << " logistic " << logistic;
      }
      EXPECT_LT((dense.coef - csr.coef).cwiseAbs().maxCoeff(), 1e-8);
      EXPECT_GT((dense.coef.array() != 0).count(), 1);
    }
  }
}

TEST(InterceptFree, TheOracleFitsItsGroupsWithoutIntercept) {
  const ShiftedData d = shiftedData(4);
  const std::vector<int> groups{0, 0, 1, 1, 1, 2, 2, 0};
  Params p = without(1e-3);
  p.numbers.erase("tolerance");  // a closed form
  p.labels["groups"] = groups;
  const Result r = fit("oracle", problemOf(d.X, d.y), p);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  // v = argmin 1/(2n)‖y − Zv‖² + λ/2 Σ_g |g| v_g², Z the groups' column sums.
  const double n = static_cast<double>(d.X.rows()), lambda = 1e-3;
  Matrix Z = Matrix::Zero(d.X.rows(), 3);
  Vector sizes = Vector::Zero(3);
  for (Eigen::Index j = 0; j < d.X.cols(); ++j) {
    Z.col(groups[static_cast<std::size_t>(j)]) += d.X.col(j);
    sizes[groups[static_cast<std::size_t>(j)]] += 1;
  }
  const Matrix A = Matrix(Z.transpose() * Z / n) + Matrix(lambda * sizes.asDiagonal());
  const Vector v = A.ldlt().solve(Z.transpose() * d.y / n);
  EXPECT_EQ(r.intercept[0], 0.0);
  for (Eigen::Index j = 0; j < d.X.cols(); ++j)
    EXPECT_NEAR(r.coef(j, 0), v[groups[static_cast<std::size_t>(j)]], 1e-9) << j;
}

TEST(InterceptFree, StandardizeDividesByTheDeviationsAboutTheMeans) {
  const ShiftedData d = shiftedData(5);
  const double lambda = 0.05;
  Params p = without(lambda);
  p.flags["standardize"] = true;
  const Result r = fit("lasso", problemOf(d.X, d.y), p);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  // By hand: X / s with s_j = √(Σᵢ (x_ij − x̄_j)²/n) (glmnet's scale with intercept = FALSE too),
  // fitted without standardize, mapped back.
  const RowMatrix centred = d.X.rowwise() - d.X.colwise().mean();
  const RowVector s = (centred.colwise().squaredNorm() / static_cast<double>(d.X.rows())).cwiseSqrt();
  const RowMatrix scaled = d.X.array().rowwise() / s.array();
  const Result byHand = fit("lasso", problemOf(scaled, d.y), without(lambda));
  const Vector mapped = byHand.coef.col(0).cwiseQuotient(s.transpose());
  EXPECT_EQ(r.intercept[0], 0.0);
  EXPECT_LT((r.coef.col(0) - mapped).cwiseAbs().maxCoeff(), 1e-8);
}

TEST(InterceptFree, APathStartsAtTheUncentredTop) {
  const ShiftedData d = shiftedData(6);
  PathOptions o;
  o.nLambda = 8;
  o.lambdaMinRatio = 0.05;
  Params base;
  base.flags["intercept"] = false;
  base.numbers["tolerance"] = 1e-12;
  const PathResult res = path("lasso", problemOf(d.X, d.y), base, {}, o);
  ASSERT_EQ(res.status, Status::Converged) << res.message;
  const double top = (d.X.transpose() * d.y).cwiseAbs().maxCoeff() / static_cast<double>(d.X.rows());
  EXPECT_NEAR(res.top.value, top, 1e-12 * top);
  ASSERT_EQ(res.points.size(), 8u);
  EXPECT_EQ(res.points[0].model.coef.cwiseAbs().maxCoeff(), 0.0);
  for (const PathPoint& pt : res.points) {
    EXPECT_EQ(pt.model.intercept[0], 0.0);
    const Result single = fit("lasso", problemOf(d.X, d.y), without(pt.value));
    EXPECT_LT((pt.model.coef - single.coef).cwiseAbs().maxCoeff(), 1e-7) << pt.value;
  }
  // The deviance ratio's null model is the zero model: 1 − loss/loss(0).
  const PathPoint& last = res.points.back();
  const Vector z = d.X * last.model.coef.col(0);
  const double ratio = 1 - (d.y - z).squaredNorm() / d.y.squaredNorm();
  EXPECT_NEAR(last.devianceRatio, ratio, 1e-9);
  // Cross-validated: every fold's path and the refit without intercept too.
  o.folds = 3;
  const PathResult cv = path("lasso", problemOf(d.X, d.y), base, {}, o);
  ASSERT_EQ(cv.status, Status::Converged) << cv.message;
  for (const PathPoint& pt : cv.points) EXPECT_TRUE(std::isfinite(pt.cv.mean));
}

// Without an intercept a row's sign is arbitrary: (x, y) and (−x, y') (y' = −y, or 1 − y for a
// 0/1 label) have the same loss at every w. Every method but the experts, on every loss with such
// a y', gives b = 0 and the same answer when some rows are flipped (the convex solvers to their
// certificates; the start-dependent ones as the weights tests find them agree).
TEST(InterceptFree, EveryMethodIgnoresTheSignOfARow) {
  const ShiftedData d = shiftedData(7);
  const Eigen::Index n = d.X.rows();
  // Targets: y and the labels, and for the tasks three of each per row (row-major n × 3).
  Vector tasks(3 * n), taskLabels(3 * n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index k = 0; k < 3; ++k) {
      tasks[3 * i + k] = d.y[i] + static_cast<double>(k) * d.X(i, k);
      taskLabels[3 * i + k] = k == 0 ? d.labels[i] : d.X(i, k) > d.X.col(k).mean() ? 1 : 0;
    }
  RowMatrix flippedX = d.X;
  Vector flippedY = d.y, flippedLabels = d.labels, flippedTasks = tasks, flippedTaskLabels = taskLabels;
  for (Eigen::Index i = 0; i < n; i += 3) {
    flippedX.row(i) *= -1;
    flippedY[i] = -d.y[i];
    flippedLabels[i] = 1 - d.labels[i];
    for (Eigen::Index k = 0; k < 3; ++k) {
      flippedTasks[3 * i + k] = -tasks[3 * i + k];
      flippedTaskLabels[3 * i + k] = 1 - taskLabels[3 * i + k];
    }
  }
  for (const Method& m : methods()) {
    if (m.kind == ModelKind::Experts) {
      Params p = methodParams(m.name, "squared");
      p.numbers["Q"] = 2;
      if (!declaresOption(m.name, "tolerance")) p.numbers.erase("tolerance");
      if (declaresOption(m.name, "groups")) {
        p.labels["groups"] = Labels(static_cast<std::size_t>(n));
        for (Eigen::Index i = 0; i < n; ++i) p.labels["groups"][static_cast<std::size_t>(i)] = static_cast<int>(i % 2);
      }
      p.flags["intercept"] = false;
      const Result r = fit(m, problemOf(d.X, d.y), p);
      EXPECT_EQ(r.status, Status::InvalidInput) << m.name;
      EXPECT_EQ(r.field, "intercept") << m.name << ": " << r.message;
      continue;
    }
    const Eigen::Index K = m.kind == ModelKind::Tasks ? 3 : 1;
    for (const std::string& loss : lossesOf(m.name)) {
      if (loss != "squared" && loss != "logistic" && loss != "hinge") continue;
      const bool labels = loss != "squared";
      const Vector& y = K > 1 ? (labels ? taskLabels : tasks) : labels ? d.labels : d.y;
      const Vector& flipped = K > 1 ? (labels ? flippedTaskLabels : flippedTasks) : labels ? flippedLabels : flippedY;
      Params p = methodParams(m.name, loss);
      p.flags["intercept"] = false;
      const Result a = fit(m, problemOf(d.X, y, K), p);
      const Result b = fit(m, problemOf(flippedX, flipped, K), p);
      ASSERT_NE(a.status, Status::InvalidInput) << m.name << " " << loss << ": " << a.message;
      EXPECT_EQ(a.intercept.cwiseAbs().maxCoeff(), 0.0) << m.name << " " << loss;
      EXPECT_EQ(b.intercept.cwiseAbs().maxCoeff(), 0.0) << m.name << " " << loss;
      const double scale = 1 + a.coef.cwiseAbs().maxCoeff();
      EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff() / scale, m.startDependent ? 1e-5 : 1e-7)
          << m.name << " " << loss;
    }
  }
}

TEST(InterceptFree, LossesWithoutAReflectedTargetRefuseIt) {
  const ShiftedData d = shiftedData(8);
  Vector classes(d.y.size());
  for (Eigen::Index i = 0; i < classes.size(); ++i) classes[i] = static_cast<double>(i % 3);
  for (const char* loss : {"multinomial", "ova-logistic", "ova-squared"}) {
    const Result r = fit("lasso", problemOf(d.X, classes), without(0.01, loss));
    EXPECT_EQ(r.status, Status::InvalidInput) << loss;
    EXPECT_EQ(r.field, "intercept") << loss;
  }
  // The module goes on: the next call is answered.
  EXPECT_EQ(fit("lasso", problemOf(d.X, d.y), without(0.05)).status, Status::Converged);
}
