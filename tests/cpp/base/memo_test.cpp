// The memo behind a call's shared relaxations and ridge fits: its hash, eviction order and caps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>
#include <vector>

#include "supclust/base/memo.hpp"

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
  EXPECT_EQ(memo.size(), 3u);  // the entry cap
  EXPECT_FALSE(memo.find(keyOf(0), out));  // the oldest went first
  ASSERT_TRUE(memo.find(keyOf(3), out));
  EXPECT_EQ(out, std::vector<double>(2, 3));
  memo.remember(keyOf(4), std::vector<double>(7, 4));  // 56 bytes: after the entry cap drops
      // key 1, 16 + 16 + 56 > 80 drops key 2
  EXPECT_EQ(memo.size(), 2u);
  EXPECT_FALSE(memo.find(keyOf(2), out));
  EXPECT_TRUE(memo.find(keyOf(4), out));
  memo.remember(keyOf(5), std::vector<double>(11, 5));  // larger than the whole cap: not kept,
  EXPECT_FALSE(memo.find(keyOf(5), out));  // and nothing else is pushed out for it
  EXPECT_EQ(memo.size(), 2u);
  EXPECT_EQ(memo.hits(), 2u);
}

namespace {
Hash128::Key keyOf(const std::vector<double>& v) {
  Hash128 h;
  h.add(v.data(), v.size() * sizeof(double));
  return h.value();
}
int differingBits(const Hash128::Key& a, const Hash128::Key& b) {
  return __builtin_popcountll(a[0] ^ b[0]) + __builtin_popcountll(a[1] ^ b[1]);
}
}  // namespace

// Structured inputs a multiply-only hash confuses: every sign pattern of 16 entries, one entry
// negated at every position, zeros against negative zeros, powers of two, one-ulp steps and
// swapped entries. All distinct inputs must get distinct keys (brute force over 65 536 + …).
TEST(Memo, NoCollisionsOnStructuredInputs) {
  std::set<Hash128::Key> seen;
  std::size_t inputs = 0;
  const auto insert = [&](const std::vector<double>& v) {
    ++inputs;
    seen.insert(keyOf(v));
  };
  const std::vector<double> base{1.5, -2.25, 3, 0.125, 7, -1, 2, 4, 8, 0.5, -0.75, 6, 9, 10, 11, 12};
  for (unsigned pattern = 0; pattern < (1u << 16); ++pattern) {
    std::vector<double> v = base;
    for (int j = 0; j < 16; ++j)
      if (pattern & (1u << j)) v[static_cast<std::size_t>(j)] = -v[static_cast<std::size_t>(j)];
    insert(v);
  }
  for (int zeros = 0; zeros < (1 << 10); ++zeros) {  // 0 against −0 in 10 places
    std::vector<double> v(10, 0.0);
    for (int j = 0; j < 10; ++j)
      if (zeros & (1 << j)) v[static_cast<std::size_t>(j)] = -0.0;
    insert(v);
  }
  for (int e = -1074; e <= 1023; ++e) insert({std::ldexp(1.0, e), 1.0});  // powers of two
  for (int e = -1074; e <= 1023; ++e)
    if (e != 0) insert({1.0, std::ldexp(1.0, e)});  // (1, 1) is already in
  std::vector<double> ulp = base;
  for (int k = 0; k < 1000; ++k) {  // one-ulp steps of one entry
    ulp[5] = std::nextafter(ulp[5], 2.0);
    insert(ulp);
  }
  for (std::size_t i = 0; i < base.size(); ++i)  // every transposition of two entries
    for (std::size_t j = i + 1; j < base.size(); ++j) {
      std::vector<double> v = base;
      std::swap(v[i], v[j]);
      insert(v);
    }
  EXPECT_EQ(seen.size(), inputs);
}

// Full avalanche: flipping any one input bit (the sign bit included) flips each output bit with
// probability about 1/2, so on average 64 of the 128, and never fewer than 32 in these trials.
TEST(Memo, EveryInputBitReachesTheWholeKey) {
  std::vector<double> v{0.3, -1.7, 2.9, 1e-300, 5e200, 0, 42, -0.5};
  const Hash128::Key k0 = keyOf(v);
  std::vector<int> flips(128, 0);
  double total = 0;
  int trials = 0, fewest = 128;
  for (std::size_t i = 0; i < v.size(); ++i)
    for (int bit = 0; bit < 64; ++bit) {
      std::vector<double> w = v;
      std::uint64_t word;
      std::memcpy(&word, &w[i], 8);
      word ^= std::uint64_t{1} << bit;
      std::memcpy(&w[i], &word, 8);
      const Hash128::Key k = keyOf(w);
      const int changed = differingBits(k0, k);
      for (int o = 0; o < 128; ++o)
        if ((((o < 64 ? k0[0] ^ k[0] : k0[1] ^ k[1]) >> (o % 64)) & 1) != 0) ++flips[static_cast<std::size_t>(o)];
      total += changed;
      fewest = std::min(fewest, changed);
      ++trials;
    }
  EXPECT_NEAR(total / trials, 64, 2);
  EXPECT_GE(fewest, 32);
  for (int o = 0; o < 128; ++o) {  // each output bit flips in 35–65 % of the 512 trials
    EXPECT_GT(flips[static_cast<std::size_t>(o)], trials * 35 / 100) << "output bit " << o;
    EXPECT_LT(flips[static_cast<std::size_t>(o)], trials * 65 / 100) << "output bit " << o;
  }
}

// The same bytes cut into different pieces are different inputs (each piece's length counts).
TEST(Memo, PieceBoundariesCount) {
  const double a[2] = {1, 2};
  Hash128 whole, split;
  whole.add(a, sizeof a);
  split.add(a, 8);
  split.add(a + 1, 8);
  EXPECT_NE(whole.value(), split.value());
}
