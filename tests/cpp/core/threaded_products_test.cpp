// A large dense design's products and Gram matrices on a WorkTeam (core/design): Xc w, Xcᵀ r,
// Xc Xcᵀ and Xcᵀ Xc equal, bit for bit, the one-thread kernels on the centred matrix — odd
// sizes, so that neither the rows nor the columns fall into whole blocks — and equal the
// products inside parallelFor's tasks, where no team is made. Against the same kernels on one
// thread, so any difference in a summation order shows.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "supclust/base/parallel.hpp"
#include "supclust/core/design.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/solvers/coordinate_descent.hpp"

using namespace supclust;

namespace {
RowMatrix filled(Eigen::Index n, Eigen::Index d) {
  RowMatrix X(n, d);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < d; ++j)
      X(i, j) = std::sin(0.013 * static_cast<double>(i * d + j)) + (j % 7 == 0 ? 3.0 : 0.0);
  return X;
}
}  // namespace

TEST(ThreadedProducts, EqualTheOneThreadKernelsBitForBit) {
  const Eigen::Index n = 1203, d = 1747;  // 2.1 M entries: above kTeamEntries
  ASSERT_GE(static_cast<std::size_t>(n * d), CenteredDesign::kTeamEntries);
  const RowMatrix X = filled(n, d);
  const CenteredDesign design(DataMatrix(X.data(), n, d));
  Vector w(d), r(n);
  for (Eigen::Index j = 0; j < d; ++j) w[j] = std::cos(0.7 * static_cast<double>(j));
  for (Eigen::Index i = 0; i < n; ++i) r[i] = std::sin(1.3 * static_cast<double>(i)) - 0.2;
  const RowMatrix& Xc = design.X();
  Vector z1(n), g1(d), z(n), g(d);
  multiply(Xc.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), w.data(), z1.data());
  multiplyTransposed(Xc.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), r.data(), g1.data());
  for (int repeat = 0; repeat < 3; ++repeat) {  // the team reused
    design.multiply(w.data(), z.data());
    design.multiplyTransposed(r.data(), g.data());
    for (Eigen::Index i = 0; i < n; ++i) ASSERT_EQ(z[i], z1[i]) << i;
    for (Eigen::Index j = 0; j < d; ++j) ASSERT_EQ(g[j], g1[j]) << j;
  }
  // Inside parallelFor's tasks (a table's or a cross-validation's fits) the products stay on
  // the task's thread, with the same answer.
  Vector z2(n), g2(d);
  parallelFor(
      1, 2,
      [&](std::size_t) {
        const CenteredDesign inner(DataMatrix(X.data(), n, d));
        inner.multiply(w.data(), z2.data());
        inner.multiplyTransposed(r.data(), g2.data());
      },
      [](std::size_t) { return true; });
  EXPECT_EQ(z2, z1);
  EXPECT_EQ(g2, g1);
}

// The team starts at the second request for a pass over X, or at the first for heavy work (a
// Gram matrix, a factorisation): a call that reads X once starts no thread. Then every request
// gets the same team.
TEST(ThreadedProducts, TheTeamStartsAtTheSecondPassOrAtHeavyWork) {
  const Eigen::Index n = 1203, d = 1747;
  const RowMatrix X = filled(n, d);
  const CenteredDesign passes(DataMatrix(X.data(), n, d)), heavy(DataMatrix(X.data(), n, d));
  EXPECT_EQ(passes.team(), nullptr);
  WorkTeam* team = passes.team();
  EXPECT_EQ(team != nullptr, availableThreads() > 1);
  EXPECT_EQ(passes.team(), team);
  EXPECT_EQ(passes.team(true), team);
  team = heavy.team(true);
  EXPECT_EQ(team != nullptr, availableThreads() > 1);
  EXPECT_EQ(heavy.team(), team);
}

TEST(ThreadedProducts, GramMatricesEqualTheOneThreadKernelsBitForBit) {
  for (const auto [n, d] : {std::pair<Eigen::Index, Eigen::Index>{701, 3001}, {3001, 701}}) {
    const RowMatrix X = filled(n, d);
    const CenteredDesign design(DataMatrix(X.data(), n, d));
    const bool rows = n <= d;
    const auto un = static_cast<std::size_t>(n), ud = static_cast<std::size_t>(d), side = rows ? un : ud;
    Matrix one(side, side);
    if (rows) rowGram(design.X().data(), un, ud, one.data());
    else gram(design.X().data(), un, ud, one.data());
    const Matrix G = design.gram(rows);
    ASSERT_EQ(G.rows(), one.rows());
    EXPECT_TRUE((G.array() == one.array()).all()) << n << " × " << d;
  }
}

// rowGram's entries are dot()'s, to the bit, whatever its tiles and groups of four rows.
TEST(ThreadedProducts, RowGramEntriesAreDotProducts) {
  const Eigen::Index n = 37, d = 23;
  const RowMatrix X = filled(n, d);
  Matrix K(n, n);
  rowGram(X.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), K.data());
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j)
      ASSERT_EQ(K(i, j), dot(X.row(i).data(), X.row(j).data(), static_cast<std::size_t>(d))) << i << ", " << j;
}

// Coordinate descent's full passes over the columns (the gradient at the start and at each KKT
// check) run on the design's team for a large X, dense or sparse: the same fit, bit for bit, as
// inside a parallelFor task, where no team is made.
TEST(ThreadedProducts, CoordinateDescentsFullPassesAreThreadCountFree) {
  const Eigen::Index n = 1801, d = 1601;
  RowMatrix X = filled(n, d);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < d; ++j)
      if ((i + 3 * j) % 4 == 0) X(i, j) = 0;  // 3/4 non-zero: 2.16 M stored
  std::vector<std::int32_t> indptr{0}, indices;
  std::vector<double> values;
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j)
      if (X(i, j) != 0) {
        indices.push_back(static_cast<std::int32_t>(j));
        values.push_back(X(i, j));
      }
    indptr.push_back(static_cast<std::int32_t>(values.size()));
  }
  const DataMatrix sparse(n, d, indptr.data(), indices.data(), values.data());
  const RowMatrix wide = filled(n, d);
  ASSERT_GE(static_cast<std::size_t>(sparse.stored()), CenteredDesign::kTeamEntries);
  Vector y(n);
  for (Eigen::Index i = 0; i < n; ++i) y[i] = std::sin(0.3 * static_cast<double>(i)) + X(i, 0) - 0.5 * X(i, 7);
  for (const DataMatrix& data : {DataMatrix(wide.data(), n, d), sparse}) {
    SCOPED_TRACE(data.sparse() ? "sparse" : "dense");
    CoordinateDescentOptions options;
    const CenteredDesign design(data);
    EXPECT_EQ(design.team(true) != nullptr, availableThreads() > 1);  // the team from the first pass on
    const Result a = elasticNetCoordinateDescent(design, y, 0.02, 1, options, {});
    std::vector<Result> b(2);
    std::vector<char> untethered(2, 0);
    parallelFor(
        2, 2,
        [&](std::size_t t) {
          const CenteredDesign inner(data);
          untethered[t] = inner.team() == nullptr;
          b[t] = elasticNetCoordinateDescent(inner, y, 0.02, 1, options, {});
        },
        [](std::size_t) { return true; });
    EXPECT_EQ(a.status, Status::Converged);
    EXPECT_GT((a.coef.array() != 0).count(), 0);
    for (int t = 0; t < 2; ++t) {
      EXPECT_EQ(untethered[t] != 0 || availableThreads() < 2, true);
      EXPECT_EQ(a.coef, b[t].coef);
      EXPECT_EQ(a.history, b[t].history);
    }
  }
}

// Xcᵀ r read from X in place (Xᵀr − μ 1ᵀr, no centred copy): against Xcᵀ r from the centred
// matrix (Eigen), and the same bits on the team as inside a parallelFor task; a CSR design's
// equals its multiplyTransposed.
TEST(ThreadedProducts, TransposedProductInPlaceIsXcTransposedR) {
  const Eigen::Index n = 1203, d = 1747;
  const RowMatrix X = filled(n, d);
  Vector r(n);
  for (Eigen::Index i = 0; i < n; ++i) r[i] = std::sin(1.3 * static_cast<double>(i)) - 0.2;
  const CenteredDesign design(DataMatrix(X.data(), n, d));
  Vector g(d);
  design.multiplyTransposedInPlace(r.data(), g.data());
  const RowMatrix Xc = X.rowwise() - X.colwise().mean();
  const Vector expected = Xc.transpose() * r;
  EXPECT_LE((g - expected).cwiseAbs().maxCoeff(), 1e-11 * (X.cwiseAbs().transpose() * r.cwiseAbs()).maxCoeff());
  Vector inTask(d);
  parallelFor(
      2, 2,
      [&](std::size_t t) {
        if (t != 0) return;
        const CenteredDesign inner(DataMatrix(X.data(), n, d));
        inner.multiplyTransposedInPlace(r.data(), inTask.data());
      },
      [](std::size_t) { return true; });
  EXPECT_EQ(inTask, g);
  std::vector<std::int32_t> indptr{0}, indices;
  std::vector<double> values;
  for (Eigen::Index i = 0; i < 40; ++i) {
    for (Eigen::Index j = 0; j < 30; ++j)
      if ((i + j) % 3 == 0) {
        indices.push_back(static_cast<std::int32_t>(j));
        values.push_back(X(i, j));
      }
    indptr.push_back(static_cast<std::int32_t>(values.size()));
  }
  const CenteredDesign sparse(DataMatrix(40, 30, indptr.data(), indices.data(), values.data()));
  Vector a(30), b(30);
  sparse.multiplyTransposedInPlace(r.data(), a.data());
  sparse.multiplyTransposed(r.data(), b.data());
  EXPECT_EQ(a, b);
}
