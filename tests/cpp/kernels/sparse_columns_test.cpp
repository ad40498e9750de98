// The design's columns as coordinate descent reads them, against the matrix itself, in both
// storages; and the lasso on a genuinely sparse design (which takes the sparse storage)
// against its KKT certificate computed here from the dense matrix.
#include "supclust/kernels/sparse_columns.hpp"

#include <gtest/gtest.h>

#include <random>

#include "supclust/core/data_matrix.hpp"
#include "supclust/core/design.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/solvers/coordinate_descent.hpp"

using namespace supclust;

namespace {
// Text-like counts: a few per cent non-zero, one empty column, one empty row.
RowMatrix sparseDesign(std::uint64_t seed, int n, int d) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  RowMatrix X = RowMatrix::Zero(n, d);
  for (int i = 1; i < n; ++i)
    for (int j = 1; j < d; ++j)
      if (u(rng) < 0.05) X(i, j) = 1 + std::floor(3 * u(rng));
  return X;
}

// n standard normal draws from the seed.
Vector normalVector(std::uint64_t seed, Eigen::Index n) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  Vector v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = normal(rng);
  return v;
}

Matrix rebuilt(const SparseColumns& c, Eigen::Index rows) {
  Matrix M = Matrix::Zero(rows, c.cols);
  for (Eigen::Index j = 0; j < c.cols; ++j) forEachInColumn(c, j, [&](std::int32_t i, double x) { M(i, j) = x; });
  return M;
}
}  // namespace

TEST(SparseColumns, HoldExactlyTheShiftedEntriesInEitherStorage) {
  const RowMatrix X = sparseDesign(3, 40, 25);
  RowVector shift = RowVector::Zero(25);
  shift[4] = 0.5;  // a shifted column is all non-zero where X is zero
  const Matrix expected = X.rowwise() + shift;
  const SparseColumns sparse = sparseColumnsOf(X, shift);
  EXPECT_FALSE(sparse.dense);
  EXPECT_EQ(sparse.nonZeros(), (expected.array() != 0).count());
  EXPECT_EQ(rebuilt(sparse, 40), expected);
  const SparseColumns dense = sparseColumnsOf(X, shift, 0.0);
  EXPECT_TRUE(dense.dense);
  EXPECT_EQ(rebuilt(dense, 40), expected);
  // Dense storage across the transpose's 64 × 64 tiles and its pairs' tails, from a block of a
  // wider matrix (rows longer than the block's: an outer stride).
  const RowMatrix wide = sparseDesign(7, 75, 140);
  for (const Eigen::Index rows : {70, 71})
    for (const Eigen::Index cols : {130, 131}) {
      const RowVector ramp = RowVector::LinSpaced(cols, -1, 1);
      const Eigen::Ref<const RowMatrix> block = wide.block(3, 5, rows, cols);
      const SparseColumns tiled = sparseColumnsOf(block, ramp, 0.0);
      EXPECT_TRUE(tiled.dense);
      EXPECT_EQ(rebuilt(tiled, rows), Matrix(block.rowwise() + ramp)) << rows << " " << cols;
    }
  // The design's uncentred columns recover the zeros of X exactly: (0 − μ) + μ = 0.
  const CenteredDesign design(X);
  EXPECT_FALSE(design.uncentredColumns().dense);
  EXPECT_EQ(design.uncentredColumns().nonZeros(), (X.array() != 0).count());
  // A design over the caller's dense X reads it in place: its columns are X's entries exactly,
  // and its centred matrix, made on first use, is the eager design's to the bit.
  const CenteredDesign inPlace(DataMatrix(X.data(), 40, 25));
  EXPECT_EQ(rebuilt(inPlace.uncentredColumns(), 40), Matrix(X));
  EXPECT_EQ(inPlace.means(), design.means());
  EXPECT_EQ(inPlace.X(), design.X());
}

// The CSR rows of a dense X's shifted non-zeros, against a listing made here entry by entry; kept
// at a share of exactly their count, refused just below it.
TEST(SparseColumns, NonZeroRowsListTheShiftedNonZerosRowByRow) {
  const RowMatrix X = sparseDesign(4, 33, 21);
  RowVector shift = RowVector::Zero(21);
  shift[2] = -1;  // cancels X's ones in column 2 and fills its zeros
  std::vector<std::int32_t> indptr{0}, indices;
  std::vector<double> values;
  for (Eigen::Index i = 0; i < 33; ++i) {
    for (Eigen::Index j = 0; j < 21; ++j)
      if (X(i, j) + shift[j] != 0) {
        indices.push_back(static_cast<std::int32_t>(j));
        values.push_back(X(i, j) + shift[j]);
      }
    indptr.push_back(static_cast<std::int32_t>(indices.size()));
  }
  const double share = static_cast<double>(values.size()) / (33.0 * 21.0);
  const std::optional<NonZeroRows> r = nonZeroRowsOf(X, shift, share);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->indptr, indptr);
  EXPECT_EQ(std::vector<std::int32_t>(r->indices.begin(), r->indices.end()), indices);
  EXPECT_EQ(std::vector<double>(r->values.begin(), r->values.end()), values);
  EXPECT_FALSE(nonZeroRowsOf(X, shift, share - 1e-9).has_value());
  // All zero: no rows refused, none stored.
  const std::optional<NonZeroRows> none = nonZeroRowsOf(RowMatrix::Zero(3, 4), RowVector::Zero(4), 0.0);
  ASSERT_TRUE(none.has_value());
  EXPECT_EQ(none->indptr, std::vector<std::int32_t>(4, 0));
}

// The column kernels coordinate descent and the proximal Newton read through: the same sums and
// updates in either storage (dense: the two-lane kernels), against the matrix itself.
TEST(SparseColumns, ColumnDotAndAxpyMatchTheMatrixInEitherStorage) {
  const RowMatrix X = sparseDesign(5, 30, 12);
  const Vector v = normalVector(6, 30);
  for (const double denseAbove : {0.5, 0.0}) {
    const SparseColumns c = sparseColumnsOf(X, RowVector::Zero(12), denseAbove);
    for (Eigen::Index j = 0; j < 12; ++j) {
      EXPECT_NEAR(columnDot(c, j, v.data()), X.col(j).dot(v), 1e-12 * (1 + v.norm() * X.col(j).norm())) << j;
      Vector y = v;
      columnAxpy(c, j, 0.3, y.data());
      EXPECT_LE((y - (v + 0.3 * X.col(j))).cwiseAbs().maxCoeff(), 1e-14 * (1 + y.cwiseAbs().maxCoeff())) << j;
    }
  }
}

// columnDots, the full passes' form, gives each column's columnDot to the bit in either storage,
// over any range of columns (four at a time and a tail in dense storage), and leaves the others.
TEST(SparseColumns, ColumnDotsAreEachColumnsDot) {
  const RowMatrix X = sparseDesign(8, 37, 13);
  const Vector v = normalVector(9, 37);
  for (const double denseAbove : {0.5, 0.0}) {
    const SparseColumns c = sparseColumnsOf(X, RowVector::LinSpaced(13, -0.5, 0.5), denseAbove);
    for (const auto& [from, to] :
         std::vector<std::pair<Eigen::Index, Eigen::Index>>{{0, 13}, {1, 12}, {3, 4}, {2, 9}, {5, 5}}) {
      std::vector<double> out(13, -7.0);
      columnDots(c, v.data(), from, to, out.data());
      for (Eigen::Index j = 0; j < 13; ++j) {
        if (j >= from && j < to)
          EXPECT_EQ(out[static_cast<std::size_t>(j)], columnDot(c, j, v.data())) << j << " in " << from << ".." << to;
        else EXPECT_EQ(out[static_cast<std::size_t>(j)], -7.0) << j;
      }
    }
  }
}

TEST(SparseColumns, LassoOnASparseDesignReachesItsCertificate) {
  const RowMatrix X = sparseDesign(5, 120, 300);
  std::mt19937_64 rng(6);
  std::normal_distribution<double> N;
  Vector w = Vector::Zero(300);
  for (int j = 0; j < 300; j += 10) w[j] = N(rng);
  const Vector y = X * w + 0.1 * Vector::NullaryExpr(120, [&] { return N(rng); });
  const CenteredDesign design(X);
  ASSERT_FALSE(design.uncentredColumns().dense);
  for (double lambda : {0.05, 0.005}) {
    const Result r = elasticNetCoordinateDescent(design, y, lambda, 1, {100000, 1e-10}, {});
    ASSERT_EQ(r.status, Status::Converged);
    // ∇ of 1/(2n)‖Xc w + ȳ − y‖² from the dense matrix, and the ℓ1 violation of every coordinate.
    const RowMatrix Xc = X.rowwise() - X.colwise().mean();
    const Vector grad = Xc.transpose() * (Xc * r.coef.col(0) + Vector::Constant(120, r.intercept[0]) - y) / 120.0;
    double worst = 0;
    for (Eigen::Index j = 0; j < 300; ++j) worst = std::max(worst, l1Violation(r.coef(j, 0), grad[j], lambda));
    EXPECT_LE(worst, 1e-8) << "λ = " << lambda;
    EXPECT_GT((r.coef.array() != 0).count(), 0);
  }
}
