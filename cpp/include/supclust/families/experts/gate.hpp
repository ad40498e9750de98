// The gate of a mixture of experts (Jacobs, Jordan, Nowlan & Hinton 1991; flexmix's concomitant
// variable model): a multinomial logistic model of the expert given x, fitted to
// responsibilities R (n x Q, rows summing to 1: a found partition's one-hot rows, or EM's
// posteriors):
//   min_{V, a} −1/n Σ_i ω_i Σ_q R_iq log π_q(x_i) + γ/2 ‖V‖²_F,   π(x) = softmax(Vᵀx + a),
// (ω: observation weights of mean 1, or none: all 1)
// by trust-region Newton (solvers/trust_region_newton) on the multinomial loss. The intercepts
// are unpenalised and defined up to a common shift: they come back with mean 0. The gated
// prediction at x is Σ_q π_q(x) · (expert q's answer) (metrics/prediction).
#pragma once

#include "supclust/base/types.hpp"

namespace supclust {

// The gate of responsibilities R over the rows of X (γ > 0), from `from` when given (a gate of
// the same shape: EM's previous one), in at most `steps` Newton steps (each lowers the gate's
// objective: a generalised EM step needs no more), the rows weighted by `weights` (mean 1) when
// given. Status NumericalIssue (and an empty gate) when the fit does not finish with finite
// numbers; MaxIterations after `steps`.
Gate fitGate(const RowMatrix& X, const Matrix& R, double gamma, Status* status = nullptr, const Gate* from = nullptr,
             int steps = 1000, const Vector* weights = nullptr);
// The gate of constant priors π (Q entries summing to 1): zero weights, log π centred.
Gate constantGate(Eigen::Index d, const RowVector& priors);
// The one-hot responsibilities of a partition into Q groups.
Matrix oneHot(const Labels& labels, int Q);

}  // namespace supclust
