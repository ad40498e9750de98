// Two shortcuts that must not change an answer's bits: Random::below's one-division path
// (against the rejection rule written out with both divisions) and partitionOfDistinctRows's
// radix path for one column (against a brute-force grouping in index order).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "supclust/base/random.hpp"
#include "supclust/core/structure.hpp"

namespace supclust {
namespace {

// The rule as defined: reject draws at or above M − (M mod k), then take the draw mod k.
std::uint64_t belowByDefinition(Random& rng, std::uint64_t k) {
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % k);
  std::uint64_t x;
  do x = rng.next();
  while (x >= limit);
  return x % k;
}

TEST(RandomBelow, DrawsWhatTheRejectionRuleDraws) {
  // Small k (the shuffles'), and k near 2⁶⁴ where a third of the draws or more are rejected.
  const std::vector<std::uint64_t> ks = {
      1, 2, 3, 7, 1000, 2000, 1ull << 32, (1ull << 63) + 1, ~std::uint64_t{0} / 3 * 2, ~std::uint64_t{0}};
  for (const std::uint64_t k : ks) {
    Random a(42), b(42);
    for (int t = 0; t < 20000; ++t) ASSERT_EQ(a.below(k), belowByDefinition(b, k)) << "k = " << k << ", draw " << t;
    EXPECT_EQ(a.next(), b.next()) << "k = " << k << ": the two consumed different numbers of draws";
  }
}

// Brute force: row i joins the group of the first earlier row equal to it (entrywise ==, so
// -0.0 joins +0.0); groups numbered by their smallest value in rowLess order.
void expectSamePartition(const Matrix& W) {
  const Partition p = partitionOfDistinctRows(W);
  const Eigen::Index d = W.rows();
  std::vector<Eigen::Index> first(static_cast<std::size_t>(d));
  for (Eigen::Index i = 0; i < d; ++i) {
    first[static_cast<std::size_t>(i)] = i;
    for (Eigen::Index j = 0; j < i; ++j)
      if ((W.row(j).array() == W.row(i).array()).all()) {
        first[static_cast<std::size_t>(i)] = first[static_cast<std::size_t>(j)];
        break;
      }
  }
  // The group's rank: how many distinct rows are below its first row.
  std::vector<Eigen::Index> firsts;
  for (Eigen::Index i = 0; i < d; ++i)
    if (first[static_cast<std::size_t>(i)] == i) firsts.push_back(i);
  auto less = [&W](Eigen::Index a, Eigen::Index b) {
    for (Eigen::Index k = 0; k < W.cols(); ++k)
      if (W(a, k) != W(b, k)) return W(a, k) < W(b, k);
    return false;
  };
  ASSERT_EQ(p.centroids.rows(), static_cast<Eigen::Index>(firsts.size()));
  for (Eigen::Index i = 0; i < d; ++i) {
    const Eigen::Index f = first[static_cast<std::size_t>(i)];
    std::int32_t rank = 0;
    for (const Eigen::Index g : firsts) rank += less(g, f);
    ASSERT_EQ(p.labels[static_cast<std::size_t>(i)], rank) << "row " << i;
    // The centroid is the group's first row, bit for bit (the sign of a zero included).
    for (Eigen::Index k = 0; k < W.cols(); ++k)
      ASSERT_EQ(std::memcmp(&p.centroids(rank, k), &W(f, k), sizeof(double)), 0) << "row " << i;
  }
}

Matrix tiedValues(Eigen::Index d, Eigen::Index cols, std::uint64_t seed) {
  Random rng(seed);
  Matrix W(d, cols);
  for (Eigen::Index i = 0; i < W.size(); ++i) {
    const std::uint64_t pick = rng.below(5);
    W.data()[i] = pick == 0 ? 0.0 : pick == 1 ? -0.0 : static_cast<double>(rng.below(40)) - 20 + (pick == 4 ? 0.5 : 0);
  }
  return W;
}

TEST(PartitionOfDistinctRows, GroupsEqualRowsInOrderOfValue) {
  expectSamePartition(tiedValues(300, 1, 1));  // one column, below the radix sort's threshold
  expectSamePartition(tiedValues(5000, 1, 2));  // one column, radix
  expectSamePartition(tiedValues(400, 2, 3));  // two columns: the comparison sort
  Matrix negativeZeroFirst(3000, 1);
  negativeZeroFirst.setConstant(0.0);
  negativeZeroFirst(0, 0) = -0.0;  // the zero group's first row is the -0.0
  expectSamePartition(negativeZeroFirst);
}

}  // namespace
}  // namespace supclust
