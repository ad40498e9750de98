// Clustered tasks: one predictor per task (one-vs-all: per class) whose columns form Q clusters
// (spec §4; DataCube §2.2, §3, appendix 6.2; LwCS §7.2). The soft problem (W around clustered
// centres: tasks-ssc by exact block descent, tasks-cg by its closed-form relaxation), the hard
// one (W = the centres: tasks-pg by projected gradient, the papers' Alg. 2) and the two
// baselines the DataCube paper compares with (ridge on W, the trace norm). solvers/
// clustered_tasks.hpp and core/task_clusters.hpp state the objectives.
#include <numeric>

#include "supclust/core/structure.hpp"
#include "supclust/core/trace_norm_penalty.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/clustered_tasks.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {
ClusteredTasksOptions tasksOptions(const FitContext& c) {
  ClusteredTasksOptions o;
  o.Q = static_cast<int>(c.options.integer("Q"));
  o.weights = {c.options.number("within"), c.options.number("between"), c.options.number("mean")};
  o.restarts = static_cast<int>(c.options.integer("restarts"));
  o.seed = c.options.seed();
  o.inner = smoothDefaults();
  return o;
}

// Each task its own cluster: the unclustered baselines' partition.
Result ownClusters(Result r) {
  r.groups.resize(static_cast<std::size_t>(r.coef.cols()));
  std::iota(r.groups.begin(), r.groups.end(), 0);
  r.centroids = r.coef.transpose();
  return r;
}

// The hard problem (HSC) by projected gradient, from the tasks fitted apart with ridge
// λ + λ_B (tasks-pg; also tasks-ssc's start with init 'hard').
Result hardFit(const FitContext& c, int maxIterations, double tolerance) {
  const double lambda = c.options.number("lambda"), between = c.options.number("between");
  Result start = smoothFit(c, lambda + between, smoothDefaults());
  if (start.status == Status::Aborted) return start;
  Objective F = objectiveOf(c, lambda);
  F.setOutputCoupling(hardTaskCoupling(c.T.cols(), between, c.options.number("mean")),
                      std::max(std::abs(between), std::abs(c.options.number("mean"))));  // λ_B Π + λ_M Γ: orthogonal projectors
  TaskClusters S(static_cast<int>(c.options.integer("Q")), static_cast<int>(c.options.integer("restarts")), c.options.seed());
  ProjectedGradientOptions o;
  o.maxIterations = maxIterations;
  o.tolerance = tolerance;
  return projectedGradient(F, S, std::move(start.coef), std::move(start.intercept), o, c.control);
}
}  // namespace

Result runTasksFrobenius(const FitContext& c) { return ownClusters(smoothFit(c, c.options.number("lambda"), smoothDefaults())); }

// The squared loss by ADMM up to the sparse Gram side (the quadratic step solved exactly: text
// designs are badly conditioned, and FISTA needs thousands of steps there); otherwise FISTA.
Result runTasksTrace(const FitContext& c) {
  return ownClusters(penalisedFit(c, TraceNormPenalty(c.options.number("mu")), kSparseGramSide));
}

// From the tasks fitted apart with ridge λ + λ_Wλ_B/(λ_W + λ_B), or from the hard problem's answer.
Result runTasksSsc(const FitContext& c) {
  ClusteredTasksOptions o = tasksOptions(c);
  o.maxIterations = static_cast<int>(c.options.integer("maxIterations"));
  const double lambda = c.options.number("lambda");
  Result start = c.options.choice("init") == "hard" ? hardFit(c, 500, 1e-8) : smoothFit(c, lambda + o.weights.onBetween(), smoothDefaults());
  if (start.status == Status::Aborted) return start;
  return clusteredTasksBlockDescent(objectiveOf(c, lambda), o, std::move(start.coef), std::move(start.intercept), c.control);
}

Result runTasksCg(const FitContext& c) {
  return clusteredTasksOm(objectiveOf(c, c.options.number("lambda")), tasksOptions(c), c.control);
}

Result runTasksPg(const FitContext& c) {
  return hardFit(c, static_cast<int>(c.options.integer("maxIterations")), c.options.number("tolerance"));
}

std::string checkTasks(const Options& o, Eigen::Index, Eigen::Index, Eigen::Index K) {
  const auto Q = o.integer("Q");
  if (Q > K)
    return "option 'Q': at most one cluster per task (Q = " + std::to_string(Q) + ", K = " + std::to_string(K) +
           " tasks: one per class of y, or per column of an n × K y)";
  return "";
}

}  // namespace supclust
