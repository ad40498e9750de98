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
// A working set (as SLOPE's screening, Larsson, Bogdan & Wallin, NeurIPS 2020, with KKT checks):
// the start's non-zeros and the zeros that break the zeros' condition (Σ_{i≤m} |g|_(i) ≤ Σ_{i≤m}
// w_{nnz+i} for every m), largest |g| first, at most opt.firstZeros of them and then at most as many
// as the set holds, so that it at most doubles at each check. The set's problem takes the first
// weights (its zeros hold its last ranks, as in the full problem); once its certificate holds, the
// gradient of every coordinate decides: the fit stops when the penalty's optimality residual over
// all d coordinates, relative to ‖∇F(0)‖∞, is below the tolerance (the certificate ADMM and FISTA
// stop on); otherwise the breaking zeros join the set (or, when none is outside it, the set is
// solved tighter). A screened answer is thus certified on the full problem. (The strong rule from
// w = 0 is not used: at weights below half their top it admits every coordinate.)
//
// Where the answer is dense (more non-zeros than opt.denseAbove), coordinate descent crawls — X
// on the answer is nearly square — while a step of ADMM or FISTA costs about one pass over the
// set's columns: from then on the set's problem is solved by ADMM (its short side at most
// kAdmmShortSide) or FISTA on the set's columns alone (core/column_subset), from the set's
// answer, to the same certificate; the checks and the growth stay as above.
#pragma once

#include <vector>

#include "supclust/core/objective.hpp"
#include "supclust/solvers/admm.hpp"

namespace supclust {

struct OwlDescentOptions {
  int maxIterations = 20000;  // proximal gradient steps, each followed by its epochs
  double tolerance = 1e-10;
  int epochs = 10;  // coordinate descent epochs after each proximal gradient step (at most)
  // The zeros the first working set takes beside the start's non-zeros (at most; measured: 40
  // against 10 saves a check or two, 10–20 %, on the bench's Gaussian problems).
  std::size_t firstZeros = 40;
  // When the working set's answer (or the start) has more non-zeros than this, the set's problem
  // goes to ADMM or FISTA on its columns (see above; the default: never).
  std::size_t denseAbove = static_cast<std::size_t>(-1);
  // A dense set's problem goes to ADMM when min(n, set size) is at most this, else to FISTA.
  Eigen::Index admmShortSide = kAdmmShortSide;
};

// F must have the squared loss and no group ridge or output coupling. Returns the coefficients, the
// intercepts mean(T) (the centred parametrisation), the objective F + Σ_k OWL_w(W_k).
Result owlCoordinateDescent(const Objective& F, const std::vector<double>& weights, Matrix W0,
                            const OwlDescentOptions& opt, const Control& control);

}  // namespace supclust
