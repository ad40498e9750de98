// Re-sorting from a kept order (kernels/resort): the keys-carried insertion sort gives exactly
// std::sort's order (decreasing, ties by index) from any start, keeps its keys in step, and when
// its budget runs out returns false with a permutation still in hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "supclust/base/random.hpp"
#include "supclust/kernels/resort.hpp"

using namespace supclust;

TEST(Resort, KeysCarriedInsertionSortIsStdSortsOrder) {
  Random rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t d = 1 + static_cast<std::size_t>(rng.uniform() * 60);
    std::vector<double> v(d);
    for (auto& x : v) x = std::round(rng.normal() * 3) / 2;  // many ties
    std::vector<std::int32_t> expected(d);
    std::iota(expected.begin(), expected.end(), 0);
    std::sort(expected.begin(), expected.end(),
              [&](std::int32_t a, std::int32_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); });
    std::vector<std::int32_t> order(d);
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t i = d; i > 1; --i)
      std::swap(order[i - 1], order[static_cast<std::size_t>(rng.uniform() * static_cast<double>(i))]);
    std::vector<double> keys(d);
    for (std::size_t k = 0; k < d; ++k) keys[k] = v[static_cast<std::size_t>(order[k])];
    ASSERT_TRUE(resortByKeys(keys, order, d * d));
    EXPECT_EQ(order, expected);
    for (std::size_t k = 0; k < d; ++k) EXPECT_EQ(keys[k], v[static_cast<std::size_t>(order[k])]);
    // The wrapper, from that order after a small change and from a stale size.
    v[trial % d] += 0.75;
    std::iota(expected.begin(), expected.end(), 0);
    std::sort(expected.begin(), expected.end(),
              [&](std::int32_t a, std::int32_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); });
    sortByDecreasingValue(v.data(), d, order);
    EXPECT_EQ(order, expected);
    std::vector<std::int32_t> fresh;
    sortByDecreasingValue(v.data(), d, fresh);
    EXPECT_EQ(fresh, expected);
  }
}

TEST(Resort, GivingUpLeavesAPermutation) {
  std::vector<double> v(50);
  for (std::size_t i = 0; i < 50; ++i) v[i] = static_cast<double>(i);  // ascending: the worst start
  std::vector<std::int32_t> order(50);
  std::iota(order.begin(), order.end(), 0);
  std::vector<double> keys = v;
  EXPECT_FALSE(resortByKeys(keys, order, 100));
  std::vector<std::int32_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (std::int32_t i = 0; i < 50; ++i) EXPECT_EQ(sorted[static_cast<std::size_t>(i)], i);
}
