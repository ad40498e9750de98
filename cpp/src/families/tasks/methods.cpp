// Clustered tasks: one predictor per task (one-vs-all: per class) whose columns form Q clusters
// (spec §4; DataCube §2.2, §3, appendix 6.2; LwCS §7.2). The soft problem (W around clustered
// centres: tasks-ssc by exact block descent, tasks-cg by its closed-form relaxation), the hard
// one (W = the centres: tasks-pg by projected gradient, the papers' Alg. 2) and the two
// baselines the DataCube paper compares with (ridge on W, the trace norm). solvers/
// clustered_tasks.hpp and families/tasks/task_clusters.hpp state the objectives.
#include <numeric>

#include "supclust/core/structure.hpp"
#include "supclust/families/tasks/trace_norm_penalty.hpp"
#include "supclust/families/tasks/methods.hpp"

#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/families/tasks/clustered_tasks.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {
OptionSpec tasksLoss(bool squaredOnly) {
  return squaredOnly ? choiceOption("loss", "the squared loss (this method needs it): one task per class of y (one-vs-all, ±1 targets), or one per column of y (y given as n × K real targets)",
                                    {"ova-squared", "squared"})
                     : choiceOption("loss", "one task per class of y (one-vs-all squared or logistic), or one per column of y (y given as n × K targets: real for 'squared', 0/1 for 'logistic')",
                                    {"ova-squared", "ova-logistic", "squared", "logistic"});
}
std::vector<OptionSpec> tasksBase(bool squaredOnly) {
  return {tasksLoss(squaredOnly), ridgeOption(), integerOption("Q", "the number of task clusters", 0, 1, true)};
}
std::vector<OptionSpec> taskClusterWeights(bool hard) {
  std::vector<OptionSpec> w;
  if (!hard)
    w.push_back(penaltyWeight(numberOption("within", "λ_W > 0: each task's pull to its cluster's centre, λ_W/2 ‖W − V‖²", 1e-1, 0, true), 2));
  w.push_back(penaltyWeight(numberOption("between", "λ_B ≥ 0: the centres' spread, λ_B/2 Σ_q s_q ‖c_q − c̄‖²", 1e-3, 0), 2));
  w.push_back(penaltyWeight(numberOption("mean", "λ_M ≥ 0: the centres' mean, λ_M K/2 ‖c̄‖²", 1e-3, 0), 2));
  w.push_back(integerOption("restarts", "k-means++ restarts of the task clustering when the partitions are too many to enumerate (> 10⁶)", 10, 1));
  w.push_back(seedOption("seed of the task clustering's k-means++"));
  return w;
}
}  // namespace

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

std::vector<Method> tasksMethods() {
  return {
      Method("tasks-ssc",
             "clustered tasks (soft, SSC): one predictor per class around Q clustered centres, Ω = λ_M/2 Tr(VΓVᵀ) + λ_B/2 Tr(VΠVᵀ) + λ_W/2 ‖W − V‖² (Jacob et al.; DataCube §2.2); exact block descent: convex fit for the partition, the partition best for the predictors",
             runTasksSsc)
          .withOptions(join({tasksBase(false), taskClusterWeights(false),
                   {integerOption("maxIterations", "partition changes at most", 100, 1),
                    choiceOption("init", "the start: the classes fitted apart, or the hard problem's answer (tasks-pg with these between and mean)", {"independent", "hard"})}}))
          .checkShape(checkTasks)
          .dependsOnStart()
          .ofKind(ModelKind::Tasks),
      Method("tasks-cg",
             "clustered tasks by conditional gradient on the tasks' equivalence matrix (DataCube Alg. 3, appendix 6.2, the paper's OM): with the squared loss the relaxation is linear in M, so its oracle — the best partition, enumerated for few tasks — is the answer",
             runTasksCg)
          .withOptions(join({tasksBase(true), taskClusterWeights(false)}))
          .checkShape(checkTasks)
          .ofKind(ModelKind::Tasks),
      Method("tasks-pg",
             "clustered tasks (hard, HSC): the classes' predictors equal to Q centres, by projected gradient with the clustering of the predictors as projection (DataCube Alg. 2, the paper's PGK)",
             runTasksPg)
          .withOptions(join({tasksBase(false), taskClusterWeights(true),
                   {integerOption("maxIterations", "gradient steps at most", 500, 1),
                    numberOption("tolerance", "relative decrease of the objective to stop at", 1e-8, 0, true)}}))
          .checkShape(checkTasks)
          .dependsOnStart()
          .ofKind(ModelKind::Tasks),
      Method("tasks-frobenius",
             "multitask baseline: one ridge (or logistic ridge) predictor per class, λ/2 ‖W‖²_F (the DataCube paper's Frobenius row)",
             runTasksFrobenius)
          .withOptions(join({{tasksLoss(false), ridgeOption()}}))
          .ofKind(ModelKind::Tasks),
      Method("tasks-trace",
             "multitask baseline: the trace norm μ‖W‖_* (+ λ/2 ‖W‖²) by accelerated proximal gradient with singular value thresholding (the DataCube paper's trace row)",
             runTasksTrace)
          .withOptions(join({{tasksLoss(false), ridgeOption(),
                    penaltyWeight(numberOption("mu", "trace-norm weight μ in μ‖W‖_*", 0, 0), 1)},
                   convexSolverOptions(20000)}))
          .ofKind(ModelKind::Tasks),
  };
}

}  // namespace supclust
