// The adaptive step of the projected-gradient solvers (LwCS §4.3): a projected step
// of length γ that lowers F is accepted and γ grows by α; one that does not is retried with γ
// shrunk by β, until γ·L falls below a floor. Shared by IHC and the experts' PG.
#pragma once

#include <algorithm>
#include <limits>

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

}  // namespace supclust
