// DFG: the OWL form of the triple penalty equals the paper's explicit T3 sum; the fast ADMM
// (blocks D_i β, no T3) reaches the optimum of an independent ADMM on the explicit T3 matrix
// (d ≤ 8), n > d and n < d; it groups: a strong triple term gives fewer distinct values; and it
// reports the groups of that optimum, including those fused through ties.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "explicit_rows.hpp"
#include "supclust/families/penalties/neighbour_max_terms.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

// The paper's form: λ1‖β‖₁ + λ2 Σ_i Σ_{j<k; j,k≠i} max(|β_i − β_j|, |β_i − β_k|), O(d³).
double explicitPenalty(const Vector& b, double l1, double l2) {
  const Eigen::Index d = b.size();
  double s = l1 * b.cwiseAbs().sum();
  for (Eigen::Index i = 0; i < d; ++i)
    for (Eigen::Index j = 0; j < d; ++j)
      for (Eigen::Index k = j + 1; k < d; ++k)
        if (j != i && k != i) s += l2 * std::max(std::abs(b[i] - b[j]), std::abs(b[i] - b[k]));
  return s;
}

// 1/(2n)‖Xc β + b − y‖² + penalty, b = ȳ (Xc centred).
double objectiveOf(const RowMatrix& X, const Vector& y, const Vector& beta, double l1, double l2) {
  const RowMatrix Xc = X.rowwise() - X.colwise().mean();
  const Vector r = Xc * beta - (y.array() - y.mean()).matrix();
  return r.squaredNorm() / (2.0 * static_cast<double>(y.size())) + explicitPenalty(beta, l1, l2);
}

// Reference: ADMM on the explicit matrix T (rows: ℓ1 rows e_i with weight λ1, and for every
// triple max(|a|, |b|) = (|a + b| + |a − b|)/2: rows 2e_i − e_j − e_k and e_k − e_j with weight λ2/2).
Vector explicitT3(const RowMatrix& X, const Vector& y, double l1, double l2) {
  const Eigen::Index d = X.cols();
  ref::Rows rows;
  for (Eigen::Index i = 0; i < d; ++i) rows.add(ref::unit(d, i), l1);
  for (Eigen::Index i = 0; i < d; ++i)
    for (Eigen::Index j = 0; j < d; ++j)
      for (Eigen::Index k = j + 1; k < d; ++k) {
        if (j == i || k == i) continue;
        rows.add(2 * ref::unit(d, i) - ref::unit(d, j) - ref::unit(d, k), l2 / 2);
        rows.add(ref::unit(d, k) - ref::unit(d, j), l2 / 2);
      }
  return ref::explicitRowsAdmm(X, y, rows);
}

double dfgPenalty(const Vector& b, double l1, double l2) {
  const FeatureGraph g = FeatureGraph::completeOn(static_cast<std::size_t>(b.size()));
  return l1 * b.cwiseAbs().sum() + fusionValue(NeighbourMaxTerms(g, l2), b);
}

Params dfg(double l1, double l2) {
  Params p;
  p.numbers = {{"lambda1", l1}, {"lambda2", l2}, {"tolerance", 1e-11}, {"maxIterations", 200000}};
  return p;
}
}  // namespace

TEST(Dfg, OwlFormEqualsTheExplicitTripleSum) {
  Random rng(4);
  for (int d = 1; d <= 9; ++d) {
    Vector b(d);
    for (auto& x : b) x = std::round(rng.normal() * 3) / 2;  // ties
    EXPECT_NEAR(dfgPenalty(b, 0.3, 0.7), explicitPenalty(b, 0.3, 0.7), 1e-12 * (1 + explicitPenalty(b, 0.3, 0.7)))
        << "d=" << d;
  }
}

TEST(Dfg, ReachesTheOptimumOfTheExplicitT3Problem) {
  for (const auto& [n, d, l1, l2] : std::vector<std::tuple<int, int, double, double>>{
           {40, 6, 0.02, 0.01}, {5, 8, 0.01, 0.004}, {30, 8, 0.05, 0.02}}) {
    const auto p = generateE1(n, d, 2, 0.5, 3);
    const Result r = fit("dfg", problemOf(p.X, p.y), dfg(l1, l2));
    ASSERT_EQ(r.status, Status::Converged) << r.message << " n=" << n;
    const Vector reference = explicitT3(p.X, p.y, l1, l2);
    const double fFast = objectiveOf(p.X, p.y, r.coef.col(0), l1, l2), fRef = objectiveOf(p.X, p.y, reference, l1, l2);
    EXPECT_NEAR(r.objective, fFast, 1e-12 * fFast);  // the reported objective is the model's
    EXPECT_LE(fFast, fRef + 1e-8 * fRef) << "n=" << n << " d=" << d;
    EXPECT_LE((r.coef.col(0) - reference).cwiseAbs().maxCoeff(), 1e-4 * std::max(1.0, reference.cwiseAbs().maxCoeff()))
        << "n=" << n;
  }
}

TEST(Dfg, AStrongTripleTermGroups) {
  const auto p = generateE1(100, 20, 3, 0.3, 5);
  const Result weak = fit("dfg", problemOf(p.X, p.y), dfg(0, 1e-6)),
               strong = fit("dfg", problemOf(p.X, p.y), dfg(0, 0.05));
  ASSERT_EQ(strong.status, Status::Converged) << strong.message;
  EXPECT_LT(strong.centroids.rows(), weak.centroids.rows());
  EXPECT_LT(strong.centroids.rows(), 20);
}

// DFG fuses a group through the other blocks' ties (its own closest pair has weight 0, so its
// row need not be 0 in the split): the model reports every group the optimum has. Reference:
// the explicit-T3 ADMM's values, grouped where they agree to 1e-7 (its groups are separated by
// far more: checked below).
TEST(Dfg, ReportsTheGroupsOfTheOptimum) {
  for (const auto& [n, d, l1, l2] : std::vector<std::tuple<int, int, double, double>>{
           {40, 6, 0.02, 0.01}, {5, 8, 0.01, 0.004}, {30, 8, 0.05, 0.02}, {30, 8, 0.01, 0.003}}) {
    const auto p = generateE1(n, d, 2, 0.5, 3);
    const Result r = fit("dfg", problemOf(p.X, p.y), dfg(l1, l2));
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const Vector reference = explicitT3(p.X, p.y, l1, l2);
    const double scale = std::max(1.0, reference.cwiseAbs().maxCoeff());
    for (Eigen::Index j = 0; j < d; ++j)
      for (Eigen::Index k = j + 1; k < d; ++k) {
        const double gap = std::abs(reference[j] - reference[k]) / scale;
        ASSERT_TRUE(gap < 1e-7 || gap > 1e-4) << "the reference does not separate " << j << ", " << k;
        EXPECT_EQ(r.groups[j] == r.groups[k], gap < 1e-7)
            << "n=" << n << " features " << j << ", " << k << ": gap " << gap;
      }
  }
}
