// The linear SVM by dual coordinate descent (Hsieh, Chang, Lin, Keerthi & Sundararajan, "A dual
// coordinate descent method for large-scale linear SVM", ICML 2008; liblinear's
// L2R_L1LOSS_SVC_DUAL), the weight-grouping priors paper's SVM baseline (its §6.3: LibLinear).
//
// Problem:  min_{w, b} λ/2 (‖w‖² + b²) + 1/n Σ_i ω_i max(0, 1 − ỹ_i (x_iᵀw + b)),  ỹ = 2y − 1
// (ω_i = 1 without observation weights),
// the bias as liblinear's: a constant feature 1 whose weight b is regularised with w. x_i are
// the centred rows (the default), or the caller's rows as they are (`centred = false`:
// liblinear's own problem, b the raw intercept). Dual: min_α ½ αᵀQα − Σα over 0 ≤ α_i ≤ C = 1/(λn), Q_ij = ỹ_iỹ_j(x_iᵀx_j + 1),
// w = Σ α_i ỹ_i x_i, b = Σ α_i ỹ_i. Each epoch visits the rows in a seeded random order and
// solves each α_i exactly (clipped Newton step on a quadratic in one variable), skipping the α
// that liblinear's shrinking sets aside. Stops on the duality gap: primal − dual ≤ tolerance ·
// primal (a certificate over all rows), checked when the gap's decrease so far predicts it has
// reached the tolerance, after at most ten epochs' worth of rows, and at the last epoch. The
// rows are read uncentred (sparse X in place, a dense X with at most half its entries non-zero
// as CSR rows): w = u + βμ keeps each step on the row's non-zeros.
#pragma once

#include "supclust/core/design.hpp"
#include "supclust/base/types.hpp"

namespace supclust {

struct DualCoordinateDescentOptions {
  int maxIterations = 1000;  // epochs
  double tolerance = 1e-6;  // relative duality gap
  std::uint64_t seed = 1;
  bool centred = true;  // the bias of the centred rows (else of the caller's rows, as liblinear)
};

// X dense or sparse, labels y ∈ {0, 1}, λ > 0. coef (d × 1) and intercept (centred
// parametrisation, whichever bias is regularised); objective = the primal value; history = the primal at start and at each
// duality-gap check. With observation weights ω (mean 1, core/observation_weights.hpp) the hinge of
// row i counts ω_i times: its dual bound is ω_i C (liblinear's instance weights).
Result linearSvm(const CenteredDesign& X, const Vector& y, double lambda, const DualCoordinateDescentOptions& opt,
                 const Control& control, const Vector* weights = nullptr);

// Primal and dual objectives (the dual at α with (w, b) = Σ α_i ỹ_i (x_i, 1)), for tests and
// the stopping rule: dual ≤ optimum ≤ primal.
double svmPrimal(const CenteredDesign& X, const Vector& y, double lambda, const Vector& w, double b);
double svmDual(const Vector& alpha, const Vector& w, double b, double lambda);

}  // namespace supclust
