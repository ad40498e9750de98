// DC programming (the convex–concave procedure; DFG paper §3 for ncFGS/ncTFGS): minimise
// f(W) = g(W) − h(W) with g, h convex by W_{t+1} = argmin_W g(W) − ⟨∇h(W_t), W⟩. The linearised
// h minorises h, so each step minimises a majoriser of f that touches it at W_t: f never
// increases (with exact subproblems). Stops when f decreases by less than tolerance·max(1, |f|),
// when the linearisation repeats (a fixed point), or after maxIterations steps.
#pragma once

#include <functional>

#include "supclust/base/types.hpp"

namespace supclust {

struct DcOptions {
  int maxIterations = 50;
  double tolerance = 1e-9;
};

struct DcProblem {
  // A subgradient of h at the point (coef, intercept), the tilt of the next convex subproblem.
  std::function<Matrix(const Result& at)> concaveGradient;
  // argmin g(W) − ⟨C, W⟩, started from `from`.
  std::function<Result(const Matrix& C, const Result& from)> solveTilted;
  // f at a point (the non-convex objective, datafit included).
  std::function<double(const Result& at)> objective;
};

// history: f after each step (the start first); iterations: the subproblems' iterations, summed.
Result dcProgramming(const DcProblem& problem, Result start, const DcOptions& options, const Control& control);

}  // namespace supclust
