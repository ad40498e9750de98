// Observation weights (core/observation_weights.hpp) on every method that declares it takes them
// (info.methods[].weights), each loss it offers: integer weights fit as the rows repeated (dense
// and CSR), a zero weight as the row removed, weights scaled together as the same weights; the
// weighted answer meets its own optimality conditions computed here from their definition;
// standardize reads the weighted deviations; cross-validation scores each held-out row by its
// weight; a path's top is the weighted λmax; every other method and every malformed list is
// refused naming weights.
#include <gtest/gtest.h>

#include <cmath>

#include "csr.hpp"
#include "method_params.hpp"
#include "problems.hpp"
#include "supclust/base/random.hpp"
#include "supclust/core/observation_weights.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/metrics/prediction.hpp"

using namespace supclust;
using namespace method_params;

namespace observation_weights_test {

struct Data {
  RowMatrix X;
  Vector y, labels, classes, weights;  // integer weights 0..3
};

Data data(std::uint64_t seed, Eigen::Index n = 50, Eigen::Index d = 8) {
  const auto g = generateE1(n, d, 2, 0.5, seed);
  Data out{g.X, g.y, (g.y.array() > g.y.mean()).cast<double>(), Vector(n), Vector(n)};
  Random rng(seed + 7);
  for (Eigen::Index i = 0; i < n; ++i) {
    out.classes[i] = static_cast<double>(i % 3);
    out.weights[i] = static_cast<double>(rng.below(4));
  }
  out.weights[0] = 2;  // so that a zero weight is not the only weight of a class
  return out;
}

// The rows i repeated weights[i] times.
struct Repeated {
  RowMatrix X;
  Vector y;
};
Repeated repeated(const RowMatrix& X, const Vector& y, const Vector& weights) {
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (int c = 0; c < static_cast<int>(weights[i]); ++c) rows.push_back(i);
  Repeated r{RowMatrix(static_cast<Eigen::Index>(rows.size()), X.cols()),
             Vector(static_cast<Eigen::Index>(rows.size()))};
  for (std::size_t t = 0; t < rows.size(); ++t) {
    r.X.row(static_cast<Eigen::Index>(t)) = X.row(rows[t]);
    r.y[static_cast<Eigen::Index>(t)] = y[rows[t]];
  }
  return r;
}

Problem weighted(const RowMatrix& X, const Vector& y, const Vector& w) {
  Problem p = problemOf(X, y);
  new (&p.weights) Eigen::Map<const Vector>(w.data(), w.size());
  return p;
}

const Vector& targetsFor(const Data& d, const std::string& loss) {
  return loss == "squared" ? d.y : loss == "logistic" || loss == "hinge" ? d.labels : d.classes;
}

double gap(const Result& a, const Result& b) {
  const double scale = 1 + a.coef.cwiseAbs().maxCoeff();
  return std::max((a.coef - b.coef).cwiseAbs().maxCoeff(), (a.intercept - b.intercept).cwiseAbs().maxCoeff()) / scale;
}

// How close two runs on equivalent problems agree: the convex solvers to their certificates
// (`convex`); projected gradient (ihc, ihcs, iht) stops on a relative decrease of the objective of
// 1e-13, which leaves coefficients up to about 1e-6 apart (measured: 1.2e-6, iht multinomial).
double agreement(const std::string& method, double convex = 1e-9) {
  return findMethod(method)->startDependent ? 1e-5 : convex;
}

// A method and loss the method refuses (ihcs with several outputs): refused the same with weights.
bool refusedAlike(const std::string& method, const std::string& loss, const Data& d) {
  const Vector& y = loss == "squared" ? d.y : loss == "logistic" || loss == "hinge" ? d.labels : d.classes;
  const Result plain = fit(method, problemOf(d.X, y), methodParams(method, loss));
  if (plain.status != Status::InvalidInput) return false;
  Problem p = problemOf(d.X, y);
  new (&p.weights) Eigen::Map<const Vector>(d.weights.data(), d.weights.size());
  EXPECT_EQ(fit(method, p, methodParams(method, loss)).field, plain.field) << method << " " << loss;
  return true;
}

std::vector<std::string> weightedMethods() {
  std::vector<std::string> names;
  for (const Method& m : methods())
    if (m.takesWeights) names.push_back(m.name);
  return names;
}

TEST(ObservationWeights, TheMethodsThatDeclareThemTakeThem) {
  const std::vector<std::string> names = weightedMethods();
  for (const char* name : {"ridge",      "lasso",     "elasticnet", "svm",        "lsk",
                           "ihc",        "ihcs",      "iht",        "oracle",     "cg",
                           "cgpg",       "gem",       "lem",        "experts-am", "experts-oracle",
                           "experts-em", "tasks-ssc", "tasks-cg",   "tasks-pg",   "tasks-frobenius",
                           "tasks-trace"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
}

TEST(ObservationWeights, IntegerWeightsFitAsRepeatedRowsDenseAndSparse) {
  const Data d = data(3);
  for (const std::string& method : weightedMethods())
    for (const std::string& loss : lossesOf(method)) {
      if (refusedAlike(method, loss, d)) continue;
      const Vector& y = targetsFor(d, loss);
      const Repeated r = repeated(d.X, y, d.weights);
      const Result plain = fit(method, problemOf(r.X, r.y), methodParams(method, loss));
      ASSERT_EQ(plain.status, Status::Converged) << method << " " << loss << ": " << plain.message;
      const Result dense = fit(method, weighted(d.X, y, d.weights), methodParams(method, loss));
      ASSERT_EQ(dense.status, Status::Converged) << method << " " << loss << ": " << dense.message;
      EXPECT_LT(gap(plain, dense), agreement(method, 1e-7)) << method << " " << loss;
      EXPECT_NEAR(plain.objective, dense.objective, 1e-10 * (1 + std::abs(plain.objective))) << method << " " << loss;
      // CSR with an intercept takes the weighted loss's route, dense X the equal rows: their step
      // sizes differ, so from several starts the two may keep different local optima of the same
      // objective (IHT here: 37.66 against 37.07); a search from starts is compared from one.
      const CsrArrays c = csrOf(d.X);
      Problem sparse{DataMatrix(d.X.rows(), d.X.cols(), c.indptr.data(), c.indices.data(), c.values.data()),
                     {y.data(), y.size()},
                     1,
                     nullptr,
                     0,
                     {d.weights.data(), d.weights.size()}};
      Params one = methodParams(method, loss);
      const bool starts = declaresOption(method, "starts");
      if (starts) one.numbers["starts"] = 1;
      const Result fromCsr = fit(method, sparse, one),
                   denseOne = starts ? fit(method, weighted(d.X, y, d.weights), one) : dense;
      EXPECT_LT(gap(denseOne, fromCsr), agreement(method)) << method << " " << loss << " (CSR)";
    }
}

TEST(ObservationWeights, ScaledWeightsAndZeroWeights) {
  const Data d = data(5);
  for (const std::string& method : weightedMethods())
    for (const std::string& loss : lossesOf(method)) {
      if (refusedAlike(method, loss, d)) continue;
      const Vector& y = targetsFor(d, loss);
      const Result base = fit(method, weighted(d.X, y, d.weights), methodParams(method, loss));
      const Vector scaled = 0.37 * d.weights;
      EXPECT_LT(gap(base, fit(method, weighted(d.X, y, scaled), methodParams(method, loss))), agreement(method))
          << method << " " << loss;
      // A zero weight: the row removed.
      std::vector<bool> keep(static_cast<std::size_t>(d.X.rows()));
      Vector ones = Vector::Ones(d.X.rows());
      for (Eigen::Index i = 0; i < d.X.rows(); ++i) keep[static_cast<std::size_t>(i)] = d.weights[i] > 0;
      Vector zeroed = ones;
      for (Eigen::Index i = 0; i < d.X.rows(); ++i)
        if (!keep[static_cast<std::size_t>(i)]) zeroed[i] = 0;
      const Repeated kept = repeated(d.X, y, zeroed);
      const Result removed = fit(method, problemOf(kept.X, kept.y), methodParams(method, loss));
      EXPECT_LT(gap(removed, fit(method, weighted(d.X, y, zeroed), methodParams(method, loss))),
                agreement(method, 1e-7))
          << method << " " << loss;
      // Equal weights: the plain fit.
      EXPECT_LT(gap(fit(method, problemOf(d.X, y), methodParams(method, loss)),
                    fit(method, weighted(d.X, y, 4 * ones), methodParams(method, loss))),
                agreement(method, 1e-7))
          << method << " " << loss;
    }
}

// The optimality conditions of the weighted elastic net, from their definition:
//   (1/Σω) Σ_i ω_i ℓ(x_iᵀw + b, y_i) + λ(α‖w‖₁ + (1−α)/2‖w‖²):
// Σ ω_i r_i = 0 and, per coordinate, g_j + λ(1−α) w_j + λα sign w_j = 0 (|g_j| ≤ λα at 0), with
// r_i = ℓ'(z_i) and g = Σ ω_i r_i x_i / Σω.
TEST(ObservationWeights, TheWeightedAnswerMeetsItsOptimalityConditions) {
  const Data d = data(9, 60, 10);
  for (const auto& [method, alpha] : {std::pair<std::string, double>{"lasso", 1}, {"elasticnet", 0.5}, {"ridge", 0}})
    for (const bool logistic : {false, true}) {
      const std::string loss = logistic ? "logistic" : "squared";
      const Vector& y = targetsFor(d, loss);
      const Params p = methodParams(method, loss);
      const double lambda = p.numbers.at("lambda");
      const Result r = fit(method, weighted(d.X, y, d.weights), p);
      ASSERT_EQ(r.status, Status::Converged) << method << " " << loss;
      const double total = d.weights.sum();
      Vector residual(d.X.rows());
      for (Eigen::Index i = 0; i < d.X.rows(); ++i) {
        const double z = d.X.row(i).dot(r.coef.col(0)) + r.intercept[0];
        residual[i] = d.weights[i] * (logistic ? 1 / (1 + std::exp(-z)) - y[i] : z - y[i]) / total;
      }
      double worst = std::abs(residual.sum());
      for (Eigen::Index j = 0; j < d.X.cols(); ++j) {
        const double g = d.X.col(j).dot(residual), w = r.coef(j, 0);
        worst = std::max(worst, w != 0 || alpha == 0 ? std::abs(g + lambda * (1 - alpha) * w +
                                                                lambda * alpha *
                                                                    (w > 0   ? 1
                                                                     : w < 0 ? -1
                                                                             : 0))
                                                     : std::max(0.0, std::abs(g) - lambda * alpha));
      }
      EXPECT_LT(worst, 1e-8) << method << " " << loss;
    }
}

TEST(ObservationWeights, StandardizeReadsTheWeightedDeviations) {
  const Data d = data(11);
  const Vector w = d.weights / d.weights.mean();
  RowVector mean = RowVector::Zero(d.X.cols()), sd = RowVector::Zero(d.X.cols());
  for (Eigen::Index i = 0; i < d.X.rows(); ++i) mean += w[i] * d.X.row(i);
  mean /= static_cast<double>(d.X.rows());
  for (Eigen::Index i = 0; i < d.X.rows(); ++i) sd += w[i] * (d.X.row(i) - mean).cwiseAbs2();
  sd = (sd / static_cast<double>(d.X.rows())).cwiseSqrt();
  const RowMatrix byHand = d.X.array().rowwise() / sd.array();
  for (const std::string& method : weightedMethods()) {
    const std::vector<std::string> losses = lossesOf(method);
    if (std::find(losses.begin(), losses.end(), "squared") == losses.end() || refusedAlike(method, "squared", d))
      continue;
    Params p = methodParams(method, "squared");
    const Result onScaled = fit(method, weighted(byHand, d.y, d.weights), p);
    p.flags["standardize"] = true;
    const Result standardized = fit(method, weighted(d.X, d.y, d.weights), p);
    ASSERT_EQ(standardized.status, Status::Converged) << method << ": " << standardized.message;
    const Vector back = onScaled.coef.col(0).cwiseQuotient(sd.transpose());
    EXPECT_LT((back - standardized.coef.col(0)).cwiseAbs().maxCoeff(), 1e-7 * (1 + back.cwiseAbs().maxCoeff()))
        << method;
    EXPECT_NEAR(onScaled.intercept[0], standardized.intercept[0], 1e-7 * (1 + std::abs(onScaled.intercept[0])))
        << method;
  }
}

// The methods that read equal rows (cg, cgpg, tasks-cg: weighted_rows.hpp) take weights through
// rows scaled by √ω: with an offset, with and without an intercept, dense and CSR (a CSR X keeps
// its pattern without an intercept, is copied dense with one), each fit equals its repeated rows'
// fit with the offsets repeated; tasks-cg with three target columns, and one-vs-all squared
// targets (classes as tasks).
TEST(ObservationWeights, EqualRowsMethodsTakeThemThroughScaledRows) {
  const Data d = data(17);
  const Eigen::Index n = d.X.rows();
  Vector offset(n);
  for (Eigen::Index i = 0; i < n; ++i) offset[i] = 0.3 * std::sin(1.7 * static_cast<double>(i));
  RowMatrix three(n, 3);  // three tasks' targets
  three << d.y, 0.5 * d.y + d.X.col(0), d.X.col(1) - d.y;
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < n; ++i)
    for (int c = 0; c < static_cast<int>(d.weights[i]); ++c) rows.push_back(i);
  const auto m = static_cast<Eigen::Index>(rows.size());
  const CsrArrays c = csrOf(d.X);
  for (const char* method : {"cg", "cgpg", "tasks-cg"})
    for (const std::string& loss : lossesOf(method))
      for (const bool intercept : {true, false}) {
        const bool tasks = std::string(method) == "tasks-cg", squared = loss == "squared";
        const Eigen::Index K = tasks && squared ? 3 : 1;
        const RowMatrix Y = K == 3 ? three : RowMatrix(targetsFor(d, loss));
        RowMatrix Xr(m, d.X.cols()), Yr(m, K);
        Vector offsetR(m);
        for (Eigen::Index t = 0; t < m; ++t) {
          Xr.row(t) = d.X.row(rows[static_cast<std::size_t>(t)]);
          Yr.row(t) = Y.row(rows[static_cast<std::size_t>(t)]);
          offsetR[t] = offset[rows[static_cast<std::size_t>(t)]];
        }
        Params p = methodParams(method, loss);
        p.flags["intercept"] = intercept;
        Problem plain{DataMatrix(Xr.data(), m, d.X.cols()), {Yr.data(), Yr.size()}, K};
        Problem dense{
            DataMatrix(d.X.data(), n, d.X.cols()), {Y.data(), Y.size()}, K, nullptr, 0, {d.weights.data(), n}};
        Problem sparse{DataMatrix(n, d.X.cols(), c.indptr.data(), c.indices.data(), c.values.data()),
                       {Y.data(), Y.size()},
                       K,
                       nullptr,
                       0,
                       {d.weights.data(), n}};
        if (!intercept && !squared) {  // no reflected class: refused with weights as without
          EXPECT_EQ(fit(method, plain, p).field, "intercept");
          EXPECT_EQ(fit(method, dense, p).field, "intercept");
          continue;
        }
        if (squared) {  // an offset with one-vs-all targets: refused by the loss, as without weights
          new (&plain.offset) Eigen::Map<const Vector>(offsetR.data(), m);
          for (Problem* q : {&dense, &sparse}) new (&q->offset) Eigen::Map<const Vector>(offset.data(), n);
        }
        const Result byRows = fit(method, plain, p);
        ASSERT_EQ(byRows.status, Status::Converged) << method << " " << loss << ": " << byRows.message;
        for (const Problem* q : {&dense, &sparse}) {
          const Result w = fit(method, *q, p);
          ASSERT_EQ(w.status, Status::Converged) << method << " " << loss << ": " << w.message;
          EXPECT_LT(gap(byRows, w), 1e-7)
              << method << " " << loss << " intercept " << intercept << (q == &sparse ? " CSR" : "");
          EXPECT_NEAR(byRows.objective, w.objective, 1e-10 * (1 + std::abs(byRows.objective))) << method << " " << loss;
          EXPECT_EQ(byRows.groups, w.groups) << method << " " << loss;
          if (!intercept) EXPECT_EQ(w.intercept.cwiseAbs().maxCoeff(), 0.0) << method << " " << loss;
        }
      }
}

TEST(ObservationWeights, CrossValidationScoresEachHeldOutRowByItsWeight) {
  const Data d = data(13, 40, 6);
  CrossValidationOptions o;
  o.folds = 4;
  o.foldId = std::vector<std::int32_t>(static_cast<std::size_t>(d.X.rows()));
  for (Eigen::Index i = 0; i < d.X.rows(); ++i)
    (*o.foldId)[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(i % 4);
  const Grid grid{{"lambda", {0.2, 0.05}}};
  Params base = methodParams("lasso", "squared");
  base.numbers.erase("lambda");
  const CrossValidationResult cv = crossValidate("lasso", weighted(d.X, d.y, d.weights), base, grid, o);
  ASSERT_EQ(cv.status, Status::Converged) << cv.message;
  for (std::size_t p = 0; p < 2; ++p)
    for (int k = 0; k < 4; ++k) {
      std::vector<Eigen::Index> train, held;
      for (Eigen::Index i = 0; i < d.X.rows(); ++i) (i % 4 == k ? held : train).push_back(i);
      RowMatrix Xt(static_cast<Eigen::Index>(train.size()), d.X.cols());
      Vector yt(Xt.rows()), wt(Xt.rows());
      for (std::size_t t = 0; t < train.size(); ++t) {
        Xt.row(static_cast<Eigen::Index>(t)) = d.X.row(train[t]);
        yt[static_cast<Eigen::Index>(t)] = d.y[train[t]];
        wt[static_cast<Eigen::Index>(t)] = d.weights[train[t]];
      }
      Params at = base;
      at.numbers["lambda"] = grid[0].second[p];
      const Result m = fit("lasso", weighted(Xt, yt, wt), at);
      double sse = 0, weight = 0;
      for (const Eigen::Index i : held) {
        const double e = d.X.row(i).dot(m.coef.col(0)) + m.intercept[0] - d.y[i];
        sse += d.weights[i] * e * e;
        weight += d.weights[i];
      }
      EXPECT_NEAR(cv.grid[p].scores[static_cast<std::size_t>(k)], sse / weight, 1e-8 * (1 + sse / weight))
          << "point " << p << " fold " << k;
    }
}

TEST(ObservationWeights, APathsTopIsTheWeightedLambdaMax) {
  const Data d = data(17);
  const Vector w = d.weights / d.weights.mean();
  const double n = static_cast<double>(d.X.rows()), ybar = w.dot(d.y) / n;
  RowVector mean = RowVector::Zero(d.X.cols());
  for (Eigen::Index i = 0; i < d.X.rows(); ++i) mean += w[i] * d.X.row(i);
  mean /= n;
  double top = 0;
  for (Eigen::Index j = 0; j < d.X.cols(); ++j) {
    double g = 0;
    for (Eigen::Index i = 0; i < d.X.rows(); ++i) g += w[i] * (d.X(i, j) - mean[j]) * (d.y[i] - ybar);
    top = std::max(top, std::abs(g) / n);
  }
  PathOptions o;
  o.nLambda = 5;
  const PathResult r = path("lasso", weighted(d.X, d.y, d.weights), methodParams("lasso", "squared"), {}, o);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_NEAR(r.top.value, top, 1e-12 * top);
  EXPECT_EQ(r.points[0].nonZeros, 0);
  EXPECT_NEAR(r.points[0].model.intercept[0], ybar, 1e-12 * (1 + std::abs(ybar)));
  Params below = methodParams("lasso", "squared");
  below.numbers["lambda"] = 0.999 * top;
  EXPECT_GT(fit("lasso", weighted(d.X, d.y, d.weights), below).coef.cwiseAbs().maxCoeff(), 0);
}

// The weighted loss's gradient and curvature against central differences of its value and its
// gradient, for every loss with a Hessian: what the Newton methods read (curvatureState then
// curvatureTimes, and hessianWeights) is the weighted Hessian.
TEST(ObservationWeights, TheWeightedLossMatchesFiniteDifferences) {
  Random rng(23);
  const Eigen::Index n = 7;
  Vector w(n);
  for (Eigen::Index i = 0; i < n; ++i) w[i] = rng.uniform(0, 3);
  const Vector labels = (Vector(n) << 0, 1, 2, 1, 0, 2, 1).finished();
  for (const std::string name : {"squared", "logistic", "ova-logistic", "multinomial"}) {
    const auto loss = withObservationWeights(makeLoss(name), w);
    const Matrix T = name == "squared" || name == "logistic"
                         ? loss->targets((labels.array() > 0).cast<double>().matrix())
                         : loss->targets(labels);
    Matrix Z(n, T.cols()), A(n, T.cols());
    for (Eigen::Index t = 0; t < Z.size(); ++t) Z(t) = rng.normal(), A(t) = rng.normal();
    Matrix G, Gp, Gm, S, HA = A;
    loss->gradient(Z, T, G);
    const double h = 1e-6;
    Matrix Zp = Z + h * A, Zm = Z - h * A;
    EXPECT_NEAR((loss->value(Zp, T) - loss->value(Zm, T)) / (2 * h), (G.array() * A.array()).sum(), 1e-8) << name;
    loss->gradient(Zp, T, Gp);
    loss->gradient(Zm, T, Gm);
    loss->curvatureState(Z, S);
    loss->curvatureTimes(S, HA);
    EXPECT_LT(((Gp - Gm) / (2 * h) - HA).cwiseAbs().maxCoeff(), 1e-7) << name;
    if (loss->separable()) {  // the state is the Hessian weights themselves (trust-region Newton reads it so)
      Matrix D;
      loss->hessianWeights(Z, D);
      EXPECT_LT((D.cwiseProduct(A) - HA).cwiseAbs().maxCoeff(), 1e-15) << name;
      EXPECT_EQ(S, D) << name;
    }
  }
}

TEST(ObservationWeights, WeightedScoresByHand) {
  const Vector z = (Vector(5) << 0.5, -1, 2, 0.1, -0.3).finished(), t = (Vector(5) << 1, 0, 1, 0, 1).finished();
  const Vector w = (Vector(5) << 1, 2, 0, 3, 1).finished();
  const auto squared = makeLoss("squared"), logistic = makeLoss("logistic");
  double mse = 0;
  for (int i = 0; i < 5; ++i) mse += w[i] * (z[i] - t[i]) * (z[i] - t[i]);
  EXPECT_NEAR(score(Metric::Mse, z, t, *squared, &w), mse / w.sum(), 1e-15);
  // error: rows 1 (0 predicted 0: right), 3 (0.1 > 0 predicts 1, truth 0: wrong, weight 3), 4 (wrong, weight 1).
  EXPECT_NEAR(score(Metric::Error, z, t, *logistic, &w), 4 / w.sum(), 1e-15);
  // auc: positives 0 (0.5, w1), 2 (2, w0), 4 (−0.3, w1); negatives 1 (−1, w2), 3 (0.1, w3).
  // Pairs (pos above neg): row 0 over both (1·2 + 1·3), row 4 over row 1 only (1·2): 7 of (2·5).
  EXPECT_NEAR(score(Metric::Auc, z, t, *logistic, &w), 7.0 / 10.0, 1e-15);
  EXPECT_NEAR(score(Metric::Accuracy, z, t, *logistic, &w), 1 - 4 / w.sum(), 1e-15);
  // mae, r2 about the weighted mean, and the deviance (the mean loss) by hand.
  double mae = 0, mean = 0, sse = 0, sst = 0, deviance = 0;
  for (int i = 0; i < 5; ++i) {
    mae += w[i] * std::abs(z[i] - t[i]);
    mean += w[i] * t[i] / w.sum();
    deviance += w[i] * std::log1p(std::exp(-(2 * t[i] - 1) * z[i]));
  }
  for (int i = 0; i < 5; ++i) sse += w[i] * (z[i] - t[i]) * (z[i] - t[i]), sst += w[i] * (t[i] - mean) * (t[i] - mean);
  EXPECT_NEAR(score(Metric::Mae, z, t, *squared, &w), mae / w.sum(), 1e-15);
  EXPECT_NEAR(score(Metric::R2, z, t, *squared, &w), 1 - sse / sst, 1e-14);
  EXPECT_NEAR(score(Metric::Deviance, z, t, *logistic, &w), deviance / w.sum(), 1e-15);
}

TEST(ObservationWeights, RefusedByNameWhereNotTakenAndWhenMalformed) {
  const Data d = data(19);
  Params p;
  p.numbers["Q"] = 2;
  const Result experts = fit("experts-pg", weighted(d.X, d.y, d.weights), p);
  EXPECT_EQ(experts.status, Status::InvalidInput);
  EXPECT_EQ(experts.field, "weights");
  const Vector shorter = d.weights.head(d.X.rows() - 1);
  Vector negative = d.weights, notFinite = d.weights;
  negative[3] = -1;
  notFinite[4] = NAN;
  const Vector zero = Vector::Zero(d.X.rows());
  for (const Vector* w : std::vector<const Vector*>{&shorter, &negative, &notFinite, &zero}) {
    const Result r = fit("lasso", weighted(d.X, d.y, *w), methodParams("lasso", "squared"));
    EXPECT_EQ(r.status, Status::InvalidInput);
    EXPECT_EQ(r.field, "weights") << r.message;
  }
  // OSCAR's coordinate descent and ADMM read equal rows: named as the solver that refuses.
  for (const char* solver : {"cd", "admm"}) {
    Params p;
    p.strings["solver"] = solver;
    const Result oscar = fit("oscar", weighted(d.X, d.y, d.weights), p);
    EXPECT_EQ(oscar.status, Status::InvalidInput);
    EXPECT_EQ(oscar.field, "solver") << oscar.message;
  }
}

}  // namespace observation_weights_test
