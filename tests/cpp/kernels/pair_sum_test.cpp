// ADFG's pair-sum norm Σ_{j<k}|x_j + x_k|: the O(m log m) prox (a shift apart, then an OWL prox)
// against a brute-force dual solution (ties, zeros, opposite pairs and sign flips included),
// the norm against the O(m²) sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/base/random.hpp"
#include "supclust/kernels/pair_sum.hpp"

using namespace supclust;

namespace {

// argmin ½‖x − v‖² + t Σ_{j<k} |x_j + x_k| by exact coordinate ascent on the dual box |u_jk| ≤ 1,
// with x = v − t Σ u_jk (e_j + e_k).
std::vector<double> bruteForceProx(const std::vector<double>& v, double t) {
  const std::size_t m = v.size();
  std::vector<std::pair<std::size_t, std::size_t>> rows;
  for (std::size_t j = 0; j < m; ++j)
    for (std::size_t k = j + 1; k < m; ++k) rows.emplace_back(j, k);
  std::vector<double> u(rows.size(), 0), x = v;
  if (t == 0) return x;
  for (int sweep = 0; sweep < 400000; ++sweep) {
    double moved = 0;
    for (std::size_t e = 0; e < rows.size(); ++e) {
      const auto [j, k] = rows[e];
      const double next = std::clamp(u[e] + (x[j] + x[k]) / (2 * t), -1.0, 1.0), step = (next - u[e]) * t;
      if (step == 0) continue;
      x[j] -= step;
      x[k] -= step;
      u[e] = next;
      moved = std::max(moved, std::abs(step));
    }
    if (moved < 1e-15) break;
  }
  return x;
}

double pairSumByDefinition(const std::vector<double>& x) {
  double s = 0;
  for (std::size_t j = 0; j < x.size(); ++j)
    for (std::size_t k = j + 1; k < x.size(); ++k) s += std::abs(x[j] + x[k]);
  return s;
}

}  // namespace

TEST(PairSum, ProxMatchesBruteForceWithTiesZerosAndOppositePairs) {
  Random rng(17);
  PairSumProx prox;
  int cases = 0, flips = 0;
  for (std::size_t m = 1; m <= 7; ++m)
    for (int trial = 0; trial < 15; ++trial) {
      std::vector<double> v(m);
      for (double& x : v) x = std::round(rng.normal() * 4) / 2;  // halves: ties and zeros are common
      if (trial % 3 == 0) v[0] = v[m - 1];
      if (trial % 3 == 1) v[0] = -v[m - 1];  // a pair on the kink x_j + x_k = 0
      for (const double t : {0.0, 0.05, 0.3, 1.0, 4.0}) {
        std::vector<double> fast(m);
        prox.apply(v.data(), m, t, fast.data());
        const std::vector<double> brute = bruteForceProx(v, t);
        for (std::size_t i = 0; i < m; ++i) {
          ASSERT_NEAR(fast[i], brute[i], 1e-9) << "m=" << m << " trial " << trial << " t=" << t << " i=" << i;
          if (fast[i] * v[i] < -1e-9) ++flips;
        }
        ++cases;
      }
    }
  EXPECT_EQ(cases, 7 * 15 * 5);
  EXPECT_GT(flips, 0);  // the cases include outputs of the opposite sign to their input
}

TEST(PairSum, TheSignFlipWorkedOutByHand) {
  // v = (1, 0.1), t = 1: x = v − (u, u) with x_1 + x_2 = 0 needs u = 0.55: x = (0.45, −0.45).
  const std::vector<double> v{1, 0.1};
  std::vector<double> x(2);
  PairSumProx().apply(v.data(), 2, 1, x.data());
  EXPECT_NEAR(x[0], 0.45, 1e-15);
  EXPECT_NEAR(x[1], -0.45, 1e-15);
}

TEST(PairSum, ProxMayAliasItsInputAndKeepsNoStateInItsAnswer) {
  Random rng(3);
  std::vector<double> v(60), w(60);
  for (double& x : v) x = rng.normal();
  for (double& x : w) x = rng.normal() * 3;
  std::vector<double> fresh(60), out(60), copy = v;
  PairSumProx().apply(v.data(), 60, 0.02, fresh.data());
  PairSumProx prox;
  prox.apply(w.data(), 60, 0.1, out.data());  // an unrelated call first: its kept order is stale
  prox.apply(v.data(), 60, 0.02, out.data());
  EXPECT_EQ(out, fresh);
  prox.apply(copy.data(), 60, 0.02, copy.data());
  EXPECT_EQ(copy, fresh);
}

TEST(PairSum, NormMatchesTheDefinition) {
  Random rng(23);
  for (const std::size_t m : {0, 1, 2, 3, 10, 101}) {
    std::vector<double> x(m);
    for (double& e : x) e = std::round(rng.normal() * 6) / 3;
    const double exact = pairSumByDefinition(x);
    EXPECT_NEAR(pairSumNorm(x.data(), m), exact, 1e-12 * (1 + exact)) << "m=" << m;
  }
}
