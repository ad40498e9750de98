// A held design (core/held_design.hpp): its column moments against sums taken directly, its
// centred rows against X − 1μᵀ, its non-zero rows against nonZeroRowsOf, and fits and cross-validations on it — dense and CSR, for the
// solvers that read its columns (coordinate descent, proximal Newton, dual coordinate descent)
// and those that read its products (ridge, logistic ridge) — equal, bit for bit, to the same
// calls on the arrays, on the first call and on the next, which reads what the first derived.
#include <gtest/gtest.h>

#include <cmath>

#include "csr.hpp"
#include "problems.hpp"
#include "supclust/core/design.hpp"
#include "supclust/core/held_design.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

namespace {

// X with about a third of its entries zero (so that CSR and the columns' sparse storage hold
// fewer entries than n·d) and ±1 labels from a linear rule.
struct Data {
  RowMatrix X;
  Vector y, labels;
};
Data data() {
  const SyntheticProblem p = generateE1(80, 30, 3, 0.5, 11);
  Data d{p.X, p.y, Vector(p.y.size())};
  for (Eigen::Index i = 0; i < d.X.size(); ++i)
    if (i % 3 == 1) d.X.data()[i] = 0;
  for (Eigen::Index i = 0; i < d.y.size(); ++i) d.labels[i] = d.y[i] > d.y.mean() ? 1 : 0;
  return d;
}

// A view of X (row-major, not copied) as dense values or as its CSR arrays c.
DataMatrix viewOf(const RowMatrix& X, const CsrArrays& c, bool sparse) {
  return sparse ? DataMatrix(X.rows(), X.cols(), c.indptr.data(), c.indices.data(), c.values.data())
                : DataMatrix(X.data(), X.rows(), X.cols());
}

Params with(std::initializer_list<std::pair<const char*, double>> kv, const char* loss = nullptr) {
  Params p;
  for (auto& [k, v] : kv) p.numbers[k] = v;
  if (loss) p.strings["loss"] = loss;
  return p;
}

void expectSame(const Result& a, const Result& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.coef, b.coef);
  EXPECT_EQ(a.intercept, b.intercept);
  EXPECT_EQ(a.objective, b.objective);
  EXPECT_EQ(a.iterations, b.iterations);
}

}  // namespace

TEST(HeldDesign, MomentsAreTheColumnsSums) {
  const Data d = data();
  const CsrArrays c = csrOf(d.X);
  for (bool sparse : {false, true}) {
    const DataMatrix X = viewOf(d.X, c, sparse);
    double maxAbs = 0;
    ASSERT_EQ(checkDesign(X, &maxAbs).message(), "");
    const HeldDesign held(X, maxAbs);
    EXPECT_EQ(held.maxAbs(), d.X.cwiseAbs().maxCoeff());
    const ColumnMoments& m = held.moments();
    for (Eigen::Index j = 0; j < d.X.cols(); ++j) {
      EXPECT_NEAR(m.sum[j], d.X.col(j).sum(), 1e-12 * d.X.col(j).cwiseAbs().sum()) << j;
      EXPECT_NEAR(m.squares[j], d.X.col(j).squaredNorm(), 1e-12 * d.X.col(j).squaredNorm()) << j;
      EXPECT_NEAR(held.means()[j], d.X.col(j).mean(), 1e-12 * d.X.col(j).cwiseAbs().sum()) << j;
    }
    EXPECT_EQ(&held.moments(), &m);  // derived once
  }
}

// The check's column means (from its one pass for dense X) are columnMeans() to the bit, dense
// and CSR, at odd and even widths.
TEST(HeldDesign, TheChecksMeansAreTheColumnMeans) {
  const Data d = data();
  for (const Eigen::Index cols : {d.X.cols(), d.X.cols() - 1}) {
    const RowMatrix Xd = d.X.leftCols(cols);
    const CsrArrays c = csrOf(Xd);
    for (bool sparse : {false, true}) {
      const DataMatrix X = viewOf(Xd, c, sparse);
      double maxAbs = 0;
      RowVector means;
      ASSERT_EQ(checkDesign(X, &maxAbs, &means).message(), "");
      EXPECT_EQ(maxAbs, Xd.cwiseAbs().maxCoeff());
      EXPECT_EQ(means, X.columnMeans()) << cols << (sparse ? " CSR" : " dense");
      const HeldDesign held(X, maxAbs, means);
      EXPECT_EQ(held.means(), X.columnMeans());
    }
  }
}

TEST(HeldDesign, CentredRowsAreXLessItsMeans) {
  const Data d = data();
  const DataMatrix X(d.X.data(), d.X.rows(), d.X.cols());
  double maxAbs = 0;
  ASSERT_EQ(checkDesign(X, &maxAbs).message(), "");
  const HeldDesign held(X, maxAbs);
  const RowMatrix& Xc = held.centred();
  ASSERT_EQ(Xc.rows(), d.X.rows());
  ASSERT_EQ(Xc.cols(), d.X.cols());
  for (Eigen::Index i = 0; i < d.X.rows(); ++i)
    for (Eigen::Index j = 0; j < d.X.cols(); ++j) EXPECT_EQ(Xc(i, j), d.X(i, j) - held.means()[j]) << i << ", " << j;
  EXPECT_EQ(&held.centred(), &Xc);  // derived once
  // A design on the held X reads these rows (it makes no copy of its own).
  const CenteredDesign design(X, &held);
  EXPECT_EQ(&design.X(), &Xc);
}

// A held dense X at most half non-zero keeps its non-zero rows (the SVM's form): those of
// nonZeroRowsOf, listed once, read by a design on it; the SVM's fits on it are the arrays' to the
// bit, the first and the next. More than half non-zero, there are none (X is read in place).
TEST(HeldDesign, NonZeroRowsAreListedOnceForTheSvm) {
  Data d = data();
  const DataMatrix half(d.X.data(), d.X.rows(), d.X.cols());
  double maxAbs = 0;
  ASSERT_EQ(checkDesign(half, &maxAbs).message(), "");
  EXPECT_FALSE(HeldDesign(half, maxAbs).nonZeroRows().has_value());  // two thirds non-zero
  for (Eigen::Index i = 0; i < d.X.size(); ++i)
    if (i % 3 == 2) d.X.data()[i] = 0;  // now one third
  const DataMatrix X(d.X.data(), d.X.rows(), d.X.cols());
  ASSERT_EQ(checkDesign(X, &maxAbs).message(), "");
  const HeldDesign held(X, maxAbs);
  const std::optional<NonZeroRows>& rows = held.nonZeroRows();
  const std::optional<NonZeroRows> expected = nonZeroRowsOf(d.X, RowVector::Zero(d.X.cols()));
  ASSERT_TRUE(rows.has_value() && expected.has_value());
  EXPECT_EQ(rows->indptr, expected->indptr);
  EXPECT_EQ(rows->indices, expected->indices);
  EXPECT_EQ(rows->values, expected->values);
  EXPECT_EQ(&held.nonZeroRows(), &rows);
  EXPECT_EQ(&CenteredDesign(X, &held).uncentredNonZeroRows(), &rows);
  const Problem arrays{X, {d.labels.data(), d.labels.size()}};
  Problem onHeld = arrays;
  onHeld.held = &held;
  for (const char* bias : {"centred", "liblinear"}) {
    Params params = with({{"lambda", 0.1}});
    params.strings["bias"] = bias;
    const Result a = fit("svm", arrays, params);
    ASSERT_EQ(a.status, Status::Converged) << a.message;
    expectSame(a, fit("svm", onHeld, params));
    expectSame(a, fit("svm", onHeld, params));
  }
}

// A fit's start W = 0 skips its product (objective.cpp, predictInto), which is sound because the
// product is +0 in every row — not −0 — dense and CSR, with entries of either sign.
TEST(HeldDesign, AZeroProductIsPositiveZero) {
  const Data d = data();
  const CsrArrays c = csrOf(d.X);
  ASSERT_LT(d.X.minCoeff(), 0);
  for (bool sparse : {false, true}) {
    const DataMatrix X = viewOf(d.X, c, sparse);
    const CenteredDesign design(X);
    const Vector w = Vector::Zero(d.X.cols());
    Vector z = Vector::Constant(d.X.rows(), 7.0);
    design.multiply(w.data(), z.data());
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      EXPECT_EQ(z[i], 0) << i;
      EXPECT_FALSE(std::signbit(z[i])) << i << (sparse ? " CSR" : " dense");
    }
  }
}

TEST(HeldDesign, FitsAndCrossValidationsEqualThoseOnTheArrays) {
  const Data d = data();
  const CsrArrays c = csrOf(d.X);
  const std::vector<std::pair<const char*, Params>> cases = {
      {"lasso", with({{"lambda", 0.01}})},
      {"elasticnet", with({{"lambda", 0.01}, {"alpha", 0.5}})},
      {"lasso", with({{"lambda", 0.005}}, "logistic")},
      {"svm", with({{"lambda", 0.1}})},
      {"ridge", with({{"lambda", 0.1}})},
      {"ridge", with({{"lambda", 0.1}}, "logistic")},
  };
  for (bool sparse : {false, true}) {
    const DataMatrix X = viewOf(d.X, c, sparse);
    double maxAbs = 0;
    ASSERT_EQ(checkDesign(X, &maxAbs).message(), "");
    const HeldDesign held(X, maxAbs);
    for (const auto& [method, params] : cases) {
      const bool classify = std::string(method) == "svm" || params.strings.count("loss");
      const Vector& y = classify ? d.labels : d.y;
      const Problem arrays{X, {y.data(), y.size()}};
      Problem onHeld = arrays;
      onHeld.held = &held;
      SCOPED_TRACE(std::string(method) + (sparse ? " CSR" : " dense") + (classify ? " classify" : ""));
      const Result a = fit(method, arrays, params);
      ASSERT_EQ(a.status, Status::Converged) << a.message;
      expectSame(a, fit(method, onHeld, params));
      expectSame(a, fit(method, onHeld, params));
      CrossValidationOptions options;
      options.folds = 3;
      const Grid grid = {{"lambda", {0.1, 0.01}}};
      const CrossValidationResult cvArrays = crossValidate(method, arrays, params, grid, options);
      const CrossValidationResult cvHeld = crossValidate(method, onHeld, params, grid, options);
      EXPECT_EQ(cvArrays.best, cvHeld.best);
      for (std::size_t p = 0; p < grid[0].second.size(); ++p) EXPECT_EQ(cvArrays.grid[p].mean, cvHeld.grid[p].mean);
      expectSame(cvArrays.model, cvHeld.model);
      // The refit (on the design the call's check made) is the fit of the arrays at the choice.
      Params chosen = params;
      chosen.numbers["lambda"] = grid[0].second[cvArrays.best];
      expectSame(cvArrays.model, fit(method, arrays, chosen));
    }
  }
}
