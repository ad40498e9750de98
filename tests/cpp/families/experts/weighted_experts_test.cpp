// Observation weights on the regression experts (experts-am, experts-oracle;
// expert_predictors.hpp): each expert is its group's weighted ridge fit, solved here directly;
// F recomputed from its definition with the weights; at experts-am's answer no single sample's
// move to another expert, both experts refitted exactly here, lowers F (the weighted exchange's
// fixed point); integer weights give the repeated rows' oracle experts; classifying experts weigh
// their groups' logistic fits; the relaxations refuse weights naming the field.
#include <gtest/gtest.h>

#include <cmath>

#include "experts_mixture.hpp"
#include "problems.hpp"
#include "supclust/base/random.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/families/experts/sample_exchange.hpp"

using namespace supclust;
using supclust::test_data::mixture;

namespace weighted_experts_test {

// Group q's weighted ridge: min Σ_{G_q} ω_i (y_i − cᵀx_i − b)² + λ (Σ_{G_q} ω_i) ‖c‖², solved
// on its weighted-centred rows; its value V_q.
struct Fitted {
  Vector c;
  double b = 0, value = 0;
};
Fitted weightedRidge(const RowMatrix& X, const Vector& y, const Vector& w, const Labels& labels, int q, double lambda) {
  const Eigen::Index d = X.cols();
  double s = 0, ybar = 0;
  RowVector mean = RowVector::Zero(d);
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i] == q)
      s += w[static_cast<Eigen::Index>(i)], ybar += w[static_cast<Eigen::Index>(i)] * y[static_cast<Eigen::Index>(i)],
          mean += w[static_cast<Eigen::Index>(i)] * X.row(static_cast<Eigen::Index>(i));
  Fitted f{Vector::Zero(d)};
  if (!(s > 0)) return f;
  mean /= s;
  ybar /= s;
  Matrix A = Matrix::Identity(d, d) * lambda * s;
  Vector r = Vector::Zero(d);
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i] == q) {
      const auto k = static_cast<Eigen::Index>(i);
      const Vector xc = (X.row(k) - mean).transpose();
      A += w[k] * xc * xc.transpose();
      r += w[k] * (y[k] - ybar) * xc;
    }
  f.c = A.ldlt().solve(r);
  f.b = ybar - mean.dot(f.c);
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i] == q) {
      const auto k = static_cast<Eigen::Index>(i);
      const double e = y[k] - X.row(k).dot(f.c) - f.b;
      f.value += w[k] * (e * e + lambda * f.c.squaredNorm());
    }
  return f;
}

double objective(const RowMatrix& X, const Vector& y, const Vector& w, const Labels& labels, int Q, double lambda) {
  const double n = static_cast<double>(X.rows());
  const Vector omega = w * (n / w.sum());
  double f = 0;
  for (int q = 0; q < Q; ++q) f += weightedRidge(X, y, omega, labels, q, lambda).value;
  return f / (2 * n);
}

Problem weighted(const RowMatrix& X, const Vector& y, const Vector& w) {
  Problem p = problemOf(X, y);
  new (&p.weights) Eigen::Map<const Vector>(w.data(), w.size());
  return p;
}

}  // namespace weighted_experts_test

using namespace weighted_experts_test;

TEST(WeightedExperts, AmAnswersAreWeightedRidgesAtAnExchangeFixedPoint) {
  const SyntheticProblem p = mixture(120, 3, 2, 0.4, 7);
  Vector w(120);
  Random rng(3);
  for (Eigen::Index i = 0; i < 120; ++i) w[i] = 0.25 * static_cast<double>(rng.below(9));  // 0 … 2, zeros among them
  const double lambda = 1e-2;
  Params params;
  params.numbers["Q"] = 2;
  params.numbers["lambda"] = lambda;
  const Result r = fit("experts-am", weighted(p.X, p.y, w), params);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Vector omega = w * (120.0 / w.sum());
  for (int q = 0; q < 2; ++q) {
    const Fitted f = weightedRidge(p.X, p.y, omega, r.groups, q, lambda);
    EXPECT_LT((f.c - r.coef.col(q)).cwiseAbs().maxCoeff(), 1e-9) << q;
    EXPECT_NEAR(f.b, r.intercept[q], 1e-9) << q;
  }
  const double F = objective(p.X, p.y, w, r.groups, 2, lambda);
  EXPECT_NEAR(F, r.objective, 1e-10 * F);
  EXPECT_GT(std::abs(F - objective(p.X, p.y, Vector::Ones(120), r.groups, 2, lambda)), 1e-6);  // the weights matter
  // No single move of a sample of positive weight lowers F (each group keeping a weighted sample).
  for (Eigen::Index i = 0; i < 120; ++i) {
    if (!(w[i] > 0)) continue;
    Labels moved = r.groups;
    moved[static_cast<std::size_t>(i)] = 1 - moved[static_cast<std::size_t>(i)];
    double left = 0;
    for (std::size_t k = 0; k < moved.size(); ++k)
      left += moved[k] == r.groups[static_cast<std::size_t>(i)] ? w[static_cast<Eigen::Index>(k)] : 0;
    if (!(left > 0)) continue;
    EXPECT_GE(objective(p.X, p.y, w, moved, 2, lambda), F - 1e-12 * F) << "sample " << i;
  }
}

TEST(WeightedExperts, IntegerWeightsGiveTheRepeatedRowsOracle) {
  const SyntheticProblem p = mixture(60, 3, 3, 0.3, 5);
  Vector w(60);
  Labels groups(60), repeatedGroups;
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < 60; ++i) {
    w[i] = static_cast<double>(1 + i % 3);
    groups[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(i % 3 == 0 ? 0 : i % 5 == 0 ? 1 : 2);
    for (int c = 0; c < static_cast<int>(w[i]); ++c)
      rows.push_back(i), repeatedGroups.push_back(groups[static_cast<std::size_t>(i)]);
  }
  RowMatrix Xr(static_cast<Eigen::Index>(rows.size()), 3);
  Vector yr(static_cast<Eigen::Index>(rows.size()));
  for (std::size_t k = 0; k < rows.size(); ++k)
    Xr.row(static_cast<Eigen::Index>(k)) = p.X.row(rows[k]), yr[static_cast<Eigen::Index>(k)] = p.y[rows[k]];
  Params params, repeatedParams;
  params.numbers["Q"] = repeatedParams.numbers["Q"] = 3;
  params.labels["groups"] = groups;
  repeatedParams.labels["groups"] = repeatedGroups;
  const Result a = fit("experts-oracle", weighted(p.X, p.y, w), params),
               b = fit("experts-oracle", problemOf(Xr, yr), repeatedParams);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  ASSERT_EQ(b.status, Status::Converged) << b.message;
  EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((a.intercept - b.intercept).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_NEAR(a.objective, b.objective, 1e-12 * b.objective);
  EXPECT_LT((a.gate.coef - b.gate.coef).cwiseAbs().maxCoeff(), 1e-6);  // the gate weighs its rows alike
}

// Classifying experts (one-vs-all logistic, LwCS §7.1.2) with weights: integer weights give the
// repeated rows' oracle experts; experts-am's answer is the weighted oracle of its own partition,
// F = 1/n Σ ω_i [ℓ_i + λ/2‖V‖²] by hand, no sample of positive weight cheaper in the other expert;
// the relaxations refuse weights naming the field.
TEST(WeightedExperts, ClassifyingExpertsWeighTheirGroupsLogisticFits) {
  const SyntheticProblem p = mixture(90, 3, 2, 0.3, 5);
  Vector classes(90), w(90);
  Labels groups(90), repeatedGroups;
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < 90; ++i) {
    classes[i] = static_cast<double>((p.y[i] > 0) + (p.X(i, 0) > 0.5));
    w[i] = static_cast<double>(1 + i % 3);
    groups[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(p.X(i, 1) > 0);
    for (int c = 0; c < static_cast<int>(w[i]); ++c)
      rows.push_back(i), repeatedGroups.push_back(groups[static_cast<std::size_t>(i)]);
  }
  RowMatrix Xr(static_cast<Eigen::Index>(rows.size()), 3);
  Vector yr(static_cast<Eigen::Index>(rows.size()));
  for (std::size_t k = 0; k < rows.size(); ++k)
    Xr.row(static_cast<Eigen::Index>(k)) = p.X.row(rows[k]), yr[static_cast<Eigen::Index>(k)] = classes[rows[k]];
  const double lambda = 0.05;
  Params params;
  params.numbers["Q"] = 2;
  params.numbers["lambda"] = lambda;
  params.strings["loss"] = "ova-logistic";
  Params oracle = params, repeated = params;
  oracle.labels["groups"] = groups;
  repeated.labels["groups"] = repeatedGroups;
  const Result a = fit("experts-oracle", weighted(p.X, classes, w), oracle),
               b = fit("experts-oracle", problemOf(Xr, yr), repeated);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  ASSERT_EQ(b.status, Status::Converged) << b.message;
  EXPECT_LT((a.coef - b.coef).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_LT((a.intercept - b.intercept).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_NEAR(a.objective, b.objective, 1e-10 * b.objective);

  for (Eigen::Index i = 0; i < 90; ++i) w[i] = 0.5 * static_cast<double>(i % 5);  // 0 … 2, zeros among them
  const Result r = fit("experts-am", weighted(p.X, classes, w), params);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  Params own = params;
  own.labels["groups"] = r.groups;
  const Result refit = fit("experts-oracle", weighted(p.X, classes, w), own);
  EXPECT_LT((r.coef - refit.coef).cwiseAbs().maxCoeff(), 1e-6);
  // ℓ_iq + λ/2‖V_q‖² for sample i under expert q (classes' columns q·3 … q·3 + 2).
  const auto cost = [&](Eigen::Index i, int q) {
    double l = 0;
    for (int k = 0; k < 3; ++k) {
      const double z = p.X.row(i).dot(r.coef.col(q * 3 + k)) + r.intercept[q * 3 + k];
      const double t = classes[i] == k ? 1 : -1;
      l += std::log1p(std::exp(-t * z));
    }
    return l + lambda / 2 * r.coef.middleCols(q * 3, 3).squaredNorm();
  };
  const Vector omega = w * (90.0 / w.sum());
  double F = 0;
  for (Eigen::Index i = 0; i < 90; ++i) {
    const int q = r.groups[static_cast<std::size_t>(i)];
    F += omega[i] * cost(i, q) / 90;
    if (w[i] > 0) EXPECT_LE(cost(i, q), cost(i, 1 - q) + 1e-9) << "sample " << i;
  }
  EXPECT_NEAR(r.objective, F, 1e-9 * F);
  for (const char* method : {"experts-pg", "experts-cg", "experts-rc"}) {
    Params q;
    q.numbers["Q"] = 2;
    EXPECT_EQ(fit(method, weighted(p.X, p.y, w), q).field, "weights") << method;
  }
}

// The exchange search alone, from a random partition: every move it makes lowers the weighted F,
// and where it stops no single move of a sample of positive weight does (both experts refitted
// here from their definition).
TEST(WeightedExperts, TheExchangeStopsWhereNoWeightedMoveLowersF) {
  const SyntheticProblem p = mixture(80, 2, 3, 0.5, 11);
  Vector w(80);
  Random rng(4);
  for (Eigen::Index i = 0; i < 80; ++i) w[i] = 0.5 * static_cast<double>(rng.below(6));
  const Vector omega = w * (80.0 / w.sum());
  const double lambda = 1e-2;
  Labels labels(80);
  for (Eigen::Index i = 0; i < 80; ++i) labels[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(rng.below(3));
  const double before = objective(p.X, p.y, w, labels, 3, lambda);
  ExpertGroups groups(p.X, p.y, 3, &omega);
  groups.assign(labels);
  ASSERT_TRUE(exchangeSamples(p.X, p.y, lambda, groups, labels, [] { return true; }));
  const double F = objective(p.X, p.y, w, labels, 3, lambda);
  EXPECT_LT(F, before);
  for (Eigen::Index i = 0; i < 80; ++i) {
    if (!(w[i] > 0)) continue;
    const std::int32_t a = labels[static_cast<std::size_t>(i)];
    double left = 0;
    for (std::size_t k = 0; k < labels.size(); ++k)
      left += labels[k] == a && static_cast<Eigen::Index>(k) != i ? w[static_cast<Eigen::Index>(k)] : 0;
    if (!(left > 0)) continue;
    for (std::int32_t b = 0; b < 3; ++b) {
      if (b == a) continue;
      Labels moved = labels;
      moved[static_cast<std::size_t>(i)] = b;
      EXPECT_GE(objective(p.X, p.y, w, moved, 3, lambda), F - 1e-10 * F) << "sample " << i << " to " << b;
    }
  }
}
