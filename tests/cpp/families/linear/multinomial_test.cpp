// The multinomial (softmax) loss in the linear family: ridge's and the lasso's answers meet their
// optimality conditions computed here from the definition, (1/n) Σᵢ [log Σₖ exp zᵢₖ − zᵢ,yᵢ] + penalty;
// two classes give binary logistic ridge at half the weight (w = w₁ − w₀); the intercepts sum to 0;
// predicted probabilities are the scores' softmax; penalty factors weigh the features; the
// penalties family's multinomial fits against their logistic twins and the lasso.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "problems.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/families/priors/grouping_prior.hpp"
#include "supclust/metrics/prediction.hpp"

using namespace supclust;

namespace multinomial_test {

struct ClassData {
  RowMatrix X;
  Vector classes;
};

// Three classes from the largest of three linear scores of X plus noise.
ClassData classData(std::uint64_t seed, Eigen::Index n = 90, Eigen::Index d = 6, int K = 3) {
  const auto g = generateE1(n, d, 2, 0.5, seed);
  ClassData out{g.X, Vector(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    Eigen::Index best = 0;
    Vector s(K);
    for (int k = 0; k < K; ++k) s[k] = g.X(i, k % d) - 0.5 * g.X(i, (k + 1) % d) + 0.3 * g.y[i] * (k == 0);
    s.maxCoeff(&best);
    out.classes[i] = static_cast<double>(best);
  }
  return out;
}

Params softmaxParams(double lambda) {
  Params p;
  p.strings["loss"] = "multinomial";
  p.numbers["lambda"] = lambda;
  p.numbers["tolerance"] = 1e-13;
  p.numbers["maxIterations"] = 1000000;
  return p;
}

// ∂/∂W and ∂/∂b of the mean softmax loss at the model (coef d × K, intercept K), by definition.
void lossGradient(const ClassData& d, const Result& r, Matrix& gW, RowVector& gb) {
  const Eigen::Index n = d.X.rows(), K = r.coef.cols();
  gW = Matrix::Zero(d.X.cols(), K);
  gb = RowVector::Zero(K);
  for (Eigen::Index i = 0; i < n; ++i) {
    RowVector z = d.X.row(i) * r.coef + r.intercept;
    const double top = z.maxCoeff();
    RowVector p = (z.array() - top).exp();
    p /= p.sum();
    p[static_cast<Eigen::Index>(d.classes[i])] -= 1;
    gW += d.X.row(i).transpose() * p / static_cast<double>(n);
    gb += p / static_cast<double>(n);
  }
}

// A two-class softmax fit (classes a, b) against its logistic twin: both converged, w = b − a and
// the intercepts' difference within `tolerance` (relative to the largest |w|).
void expectLogisticTwin(const Result& soft, const Result& logistic, double tolerance, const std::string& what) {
  ASSERT_EQ(soft.status, Status::Converged) << what << ": " << soft.message;
  ASSERT_EQ(logistic.status, Status::Converged) << what << ": " << logistic.message;
  const Vector w = soft.coef.col(1) - soft.coef.col(0);
  EXPECT_LT((w - logistic.coef.col(0)).cwiseAbs().maxCoeff(), tolerance * (1 + w.cwiseAbs().maxCoeff())) << what;
  EXPECT_NEAR(soft.intercept[1] - soft.intercept[0], logistic.intercept[0], tolerance) << what;
}

// The grouping family's: the loss and its ridge λ (their own iteration settings).
Params groupingParams(double lambda) {
  Params p;
  p.strings["loss"] = "multinomial";
  p.numbers["lambda"] = lambda;
  return p;
}

// The distinct non-zero values of a coefficient column.
int distinctNonZeros(const Vector& w) {
  std::vector<double> v;
  for (double x : w)
    if (x != 0 && std::find_if(v.begin(), v.end(),
                               [x](double y) { return std::abs(x - y) <= 1e-9 * (1 + std::abs(x)); }) == v.end())
      v.push_back(x);
  return static_cast<int>(v.size());
}

}  // namespace multinomial_test

using namespace multinomial_test;

TEST(Multinomial, RidgeMeetsItsOptimalityConditions) {
  const ClassData d = classData(1);
  const double lambda = 0.05;
  const Result r = fit("ridge", problemOf(d.X, d.classes), softmaxParams(lambda));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  ASSERT_EQ(r.coef.cols(), 3);
  Matrix gW;
  RowVector gb;
  lossGradient(d, r, gW, gb);
  EXPECT_LT((gW + lambda * r.coef).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT(gb.cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_NEAR(r.intercept.sum(), 0, 1e-12);
}

TEST(Multinomial, LassoAndElasticNetMeetTheirOptimalityConditions) {
  const ClassData d = classData(2);
  const double lambda = 0.02;
  for (const double alpha : {1.0, 0.5}) {
    Params p = softmaxParams(lambda);
    if (alpha != 1) p.numbers["alpha"] = alpha;
    const Result r = fit(alpha == 1 ? "lasso" : "elasticnet", problemOf(d.X, d.classes), p);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    Matrix gW;
    RowVector gb;
    lossGradient(d, r, gW, gb);
    gW += lambda * (1 - alpha) * r.coef;
    const double l1 = lambda * alpha;
    double worst = gb.cwiseAbs().maxCoeff();
    int zeros = 0;
    for (Eigen::Index j = 0; j < r.coef.rows(); ++j)
      for (Eigen::Index k = 0; k < r.coef.cols(); ++k) {
        const double w = r.coef(j, k), g = gW(j, k);
        if (w == 0) ++zeros;
        worst = std::max(worst, w != 0 ? std::abs(g + l1 * (w > 0 ? 1 : -1)) : std::max(0.0, std::abs(g) - l1));
      }
    EXPECT_LT(worst, 1e-8) << alpha;
    EXPECT_GT(zeros, 0) << alpha;  // the ℓ1 penalty zeroes some coefficients at this weight
    EXPECT_NEAR(r.intercept.sum(), 0, 1e-12) << alpha;
  }
}

TEST(Multinomial, TwoClassesGiveBinaryLogisticRidgeAtHalfTheWeight) {
  ClassData d = classData(3, 80, 5, 2);
  const double lambda = 0.04;
  const Result soft = fit("ridge", problemOf(d.X, d.classes), softmaxParams(lambda));
  Params binary = softmaxParams(lambda / 2);
  binary.strings["loss"] = "logistic";
  expectLogisticTwin(soft, fit("ridge", problemOf(d.X, d.classes), binary), 1e-8, "ridge");
}

TEST(Multinomial, ProbabilitiesAreTheScoresSoftmax) {
  const ClassData d = classData(4);
  const Result r = fit("ridge", problemOf(d.X, d.classes), softmaxParams(0.1));
  Predictor model{ModelKind::Features, r.coef, r.intercept, 3, true, Gate{}, true};
  const Answers a = answer(Answer::Probabilities, model, DataMatrix(d.X.data(), d.X.rows(), d.X.cols()), Vector());
  ASSERT_TRUE(a.why.empty());
  for (Eigen::Index i = 0; i < d.X.rows(); ++i) {
    const RowVector z = d.X.row(i) * r.coef + r.intercept;
    const RowVector p = z.array().exp() / z.array().exp().sum();
    EXPECT_LT((a.values.row(i) - p).cwiseAbs().maxCoeff(), 1e-14) << i;
  }
}

// penaltyFactor (glmnet's penalty.factor, rescaled to sum to d): equal factors are the plain fit;
// a zero factor leaves its feature unpenalised (its gradient 0 in every class) while the others'
// weight is λ·d/(d − 1). The one-vs-all squared loss, solved by proximal gradient, refuses them.
TEST(Multinomial, PenaltyFactorsWeighTheFeatures) {
  const ClassData d = classData(5);
  const double lambda = 0.02;
  const Eigen::Index D = d.X.cols();
  const Result plain = fit("lasso", problemOf(d.X, d.classes), softmaxParams(lambda));
  Params equal = softmaxParams(lambda);
  equal.vectors["penaltyFactor"] = std::vector<double>(static_cast<std::size_t>(D), 3.0);
  const Result same = fit("lasso", problemOf(d.X, d.classes), equal);
  ASSERT_EQ(same.status, Status::Converged) << same.message;
  EXPECT_LT((same.coef - plain.coef).cwiseAbs().maxCoeff(), 1e-9);

  Params freeFirst = equal;
  freeFirst.vectors["penaltyFactor"][0] = 0;
  const Result r = fit("lasso", problemOf(d.X, d.classes), freeFirst);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  Matrix gW;
  RowVector gb;
  lossGradient(d, r, gW, gb);
  const double weight = lambda * static_cast<double>(D) / static_cast<double>(D - 1);
  double worst = gb.cwiseAbs().maxCoeff();
  for (Eigen::Index k = 0; k < r.coef.cols(); ++k) {
    worst = std::max(worst, std::abs(gW(0, k)));
    for (Eigen::Index j = 1; j < D; ++j) {
      const double w = r.coef(j, k), g = gW(j, k);
      worst = std::max(worst, w != 0 ? std::abs(g + weight * (w > 0 ? 1 : -1)) : std::max(0.0, std::abs(g) - weight));
    }
  }
  EXPECT_LT(worst, 1e-8);
  EXPECT_GT((r.coef.row(0) - plain.coef.row(0)).cwiseAbs().maxCoeff(), 1e-3);  // the factor changed the fit

  Params ova = equal;
  ova.strings["loss"] = "ova-squared";
  EXPECT_EQ(fit("lasso", problemOf(d.X, d.classes), ova).status,
            Status::Converged);  // column by column: penalty_factor_test
}

// The penalties family takes the multinomial loss (each class's column penalised as one output).
// Two classes: at ridge 0, the softmax's classes (a, b) answer with b = −a (the objective is the
// same for (−b, −a), and convex), so its loss is the logistic one of w = b − a and a positively
// homogeneous penalty P(a) + P(b) = P(w): OSCAR and GFLasso then equal their logistic fits at the
// same weights, found by the same solver on another problem. Three classes: OSCAR without its
// pairwise term is the multinomial lasso, found by FISTA here and by proximal Newton there.
TEST(Multinomial, PenaltiesOnTwoClassesAreTheirLogisticFits) {
  ClassData d = classData(6, 80, 6, 2);
  for (const char* method : {"oscar", "gflasso"}) {
    Params p;
    p.strings["loss"] = "multinomial";
    p.numbers["lambda1"] = 0.01;
    p.numbers["lambda2"] = 0.004;
    p.numbers["tolerance"] = 1e-12;
    p.numbers["maxIterations"] = 1000000;
    const Result soft = fit(method, problemOf(d.X, d.classes), p);
    p.strings["loss"] = "logistic";
    const Result logistic = fit(method, problemOf(d.X, d.classes), p);
    expectLogisticTwin(soft, logistic, 1e-6, method);
    EXPECT_NEAR(soft.objective, logistic.objective, 1e-9 * logistic.objective) << method;
    EXPECT_NEAR(soft.intercept.sum(), 0, 1e-12) << method;
    EXPECT_LT(distinctNonZeros(logistic.coef.col(0)), 6) << method;  // the pairwise term groups some coefficients
  }
}

TEST(Multinomial, OscarWithoutItsPairwiseTermIsTheLasso) {
  const ClassData d = classData(7);
  Params p = softmaxParams(0.02);
  const Result lasso = fit("lasso", problemOf(d.X, d.classes), p);
  Params q;
  q.strings["loss"] = "multinomial";
  q.numbers["lambda1"] = 0.02;
  q.numbers["tolerance"] = 1e-13;
  q.numbers["maxIterations"] = 1000000;
  const Result oscar = fit("oscar", problemOf(d.X, d.classes), q);
  ASSERT_EQ(oscar.status, Status::Converged) << oscar.message;
  EXPECT_NEAR(oscar.objective, lasso.objective, 1e-10 * lasso.objective);
  EXPECT_LT((oscar.coef - lasso.coef).cwiseAbs().maxCoeff(), 1e-6 * (1 + lasso.coef.cwiseAbs().maxCoeff()));
  EXPECT_LT((oscar.intercept - lasso.intercept).cwiseAbs().maxCoeff(), 1e-6);
}

// The grouping family takes the multinomial loss, its coefficient rows (a feature's K class
// values) grouped. Given a partition (oracle), two classes at ridge λ are the logistic fit at λ/2
// (w = b − a, as ridge's); each searching method's answer is the refit on its own partition (its
// objective the oracle's there), with at most Q distinct rows; IHCS refuses K outputs.
TEST(Multinomial, GroupingOnTwoClassesAndOnItsOwnPartitions) {
  ClassData two = classData(8, 80, 6, 2);
  Params oracle = groupingParams(0.04);
  oracle.labels["groups"] = Labels{0, 0, 1, 1, 2, 2};
  const Result soft = fit("oracle", problemOf(two.X, two.classes), oracle);
  oracle.strings["loss"] = "logistic";
  oracle.numbers["lambda"] = 0.02;
  expectLogisticTwin(soft, fit("oracle", problemOf(two.X, two.classes), oracle), 1e-8, "oracle");

  const ClassData d = classData(9, 120, 8, 3);
  for (const char* method : {"lsk", "ihc", "iht"}) {
    Params p = groupingParams(0.01);
    p.numbers["Q"] = 3;
    p.numbers["s"] = 5;
    if (std::string(method) == "lsk" || std::string(method) == "ihc") p.numbers.erase("s");
    if (std::string(method) == "iht") p.numbers.erase("Q");
    const Result r = fit(method, problemOf(d.X, d.classes), p);
    ASSERT_NE(r.status, Status::InvalidInput) << method << ": " << r.message;
    EXPECT_NEAR(r.intercept.sum(), 0, 1e-12) << method;
    for (Eigen::Index g = 1; g < r.centroids.rows(); ++g) {  // the centre rows ascend, first column first
      const RowVector before = r.centroids.row(g - 1), after = r.centroids.row(g);
      EXPECT_TRUE(std::lexicographical_compare(before.data(), before.data() + 3, after.data(), after.data() + 3))
          << method << " row " << g;
    }
    std::vector<RowVector> rows;
    for (Eigen::Index j = 0; j < r.coef.rows(); ++j)
      if (std::none_of(rows.begin(), rows.end(),
                       [&](const RowVector& v) { return (v - r.coef.row(j)).cwiseAbs().maxCoeff() <= 1e-12; }))
        rows.push_back(r.coef.row(j));
    if (std::string(method) == "iht") {
      EXPECT_LE((r.coef.rowwise().squaredNorm().array() > 0).count(), 5) << method;
      continue;
    }
    EXPECT_LE(static_cast<int>(rows.size()), 3) << method;
    if (std::string(method) == "lsk") continue;  // LSK's values are ridge's projected, not refitted
    Params own = groupingParams(0.01);
    own.labels["groups"] = r.groups;
    const Result refit = fit("oracle", problemOf(d.X, d.classes), own);
    EXPECT_NEAR(r.objective, refit.objective, 1e-8 * refit.objective) << method;
  }
  // IHCS's s-sparse projection is exact for one output: K classes are refused naming the loss.
  Params sparse = groupingParams(0.01);
  sparse.numbers["Q"] = 3;
  sparse.numbers["s"] = 5;
  EXPECT_EQ(fit("ihcs", problemOf(d.X, d.classes), sparse).field, "loss");
}

// GEM and LEM on K classes: each feature's row of K coefficients takes one of s centre rows. The
// reported objective is the mean softmax loss + λ/2‖W‖² + γ Σ_j Σ_k dev(W_jk − c_κ(j),k) by hand;
// the centres are the groups' means (GEM) or minimise their columns' absolute deviations (LEM);
// no row is nearer another centre; W is stationary for its assignment (GEM: the gradient by
// hand, 2γ(W_j − c) added; LEM: the fixed point of the penalty's prox); s ≥ d is ridge; the
// paper's one-output algorithm is refused naming `algorithm`.
TEST(Multinomial, PriorsGroupTheFeaturesRowsAtAPartialOptimum) {
  const ClassData d = classData(10, 150, 8, 3);
  const double lambda = 0.01;
  for (const char* method : {"gem", "lem"}) {
    const bool gem = std::string(method) == "gem";
    const PriorKind kind = gem ? PriorKind::Gaussian : PriorKind::Laplace;
    const double gamma = gem ? 0.5 : 0.02;
    Params p = softmaxParams(lambda);
    p.numbers["gamma"] = gamma;
    p.numbers["centres"] = 3;
    const Result r = fit(method, problemOf(d.X, d.classes), p);
    ASSERT_EQ(r.status, Status::Converged) << method << ": " << r.message;
    ASSERT_EQ(r.coef.cols(), 3);
    ASSERT_EQ(r.groups.size(), 8u);
    ASSERT_EQ(r.centroids.cols(), 3);
    ASSERT_GE(r.centroids.rows(), 2) << method;  // the prior does group
    EXPECT_NEAR(r.intercept.sum(), 0, 1e-12) << method;
    ASSERT_LE(r.centroids.rows(), 3) << method;
    const auto dev = [&](Eigen::Index j, Eigen::Index g) {
      double s = 0;
      for (Eigen::Index k = 0; k < 3; ++k) s += priorDeviation(kind, r.coef(j, k) - r.centroids(g, k));
      return s;
    };
    double loss = 0, prior = 0;
    for (Eigen::Index i = 0; i < d.X.rows(); ++i) {
      const RowVector z = d.X.row(i) * r.coef + r.intercept;
      const double top = z.maxCoeff();
      loss += top + std::log((z.array() - top).exp().sum()) - z[static_cast<Eigen::Index>(d.classes[i])];
    }
    for (Eigen::Index j = 0; j < 8; ++j) {
      const Eigen::Index own = r.groups[static_cast<std::size_t>(j)];
      prior += dev(j, own);
      for (Eigen::Index g = 0; g < r.centroids.rows(); ++g)
        EXPECT_LE(dev(j, own), dev(j, g) + 1e-12) << method << " row " << j;
    }
    const double objective = loss / 150 + lambda / 2 * r.coef.squaredNorm() + gamma * prior;
    EXPECT_NEAR(r.objective, objective, 1e-10 * objective) << method;
    // The centres: a group's mean (GEM); no member's value a better centre of its column (LEM).
    for (Eigen::Index g = 0; g < r.centroids.rows(); ++g)
      for (Eigen::Index k = 0; k < 3; ++k) {
        std::vector<double> members;
        for (Eigen::Index j = 0; j < 8; ++j)
          if (r.groups[static_cast<std::size_t>(j)] == g) members.push_back(r.coef(j, k));
        ASSERT_FALSE(members.empty());
        const auto spread = [&](double c) {
          double s = 0;
          for (double v : members) s += priorDeviation(kind, v - c);
          return s;
        };
        double mean = 0;
        for (double v : members) mean += v / static_cast<double>(members.size());
        if (gem) EXPECT_NEAR(r.centroids(g, k), mean, 1e-12 * (1 + std::abs(mean))) << method;
        for (double v : members) EXPECT_LE(spread(r.centroids(g, k)), spread(v) + 1e-12) << method;
      }
    Matrix gW;
    RowVector gb;
    lossGradient(d, r, gW, gb);
    gW += lambda * r.coef;
    EXPECT_LT(gb.cwiseAbs().maxCoeff(), 1e-8) << method;
    if (gem) {
      for (Eigen::Index j = 0; j < 8; ++j)
        gW.row(j) += 2 * gamma * (r.coef.row(j) - r.centroids.row(r.groups[static_cast<std::size_t>(j)]));
      EXPECT_LT(gW.cwiseAbs().maxCoeff(), 1e-8) << method;
    } else {
      const GroupDeviationPenalty P(kind, r.groups, static_cast<int>(r.centroids.rows()), gamma);
      Matrix moved = r.coef - gW;
      P.prox(moved, 1.0);
      EXPECT_LT((moved - r.coef).cwiseAbs().maxCoeff(), 1e-8) << method;
    }
    // One centre per feature: no prior, the multinomial ridge fit.
    Params every = p;
    every.numbers["centres"] = 8;
    const Result ridge = fit("ridge", problemOf(d.X, d.classes), softmaxParams(lambda));
    EXPECT_LT((fit(method, problemOf(d.X, d.classes), every).coef - ridge.coef).cwiseAbs().maxCoeff(), 1e-7) << method;
    Params paper = p;
    paper.strings["algorithm"] = "paper";
    EXPECT_EQ(fit(method, problemOf(d.X, d.classes), paper).field, "algorithm") << method;
  }
}
