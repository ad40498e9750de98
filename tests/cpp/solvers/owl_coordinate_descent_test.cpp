// Coordinate descent over OWL clusters (OSCAR's solver for the squared loss): the exact move of
// one cluster against a brute-force search over the candidates of the 1-D problem, and the
// screened hybrid against ADMM and FISTA on the full problem (dense, CSR, ridge, several outputs,
// warm starts), its certificate recomputed from scratch, including problems where the strong
// rule's first working set misses coordinates of the answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "csr.hpp"
#include "problems.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/experiments/e1_methods.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/owl_clusters.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/owl_coordinate_descent.hpp"
#include "supclust/solvers/proximal_gradient.hpp"

using namespace supclust;

namespace owlcd {

// a/2 (v − x)² + OWL_w(β with cluster j's members set to v times their signs).
double alongCluster(const std::vector<double>& beta, const OwlClusters& c, std::size_t j, double v, double x, double a,
                    const std::vector<double>& w) {
  std::vector<double> b = beta;
  for (std::int32_t i : c.members(j))
    b[static_cast<std::size_t>(i)] = (beta[static_cast<std::size_t>(i)] < 0 ? -1 : 1) * v;
  return 0.5 * a * (v - x) * (v - x) + owlNorm(b.data(), b.size(), w.data());
}

// −∇ of the smooth part at r, in centred coordinates (X dense), output k.
Vector negativeGradientOf(const RowMatrix& Xc, const Matrix& T, const Result& r, double ridge, Eigen::Index k) {
  const Vector residual = Xc * r.coef.col(k) + Vector::Constant(T.rows(), r.intercept[k]) - T.col(k);
  return -(Xc.transpose() * residual / static_cast<double>(T.rows()) + ridge * r.coef.col(k));
}

// Columns in blocks of `block` that share a factor (correlation about 0.8 within a block), y from
// a few blocks' sums: answers with clusters, and gradients at 0 that mislead the strong rule.
SyntheticProblem correlatedBlocks(int n, int d, int block, std::uint32_t seed) {
  std::mt19937 g(seed);
  std::normal_distribution<double> z;
  SyntheticProblem p;
  p.X.resize(n, d);
  p.y.resize(n);
  for (int i = 0; i < n; ++i) {
    double factor = 0;
    for (int j = 0; j < d; ++j) {
      if (j % block == 0) factor = z(g);
      p.X(i, j) = 2 * factor + z(g);
    }
  }
  Vector w = Vector::Zero(d);
  for (int j = 0; j < std::min(d, 3 * block); ++j) w[j] = (j / block == 1 ? -1.0 : 1.5);
  p.y = p.X * w;
  for (int i = 0; i < n; ++i) p.y[i] += 2 * z(g);
  return p;
}

}  // namespace owlcd

TEST(OwlClusters, ThresholdIsTheExactMinimiserAlongTheCluster) {
  std::mt19937 g(5);
  std::uniform_real_distribution<double> u(0, 1);
  int merges = 0, zeros = 0, moves = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t d = 2 + g() % 9;
    // Magnitudes from a small set (ties make clusters), some zero, random signs.
    std::vector<double> beta(d);
    for (double& b : beta) b = (g() % 4 == 0 ? 0.0 : 0.25 * static_cast<double>(1 + g() % 6)) * (g() % 2 ? 1 : -1);
    if (std::all_of(beta.begin(), beta.end(), [](double b) { return b == 0; })) beta[0] = 0.5;
    std::vector<double> w(d);
    for (double& x : w) x = 0.6 * u(g);
    std::sort(w.rbegin(), w.rend());
    std::vector<double> cumulative(d + 1, 0);
    std::partial_sum(w.begin(), w.end(), cumulative.begin() + 1);
    OwlClusters c;
    c.build(beta.data(), d);
    const std::size_t j = g() % c.count();
    const double a = 0.2 + 3 * u(g), x = 4 * u(g) - 1.5;
    const OwlClusters::Move move = c.threshold(j, x, a, cumulative.data());
    // The candidates of the convex piecewise-quadratic 1-D problem: 0, ± each other magnitude, and
    // x − ω/a for every weight sum ω of |members| consecutive ranks (each slot's stationary point).
    std::vector<double> candidates = {0};
    for (std::size_t i = 0; i < c.count(); ++i)
      candidates.push_back(c.magnitude(i)), candidates.push_back(-c.magnitude(i));
    for (std::size_t first = 0; first + c.size(j) <= d; ++first) {
      const double omega = cumulative[first + c.size(j)] - cumulative[first];
      candidates.push_back(x - omega / a);
      candidates.push_back(x + omega / a);
    }
    double best = HUGE_VAL;
    for (double v : candidates) best = std::min(best, owlcd::alongCluster(beta, c, j, v, x, a, w));
    const double found = owlcd::alongCluster(beta, c, j, move.value, x, a, w);
    ASSERT_LE(found, best + 1e-12 * (1 + std::abs(best))) << "trial " << trial;
    // The move's bookkeeping: after it, the clusters are those of the new β.
    std::vector<double> after = beta;
    for (std::int32_t i : c.members(j))
      after[static_cast<std::size_t>(i)] = (beta[static_cast<std::size_t>(i)] < 0 ? -1 : 1) * move.value;
    if (move.merge) {
      ++merges;
      std::size_t other = move.slot < j ? move.slot : move.slot + 1;
      ASSERT_EQ(std::abs(move.value), c.magnitude(other));
    }
    if (move.value == 0) ++zeros;
    if (!move.merge && move.value != 0 && move.slot != j) ++moves;
    c.apply(j, move);
    OwlClusters fresh;
    fresh.build(after.data(), d);
    ASSERT_EQ(c.count(), fresh.count()) << "trial " << trial;
    for (std::size_t i = 0; i < c.count(); ++i) {
      ASSERT_EQ(c.magnitude(i), fresh.magnitude(i));
      std::vector<std::int32_t> m = c.members(i);
      std::sort(m.begin(), m.end());
      ASSERT_EQ(m, fresh.members(i));
      ASSERT_EQ(c.start(i + 1) - c.start(i), m.size());
    }
  }
  // Every kind of move happened.
  EXPECT_GT(merges, 50);
  EXPECT_GT(zeros, 50);
  EXPECT_GT(moves, 50);
}

TEST(OwlCoordinateDescent, AgreesWithAdmmAndMeetsTheFullCertificate) {
  struct Case {
    int n, d;
    double l1, l2, ridge;
    bool ova;
  };
  const std::vector<Case> cases = {{40, 100, 2e-2, 1e-4, 0, false},  // n < d
                                   {150, 100, 1e-2, 1e-4, 0, false},  // many clusters
                                   {200, 60, 0.3, 1e-2, 0, false},  // large weights: a few clusters
                                   {60, 30, 1e-2, 1e-3, 0.1, false},  // with a ridge
                                   {90, 20, 1e-2, 1e-3, 0, true}};  // three outputs
  for (const Case& c : cases) {
    SCOPED_TRACE("n=" + std::to_string(c.n) + " d=" + std::to_string(c.d) + " l1=" + std::to_string(c.l1));
    SyntheticProblem p = generateE1(c.n, c.d, 4, 0.5, 11);
    if (c.ova)
      for (Eigen::Index i = 0; i < p.y.size(); ++i) p.y[i] = p.y[i] < -5 ? 0 : p.y[i] < 5 ? 1 : 2;
    const CenteredDesign X(p.X);
    const auto loss = makeLoss(c.ova ? "ova-squared" : "squared");
    const Objective F(X, loss->targets(p.y), *loss, c.ridge);
    const auto w = oscarWeights(static_cast<std::size_t>(c.d), c.l1, c.l2);
    const OwlPenalty P(w);
    const Result h = owlCoordinateDescent(F, w, Matrix::Zero(c.d, F.outputs()), {100000, 1e-11}, {});
    ASSERT_EQ(h.status, Status::Converged) << h.message;
    const double scale = gradientScale(F);
    const RowMatrix Xc = p.X.rowwise() - p.X.colwise().mean();
    for (Eigen::Index k = 0; k < F.outputs(); ++k) {
      const Vector z = owlcd::negativeGradientOf(Xc, F.targets(), h, c.ridge, k);
      EXPECT_LE(owlSubgradientViolation(h.coef.col(k).data(), z.data(), w.data(), static_cast<std::size_t>(c.d)),
                1e-11 * scale * 1.0001);
      EXPECT_NEAR(h.intercept[k], F.targets().col(k).mean(), 1e-12);
    }
    const Result a = admm(F, P, Matrix::Zero(c.d, F.outputs()), {100000, 1e-11}, {});
    ASSERT_EQ(a.status, Status::Converged) << a.message;
    const double fh = F.value(h.coef, h.intercept) + P.value(h.coef),
                 fa = F.value(a.coef, a.intercept) + P.value(a.coef);
    EXPECT_NEAR(fh, fa, 1e-12 * std::abs(fa));
    EXPECT_NEAR(h.objective, fh, 1e-14 * std::abs(fh));
    EXPECT_LE((h.coef - a.coef).cwiseAbs().maxCoeff(), 1e-6 * std::max(1.0, a.coef.cwiseAbs().maxCoeff()));
    // A warm start from ADMM's answer stays there.
    const Result warm = owlCoordinateDescent(F, w, a.coef, {20000, 1e-11}, {});
    ASSERT_EQ(warm.status, Status::Converged);
    EXPECT_NEAR(warm.objective, fa, 1e-12 * std::abs(fa));
  }
}

TEST(OwlCoordinateDescent, TheWorkingSetGrowsUntilEveryCoordinateIsCertified) {
  // Correlated blocks over a sweep of weights, cold and warm-started from the answer at other
  // weights (so that the support changes): answers with more non-zeros than the first working set
  // holds (the start's non-zeros and at most 10 more, firstZeros = 10: counted below), each certified on all
  // coordinates and equal to ADMM's.
  int grown = 0;
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    const SyntheticProblem p = owlcd::correlatedBlocks(50, 120, 6, seed);
    const CenteredDesign X(p.X);
    const auto loss = makeLoss("squared");
    const Objective F(X, loss->targets(p.y), *loss, 0);
    const Matrix G0 = gradientAtZero(F);
    const auto shape = oscarWeights(120, 1, 0.02);
    const double top = owlDualNorm(G0.data(), 120, shape.data());
    Matrix previous = Matrix::Zero(120, 1);
    for (double fraction : {0.6, 0.2, 0.1, 0.4, 0.15}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " fraction " + std::to_string(fraction));
      std::vector<double> w = shape;
      for (double& x : w) x *= fraction * top;
      for (const Matrix* start : {static_cast<const Matrix*>(nullptr), static_cast<const Matrix*>(&previous)}) {
        const Matrix W0 = start ? *start : Matrix::Zero(120, 1);
        OwlDescentOptions o{20000, 1e-11};
        o.firstZeros = 10;
        const Result h = owlCoordinateDescent(F, w, W0, o, {});
        ASSERT_EQ(h.status, Status::Converged) << h.message;
        const Result a = admm(F, OwlPenalty(w), Matrix::Zero(120, 1), {100000, 1e-11}, {});
        ASSERT_EQ(a.status, Status::Converged);
        const double fa = F.value(a.coef, a.intercept) + OwlPenalty(w).value(a.coef);
        EXPECT_NEAR(h.objective, fa, 1e-12 * std::abs(fa));
        EXPECT_NEAR(F.value(h.coef, h.intercept) + OwlPenalty(w).value(h.coef), fa, 1e-12 * std::abs(fa));
        EXPECT_EQ(partitionOfDistinctRows(h.coef).labels, partitionOfDistinctRows(a.coef).labels);
        const Matrix Gh = -owlcd::negativeGradientOf(p.X.rowwise() - p.X.colwise().mean(), F.targets(), h, 0, 0);
        EXPECT_LE(OwlPenalty(w).optimalityResidual(h.coef, Gh), 1e-11 * gradientScale(F) * 1.0001);
        if ((h.coef.array() != 0).count() > (W0.array() != 0).count() + 10) ++grown;
      }
      previous = owlCoordinateDescent(F, w, Matrix::Zero(120, 1), {20000, 1e-11}, {}).coef;
    }
  }
  EXPECT_GT(grown, 5) << "too few cases grew the working set";
}

TEST(OwlCoordinateDescent, ADenseWorkingSetIsSolvedOnItsColumnsByAdmmOrFista) {
  // denseAbove = 0 sends the set's problem to ADMM (or, with admmShortSide = 0, FISTA) on the set's
  // columns after the first proximal gradient step that leaves a non-zero (every answer here has
  // some), and from the start when the start has one; the answer is the plain hybrid's, certified on
  // all coordinates, dense and CSR, cold and warm from the answer at other weights.
  const SyntheticProblem p = owlcd::correlatedBlocks(60, 150, 5, 4);
  const CsrArrays csr = csrOf(p.X);
  const CenteredDesign dense(p.X),
      sparse(DataMatrix(p.X.rows(), p.X.cols(), csr.indptr.data(), csr.indices.data(), csr.values.data()));
  const auto loss = makeLoss("squared");
  const RowMatrix Xc = p.X.rowwise() - p.X.colwise().mean();
  const auto shape = oscarWeights(150, 1, 0.01);
  for (const CenteredDesign* X : {&dense, &sparse}) {
    const Objective F(*X, loss->targets(p.y), *loss, 1e-3);
    const Matrix G0 = gradientAtZero(F);
    const double top = owlDualNorm(G0.data(), 150, shape.data()), scale = gradientScale(F);
    Matrix previous = Matrix::Zero(150, 1);
    for (double fraction : {0.3, 0.05, 0.1}) {
      std::vector<double> w = shape;
      for (double& x : w) x *= fraction * top;
      const Result plain = owlCoordinateDescent(F, w, Matrix::Zero(150, 1), {100000, 1e-11}, {});
      ASSERT_EQ(plain.status, Status::Converged);
      for (Eigen::Index shortSide : {kAdmmShortSide, Eigen::Index{0}})
        for (const Matrix* start : {static_cast<const Matrix*>(nullptr), static_cast<const Matrix*>(&previous)}) {
          SCOPED_TRACE(std::string(X == &sparse ? "CSR" : "dense") + (shortSide ? " ADMM" : " FISTA") +
                       (start ? " warm" : " cold") + " fraction " + std::to_string(fraction));
          OwlDescentOptions o{100000, 1e-11};
          o.denseAbove = 0;
          o.admmShortSide = shortSide;
          const Result h = owlCoordinateDescent(F, w, start ? *start : Matrix::Zero(150, 1), o, {});
          ASSERT_EQ(h.status, Status::Converged) << h.message;
          EXPECT_NEAR(h.objective, plain.objective, 1e-12 * std::abs(plain.objective));
          EXPECT_NEAR(F.value(h.coef, h.intercept) + OwlPenalty(w).value(h.coef), plain.objective,
                      1e-12 * std::abs(plain.objective));
          EXPECT_EQ(partitionOfDistinctRows(h.coef).labels, partitionOfDistinctRows(plain.coef).labels);
          const Matrix G = -owlcd::negativeGradientOf(Xc, F.targets(), h, 1e-3, 0);
          EXPECT_LE(OwlPenalty(w).optimalityResidual(h.coef, G), 1e-11 * scale * 1.0001);
        }
      EXPECT_GT((plain.coef.array() != 0).count(), 0);
      previous = plain.coef;
    }
  }
}

TEST(OwlCoordinateDescent, AutoSolvesADenseAnswerOnItsWorkingSet) {
  // n = 40 < d = 100 with small weights: an answer with more non-zeros than the rule's 25, where
  // coordinate descent crawls (not converged after 500 steps); auto ends at ADMM's answer.
  const SyntheticProblem p = generateE1(40, 100, 4, 0.5, 11);
  Params q;
  q.numbers = {{"lambda1", 1e-3}, {"lambda2", 1e-5}, {"tolerance", 1e-10}, {"maxIterations", 1000000}};
  q.strings["solver"] = "admm";
  const Result admmFit = fit("oscar", problemOf(p.X, p.y), q);
  ASSERT_EQ(admmFit.status, Status::Converged);
  EXPECT_GT((admmFit.coef.array() != 0).count(), 25);
  q.strings["solver"] = "auto";
  const Result autoFit = fit("oscar", problemOf(p.X, p.y), q);
  ASSERT_EQ(autoFit.status, Status::Converged);
  EXPECT_NEAR(autoFit.objective, admmFit.objective, 1e-9 * admmFit.objective);
  q.strings["solver"] = "cd";
  q.numbers["maxIterations"] = 500;
  EXPECT_EQ(fit("oscar", problemOf(p.X, p.y), q).status, Status::MaxIterations);
}

TEST(OwlCoordinateDescent, EveryE5CellAgreesWithAdmm) {
  // OSCAR over E5's grid (λ1, λ2 on half-decades from 1 to 1e-6, the table's, on each dataset's
  // first repetition): auto and cd end at ADMM's objective, every answer certified to 1e-12.
  const std::vector<double> lambdas = logSpace(1, 1e-6, 13);
  for (int dataset : {1, 2}) {
    GeneratorOptions o;
    o.n = 100;
    o.sigma = 2;
    o.dataset = dataset;
    SyntheticProblem p;
    ASSERT_EQ(generate("e5", o, p).message(), "");
    for (double l1 : lambdas)
      for (double l2 : lambdas) {
        SCOPED_TRACE("dataset " + std::to_string(dataset) + " lambda1 " + std::to_string(l1) + " lambda2 " +
                     std::to_string(l2));
        Params q;
        q.numbers = {{"lambda1", l1}, {"lambda2", l2}, {"tolerance", 1e-12}, {"maxIterations", 1000000}};
        q.strings["solver"] = "admm";
        const Result reference = fit("oscar", problemOf(p.X, p.y), q);
        ASSERT_EQ(reference.status, Status::Converged) << reference.message;
        for (const char* solver : {"auto", "cd"}) {
          q.strings["solver"] = solver;
          const Result r = fit("oscar", problemOf(p.X, p.y), q);
          ASSERT_EQ(r.status, Status::Converged) << solver << ": " << r.message;
          EXPECT_NEAR(r.objective, reference.objective, 1e-11 * reference.objective) << solver;
        }
      }
  }
}

TEST(OwlCoordinateDescent, OscarSolversAgreeThroughTheMethodDenseAndCsr) {
  const SyntheticProblem p = owlcd::correlatedBlocks(80, 40, 4, 9);
  const CsrArrays csr = csrOf(p.X);
  const Problem dense = problemOf(p.X, p.y);
  const Problem sparse{
      {p.X.rows(), p.X.cols(), csr.indptr.data(), csr.indices.data(), csr.values.data()}, {p.y.data(), p.y.size()}, 1};
  auto options = [](const char* solver) {
    Params q;
    q.numbers = {{"lambda1", 0.05}, {"lambda2", 0.01}, {"tolerance", 1e-11}};
    q.strings["solver"] = solver;
    return q;
  };
  const Result admmFit = fit("oscar", dense, options("admm"));
  ASSERT_EQ(admmFit.status, Status::Converged) << admmFit.message;
  for (const Problem* problem : {&dense, &sparse})
    for (const char* solver : {"auto", "cd", "fista"}) {
      SCOPED_TRACE(std::string(solver) + (problem == &sparse ? " CSR" : " dense"));
      const Result r = fit("oscar", *problem, options(solver));
      ASSERT_EQ(r.status, Status::Converged) << r.message;
      EXPECT_NEAR(r.objective, admmFit.objective, 1e-11 * admmFit.objective);
      EXPECT_EQ(r.groups, admmFit.groups);
    }
  // Refusals name the option.
  Params logistic = options("cd");
  logistic.strings["loss"] = "logistic";
  Vector labels = (p.y.array() > 0).cast<double>();
  const Result refused = fit("oscar", problemOf(p.X, labels), logistic);
  EXPECT_EQ(refused.status, Status::InvalidInput);
  EXPECT_EQ(refused.field, "solver");
  Params graph = options("admm");
  graph.labels["graph"] = {0, 1, 1, 2};
  const Result refusedGraph = fit("oscar", dense, graph);
  EXPECT_EQ(refusedGraph.status, Status::InvalidInput);
  EXPECT_EQ(refusedGraph.field, "solver");
}
