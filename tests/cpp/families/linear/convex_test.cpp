// Convex baselines reach their optimality certificates (computed here from scratch), agree
// with each other where the problems coincide; classification losses and recoveries.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "reference.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/partition.hpp"
#include "csr.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

// ∇ of 1/(2n)‖Xw + b − y‖² in (w, b), in the caller's coordinates.
Vector squaredGradient(const RowMatrix& X, const Vector& y, const Result& r, double& gb) {
  const Vector res = X * r.coef.col(0) + Vector::Constant(y.size(), r.intercept[0]) - y;
  gb = res.mean();
  return X.transpose() * res / static_cast<double>(y.size());
}

double lambdaMax(const RowMatrix& X, const Vector& y) {
  const RowMatrix Xc = X.rowwise() - X.colwise().mean();
  return (Xc.transpose() * (y.array() - y.mean()).matrix()).cwiseAbs().maxCoeff() / static_cast<double>(y.size());
}

// max_j of the elastic-net KKT violation for g = ∇(smooth part incl. ridge), ℓ1 weight l1.
double l1Violation(const Vector& w, const Vector& g, double l1) {
  double v = 0;
  for (Eigen::Index j = 0; j < w.size(); ++j)
    v = std::max(v, w[j] != 0 ? std::abs(g[j] + l1 * (w[j] > 0 ? 1 : -1)) : std::max(0.0, std::abs(g[j]) - l1));
  return v;
}

Params params(std::initializer_list<std::pair<const std::string, double>> numbers, std::string loss = "squared") {
  Params p;
  p.numbers = numbers;
  p.strings["loss"] = std::move(loss);
  return p;
}
}  // namespace

TEST(Lasso, CoordinateDescentReachesTheKktCertificate) {
  for (std::uint64_t seed : {1, 2}) {
    for (int n : {150, 30}) {  // n > d and n < d
      const auto p = generateE1(n, 40, 4, 0.5, seed);
      const double lmax = lambdaMax(p.X, p.y);
      for (double frac : {0.5, 0.05}) {
        const Result r = fit("lasso", problemOf(p.X, p.y), params({{"lambda", frac * lmax}}));
        ASSERT_EQ(r.status, Status::Converged) << r.message;
        double gb;
        const Vector g = squaredGradient(p.X, p.y, r, gb);
        EXPECT_LE(l1Violation(r.coef.col(0), g, frac * lmax), 1e-8 * lmax);
        EXPECT_LE(std::abs(gb), 1e-10 * lmax);
        EXPECT_GT((r.coef.array() != 0).count(), 0);
      }
    }
  }
}

// Word-count-like columns (20ng-pairs' kind: rare words, some always together) at a λ near 0:
// sweeps alone crawl along the nearly flat directions (the sweep cap before the active-set step,
// coordinate_descent.hpp); the fit must still reach its certificate, from dense and CSR input.
TEST(Lasso, CollinearSparseColumnsAtSmallLambdaReachTheCertificate) {
  const int n = 160, d = 120;
  Random rng(1);
  RowMatrix X = RowMatrix::Zero(n, d);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j)
      if (rng.uniform() < (j < 60 ? 0.08 : 0.02)) X(i, j) = 1 + std::floor(3 * rng.uniform());
  for (int j = 0; j < 15; ++j) X.col(d - 1 - j) = X.col(j);  // words that always come together
  Vector y(n);
  for (int i = 0; i < n; ++i)
    y[i] = X.row(i).head(30).sum() * 0.3 - X.row(i).segment(60, 20).sum() * 0.5 + rng.uniform();
  const CsrArrays c = csrOf(X);
  const double lmax = lambdaMax(X, y);
  const Problem csr{{n, d, c.indptr.data(), c.indices.data(), c.values.data()}, {y.data(), y.size()}};
  for (double frac : {1e-3, 1e-6})
    for (const Problem& problem : {problemOf(X, y), csr}) {
      const Result r = fit("lasso", problem, params({{"lambda", frac * lmax}}));
      ASSERT_EQ(r.status, Status::Converged) << frac << (problem.X.sparse() ? " csr" : " dense");
      double gb;
      const Vector g = squaredGradient(X, y, r, gb);
      EXPECT_LE(l1Violation(r.coef.col(0), g, frac * lmax), 1e-8 * lmax);
      EXPECT_LE(std::abs(gb), 1e-10 * lmax);
    }
}

// d > 2n from a cold start: the fit follows its path of λ with strong rules (coordinate_descent.hpp)
// and the exact steps reuse a growing Gram block; at λ near 0 the answer keeps nearly n
// coordinates. Each must still reach the certificate, lasso and elastic net, dense and CSR, and
// equal the fit started from the answer perturbed (no path: the plain active-set loop).
TEST(Lasso, ColdStartsOnWideDesignsReachTheCertificateAlongTheirPath) {
  const int n = 60, d = 400;
  Random rng(7);
  RowMatrix X(n, d);
  Vector truth(d), y(n);
  for (int j = 0; j < d; ++j) truth[j] = 0.3 * rng.normal();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j) X(i, j) = rng.uniform() < 0.5 ? 0 : rng.normal();  // half zeros: CSR reads non-zeros
  for (int i = 0; i < n; ++i) y[i] = X.row(i).dot(truth) + rng.normal();
  const CsrArrays c = csrOf(X);
  const Problem csr{{n, d, c.indptr.data(), c.indices.data(), c.values.data()}, {y.data(), y.size()}};
  const double lmax = lambdaMax(X, y);
  for (double alpha : {1.0, 0.5})
    for (double frac : {0.3, 0.01})
      for (const Problem& problem : {problemOf(X, y), csr}) {
        const double lambda = frac * lmax / alpha;
        const Result r = fit("elasticnet", problem, params({{"lambda", lambda}, {"alpha", alpha}}));
        ASSERT_EQ(r.status, Status::Converged) << alpha << " " << frac;
        double gb;
        const Vector g = squaredGradient(X, y, r, gb) + lambda * (1 - alpha) * r.coef.col(0);
        EXPECT_LE(l1Violation(r.coef.col(0), g, lambda * alpha), 1e-8 * lmax) << alpha << " " << frac;
        EXPECT_LE(std::abs(gb), 1e-10 * lmax);
        // The objective it reports (its penalty summed over the active set alone) is the
        // objective of its answer, summed here over every coordinate.
        const Vector residual = X * r.coef.col(0) + Vector::Constant(n, r.intercept[0]) - y;
        const double objective = 0.5 * residual.squaredNorm() / n + lambda * alpha * r.coef.cwiseAbs().sum() +
                                 0.5 * lambda * (1 - alpha) * r.coef.squaredNorm();
        EXPECT_NEAR(r.objective, objective, 1e-13 * objective) << alpha << " " << frac;
        const WarmStart warm{r.coef * 0.9, r.intercept};
        const Result fromAnswer = fit("elasticnet", problem, params({{"lambda", lambda}, {"alpha", alpha}}), {}, &warm);
        ASSERT_EQ(fromAnswer.status, Status::Converged);
        EXPECT_LE((fromAnswer.coef - r.coef).norm(), 1e-6 * r.coef.norm()) << alpha << " " << frac;
      }
}

TEST(ElasticNet, ReachesItsCertificateAndEqualsLassoAtAlphaOne) {
  const auto p = generateE1(100, 40, 4, 0.5, 3);
  const double lambda = 0.1 * lambdaMax(p.X, p.y);
  const Result en = fit("elasticnet", problemOf(p.X, p.y), params({{"lambda", lambda}, {"alpha", 0.4}}));
  ASSERT_EQ(en.status, Status::Converged);
  double gb;
  Vector g = squaredGradient(p.X, p.y, en, gb) + lambda * 0.6 * en.coef.col(0);
  EXPECT_LE(l1Violation(en.coef.col(0), g, lambda * 0.4), 1e-8 * lambdaMax(p.X, p.y));
  const Result lasso = fit("lasso", problemOf(p.X, p.y), params({{"lambda", lambda}}));
  const Result en1 = fit("elasticnet", problemOf(p.X, p.y), params({{"lambda", lambda}, {"alpha", 1}}));
  EXPECT_LE((lasso.coef - en1.coef).norm(), 1e-9 * lasso.coef.norm());
}

TEST(Oscar, ReachesItsCertificateAndEqualsLassoWithoutThePairwiseTerm) {
  const auto p = generateE1(120, 30, 3, 0.5, 4);
  const double lmax = lambdaMax(p.X, p.y), lambda = 0.05 * lmax;
  const Result lasso = fit("lasso", problemOf(p.X, p.y), params({{"lambda", lambda}}));
  const Result oscar0 = fit("oscar", problemOf(p.X, p.y), params({{"lambda1", lambda}, {"lambda2", 0}}));
  ASSERT_EQ(oscar0.status, Status::Converged) << oscar0.message;
  // Strongly convex here (n > d): the two solvers must meet.
  EXPECT_LE((lasso.coef - oscar0.coef).norm(), 1e-6 * lasso.coef.norm());
  for (double l2 : {0.001, 0.01}) {
    const Result r = fit("oscar", problemOf(p.X, p.y), params({{"lambda1", lambda}, {"lambda2", l2 * lmax}}));
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    double gb;
    const Vector z = -squaredGradient(p.X, p.y, r, gb);
    const auto w = oscarWeights(30, lambda, l2 * lmax);
    EXPECT_LE(owlSubgradientViolation(r.coef.data(), z.data(), w.data(), 30), 1e-8 * lmax * 30);
    EXPECT_LE(std::abs(gb), 1e-8 * lmax);
    // OSCAR ties coefficients: fewer distinct values than features.
    EXPECT_LT(r.centroids.rows(), 30);
  }
}

TEST(LogisticLoss, GradientsMatchFiniteDifferencesBinaryAndOneVsAll) {
  Random rng(31);
  for (bool ova : {false, true}) {
    LogisticLoss loss(ova);
    SquaredLoss sq(ova);
    Vector y(9);
    for (int i = 0; i < 9; ++i) y[i] = ova ? i % 3 : i % 2;
    for (const Loss* L : {static_cast<const Loss*>(&loss), static_cast<const Loss*>(&sq)}) {
      ASSERT_EQ(L->checkTargets(y).message(), "");
      const Matrix T = L->targets(y);
      ASSERT_EQ(T.cols(), ova ? 3 : 1);
      Matrix Z(9, T.cols()), G;
      for (int i = 0; i < Z.size(); ++i) Z.data()[i] = 3 * rng.normal();
      L->gradient(Z, T, G);
      for (int i = 0; i < Z.size(); ++i) {
        const double h = 1e-6;
        Matrix Zp = Z, Zm = Z;
        Zp.data()[i] += h;
        Zm.data()[i] -= h;
        EXPECT_NEAR(G.data()[i], (L->value(Zp, T) - L->value(Zm, T)) / (2 * h), 1e-8) << L->name();
      }
    }
  }
  // Stable far in the tails: no overflow, the right limits.
  LogisticLoss loss;
  Matrix Z(2, 1), T(2, 1), G;
  Z << 800, -800;
  T << 0, 0;
  EXPECT_NEAR(loss.value(Z, T), 400, 1e-9);
  loss.gradient(Z, T, G);
  EXPECT_NEAR(G(0, 0), 0.5, 1e-12);
  EXPECT_NEAR(G(1, 0), 0, 1e-12);
  Vector bad(3);
  bad << 0, 1, 2;
  EXPECT_NE(loss.checkTargets(bad).message(), "");
}

namespace {
// Separable binary labels y = [X w* > 0] from a grouped w* whose three values are well apart
// (E1's values are random and can be arbitrarily close, which no method can resolve).
void classification(std::uint64_t seed, int n, int d, RowMatrix& X, Vector& y, Labels& truth) {
  auto p = generateE1(n, d, 3, 0.0, seed);
  const double values[3] = {-2, 1, 4};
  for (int j = 0; j < d; ++j) p.coef[j] = values[p.groups[j]];
  X = p.X;
  truth = p.groups;
  y = ((p.X * p.coef).array() > 0).cast<double>();
}
}  // namespace

TEST(LogisticRidge, ReachesAZeroGradient) {
  RowMatrix X;
  Vector y;
  Labels truth;
  classification(41, 200, 20, X, y, truth);
  const Result r = fit("ridge", problemOf(X, y), params({{"lambda", 0.05}}, "logistic"));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Vector z = X * r.coef.col(0) + Vector::Constant(200, r.intercept[0]);
  const Vector res = z.unaryExpr([](double t) { return 1 / (1 + std::exp(-t)); }) - y;
  const Vector g = X.transpose() * res / 200.0 + 0.05 * r.coef.col(0);
  EXPECT_LT(g.cwiseAbs().maxCoeff(), 1e-8);
  EXPECT_LT(std::abs(res.mean()), 1e-8);
}

TEST(Ihc, RecoversThePartitionFromBinaryLabels) {
  int good = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    RowMatrix X;
    Vector y;
    Labels truth;
    classification(seed, 300, 30, X, y, truth);
    const Result r = fit("ihc", problemOf(X, y), params({{"Q", 3}, {"lambda", 1e-3}}, "logistic"));
    ASSERT_NE(r.status, Status::InvalidInput) << r.message;
    good += adjustedRandIndex(r.groups, truth) >= 0.9;
  }
  EXPECT_GE(good, 8);
}

TEST(Ihc, MulticlassSharesOnePartitionAcrossClassifiers) {
  int good = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Random rng(seed);
    const int n = 900, d = 24, Q = 3, K = 3;
    Matrix values(Q, K);
    for (int i = 0; i < values.size(); ++i) values.data()[i] = rng.uniform(-3, 3);
    Labels truth(d);
    for (int j = 0; j < d; ++j) truth[j] = j % Q;
    RowMatrix X(n, d);
    for (int i = 0; i < X.size(); ++i) X.data()[i] = rng.normal();
    Matrix W(d, K);
    for (int j = 0; j < d; ++j) W.row(j) = values.row(truth[j]);
    const Matrix scores = X * W;
    Vector y(n);
    for (int i = 0; i < n; ++i) {
      Eigen::Index k;
      scores.row(i).maxCoeff(&k);
      y[i] = static_cast<double>(k);
    }
    const Result r = fit("ihc", problemOf(X, y), params({{"Q", 3}, {"lambda", 1e-3}, {"seed", 1}}, "ova-squared"));
    ASSERT_NE(r.status, Status::InvalidInput) << r.message;
    ASSERT_EQ(r.coef.cols(), K);
    ASSERT_LE(r.centroids.rows(), Q);
    good += adjustedRandIndex(r.groups, truth) >= 0.9;
  }
  EXPECT_GE(good, 5);
}

TEST(Iht, KeepsTheTrueSupport) {
  auto p = generateE1(150, 60, 3, 0.1, 5);
  for (int j = 0; j < 60; ++j) p.coef[j] = j < 8 ? 5.0 - j : 0.0;
  p.y = p.X * p.coef;
  const Result r = fit("iht", problemOf(p.X, p.y), params({{"s", 8}}));
  ASSERT_NE(r.status, Status::InvalidInput) << r.message;
  EXPECT_LT((r.coef.col(0) - p.coef).norm(), 1e-4);
  EXPECT_EQ((r.coef.array() != 0).count(), 8);
}

TEST(AdjustedRand, MatchesHandComputedValues) {
  EXPECT_DOUBLE_EQ(adjustedRandIndex({0, 0, 1, 1}, {5, 5, 2, 2}), 1.0);
  // Contingency [[2, 1, 0], [0, 1, 2]]: (2 − 6·3/15) / (4.5 − 1.2) = 0.8 / 3.3.
  EXPECT_NEAR(adjustedRandIndex({0, 0, 0, 1, 1, 1}, {0, 0, 1, 1, 2, 2}), 0.8 / 3.3, 1e-15);
  EXPECT_DOUBLE_EQ(adjustedRandIndex({0, 0, 0}, {1, 1, 1}), 1.0);
  EXPECT_LT(adjustedRandIndex({0, 1, 0, 1}, {0, 0, 1, 1}), 0.0);
}

TEST(Fit, RejectsSparseGroupsForSeveralOutputs) {
  const auto p = generateE1(30, 10, 3, 0.5, 6);
  Vector y = p.y.unaryExpr([](double v) { return v > 0 ? 1.0 : v > -5 ? 2.0 : 0.0; });
  const Result r = fit("ihcs", problemOf(p.X, y), params({{"Q", 2}, {"s", 4}}, "ova-squared"));
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_NE(r.message.find("loss"), std::string::npos) << r.message;
}
