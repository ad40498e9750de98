// The gate of the experts models (families/experts/gate) and the multinomial loss it is fitted
// with: the loss's gradient and Hessian products against finite differences; the fitted gate
// against the binary logistic fit it reduces to for Q = 2 and against its optimality condition;
// the gated answers against the mixture computed by hand; every experts method's model carrying
// a gate mapped back to the caller's scale.
#include <gtest/gtest.h>

#include <cmath>

#include "experts_mixture.hpp"
#include "problems.hpp"
#include "supclust/base/random.hpp"
#include "supclust/core/design.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/families/experts/gate.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

using namespace supclust;

namespace gate_test {
RowMatrix gaussianRows(Eigen::Index n, Eigen::Index d, std::uint64_t seed) {
  Random rng(seed);
  RowMatrix X(n, d);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < d; ++j) X(i, j) = rng.normal();
  return X;
}
// Responsibilities: each row a random point of the simplex (or one-hot when `hard`).
Matrix responsibilities(Eigen::Index n, Eigen::Index Q, std::uint64_t seed, bool hard) {
  Random rng(seed);
  Matrix R = Matrix::Zero(n, Q);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (hard) {
      R(i, static_cast<Eigen::Index>(rng.uniform() * static_cast<double>(Q)) % Q) = 1;
      continue;
    }
    for (Eigen::Index q = 0; q < Q; ++q) R(i, q) = rng.uniform() + 0.05;
    R.row(i) /= R.row(i).sum();
  }
  return R;
}
}  // namespace gate_test

using namespace gate_test;

TEST(MultinomialLoss, GradientAndCurvatureMatchFiniteDifferences) {
  const Eigen::Index n = 7, K = 4;
  const Matrix Z = 3 * gaussianRows(n, K, 11), T = responsibilities(n, K, 12, false), A = gaussianRows(n, K, 13);
  const MultinomialLoss loss;
  Matrix G, Gp, Gm;
  loss.gradient(Z, T, G);
  const double h = 1e-6;
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index k = 0; k < K; ++k) {
      Matrix Zp = Z, Zm = Z;
      Zp(i, k) += h;
      Zm(i, k) -= h;
      EXPECT_NEAR(G(i, k), (loss.value(Zp, T) - loss.value(Zm, T)) / (2 * h), 1e-8);
    }
  // The Hessian along A: the gradient's directional derivative.
  Matrix HA = A, P;
  loss.curvatureState(Z, P);
  loss.curvatureTimes(P, HA);
  loss.gradient(Z + h * A, T, Gp);
  loss.gradient(Z - h * A, T, Gm);
  EXPECT_LE(((Gp - Gm) / (2 * h) - HA).cwiseAbs().maxCoeff(), 1e-8);
  // Its diagonal.
  Matrix D;
  loss.hessianWeights(Z, D);
  for (Eigen::Index k = 0; k < K; ++k) {
    Matrix E = Matrix::Zero(n, K);
    E.col(k).setOnes();
    loss.curvatureTimes(P, E);
    EXPECT_LE((E.col(k) - D.col(k)).cwiseAbs().maxCoeff(), 1e-15);
  }
  // Rows shifted by a constant change nothing (the softmax's invariance).
  EXPECT_NEAR(loss.value((Z.array() + 5).matrix(), T), loss.value(Z, T), 1e-12);
}

// For Q = 2 the gate is the binary logistic fit of R's second column with λ = γ/2: at the
// optimum v₀ = −v₁ (the ridge's share), so γ/2(‖v₀‖² + ‖v₁‖²) = γ/4‖v₁ − v₀‖² and
// softmax's second entry is the sigmoid of (v₁ − v₀)ᵀx + a₁ − a₀.
TEST(Gate, TwoExpertsAreTheBinaryLogisticFit) {
  for (double gamma : {1e-1, 1e-3}) {
    const RowMatrix X = gaussianRows(200, 6, 21);
    Labels labels(200);
    for (Eigen::Index i = 0; i < 200; ++i)
      labels[static_cast<std::size_t>(i)] = X(i, 0) + 0.5 * X(i, 1) + 0.3 * std::sin(7.0 * static_cast<double>(i)) > 0;
    Status status;
    const Gate g = fitGate(X, oneHot(labels, 2), gamma, &status);
    ASSERT_EQ(status, Status::Converged);
    const LogisticLoss logistic;
    const CenteredDesign D(X);
    Vector y(200);
    for (Eigen::Index i = 0; i < 200; ++i) y[i] = labels[static_cast<std::size_t>(i)];
    const Objective F(D, Matrix(y), logistic, gamma / 2);
    const Result binary = trustRegionNewton(F, Matrix::Zero(6, 1), RowVector::Zero(1), {1000, 1e-12}, {});
    ASSERT_EQ(binary.status, Status::Converged);
    const Vector w = g.coef.col(1) - g.coef.col(0);
    EXPECT_LE((w - binary.coef.col(0)).cwiseAbs().maxCoeff(), 1e-6 * (1 + w.cwiseAbs().maxCoeff()));
    EXPECT_LE((g.coef.col(1) + g.coef.col(0)).cwiseAbs().maxCoeff(), 1e-6);
    const double b = binary.intercept[0] - (D.means() * binary.coef)(0, 0);  // in X's frame
    EXPECT_NEAR(g.intercept[1] - g.intercept[0], b, 1e-6 * (1 + std::abs(b)));
    EXPECT_NEAR(g.intercept.sum(), 0, 1e-12);
  }
}

// Q = 3 on soft responsibilities: the gradient of the gate's objective vanishes at the answer.
TEST(Gate, MeetsItsOptimalityConditionOnSoftResponsibilities) {
  const Eigen::Index n = 150, d = 5, Q = 3;
  const RowMatrix X = gaussianRows(n, d, 31);
  const Matrix R = responsibilities(n, Q, 32, false);
  const double gamma = 1e-2;
  const Gate g = fitGate(X, R, gamma);
  ASSERT_FALSE(g.empty());
  const Matrix P = softmaxRows((X * g.coef).rowwise() + g.intercept);
  const Matrix gradV = X.transpose() * (P - R) / static_cast<double>(n) + gamma * g.coef;
  const RowVector gradA = (P - R).colwise().sum() / static_cast<double>(n);
  EXPECT_LE(gradV.cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_LE(gradA.cwiseAbs().maxCoeff(), 1e-7);
}

TEST(Answer, GatedExpertsMixTheirAnswersByTheGate) {
  const RowMatrix X = gaussianRows(9, 3, 41);
  const DataMatrix view(X.data(), X.rows(), X.cols());
  Matrix C = gaussianRows(3, 2, 42);  // two regression experts
  RowVector b(2);
  b << 0.5, -1;
  Gate gate{gaussianRows(3, 2, 43), RowVector(2)};
  gate.intercept << 0.2, -0.2;
  const Predictor regression{ModelKind::Experts, C, b, 0, false, gate};
  const Answers mixed = answer(Answer::Scores, regression, view, Vector());
  const Answers each = answer(Answer::ExpertAnswers, regression, view, Vector());
  ASSERT_TRUE(mixed.why.empty()) << mixed.why.message();
  ASSERT_EQ(mixed.values.cols(), 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const double s0 = X.row(i).dot(gate.coef.col(0)) + 0.2, s1 = X.row(i).dot(gate.coef.col(1)) - 0.2;
    const double p1 = 1 / (1 + std::exp(s0 - s1));
    const double z0 = X.row(i).dot(C.col(0)) + 0.5, z1 = X.row(i).dot(C.col(1)) - 1;
    EXPECT_NEAR(mixed.values(i, 0), (1 - p1) * z0 + p1 * z1, 1e-12);
    EXPECT_NEAR(each.values(i, 0), z0, 1e-12);
    EXPECT_NEAR(each.values(i, 1), z1, 1e-12);
    EXPECT_NEAR(each.gate(i, 1), p1, 1e-12);
  }
  // Classifying experts (Q = 2 blocks of K = 3 one-vs-all scores): the mixture of their
  // normalised probabilities, and its largest class.
  const Predictor classifier{ModelKind::Experts, gaussianRows(3, 6, 44), RowVector::Zero(6), 3, true, gate};
  const Answers probs = answer(Answer::Probabilities, classifier, view, Vector());
  const Answers classes = answer(Answer::Classes, classifier, view, Vector());
  const Matrix Z = X * classifier.coef, Pi = softmaxRows((X * gate.coef).rowwise() + gate.intercept);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    RowVector p = RowVector::Zero(3);
    for (int q = 0; q < 2; ++q) {
      RowVector s(3);
      for (int k = 0; k < 3; ++k) s[k] = 1 / (1 + std::exp(-Z(i, q * 3 + k)));
      p += Pi(i, q) * s / s.sum();
    }
    EXPECT_LE((probs.values.row(i) - p).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_NEAR(probs.values.row(i).sum(), 1, 1e-12);
    Eigen::Index k;
    p.maxCoeff(&k);
    EXPECT_EQ(classes.classes[static_cast<std::size_t>(i)], k);
  }
  // A model without a gate (saved before gates) is refused, naming the gate; its answers are not.
  const Predictor gateless{ModelKind::Experts, C, b, 0, false, Gate{}};
  EXPECT_EQ(answer(Answer::Scores, gateless, view, Vector()).why.field, "model.gate");
  EXPECT_TRUE(answer(Answer::ExpertAnswers, gateless, view, Vector()).why.empty());
}

// Every experts method's model carries the gate of its partition (fitGate on the found groups);
// with standardize: true it is the gate fitted on X S⁻¹ mapped back (its rows divided by s_j).
TEST(Gate, EveryExpertsMethodFitsOneOnTheCallersScale) {
  const SyntheticProblem p = test_data::mixture(120, 4, 3, 0.1, 51);
  const double gamma = 1e-2;
  for (const char* method : {"experts-am", "experts-pg", "experts-cg", "experts-rc", "experts-oracle"}) {
    SCOPED_TRACE(method);
    Params params{{{"Q", 3}, {"lambda", 1e-2}, {"gateLambda", gamma}}, {}, {}, {}, {}};
    if (std::string(method) == "experts-oracle") params.labels["groups"] = p.groups;
    const Result r = fit(method, problemOf(p), params);
    ASSERT_NE(r.status, Status::InvalidInput) << r.message;
    ASSERT_EQ(r.gate.coef.rows(), 4);
    ASSERT_EQ(r.gate.coef.cols(), 3);
    const Gate direct = fitGate(p.X, oneHot(r.groups, 3), gamma);
    EXPECT_LE((r.gate.coef - direct.coef).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LE((r.gate.intercept - direct.intercept).cwiseAbs().maxCoeff(), 1e-12);
  }
  // Columns of very different scales, standardized.
  RowMatrix X = p.X;
  const RowVector s = (RowVector(4) << 1e-3, 1, 30, 2).finished();
  X.array().rowwise() *= s.array();
  Params params{
      {{"Q", 3}, {"lambda", 1e-2}, {"gateLambda", gamma}}, {}, {{"groups", p.groups}}, {{"standardize", true}}, {}};
  const Result r = fit("experts-oracle", problemOf(X, p.y), params);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  RowVector deviations(4);
  for (Eigen::Index j = 0; j < 4; ++j) {
    const double mean = X.col(j).mean();
    deviations[j] = std::sqrt((X.col(j).array() - mean).square().mean());
  }
  const RowMatrix scaled = X.array().rowwise() / deviations.array();
  const Gate byHand = fitGate(scaled, oneHot(p.groups, 3), gamma);
  const Matrix mapped = byHand.coef.array().colwise() / deviations.transpose().array();
  EXPECT_LE((r.gate.coef - mapped).cwiseAbs().maxCoeff(), 1e-8 * mapped.cwiseAbs().maxCoeff());
  EXPECT_LE((r.gate.intercept - byHand.intercept).cwiseAbs().maxCoeff(), 1e-8);
}

namespace gate_test {
// The planted gate: π(x) = softmax(3 g_qᵀx) for Q = 3 directions g_q 120° apart in the first
// two coordinates.
RowVector gateOf(const Eigen::Ref<const RowVector>& x) {
  RowVector s(3);
  for (int k = 0; k < 3; ++k)
    s[k] = 3 * (std::cos(2.0943951023931953 * k) * x[0] + std::sin(2.0943951023931953 * k) * x[1]);
  return softmaxRows(s);
}
// A planted gated mixture: x ~ N(0, I_d); row i's expert is drawn from the planted gate π(x);
// y = c_qᵀx + b_q + σε. `mixed` false: one linear model for every row (no mixture).
struct Planted {
  RowMatrix X, Xtest;
  Vector y, ytest;
  Labels truth, truthTest;
};
Planted planted(Eigen::Index n, Eigen::Index nTest, Eigen::Index d, bool mixed, std::uint64_t seed) {
  Random rng(seed);
  const RowMatrix C = 2 * gaussianRows(d, 3, seed + 1);
  const double b[3] = {1, -1, 0.5};
  Planted p;
  const auto draw = [&](Eigen::Index rows, RowMatrix& X, Vector& y, Labels& truth) {
    X = gaussianRows(rows, d, rng.next());
    y.resize(rows);
    truth.assign(static_cast<std::size_t>(rows), 0);
    for (Eigen::Index i = 0; i < rows; ++i) {
      const RowVector pi = gateOf(X.row(i));
      int q = 0;
      for (double u = rng.uniform(); q < 2 && (u -= pi[q]) >= 0;) ++q;
      if (!mixed) q = 0;
      truth[static_cast<std::size_t>(i)] = q;
      y[i] = X.row(i).dot(C.col(q)) + b[q] + 0.5 * rng.normal();
    }
  };
  draw(n, p.X, p.y, p.truth);
  draw(nTest, p.Xtest, p.ytest, p.truthTest);
  return p;
}
double meanSquare(const Vector& v) { return v.squaredNorm() / static_cast<double>(v.size()); }
}  // namespace gate_test

// The gated prediction of new rows against the oracle gate (the fitted experts mixed by the
// planted gate) on a planted mixture, and against ridge where there is no mixture.
TEST(Gate, PredictsNewRowsNearTheOracleGateAndNoWorseThanRidgeWithoutAMixture) {
  for (std::uint64_t seed : {61, 62, 63}) {
    const Planted p = planted(600, 2000, 5, true, seed);
    const Result r = fit("experts-em", problemOf(p.X, p.y), {{{"Q", 3}, {"seed", 1}}, {}, {}, {}, {}});
    ASSERT_NE(r.status, Status::InvalidInput) << r.message;
    const DataMatrix test(p.Xtest.data(), p.Xtest.rows(), p.Xtest.cols());
    const Predictor model{ModelKind::Experts, r.coef, r.intercept, 0, false, r.gate};
    const Answers gated = answer(Answer::Scores, model, test, Vector());
    const Answers each = answer(Answer::ExpertAnswers, model, test, Vector());
    ASSERT_TRUE(gated.why.empty()) << gated.why.message();
    // The experts are found up to a relabelling: the oracle picks the fitted expert closest to
    // each test row's true expert by the training rows they share most.
    Eigen::Matrix3d overlap = Eigen::Matrix3d::Zero();
    for (std::size_t i = 0; i < p.truth.size(); ++i) overlap(p.truth[i], r.groups[i]) += 1;
    Vector oracle = Vector::Zero(p.ytest.size());
    for (Eigen::Index i = 0; i < p.ytest.size(); ++i) {
      const RowVector pi = gateOf(p.Xtest.row(i));
      for (Eigen::Index k = 0; k < 3; ++k) {
        Eigen::Index q;
        overlap.row(k).maxCoeff(&q);
        oracle[i] += pi[k] * each.values(i, q);
      }
    }
    const double mseGated = meanSquare(gated.values.col(0) - p.ytest), mseOracle = meanSquare(oracle - p.ytest);
    SCOPED_TRACE("seed " + std::to_string(seed) + ": gated " + std::to_string(mseGated) + ", oracle gate " +
                 std::to_string(mseOracle));
    EXPECT_LE(mseGated, 1.10 * mseOracle);
  }
  for (std::uint64_t seed : {71, 72, 73}) {
    const Planted p = planted(600, 2000, 5, false, seed);
    const Result experts = fit("experts-em", problemOf(p.X, p.y), {{{"Q", 3}, {"seed", 1}}, {}, {}, {}, {}});
    const Result ridge = fit("ridge", problemOf(p.X, p.y), {{{"lambda", 1e-3}}, {}, {}, {}, {}});
    const DataMatrix test(p.Xtest.data(), p.Xtest.rows(), p.Xtest.cols());
    const Answers gated =
        answer(Answer::Scores, Predictor{ModelKind::Experts, experts.coef, experts.intercept, 0, false, experts.gate},
               test, Vector());
    const Answers plain =
        answer(Answer::Scores, Predictor{ModelKind::Features, ridge.coef, ridge.intercept}, test, Vector());
    const double mseGated = meanSquare(gated.values.col(0) - p.ytest),
                 mseRidge = meanSquare(plain.values.col(0) - p.ytest);
    SCOPED_TRACE("seed " + std::to_string(seed) + ": gated " + std::to_string(mseGated) + ", ridge " +
                 std::to_string(mseRidge));
    // Noise: σ² = 0.25 over 2000 rows has a standard error of 0.25·√(2/2000) ≈ 0.008.
    EXPECT_LE(mseGated, mseRidge + 0.03);
  }
}

// Choosing Q by the held-out error of the gated prediction (cross-validation's experts: 'gated'):
// each fold's score is the held-out mean square of Σ_q π_q(x) z_q from the fit on its training
// rows, recomputed here by hand; along Q = 1…5 the simplest Q within one standard error of the
// least is the planted 3, where the papers' best-answer error keeps falling as Q grows (more
// answers to pick from). One-vs-all K-class experts have no gated scores: refused naming experts
// (softmax experts' are the mixture's log-probabilities: mixture_em_test).
TEST(Gate, CrossValidatedPathOverQByTheGatedErrorFindsThePlantedExperts) {
  const Planted p = planted(600, 10, 5, true, 81);
  Labels foldId(600);
  for (std::size_t i = 0; i < foldId.size(); ++i) foldId[i] = static_cast<std::int32_t>(i % 5);
  const Params base{{{"seed", 1}}, {}, {}, {}, {}};
  const std::vector<double> counts = {1, 2, 3, 4, 5};
  PathOptions gatedOptions;
  gatedOptions.cv.foldId = foldId;
  gatedOptions.cv.experts = "gated";
  const PathResult gated = path("experts-am", problemOf(p.X, p.y), base, counts, gatedOptions, {}, "Q");
  ASSERT_EQ(gated.status, Status::Converged) << gated.message;
  for (std::size_t j = 0; j < counts.size(); ++j)
    for (int k = 0; k < 5; ++k) {
      const FoldRows f = foldRows(p.X, p.y, foldId, k);
      Params params = base;
      params.numbers["Q"] = counts[j];
      const Result r = fit("experts-am", problemOf(f.Xtrain, f.ytrain), params);
      const Matrix Z = (f.Xheld * r.coef).rowwise() + r.intercept;
      const Matrix Pi = softmaxRows((f.Xheld * r.gate.coef).rowwise() + r.gate.intercept);
      const Vector prediction = (Z.array() * Pi.array()).rowwise().sum();
      EXPECT_NEAR(gated.points[j].cv.scores[static_cast<std::size_t>(k)], meanSquare(prediction - f.yheld),
                  1e-12 * meanSquare(f.yheld))
          << "Q " << counts[j] << ", fold " << k;
    }
  EXPECT_EQ(gated.points[static_cast<std::size_t>(gated.best1se)].value, 3);
  PathOptions bestOptions = gatedOptions;
  bestOptions.cv.experts = "best";
  const PathResult best = path("experts-am", problemOf(p.X, p.y), base, counts, bestOptions, {}, "Q");
  ASSERT_EQ(best.status, Status::Converged) << best.message;
  EXPECT_LT(best.points[4].cv.mean, best.points[2].cv.mean);
  EXPECT_EQ(best.best, 4);
  // Four classes, two one-vs-all classifying experts: no gated scores.
  Vector classes(600);
  for (Eigen::Index i = 0; i < 600; ++i) classes[i] = static_cast<double>(i % 4);
  const PathResult refused = path("experts-am", problemOf(p.X, classes),
                                  {{{"seed", 1}}, {{"loss", "ova-logistic"}}, {}, {}, {}}, {2}, gatedOptions, {}, "Q");
  EXPECT_EQ(refused.status, Status::InvalidInput);
  EXPECT_EQ(refused.field, "experts");
}
