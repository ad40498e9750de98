// experts-em (families/experts/mixture_em): its objective recomputed here from the model's
// parameters (experts, variances, gate) and certified stationary by central differences in
// every parameter; never increasing along the history; at least as low as at the planted
// parameters (it is the penalised likelihood's minimum they are a point of); the planted
// experts recovered up to a relabelling.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "problems.hpp"
#include "supclust/base/random.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/metrics/prediction.hpp"

using namespace supclust;

namespace mixture_em_test {
constexpr double kLogTwoPi = 1.8378770664093453;

// The parameters F reads, as one vector: C (d x Q, column-major), b (Q), log σ² (Q), the
// gate's V (d x Q) and a (Q).
struct Layout {
  Eigen::Index d, Q;
  Eigen::Index size() const { return 2 * d * Q + 3 * Q; }
};
Vector pack(const Result& r) {
  const Eigen::Index d = r.coef.rows(), Q = r.coef.cols();
  Vector t(Layout{d, Q}.size());
  t << Eigen::Map<const Vector>(r.coef.data(), d * Q), r.intercept.transpose(),
      r.variances.array().log().matrix().transpose(), Eigen::Map<const Vector>(r.gate.coef.data(), d * Q),
      r.gate.intercept.transpose();
  return t;
}
// F of the header of mixture_em.hpp, by its definition (γ = 0: constant priors, their
// logits a), row i counting ω_i = w_i n / Σw times with observation weights w.
double objective(const RowMatrix& X, const Vector& y, const Vector& t, Eigen::Index Q, double lambda, double gamma,
                 const Vector* w = nullptr) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const Eigen::Map<const Matrix> C(t.data(), d, Q), V(t.data() + d * Q + 2 * Q, d, Q);
  const Eigen::Map<const RowVector> b(t.data() + d * Q, Q), logVar(t.data() + d * Q + Q, Q),
      a(t.data() + 2 * d * Q + 2 * Q, Q);
  const Matrix Z = (X * C).rowwise() + b;
  const Matrix P = softmaxRows((X * V).rowwise() + a);
  double f = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    double density = 0;
    for (Eigen::Index q = 0; q < Q; ++q) {
      const double r = y[i] - Z(i, q), v = std::exp(logVar[q]);
      density += P(i, q) * std::exp(-0.5 * (kLogTwoPi + logVar[q]) - r * r / (2 * v));
    }
    f -= (w ? (*w)[i] * static_cast<double>(n) / w->sum() : 1.0) * std::log(density);
  }
  f /= static_cast<double>(n);
  for (Eigen::Index q = 0; q < Q; ++q) f += 0.5 * lambda * C.col(q).squaredNorm() / std::exp(logVar[q]);
  return f + 0.5 * gamma * V.squaredNorm();
}

// Two or three regressions, gated by x's first coordinate (or by nothing: constant priors).
struct Mixture {
  RowMatrix X;
  Vector y;
  Matrix C;
  RowVector b, sigma;
};
Mixture regressionMixture(Eigen::Index n, Eigen::Index d, int Q, bool gated, std::uint64_t seed) {
  Random rng(seed);
  Mixture m{RowMatrix(n, d), Vector(n), Matrix(d, Q), RowVector(Q), RowVector(Q)};
  for (Eigen::Index j = 0; j < d; ++j)
    for (int q = 0; q < Q; ++q) m.C(j, q) = 2 * rng.normal();
  for (int q = 0; q < Q; ++q) m.b[q] = q - 1.0, m.sigma[q] = 0.3 + 0.2 * q;
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) m.X(i, j) = rng.normal();
    int q = static_cast<int>(rng.below(static_cast<std::uint64_t>(Q)));
    if (gated) q = std::min(Q - 1, static_cast<int>(std::floor((std::erf(m.X(i, 0) / std::sqrt(2.0)) + 1) / 2 * Q)));
    m.y[i] = m.X.row(i).dot(m.C.col(q)) + m.b[q] + m.sigma[q] * rng.normal();
  }
  return m;
}
}  // namespace mixture_em_test

using namespace mixture_em_test;

TEST(ExpertsEm, StationaryByFiniteDifferencesAndNeverIncreasing) {
  for (const char* mixing : {"constant", "gate"})
    for (int Q : {2, 3}) {
      SCOPED_TRACE(std::string(mixing) + " Q=" + std::to_string(Q));
      const Mixture m = regressionMixture(300, 3, Q, std::string(mixing) == "gate", 80 + Q);
      const double lambda = 1e-3, gamma = 1e-2;
      const Result r = fit("experts-em", problemOf(m.X, m.y),
                           {{{"Q", Q},
                             {"lambda", lambda},
                             {"gateLambda", gamma},
                             {"tolerance", 1e-14},
                             {"maxIterations", 5000},
                             {"seed", 3}},
                            {{"mixing", mixing}},
                            {},
                            {},
                            {}});
      ASSERT_EQ(r.status, Status::Converged) << r.message;
      ASSERT_EQ(r.variances.size(), Q);
      const bool gated = std::string(mixing) == "gate";
      const double g = gated ? gamma : 0;
      const Vector t = pack(r);
      EXPECT_NEAR(objective(m.X, m.y, t, Q, lambda, g), r.objective, 1e-10 * std::max(1.0, std::abs(r.objective)));
      const Eigen::Index d = 3, gateFrom = d * Q + 2 * Q;
      for (Eigen::Index k = 0; k < t.size(); ++k) {
        if (!gated && k >= gateFrom && k < gateFrom + d * Q) continue;  // constant priors: no gate weights
        const double h = 1e-5;
        Vector up = t, down = t;
        up[k] += h;
        down[k] -= h;
        const double derivative =
            (objective(m.X, m.y, up, Q, lambda, g) - objective(m.X, m.y, down, Q, lambda, g)) / (2 * h);
        EXPECT_LE(std::abs(derivative), 2e-6) << "parameter " << k;
      }
      for (std::size_t s = 1; s < r.history.size(); ++s)
        EXPECT_LE(r.history[s], r.history[s - 1] + 1e-13 * std::abs(r.history[s - 1]));
    }
}

// Observation weights: F with each row's log-likelihood weighted (recomputed here) is stationary
// in every parameter, with constant priors and with the gate (whose multinomial fit is weighted);
// integer weights reach the repeated rows' F and parameters (up to the labels); the BIC reads the
// weights as n rows' evidence (weights of mean 1).
TEST(ExpertsEm, ObservationWeightsWeightEachRowsLikelihood) {
  for (const char* mixing : {"constant", "gate"}) {
    SCOPED_TRACE(mixing);
    const int Q = 2;
    const Mixture m = regressionMixture(200, 3, Q, std::string(mixing) == "gate", 41);
    Vector w(200);
    Random rng(5);
    for (Eigen::Index i = 0; i < 200; ++i) w[i] = static_cast<double>(rng.below(4));
    const double lambda = 1e-3, gamma = 1e-2;
    const Params params{{{"Q", Q},
                         {"lambda", lambda},
                         {"gateLambda", gamma},
                         {"tolerance", 1e-14},
                         {"maxIterations", 5000},
                         {"seed", 3}},
                        {{"mixing", mixing}},
                        {},
                        {},
                        {}};
    Problem weighted = problemOf(m.X, m.y);
    new (&weighted.weights) Eigen::Map<const Vector>(w.data(), w.size());
    const Result r = fit("experts-em", weighted, params);
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const bool gated = std::string(mixing) == "gate";
    const double g = gated ? gamma : 0;
    const Vector t = pack(r);
    EXPECT_NEAR(objective(m.X, m.y, t, Q, lambda, g, &w), r.objective, 1e-10 * std::max(1.0, std::abs(r.objective)));
    EXPECT_GT(std::abs(objective(m.X, m.y, t, Q, lambda, g) - r.objective), 1e-6);  // the weights matter here
    const Eigen::Index d = 3, gateFrom = d * Q + 2 * Q;
    for (Eigen::Index k = 0; k < t.size(); ++k) {
      if (!gated && k >= gateFrom && k < gateFrom + d * Q) continue;
      const double h = 1e-5;
      Vector up = t, down = t;
      up[k] += h;
      down[k] -= h;
      EXPECT_LE(
          std::abs((objective(m.X, m.y, up, Q, lambda, g, &w) - objective(m.X, m.y, down, Q, lambda, g, &w)) / (2 * h)),
          2e-6)
          << "parameter " << k;
    }
    const double parameters = Q * (d + 2) + (Q - 1) * (gated ? d + 1 : 1);
    EXPECT_NEAR(r.criterion, 2 * 200 * r.objective + parameters * std::log(200.0), 1e-9 * std::abs(r.criterion));
    // The rows repeated w_i times.
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < 200; ++i)
      for (int c = 0; c < static_cast<int>(w[i]); ++c) rows.push_back(i);
    RowMatrix Xr(static_cast<Eigen::Index>(rows.size()), d);
    Vector yr(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t k = 0; k < rows.size(); ++k)
      Xr.row(static_cast<Eigen::Index>(k)) = m.X.row(rows[k]), yr[static_cast<Eigen::Index>(k)] = m.y[rows[k]];
    const Result repeated = fit("experts-em", problemOf(Xr, yr), params);
    ASSERT_EQ(repeated.status, Status::Converged) << repeated.message;
    EXPECT_NEAR(repeated.objective, r.objective, 1e-9 * std::abs(r.objective));
    const int flip =
        (r.coef.col(0) - repeated.coef.col(0)).norm() < (r.coef.col(1) - repeated.coef.col(0)).norm() ? 0 : 1;
    for (int q = 0; q < Q; ++q) {
      EXPECT_LE((r.coef.col(q ^ flip) - repeated.coef.col(q)).cwiseAbs().maxCoeff(), 1e-5);
      EXPECT_NEAR(r.variances[q ^ flip], repeated.variances[q], 1e-5);
    }
  }
}

TEST(ExpertsEm, AtLeastAsLikelyAsThePlantedParametersAndRecoversThem) {
  const int Q = 2;
  const Mixture m = regressionMixture(2000, 3, Q, false, 91);
  const Result r =
      fit("experts-em", problemOf(m.X, m.y), {{{"Q", Q}, {"lambda", 0}}, {{"mixing", "constant"}}, {}, {}, {}});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  // The planted parameters with the uniform priors they were drawn with.
  Result planted;
  planted.coef = m.C;
  planted.intercept = m.b;
  planted.variances = m.sigma.array().square();
  planted.gate = Gate{Matrix::Zero(3, Q), RowVector::Zero(Q)};
  EXPECT_LE(r.objective, objective(m.X, m.y, pack(planted), Q, 0, 0));
  // Up to a relabelling, within the sampling error of 2000 rows.
  const int flip = (r.coef.col(0) - m.C.col(0)).norm() < (r.coef.col(1) - m.C.col(0)).norm() ? 0 : 1;
  for (int q = 0; q < Q; ++q) {
    const int found = q ^ flip;
    EXPECT_LE((r.coef.col(found) - m.C.col(q)).cwiseAbs().maxCoeff(), 0.1);
    EXPECT_NEAR(r.intercept[found], m.b[q], 0.1);
    EXPECT_NEAR(std::sqrt(r.variances[found]), m.sigma[q], 0.05);
  }
  EXPECT_EQ(r.starts, 10);
  EXPECT_GE(r.startsAtBest, 1);
}

// A path over Q of experts-em: each point's criterion is its BIC, 2n F + p log n with
// p = Q(d + 2) + (Q − 1) (constant priors; with the gate (Q − 1)(d + 1)), recomputed here from
// the likelihood of the model's parameters; the least BIC recovers the planted Q = 3 in each of
// three draws, with constant priors and with the gate (experts shrinking onto a few samples, where
// the likelihood is unbounded, are kept out by minPrior).
TEST(ExpertsEm, PathOverQTheBicRecoversTheComponents) {
  for (const char* mixing : {"constant", "gate"})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(std::string(mixing) + " seed " + std::to_string(seed));
      const bool gated = std::string(mixing) == "gate";
      const Mixture m = regressionMixture(600, 3, 3, gated, 200 + seed);
      Params base{{{"lambda", 0}, {"gateLambda", 1e-6}}, {{"mixing", mixing}}, {}, {}, {}};
      const PathResult r = path("experts-em", problemOf(m.X, m.y), base, {1, 2, 3, 4, 5}, PathOptions{}, {}, "Q");
      ASSERT_EQ(r.status, Status::Converged) << r.message;
      ASSERT_EQ(r.points.size(), 5u);
      for (const PathPoint& q : r.points) {
        // Too many experts: every start may lose one (minPrior), a NumericalIssue without a criterion.
        if (q.model.status == Status::NumericalIssue) {
          EXPECT_TRUE(std::isnan(q.criterion));
          EXPECT_GT(q.value, 3);
          continue;
        }
        const auto Q = static_cast<Eigen::Index>(q.value);
        const double F = objective(m.X, m.y, pack(q.model), Q, 0, gated ? 1e-6 : 0);
        const double p = static_cast<double>(Q * 5 + (Q - 1) * (gated ? 4 : 1));
        EXPECT_NEAR(q.criterion, 2 * 600 * F + p * std::log(600.0), 1e-7 * std::abs(q.criterion));
      }
      EXPECT_EQ(r.points[static_cast<std::size_t>(r.bestCriterion)].value, 3);
    }
}

// criterion 'icl': the BIC less twice each sample's log-responsibility of its most responsible
// expert (flexmix's ICL, −2 × the classification log-likelihood + the BIC's penalty), the
// responsibilities recomputed here from the model's parameters; at least the BIC, and the least
// ICL along a path over Q recovers the planted Q = 3 as the BIC does.
TEST(ExpertsEm, IclAddsTheAssignmentsEntropyToTheBic) {
  for (const char* mixing : {"constant", "gate"}) {
    SCOPED_TRACE(mixing);
    const bool gated = std::string(mixing) == "gate";
    const Mixture m = regressionMixture(600, 3, 3, gated, 211);
    Params base{{{"lambda", 0}, {"gateLambda", 1e-6}}, {{"mixing", mixing}, {"criterion", "icl"}}, {}, {}, {}};
    const PathResult r = path("experts-em", problemOf(m.X, m.y), base, {1, 2, 3, 4}, PathOptions{}, {}, "Q");
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    for (const PathPoint& q : r.points) {
      if (q.model.status == Status::NumericalIssue) continue;
      const auto Q = static_cast<Eigen::Index>(q.value);
      const Result& model = q.model;
      const double F = objective(m.X, m.y, pack(model), Q, 0, gated ? 1e-6 : 0);
      const double bic = 2 * 600 * F + static_cast<double>(Q * 5 + (Q - 1) * (gated ? 4 : 1)) * std::log(600.0);
      // h_iq ∝ π_q(x_i) φ(y_i; ·), from the model's own parameters on X's scale.
      const Matrix Z = (m.X * model.coef).rowwise() + model.intercept;
      const Matrix P = softmaxRows((m.X * model.gate.coef).rowwise() + model.gate.intercept);
      double assigned = 0;
      for (Eigen::Index i = 0; i < 600; ++i) {
        RowVector joint(Q);
        for (Eigen::Index k = 0; k < Q; ++k) {
          const double e = m.y[i] - Z(i, k), v = model.variances[k];
          joint[k] = P(i, k) * std::exp(-0.5 * (kLogTwoPi + std::log(v)) - e * e / (2 * v));
        }
        assigned += std::log(joint.maxCoeff() / joint.sum());
      }
      EXPECT_NEAR(q.criterion, bic - 2 * assigned, 1e-7 * std::abs(q.criterion)) << Q;
      EXPECT_GE(q.criterion, bic - 1e-9 * std::abs(bic)) << Q;
      if (Q == 1) EXPECT_NEAR(assigned, 0, 1e-12);
      if (Q > 1) EXPECT_LT(assigned, 0) << Q;  // the experts' answers overlap somewhere
    }
    EXPECT_EQ(r.points[static_cast<std::size_t>(r.bestCriterion)].value, 3);
  }
}

namespace mixture_em_test {
// Logistic experts: the parameters C (d x Q), b (Q), the gate's V (d x Q) and a (Q), as one vector.
Vector packLogistic(const Result& r) {
  const Eigen::Index d = r.coef.rows(), Q = r.coef.cols();
  Vector t(2 * d * Q + 2 * Q);
  t << Eigen::Map<const Vector>(r.coef.data(), d * Q), r.intercept.transpose(),
      Eigen::Map<const Vector>(r.gate.coef.data(), d * Q), r.gate.intercept.transpose();
  return t;
}
// F for logistic experts by its definition: −1/n Σ_i log Σ_q π_q(x_i) σ(z_iq)^y_i (1 − σ(z_iq))^(1 − y_i)
// + λ/2 Σ_q ‖c_q‖² + γ/2 ‖V‖².
double logisticObjective(const RowMatrix& X, const Vector& y, const Vector& t, Eigen::Index Q, double lambda,
                         double gamma) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const Eigen::Map<const Matrix> C(t.data(), d, Q), V(t.data() + d * Q + Q, d, Q);
  const Eigen::Map<const RowVector> b(t.data() + d * Q, Q), a(t.data() + 2 * d * Q + Q, Q);
  const Matrix Z = (X * C).rowwise() + b;
  const Matrix P = softmaxRows((X * V).rowwise() + a);
  double f = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    double likelihood = 0;
    for (Eigen::Index q = 0; q < Q; ++q) {
      const double p = 1 / (1 + std::exp(-Z(i, q)));
      likelihood += P(i, q) * (y[i] > 0.5 ? p : 1 - p);
    }
    f -= std::log(likelihood);
  }
  f /= static_cast<double>(n);
  for (Eigen::Index q = 0; q < Q; ++q) f += 0.5 * lambda * C.col(q).squaredNorm();
  return f + 0.5 * gamma * V.squaredNorm();
}
// Two logistic classifiers with opposite slopes on x_1, gated by the sign of x_0: no single
// linear classifier does better than chance.
struct Classes {
  RowMatrix X;
  Vector y;
};
Classes opposedClassifiers(Eigen::Index n, std::uint64_t seed) {
  Random rng(seed);
  Classes c{RowMatrix(n, 2), Vector(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    c.X(i, 0) = rng.normal(), c.X(i, 1) = rng.normal();
    const double z = (c.X(i, 0) > 0 ? 4 : -4) * c.X(i, 1);
    c.y[i] = rng.uniform() < 1 / (1 + std::exp(-z)) ? 1 : 0;
  }
  return c;
}
}  // namespace mixture_em_test

// loss 'logistic': F recomputed here from the model's parameters and certified stationary by
// central differences; the history never increases; the criterion is 2n F + p log n with
// p = Q(d + 1) + (Q − 1)(d + 1) (no variances); and the gated mixture classifies new rows of the
// planted problem nearly as well as its truth does — where one logistic classifier is at chance.
TEST(ExpertsEm, LogisticExpertsAreStationaryAndTheGatedMixtureClassifies) {
  const Classes train = opposedClassifiers(600, 17), test = opposedClassifiers(4000, 18);
  const double lambda = 1e-3, gamma = 1e-2;
  const Result r = fit("experts-em", problemOf(train.X, train.y),
                       {{{"Q", 2},
                         {"lambda", lambda},
                         {"gateLambda", gamma},
                         {"tolerance", 1e-14},
                         {"maxIterations", 5000},
                         {"seed", 1}},
                        {{"loss", "logistic"}},
                        {},
                        {},
                        {}});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_EQ(r.variances.size(), 0);
  const Vector t = packLogistic(r);
  EXPECT_NEAR(logisticObjective(train.X, train.y, t, 2, lambda, gamma), r.objective, 1e-10 * std::abs(r.objective));
  for (Eigen::Index k = 0; k < t.size(); ++k) {
    const double h = 1e-5;
    Vector up = t, down = t;
    up[k] += h;
    down[k] -= h;
    const double derivative = (logisticObjective(train.X, train.y, up, 2, lambda, gamma) -
                               logisticObjective(train.X, train.y, down, 2, lambda, gamma)) /
                              (2 * h);
    EXPECT_LE(std::abs(derivative), 2e-6) << "parameter " << k;
  }
  for (std::size_t s = 1; s < r.history.size(); ++s)
    EXPECT_LE(r.history[s], r.history[s - 1] + 1e-13 * std::abs(r.history[s - 1]));
  EXPECT_NEAR(r.criterion, 2 * 600 * r.objective + (2 * 3 + 3) * std::log(600.0), 1e-9 * std::abs(r.criterion));
  // The gated mixture's classes on new rows, against the planted classifiers' own rule.
  Predictor model;
  model.kind = ModelKind::Experts;
  model.coef = r.coef;
  model.intercept = r.intercept;
  model.classes = 2;
  model.oneVsAll = false;
  model.gate = r.gate;
  const DataMatrix rows(test.X.data(), test.X.rows(), test.X.cols());
  const Answers classes = answer(Answer::Classes, model, rows, Vector());
  const Answers probabilities = answer(Answer::Probabilities, model, rows, Vector());
  ASSERT_TRUE(classes.why.empty()) << classes.why.message();
  double right = 0, truthRight = 0;
  for (Eigen::Index i = 0; i < test.X.rows(); ++i) {
    right += classes.classes[static_cast<std::size_t>(i)] == static_cast<int>(test.y[i]);
    truthRight += ((test.X(i, 0) > 0 ? 4 : -4) * test.X(i, 1) > 0) == (test.y[i] > 0.5);
    // P(y = 1 | x) = Σ_q π_q(x) σ(z_q), by hand.
    const RowVector z = test.X.row(i) * r.coef + r.intercept;
    const RowVector gate = softmaxRows(Matrix(test.X.row(i) * r.gate.coef + r.gate.intercept));
    double p = 0;
    for (int q = 0; q < 2; ++q) p += gate[q] / (1 + std::exp(-z[q]));
    EXPECT_NEAR(probabilities.values(i, 1), p, 1e-12);
    EXPECT_NEAR(probabilities.values(i, 0), 1 - p, 1e-12);
  }
  const auto n = static_cast<double>(test.X.rows());
  EXPECT_GE(right / n, truthRight / n - 0.03);
  // One logistic classifier on the same rows: near chance.
  const Result single =
      fit("ridge", problemOf(train.X, train.y), {{{"lambda", lambda}}, {{"loss", "logistic"}}, {}, {}, {}});
  double singleRight = 0;
  for (Eigen::Index i = 0; i < test.X.rows(); ++i)
    singleRight += ((test.X.row(i) * single.coef.col(0))(0) + single.intercept[0] > 0) == (test.y[i] > 0.5);
  EXPECT_GT(right / n, singleRight / n + 0.2);
}

namespace mixture_em_test {
// Softmax experts over K classes: C (d x QK, expert q's K columns together, column-major), b (QK),
// the gate's V (d x Q) and a (Q), as one vector.
Vector packSoftmax(const Result& r) {
  const Eigen::Index d = r.coef.rows(), QK = r.coef.cols(), Q = r.gate.coef.cols();
  Vector t(d * QK + QK + d * Q + Q);
  t << Eigen::Map<const Vector>(r.coef.data(), d * QK), r.intercept.transpose(),
      Eigen::Map<const Vector>(r.gate.coef.data(), d * Q), r.gate.intercept.transpose();
  return t;
}
// Each row's mixture of the experts' class probabilities, Σ_q π_q(x) softmax(C_qᵀx + b_q), n x K.
Matrix softmaxMixture(const RowMatrix& X, const Matrix& C, const RowVector& b, const Matrix& V, const RowVector& a,
                      Eigen::Index K) {
  const Eigen::Index Q = V.cols();
  const Matrix Z = (X * C).rowwise() + b, P = softmaxRows((X * V).rowwise() + a);
  Matrix mixture = Matrix::Zero(X.rows(), K);
  for (Eigen::Index q = 0; q < Q; ++q)
    mixture += softmaxRows(Z.middleCols(q * K, K)).cwiseProduct(P.col(q).replicate(1, K));
  return mixture;
}
// F for softmax experts by its definition: −1/n Σ_i log Σ_q π_q(x_i) softmax(z_iq)_{y_i}
// + λ/2 Σ_q ‖C_q‖² + γ/2 ‖V‖².
double softmaxObjective(const RowMatrix& X, const Vector& y, const Vector& t, Eigen::Index Q, Eigen::Index K,
                        double lambda, double gamma) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const Eigen::Map<const Matrix> C(t.data(), d, Q * K), V(t.data() + d * Q * K + Q * K, d, Q);
  const Eigen::Map<const RowVector> b(t.data() + d * Q * K, Q * K), a(t.data() + d * Q * K + Q * K + d * Q, Q);
  const Matrix mixture = softmaxMixture(X, C, b, V, a, K);
  double f = 0;
  for (Eigen::Index i = 0; i < n; ++i) f -= std::log(mixture(i, static_cast<Eigen::Index>(y[i])));
  return f / static_cast<double>(n) + 0.5 * lambda * C.squaredNorm() + 0.5 * gamma * V.squaredNorm();
}
// Three classes, two experts gated by the sign of x_0: class k's score is ±a_k x_1, a = (−4, 0, 4),
// the sign the expert's — one softmax classifier cannot tell classes 0 and 2 apart.
Classes opposedSoftmax(Eigen::Index n, std::uint64_t seed) {
  Random rng(seed);
  Classes c{RowMatrix(n, 2), Vector(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    c.X(i, 0) = rng.normal(), c.X(i, 1) = rng.normal();
    const double s = c.X(i, 0) > 0 ? 4 : -4;
    const RowVector p = softmaxRows(Matrix(RowVector{{-s * c.X(i, 1), 0, s * c.X(i, 1)}}));
    const double u = rng.uniform();
    c.y[i] = u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2;
  }
  return c;
}
// The planted rule's class: the argmax of (−z, 0, z), z = ±4 x_1.
int plantedSoftmaxClass(const RowVector& x) { return (x[0] > 0 ? 4 : -4) * x[1] > 0 ? 2 : 0; }
}  // namespace mixture_em_test

// loss 'multinomial' (softmax experts over K = 3 classes): F recomputed here from the model's
// parameters and certified stationary by central differences in every parameter; the history
// never increases; each expert's intercepts sum to 0; the criterion is 2n F + p log n with
// p = Q(K − 1)(d + 1) + (Q − 1)(d + 1); predictProba is Σ_q π_q(x) softmax(z_q) by hand; the gated
// mixture classifies new rows nearly as well as the planted rule, where one softmax classifier
// cannot. Any Q is allowed (the papers' classifying experts need Q < K).
TEST(ExpertsEm, SoftmaxExpertsAreStationaryAndTheGatedMixtureClassifies) {
  const Classes train = opposedSoftmax(600, 27), test = opposedSoftmax(4000, 28);
  const double lambda = 1e-3, gamma = 1e-2;
  const Eigen::Index Q = 2, K = 3, d = 2;
  const Result r = fit("experts-em", problemOf(train.X, train.y),
                       {{{"Q", 2},
                         {"lambda", lambda},
                         {"gateLambda", gamma},
                         {"tolerance", 1e-14},
                         {"maxIterations", 5000},
                         {"seed", 1},
                         {"restarts", 4}},
                        {{"loss", "multinomial"}},
                        {},
                        {},
                        {}});
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  ASSERT_EQ(r.coef.cols(), Q * K);
  ASSERT_EQ(r.gate.coef.cols(), Q);
  EXPECT_EQ(r.variances.size(), 0);
  for (Eigen::Index q = 0; q < Q; ++q) EXPECT_NEAR(r.intercept.segment(q * K, K).sum(), 0, 1e-12);
  const Vector t = packSoftmax(r);
  const auto F = [&](const Vector& v) { return softmaxObjective(train.X, train.y, v, Q, K, lambda, gamma); };
  EXPECT_NEAR(F(t), r.objective, 1e-10 * std::abs(r.objective));
  for (Eigen::Index k = 0; k < t.size(); ++k) {
    const double h = 1e-5;
    Vector up = t, down = t;
    up[k] += h;
    down[k] -= h;
    EXPECT_LE(std::abs((F(up) - F(down)) / (2 * h)), 2e-6) << "parameter " << k;
  }
  for (std::size_t s = 1; s < r.history.size(); ++s)
    EXPECT_LE(r.history[s], r.history[s - 1] + 1e-13 * std::abs(r.history[s - 1]));
  const double p = static_cast<double>(Q * (K - 1) * (d + 1) + (Q - 1) * (d + 1));
  EXPECT_NEAR(r.criterion, 2 * 600 * r.objective + p * std::log(600.0), 1e-9 * std::abs(r.criterion));
  Predictor model;
  model.kind = ModelKind::Experts;
  model.coef = r.coef;
  model.intercept = r.intercept;
  model.classes = K;
  model.oneVsAll = true;
  model.softmax = true;
  model.gate = r.gate;
  const DataMatrix rows(test.X.data(), test.X.rows(), test.X.cols());
  const Answers classes = answer(Answer::Classes, model, rows, Vector());
  const Answers probabilities = answer(Answer::Probabilities, model, rows, Vector());
  ASSERT_TRUE(probabilities.why.empty()) << probabilities.why.message();
  const Matrix byHand = softmaxMixture(test.X, r.coef, r.intercept, r.gate.coef, r.gate.intercept, K);
  EXPECT_LE((probabilities.values - byHand).cwiseAbs().maxCoeff(), 1e-12);
  double right = 0, truthRight = 0;
  for (Eigen::Index i = 0; i < test.X.rows(); ++i) {
    Eigen::Index top;
    byHand.row(i).maxCoeff(&top);
    EXPECT_EQ(classes.classes[static_cast<std::size_t>(i)], static_cast<int>(top));
    right += top == static_cast<Eigen::Index>(test.y[i]);
    truthRight += plantedSoftmaxClass(test.X.row(i)) == static_cast<int>(test.y[i]);
  }
  const auto n = static_cast<double>(test.X.rows());
  EXPECT_GE(right / n, truthRight / n - 0.03);
  const Result single =
      fit("ridge", problemOf(train.X, train.y), {{{"lambda", lambda}}, {{"loss", "multinomial"}}, {}, {}, {}});
  double singleRight = 0;
  for (Eigen::Index i = 0; i < test.X.rows(); ++i) {
    Eigen::Index top;
    (test.X.row(i) * single.coef + single.intercept).maxCoeff(&top);
    singleRight += top == static_cast<Eigen::Index>(test.y[i]);
  }
  EXPECT_GT(right / n, singleRight / n + 0.15);
  // Q ≥ K is a mixture like any other.
  const Result many =
      fit("experts-em", problemOf(train.X, train.y), {{{"Q", 3}, {"seed", 1}}, {{"loss", "multinomial"}}, {}, {}, {}});
  EXPECT_NE(many.status, Status::InvalidInput) << many.message;
}

// Two classes: softmax experts with ridge λ are the logistic experts with ridge λ/2 (z = z_1 − z_0,
// and at the optimum c_0 = −c_1 = c/2, so λ/2(‖c_0‖² + ‖c_1‖²) = λ/4‖c‖²): the same objective, and
// each expert's score difference the logistic expert's coefficients (up to the labels).
TEST(ExpertsEm, TwoClassSoftmaxExpertsAreTheLogisticExpertsAtHalfTheRidge) {
  const Classes train = opposedClassifiers(500, 37);
  const double lambda = 2e-3;
  const Params common{
      {{"Q", 2}, {"gateLambda", 1e-2}, {"tolerance", 1e-15}, {"maxIterations", 20000}, {"seed", 2}}, {}, {}, {}, {}};
  Params softmax = common, logistic = common;
  softmax.numbers["lambda"] = lambda, softmax.strings["loss"] = "multinomial";
  logistic.numbers["lambda"] = lambda / 2, logistic.strings["loss"] = "logistic";
  const Result s = fit("experts-em", problemOf(train.X, train.y), softmax),
               l = fit("experts-em", problemOf(train.X, train.y), logistic);
  ASSERT_EQ(s.status, Status::Converged) << s.message;
  ASSERT_EQ(l.status, Status::Converged) << l.message;
  EXPECT_NEAR(s.objective, l.objective, 1e-9 * std::abs(l.objective));
  const bool swapped = s.groups[0] != l.groups[0];
  for (Eigen::Index q = 0; q < 2; ++q) {
    const Eigen::Index e = swapped ? 1 - q : q;
    EXPECT_LE((s.coef.col(2 * q + 1) - s.coef.col(2 * q) - l.coef.col(e)).cwiseAbs().maxCoeff(), 1e-5) << q;
    EXPECT_NEAR(s.intercept[2 * q + 1] - s.intercept[2 * q], l.intercept[e], 1e-5) << q;
    EXPECT_LE((s.coef.col(2 * q + 1) + s.coef.col(2 * q)).cwiseAbs().maxCoeff(), 1e-8) << q;
  }
}

// Choosing Q for softmax experts by the held-out error of the gated prediction: each fold's
// deviance is −mean log of the mixture's probability of the held-out class, from the fold's own
// fit, recomputed here (the 'gated' option takes softmax experts; one-vs-all ones stay refused).
TEST(ExpertsEm, SoftmaxExpertsGatedCrossValidationScoresTheMixture) {
  const Classes data = opposedSoftmax(400, 47);
  Labels foldId(400);
  for (std::size_t i = 0; i < foldId.size(); ++i) foldId[i] = static_cast<std::int32_t>(i % 4);
  const Params base{{{"seed", 1}, {"restarts", 3}}, {{"loss", "multinomial"}}, {}, {}, {}};
  PathOptions options;
  options.cv.foldId = foldId;
  options.cv.experts = "gated";
  options.cv.metric = "deviance";
  const std::vector<double> counts = {1, 2, 3};
  const PathResult path_ = path("experts-em", problemOf(data.X, data.y), base, counts, options, {}, "Q");
  ASSERT_EQ(path_.status, Status::Converged) << path_.message;
  for (std::size_t j = 0; j < counts.size(); ++j)
    for (int k = 0; k < 4; ++k) {
      const FoldRows f = foldRows(data.X, data.y, foldId, k);
      Params params = base;
      params.numbers["Q"] = counts[j];
      const Result r = fit("experts-em", problemOf(f.Xtrain, f.ytrain), params);
      const Matrix mixture = softmaxMixture(f.Xheld, r.coef, r.intercept, r.gate.coef, r.gate.intercept, 3);
      double deviance = 0;
      for (Eigen::Index i = 0; i < 100; ++i)
        deviance -= std::log(mixture(i, static_cast<Eigen::Index>(f.yheld[i]))) / 100;
      EXPECT_NEAR(path_.points[j].cv.scores[static_cast<std::size_t>(k)], deviance, 1e-10 * deviance)
          << "Q " << counts[j] << ", fold " << k;
    }
  EXPECT_LT(path_.points[1].cv.mean, path_.points[0].cv.mean);  // two experts beat one
}
