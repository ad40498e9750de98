// Clustered tasks: one predictor per task (one-vs-all: per class) whose columns form Q clusters
// (DataCube §2.2, §3, appendix 6.2; LwCS §7.2). The soft problem (W around clustered
// centres: tasks-ssc by exact block descent or by the paper's projected gradient, Alg. 1;
// tasks-cg by its closed-form relaxation), the hard
// one (W = the centres: tasks-pg by projected gradient, the papers' Alg. 2) and the two
// baselines the DataCube paper compares with (ridge on W, the trace norm). clustered_tasks.hpp
// and task_clusters.hpp (this folder) state the objectives.
#include "supclust/families/tasks/methods.hpp"

#include <cmath>
#include <numeric>

#include "supclust/core/structure.hpp"
#include "supclust/families/tasks/clustered_tasks.hpp"
#include "supclust/families/tasks/soft_tasks_gradient.hpp"
#include "supclust/families/tasks/task_structure.hpp"
#include "supclust/families/tasks/trace_norm_penalty.hpp"
#include "supclust/kernels/gram_partition.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {
// The options of the family's methods (each declares the fields it reads).
struct TasksOptions : LossField, RidgeField, ConvexSolverFields, SeedField {
  int Q = 0, restarts = 0;
  double within = 0, between = 0, mean = 0, mu = 0;
  std::string init, solver;
  bool metricStart = false;
};
using S = Schema<TasksOptions>;
using T = TasksOptions;
}  // namespace

namespace {
ClusteredTasksOptions tasksOptions(const TasksOptions& opt) {
  ClusteredTasksOptions o;
  o.Q = static_cast<int>(opt.Q);
  o.weights = {opt.within, opt.between, opt.mean};
  o.restarts = static_cast<int>(opt.restarts);
  o.seed = opt.seed;
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

// The columns of W (d x K) grouped in the loss's metric, ‖w_k − w_j‖² read as
// curvature·‖Xc(w_k − w_j)‖²/n + ridge·‖w_k − w_j‖² (for the squared loss its Hessian without
// the tasks' coupling; for the logistic loss its bound): the exact (or restarted) k-means of the
// factors [√(curvature/n) Xc W; √ridge W], each column then replaced by its group's mean.
Matrix metricClusters(const FitContext& c, const Matrix& W, double ridge, const TasksOptions& opt) {
  const Eigen::Index n = c.X.rows(), d = W.rows(), K = W.cols();
  Matrix factors(n + d, K);
  Vector z(n);
  for (Eigen::Index k = 0; k < K; ++k) {
    c.X.multiply(W.col(k).data(), z.data());
    factors.col(k).head(n) = std::sqrt(c.loss.curvature() / static_cast<double>(n)) * z;
    factors.col(k).tail(d) = std::sqrt(ridge) * W.col(k);
  }
  const int Q = static_cast<int>(opt.Q);
  const Labels labels = bestGramPartition(factors, factors, Q, static_cast<int>(opt.restarts), opt.seed).labels;
  Matrix means = Matrix::Zero(d, Q);
  Vector sizes = Vector::Zero(Q);
  for (Eigen::Index k = 0; k < K; ++k)
    means.col(labels[static_cast<std::size_t>(k)]) += W.col(k), sizes[labels[static_cast<std::size_t>(k)]] += 1;
  Matrix grouped(d, K);
  for (Eigen::Index k = 0; k < K; ++k)
    grouped.col(k) = means.col(labels[static_cast<std::size_t>(k)]) / sizes[labels[static_cast<std::size_t>(k)]];
  return grouped;
}

// The hard problem (HSC) by projected gradient, from the tasks fitted apart with ridge
// λ + λ_B, its columns projected (the paper's start: their k-means) and, with `metricStart`,
// also grouped in the loss's metric (ours: metricClusters), the lower objective kept (tasks-pg;
// also tasks-ssc's start with init 'hard').
Result hardFit(const FitContext& c, const TasksOptions& opt, const ProjectedGradientOptions& pg, bool metricStart) {
  const double lambda = opt.lambda, between = opt.between;
  Result start = smoothFit(c, lambda + between, smoothDefaults());
  if (start.status == Status::Aborted) return start;
  Objective F = objectiveOf(c, lambda);
  F.setOutputCoupling(hardTaskCoupling(c.T.cols(), between, opt.mean),
                      std::max(std::abs(between), std::abs(opt.mean)));  // λ_B Π + λ_M Γ: orthogonal projectors
  TaskClusters S(static_cast<int>(opt.Q), static_cast<int>(opt.restarts), opt.seed);
  Result paper = projectedGradient(F, S, start.coef, start.intercept, pg, c.control);
  if (!metricStart || paper.status == Status::Aborted || !std::isfinite(c.loss.curvature())) return paper;
  Result ours = projectedGradient(F, S, metricClusters(c, start.coef, lambda + between, opt),
                                  std::move(start.intercept), pg, c.control.after(paper.iterations));
  if (ours.status == Status::Aborted) return ours;
  const double low = std::min(paper.objective, ours.objective);
  const int atBest = (paper.objective <= low + 1e-9 * std::max(1.0, std::abs(low))) +
                     (ours.objective <= low + 1e-9 * std::max(1.0, std::abs(low)));
  const int iterations = paper.iterations + ours.iterations;
  Result r = ours.objective < paper.objective ? std::move(ours) : std::move(paper);
  r.iterations = iterations;
  // Counted, without noteStarts' warning: two fixed starts, not a sample that more would enlarge.
  r.starts = 2;
  r.startsAtBest = atBest;
  return r;
}
}  // namespace

Result runTasksFrobenius(const FitContext& c, const TasksOptions& opt) {
  return ownClusters(smoothFit(c, opt.lambda, smoothDefaults()));
}

// The squared loss by ADMM up to the sparse Gram side (the quadratic step solved exactly: text
// designs are badly conditioned, and FISTA needs thousands of steps there); otherwise FISTA.
Result runTasksTrace(const FitContext& c, const TasksOptions& opt) {
  return ownClusters(
      penalisedFit(c, TraceNormPenalty(opt.mu), opt.lambda, opt, startCoef(c), startIntercept(c), kSparseGramSide));
}

// From the tasks fitted apart with ridge λ + λ_Wλ_B/(λ_W + λ_B), or from the hard problem's answer.
Result runTasksSsc(const FitContext& c, const TasksOptions& opt) {
  ClusteredTasksOptions o = tasksOptions(opt);
  o.maxIterations = static_cast<int>(opt.maxIterations);
  const double lambda = opt.lambda;
  Result start = opt.init == "hard" ? hardFit(c, opt, ProjectedGradientOptions(), true)
                                    : smoothFit(c, lambda + o.weights.onBetween(), smoothDefaults());
  if (start.status == Status::Aborted) return start;
  if (opt.solver == "pg") {
    SoftTasksGradientOptions pg;
    pg.maxIterations = o.maxIterations;
    pg.tolerance = opt.tolerance;
    return softTasksProjectedGradient(objectiveOf(c, lambda), o, pg, std::move(start.coef), std::move(start.intercept),
                                      c.control);
  }
  return clusteredTasksBlockDescent(objectiveOf(c, lambda), o, std::move(start.coef), std::move(start.intercept),
                                    c.control);
}

Result runTasksCg(const FitContext& c, const TasksOptions& opt) {
  return clusteredTasksOm(objectiveOf(c, opt.lambda), tasksOptions(opt), c.control);
}

Result runTasksPg(const FitContext& c, const TasksOptions& opt) {
  ProjectedGradientOptions pg;
  pg.maxIterations = opt.maxIterations;
  pg.tolerance = opt.tolerance;
  return hardFit(c, opt, pg, opt.metricStart);
}

Refusal checkTasks(const TasksOptions& opt, Eigen::Index, Eigen::Index, Eigen::Index K) {
  const auto Q = opt.Q;
  if (Q > K)
    return Refusal("Q", "option 'Q': at most one cluster per task (Q = " + std::to_string(Q) +
                            ", K = " + std::to_string(K) + " tasks: one per class of y, or per column of an n × K y)");
  return {};
}

namespace {
// One task per class of y (the one-vs-all losses) or per column of an n × K y ('squared',
// 'logistic'); `squaredOnly`: the squared ones.
S& tasksLoss(S& s, bool squaredOnly) {
  if (squaredOnly)
    return s.choice("loss", &T::loss,
                    "the squared loss (this method needs it): one task per class of y (one-vs-all, ±1 targets), or one "
                    "per column of y (y given as n × K real targets)",
                    {"ova-squared", "squared"});
  return s.choice("loss", &T::loss,
                  "one task per class of y (one-vs-all squared or logistic), or one per column of y (y given as n × K "
                  "targets: real for 'squared', 0/1 for 'logistic')",
                  {"ova-squared", "ova-logistic", "squared", "logistic"});
}
S& tasksBase(S& s, bool squaredOnly) {
  return qField(ridgeField(tasksLoss(s, squaredOnly)), "the number of task clusters");
}
// The clustered multitask penalty's weights λ_W (within), λ_B (between), λ_M (mean); `hard`:
// between and mean only (the limit λ_W → ∞).
S& taskClusterWeights(S& s, bool hard) {
  const ClusteredTasksOptions defaults;
  if (!hard)
    s.number("within", &T::within, "λ_W > 0: each task's pull to its cluster's centre, λ_W/2 ‖W − V‖²", 1e-1, 0, true)
        .degree(2);
  s.number("between", &T::between, "λ_B ≥ 0: the centres' spread, λ_B/2 Σ_q s_q ‖c_q − c̄‖²", 1e-3, 0)
      .degree(2)
      .number("mean", &T::mean, "λ_M ≥ 0: the centres' mean, λ_M K/2 ‖c̄‖²", 1e-3, 0)
      .degree(2)
      .integer("restarts", &T::restarts,
               "k-means++ restarts of the task clustering when the partitions are too many to enumerate (> 10⁶)",
               defaults.restarts, 1);
  return seedField(s, "seed of the task clustering's k-means++");
}
S sscOptions() {
  const ClusteredTasksOptions defaults;
  S s("method");
  taskClusterWeights(tasksBase(s, false), false)
      .choice("solver", &T::solver,
              "'block': exact block descent — the convex fit for a partition, then the partition best for the "
              "predictors, until it repeats (ours); 'pg': projected gradient on the predictors and their centres, the "
              "centres clustered after each step (DataCube Alg. 1, the paper's)",
              {"block", "pg"})
      .integer("maxIterations", &T::maxIterations,
               "partition changes (solver 'block') or gradient steps ('pg') at most", defaults.maxIterations, 1)
      .number("tolerance", &T::tolerance, "solver 'pg': relative decrease of the objective to stop at",
              SoftTasksGradientOptions().tolerance, 0, true)
      .choice(
          "init", &T::init,
          "the start: the classes fitted apart, or the hard problem's answer (tasks-pg with these between and mean)",
          {"independent", "hard"});
  return s;
}
S cgOptions() {
  S s("method");
  return taskClusterWeights(tasksBase(s, true), false);
}
S pgOptions() {
  const ProjectedGradientOptions defaults;
  S s("method");
  return taskClusterWeights(tasksBase(s, false), true)
      .integer("maxIterations", &T::maxIterations, "gradient steps at most", defaults.maxIterations, 1)
      .number("tolerance", &T::tolerance, "relative decrease of the objective to stop at", defaults.tolerance, 0, true)
      .flag(
          "metricStart", &T::metricStart,
          "also start from the ridge fit's columns grouped in the loss's metric (curvature·‖Xc(w_k − w_j)‖²/n + (λ + "
          "λ_B)‖w_k − w_j‖²; ours), keeping the lower objective; false: the paper's start alone (their plain k-means)",
          true);
}
S frobeniusOptions() {
  S s("method");
  return ridgeField(tasksLoss(s, false));
}
S traceOptions() {
  S s("method");
  ridgeField(tasksLoss(s, false)).number("mu", &T::mu, "trace-norm weight μ in μ‖W‖_*", 0, 0).degree(1);
  return convexSolverFields(s, 20000);
}
}  // namespace

std::vector<Method> tasksMethods() {
  return {
      Method(
          "tasks-ssc",
          "clustered tasks (soft, SSC): one predictor per class around Q clustered centres, Ω = λ_M/2 Tr(VΓVᵀ) + "
          "λ_B/2 Tr(VΠVᵀ) + λ_W/2 ‖W − V‖² (Jacob et al.; DataCube §2.2); by exact block descent (convex fit for the "
          "partition, the partition best for the predictors) or the paper's projected gradient (Alg. 1: its Table 4's "
          "PGK)",
          sscOptions(), runTasksSsc)
          .checkShape(checkTasks)
          .dependsOnStart()
          .ofKind(ModelKind::Tasks)
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("tasks-cg",
             "clustered tasks by conditional gradient on the tasks' equivalence matrix (DataCube Alg. 3, appendix 6.2, "
             "the paper's OM): with the squared loss the relaxation is linear in M, so its oracle — the best "
             "partition, enumerated for few tasks — is the answer",
             cgOptions(), runTasksCg)
          .checkShape(checkTasks)
          .ofKind(ModelKind::Tasks)
          .weightedByRows(),
      Method("tasks-pg",
             "clustered tasks (hard, HSC): the classes' predictors equal to Q centres, by projected gradient with the "
             "clustering of the predictors as projection (DataCube Alg. 2)",
             pgOptions(), runTasksPg)
          .checkShape(checkTasks)
          .dependsOnStart()
          .ofKind(ModelKind::Tasks)
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("tasks-frobenius",
             "multitask baseline: one ridge (or logistic ridge) predictor per class, λ/2 ‖W‖²_F (the DataCube paper's "
             "Frobenius row)",
             frobeniusOptions(), runTasksFrobenius)
          .ofKind(ModelKind::Tasks)
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("tasks-trace",
             "multitask baseline: the trace norm μ‖W‖_* (+ λ/2 ‖W‖²), its prox by singular value thresholding: ADMM "
             "for the squared loss when n or d is at most 2048, else accelerated proximal gradient (the DataCube "
             "paper's trace row)",
             traceOptions(), runTasksTrace)
          .ofKind(ModelKind::Tasks)
          .weightedByRows(Method::RowsForWeights::WhenCheap),
  };
}

}  // namespace supclust
