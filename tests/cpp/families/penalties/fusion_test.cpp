// The pairwise penalties beyond the complete-graph fast paths: graph forms, ADFG, ncTFGS.
// Each is checked against the DFG paper's explicit T-matrix form solved by an independent ADMM
// (explicit_rows.hpp), against a reduction to another method, or against brute force.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "explicit_rows.hpp"
#include "supclust/families/penalties/magnitude_fusion.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {

Params penalty(std::map<std::string, double> numbers, const Labels& graph = {}, const std::string& loss = "squared") {
  Params p;
  p.numbers = {{"tolerance", 1e-11}, {"maxIterations", 200000}};
  for (const auto& [k, v] : numbers) p.numbers[k] = v;
  p.strings = {{"loss", loss}};
  if (!graph.empty()) p.labels["graph"] = graph;
  return p;
}

Labels completeEdges(int d) {
  Labels e;
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < d; ++j) e.insert(e.end(), {j, i});  // either order is an edge
  return e;
}

// A random graph on d features: each pair with probability 1/2, as the flat option list.
Labels randomEdges(int d, std::uint64_t seed) {
  Random rng(seed);
  Labels e;
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < d; ++j)
      if (rng.uniform() < 0.5) e.insert(e.end(), {i, j});
  return e;
}

std::vector<std::vector<int>> neighboursOf(int d, const Labels& e) {
  std::vector<std::vector<int>> nb(static_cast<std::size_t>(d));
  for (std::size_t k = 0; k + 1 < e.size(); k += 2) {
    nb[static_cast<std::size_t>(e[k])].push_back(e[k + 1]);
    nb[static_cast<std::size_t>(e[k + 1])].push_back(e[k]);
  }
  return nb;
}

void expectSameFit(const Result& a, const Result& b, double tolerance, const std::string& what) {
  ASSERT_EQ(a.status, Status::Converged) << what << ": " << a.message;
  ASSERT_EQ(b.status, Status::Converged) << what << ": " << b.message;
  const double scale = std::max(1.0, a.coef.cwiseAbs().maxCoeff());
  EXPECT_LE((a.coef - b.coef).cwiseAbs().maxCoeff(), tolerance * scale) << what;
  EXPECT_NEAR(a.objective, b.objective, tolerance * std::abs(a.objective)) << what;
}
}  // namespace

TEST(FeatureGraph, BadEdgesAreRefusedByName) {
  const auto p = generateE1(20, 5, 2, 0.5, 1);
  const std::vector<std::pair<Labels, std::string>> cases = {
      {{0, 5}, "edge 0 (0, 5) is out of range: features are 0..4"},
      {{1, 2, 3, 3}, "edge 1 (3, 3) joins a feature to itself"},
      {{1, 2, 0, 4, 2, 1}, "edge 2 (2, 1) repeats edge 0"},
      {{1, 2, 0}, "must list pairs of features"},
      {{-1, 2}, "out of range"}};
  for (const char* method : {"gflasso", "ncfgs", "nctfgs", "dfg", "adfg"})
    for (const auto& [edges, message] : cases) {
      const Result r = fit(method, problemOf(p.X, p.y), penalty({{"lambda1", 0.1}, {"lambda2", 0.1}}, edges));
      EXPECT_EQ(r.status, Status::InvalidInput) << method;
      EXPECT_NE(r.message.find("graph"), std::string::npos) << r.message;
      EXPECT_NE(r.message.find(message), std::string::npos) << method << ": " << r.message;
    }
  for (const auto& [name, value] : std::vector<std::pair<std::string, double>>{
           {"tau", 0}, {"gamma", -0.5}, {"weightFloor", 0}, {"weightFloor", 1.5}, {"lambda1", -1}}) {
    const std::string method = name == "tau" ? "nctfgs" : name == "gamma" || name == "weightFloor" ? "adfg" : "dfg";
    const Result r = fit(method, problemOf(p.X, p.y), penalty({{name, value}}));
    EXPECT_EQ(r.status, Status::InvalidInput) << method;
    EXPECT_NE(r.message.find("'" + name + "'"), std::string::npos) << r.message;
  }
}

TEST(FeatureGraph, GflassoAndDfgOnAGraphSolveThePapersExplicitForm) {
  for (const auto& [n, d, seed] : std::vector<std::tuple<int, int, std::uint64_t>>{{40, 6, 1}, {5, 7, 2}}) {
    const auto p = generateE1(n, d, 2, 0.5, seed);
    const Labels edges = randomEdges(d, seed + 10);
    const auto nb = neighboursOf(d, edges);
    const double l1 = 0.02, l2 = 0.03;
    ref::Rows gflasso, dfg;
    for (int i = 0; i < d; ++i) {
      gflasso.add(ref::unit(d, i), l1);
      dfg.add(ref::unit(d, i), l1);
    }
    for (std::size_t k = 0; k < edges.size(); k += 2)
      gflasso.add(ref::unit(d, edges[k]) - ref::unit(d, edges[k + 1]), l2);
    // max(|b_i − b_j|, |b_i − b_k|) = (|2b_i − b_j − b_k| + |b_k − b_j|)/2 for j < k in N(i).
    for (int i = 0; i < d; ++i)
      for (std::size_t a = 0; a < nb[i].size(); ++a)
        for (std::size_t c = a + 1; c < nb[i].size(); ++c) {
          const int j = nb[i][a], k = nb[i][c];
          dfg.add(2 * ref::unit(d, i) - ref::unit(d, j) - ref::unit(d, k), l2 / 2);
          dfg.add(ref::unit(d, k) - ref::unit(d, j), l2 / 2);
        }
    for (const auto& [method, rows] : {std::pair<std::string, const ref::Rows*>{"gflasso", &gflasso}, {"dfg", &dfg}}) {
      const Result r = fit(method, problemOf(p.X, p.y), penalty({{"lambda1", l1}, {"lambda2", l2}}, edges));
      ASSERT_EQ(r.status, Status::Converged) << method << ": " << r.message;
      const Vector reference = ref::explicitRowsAdmm(p.X, p.y, *rows);
      const double f = ref::squaredObjective(p.X, p.y, r.coef.col(0), *rows),
                   fRef = ref::squaredObjective(p.X, p.y, reference, *rows);
      EXPECT_NEAR(r.objective, f, 1e-10 * f) << method;
      EXPECT_LE(f, fRef + 1e-8 * fRef) << method << " n=" << n;
      EXPECT_LE((r.coef.col(0) - reference).cwiseAbs().maxCoeff(),
                1e-4 * std::max(1.0, reference.cwiseAbs().maxCoeff()))
          << method;
    }
  }
}

TEST(FeatureGraph, TheCompleteGraphGivesTheAllPairsFit) {
  // Different code paths meet: the exact clique prox (FISTA/ADMM) against fusion ADMM's edge rows,
  // OSCAR's OWL subproblems against ADMM on w_i ± w_j, sorted counts against per-edge sums.
  const auto p = generateE1(30, 8, 2, 0.5, 4);
  const Labels all = completeEdges(8);
  const std::vector<std::tuple<std::string, std::string, std::map<std::string, double>>> cases = {
      {"gflasso", "squared", {{"lambda1", 0.01}, {"lambda2", 0.01}}},
      {"ncfgs", "squared", {{"lambda1", 0.01}, {"lambda2", 0.005}, {"dcTolerance", 0}}},
      {"nctfgs", "squared", {{"lambda1", 0.01}, {"lambda2", 0.005}, {"tau", 0.5}, {"dcTolerance", 0}}},
      {"dfg", "squared", {{"lambda1", 0.01}, {"lambda2", 0.002}}},
      {"adfg", "squared", {{"lambda1", 0.01}, {"lambda2", 0.005}, {"lambda3", 0.002}, {"gamma", 0.5}}}};
  for (const auto& [method, loss, numbers] : cases) {
    const Result plain = fit(method, problemOf(p.X, p.y), penalty(numbers, {}, loss));
    const Result graph = fit(method, problemOf(p.X, p.y), penalty(numbers, all, loss));
    expectSameFit(plain, graph, 1e-6, method);
  }
  Vector labels = (p.y.array() > p.y.mean()).cast<double>();
  const Result plain =
      fit("gflasso", problemOf(p.X, labels), penalty({{"lambda1", 0.005}, {"lambda2", 0.002}}, {}, "logistic"));
  const Result graph =
      fit("gflasso", problemOf(p.X, labels), penalty({{"lambda1", 0.005}, {"lambda2", 0.002}}, all, "logistic"));
  expectSameFit(plain, graph, 1e-5, "gflasso logistic");
}

TEST(Adfg, SolvesThePapersExplicitForm) {
  // γ = 0.5 with the default weight floor (1e-2 max|β̂|), γ = 1 with a floor of 1e-4 (weights
  // spread wider).
  for (const auto& [gamma, floorFraction] : {std::pair{0.5, 1e-2}, std::pair{1.0, 1e-4}}) {
    const int n = 50, d = 6;
    const auto p = generateE1(n, d, 2, 0.5, 7);
    const double l1 = 0.01, l2 = 0.004, l3 = 0.002;
    // β̂: least squares (n > d), written out.
    const RowMatrix Xc = p.X.rowwise() - p.X.colwise().mean();
    const Vector yc = (p.y.array() - p.y.mean()).matrix();
    const Vector hat = Matrix(Xc.transpose() * Xc).ldlt().solve(Xc.transpose() * yc);
    const double floor = floorFraction * hat.cwiseAbs().maxCoeff();
    const auto w = [&](double diff) { return std::pow(std::max(std::abs(diff), floor), -gamma); };
    ref::Rows rows;
    for (int i = 0; i < d; ++i) rows.add(ref::unit(d, i), l1 * w(hat[i]));
    for (int j = 0; j < d; ++j)
      for (int k = j + 1; k < d; ++k) rows.add(ref::unit(d, j) - ref::unit(d, k), l2 * w(hat[j] - hat[k]));
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j)
        for (int k = j + 1; k < d; ++k) {
          if (j == i || k == i) continue;
          const double wij = w(hat[i] - hat[j]), wik = w(hat[i] - hat[k]), alpha = wij / (wij + wik);
          rows.add(ref::unit(d, i) - alpha * ref::unit(d, j) - (1 - alpha) * ref::unit(d, k), l3 * (wij + wik));
        }
    std::map<std::string, double> numbers = {{"lambda1", l1}, {"lambda2", l2}, {"lambda3", l3}, {"gamma", gamma}};
    if (floorFraction != 1e-2) numbers["weightFloor"] = floorFraction;
    const Result r = fit("adfg", problemOf(p.X, p.y), penalty(numbers));
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    const Vector reference = ref::explicitRowsAdmm(p.X, p.y, rows);
    const double f = ref::squaredObjective(p.X, p.y, r.coef.col(0), rows),
                 fRef = ref::squaredObjective(p.X, p.y, reference, rows);
    EXPECT_NEAR(r.objective, f, 1e-10 * f);
    EXPECT_LE(f, fRef + 1e-8 * fRef) << "γ=" << gamma;
    EXPECT_LE((r.coef.col(0) - reference).cwiseAbs().maxCoeff(), 1e-4 * std::max(1.0, reference.cwiseAbs().maxCoeff()));
  }
}

TEST(Adfg, WithGammaZeroIsDfg) {
  // γ = 0: all weights 1, α = ½, and Σ_{j<k} max(|β_i − β_j|, |β_i − β_k|) = ½Σ|2β_i − β_j − β_k| +
  // ½(d − 2)Σ_{j<k}|β_j − β_k| summed over i: ADFG(λ2 = (d − 2)λ/2, λ3 = λ/2) = DFG(λ) (paper §ADFG).
  const int d = 9;
  for (const std::string loss : {"squared", "logistic"}) {
    const auto p = generateE1(25, d, 3, 0.5, 8);
    const Vector y = loss == "squared" ? p.y : Vector((p.y.array() > p.y.mean()).cast<double>());
    const double lambda = loss == "squared" ? 0.004 : 0.001;
    const Result dfg = fit("dfg", problemOf(p.X, y), penalty({{"lambda1", 0.01}, {"lambda2", lambda}}, {}, loss));
    const Result adfg =
        fit("adfg", problemOf(p.X, y),
            penalty({{"lambda1", 0.01}, {"lambda2", (d - 2) * lambda / 2}, {"lambda3", lambda / 2}, {"gamma", 0}}, {},
                    loss));
    expectSameFit(dfg, adfg, loss == "squared" ? 1e-6 : 1e-5, "dfg vs adfg(γ = 0), " + loss);
  }
}

TEST(Nctfgs, ALargeThresholdIsNcfgsAndTheObjectiveNeverIncreases) {
  const auto p = generateE1(40, 10, 3, 0.5, 9);
  // |w| and its gaps stay below τ = 50: J_τ is linear there, so ncTFGS(τλ1, τλ2, τ) = ncFGS(λ1, λ2)
  // step by step.
  const Result nc = fit("ncfgs", problemOf(p.X, p.y), penalty({{"lambda1", 0.02}, {"lambda2", 0.004}}));
  const Result nct = fit("nctfgs", problemOf(p.X, p.y), penalty({{"lambda1", 1.0}, {"lambda2", 0.2}, {"tau", 50}}));
  ASSERT_LT(nc.coef.cwiseAbs().maxCoeff(), 25);
  expectSameFit(nc, nct, 1e-8, "ncfgs vs nctfgs(τ = 50)");
  for (const double tau : {0.1, 0.5, 2.0})
    for (const bool graph : {false, true}) {
      const Result r =
          fit("nctfgs", problemOf(p.X, p.y),
              penalty({{"lambda1", 0.02}, {"lambda2", 0.01}, {"tau", tau}}, graph ? randomEdges(10, 3) : Labels{}));
      ASSERT_NE(r.status, Status::InvalidInput) << r.message;
      ASSERT_GE(r.history.size(), 2u);
      for (std::size_t t = 1; t < r.history.size(); ++t) EXPECT_LE(r.history[t], r.history[t - 1]) << "τ=" << tau;
    }
}

TEST(MagnitudeFusion, ValueAndConcaveGradientAgainstBruteForce) {
  Random rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    const int d = 2 + trial % 8;
    Vector w(d);
    for (auto& x : w) x = std::round(rng.normal() * 4) / 4;  // ties and zeros
    const double tau = trial % 3 == 0 ? HUGE_VAL : 0.25 + 0.25 * (trial % 4);
    const double l1 = 0.3, l2 = 0.7;
    // Brute force: the definition, and ∇h from the branch rules per pair.
    const double s = std::isfinite(tau) ? 1 / tau : 1;
    double value = 0;
    Vector grad = Vector::Zero(d);
    const auto sign = [](double x) { return static_cast<double>((x > 0) - (x < 0)); };
    for (int i = 0; i < d; ++i) {
      value += s * l1 * std::min(std::abs(w[i]), tau);
      if (std::abs(w[i]) > tau) grad[i] += s * l1 * sign(w[i]);
      for (int j = 0; j < d; ++j) {
        if (j == i) continue;
        const double gap = std::abs(w[i]) - std::abs(w[j]);
        if (j > i) value += s * l2 * std::min(std::abs(gap), tau);
        grad[i] += s * l2 * sign(w[i]) * (gap > tau ? 2 : -gap > tau ? 0 : 1);
      }
    }
    const FeatureGraph complete = FeatureGraph::fromPairs(static_cast<std::size_t>(d), completeEdges(d));
    for (const FeatureGraph* g : {static_cast<const FeatureGraph*>(nullptr), &complete}) {
      const MagnitudeFusion P{l1, l2, tau, g};
      EXPECT_NEAR(P.value(w), value, 1e-12 * (1 + value)) << "d=" << d;
      EXPECT_LE((P.concaveGradient(w) - grad).cwiseAbs().maxCoeff(), 1e-12 * (1 + grad.cwiseAbs().maxCoeff()))
          << "d=" << d;
    }
  }
}
