// The memo behind the shared relaxations and ridge fits: keys, eviction order and its caps.
#include <gtest/gtest.h>

#include <vector>

#include "supclust/core/memo.hpp"

using namespace supclust;

namespace {
std::size_t bytesOf(const std::vector<double>& v) { return v.size() * sizeof(double); }
Hash128::Key keyOf(int i) {
  Hash128 h;
  h.add(i);
  return h.value();
}
}  // namespace

TEST(Memo, HashesDifferOnAnyByte) {
  const double a[3] = {1, 2, 3};
  double b[3] = {1, 2, 3};
  Hash128 ha, hb;
  ha.add(a, sizeof a);
  hb.add(b, sizeof b);
  EXPECT_EQ(ha.value(), hb.value());
  b[2] = 3.0000000000000004;  // the last bit of one entry
  Hash128 hc;
  hc.add(b, sizeof b);
  EXPECT_NE(ha.value(), hc.value());
}

TEST(Memo, ForgetsTheOldestFirstAndKeepsItsCaps) {
  Memo<std::vector<double>> memo(3, 10 * sizeof(double), bytesOf);
  std::vector<double> out;
  for (int i = 0; i < 4; ++i) memo.remember(keyOf(i), std::vector<double>(2, i));  // 16 bytes each
  EXPECT_EQ(memo.size(), 3u);                 // the entry cap
  EXPECT_FALSE(memo.find(keyOf(0), out));     // the oldest went first
  ASSERT_TRUE(memo.find(keyOf(3), out));
  EXPECT_EQ(out, std::vector<double>(2, 3));
  memo.remember(keyOf(4), std::vector<double>(7, 4));  // 56 bytes: after the entry cap drops
                                                       // key 1, 16 + 16 + 56 > 80 drops key 2
  EXPECT_EQ(memo.size(), 2u);
  EXPECT_FALSE(memo.find(keyOf(2), out));
  EXPECT_TRUE(memo.find(keyOf(4), out));
  memo.remember(keyOf(5), std::vector<double>(11, 5));  // larger than the whole cap: not kept,
  EXPECT_FALSE(memo.find(keyOf(5), out));               // and nothing else is pushed out for it
  EXPECT_EQ(memo.size(), 2u);
  EXPECT_EQ(memo.hits(), 2u);
}
