#include "supclust/solvers/projected_gradient.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

Result projectedGradient(const Objective& F, Structure& S, Matrix W, RowVector b, const ProjectedGradientOptions& opt,
                         const Control& control) {
  Result r;
  Partition part;
  S.project(W, part);
  if (F.loss().squared()) b = F.loss().targetMeans(F.targets());  // exact for X centred (by the rows' weights)
  const double L = F.lipschitz();
  double gamma = 1 / L;
  Matrix gW, Wn, Zn, Zaccepted;
  RowVector gb, bn;
  Partition partN;
  double f = F.gradient(W, b, gW, gb);
  r.history.push_back(f);
  r.status = Status::MaxIterations;
  int it = 0;
  while (it < opt.maxIterations) {
    if (!std::isfinite(f)) {
      r.status = Status::NumericalIssue;
      r.message = "the objective is not finite";
      break;
    }
    if (stopRequested(control, it, f, r)) break;
    ++it;
    double fn = f;
    // Each trial step reports progress too (a projection can be long: the clustered tasks
    // project K predictors), and a stop request ends the search at once.
    bool stopped = false;
    const auto tryStep = [&](double g) {
      if (stopped || (stopped = !control.keepGoing(it - 1, f))) return HUGE_VAL;
      Wn = W - g * gW;
      S.project(Wn, partN);
      bn = b - g * gb;
      return F.value(Wn, bn, Zn);
    };
    const bool moved = backtrackStep(gamma, L, opt.tolerance, f, opt.step, tryStep, fn);
    if (stopped) {
      --it;
      r.status = Status::Aborted;
      r.message = "aborted";
      break;
    }
    if (moved) {
      Zaccepted.swap(Zn);
    } else {  // no step length lowers F: a fixed point of the projected step
      r.status = Status::Converged;
      break;
    }
    const double decrease = f - fn;
    W.swap(Wn);
    b.swap(bn);
    std::swap(part, partN);
    f = F.gradientAt(Zaccepted, W, gW, gb);
    r.history.push_back(f);
    if (decrease < opt.tolerance * std::max(1.0, std::abs(f))) {
      r.status = Status::Converged;
      break;
    }
  }
  r.iterations = it;
  r.objective = f;
  r.coef = std::move(W);
  r.intercept = std::move(b);
  r.groups = std::move(part.labels);
  r.centroids = std::move(part.centroids);
  return r;
}

}  // namespace supclust
