// Trust-region Newton with conjugate gradients (TRON) for the smooth objectives of losses with
// a Hessian (the logistic loss, one binary problem per output; the multinomial loss, whose
// softmax couples the outputs, all of them as one problem).
//
// Problem:  min_{W, b} F(W, b) = Loss(Xc W + 1 bᵀ, T) + R(W)  (b unpenalised), R the
// objective's quadratic regulariser (λ/2 ‖W‖²_F and its optional group and coupling terms).
// Without a coupling the outputs are independent (one-vs-all), so each column (w_k, b_k) is
// solved on its own; with one (clustered tasks, or a non-separable loss) all columns are one
// problem in (vec W, b).
// Lin, Weng & Keerthi, "Trust region Newton method for large-scale logistic regression"
// (JMLR 2008), as liblinear's TRON: each step solves H s = −g approximately by conjugate
// gradients inside the trust region ‖s‖ ≤ Δ (Steihaug) — to a relative residual of
// min(0.1, √(‖g‖/‖g₀‖)), liblinear's 0.1 until the gradient has shrunk, then tighter, which
// makes the convergence superlinear — with Hessian-vector products Xcᵀ D Xc v / n + λ v (one
// pass over a sparse X's rows, two over a dense X; no d × d matrix), and Δ follows the ratio of
// actual to predicted decrease from liblinear's first radius ‖∇f‖ in our units (‖g‖/λ). Stops
// on the certificate the first-order solvers use:
// max(‖∇_W F‖∞, |∇_b F|) ≤ tolerance · ‖∇F(0, mean T)‖∞ (proximal_gradient.hpp).
#pragma once

#include "supclust/core/objective.hpp"

namespace supclust {

struct TrustRegionOptions {
  int maxIterations = 1000;  // Newton steps per output (per block of coupled outputs)
  double tolerance = 1e-10;
};

Result trustRegionNewton(const Objective& F, Matrix W, RowVector b, const TrustRegionOptions& opt,
                         const Control& control);

}  // namespace supclust
