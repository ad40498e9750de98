// GFLasso's clique fusion: the O(d log d) prox against a brute-force dual solution (ties and
// zeros included), the penalty's value against the O(d²) sum, and fits that reach the
// certificate with the squared (ADMM and FISTA) and logistic losses.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/families/penalties/clique_fusion_penalty.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

// argmin ½‖x − v‖² + Σ_e c_e |a_eᵀx| for the rows a_e = e_i − e_j (c = λ2) and a_e = e_i (c = λ1),
// by exact coordinate ascent on the dual box |u_e| ≤ 1, with x = v − Σ_e u_e c_e a_e.
std::vector<double> bruteForceProx(const std::vector<double>& v, double l1, double l2) {
  const std::size_t d = v.size();
  struct Row {
    std::size_t i, j;
    double c;
  };  // j == d: the ℓ1 row e_i
  std::vector<Row> rows;
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = i + 1; j < d; ++j) rows.push_back({i, j, l2});
  for (std::size_t i = 0; i < d; ++i) rows.push_back({i, d, l1});
  std::vector<double> u(rows.size(), 0), x = v;
  for (int sweep = 0; sweep < 200000; ++sweep) {
    double moved = 0;
    for (std::size_t e = 0; e < rows.size(); ++e) {
      const Row& r = rows[e];
      if (r.c == 0) continue;
      const double ax = r.j < d ? x[r.i] - x[r.j] : x[r.i], norm2 = r.j < d ? 2 : 1;
      const double next = std::clamp(u[e] + ax / (r.c * norm2), -1.0, 1.0), step = (next - u[e]) * r.c;
      if (step == 0) continue;
      x[r.i] -= step;
      if (r.j < d) x[r.j] += step;
      u[e] = next;
      moved = std::max(moved, std::abs(step));
    }
    if (moved < 1e-15) break;
  }
  return x;
}

double pairSum(const std::vector<double>& x) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) s += std::abs(x[i] - x[j]);
  return s;
}

Params gflasso(double l1, double l2, const std::string& loss = "squared") {
  Params p;
  p.numbers = {{"lambda1", l1}, {"lambda2", l2}, {"tolerance", 1e-12}};
  p.strings = {{"loss", loss}};
  return p;
}

}  // namespace

TEST(CliqueFusion, ProxMatchesBruteForceWithTiesAndZeros) {
  Random rng(5);
  CliqueFusionProx prox;
  int cases = 0;
  for (std::size_t d = 1; d <= 6; ++d)
    for (int trial = 0; trial < 12; ++trial) {
      std::vector<double> v(d);
      for (double& x : v) x = std::round(rng.normal() * 4) / 2;  // halves: ties and zeros are common
      if (trial % 3 == 0) v[0] = v[d - 1];
      for (const auto& [l1, l2] :
           std::vector<std::pair<double, double>>{{0, 0.3}, {0.5, 0.1}, {0.2, 0.4}, {1.5, 0.05}, {0.7, 0}, {0, 0}}) {
        std::vector<double> fast(d);
        prox.apply(v.data(), d, l1, l2, fast.data());
        const std::vector<double> brute = bruteForceProx(v, l1, l2);
        for (std::size_t i = 0; i < d; ++i)
          ASSERT_NEAR(fast[i], brute[i], 1e-9) << "d=" << d << " trial " << trial << " λ1=" << l1 << " λ2=" << l2;
        ++cases;
      }
    }
  EXPECT_EQ(cases, 6 * 12 * 6);
}

TEST(CliqueFusion, ProxMayAliasItsInputAndSumMatchesPairs) {
  Random rng(9);
  std::vector<double> v(50), copy;
  for (double& x : v) x = rng.normal();
  copy = v;
  std::vector<double> out(50);
  CliqueFusionProx prox;
  prox.apply(v.data(), 50, 0.1, 0.01, out.data());
  prox.apply(v.data(), 50, 0.1, 0.01, v.data());
  EXPECT_EQ(out, v);
  EXPECT_NEAR(cliqueFusionSum(copy.data(), 50), pairSum(copy), 1e-10 * pairSum(copy));
  const CliqueFusionPenalty P(0.3, 0.02);
  const Matrix W = Eigen::Map<const Vector>(copy.data(), 50);
  double l1 = 0;
  for (double x : copy) l1 += std::abs(x);
  EXPECT_NEAR(P.value(W), 0.3 * l1 + 0.02 * pairSum(copy), 1e-10);
}

TEST(Gflasso, ReachesItsCertificateAndReducesToTheLasso) {
  const auto p = generateE1(80, 40, 3, 0.5, 2);  // n > d (FISTA) and, below, n < d (ADMM)
  for (const auto& [n, l1, l2] :
       std::vector<std::tuple<Eigen::Index, double, double>>{{80, 0.05, 0.002}, {30, 0.02, 0.01}}) {
    const RowMatrix X = p.X.topRows(n);
    const Vector y = p.y.head(n);
    const Result r = fit("gflasso", problemOf(X, y), gflasso(l1, l2));
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const Vector res = X * r.coef.col(0) + Vector::Constant(n, r.intercept[0]) - y;
    const Matrix G = X.transpose() * res / static_cast<double>(n);
    EXPECT_LE(proximalResidual(CliqueFusionPenalty(l1, l2), r.coef, G), 1e-7) << "n=" << n;
    EXPECT_LE(std::abs(res.mean()), 1e-8);
    EXPECT_LT(r.centroids.rows(), 40);  // fusion ties coefficients
  }
  Params lasso;
  lasso.numbers = {{"lambda", 0.05}, {"tolerance", 1e-12}};
  const Result a = fit("lasso", problemOf(p.X, p.y), lasso), b = fit("gflasso", problemOf(p.X, p.y), gflasso(0.05, 0));
  EXPECT_LE((a.coef - b.coef).norm(), 1e-6 * a.coef.norm());
}

TEST(Gflasso, LogisticFitReachesItsCertificate) {
  auto p = generateE1(200, 20, 3, 0.5, 6);
  for (Eigen::Index i = 0; i < p.y.size(); ++i) p.y[i] = p.y[i] > 0 ? 1 : 0;
  const double l1 = 1e-3, l2 = 1e-3;
  const Result r = fit("gflasso", problemOf(p.X, p.y), gflasso(l1, l2, "logistic"));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Vector eta = p.X * r.coef.col(0) + Vector::Constant(p.y.size(), r.intercept[0]);
  const Vector mu = eta.unaryExpr([](double t) { return 1 / (1 + std::exp(-t)); });
  const Matrix G = p.X.transpose() * (mu - p.y) / static_cast<double>(p.y.size());
  EXPECT_LE(proximalResidual(CliqueFusionPenalty(l1, l2), r.coef, G), 1e-7);
  EXPECT_LE(std::abs((mu - p.y).mean()), 1e-7);
}

TEST(Gflasso, StrongFusionGivesOneValue) {
  const auto p = generateE1(60, 10, 2, 0.5, 3);
  const Result r = fit("gflasso", problemOf(p.X, p.y), gflasso(0, 100));
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  EXPECT_EQ(r.centroids.rows(), 1);
}

TEST(CliqueFusion, AReusedProxGivesTheFreshResultAlongAWalk) {
  // The prox keeps its sort order between calls; along small steps, jumps, ties and a change of
  // size it must give exactly what a fresh prox gives.
  Random rng(12);
  CliqueFusionProx kept;
  std::vector<double> v(40);
  for (double& x : v) x = rng.normal();
  for (int step = 0; step < 60; ++step) {
    if (step == 30) v.resize(25);
    for (double& x : v) x += step % 10 == 9 ? 3 * rng.normal() : 0.01 * rng.normal();
    if (step % 7 == 0) v[1] = v[0];  // a tie
    std::vector<double> a(v.size()), b(v.size());
    kept.apply(v.data(), v.size(), 0.05, 0.01, a.data());
    CliqueFusionProx().apply(v.data(), v.size(), 0.05, 0.01, b.data());
    ASSERT_EQ(a, b) << "step " << step;
  }
}
