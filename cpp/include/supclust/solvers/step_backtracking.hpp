// The adaptive step of the projected-gradient solvers (LwCS §4.3): a projected step
// of length γ that lowers F is accepted and γ grows by α; one that does not is retried with γ
// shrunk by β, until γ·L falls below a floor. Shared by IHC, the soft clustered tasks' PG and the
// experts' PG; projectedDescent is the loop IHC and the soft tasks' PG share around it.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "supclust/base/types.hpp"

namespace supclust {

struct StepBacktracking {
  double growth = 1.5;  // α > 1
  double shrink = 0.5;  // β in (0, 1)
};

// tryStep(γ) computes the projected step of length γ and returns F there (non-finite: rejected).
// Returns whether a step was accepted; then fNext is its F and γ has grown for the next call.
template <class TryStep>
bool backtrackStep(double& gamma, double L, double floor, double f, const StepBacktracking& s, TryStep&& tryStep,
                   double& fNext) {
  while (gamma * L >= floor) {
    fNext = tryStep(gamma);
    if (fNext < f) {
      gamma =
          std::min(gamma * s.growth, std::numeric_limits<double>::max());  // a huge α must not reach ∞ (∞ · β stays ∞)
      return true;
    }
    gamma *= s.shrink;
  }
  return false;
}

// The projected-gradient loop from F(x₀) = f, with γ₀ = 1/L: each iteration tries steps through
// trial(γ) (the projected point's F; non-finite: rejected) and, once one lowers F, accept()
// moves to it and returns F there with its gradient computed. Stops at the iteration limit, at a
// stop request (control: also asked before each trial), when no step lowers F (Converged: a
// fixed point of the projected step) or when the decrease falls below tolerance·max(1, |F|).
// Fills r's status, message and history; returns the iterations taken and leaves F in f.
template <class Trial, class Accept>
int projectedDescent(double L, int maxIterations, double tolerance, const StepBacktracking& step,
                     const Control& control, double& f, Result& r, Trial&& trial, Accept&& accept) {
  double gamma = 1 / L;
  r.history.push_back(f);
  r.status = Status::MaxIterations;
  int it = 0;
  while (it < maxIterations) {
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
      return trial(g);
    };
    const bool moved = backtrackStep(gamma, L, tolerance, f, step, tryStep, fn);
    if (stopped) {
      --it;
      r.status = Status::Aborted;
      r.message = "aborted";
      break;
    }
    if (!moved) {
      r.status = Status::Converged;
      break;
    }
    const double decrease = f - fn;
    f = accept();
    r.history.push_back(f);
    if (decrease < tolerance * std::max(1.0, std::abs(f))) {
      r.status = Status::Converged;
      break;
    }
  }
  return it;
}

}  // namespace supclust
