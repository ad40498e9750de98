// ADMM (OSCAR's solver for the squared loss): its certificate computed from scratch, agreement
// with accelerated proximal gradient on the same problems (n < d, n > d, ridge, several
// outputs), and warm starts.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "supclust/core/loss.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/experiments/experiment.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/anderson.hpp"
#include "supclust/solvers/proximal_gradient.hpp"

using namespace supclust;

namespace {
struct Case {
  int n, d;
  double l1, l2, ridge;
  std::string loss;
};

// E1 at n = 80 < d = 100 with the squared loss: the data, design, loss and objective together.
struct WideE1 {
  SyntheticProblem p = generateE1(80, 100, 5, 0.5, 3);
  CenteredDesign X{p.X};
  std::unique_ptr<Loss> loss = makeLoss("squared");
  Objective F{X, loss->targets(p.y), *loss, 0};
};

// −∇ of the smooth part at the solution, in centred coordinates, for output k.
Vector negativeGradient(const CenteredDesign& X, const Matrix& T, const Result& r, double ridge, Eigen::Index k) {
  const Vector residual = X.X() * r.coef.col(k) + Vector::Constant(T.rows(), r.intercept[k]) - T.col(k);
  return -(X.X().transpose() * residual / static_cast<double>(T.rows()) + ridge * r.coef.col(k));
}
}  // namespace

TEST(Admm, MeetsTheOwlCertificateAndAgreesWithProximalGradient) {
  const std::vector<Case> cases = {{40, 100, 1e-3, 1e-5, 0, "squared"},  // n < d, small penalties: the hard case
                                   {150, 100, 1e-2, 1e-4, 0, "squared"},
                                   {60, 30, 1e-2, 1e-3, 0.1, "squared"},  // with a ridge
                                   {90, 20, 1e-2, 1e-3, 0, "ova-squared"}};  // three outputs
  for (const Case& c : cases) {
    SCOPED_TRACE("n=" + std::to_string(c.n) + " d=" + std::to_string(c.d) + " " + c.loss);
    GeneratorOptions o;
    o.n = c.n;
    o.d = c.d;
    o.Q = 4;
    o.seed = 7;
    SyntheticProblem p;
    ASSERT_EQ(generate("e1", o, p).message(), "");
    if (c.loss == "ova-squared")
      for (Eigen::Index i = 0; i < p.y.size(); ++i) p.y[i] = p.y[i] < -5 ? 0 : p.y[i] < 5 ? 1 : 2;
    const CenteredDesign X(p.X);
    const auto loss = makeLoss(c.loss);
    const Objective F(X, loss->targets(p.y), *loss, c.ridge);
    const auto w = oscarWeights(static_cast<std::size_t>(c.d), c.l1, c.l2);
    const OwlPenalty P(w);
    for (int memory : {5, 0}) {  // Anderson-accelerated (the default) and plain ADMM
      SCOPED_TRACE("Anderson memory " + std::to_string(memory));
      const Result a = admm(F, P, Matrix::Zero(c.d, F.outputs()), {50000, 1e-9, memory}, {});
      ASSERT_EQ(a.status, Status::Converged) << a.message;
      // The certificate, from scratch: −∇ ∈ ∂OWL(w) for every output, and the exact intercept.
      const double scale = gradientScale(F);
      for (Eigen::Index k = 0; k < F.outputs(); ++k) {
        const Vector z = negativeGradient(X, F.targets(), a, c.ridge, k);
        EXPECT_LE(owlSubgradientViolation(a.coef.col(k).data(), z.data(), w.data(), static_cast<std::size_t>(c.d)),
                  1e-9 * scale * 1.0001);
        EXPECT_NEAR(a.intercept[k], F.targets().col(k).mean(), 1e-12);
      }
      // The same optimum as accelerated proximal gradient (the objective is convex).
      const Result b =
          proximalGradient(F, P, Matrix::Zero(c.d, F.outputs()), F.targets().colwise().mean(), {200000, 1e-9}, {});
      ASSERT_EQ(b.status, Status::Converged) << b.message;
      const double fa = F.value(a.coef, a.intercept) + P.value(a.coef),
                   fb = F.value(b.coef, b.intercept) + P.value(b.coef);
      EXPECT_NEAR(fa, fb, 1e-7 * std::abs(fb));
    }
  }
}

TEST(Anderson, SolvesALinearFixedPointFarFasterThanPlainIteration) {
  // x ← M x + c with M symmetric, eigenvalues in [0, 0.99]: plain iteration needs
  // log(1e-10)/log(0.99) ≈ 2300 steps; Anderson acceleration on a linear map is a restarted
  // Krylov method and needs tens. The fixed point (I − M)⁻¹ c is known.
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal;
  const int d = 40;
  Matrix Q = Matrix::Zero(d, d);
  for (Eigen::Index i = 0; i < Q.size(); ++i) Q.data()[i] = normal(rng);
  Q = Eigen::HouseholderQR<Matrix>(Q).householderQ();
  Vector eig(d), c(d);
  for (int i = 0; i < d; ++i) eig[i] = 0.99 * i / (d - 1.0), c[i] = normal(rng);
  const Matrix M = Q * eig.asDiagonal() * Q.transpose();
  const Vector fixed = (Matrix::Identity(d, d) - M).llt().solve(c);
  AndersonAcceleration anderson(5);
  Vector x = Vector::Zero(d);
  int steps = 0;
  for (; steps < 3000 && (M * x + c - x).norm() > 1e-10; ++steps) anderson.next(x, M * x + c);
  EXPECT_LT(steps, 300);
  EXPECT_LT((x - fixed).norm(), 1e-8);
}

TEST(Anderson, TheSafeguardFallsBackToThePlainStep) {
  // A map where the extrapolation overshoots: the point after a rejected extrapolation must be
  // exactly the plain step from the last accepted point, and the memory starts again.
  AndersonAcceleration anderson(3);
  Vector x(1), g(1);
  x << 0;
  g << 1;
  ASSERT_TRUE(anderson.next(x, g));  // no memory yet: x = g
  EXPECT_EQ(x[0], 1);
  g << 1.5;  // residual 0.5 < 1: accepted, and extrapolated to the secant's fixed point
  ASSERT_TRUE(anderson.next(x, g));
  EXPECT_NEAR(x[0], 2, 1e-9);  // f: 1 at x = 0, 0.5 at x = 1 → the secant root x = 2 (up to the 1e-10 regularisation)
  g << 10;  // T(2) = 10: residual 8 > 0.5, so the extrapolated point is rejected
  EXPECT_FALSE(anderson.next(x, g));
  EXPECT_EQ(x[0], 1.5);  // the plain step T(1)
  g << 1.75;
  ASSERT_TRUE(anderson.next(x, g));  // memory was cleared: a plain step again
  EXPECT_EQ(x[0], 1.75);
}

TEST(Anderson, RefusesAnExtrapolationFartherThanTheStepItself) {
  // Residuals 1 then 0.999999: nearly equal, so the secant coefficient is about −1e6 and the
  // extrapolated point lies near 1e6. The step bound takes the plain step g instead.
  AndersonAcceleration anderson(3);
  Vector x(1), g(1);
  x << 0;
  g << 1;
  ASSERT_TRUE(anderson.next(x, g));
  g << 1.999999;  // T(1): residual 0.999999 < 1, accepted
  ASSERT_TRUE(anderson.next(x, g));
  EXPECT_EQ(x[0], 1.999999);
}

TEST(Admm, ConvergesAtTinyPenaltiesWithFewerSamplesThanFeatures) {
  // A regression: E1's n-table, n = 50, repetition 20 (seed 1), at the grid's smallest OSCAR
  // penalties from a cold start. Accelerated ADMM used to run away to ‖w‖ ~ 1e18 here. It must
  // converge to the optimum of plain ADMM (the objective is convex) and meet the certificate.
  const SyntheticProblem p = generateE1(50, 100, 5, 0.5, repetitionSeed(1, 0, 20));
  const CenteredDesign X(p.X);
  const auto loss = makeLoss("squared");
  const Objective F(X, loss->targets(p.y), *loss, 0);
  const auto w = oscarWeights(100, 1e-4, 1e-6);
  const OwlPenalty P(w);
  const Result accelerated = admm(F, P, Matrix::Zero(100, 1), {20000, 1e-8, 5}, {});
  const Result plain = admm(F, P, Matrix::Zero(100, 1), {50000, 1e-8, 0}, {});
  ASSERT_EQ(accelerated.status, Status::Converged);
  ASSERT_EQ(plain.status, Status::Converged);
  const Vector z = negativeGradient(X, F.targets(), accelerated, 0, 0);
  EXPECT_LE(owlSubgradientViolation(accelerated.coef.data(), z.data(), w.data(), 100),
            1e-8 * gradientScale(F) * 1.0001);
  const double fa = F.value(accelerated.coef, accelerated.intercept) + P.value(accelerated.coef);
  const double fp = F.value(plain.coef, plain.intercept) + P.value(plain.coef);
  EXPECT_NEAR(fa, fp, 1e-4 * fp);
}

TEST(Admm, AWarmStartAtTheSolutionStopsAtTheFirstCheck) {
  const WideE1 e;
  const Objective& F = e.F;
  const OwlPenalty P(oscarWeights(100, 1e-2, 1e-4));
  const Result cold = admm(F, P, Matrix::Zero(100, 1), {50000, 1e-10}, {});
  ASSERT_EQ(cold.status, Status::Converged);
  const Result warm = admm(F, P, cold.coef, {50000, 1e-8}, {});
  EXPECT_EQ(warm.status, Status::Converged);
  EXPECT_EQ(warm.iterations, 5);
  EXPECT_LT(cold.iterations, 50000);
}

TEST(Admm, HonoursCancellation) {
  const WideE1 e;
  const Objective& F = e.F;
  const OwlPenalty P(oscarWeights(100, 1e-4, 1e-6));
  const Result r = admm(F, P, Matrix::Zero(100, 1), {50000, 1e-12}, {[](int it, double) { return it < 7; }});
  EXPECT_EQ(r.status, Status::Aborted);
  EXPECT_EQ(r.iterations, 7);
}
