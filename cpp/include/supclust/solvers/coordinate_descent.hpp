// Cyclic coordinate descent for the elastic net with the squared loss.
//
// Problem:  min_w 1/(2n)‖Xc w − (y − ȳ)‖² + Σ_j pf_j (λα|w_j| + λ(1−α)/2 w_j²)   (α = 1: the lasso;
//           pf_j the penalty factors, 1 unless given)
// as in Friedman, Hastie & Tibshirani (2010), glmnet's "naive" updates on the residual.
// Active-set strategy (glmnet): sweeps over the non-zero coordinates until their largest
// weighted change is below tolerance × scale, then a full sweep and the KKT conditions on every
// coordinate decide; repeats while they fail, so convergence is a certificate.
// From a cold start with d > 2n, the fit follows a short path of λ from λmax down (glmnet's
// warm starts) with the sequential strong rule choosing the coordinates a full sweep visits
// (Tibshirani et al. 2012); every stage ends on the KKT conditions of all coordinates.
// Where sweeps crawl (correlated columns at small λ: tens of thousands of sweeps on 300 word
// columns), an exact step on the active set with its signs held (feature-sign search, Lee et
// al. 2007) is taken once the signs have held for a few sweeps and the sweeps still to come (at
// the rate the largest change has been shrinking since) would cost more: once the signs are
// right it lands on the optimum, and the next full sweep and KKT check certify it as before.
// The KKT check reads a zero coordinate's column only when a safe bound — its last exact
// correlation plus its norm times the distance the residual has travelled since — does not already
// keep it within its penalty (a sequential safe test: the certificate is the same).
// Along a path (or a grid) a warm-started fit picks up the state the fit that ended at its start
// left in the call's cache (base/fit_cache.hpp: keyed by the design, y, the factors and w) — the
// residual, the correlations with their distances, the scales, that fit's ℓ1 weight (the sequential
// strong rule 2λ − λ_previous) and the exact step's Gram block — instead of reading X again, and
// leaves its own, as glmnet's path carries its state from one λ to the next.
#pragma once

#include <cstddef>

#include "supclust/core/design.hpp"

namespace supclust {

struct CoordinateDescentOptions {
  int maxSweeps = 100000;  // mostly cheap sweeps over the active set
  double tolerance = 1e-10;  // relative to ‖Xcᵀ(y − ȳ)‖∞ / n
  // The exact step on the active set (above): considered once the signs have held for this
  // many sweeps, for active sets of at most newtonMaxSize coordinates (G_AA: size² doubles).
  int newtonAfter = 10;
  std::size_t newtonMaxSize = 2048;
  // The path from a cold start (see the .cpp): each stage's ℓ1 weight is the last one's times
  // pathRatio; the stages before the target stop at pathTolerance (relative, as tolerance):
  // they only need the support roughly right.
  double pathRatio = 0.7;
  double pathTolerance = 1e-3;
};

// Returns coef (d x 1) and intercept = mean(y) in the centred parametrisation. `factors` (d
// entries ≥ 0, glmnet's penalty.factor): coordinate j's penalty is pf_j (λα|w_j| + λ(1−α)/2 w_j²),
// 0 leaving it unpenalised; nullptr: every pf_j = 1.
Result elasticNetCoordinateDescent(const CenteredDesign& X, const Vector& y, double lambda, double alpha,
                                   const CoordinateDescentOptions& opt, const Control& control,
                                   const Vector* start = nullptr, const Vector* factors = nullptr);

}  // namespace supclust
