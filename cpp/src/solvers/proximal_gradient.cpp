#include "supclust/solvers/proximal_gradient.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

Matrix gradientAtZero(const Objective& F) {
  Matrix g;
  RowVector gb;
  const Matrix W0 = Matrix::Zero(F.features(), F.outputs());
  F.gradient(W0, F.loss().targetMeans(F.targets()), g, gb);
  return g;
}

double gradientScale(const Objective& F) {
  const double g = gradientAtZero(F).cwiseAbs().maxCoeff();
  if (g > 0) return g;
  // Xcᵀ(y − ȳ) = 0 (an all-zero X, say): w = 0 is stationary whatever the intercept, and what is
  // left to solve is the intercept, measured by its gradient at b = 0 (else 1).
  Matrix gw;
  RowVector gb;
  F.gradient(Matrix::Zero(F.features(), F.outputs()), RowVector::Zero(F.outputs()), gw, gb);
  const double b = gb.size() ? gb.cwiseAbs().maxCoeff() : 0;
  return b > 0 ? b : 1;
}

double relativeOptimalityResidual(const Objective& F, const Penalty& P, const Matrix& W, const RowVector& b,
                                  double scale) {
  Matrix g;
  RowVector gb;
  F.gradient(W, b, g, gb);
  const double rb = gb.size() ? gb.cwiseAbs().maxCoeff() : 0;
  return std::max(P.optimalityResidual(W, g), rb) / scale;
}

Result proximalGradient(const Objective& F, const Penalty& P, Matrix W, RowVector b, const ProximalGradientOptions& opt,
                        const Control& control) {
  Result r;
  const double scale = gradientScale(F);
  double L = F.lipschitz();
  Matrix Y = W, gY, Wn, Zy, Zn, gN;
  RowVector yb = b, gbY, bn, gbN;
  double t = 1;
  double objective = F.value(W, b) + P.value(W);
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  int it = 0;
  while (it < opt.maxIterations) {
    if (stopRequested(control, it, objective, r)) break;
    ++it;
    const double fy = F.value(Y, yb, Zy);
    F.gradientAt(Zy, Y, gY, gbY);
    double fn;
    for (;;) {  // backtracking on L: the quadratic model must majorise F at the new point
      Wn = Y - gY / L;
      P.prox(Wn, 1 / L);
      bn = yb - gbY / L;
      fn = F.value(Wn, bn, Zn);
      const double dW = (Wn - Y).squaredNorm(), db = (bn - yb).squaredNorm();
      const double model = fy + ((Wn - Y).cwiseProduct(gY)).sum() + (bn - yb).dot(gbY) + 0.5 * L * (dW + db);
      if (fn <= model + 1e-12 * std::abs(fy) || !std::isfinite(fn)) break;
      L *= 2;
    }
    if (!std::isfinite(fn)) {
      r.status = Status::NumericalIssue;
      r.message = "the objective is not finite";
      break;
    }
    const double objectiveN = fn + P.value(Wn);
    // Certificate at the new point (one more gradient, reused as the next step's if no
    // momentum is applied; the cost is one product with Xᵀ).
    F.gradientAt(Zn, Wn, gN, gbN);
    const double residual =
        std::max(P.optimalityResidual(Wn, gN), gbN.size() ? gbN.cwiseAbs().maxCoeff() : 0.0) / scale;
    if (objectiveN > objective && t > 1) {  // adaptive restart: drop the momentum
      t = 1;
      Y = W;
      yb = b;
      continue;
    }
    const double tn = 0.5 * (1 + std::sqrt(1 + 4 * t * t));
    Y = Wn + ((t - 1) / tn) * (Wn - W);
    yb = bn + ((t - 1) / tn) * (bn - b);
    t = tn;
    W.swap(Wn);
    b.swap(bn);
    objective = objectiveN;
    r.history.push_back(objective);
    if (residual <= opt.tolerance) {
      r.status = Status::Converged;
      break;
    }
  }
  r.iterations = it;
  r.objective = objective;
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
