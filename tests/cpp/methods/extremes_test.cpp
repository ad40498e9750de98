// fit() at the edges: data scaled by 1e±300 gives the exactly rescaled model (or a
// numerical-issue with the reason, never `converged` with a non-finite objective or a malformed
// model), integers beyond 2^31 − 1 are rejected by name, and sizes beyond the exact DPs'
// memory are rejected by name before any work.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

struct Case {
  const char* method;
  Params params;
  int degree;  // of the penalty weights set below (they are scaled so the problems coincide)
  // IHC's path is not scale-free (its first step is 1 / max(‖X‖²/n, 1) and it stops on a
  // decrease below 1e-8 · max(|f|, 1)), so it may stop elsewhere at another scale: only its
  // objective is compared.
  bool convex = true;
  bool scalesTau = false;  // ncTFGS: τ is in the units of w, so it follows cy / cx
};

std::vector<Case> cases() {
  auto with = [](std::initializer_list<std::pair<const char*, double>> kv) {
    Params p;
    for (auto& [k, v] : kv) p.numbers[k] = v;
    return p;
  };
  return {{"ridge", with({{"lambda", 0.05}}), 2},
          {"lsk", with({{"Q", 3}, {"lambda", 0.05}}), 2},
          {"ihc", with({{"Q", 3}}), 2, false},
          {"oscar", with({{"lambda1", 0.02}, {"lambda2", 0.002}}), 1},
          {"gflasso", with({{"lambda1", 0.02}, {"lambda2", 0.002}}), 1},
          {"ncfgs", with({{"lambda1", 0.02}, {"lambda2", 0.002}}), 1},
          {"dfg", with({{"lambda1", 0.02}, {"lambda2", 0.0005}, {"tolerance", 1e-11}, {"maxIterations", 200000}}), 1},
          // ncTFGS's J_τ is scale-free once τ follows w: its weights have degree 0 (λ cy²).
          {"nctfgs", with({{"lambda1", 0.02}, {"lambda2", 0.002}, {"tau", 0.5}}), 0, true, true},
          // ADFG's weights |ŵ_j − ŵ_k|^(−γ) scale as (cx / cy)^γ: its penalty has degree 1 − γ (0 at γ = 1).
          {"adfg",
           with({{"lambda1", 0.02},
                 {"lambda2", 0.002},
                 {"lambda3", 0.0002},
                 {"gamma", 1},
                 {"tolerance", 1e-9},
                 {"maxIterations", 200000}}),
           0},
          {"lasso", with({{"lambda", 0.02}}), 1},
          {"cg", with({{"Q", 3}, {"lambda", 0.05}}), 2}};
}

bool isFiniteResult(const Result& r) {
  if (!r.coef.allFinite() || !r.intercept.allFinite() || !std::isfinite(r.objective)) return false;
  for (double h : r.history)
    if (!std::isfinite(h)) return false;
  return true;
}
}  // namespace

// Scaling X by cx and y by cy maps the minimiser of loss + λ·pen_k(w) to (cy/cx)·w when λ is
// scaled by cx^k · cy^(2−k); the intercept by cy and the objective by cy². Powers of two change
// no rounding of the data, so the convex methods agree to their solvers' tolerance (1e-8);
// decimal factors round the data differently (1e-6).
TEST(Extremes, ScaledDataGiveTheScaledModel) {
  const SyntheticProblem p = generateE1(60, 20, 3, 0.5, 3);
  const double two = 0x1p996, half = 0x1p-996;
  for (const Case& c : cases()) {
    const Result base = fit(c.method, problemOf(p.X, p.y), c.params);
    ASSERT_EQ(base.status, Status::Converged) << c.method << ": " << base.message;
    for (auto [cx, cy] : {std::pair{two, 1.0},
                          {half, 1.0},
                          {1.0, half},
                          {0x1p-500, 0x1p500},
                          {1e300, 1.0},
                          {1e-300, 1.0},
                          {1.0, 1e-300},
                          {1e-150, 1e150},
                          {1e200, 1e-100}}) {
      const bool exact = std::ilogb(cx) == std::log2(cx) && std::ilogb(cy) == std::log2(cy);
      const double tolerance = exact ? 1e-8 : 1e-6;
      Params params = c.params;
      bool representable = true;
      for (auto& [name, value] : params.numbers)
        if (name.rfind("lambda", 0) == 0) {
          value *= std::pow(cx, c.degree) * std::pow(cy, 2 - c.degree);
          representable = representable && std::isnormal(value);
        }
      if (c.scalesTau) params.numbers["tau"] *= cy / cx;
      if (!representable) continue;  // λ itself beyond the double range: no such user problem
      const RowMatrix X = p.X * cx;
      const Vector y = p.y * cy;
      const Result r = fit(c.method, problemOf(X, y), params);
      SCOPED_TRACE(std::string(c.method) + " cx=" + std::to_string(std::log10(cx)) +
                   " cy=" + std::to_string(std::log10(cy)));
      ASSERT_EQ(r.coef.rows(), 20);
      ASSERT_EQ(r.intercept.size(), 1);
      EXPECT_TRUE(r.coef.allFinite());
      const double objective = base.objective * cy * cy;
      if (std::isfinite(objective) && objective > 1e-290) {
        EXPECT_EQ(r.status, Status::Converged) << r.message;
        EXPECT_NEAR(r.objective / objective, 1, c.convex ? 1e-6 : 1e-4);
      }
      if (!c.convex) continue;
      EXPECT_EQ(r.groups, base.groups);
      for (Eigen::Index j = 0; j < 20; ++j)
        EXPECT_NEAR(r.coef(j, 0) / (cy / cx), base.coef(j, 0), tolerance * (1 + std::abs(base.coef(j, 0))));
      EXPECT_NEAR(r.intercept[0] / cy, base.intercept[0], tolerance * (1 + std::abs(base.intercept[0])));
    }
  }
}

TEST(Extremes, AnObjectiveBeyondTheDoubleRangeIsANumericalIssueNotConverged) {
  const SyntheticProblem p = generateE1(60, 20, 3, 0.5, 3);
  const Vector y = p.y * 1e300;
  for (const Case& c : cases()) {
    if (c.degree != 2) continue;  // λ unscaled: a different model (degree 0: λ/cy² leaves the double range)
    const Result r = fit(c.method, problemOf(p.X, y), c.params);
    EXPECT_EQ(r.status, Status::NumericalIssue) << c.method;
    EXPECT_NE(r.message.find("objective"), std::string::npos) << r.message;
    EXPECT_TRUE(r.coef.allFinite());
    EXPECT_EQ(r.coef.rows(), 20);
  }
}

TEST(Extremes, NoStatusIsConvergedWithSomethingNonFinite) {
  const SyntheticProblem p = generateE1(40, 12, 3, 0.5, 5);
  for (const Case& c : cases())
    for (double cx : {1e300, 1e-300, 1e-200, 1e250, 1.0})
      for (double cy : {1e300, 1e-300, 1e150, 1.0}) {
        const RowMatrix X = p.X * cx;
        const Vector y = p.y * cy;
        const Result r = fit(c.method, problemOf(X, y), c.params);
        ASSERT_NE(r.status, Status::InvalidInput) << r.message;
        EXPECT_EQ(r.coef.rows(), 12);
        EXPECT_EQ(r.coef.cols(), 1);
        EXPECT_EQ(r.intercept.size(), 1);
        EXPECT_EQ(r.groups.size(), 12u);
        if (r.status == Status::Converged || r.status == Status::MaxIterations)
          EXPECT_TRUE(isFiniteResult(r)) << c.method << " cx=" << cx << " cy=" << cy;
        else EXPECT_FALSE(r.message.empty());
      }
}

TEST(Extremes, IntegersBeyondInt32AreRejectedNamingTheField) {
  const SyntheticProblem p = generateE1(30, 10, 3, 0.5, 1);
  auto message = [&](const char* method, std::initializer_list<std::pair<const char*, double>> kv) {
    Params params;
    for (auto& [k, v] : kv) params.numbers[k] = v;
    return fit(method, problemOf(p.X, p.y), params).message;
  };
  EXPECT_NE(message("ihc", {{"Q", 2147483648.0}}).find("option 'Q'"), std::string::npos);
  EXPECT_NE(message("ihc", {{"Q", 1e12}}).find("<= 2147483647"), std::string::npos);
  EXPECT_NE(message("ihc", {{"Q", 3}, {"maxIterations", 1e12}}).find("option 'maxIterations'"), std::string::npos);
  EXPECT_NE(message("ihcs", {{"Q", 3}, {"s", 4294967297.0}}).find("option 's'"), std::string::npos);
  EXPECT_NE(message("ihc", {{"Q", 3}, {"seed", 1e300}}).find("option 'seed'"), std::string::npos);
  EXPECT_NE(message("ihc", {{"Q", 3}, {"seed", 9007199254740994.0}}).find("<= 9007199254740992"), std::string::npos);
  Params ok;
  ok.numbers["Q"] = 3;
  ok.numbers["seed"] = 9007199254740992.0;
  ok.numbers["maxIterations"] = 2147483647.0;
  EXPECT_EQ(checkFit("ihc", problemOf(p.X, p.y), ok).message(), "");
}

TEST(Extremes, GroupCountsBeyondTheDPsMemoryAreRejectedBeforeAnyWork) {
  const RowMatrix X = RowMatrix::Random(2, 65538);
  const Vector y = Vector::Random(2);
  Params params;
  params.numbers["Q"] = 65536;
  const Refusal why = checkFit("lsk", problemOf(X, y), params);
  EXPECT_EQ(why.field, "Q") << why.message();
  params.numbers["Q"] = 65538;  // Q >= d: each value its own group, no DP
  EXPECT_EQ(checkFit("lsk", problemOf(X, y), params).message(), "");
  params.numbers["Q"] = 40000;
  params.numbers["s"] = 60000;
  EXPECT_EQ(checkFit("ihcs", problemOf(X, y), params).field, "Q");
}

// A held dataset's X is checked once when stored (checkDesign) and its largest |entry| kept:
// fit() on the held design (Problem::held) skips its own pass over X, reads the held means,
// columns and moments, and answers as the same fit on the arrays, bit for bit, at scales that
// need rescaling and at ones that do not — twice, the second reading what the first derived.
TEST(Extremes, AFitOnACheckedDesignEqualsTheFitThatChecksIt) {
  const SyntheticProblem p = generateE1(60, 20, 3, 0.5, 3);
  for (double cx : {1.0, 0x1p-600, 1e300}) {
    const RowMatrix X = p.X * cx;
    const Problem plain = problemOf(X, p.y);
    double maxAbs = 0;
    ASSERT_EQ(checkDesign(plain.X, &maxAbs).message(), "");
    const HeldDesign held(plain.X, maxAbs);
    Problem checked = plain;
    checked.held = &held;
    EXPECT_EQ(held.maxAbs(), X.cwiseAbs().maxCoeff());
    for (const Case& c : cases()) {
      Params params = c.params;
      for (auto& [name, value] : params.numbers)
        if (name.rfind("lambda", 0) == 0) value *= std::pow(cx, c.degree);
      const Result a = fit(c.method, plain, params), b = fit(c.method, checked, params);
      SCOPED_TRACE(std::string(c.method) + " cx=" + std::to_string(std::log10(cx)));
      EXPECT_EQ(a.status, b.status);
      EXPECT_EQ(a.coef, b.coef);
      EXPECT_EQ(a.intercept, b.intercept);
      EXPECT_EQ(a.objective, b.objective);
      const Result again = fit(c.method, checked, params);
      EXPECT_EQ(b.coef, again.coef);
      EXPECT_EQ(b.objective, again.objective);
    }
  }
  RowMatrix bad = p.X;
  bad(4, 7) = NAN;
  EXPECT_EQ(checkDesign(problemOf(bad, p.y).X).message(), "X: must be finite (row 4, column 7 is NaN)");
}

// An all-zero X leaves only the intercept to fit: every solver converges there (a relative
// tolerance has no unit in ∇_W F(0) = 0, so the intercept's gradient gives it), with w = 0 and
// the intercept that solves the loss alone — ȳ for the squared loss, logit(ȳ) for the logistic.
TEST(Extremes, AnAllZeroDesignConvergesToTheInterceptAlone) {
  const Eigen::Index n = 12, d = 4;
  const Matrix X = Matrix::Zero(n, d);
  Vector labels(n), target(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    labels[i] = i % 3 == 0 ? 1 : 0;  // 4 of 12: logit(1/3)
    target[i] = 5 + 0.5 * static_cast<double>(i);
  }
  const RowMatrix Xr = X;
  for (const char* method : {"ridge", "lasso", "elasticnet"})
    for (const char* loss : {"logistic", "squared"}) {
      const bool logistic = std::string(loss) == "logistic";
      const Vector& y = logistic ? labels : target;
      Params p;
      p.strings["loss"] = loss;
      p.numbers["lambda"] = 0.1;
      const Result r = fit(method, {{Xr.data(), n, d}, {y.data(), n}}, p);
      EXPECT_EQ(r.status, Status::Converged) << method << " " << loss << ": " << r.message;
      EXPECT_EQ(r.coef.cwiseAbs().maxCoeff(), 0) << method << " " << loss;
      const double expected = logistic ? std::log((1.0 / 3) / (2.0 / 3)) : y.mean();
      EXPECT_NEAR(r.intercept[0], expected, 1e-9 * std::max(1.0, std::abs(expected))) << method << " " << loss;
    }
}

// A step factor α of 1e308 (declared: > 1, no upper limit): the projected-gradient step must
// not overflow to ∞, where ∞ · β stays ∞ and the backtracking never ends. The fit returns within
// its iteration limit, with a finite model.
TEST(Extremes, AHugeStepGrowthEndsWithinTheIterationLimit) {
  const SyntheticProblem p = generateE1(40, 8, 2, 0.5, 5);
  const Problem problem = problemOf(p.X, p.y);
  for (const char* method : {"ihc", "experts-pg"}) {
    SCOPED_TRACE(method);
    Params params;
    params.numbers = {{"Q", 2}, {"stepGrowth", 1e308}, {"maxIterations", 5}};
    if (std::string(method) == "ihc") params.numbers["lambda"] = 1e-3;
    const Result r = fit(method, problem, params);
    ASSERT_NE(r.status, Status::InvalidInput) << r.message;
    EXPECT_LE(r.iterations, 5 * 2 + 5);  // phases may count on; no endless loop
    EXPECT_TRUE(r.coef.allFinite());
  }
}
