// OWL (sorted-ℓ1) penalised least squares by coordinate descent over clusters, on a working set.
//
// Problem, each output column k:
//   min_w 1/(2n)‖Xc w − (t_k − t̄_k)‖² + λ/2‖w‖² + Σ_i w_i |w|_(i)      (intercept t̄_k)
// with w non-increasing, non-negative weights (OSCAR: w_i = λ1 + λ2 (d − i); DFG paper §2).
//
// The hybrid of Larsson, Klopfenstein, Massias & Wallin ("Coordinate descent for SLOPE", AISTATS
// 2023): a proximal gradient step (backtracking on its step) fixes the cluster pattern and lets
// zeros in; epochs of coordinate descent then move each non-zero cluster exactly along its signed
// direction, merging it with a neighbour or sending it to zero where that is optimal
// (kernels/owl_clusters).
//
// Screening (Larsson, Bogdan & Wallin, "The strong screening rule for SLOPE", NeurIPS 2020): from
// w = 0 the working set is the strong rule's, read from the gradient at 0 and the weights' top σ
// (the least multiple of the weights at which 0 is optimal); from a warm start, its non-zeros and
// the zeros that break the zeros' condition. The working set's problem takes the first weights (its
// zeros hold its last ranks, as in the full problem); once its certificate holds, the gradient of
// every coordinate decides: the fit stops when the penalty's optimality residual over all d
// coordinates, relative to ‖∇F(0)‖∞, is below the tolerance (the certificate ADMM and FISTA stop
// on), and otherwise the zeros that break the zeros' condition join the set (or, when none is
// outside it, the set is solved tighter). A screened answer is thus certified on the full problem.
#pragma once

#include <vector>

#include "supclust/core/objective.hpp"

namespace supclust {

struct OwlDescentOptions {
  int maxIterations = 20000;  // proximal gradient steps, each followed by its epochs
  double tolerance = 1e-10;
  int epochs = 10;  // coordinate descent epochs after each proximal gradient step (at most)
  // When the working set's answer has more non-zeros than this, the fit stops and says so (the
  // caller hands the problem to ADMM: coordinate descent crawls where the answer is dense).
  std::size_t denseAbove = static_cast<std::size_t>(-1);
};

// F must have the squared loss and no group ridge or output coupling. Returns the coefficients, the
// intercepts mean(T) (the centred parametrisation), the objective F + Σ_k OWL_w(W_k). With
// `tooDense`: set true when the fit stopped at opt.denseAbove (its answer then unfinished).
Result owlCoordinateDescent(const Objective& F, const std::vector<double>& weights, Matrix W0, const OwlDescentOptions& opt,
                            const Control& control, bool* tooDense = nullptr);

}  // namespace supclust
