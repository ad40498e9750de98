// The OWL prox against a brute-force solution, OSCAR's weights, and the subgradient check.
#include "supclust/kernels/owl.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "reference.hpp"
#include "supclust/core/penalty.hpp"

using namespace supclust;

namespace {
// Brute force: on the cone where the signs are s and |x| is sorted by the permutation π,
// OWL is linear, so the problem is a projection onto {y_1 >= ... >= y_d >= 0} of
// u_i = s v_π(i) − w_i. Its minimiser is piecewise constant: enumerate every composition of
// 1..d into consecutive blocks with block means (trailing blocks possibly zero), keep the
// feasible candidates, and take the best over all cones.
double objective(const std::vector<double>& x, const std::vector<double>& v, const std::vector<double>& w) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i) s += 0.5 * (x[i] - v[i]) * (x[i] - v[i]);
  return s + owlNorm(x.data(), x.size(), w.data());
}

std::vector<double> bruteProx(const std::vector<double>& v, const std::vector<double>& w) {
  const int d = static_cast<int>(v.size());
  std::vector<int> perm(d);
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<double> best;
  double bestValue = HUGE_VAL;
  do {
    for (int signs = 0; signs < (1 << d); ++signs) {
      std::vector<double> u(d);
      for (int i = 0; i < d; ++i) u[i] = ((signs >> perm[i]) & 1 ? -1 : 1) * v[perm[i]] - w[i];
      for (int cuts = 0; cuts < (1 << (d - 1)); ++cuts) {
        std::vector<int> starts = {0};
        for (int i = 1; i < d; ++i)
          if ((cuts >> (i - 1)) & 1) starts.push_back(i);
        starts.push_back(d);
        const int blocks = static_cast<int>(starts.size()) - 1;
        for (int zeros = 0; zeros <= blocks; ++zeros) {
          std::vector<double> y(d);
          for (int bk = 0; bk < blocks; ++bk) {
            double m = 0;
            for (int i = starts[bk]; i < starts[bk + 1]; ++i) m += u[i];
            m /= starts[bk + 1] - starts[bk];
            for (int i = starts[bk]; i < starts[bk + 1]; ++i) y[i] = bk >= blocks - zeros ? 0 : m;
          }
          bool feasible = y[d - 1] >= 0;
          for (int i = 1; i < d; ++i) feasible = feasible && y[i - 1] >= y[i];
          if (!feasible) continue;
          std::vector<double> x(d);
          for (int i = 0; i < d; ++i) x[perm[i]] = ((signs >> perm[i]) & 1 ? -1 : 1) * y[i];
          const double value = objective(x, v, w);
          if (value < bestValue) {
            bestValue = value;
            best = x;
          }
        }
      }
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

std::vector<double> nonIncreasing(std::mt19937_64& rng, int d, bool withZeros) {
  std::uniform_real_distribution<double> U(0, 2);
  std::vector<double> w(d);
  for (double& x : w) x = U(rng);
  std::sort(w.begin(), w.end(), std::greater<double>());
  if (withZeros) w[d - 1] = w[d - 2] = 0;
  return w;
}
}  // namespace

TEST(OwlProx, MatchesBruteForceIncludingTiesAndZeroWeights) {
  std::mt19937_64 rng(21);
  OwlProx prox;
  for (int d = 2; d <= 5; ++d)
    for (int rep = 0; rep < 8; ++rep) {
      auto v = ref::randomVector(rng, d, 1.5, rep % 3 == 0);  // integers: ties and zeros
      const auto w = nonIncreasing(rng, d, rep % 2 == 1);
      std::vector<double> x(d);
      prox.apply(v.data(), d, w.data(), x.data());
      const auto expected = bruteProx(v, w);
      EXPECT_NEAR(objective(x, v, w), objective(expected, v, w), 1e-12) << "d=" << d;
      for (int i = 0; i < d; ++i) EXPECT_NEAR(x[i], expected[i], 1e-9) << "d=" << d << " i=" << i;
      // In place (out aliases v) gives the same.
      std::vector<double> inPlace = v;
      prox.apply(inPlace.data(), d, w.data(), inPlace.data());
      EXPECT_EQ(inPlace, x);
    }
}

TEST(OwlProx, OptimalityCertificateHoldsAtLargeSizes) {
  // x = prox(v) iff v − x ∈ ∂OWL(x): checked through the dual-ball characterisation.
  std::mt19937_64 rng(22);
  OwlProx prox;
  for (int d : {50, 1000}) {
    const auto v = ref::randomVector(rng, d, 2.0);
    const auto w = oscarWeights(d, 0.1, 0.5 / d);  // λ2 small enough that x is not all zero
    std::vector<double> x(d), z(d);
    prox.apply(v.data(), d, w.data(), x.data());
    for (int i = 0; i < d; ++i) z[i] = v[i] - x[i];
    EXPECT_LT(owlSubgradientViolation(x.data(), z.data(), w.data(), d), 1e-9 * d);
    // And a perturbed subgradient is not one: moving z along a non-zero coordinate of x
    // breaks zᵀx = OWL(x).
    const int i = static_cast<int>(
        std::max_element(x.begin(), x.end(), [](double a, double b) { return std::abs(a) < std::abs(b); }) - x.begin());
    ASSERT_NE(x[i], 0.0);
    z[i] += x[i] > 0 ? 0.5 : -0.5;
    EXPECT_GT(owlSubgradientViolation(x.data(), z.data(), w.data(), d), 0.4 * std::abs(x[i]));
  }
}

TEST(OwlProx, ReusedProxGivesTheFreshResultOnEveryPoint) {
  // The prox starts its sort from the previous call's order (solvers call it on nearby
  // points): whatever that order, the answer must be bit-identical to a fresh prox's. A walk
  // of small steps (few moves), jumps to new points (the fallback sort), integer points (ties
  // broken by index) and a change of size.
  std::mt19937_64 rng(24);
  std::normal_distribution<double> N(0, 1);
  OwlProx reused;
  std::vector<double> v = ref::randomVector(rng, 200, 2.0);
  for (int step = 0; step < 60; ++step) {
    if (step % 10 == 9) v = ref::randomVector(rng, 200, 2.0, step % 20 == 19);  // a jump
    else if (step == 30) v = ref::randomVector(rng, 37, 2.0);  // a new size
    else
      for (double& x : v) x += 0.01 * N(rng);  // a small step
    const auto w = oscarWeights(v.size(), 0.05, 0.01);
    std::vector<double> got(v.size()), expected(v.size());
    reused.apply(v.data(), v.size(), w.data(), got.data());
    OwlProx fresh;
    fresh.apply(v.data(), v.size(), w.data(), expected.data());
    ASSERT_EQ(got, expected) << "step " << step;
  }
}

TEST(Oscar, WeightsReproduceThePairwisePenalty) {
  std::mt19937_64 rng(23);
  for (int d : {1, 2, 7, 40}) {
    const auto b = ref::randomVector(rng, d, 3.0, d == 7);
    const double l1 = 0.7, l2 = 0.3;
    double direct = 0;
    for (int i = 0; i < d; ++i) {
      direct += l1 * std::abs(b[i]);
      for (int j = i + 1; j < d; ++j) direct += l2 * std::max(std::abs(b[i]), std::abs(b[j]));
    }
    const auto w = oscarWeights(d, l1, l2);
    EXPECT_NEAR(owlNorm(b.data(), d, w.data()), direct, 1e-10 * (1 + direct)) << "d=" << d;
  }
}

TEST(OwlProx, ZeroWeightsAreTheIdentityEvenNearTheLargestDouble) {
  const std::vector<double> v = {1e308, 1e308, -1.7e308, 1.7e308, -1e-300, 0};
  const std::vector<double> w(v.size(), 0.0);
  std::vector<double> out(v.size());
  OwlProx().apply(v.data(), v.size(), w.data(), out.data());
  EXPECT_EQ(out, v);
  // Pooling two equal huge magnitudes with equal weights keeps them finite and shrunk by w.
  const std::vector<double> w2(v.size(), 1e307);
  OwlProx().apply(v.data(), v.size(), w2.data(), out.data());
  for (double x : out) EXPECT_TRUE(std::isfinite(x));
  EXPECT_DOUBLE_EQ(out[2], -1.6e308);
}

// What callers of OwlProx::apply must check (the wasm binding does, so a short weights array
// from any caller is refused instead of read past its end).
TEST(Owl, WeightChecksNameTheProblem) {
  const double w[3] = {3, 2, 1}, up[3] = {1, 2, 3}, negative[3] = {1, 0, -1};
  EXPECT_EQ(checkOwlWeights(3, w, 3).message(), "");
  EXPECT_NE(checkOwlWeights(4, w, 3).message().find("weights: must have one entry per value (4), got 3"),
            std::string::npos);
  EXPECT_NE(checkOwlWeights(3, up, 3).message().find("non-increasing"), std::string::npos);
  EXPECT_NE(checkOwlWeights(3, negative, 3).message().find("non-negative"), std::string::npos);
}

// The sorts read only the entries that can count (sortAbove; the OWL norm's non-zeros, the dual-ball
// test's |z| above the smallest weight): the same order as a full sort, and the norm and the
// certificate of their definitions over all d entries — on vectors with a few entries above the
// floor (the partial sort) and with many (the full one), with ties.
TEST(Owl, PartialSortsGiveTheFullDefinitions) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> U(0, 1);
  const std::size_t d = 400;
  const auto w = oscarWeights(d, 0.5, 0.002);  // from 1.298 down to 0.5
  for (double share : {0.02, 0.1, 0.6})
    for (bool integers : {false, true}) {
      SCOPED_TRACE("share " + std::to_string(share) + (integers ? " integers" : ""));
      std::vector<double> x(d, 0), z(d);
      for (std::size_t i = 0; i < d; ++i) {
        const double big = U(rng) < share ? 1 + 2 * U(rng) : 0.5 * U(rng);  // above or below the floor
        z[i] = (U(rng) < 0.5 ? -1 : 1) * (integers ? std::round(4 * big) / 4 : big);
        if (U(rng) < share) x[i] = (U(rng) < 0.5 ? -1 : 1) * (integers ? std::round(4 * U(rng) + 1) : U(rng));
      }
      MagnitudeOrder partial, full;
      const std::size_t above = partial.sortAbove(z.data(), d, w.back());
      full.sort(z.data(), d);
      EXPECT_EQ(above, static_cast<std::size_t>(
                           std::count_if(z.begin(), z.end(), [&](double v) { return std::abs(v) > w.back(); })));
      EXPECT_TRUE(std::equal(full.order().begin(), full.order().begin() + static_cast<std::ptrdiff_t>(above),
                             partial.order().begin()));
      // The definitions, every entry sorted by std::sort.
      auto sortedMagnitudes = [](std::vector<double> v) {
        for (double& a : v) a = std::abs(a);
        std::sort(v.begin(), v.end(), std::greater<double>());
        return v;
      };
      const std::vector<double> xs = sortedMagnitudes(x), zs = sortedMagnitudes(z);
      double norm = 0, excess = 0, sz = 0, sw = 0, zx = 0;
      for (std::size_t k = 0; k < d; ++k) {
        norm += w[k] * xs[k];
        sz += zs[k];
        sw += w[k];
        excess = std::max(excess, sz - sw);
        zx += z[k] * x[k];
      }
      EXPECT_EQ(owlNorm(x.data(), d, w.data()), norm);
      const double violation = std::max(excess, std::abs(norm - zx));
      EXPECT_NEAR(owlSubgradientViolation(x.data(), z.data(), w.data(), d), violation, 1e-12 * (1 + violation));
      EXPECT_GT(violation, 0);
    }
}
