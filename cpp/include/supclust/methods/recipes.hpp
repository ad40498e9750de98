// The recipe kit: the steps the families' recipes share (families/<family>/methods.cpp): the
// smooth fit, a penalised fit by ADMM or proximal gradient, where iterative solvers start, the
// partition of equal coefficients.
#pragma once

#include "supclust/core/objective.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/step_backtracking.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

namespace supclust {

// A convex penalty with an exact prox plus (ridge/2)‖W‖², by ADMM (squared loss with equal rows,
// designs with a short side up to admmShortSide: solvers/admm.hpp's admmSuits) or accelerated proximal
// gradient, from the context's start or a given one (the DC iterations' previous point).
Result penalisedFit(const FitContext& c, const Penalty& P, double ridge, const ConvexSolverFields& solver);
Result penalisedFit(const FitContext& c, const Penalty& P, double ridge, const ConvexSolverFields& solver, Matrix W0,
                    RowVector b0, Eigen::Index admmShortSide = kAdmmShortSide);
// The datafit plus the ridge term (ridge/2)‖W‖², on the context's data.
Objective objectiveOf(const FitContext& c, double ridge);
// The smooth objective (loss + ridge) alone: closed form for the squared loss, trust-region
// Newton (TRON) for the logistic losses.
Result smoothFit(const FitContext& c, double ridge, const TrustRegionOptions& opt);
// The recipes' trust-region options for a smooth fit: 20000 Newton steps, tolerance 1e-10.
TrustRegionOptions smoothDefaults();
// Where convex iterative solvers start: the warm start, else zero (intercept: mean target).
Matrix startCoef(const FitContext& c);
RowVector startIntercept(const FitContext& c);

// Equal coefficients as groups (centroids ascending), on any result.
Result withDistinctRows(Result r);
// A partition's labels and values as the result's groups and centroids.
void attachPartition(Result& r, Partition p);
// A non-convex answer's starts: how many ran and how many reached its (lowest) objective, with a
// warning when only one did.
void noteStarts(Result& r, int starts, int atBest);
// The mean feature variance ‖Xc‖²_F/(n d), each row counted by its observation weight: the scale
// of the ridge weights a method picks for itself (starts, initial estimates).
double meanColumnVariance(const FitContext& c);
// A convex solver's limits as proximal gradient's.
ProximalGradientOptions proximalOptions(const ConvexSolverFields& s);

}  // namespace supclust
