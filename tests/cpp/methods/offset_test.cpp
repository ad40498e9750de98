// Row offsets (glmnet's offset): each answer certified without the methods' own solvers — the
// logistic lasso's optimality conditions at the scores Xw + b + o (with and without an
// intercept, dense and CSR), the squared loss's fit equal to the fit of y − o for every method
// that takes it, a path's top at the null model with the offsets in (its intercept found here by
// bisection), cross-validation scoring each held-out row with its offset (by hand on given
// folds), predictions that need the offsets of a model fitted with them, and the losses and
// methods that take none refusing them by name.
#include <gtest/gtest.h>

#include <cmath>

#include "csr.hpp"
#include "method_params.hpp"
#include "problems.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/path.hpp"

using namespace supclust;

namespace offset_test {

struct OffsetData {
  RowMatrix X;
  Vector y, labels, offset;
};

OffsetData offsetData(std::uint64_t seed) {
  const auto g = generateE1(60, 8, 2, 0.5, seed);  // d = 8: the features method_params groups
  OffsetData d{g.X, g.y, Vector(60), Vector(60)};
  for (Eigen::Index i = 0; i < 60; ++i) {
    d.offset[i] = 0.8 * std::sin(1.3 * static_cast<double>(i) + static_cast<double>(seed));
    d.labels[i] = g.y[i] + 2 * d.offset[i] > g.y.mean() ? 1 : 0;
  }
  return d;
}

Problem withOffset(Problem p, const Vector& offset) {
  new (&p.offset) Eigen::Map<const Vector>(offset.data(), offset.size());
  return p;
}

Params lassoParams(double lambda, const std::string& loss) {
  Params p;
  p.numbers = {{"lambda", lambda}, {"tolerance", 1e-13}};
  p.strings["loss"] = loss;
  return p;
}

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

// The largest violation of the logistic lasso's conditions at the scores Xw + b + o, relative to
// λ (the intercept's, ∂/∂b = mean(σ − y) = 0, only when it is fitted).
double logisticViolation(const OffsetData& d, const Result& r, double lambda, bool intercept) {
  const Eigen::Index n = d.X.rows();
  Vector residual(n);
  for (Eigen::Index i = 0; i < n; ++i)
    residual[i] = sigmoid(d.X.row(i).dot(r.coef.col(0)) + r.intercept[0] + d.offset[i]) - d.labels[i];
  double worst = intercept ? std::abs(residual.mean()) / lambda : 0;
  const Vector g = d.X.transpose() * residual / static_cast<double>(n);
  for (Eigen::Index j = 0; j < g.size(); ++j) {
    const double w = r.coef(j, 0);
    worst = std::max(
        worst, (w != 0 ? std::abs(g[j] + lambda * (w > 0 ? 1 : -1)) : std::max(0.0, std::abs(g[j]) - lambda)) / lambda);
  }
  return worst;
}

}  // namespace offset_test

using namespace offset_test;

TEST(Offset, TheLogisticLassoMeetsItsConditionsAtTheShiftedScores) {
  for (std::uint64_t seed : {1, 2}) {
    OffsetData d = offsetData(seed);
    for (Eigen::Index i = 0; i < d.X.rows(); ++i)
      for (Eigen::Index j = 0; j < d.X.cols(); ++j)
        if ((i + 3 * j) % 5 == 0) d.X(i, j) = 0;
    const CsrArrays c = csrOf(d.X);
    for (const bool intercept : {true, false}) {
      Params p = lassoParams(0.01, "logistic");
      p.flags["intercept"] = intercept;
      const Result dense = fit("lasso", withOffset(problemOf(d.X, d.labels), d.offset), p);
      const Problem sparse{{d.X.rows(), d.X.cols(), c.indptr.data(), c.indices.data(), c.values.data()},
                           {d.labels.data(), d.labels.size()}};
      const Result csr = fit("lasso", withOffset(sparse, d.offset), p);
      for (const Result* r : {&dense, &csr}) {
        ASSERT_EQ(r->status, Status::Converged) << r->message;
        EXPECT_LT(logisticViolation(d, *r, 0.01, intercept), 1e-7) << "seed " << seed << " intercept " << intercept;
      }
      if (!intercept) EXPECT_EQ(dense.intercept[0], 0.0);
      EXPECT_LT((dense.coef - csr.coef).cwiseAbs().maxCoeff(), 1e-8);
      // The offsets matter: the fit without them is another answer.
      EXPECT_GT((fit("lasso", problemOf(d.X, d.labels), p).coef - dense.coef).cwiseAbs().maxCoeff(), 1e-3);
    }
  }
}

// With the squared loss an offset is the target y − o, for every method that takes the loss.
TEST(Offset, TheSquaredLossFitsTheShiftedTargetsForEveryMethod) {
  const OffsetData d = offsetData(3);
  const Vector shifted = d.y - d.offset;
  for (const Method& m : methods()) {
    if (m.kind == ModelKind::Experts) continue;
    const auto losses = method_params::lossesOf(m.name);
    if (std::find(losses.begin(), losses.end(), "squared") == losses.end()) continue;
    const Params p = method_params::methodParams(m.name, "squared");
    const Eigen::Index K = m.kind == ModelKind::Tasks ? 2 : 1;
    Vector y(K * 60), o(60), yShifted(K * 60);
    for (Eigen::Index i = 0; i < 60; ++i)
      for (Eigen::Index k = 0; k < K; ++k) {
        y[K * i + k] = d.y[i] + static_cast<double>(k) * d.X(i, 0);
        yShifted[K * i + k] = y[K * i + k] - d.offset[i];
      }
    const Result a = fit(m, withOffset(problemOf(d.X, y, K), d.offset), p), b = fit(m, problemOf(d.X, yShifted, K), p);
    ASSERT_NE(a.status, Status::InvalidInput) << m.name << ": " << a.message;
    EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-12 * (1 + b.coef.cwiseAbs().maxCoeff())) << m.name;
    EXPECT_LT((a.intercept - b.intercept).cwiseAbs().maxCoeff(), 1e-12 * (1 + b.intercept.cwiseAbs().maxCoeff()))
        << m.name;
    EXPECT_NEAR(a.objective, b.objective, 1e-12 * (1 + std::abs(b.objective))) << m.name;
  }
}

TEST(Offset, APathsTopIsAtTheNullModelWithTheOffsets) {
  const OffsetData d = offsetData(4);
  // The null model's intercept: Σ σ(b + o_i) = Σ y_i, by bisection.
  double low = -20, high = 20;
  for (int k = 0; k < 200; ++k) {
    const double mid = (low + high) / 2;
    double s = 0;
    for (Eigen::Index i = 0; i < 60; ++i) s += sigmoid(mid + d.offset[i]) - d.labels[i];
    (s > 0 ? high : low) = mid;
  }
  const double b0 = (low + high) / 2;
  Vector residual(60);
  for (Eigen::Index i = 0; i < 60; ++i) residual[i] = d.labels[i] - sigmoid(b0 + d.offset[i]);
  const RowMatrix Xc = d.X.rowwise() - d.X.colwise().mean();
  const double top = (Xc.transpose() * residual).cwiseAbs().maxCoeff() / 60;
  PathOptions o;
  o.nLambda = 5;
  Params base;
  base.strings["loss"] = "logistic";
  base.numbers["tolerance"] = 1e-12;
  const PathResult res = path("lasso", withOffset(problemOf(d.X, d.labels), d.offset), base, {}, o);
  ASSERT_EQ(res.status, Status::Converged) << res.message;
  EXPECT_NEAR(res.top.value, top, 1e-9 * top);
  EXPECT_NEAR(res.points[0].model.intercept[0], b0, 1e-8);
  EXPECT_EQ(res.points[0].model.coef.cwiseAbs().maxCoeff(), 0.0);
  // The last point is the single fit at its λ.
  const Result single =
      fit("lasso", withOffset(problemOf(d.X, d.labels), d.offset), lassoParams(res.points.back().value, "logistic"));
  EXPECT_LT((single.coef - res.points.back().model.coef).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(Offset, CrossValidationScoresEachHeldOutRowWithItsOffset) {
  OffsetData d = offsetData(5);
  d.y = 3 * d.offset + Vector::Constant(60, 0.5);  // the offsets explain the targets up to a constant
  for (Eigen::Index i = 0; i < 60; i += 7) d.y[i] += 0.1;
  // λ above the top: every fold's model is w = 0, b the mean of its training rows' y − o.
  CrossValidationOptions options;
  options.foldId = Labels(60);
  for (std::size_t i = 0; i < 60; ++i) (*options.foldId)[i] = static_cast<int>(i % 3);
  options.metric = "mse";
  const Grid grid = {{"lambda", {1e6}}};
  Params base;
  const CrossValidationResult res =
      crossValidate("lasso", withOffset(problemOf(d.X, d.y), d.offset), base, grid, options);
  ASSERT_EQ(res.status, Status::Converged) << res.message;
  double expected = 0;
  for (int k = 0; k < 3; ++k) {
    double b = 0, count = 0, mse = 0, held = 0;
    for (Eigen::Index i = 0; i < 60; ++i)
      if (i % 3 != k) b += d.y[i] - d.offset[i], ++count;
    b /= count;
    for (Eigen::Index i = 0; i < 60; ++i)
      if (i % 3 == k) mse += std::pow(d.y[i] - d.offset[i] - b, 2), ++held;
    expected += mse / held / 3;
  }
  EXPECT_NEAR(res.grid[0].mean, expected, 1e-12);
  EXPECT_EQ(res.model.coef.cwiseAbs().maxCoeff(), 0.0);
}

TEST(Offset, APredictionOfAModelFittedWithOffsetsNeedsTheRows) {
  const OffsetData d = offsetData(6);
  const Result r = fit("lasso", withOffset(problemOf(d.X, d.labels), d.offset), lassoParams(0.01, "logistic"));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  Predictor p{ModelKind::Features, r.coef, r.intercept, 2, false, {}, false, true};
  const DataMatrix X(d.X.data(), d.X.rows(), d.X.cols());
  EXPECT_EQ(answer(Answer::Scores, p, X, Vector()).why.field, "offset");
  const Answers a = answer(Answer::Scores, p, X, Vector(), d.offset);
  ASSERT_TRUE(a.why.empty()) << a.why.message();
  for (Eigen::Index i = 0; i < 60; ++i)
    EXPECT_NEAR(a.values(i, 0), d.X.row(i).dot(r.coef.col(0)) + r.intercept[0] + d.offset[i], 1e-12);
  p.offset = false;
  EXPECT_EQ(answer(Answer::Scores, p, X, Vector(), d.offset).why.field, "offset");
}

TEST(Offset, LossesAndMethodsThatTakeNoneRefuseItByName) {
  const OffsetData d = offsetData(7);
  Vector classes(60);
  for (Eigen::Index i = 0; i < 60; ++i) classes[i] = static_cast<double>(i % 3);
  EXPECT_EQ(fit("lasso", withOffset(problemOf(d.X, classes), d.offset), lassoParams(0.01, "multinomial")).field,
            "offset");
  Params svm;
  svm.numbers["lambda"] = 0.1;
  EXPECT_EQ(fit("svm", withOffset(problemOf(d.X, d.labels), d.offset), svm).field, "offset");
  Params am;
  am.numbers["Q"] = 2;
  EXPECT_EQ(fit("experts-am", withOffset(problemOf(d.X, d.y), d.offset), am).field, "offset");
  const Vector shortOffset = d.offset.head(59);
  Vector notFinite = d.offset;
  notFinite[3] = NAN;
  for (const Vector* bad : std::initializer_list<const Vector*>{&shortOffset, &notFinite})
    EXPECT_EQ(fit("lasso", withOffset(problemOf(d.X, d.y), *bad), lassoParams(0.05, "squared")).field, "offset");
  // The module goes on.
  EXPECT_EQ(fit("lasso", withOffset(problemOf(d.X, d.y), d.offset), lassoParams(0.05, "squared")).status,
            Status::Converged);
}
