#include "supclust/families/priors/grouping_prior_descent.hpp"

#include <cmath>

#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

namespace supclust {

double groupingPriorObjective(const Objective& F, const GroupingPriorOptions& opt, const Matrix& W, const RowVector& b,
                              PriorAssignment* assignment) {
  PriorCentres centres(opt.kind, opt.restarts, opt.seed);
  PriorAssignment a;
  centres.best(W, opt.centres, a);
  const double value = F.value(W, b) + opt.gamma * a.deviation;
  if (assignment) *assignment = std::move(a);
  return value;
}

namespace {
bool samePartition(const Labels& a, const Labels& b) {
  if (a.size() != b.size()) return false;
  std::vector<std::int32_t> map;
  for (std::size_t j = 0; j < a.size(); ++j) {
    const auto k = static_cast<std::size_t>(a[j]);
    if (k >= map.size()) map.resize(k + 1, -1);
    if (map[k] < 0) map[k] = b[j];
    else if (map[k] != b[j]) return false;
  }
  return true;
}
}  // namespace

Result groupingPriorDescent(const Objective& F, const GroupingPriorOptions& opt, Matrix W, RowVector b,
                            const Control& control) {
  Result r;
  PriorCentres centres(opt.kind, opt.restarts, opt.seed);
  PriorAssignment a;
  if (W.isZero(0)) {
    // From w = 0 every weight is in one group, and a strong prior keeps them tied there: the
    // first assignment is the one of the loss's steepest descent direction −∇F(0) instead
    // (for a linear model, the features' covariances with the target).
    Matrix g;
    RowVector gb;
    F.gradient(W, b, g, gb);
    centres.best(-g, opt.centres, a);
    a.deviation = 0;  // at w = 0 itself the prior is 0
  } else {
    centres.best(W, opt.centres, a);
  }
  double objective = F.value(W, b) + opt.gamma * a.deviation;
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  const ProximalGradientOptions inner{opt.maxIterations, opt.tolerance};
  // The convex problem of an assignment, from (W, b): its solution in `step`, the best
  // assignment for that solution in `next`, and the objective there.
  auto solveFor = [&](const PriorAssignment& given, Result& step, PriorAssignment& next) {
    const int groups = static_cast<int>(given.centres.rows());
    if (opt.kind == PriorKind::Gaussian) {  // smooth: γ Σ (w_j − mean)² = (2γ)/2 ‖(I − P)w‖², by Newton
      Objective grouped(F.design(), F.targets(), F.loss(), F.lambda());
      grouped.setGroupRidge(given.labels, groups, 2 * opt.gamma);
      step = trustRegionNewton(grouped, W, b, {inner.maxIterations, inner.tolerance}, control);
    } else {
      step =
          proximalGradient(F, GroupDeviationPenalty(opt.kind, given.labels, groups, opt.gamma), W, b, inner, control);
    }
    r.iterations += step.iterations;
    centres.best(step.coef, opt.centres, next, &given.labels);
    return F.value(step.coef, step.intercept) + opt.gamma * next.deviation;
  };
  for (int round = 1; round <= opt.maxRounds; ++round) {
    if (stopRequested(control, r.iterations, objective, r)) break;
    Result step;
    PriorAssignment next;
    const double value = solveFor(a, step, next);
    if (step.status == Status::Aborted || step.status == Status::NumericalIssue) {
      r.status = step.status;
      r.message = step.message;
      break;
    }
    const bool settled = samePartition(next.labels, a.labels) && next.centres.rows() == a.centres.rows();
    // Never accept a round that raises the objective (the inner solver stops at a certificate,
    // not at the exact minimum, so a last round can be a rounding error worse).
    if (!(value <= objective)) {
      r.status = step.status == Status::Converged ? Status::Converged : step.status;
      break;
    }
    W = std::move(step.coef);
    b = std::move(step.intercept);
    a = std::move(next);
    objective = value;
    r.history.push_back(objective);
    if (settled) {
      r.status = step.status;
      if (step.status != Status::Converged) r.message = step.message;
      break;
    }
  }
  r.coef = std::move(W);
  r.intercept = std::move(b);
  attachPartition(r, Partition{std::move(a.labels), std::move(a.centres)});  // centres ascending
  r.objective = objective;
  return r;
}

}  // namespace supclust
