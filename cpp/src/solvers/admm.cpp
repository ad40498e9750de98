#include "supclust/solvers/admm.hpp"

#include <cmath>

#include "supclust/solvers/anderson.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/ridge_system.hpp"

namespace supclust {

namespace {
// ρ changes at most this often: finitely many changes keep ADMM's convergence (Boyd et al. 2011,
// §3.4.1). A cap of 50 freezes ρ half-way on ill-conditioned OWL problems (measured on E1 with
// n = 40, d = 100, λ1 = 1e-2: 560 925 steps against 3 810 with this cap; the hardest of 15 such
// problems change ρ 209–328 times).
constexpr int kMaxRebalances = 1000;
}  // namespace

Result admm(const Objective& F, const Penalty& P, Matrix W0, const AdmmOptions& opt, const Control& control) {
  Result r;
  const CenteredDesign& X = F.design();
  const double n = static_cast<double>(X.rows()), lambda = F.lambda();
  const Matrix& T = F.targets();
  const RowVector b = T.colwise().mean();
  Matrix XtT(X.cols(), T.cols());  // Xcᵀ T / n: Xc ⟂ 1, so the mean of T drops out
  for (Eigen::Index k = 0; k < T.cols(); ++k) X.multiplyTransposed(T.col(k).data(), XtT.col(k).data());
  XtT /= n;
  const double scale = gradientScale(F);
  RidgeSystem system(F.design());
  // ρ starts at the mean eigenvalue of XcᵀXc/n (1 for standardised columns).
  double rho = std::max(1e-12, X.squaredNorm() / (n * static_cast<double>(X.cols())));
  system.factorise(lambda + rho);
  if (!system.ok()) {
    r.status = Status::NumericalIssue;
    r.message = "the ADMM system is not positive definite";
    return r;
  }
  Matrix Z = std::move(W0), W, Zprev, G, rhs;
  RowVector gb;
  F.gradient(Z, b, G, gb);
  Matrix U = -G / rho;  // the dual of a warm start: ρU = −∇F(Z) at a solution
  double objective = F.value(Z, b) + P.value(Z);
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  int it = 0, rebalances = 0;
  // The ADMM step is a fixed-point map of (Z, U); Anderson acceleration extrapolates it. Zn is
  // the last prox output: what is tested and returned, so ties and zeros stay exact.
  AndersonAcceleration anderson(opt.andersonMemory);
  const Eigen::Index m = Z.size();
  Vector x(2 * m), g(2 * m);
  Matrix Zn = Z, Un;
  while (it < opt.maxIterations) {
    if (stopRequested(control, it, objective, r)) break;
    ++it;
    rhs = XtT + rho * (Z - U);
    system.solve(rhs, W);
    Zn = W + U;
    P.prox(Zn, 1 / rho);
    Un = U + W - Zn;
    if (it % 5 == 0) Zprev = Z;  // read only by the test every 5 steps
    if (opt.andersonMemory > 0) {
      x << Eigen::Map<const Vector>(Z.data(), m), Eigen::Map<const Vector>(U.data(), m);
      g << Eigen::Map<const Vector>(Zn.data(), m), Eigen::Map<const Vector>(Un.data(), m);
      const bool accepted = anderson.next(x, g);
      Eigen::Map<Vector>(Z.data(), m) = x.head(m);
      Eigen::Map<Vector>(U.data(), m) = x.tail(m);
      if (!accepted) continue;  // resumes from the last plain step; Zn was not a good point
    } else {
      Z = Zn;
      U = Un;
    }
    if (it % 5 != 0) continue;
    objective = F.gradient(Zn, b, G, gb) + P.value(Zn);
    r.history.push_back(objective);
    if (!std::isfinite(objective)) {
      r.status = Status::NumericalIssue;
      r.message = "the objective is not finite";
      break;
    }
    if (P.optimalityResidual(Zn, G) / scale <= opt.tolerance) {
      r.status = Status::Converged;
      break;
    }
    const double primal = (W - Zn).norm(), dual = rho * (Zn - Zprev).norm();
    if (rebalances < kMaxRebalances && (primal > 10 * dual || dual > 10 * primal)) {
      const double factor = primal > dual ? 2 : 0.5;
      rho *= factor;
      U /= factor;
      anderson.clear();  // a new map
      system.factorise(lambda + rho);
      ++rebalances;
      if (!system.ok()) {
        r.status = Status::NumericalIssue;
        r.message = "the ADMM system is not positive definite";
        break;
      }
    }
  }
  Z = std::move(Zn);
  r.iterations = it;
  r.objective = objective;
  r.coef = std::move(Z);
  r.intercept = b;
  return r;
}

}  // namespace supclust
