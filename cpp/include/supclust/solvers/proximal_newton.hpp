// Proximal Newton for ℓ1- (and elastic-net-) penalised fits of losses with a Hessian: glmnet's
// approach as refined by newGLMNET (Yuan, Ho & Lin, "An improved GLMNET for L1-regularized
// logistic regression", JMLR 2012; liblinear's ℓ1 logistic solver).
//
// Problem:  min_{W, b} F(W, b) + λ1 ‖W‖₁,  F = Loss(Xc W + 1 bᵀ, T) + λ2/2 ‖W‖²  (b free).
// Per output column: at (w, b) the loss is replaced by its quadratic model (gradient and
// Hessian Xcᵀ D Xc with D the loss's second derivatives in that column's scores; the others
// held), the model plus λ1‖·‖₁ is minimised
// by cyclic coordinate descent over an active set (coordinates at zero whose gradient lies
// strictly inside [−λ1, λ1] are skipped until the certificate says otherwise), its passes
// extrapolated every five (coordinate_extrapolation.hpp; the extrapolated step kept when it lowers
// the model: where many coefficients are active and the curvature is ill-conditioned, as at the
// small-λ end of a logistic path, the passes fall about threefold), and the step is taken with an
// Armijo line search on the full objective. The inner problem is solved to a
// tenth of the outer residual, so each outer step gains about a digit or more (a fraction
// shrinking with the residual, as trust-region Newton's forcing term, cuts the outer steps but
// costs the text designs' ill-conditioned inner problems more passes than it saves). A separable
// loss's columns are solved one after the other; the multinomial loss's (whose softmax couples a
// row's K scores) in cycles of one step per class, as glmnet's multinomial lasso (Friedman, Hastie
// & Tibshirani, J. Stat. Softw. 2010, §4), until one cycle finds every class certified. Stops on the
// certificate of proximal_gradient.hpp: the ℓ1 optimality residual and |∇_b F| relative to
// ‖∇F(0, mean T)‖∞.
#pragma once

#include "supclust/core/objective.hpp"

namespace supclust {

struct ProximalNewtonOptions {
  int maxIterations = 1000;  // outer (Newton) steps per output
  double tolerance = 1e-10;
};

// `factors` (d entries ≥ 0, glmnet's penalty.factor): coordinate j's penalty is pf_j (λ1|w_j| +
// λ2/2 w_j²), F's ridge λ2 included; nullptr: every pf_j = 1.
Result proximalNewtonL1(const Objective& F, double lambda1, Matrix W, RowVector b, const ProximalNewtonOptions& opt,
                        const Control& control, const Vector* factors = nullptr);

}  // namespace supclust
