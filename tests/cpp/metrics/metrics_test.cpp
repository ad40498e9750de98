// Metrics against small cases computed by hand.
#include <gtest/gtest.h>

#include "supclust/metrics/coefficients.hpp"
#include "supclust/metrics/prediction.hpp"

using namespace supclust;

namespace {
Vector vec(std::initializer_list<double> v) {
  Vector x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double a : v) x[i++] = a;
  return x;
}
}  // namespace

TEST(GroupingScore, MatchesHandComputedCases) {
  // d = 4, truth (1, 1, 2, 0): groups {0, 1} and {2} (the zero group is not scored).
  const Vector truth = vec({1, 1, 2, 0});
  // Perfect grouping: every within pair equal, every cross pair different.
  EXPECT_DOUBLE_EQ(groupingScore(vec({5, 5, 7, 0}), truth), 1.0);
  // Everything equal: group {0,1}: within 2 ordered pairs equal, cross 0 different → 2/(2·3);
  // group {2}: within none, cross 0 → 0. S = (1/3 + 0)/2.
  EXPECT_DOUBLE_EQ(groupingScore(vec({1, 1, 1, 1}), truth), 1.0 / 6);
  // (5, 6, 7, 0): group {0,1}: within 0, cross: 0≠2,0≠3,1≠2,1≠3 → 4/6; group {2}: cross 3/3.
  EXPECT_DOUBLE_EQ(groupingScore(vec({5, 6, 7, 0}), truth), (4.0 / 6 + 1.0) / 2);
  // The tolerance makes 5 and 5 + 1e-9 equal.
  EXPECT_DOUBLE_EQ(groupingScore(vec({5, 5 + 1e-9, 7, 0}), truth), 1.0);
  EXPECT_LT(groupingScore(vec({5, 5 + 1e-9, 7, 0}), truth, 0.0), 1.0);
}

// The groups of equal coefficients against the truth's, by the adjusted Rand index (its
// contingency counted here by hand).
TEST(GroupingAdjustedRand, ScoresTheGroupsOfEqualCoefficients) {
  EXPECT_EQ(equalValueGroups(vec({2, 0, 2 + 1e-9, -1, 0}), 1e-6), (Labels{2, 1, 2, 0, 1}));
  EXPECT_EQ(equalValueGroups(vec({2, 0, 2 + 1e-9, -1, 0}), 0), (Labels{2, 1, 3, 0, 1}));
  const Vector truth = vec({1, 1, 2, 2, 0, 0});  // three groups of two, the zeros one of them
  EXPECT_DOUBLE_EQ(groupingAdjustedRand(vec({5, 5, 7, 7, 0, 0}), truth), 1.0);
  // All distinct: no pair together, the index's chance level: 0.
  EXPECT_DOUBLE_EQ(groupingAdjustedRand(vec({1, 2, 3, 4, 5, 6}), truth), 0.0);
  // (5, 5, 5, 5, 0, 0): groups {0..3}, {4, 5}. Pairs together in both: {0,1}, {2,3}, {4,5} = 3;
  // in the estimate C(4,2) + 1 = 7, in the truth 3; expected 7·3/C(6,2) = 1.4; maximum (7 + 3)/2 = 5.
  EXPECT_DOUBLE_EQ(groupingAdjustedRand(vec({5, 5, 5, 5, 0, 0}), truth), (3 - 1.4) / (5 - 1.4));
  // The default tolerance (1e-6·max|β̂|) joins 5 and 5 + 1e-9; none joins nothing.
  EXPECT_DOUBLE_EQ(groupingAdjustedRand(vec({5, 5 + 1e-9, 7, 7, 0, 0}), truth), 1.0);
  EXPECT_LT(groupingAdjustedRand(vec({5, 5 + 1e-9, 7, 7, 0, 0}), truth, 0.0), 1.0);
}

TEST(DfgMse, IsTheQuadraticFormInXtX) {
  RowMatrix X(3, 2);
  X << 1, 0, 0, 2, 1, 1;
  // (β̂ − β*) = (1, −1): X·diff = (1, −2, 0); squared norm 5; / n = 5/3.
  EXPECT_DOUBLE_EQ(dfgMse(X, vec({2, 0}), vec({1, 1})), 5.0 / 3);
}

TEST(Auc, CountsTiesAsOneHalf) {
  // Positives scored 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9>0.5, 0.9>0.1, 0.5=0.5, 0.5>0.1)
  // = 3.5 of 4.
  EXPECT_DOUBLE_EQ(auc(vec({0.9, 0.5, 0.5, 0.1}), vec({1, 1, 0, 0})), 3.5 / 4);
  EXPECT_DOUBLE_EQ(auc(vec({1, 2, 3}), vec({0, 0, 1})), 1.0);
  EXPECT_DOUBLE_EQ(auc(vec({1, 1, 1, 1}), vec({0, 1, 0, 1})), 0.5);
  EXPECT_TRUE(std::isnan(auc(vec({1, 2}), vec({1, 1}))));
}

TEST(BinaryRates, AccuracySensitivitySpecificity) {
  // scores > 0 predict 1: predictions (1, 0, 1, 0, 0) vs labels (1, 1, 0, 0, 0):
  // TP 1, FN 1, FP 1, TN 2.
  const BinaryRates r = binaryRates(vec({0.3, -1, 2, -0.5, 0}), vec({1, 1, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(r.accuracy, 3.0 / 5);
  EXPECT_DOUBLE_EQ(r.sensitivity, 0.5);
  EXPECT_DOUBLE_EQ(r.specificity, 2.0 / 3);
}

TEST(HeldOutScores, MseMaeErrorDeviance) {
  SquaredLoss sq;
  Matrix Z(2, 1), T(2, 1);
  Z << 1, 3;
  T << 0, 5;
  EXPECT_DOUBLE_EQ(score(Metric::Mse, Z, T, sq), (1 + 4) / 2.0);
  EXPECT_DOUBLE_EQ(score(Metric::Mae, Z, T, sq), (1 + 2) / 2.0);
  EXPECT_DOUBLE_EQ(score(Metric::Deviance, Z, T, sq), (1 + 4) / 4.0);
  LogisticLoss lg;
  T << 1, 0;  // z = 1 > 0 predicts 1 (right), z = 3 predicts 1 (wrong)
  EXPECT_DOUBLE_EQ(score(Metric::Error, Z, T, lg), 0.5);
}

TEST(HeldOutScores, R2AccuracyAuc) {
  SquaredLoss sq;
  Matrix Z(4, 1), T(4, 1);
  Z << 1, 2, 2, 5;
  T << 1, 3, 2, 6;
  // SST about the mean 3: 4 + 0 + 1 + 9 = 14; SSE = 0 + 1 + 0 + 1 = 2.
  EXPECT_DOUBLE_EQ(score(Metric::R2, Z, T, sq), 1 - 2.0 / 14);
  Matrix C = Matrix::Constant(4, 1, 2.0);
  EXPECT_EQ(score(Metric::R2, C, C, sq), 1);  // a constant column fitted exactly
  EXPECT_EQ(score(Metric::R2, Z, C, sq), 0);  // and missed
  LogisticLoss lg;
  Z << -1, 2, 0.5, -3;
  T << 0, 1, 0, 1;  // right, right, wrong, wrong
  EXPECT_DOUBLE_EQ(score(Metric::Accuracy, Z, T, lg), 0.5);
  // Positives score 2 and −3, negatives −1 and 0.5: of the four (pos, neg) pairs 2 > −1, 2 > 0.5.
  EXPECT_DOUBLE_EQ(score(Metric::Auc, Z, T, lg), 2.0 / 4);
  EXPECT_TRUE(higherIsBetter(Metric::Auc) && higherIsBetter(Metric::R2) && higherIsBetter(Metric::Accuracy));
  EXPECT_FALSE(higherIsBetter(Metric::Mse) || higherIsBetter(Metric::Error) || higherIsBetter(Metric::Deviance));
  Metric m;
  EXPECT_EQ(parseMetric("auc", SquaredLoss(true), m).field, "metric");  // one-vs-all: no single ROC
  EXPECT_EQ(parseMetric("r2", lg, m).field, "metric");
  EXPECT_TRUE(parseMetric("r2", sq, m).empty());
  EXPECT_EQ(m, Metric::R2);
}
