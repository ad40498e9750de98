// The method recipes: how each registered method combines loss, structure or penalty, and
// solver (spec §3), and the checks that need the data's shape. The table that names them is
// methods/registry.cpp.
#pragma once

#include "supclust/core/objective.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/step_backtracking.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

namespace supclust {

Result runRidge(const FitContext& c);
Result runLsk(const FitContext& c);
Result runIhc(const FitContext& c);
Result runIhcs(const FitContext& c);
Result runIht(const FitContext& c);
Result runOracle(const FitContext& c);
Result runLasso(const FitContext& c);
Result runElasticNet(const FitContext& c);
Result runOscar(const FitContext& c);
Result runCg(const FitContext& c);
Result runCgpg(const FitContext& c);
// Penalties (methods/recipes/penalties.cpp).
Result runGflasso(const FitContext& c);
Result runNcfgs(const FitContext& c);
Result runNctfgs(const FitContext& c);
// OSCAR on a feature graph (GOSCAR, Yang et al. 2012): λ2 Σ_E max(|w_i|, |w_j|).
Result runGraphOscar(const FitContext& c);
Result runDfg(const FitContext& c);
Result runAdfg(const FitContext& c);
// The option `graph`: edges in range, no loops or repeats; a graph needs one output.
std::string checkGraph(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
// ncTFGS: checkGraph, and the weights λ1/τ, λ2/τ its penalty uses within the double range.
std::string checkNctfgs(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
// ADFG: checkGraph, and γ within what its weights' spread allows (ADMM's system).
std::string checkAdfg(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
// What the pairwise terms hold (MethodUse::structureBytes): the graph's edge rows (GFLasso,
// ncFGS, ncTFGS; nothing without a graph), DFG's blocks, ADFG's T2 and T3 rows.
double edgeBytes(const Options& o, double d);
double dfgBytes(const Options& o, double d);
double adfgBytes(const Options& o, double d);
// Weight-grouping priors (methods/recipes/priors.cpp).
Result runGem(const FitContext& c);
Result runLem(const FitContext& c);
Result runSvm(const FitContext& c);
// Experts over clustered samples (methods/recipes/experts.cpp).
Result runExpertsAm(const FitContext& c);
Result runExpertsPg(const FitContext& c);
Result runExpertsCg(const FitContext& c);
Result runExpertsRc(const FitContext& c);
Result runExpertsOracle(const FitContext& c);
// Q ≤ n; the oracle's `groups`: one label in 0..Q−1 per sample, every expert used.
std::string checkExperts(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
std::string checkExpertsAm(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);  // + screen
std::string checkExpertsPg(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);  // + classifiers' memory
// Clustered tasks (methods/recipes/tasks.cpp).
Result runTasksFrobenius(const FitContext& c);
Result runTasksTrace(const FitContext& c);
Result runTasksSsc(const FitContext& c);
Result runTasksCg(const FitContext& c);
Result runTasksPg(const FitContext& c);
// Q ≤ K, the number of tasks (classes of y).
std::string checkTasks(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
// The centres s within the exact DPs' memory bound.
std::string checkPrior(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
// Equal coefficients as groups (centroids ascending), on any result.
Result withDistinctRows(Result r);

// A convex penalty with an exact prox, by ADMM (squared loss, small designs) or accelerated
// proximal gradient; the loss, ridge λ and solver options come from the context.
Result penalisedFit(const FitContext& c, const Penalty& P);
// The same from a given start (the DC iterations' previous point).
Result penalisedFit(const FitContext& c, const Penalty& P, Matrix W0, RowVector b0);
// The same with ADMM up to the given short side of X (solvers/admm.hpp's admmSuits).
Result penalisedFit(const FitContext& c, const Penalty& P, Eigen::Index admmShortSide);
// The projected-gradient step factors α, β of the options `stepGrowth` and `stepShrink`.
StepBacktracking stepBacktrackingOf(const Options& o);
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

std::string noShapeCheck(const Options&, Eigen::Index n, Eigen::Index d, Eigen::Index K);
// Q values for K = 1 (the exact 1-D k-means): within the DP's memory bound.
std::string checkGroups(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
std::string checkConditionalGradient(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
std::string checkSparse(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);
std::string checkOracle(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K);

}  // namespace supclust
