// Penalty weights from 1e-300 to 1e300: a fit that says `converged` has an objective in
// [0, F(0)] (F(0), the objective at w = 0 with the intercept at the mean, is var(y)/2 plus
// nothing), and any status reports the true objective of the coefficients it returns.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

// Σ_{i<j} |w_i − w_j| and the other penalties are ≥ 0, so a converged objective of the
// squared loss + penalties lies in [0, F(0)] (w = 0 is feasible, and the solvers start there
// or lower).
double objectiveAtZero(const Vector& y) { return 0.5 * (y.array() - y.mean()).square().mean(); }
}  // namespace

TEST(PenaltySweep, ConvergedObjectivesLieBetweenZeroAndTheObjectiveAtZero) {
  const auto p = generateE1(30, 8, 3, 0.5, 11);
  const double atZero = objectiveAtZero(p.y);
  const std::vector<double> weights{1e-300, 1e-100, 1e-10, 1e-3, 1, 1e3, 1e10, 1e30, 1e100, 1e300};
  for (const char* method : {"oscar", "gflasso", "ncfgs", "nctfgs", "dfg", "adfg"})
    for (double l1 : weights)
      for (double l2 : weights) {
        Params params;
        params.numbers = {{"lambda1", l1}, {"lambda2", l2}, {"maxIterations", 2000}};
        const Result r = fit(method, problemOf(p.X, p.y), params);
        const std::string what = std::string(method) + " at λ1 = " + std::to_string(l1) +
                                 ", λ2 = " + std::to_string(l2) + " (" + r.message + ")";
        ASSERT_NE(r.status, Status::InvalidInput) << what;
        if (r.status == Status::Converged) {
          EXPECT_GE(r.objective, 0) << what;
          EXPECT_LE(r.objective, atZero * (1 + 1e-9)) << what;
        }
        // Whatever the status, a zero model reports its own objective, ½ mean((y − b)²).
        if (r.coef.size() > 0 && r.coef.isZero(0)) {
          const double own = 0.5 * (p.y.array() - r.intercept[0]).square().mean();
          EXPECT_NEAR(r.objective, own, 1e-9 * own) << what;
        }
      }
}

// A huge fusion weight fuses every coefficient exactly: GFLasso at λ2 ≥ 1e20 is the fused
// answer (one value, the least-squares fit of y on the row sums of X), as DFG's is.
TEST(PenaltySweep, AHugeFusionWeightGivesTheExactFusedAnswer) {
  const auto p = generateE1(30, 8, 3, 0.5, 12);
  // One shared value c: min_c 1/(2n)‖yc − c Xc 1‖² gives c = ⟨s, yc⟩ / ⟨s, s⟩ with s = Xc 1.
  RowMatrix Xc = p.X.rowwise() - p.X.colwise().mean();
  const Vector s = Xc.rowwise().sum(), yc = p.y.array() - p.y.mean();
  const double fused = s.dot(yc) / s.dot(s);
  for (double l2 : {1e20, 1e30, 1e100, 1e300}) {
    Params params;
    params.numbers = {{"lambda1", 0}, {"lambda2", l2}};
    const Result r = fit("gflasso", problemOf(p.X, p.y), params);
    ASSERT_EQ(r.status, Status::Converged) << l2 << ": " << r.message;
    for (Eigen::Index j = 0; j < 8; ++j) EXPECT_NEAR(r.coef(j, 0), fused, 1e-6 * std::abs(fused)) << l2;
    EXPECT_GE(r.objective, 0);
  }
}
