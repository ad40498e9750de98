// penaltyFactor (glmnet's penalty.factor) on the lasso and the elastic net: each answer certified
// by its optimality conditions computed here by hand, with the factors rescaled to sum to d
// (glmnet's rule); all ones gives the plain fit, factors times a constant the same fit; a zero
// factor leaves its coefficient unpenalised (at a weight that zeroes every other one it is the
// least-squares coefficient of those columns alone); CSR gives the dense answer; a path's top
// follows the factors; and every malformed list is refused naming the option.
#include <gtest/gtest.h>

#include <cmath>

#include "csr.hpp"
#include "problems.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/path.hpp"

using namespace supclust;

namespace penalty_factor_test {

struct FactorData {
  RowMatrix X;
  Vector y, labels;
};

FactorData factorData(std::uint64_t seed) {
  const auto g = generateE1(60, 12, 3, 0.5, seed);
  FactorData d{g.X, g.y, (g.y.array() > g.y.mean()).cast<double>()};
  return d;
}

Params withFactors(double lambda, const std::vector<double>& factors, const std::string& loss = "squared",
                   double alpha = 1) {
  Params p;
  p.numbers["lambda"] = lambda;
  if (alpha != 1) p.numbers["alpha"] = alpha;
  p.numbers["tolerance"] = 1e-12;
  p.strings["loss"] = loss;
  if (!factors.empty()) p.vectors["penaltyFactor"] = factors;
  return p;
}

// The largest violation of the optimality conditions of
//   loss(Xw + b) + λ Σ_j f_j (α|w_j| + (1−α)/2 w_j²),  f = factors · d / Σ factors,
// relative to λ: ∂/∂b = 0; for w_j ≠ 0, g_j + λ f_j ((1−α) w_j + α sign w_j) = 0; for w_j = 0,
// |g_j| ≤ λ f_j α. g is the loss's gradient, computed here from its definition.
double factorViolation(const FactorData& d, const Result& r, const std::vector<double>& factors, double lambda,
                       double alpha, bool logistic) {
  const Eigen::Index n = d.X.rows(), p = d.X.cols();
  double sum = 0;
  for (double f : factors) sum += f;
  Vector residual(n);  // ∂loss/∂z_i · n
  for (Eigen::Index i = 0; i < n; ++i) {
    const double z = d.X.row(i).dot(r.coef.col(0)) + r.intercept[0];
    residual[i] = logistic ? 1 / (1 + std::exp(-z)) - d.labels[i] : z - d.y[i];
  }
  double worst = std::abs(residual.sum()) / static_cast<double>(n) / lambda;
  for (Eigen::Index j = 0; j < p; ++j) {
    const double f = factors.empty() ? 1 : factors[static_cast<std::size_t>(j)] * static_cast<double>(p) / sum;
    const double g = d.X.col(j).dot(residual) / static_cast<double>(n), w = r.coef(j, 0);
    const double v = w != 0 ? std::abs(g + lambda * f * ((1 - alpha) * w + alpha * (w > 0 ? 1 : -1)))
                            : std::max(0.0, std::abs(g) - lambda * f * alpha);
    worst = std::max(worst, v / lambda);
  }
  return worst;
}

const std::vector<double> kFactors{0, 1, 2, 0.5, 1, 1, 3, 0, 1, 1, 0.25, 1};

}  // namespace penalty_factor_test

using namespace penalty_factor_test;

TEST(PenaltyFactor, TheAnswerMeetsItsOptimalityConditions) {
  for (std::uint64_t seed : {1, 2}) {
    const FactorData d = factorData(seed);
    for (const auto& [method, alpha] : {std::pair<const char*, double>{"lasso", 1}, {"elasticnet", 0.5}}) {
      for (const bool logistic : {false, true}) {
        const double lambda = logistic ? 0.01 : 0.1;
        const Result r = fit(method, problemOf(d.X, logistic ? d.labels : d.y),
                             withFactors(lambda, kFactors, logistic ? "logistic" : "squared", alpha));
        ASSERT_EQ(r.status, Status::Converged) << method << " " << logistic << ": " << r.message;
        EXPECT_LT(factorViolation(d, r, kFactors, lambda, alpha, logistic), 1e-7) << method << " logistic " << logistic;
        // The unpenalised features are not zero; the answer differs from the plain fit's.
        EXPECT_NE(r.coef(0, 0), 0);
        const Result plain = fit(method, problemOf(d.X, logistic ? d.labels : d.y),
                                 withFactors(lambda, {}, logistic ? "logistic" : "squared", alpha));
        EXPECT_GT((plain.coef - r.coef).cwiseAbs().maxCoeff(), 1e-3) << method;
        EXPECT_LT(factorViolation(d, plain, {}, lambda, alpha, logistic), 1e-7) << method;
      }
    }
  }
}

TEST(PenaltyFactor, AllOnesIsThePlainFitAndAConstantMultipleChangesNothing) {
  const FactorData d = factorData(3);
  for (const bool logistic : {false, true}) {
    const Vector& y = logistic ? d.labels : d.y;
    const std::string loss = logistic ? "logistic" : "squared";
    const Result plain = fit("lasso", problemOf(d.X, y), withFactors(0.02, {}, loss));
    const Result ones = fit("lasso", problemOf(d.X, y), withFactors(0.02, std::vector<double>(12, 1.0), loss));
    const Result fives = fit("lasso", problemOf(d.X, y), withFactors(0.02, std::vector<double>(12, 5.0), loss));
    EXPECT_LT((ones.coef - plain.coef).cwiseAbs().maxCoeff(), 1e-10);
    EXPECT_LT((fives.coef - plain.coef).cwiseAbs().maxCoeff(), 1e-10);
    EXPECT_NEAR(ones.objective, plain.objective, 1e-12 * plain.objective);
    std::vector<double> scaled = kFactors;
    for (double& f : scaled) f *= 7;
    const Result a = fit("lasso", problemOf(d.X, y), withFactors(0.02, kFactors, loss)),
                 b = fit("lasso", problemOf(d.X, y), withFactors(0.02, scaled, loss));
    EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-10);
  }
}

TEST(PenaltyFactor, AZeroFactorLeavesItsCoefficientUnpenalised) {
  // A weight above every penalised feature's top zeroes them; features 0 and 7 (factor 0) are then
  // the least-squares fit of y on those two columns alone (with an intercept), computed here.
  const FactorData d = factorData(4);
  const Result r = fit("lasso", problemOf(d.X, d.y), withFactors(1e3, kFactors));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  Matrix A(d.X.rows(), 3);
  A << Vector::Ones(d.X.rows()), d.X.col(0), d.X.col(7);
  const Vector ls = A.colPivHouseholderQr().solve(d.y);
  EXPECT_NEAR(r.coef(0, 0), ls[1], 1e-9 * std::abs(ls[1]));
  EXPECT_NEAR(r.coef(7, 0), ls[2], 1e-9 * std::abs(ls[2]));
  EXPECT_NEAR(r.intercept[0], ls[0], 1e-9 * std::max(1.0, std::abs(ls[0])));
  for (Eigen::Index j = 0; j < 12; ++j)
    if (j != 0 && j != 7) EXPECT_EQ(r.coef(j, 0), 0) << j;
}

TEST(PenaltyFactor, ACsrDesignGivesTheDenseAnswer) {
  FactorData d = factorData(5);
  for (Eigen::Index i = 0; i < d.X.rows(); ++i)
    for (Eigen::Index j = 0; j < d.X.cols(); ++j)
      if ((i * 7 + j) % 4 == 0) d.X(i, j) = 0;
  const CsrArrays c = csrOf(d.X);
  for (const bool logistic : {false, true}) {
    const Vector& y = logistic ? d.labels : d.y;
    const Params p = withFactors(logistic ? 0.01 : 0.05, kFactors, logistic ? "logistic" : "squared");
    const Problem sparse{{d.X.rows(), d.X.cols(), c.indptr.data(), c.indices.data(), c.values.data()},
                         {y.data(), y.size()}};
    const Result a = fit("lasso", sparse, p), b = fit("lasso", problemOf(d.X, y), p);
    EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-8) << logistic;
  }
}

TEST(PenaltyFactor, APathStartsAtTheFactorsTop) {
  const FactorData d = factorData(6);
  PathOptions o;
  o.nLambda = 10;
  // Every feature penalised: the top is max_j |x_jᵀ(y − ȳ)|/n / f_j (f rescaled), exact — its point is w = 0.
  std::vector<double> positive = kFactors;
  positive[0] = positive[7] = 0.5;
  double sum = 0;
  for (double f : positive) sum += f;
  const Vector yc = d.y.array() - d.y.mean();
  double top = 0;
  for (Eigen::Index j = 0; j < 12; ++j) {
    const double xc = (d.X.col(j).array() - d.X.col(j).mean()).matrix().dot(yc) / 60;
    top = std::max(top, std::abs(xc) / (positive[static_cast<std::size_t>(j)] * 12 / sum));
  }
  Params p;
  p.vectors["penaltyFactor"] = positive;
  const PathResult a = path("lasso", problemOf(d.X, d.y), p, {}, o);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  EXPECT_NEAR(a.top.value, top, 1e-12 * top);
  EXPECT_EQ(a.top.kind, TopKind::Exact);
  EXPECT_EQ(a.points[0].nonZeros, 0);
  EXPECT_GT(a.points[1].nonZeros, 0);
  // With unpenalised features the first point fits them (the top is then only a scale).
  p.vectors["penaltyFactor"] = kFactors;
  const PathResult b = path("lasso", problemOf(d.X, d.y), p, {}, o);
  ASSERT_EQ(b.status, Status::Converged) << b.message;
  EXPECT_EQ(b.top.kind, TopKind::Scale);
  EXPECT_EQ(b.points[0].nonZeros, 2);
}

// One-vs-all squared: the K classes' columns are K separate squared-loss fits on ±1 targets, so
// with factors (lasso and elastic net) each column equals the single-output fit on its class's
// targets, which coordinate descent solves and its conditions certify above.
TEST(PenaltyFactor, OneVsAllSquaredIsEachClassFittedApart) {
  const FactorData d = factorData(9);
  Vector classes(d.y.size());
  const double low = d.y.minCoeff(), span = d.y.maxCoeff() - low;
  for (Eigen::Index i = 0; i < d.y.size(); ++i) classes[i] = std::min(2.0, std::floor(3 * (d.y[i] - low) / span));
  const std::vector<double> f = {0, 1, 2, 1, 1, 0.5, 1, 1, 3, 1, 1, 1};
  for (double alpha : {1.0, 0.5}) {
    const Result all =
        fit(alpha == 1 ? "lasso" : "elasticnet", problemOf(d.X, classes), withFactors(0.05, f, "ova-squared", alpha));
    ASSERT_EQ(all.status, Status::Converged) << all.message;
    ASSERT_EQ(all.coef.cols(), 3);
    for (int k = 0; k < 3; ++k) {
      const Vector t = (classes.array() == k).select(Vector::Ones(d.y.size()), -Vector::Ones(d.y.size()));
      const Result one =
          fit(alpha == 1 ? "lasso" : "elasticnet", problemOf(d.X, t), withFactors(0.05, f, "squared", alpha));
      ASSERT_EQ(one.status, Status::Converged) << one.message;
      EXPECT_LE((all.coef.col(k) - one.coef.col(0)).cwiseAbs().maxCoeff(), 1e-8)
          << "class " << k << ", alpha " << alpha;
      EXPECT_NEAR(all.intercept[k], one.intercept[0], 1e-8) << "class " << k;
      EXPECT_EQ(all.coef(0, k) != 0, one.coef(0, 0) != 0);
    }
  }
}

TEST(PenaltyFactor, MalformedFactorsAreRefusedNamingTheOption) {
  const FactorData d = factorData(7);
  const auto refused = [&](const std::vector<double>& f, const std::string& loss = "squared") {
    const Result r = fit("lasso", problemOf(d.X, loss == "ova-squared" ? d.labels : d.y), withFactors(0.1, f, loss));
    EXPECT_EQ(r.status, Status::InvalidInput);
    EXPECT_EQ(r.field, "penaltyFactor") << r.message;
    return r.message;
  };
  EXPECT_NE(refused(std::vector<double>(11, 1.0)).find("one entry per feature"), std::string::npos);
  std::vector<double> negative(12, 1.0);
  negative[3] = -1;
  EXPECT_NE(refused(negative).find("entry 3"), std::string::npos);
  std::vector<double> nan(12, 1.0);
  nan[5] = NAN;
  EXPECT_NE(refused(nan).find("entry 5"), std::string::npos);
  refused(std::vector<double>(12, 0.0));
  // Methods that do not declare it refuse it as an unknown option.
  Params p;
  p.vectors["penaltyFactor"] = std::vector<double>(12, 1.0);
  p.numbers["lambda"] = 0.1;
  EXPECT_EQ(fit("ridge", problemOf(d.X, d.y), p).field, "penaltyFactor");
  // A number where a list is declared, and a list where a number is.
  Params scalar;
  scalar.numbers["penaltyFactor"] = 1;
  EXPECT_EQ(fit("lasso", problemOf(d.X, d.y), scalar).field, "penaltyFactor");
  Params list;
  list.vectors["lambda"] = {0.1};
  EXPECT_EQ(fit("lasso", problemOf(d.X, d.y), list).field, "lambda");
}

// The fusion penalties' λ1 with factors (GFLasso, ncFGS, ncTFGS, DFG, ADFG; fusion ADMM): with
// λ2 = 0, GFLasso, DFG and ncFGS are the lasso with those factors (coordinate descent, certified
// above), squared and logistic; all ones is the plain fit (GFLasso's without a graph: FISTA with
// the clique prox); with λ2 > 0 GFLasso's answer is the convex objective's minimum — recomputed
// here from its definition, no coordinate direction lowers it — and ncTFGS's objective is its
// truncated penalty with the factors, recomputed here; a path's top follows the factors; more
// than one output and a wrong length are refused naming penaltyFactor.
namespace penalty_factor_test {
double fusedObjective(const FactorData& d, const Result& r, const std::vector<double>& factors, double lambda1,
                      double lambda2, bool logistic, const Vector& w) {
  const Eigen::Index n = d.X.rows(), p = d.X.cols();
  double sum = 0, loss = 0, pen = 0;
  for (double f : factors) sum += f;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double z = d.X.row(i).dot(w) + r.intercept[0];
    loss += logistic ? std::log1p(std::exp(z)) - d.labels[i] * z : 0.5 * (d.y[i] - z) * (d.y[i] - z);
  }
  for (Eigen::Index j = 0; j < p; ++j) {
    pen += lambda1 * factors[static_cast<std::size_t>(j)] * static_cast<double>(p) / sum * std::abs(w[j]);
    for (Eigen::Index k = j + 1; k < p; ++k) pen += lambda2 * std::abs(w[j] - w[k]);
  }
  return loss / static_cast<double>(n) + pen;
}
}  // namespace penalty_factor_test

TEST(PenaltyFactor, TheFusionPenaltiesWeighTheirL1Term) {
  const FactorData d = factorData(8);
  for (const bool logistic : {false, true}) {
    const std::string loss = logistic ? "logistic" : "squared";
    const Vector& y = logistic ? d.labels : d.y;
    const double lambda1 = logistic ? 0.01 : 0.1;
    const Result lasso = fit("lasso", problemOf(d.X, y), withFactors(lambda1, kFactors, loss));
    ASSERT_EQ(lasso.status, Status::Converged) << lasso.message;
    for (const char* method : {"gflasso", "dfg", "ncfgs"}) {
      Params p = withFactors(0, kFactors, loss);
      p.numbers.erase("lambda");
      p.numbers["lambda1"] = lambda1;
      p.numbers["tolerance"] = 1e-10;
      p.numbers["maxIterations"] = 1000000;
      const Result r = fit(method, problemOf(d.X, y), p);
      ASSERT_EQ(r.status, Status::Converged) << method << " " << loss << ": " << r.message;
      EXPECT_LT((r.coef - lasso.coef).cwiseAbs().maxCoeff(), 1e-5) << method << " " << loss;
      EXPECT_NEAR(r.objective, lasso.objective, 1e-8 * std::abs(lasso.objective)) << method << " " << loss;
    }
    // GFLasso with λ2 > 0: all ones is the clique prox's fit; factors give the objective's minimum.
    Params p = withFactors(0, {}, loss);
    p.numbers.erase("lambda");
    p.numbers["lambda1"] = lambda1;
    p.numbers["lambda2"] = lambda1 / 20;
    p.numbers["tolerance"] = 1e-10;
    p.numbers["maxIterations"] = 1000000;
    const Result plain = fit("gflasso", problemOf(d.X, y), p);
    p.vectors["penaltyFactor"] = std::vector<double>(12, 2.0);
    const Result ones = fit("gflasso", problemOf(d.X, y), p);
    ASSERT_EQ(ones.status, Status::Converged) << ones.message;
    EXPECT_NEAR(ones.objective, plain.objective, 1e-8 * std::abs(plain.objective)) << loss;
    p.vectors["penaltyFactor"] = kFactors;
    const Result r = fit("gflasso", problemOf(d.X, y), p);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const Vector w = r.coef.col(0);
    const double at = fusedObjective(d, r, kFactors, lambda1, lambda1 / 20, logistic, w);
    EXPECT_NEAR(at, r.objective, 1e-10 * std::abs(at)) << loss;
    for (Eigen::Index j = 0; j < 12; ++j)
      for (const double step : {1e-4, -1e-4}) {
        Vector moved = w;
        moved[j] += step;
        EXPECT_GE(fusedObjective(d, r, kFactors, lambda1, lambda1 / 20, logistic, moved) - at, -1e-9)
            << loss << " coordinate " << j;
      }
    EXPECT_GT(std::abs(fusedObjective(d, r, std::vector<double>(12, 1.0), lambda1, lambda1 / 20, logistic, w) - at),
              1e-6);  // the factors matter
  }
  // A path's top: the lasso's with the factors (every feature penalised: a bound for the fusion terms).
  std::vector<double> positive = kFactors;
  positive[0] = positive[7] = 0.5;
  Params lp, gp;
  lp.vectors["penaltyFactor"] = gp.vectors["penaltyFactor"] = positive;
  gp.numbers["lambda1"] = 1;
  gp.numbers["lambda2"] = 0.05;
  PathOptions o;
  o.nLambda = 3;
  const PathResult lassoPath = path("lasso", problemOf(d.X, d.y), lp, {}, o),
                   fusedPath = path("gflasso", problemOf(d.X, d.y), gp, {}, o);
  EXPECT_NEAR(fusedPath.top.value, lassoPath.top.value, 1e-12 * lassoPath.top.value);
  EXPECT_EQ(fusedPath.top.kind, TopKind::Bound);
  // Refusals.
  Vector classes(d.X.rows());
  for (Eigen::Index i = 0; i < classes.size(); ++i) classes[i] = static_cast<double>(i % 3);
  Params multi = gp;
  multi.strings["loss"] = "multinomial";
  EXPECT_EQ(fit("gflasso", problemOf(d.X, classes), multi).field, "penaltyFactor");
  Params shorter = gp;
  shorter.vectors["penaltyFactor"] = {1, 2};
  EXPECT_EQ(fit("dfg", problemOf(d.X, d.y), shorter).field, "penaltyFactor");
  EXPECT_EQ(fit("oscar", problemOf(d.X, d.y), gp).field, "penaltyFactor");  // not declared there
  // ncTFGS: λ1/τ Σ f_j min(|w_j|, τ) + λ2/τ Σ_{j<k} min(||w_j| − |w_k||, τ), f rescaled.
  Params tp = gp;
  tp.vectors["penaltyFactor"] = kFactors;
  tp.numbers["lambda1"] = 0.05;
  tp.numbers["lambda2"] = 0.002;
  tp.numbers["tau"] = 0.5;
  const Result t = fit("nctfgs", problemOf(d.X, d.y), tp);
  ASSERT_NE(t.status, Status::InvalidInput) << t.message;
  double loss = 0, l1 = 0, pairs = 0, sum = 0;
  for (double f : kFactors) sum += f;
  for (Eigen::Index i = 0; i < d.X.rows(); ++i)
    loss += 0.5 * std::pow(d.y[i] - d.X.row(i).dot(t.coef.col(0)) - t.intercept[0], 2);
  for (Eigen::Index j = 0; j < 12; ++j) {
    l1 += kFactors[static_cast<std::size_t>(j)] * 12 / sum * std::min(std::abs(t.coef(j, 0)), 0.5);
    for (Eigen::Index k = j + 1; k < 12; ++k)
      pairs += std::min(std::abs(std::abs(t.coef(j, 0)) - std::abs(t.coef(k, 0))), 0.5);
  }
  const double byHand = loss / static_cast<double>(d.X.rows()) + (0.05 * l1 + 0.002 * pairs) / 0.5;
  EXPECT_NEAR(t.objective, byHand, 1e-10 * byHand);
}
