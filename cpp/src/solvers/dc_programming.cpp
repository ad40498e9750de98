#include "supclust/solvers/dc_programming.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

Result dcProgramming(const DcProblem& problem, Result start, const DcOptions& options, const Control& control) {
  Result best = std::move(start);
  double f = problem.objective(best);
  std::vector<double> history{f};
  int iterations = 0;
  Matrix tilt = problem.concaveGradient(best);
  Status status = Status::MaxIterations;
  std::string message;
  for (int t = 0; t < options.maxIterations; ++t) {
    if (!control.keepGoing(t, f)) {
      status = Status::Aborted;
      message = "aborted";
      break;
    }
    Result next = problem.solveTilted(tilt, best);
    iterations += next.iterations;
    if (next.status == Status::Aborted || next.status == Status::NumericalIssue ||
        next.status == Status::InvalidInput) {
      status = next.status;
      message = next.message;
      break;
    }
    const double fNext = problem.objective(next);
    // An inexact subproblem may not decrease f: keep the better point and stop there.
    if (!(fNext <= f)) {
      status = next.status;
      break;
    }
    const double decrease = f - fNext;
    best = std::move(next);
    f = fNext;
    history.push_back(f);
    Matrix nextTilt = problem.concaveGradient(best);
    const bool fixedPoint = nextTilt == tilt;
    tilt = std::move(nextTilt);
    if (fixedPoint || decrease <= options.tolerance * std::max(1.0, std::abs(f))) {
      status = best.status;  // converged if the last subproblem did
      message = best.message;
      break;
    }
  }
  best.status = status;
  best.message = message;
  best.iterations = iterations;
  best.objective = f;
  best.history = std::move(history);
  return best;
}

}  // namespace supclust
