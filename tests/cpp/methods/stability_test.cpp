// Stable groups: the frequencies equal a loop of plain fits on the same subsamples (counted here
// another way), a planted group is stable and noise splits are not, threads change nothing, and
// refusals name their field.
#include "supclust/methods/stability.hpp"

#include <gtest/gtest.h>

#include <set>

#include "supclust/families/catalogue.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {
Params ihcParams(int Q) {
  Params p;
  p.numbers["Q"] = Q;
  p.numbers["lambda"] = 1e-3;
  return p;
}
}  // namespace

TEST(Stability, SubsamplesAreSeededDrawsWithoutReplacement) {
  for (int r = 0; r < 5; ++r) {
    const auto rows = subsampleRows(101, 0.5, 7, r);
    EXPECT_EQ(rows.size(), 51u);
    EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
    EXPECT_EQ(std::set<Eigen::Index>(rows.begin(), rows.end()).size(), rows.size());
    EXPECT_GE(rows.front(), 0);
    EXPECT_LT(rows.back(), 101);
    EXPECT_EQ(subsampleRows(101, 0.5, 7, r), rows);
  }
  EXPECT_NE(subsampleRows(101, 0.5, 7, 0), subsampleRows(101, 0.5, 7, 1));
  EXPECT_NE(subsampleRows(101, 0.5, 7, 0), subsampleRows(101, 0.5, 8, 0));
}

TEST(Stability, FrequenciesAreThoseOfALoopOfFits) {
  const auto p = generateE1(150, 30, 3, 0.5, 4);
  const Problem problem = problemOf(p);
  StabilityOptions o;
  o.resamples = 20;
  o.threads = 1;
  const StabilityResult s = stability(*findMethod("ihc"), problem, ihcParams(3), o);
  ASSERT_EQ(s.status, Status::Converged) << s.message;
  const int d = 30;
  std::vector<double> together(d * d, 0);
  for (int r = 0; r < o.resamples; ++r) {
    const auto rows = subsampleRows(150, o.fraction, o.seed, r);
    std::vector<bool> take(150, false);
    for (auto i : rows) take[static_cast<std::size_t>(i)] = true;
    const Rows sub = selectRows(problem, take);
    const Result f = fit("ihc", sub.view(), ihcParams(3));
    ASSERT_EQ(f.status, Status::Converged);
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j)
        if (f.coef(i, 0) != 0 && f.coef(i, 0) == f.coef(j, 0)) together[i * d + j] += 1.0 / o.resamples;
  }
  ASSERT_EQ(s.coGrouping.size(), together.size());
  for (int i = 0; i < d; ++i) {
    EXPECT_NEAR(s.selection[i], together[i * d + i], 1e-12);
    for (int j = 0; j < d; ++j) EXPECT_NEAR(s.coGrouping[i * d + j], together[i * d + j], 1e-12) << i << ", " << j;
  }
  for (const CoGroupedPair& q : s.pairs) {
    EXPECT_GE(q.frequency, o.threshold);
    EXPECT_EQ(q.frequency, s.coGrouping[q.i * d + q.j]);
  }
  // Threads change nothing.
  StabilityOptions two = o;
  two.threads = 2;
  const StabilityResult t = stability(*findMethod("ihc"), problem, ihcParams(3), two);
  EXPECT_EQ(t.coGrouping, s.coGrouping);
  EXPECT_EQ(t.consensus, s.consensus);
}

TEST(Stability, PlantedGroupsAreStableAndNoiseSplitsAreNot) {
  // Three true values; IHC asked for five splits some group by noise.
  const auto p = generateE1(300, 24, 3, 0.3, 2);
  StabilityOptions o;
  o.resamples = 30;
  const StabilityResult s = stability(*findMethod("ihc"), problemOf(p), ihcParams(3), o);
  ASSERT_EQ(s.status, Status::Converged) << s.message;
  const int d = 24;
  // Pairs with one true value are co-grouped every time; pairs across true values never.
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < d; ++j) {
      if (p.coef[i] == p.coef[j]) EXPECT_EQ(s.coGrouping[i * d + j], 1) << i << ", " << j;
      else EXPECT_EQ(s.coGrouping[i * d + j], 0) << i << ", " << j;
    }
  // The consensus is the truth's partition.
  for (int i = 0; i < d; ++i)
    for (int j = 0; j < d; ++j) EXPECT_EQ(s.consensus[i] == s.consensus[j], p.coef[i] == p.coef[j]);
  // With Q = 6 the true groups split by noise: no pair across a true split is stable, and the pairs
  // within a true group are co-grouped less often than with the right Q.
  const StabilityResult over = stability(*findMethod("ihc"), problemOf(p), ihcParams(6), o);
  double within = 0, count = 0;
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < d; ++j) {
      if (p.coef[i] != p.coef[j]) EXPECT_LT(over.coGrouping[i * d + j], 0.5);
      else within += over.coGrouping[i * d + j], ++count;
    }
  EXPECT_LT(within / count, 0.95);
}

TEST(Stability, RefusalsNameTheirField) {
  const auto p = generateE1(40, 10, 2, 0.5, 1);
  StabilityOptions o;
  o.resamples = 3;
  EXPECT_EQ(stability(*findMethod("experts-am"), problemOf(p), ihcParams(2), o).field, "method");
  EXPECT_EQ(stability(*findMethod("ihc"), problemOf(p), Params{}, o).field, "Q");
  Vector y = p.y;
  y[0] = NAN;
  EXPECT_EQ(stability(*findMethod("ihc"), problemOf(p.X, y), ihcParams(2), o).field, "y");
}

// The resamples dealt to 2 and 3 shards, each a partial with its resamples' partitions (−1 for
// the others), joined and counted: the unsharded answer, bit for bit.
TEST(Stability, ShardedResamplesJoinToTheUnshardedAnswer) {
  const auto p = generateE1(120, 20, 3, 0.5, 5);
  const Problem problem = problemOf(p);
  StabilityOptions o;
  o.resamples = 9;
  const StabilityResult whole = stability(*findMethod("ihc"), problem, ihcParams(3), o);
  ASSERT_EQ(whole.status, Status::Converged) << whole.message;
  const std::size_t d = 20;
  for (int count : {2, 3}) {
    Labels joined(9 * d, -1);
    for (int index = 0; index < count; ++index) {
      StabilityOptions s = o;
      s.shardIndex = index, s.shardCount = count;
      const StabilityResult part = stability(*findMethod("ihc"), problem, ihcParams(3), s);
      ASSERT_EQ(part.status, Status::Converged) << part.message;
      EXPECT_TRUE(part.partial);
      EXPECT_TRUE(part.selection.empty());
      for (std::size_t r = 0; r < 9; ++r)
        for (std::size_t j = 0; j < d; ++j) {
          const int g = part.partitions[r * d + j];
          EXPECT_EQ(g < 0, static_cast<int>(r) % count != index);
          if (g >= 0) joined[r * d + j] = g;
        }
    }
    StabilityOptions m = o;
    m.partitions = joined;
    const StabilityResult merged = stability(*findMethod("ihc"), problem, ihcParams(3), m);
    ASSERT_EQ(merged.status, Status::Converged) << merged.message;
    EXPECT_EQ(merged.selection, whole.selection);
    EXPECT_EQ(merged.coGrouping, whole.coGrouping);
    EXPECT_EQ(merged.consensus, whole.consensus);
    ASSERT_EQ(merged.pairs.size(), whole.pairs.size());
    for (std::size_t t = 0; t < whole.pairs.size(); ++t) EXPECT_EQ(merged.pairs[t].frequency, whole.pairs[t].frequency);
  }
  StabilityOptions bad = o;
  bad.partitions = Labels(5, 0);
  EXPECT_EQ(stability(*findMethod("ihc"), problem, ihcParams(3), bad).field, "partitions");
}

// With standardize, pairs are co-grouped by the coefficients as fitted on the standardized
// columns: the same counts as the loop of fits on columns standardized by hand (per subsample,
// its own deviations), and not the raw coefficients' (divided by unequal deviations, never equal).
TEST(Stability, StandardizedFitsGroupOnTheirOwnScale) {
  auto p = generateE1(150, 12, 3, 0.3, 8);
  for (Eigen::Index j = 0; j < p.X.cols(); ++j) p.X.col(j) *= 1.0 + static_cast<double>(j);  // unequal units
  const Problem problem = problemOf(p);
  Params params = ihcParams(3);
  params.flags["standardize"] = true;
  StabilityOptions o;
  o.resamples = 6;
  const StabilityResult s = stability(*findMethod("ihc"), problem, params, o);
  ASSERT_EQ(s.status, Status::Converged) << s.message;
  EXPECT_GT(s.pairs.size(), 0u);
  std::vector<double> together(12 * 12, 0);
  for (int r = 0; r < o.resamples; ++r) {
    const auto rows = subsampleRows(150, o.fraction, o.seed, r);
    RowMatrix X(static_cast<Eigen::Index>(rows.size()), 12);
    Vector y(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i)
      X.row(static_cast<Eigen::Index>(i)) = p.X.row(rows[i]), y[static_cast<Eigen::Index>(i)] = p.y[rows[i]];
    for (Eigen::Index j = 0; j < 12; ++j) {
      const double mean = X.col(j).mean(), sd = std::sqrt((X.col(j).array() - mean).square().mean());
      X.col(j) /= sd;
    }
    const Result f = fit("ihc", problemOf(X, y), ihcParams(3));
    for (int a = 0; a < 12; ++a)
      for (int b = 0; b < 12; ++b)
        together[static_cast<std::size_t>(a * 12 + b)] += f.coef(a, 0) != 0 && f.coef(a, 0) == f.coef(b, 0);
  }
  for (int a = 0; a < 12; ++a)
    for (int b = 0; b < 12; ++b)
      EXPECT_NEAR(s.coGrouping[static_cast<std::size_t>(a * 12 + b)],
                  together[static_cast<std::size_t>(a * 12 + b)] / 6, 1e-12);
}
