// The datasets a module holds (methods/held_datasets.hpp): found by id until released, refused by
// field when their arrays are malformed, and their memory counted exactly — the arrays, then what
// a fit on one derives — as a call's memory pre-check reads it (Problem::heldBytes; the
// refusal itself needs wasm32's bounded address space: tests/web).
#include <gtest/gtest.h>

#include <cmath>

#include "problems.hpp"
#include "supclust/methods/held_datasets.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

namespace {
StoredData storedOf(const RowMatrix& X) {
  StoredData s{false, X.rows(), X.cols()};
  s.values = UninitialisedVector<double>(static_cast<std::size_t>(X.size()));
  std::copy(X.data(), X.data() + X.size(), s.values.data());
  return s;
}
}  // namespace

TEST(HeldDatasets, FoundByIdUntilReleasedAndCountedExactly) {
  const SyntheticProblem p = generateE1(50, 8, 2, 0.5, 3);
  HeldDatasets held;
  EXPECT_EQ(held.bytes(), 0);
  ASSERT_TRUE(held.hold(7, storedOf(p.X)).empty());
  const HeldDesign* design = held.find(7);
  ASSERT_NE(design, nullptr);
  EXPECT_EQ(held.find(8), nullptr);
  // The arrays and the column means the check made.
  EXPECT_EQ(held.bytes(), 8.0 * 50 * 8 + 8.0 * 8);
  // A fit on the held design derives its centred rows (ridge reads the products' form) and its
  // columns' standard deviations (the scale warning's): counted.
  const Problem problem{design->X(), {p.y.data(), p.y.size()}, 1, design, held.bytes()};
  Params params;
  params.numbers["lambda"] = 0.1;
  ASSERT_EQ(fit("ridge", problem, params).status, Status::Converged);
  EXPECT_EQ(held.bytes(), 8.0 * 50 * 8 + 8.0 * 8 + 8.0 * 50 * 8 + 8.0 * 8);
  // The same id replaces the dataset (and its derived parts); release frees it.
  ASSERT_TRUE(held.hold(7, storedOf(p.X.topRows(10))).empty());
  EXPECT_EQ(held.bytes(), 8.0 * 10 * 8 + 8.0 * 8);
  held.release(7);
  EXPECT_EQ(held.find(7), nullptr);
  EXPECT_EQ(held.bytes(), 0);
}

TEST(HeldDatasets, MalformedArraysAreRefusedByField) {
  RowMatrix X = RowMatrix::Ones(4, 3);
  X(2, 1) = NAN;
  HeldDatasets held;
  const Refusal why = held.hold(1, storedOf(X));
  EXPECT_EQ(why.field, "X");
  EXPECT_EQ(why.message(), "X: must be finite (row 2, column 1 is NaN)");
  StoredData short_ = storedOf(RowMatrix::Ones(4, 3));
  short_.rows = 5;
  EXPECT_EQ(held.hold(2, std::move(short_)).field, "X");
  EXPECT_EQ(held.find(1), nullptr);
  EXPECT_EQ(held.bytes(), 0);
}
