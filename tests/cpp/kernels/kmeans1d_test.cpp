#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/radix_sort.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "reference.hpp"

using supclust::KMeans1D;
using supclust::kmeans1d;
using supclust::KMeans1DResult;

namespace {
// The reported result must be self-consistent: labels in range, centroids ascending and equal
// to their groups' means, sse equal to the labelling's SSE.
void expectConsistent(const std::vector<double>& u, const KMeans1DResult& r, int Q) {
  const int G = static_cast<int>(r.centroids.size());
  ASSERT_LE(G, Q);
  ASSERT_EQ(r.labels.size(), u.size());
  for (int g = 1; g < G; ++g) EXPECT_LT(r.centroids[g - 1], r.centroids[g]);
  std::vector<int> labels(r.labels.begin(), r.labels.end());
  for (int l : labels) ASSERT_TRUE(l >= 0 && l < G);
  EXPECT_TRUE(ref::closeRel(ref::sse(u, labels, G), r.sse, 1e-12, 1e-300));
}
}  // namespace

TEST(KMeans1D, MatchesBruteForceOverAllPartitions) {
  std::mt19937_64 rng(1);
  for (int d = 1; d <= 9; ++d)
    for (int rep = 0; rep < 6; ++rep) {
      const auto u = ref::randomVector(rng, d, 1.0, rep % 3 == 0);  // integers give ties
      for (int Q = 1; Q <= d; ++Q) {
        const auto r = kmeans1d(u.data(), u.size(), Q);
        expectConsistent(u, r, Q);
        EXPECT_TRUE(ref::closeRel(r.sse, ref::bruteKMeans(u, Q), 1e-9, 1e-12))
            << "d=" << d << " Q=" << Q << " sse=" << r.sse;
      }
    }
}

TEST(KMeans1D, MatchesNaiveDynamicProgramme) {
  std::mt19937_64 rng(2);
  for (int d : {10, 57, 300, 1000, 2000})
    for (int Q : {2, 3, 5, 15, 40}) {
      if (Q > d) continue;
      const auto u = ref::randomVector(rng, d, 3.0);
      const auto r = kmeans1d(u.data(), u.size(), Q);
      expectConsistent(u, r, Q);
      EXPECT_TRUE(ref::closeRel(r.sse, ref::naiveDP(u, Q), 1e-9)) << "d=" << d << " Q=" << Q;
    }
}

TEST(KMeans1D, TiesAreNeverSplit) {
  const std::vector<double> u = {2, 1, 1, 3, 2, 1, 3, 3, 2};
  for (int Q = 1; Q <= 3; ++Q) {
    const auto r = kmeans1d(u.data(), u.size(), Q);
    for (std::size_t i = 0; i < u.size(); ++i)
      for (std::size_t j = 0; j < u.size(); ++j)
        if (u[i] == u[j]) EXPECT_EQ(r.labels[i], r.labels[j]);
    EXPECT_TRUE(ref::closeRel(r.sse, ref::bruteKMeans(u, Q), 1e-12));
  }
}

TEST(KMeans1D, QAtLeastDistinctValuesReturnsInput) {
  const std::vector<double> u = {0.5, -2, 0.5, 7, -2};
  for (int Q : {3, 4, 10}) {
    const auto r = kmeans1d(u.data(), u.size(), Q);
    EXPECT_EQ(r.sse, 0.0);
    ASSERT_EQ(r.centroids.size(), 3u);
    for (std::size_t i = 0; i < u.size(); ++i) EXPECT_EQ(r.centroids[r.labels[i]], u[i]);
  }
}

TEST(KMeans1D, SingleGroupIsTheMeanAndSingleValueIsExact) {
  const std::vector<double> u = {1, 2, 3, 10};
  const auto r = kmeans1d(u.data(), u.size(), 1);
  ASSERT_EQ(r.centroids.size(), 1u);
  EXPECT_DOUBLE_EQ(r.centroids[0], 4.0);
  EXPECT_DOUBLE_EQ(r.sse, 9 + 4 + 1 + 36);
  const double one = -3.25;
  const auto s = kmeans1d(&one, 1, 4);
  ASSERT_EQ(s.centroids.size(), 1u);
  EXPECT_EQ(s.centroids[0], one);
  EXPECT_EQ(s.labels[0], 0);
  EXPECT_EQ(s.sse, 0.0);
}

TEST(KMeans1D, HugeAndTinyMagnitudesGiveTheSamePartition) {
  std::mt19937_64 rng(3);
  const auto u = ref::randomVector(rng, 500, 1.0);
  const auto base = kmeans1d(u.data(), u.size(), 7);
  // (Scales whose squared SSE would overflow a double are pointless: the SSE itself is inf.)
  for (double scale : {1e150, 1e-150, 1e120, 1e-120}) {
    std::vector<double> v(u);
    for (double& x : v) x *= scale;
    const auto r = kmeans1d(v.data(), v.size(), 7);
    EXPECT_EQ(r.labels, base.labels) << "scale " << scale;
    EXPECT_TRUE(std::isfinite(r.sse));
    EXPECT_TRUE(ref::closeRel(r.sse / (scale * scale), base.sse, 1e-9)) << "scale " << scale;
  }
  // A large common offset must not destroy the within-cluster precision.
  std::vector<double> shifted(u);
  for (double& x : shifted) x += 1e6;
  const auto r = kmeans1d(shifted.data(), shifted.size(), 7);
  EXPECT_EQ(r.labels, base.labels);
}

TEST(KMeans1D, ReusedWorkspaceMatchesFreshSolveOnPerturbedInputs) {
  std::mt19937_64 rng(4);
  std::normal_distribution<double> N(0, 1);
  auto u = ref::randomVector(rng, 800, 2.0);
  KMeans1D ws;
  KMeans1DResult r;
  for (int it = 0; it < 20; ++it) {
    const double eps = it < 10 ? 1e-3 : 1.0;  // small moves (adaptive sort) then large ones
    for (double& x : u) x += eps * N(rng);
    ws.solve(u.data(), u.size(), 6, r);
    const auto fresh = kmeans1d(u.data(), u.size(), 6);
    EXPECT_EQ(r.labels, fresh.labels);
    EXPECT_EQ(r.sse, fresh.sse);
  }
}

TEST(RadixSorter, SortsLikeAComparisonSortOnBothSidesOfTheThreshold) {
  std::mt19937_64 rng(5);
  for (std::size_t d : {std::size_t{1}, std::size_t{7}, supclust::RadixSorter::kRadixFrom - 1,
                        supclust::RadixSorter::kRadixFrom, std::size_t{50000}}) {
    auto u = ref::randomVector(rng, static_cast<int>(d), 1e3, d % 2 == 0);  // even: ties
    if (d > 3) {
      u[0] = -0.0;
      u[1] = 0.0;
      u[2] = -1e-310;  // subnormal
    }
    std::vector<std::int32_t> order(d), expected(d);
    supclust::RadixSorter().sort(u.data(), d, order.data());
    std::iota(expected.begin(), expected.end(), 0);
    std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) { return u[a] < u[b]; });
    // -0.0 and 0.0 compare equal; the sorter may order them by sign, so compare values.
    for (std::size_t k = 0; k < d; ++k) EXPECT_EQ(u[order[k]], u[expected[k]]) << "d=" << d << " k=" << k;
    for (std::size_t k = 1; k < d; ++k)
      if (u[order[k]] == u[order[k - 1]] && !(u[order[k]] == 0)) EXPECT_LT(order[k - 1], order[k]);
  }
}

// Mixed magnitudes (a huge value beside tiny ones) hide the small values' partition from
// prefix sums formed in doubles; the DP must still be optimal to its stated accuracy:
// relative SegmentDP::kRelativeAccuracy, plus an absolute m·2^-104 of the sum of squares.
TEST(KMeans1D, OptimalOnMixedMagnitudesAgainstTwoPassDP) {
  std::mt19937_64 rng(20261122);
  std::uniform_int_distribution<int> size(2, 10), coin(0, 1);
  std::uniform_real_distribution<double> exponent(-12, 8), mantissa(1, 10);
  int failures = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int d = size(rng);
    std::vector<double> u(d);
    for (double& x : u) x = (coin(rng) ? -1 : 1) * mantissa(rng) * std::pow(10.0, exponent(rng));
    const int Q = 1 + static_cast<int>(rng() % static_cast<unsigned>(d));
    const KMeans1DResult r = kmeans1d(u.data(), u.size(), Q);
    std::vector<int> labels(r.labels.begin(), r.labels.end());
    const long double ours = ref::sse(u, labels, static_cast<int>(r.centroids.size()));
    const long double best = ref::twoPassDP(u, Q);
    long double squares = 0;
    for (double x : u) squares += static_cast<long double>(x) * x;
    const long double allowed = best * (1 + 2e-7L) + 1e-28L * squares;
    if (!(ours <= allowed)) {
      if (++failures <= 3)
        ADD_FAILURE() << "trial " << trial << ", Q = " << Q << ": SSE " << static_cast<double>(ours)
                      << " against the optimum " << static_cast<double>(best);
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(KMeans1D, TheIssuesMixedMagnitudeExampleIsOptimal) {
  const std::vector<double> u = {0.0182, 3.3e-8, 7.86e-5, 3.56e-4, -4.94e7, 2.24e4};
  const KMeans1DResult r = kmeans1d(u.data(), u.size(), 4);
  const long double best = ref::twoPassDP(u, 4);
  EXPECT_LE(r.sse, static_cast<double>(best) * (1 + 2e-7));
}

TEST(KMeans1D, IdenticalValuesAreExact) {
  for (double v : {0.1, -1e-300, 1.7e308, 3.0, 1.0 / 3}) {
    const std::vector<double> u(7, v);
    for (int Q : {1, 2, 5}) {
      const KMeans1DResult r = kmeans1d(u.data(), u.size(), Q);
      ASSERT_EQ(r.centroids.size(), 1u);
      EXPECT_EQ(r.centroids[0], v);
      EXPECT_EQ(r.sse, 0.0);
    }
  }
  // Two groups of repeated values beside each other: each centroid is its value exactly.
  const std::vector<double> u = {0.1, 0.7, 0.1, 0.7, 0.1, 0.7, 0.1};
  const KMeans1DResult r = kmeans1d(u.data(), u.size(), 2);
  EXPECT_EQ(r.centroids, (std::vector<double>{0.1, 0.7}));
  EXPECT_EQ(r.sse, 0.0);
}

TEST(KMeans1D, MeansNearTheLargestDoubleDoNotOverflow) {
  const std::vector<double> u = {1e308, 1.7e308};
  const KMeans1DResult one = kmeans1d(u.data(), u.size(), 1);
  EXPECT_DOUBLE_EQ(one.centroids[0], 1.35e308);
  EXPECT_TRUE(std::isinf(one.sse));  // 2 · (3.5e307)² exceeds the largest double: inf is its value
  const KMeans1DResult two = kmeans1d(u.data(), u.size(), 2);
  EXPECT_EQ(two.centroids, u);
  EXPECT_EQ(two.sse, 0.0);
  const std::vector<double> both = {-1.7e308, 1.7e308, -1.7e308};
  const KMeans1DResult r = kmeans1d(both.data(), both.size(), 1);
  EXPECT_DOUBLE_EQ(r.centroids[0], -1.7e308 / 3);
  const std::vector<double> many = {1.6e308, 1.7e308, 1.65e308, -1e308, -1.1e308};
  const KMeans1DResult m = kmeans1d(many.data(), many.size(), 2);
  EXPECT_EQ(m.labels, (std::vector<std::int32_t>{1, 1, 1, 0, 0}));
  EXPECT_DOUBLE_EQ(m.centroids[1], 1.65e308);
  EXPECT_DOUBLE_EQ(m.centroids[0], -1.05e308);
}

TEST(KMeans1D, SizesBeyondTheDPsMemoryAreRejectedNamingQ) {
  EXPECT_EQ(supclust::checkKMeans1D(65538, 65536).message().rfind("Q: ", 0), 0u);
  EXPECT_EQ(supclust::checkKMeans1D(65538, 65538).message(), "");  // Q >= d: no DP, each value its own group
  EXPECT_EQ(supclust::checkKMeans1D(65538, std::int64_t{1} << 40).message(), "");
  EXPECT_EQ(supclust::checkKMeans1D(100000, 2000).message(), "");  // 2e8 split indices: within 2^28
  EXPECT_EQ(supclust::checkKMeans1D(10, 0).message().rfind("Q: ", 0), 0u);
  EXPECT_EQ(supclust::checkKMeans1D(0, 3).message().rfind("values: ", 0), 0u);
}
