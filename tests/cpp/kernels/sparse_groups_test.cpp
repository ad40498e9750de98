#include "supclust/kernels/sparse_groups.hpp"

#include <gtest/gtest.h>

#include <set>

#include "reference.hpp"

using supclust::projectSparseGroups;

namespace {
double distance2(const std::vector<double>& a, const std::vector<double>& b) {
  long double t = 0;
  for (std::size_t i = 0; i < a.size(); ++i) t += (long double)(a[i] - b[i]) * (a[i] - b[i]);
  return static_cast<double>(t);
}

// Feasibility and internal consistency of a projection.
void expectFeasible(const std::vector<double>& u, const supclust::SparseGroupsResult& r, std::size_t s, int Q) {
  std::size_t nonzero = 0;
  std::set<double> distinct;
  for (std::size_t i = 0; i < u.size(); ++i) {
    ASSERT_GE(r.labels[i], 0);
    ASSERT_LT(r.labels[i], static_cast<int>(r.centroids.size()));
    EXPECT_EQ(r.values[i], r.centroids[r.labels[i]]);
    if (r.values[i] != 0) {
      ++nonzero;
      distinct.insert(r.values[i]);
    }
  }
  EXPECT_LE(nonzero, std::min(s, u.size()));
  EXPECT_LE(distinct.size(), static_cast<std::size_t>(Q));
  for (std::size_t g = 1; g < r.centroids.size(); ++g) EXPECT_LT(r.centroids[g - 1], r.centroids[g]);
}
}  // namespace

TEST(SparseGroups, MatchesBruteForceEnumeration) {
  std::mt19937_64 rng(11);
  for (int d = 1; d <= 8; ++d)
    for (int rep = 0; rep < 3; ++rep) {
      auto u = ref::randomVector(rng, d, 1.0, rep == 2);  // integers: ties and zeros
      for (int s = 1; s <= d; ++s)
        for (int Q = 1; Q <= s; ++Q) {
          const auto r = projectSparseGroups(u.data(), u.size(), s, Q);
          expectFeasible(u, r, s, Q);
          EXPECT_TRUE(ref::closeRel(distance2(r.values, u), ref::bruteSparse(u, s, Q), 1e-9, 1e-12))
              << "d=" << d << " s=" << s << " Q=" << Q;
        }
    }
}

TEST(SparseGroups, MatchesThePapersQuadraticRecursion) {
  std::mt19937_64 rng(12);
  for (int d : {12, 40, 90})
    for (int s : {1, 5, 20, 60, 90})
      for (int Q : {1, 2, 4, 7}) {
        if (s > d || Q > s) continue;
        const auto u = ref::randomVector(rng, d, 2.0);
        const auto r = projectSparseGroups(u.data(), u.size(), s, Q);
        expectFeasible(u, r, s, Q);
        EXPECT_TRUE(ref::closeRel(distance2(r.values, u), ref::paperSparse(u, s, Q), 1e-9, 1e-12))
            << "d=" << d << " s=" << s << " Q=" << Q;
      }
}

TEST(SparseGroups, NoSparsityBudgetEqualsKMeansWithFreeZeroGroupOrBetter) {
  // With s >= d the only difference from 1-D k-means is the free zero group: never worse.
  std::mt19937_64 rng(13);
  const auto u = ref::randomVector(rng, 200, 1.0);
  for (int Q : {1, 3, 8}) {
    const auto r = projectSparseGroups(u.data(), u.size(), 1000, Q);
    EXPECT_LE(distance2(r.values, u), ref::naiveDP(u, Q) * (1 + 1e-12));
  }
}

TEST(SparseGroups, AllZeroInputProjectsToZero) {
  const std::vector<double> u(5, 0.0);
  const auto r = projectSparseGroups(u.data(), u.size(), 3, 2);
  ASSERT_EQ(r.centroids.size(), 1u);
  EXPECT_EQ(r.centroids[0], 0.0);
  for (double v : r.values) EXPECT_EQ(v, 0.0);
}

TEST(TopS, KeepsLargestMagnitudesWithLowIndexTieBreak) {
  const std::vector<double> u = {1, -3, 2, 3, -0.5, 2};
  std::vector<double> out(u.size());
  supclust::topSThreshold(u.data(), u.size(), 3, out.data());
  EXPECT_EQ(out, (std::vector<double>{0, -3, 2, 3, 0, 0}));
  supclust::topSThreshold(u.data(), u.size(), 10, out.data());
  EXPECT_EQ(out, u);
}

TEST(SparseGroups, ValuesNearTheLargestDoubleAreKept) {
  const std::vector<double> u = {1.7e308, 1.7e308, 1e308, -1.7e308};
  const auto r = projectSparseGroups(u.data(), u.size(), 3, 2);
  expectFeasible(u, r, 3, 2);
  // The best 3-sparse, 2-valued point keeps 1.7e308 twice and −1.7e308: distance 1e308².
  EXPECT_EQ(r.values, (std::vector<double>{1.7e308, 1.7e308, 0, -1.7e308}));
  const std::vector<double> same(5, 0.1);
  const auto s = projectSparseGroups(same.data(), same.size(), 5, 1);
  EXPECT_EQ(s.values, same);
}
