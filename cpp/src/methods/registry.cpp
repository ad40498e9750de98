#include "supclust/methods/registry.hpp"

#include <cmath>
#include <memory>
#include <sstream>

#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/fit_cache.hpp"
#include "supclust/solvers/least_squares.hpp"

namespace supclust {

namespace {

std::vector<Method> buildRegistry() {
  OptionSpec refit{"refit", OptionKind::Boolean,
                   "re-estimate the Q values by the loss on the found partition"};
  OptionSpec groups{"groups", OptionKind::Labels, "the true partition: one label per feature"};
  groups.required = true;
  const auto base = std::vector<OptionSpec>{lossOption(), ridgeOption()};
  const auto l1 = penaltyWeight(numberOption("lambda", "ℓ1 weight λ in λ‖w‖₁", 0, 0), 1);
  OptionSpec sampleGroups{"groups", OptionKind::Labels, "the true partition: one label in 0..Q−1 per sample"};
  sampleGroups.required = true;
  const auto cgRidge = penaltyWeight(numberOption("lambda", "ridge weight λ > 0", 1e-2, 0, true), 2);
  // The priors' γ has no default: at 0 GEM and LEM are the plain fit, and the scale at which
  // they group depends on the data (the tables search a grid of γ).
  const auto priorWeight = [](int degree) {
    OptionSpec gamma = penaltyWeight(numberOption("gamma", "weight γ of the prior (required: 0 is the fit without it)", 0, 0), degree);
    gamma.required = true;
    return gamma;
  };
  return {
      {"ridge", "ridge regression (λ = 0: minimum-norm least squares); logistic ridge for classification",
       join({base, convexSolverOptions(20000)}), noShapeCheck, runRidge},
      {"lsk", "ridge, then the projection of its coefficients onto Q values (LSK)",
       join({base, {qOption(), refit}, rowClusterOptions()}), checkGroups, runLsk},
      {"ihc", "iterative hard clustering: projected gradient onto Q values (IHC Alg. 1)",
       join({base, {qOption()}, projectedGradientOptions({"lsk", "zero"}), rowClusterOptions(), restartOptions()}),
       checkGroups, runIhc, true},
      {"ihcs", "IHC onto s-sparse Q values (IHC §4.1)",
       join({base, {qOption(), sOption()}, projectedGradientOptions({"lsk", "zero"})}), checkSparse, runIhcs, true},
      {"iht", "iterative hard thresholding: projected gradient onto s-sparse vectors",
       join({base, {sOption()}, projectedGradientOptions({"ridge", "zero"})}), noShapeCheck, runIht, true},
      {"oracle", "the loss fitted given the true partition", join({base, {groups}}), checkOracle, runOracle},
      {"lasso", "ℓ1-penalised fit (coordinate descent; proximal gradient for other losses)",
       join({{lossOption(), l1}, convexSolverOptions(100000)}), noShapeCheck, runLasso},
      {"elasticnet", "λ(α‖w‖₁ + (1−α)/2‖w‖²) (glmnet's parametrisation)",
       join({{lossOption(), numberOption("lambda", "overall weight λ", 0, 0),
              numberOption("alpha", "ℓ1 share α (1: lasso, 0: ridge)", 1, 0, false, 1)},
             convexSolverOptions(100000)}),
       noShapeCheck, runElasticNet, false, rescaleElasticNet},
      {"cg", "conditional gradient on equivalence matrices, rounded (LwCS Alg. 2)",
       join({{squaredLossOnly(), cgRidge, qOption(),
              integerOption("maxIterations", "Frank–Wolfe iteration limit", 1000, 1),
              numberOption("tolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()}}),
       checkConditionalGradient, runCg, false, nullptr, {3, 4, 4}},
      {"cgpg", "CG, then IHC from its rounded solution (CGPG)",
       join({{squaredLossOnly(), cgRidge, qOption(),
              integerOption("cgIterations", "Frank–Wolfe iteration limit", 1000, 1),
              numberOption("cgTolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()},
             projectedGradientOptions({"cg"})}),
       checkConditionalGradient, runCgpg, false, nullptr, {3, 4, 4}},
      {"oscar", "OSCAR: λ1‖w‖₁ + λ2 Σ_{i<j} max(|w_i|, |w_j|), by ADMM (squared loss) or FISTA with the O(d log d) OWL prox; on a graph (GOSCAR), the sum over its edges by fusion ADMM",
       join({base, {penaltyWeight(numberOption("lambda1", "ℓ1 weight λ1", 0, 0), 1),
                    penaltyWeight(numberOption("lambda2", "pairwise max weight λ2", 0, 0), 1), graphOption()},
             convexSolverOptions(20000)}),
       checkGraph, runOscar, false, nullptr, {}, true, edgeBytes},
      {"gflasso", "GFLasso: λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j| (DFG paper), by ADMM (squared loss) or FISTA with the exact O(d log d) clique-fusion prox; on a graph, the sum over its edges by fusion ADMM",
       join({base, {penaltyWeight(numberOption("lambda1", "ℓ1 weight λ1", 0, 0), 1),
                    penaltyWeight(numberOption("lambda2", "pairwise fusion weight λ2", 0, 0), 1), graphOption()},
             convexSolverOptions(20000)}),
       checkGraph, runGflasso, false, nullptr, {}, true, edgeBytes},
      {"ncfgs", "ncFGS: λ1‖w‖₁ + λ2 Σ_{i<j} ||w_i| − |w_j|| (DFG paper), non-convex: DC programming over OSCAR-type subproblems",
       join({base, {penaltyWeight(numberOption("lambda1", "ℓ1 weight λ1", 0, 0), 1),
                    penaltyWeight(numberOption("lambda2", "pairwise weight λ2 on ||w_i| − |w_j||", 0, 0), 1), graphOption()},
             dcOptions(), convexSolverOptions(20000)}),
       checkGraph, runNcfgs, true, nullptr, {}, true, edgeBytes},  // non-convex: its answer depends on the start
      {"nctfgs", "ncTFGS: λ1 Σ J_τ(|w_i|) + λ2 Σ_{i<j} J_τ(||w_i| − |w_j||), J_τ(x) = min(x/τ, 1) (DFG paper), non-convex: DC programming over OSCAR-type subproblems",
       join({base, {penaltyWeight(numberOption("lambda1", "weight λ1 of the truncated ℓ1 term", 0, 0), 1),
                    penaltyWeight(numberOption("lambda2", "weight λ2 of the truncated pairwise term", 0, 0), 1),
                    numberOption("tau", "truncation τ > 0: J_τ(x) = min(x/τ, 1)", 1, 0, true), graphOption()},
             dcOptions(), convexSolverOptions(20000)}),
       checkNctfgs, runNctfgs, true, rescaleTruncated, {}, true, edgeBytes},
      {"dfg", "DFG: λ1‖w‖₁ + λ2 Σ_i Σ_{j<k} max(|w_i − w_j|, |w_i − w_k|) (DFG paper): ADMM over the blocks D_i w, one OWL prox each, O(d²) memory",
       join({{binaryLossOption(), ridgeOption(), penaltyWeight(numberOption("lambda1", "ℓ1 weight λ1", 0, 0), 1),
              penaltyWeight(numberOption("lambda2", "weight λ2 of the triple max term", 0, 0), 1), graphOption()},
             fusionAdmmOptions(1e-8)}),
       checkGraph, runDfg, false, nullptr, {}, true, dfgBytes},
      {"adfg", "ADFG: adaptive DFG, λ1 Σ w_i|w_i| + λ2 Σ_{j<k} w_jk|w_j − w_k| + λ3 Σ_i Σ_{j<k} w_ijk|w_i − α w_j − (1 − α) w_k| with weights |β̂_j − β̂_k|^(−γ) from least squares (DFG paper): ADMM over d blocks of pair sums |x_j + x_k|, each with an exact prox",
       join({{binaryLossOption(), ridgeOption(), penaltyWeight(numberOption("lambda1", "adaptive ℓ1 weight λ1", 0, 0), 1),
              penaltyWeight(numberOption("lambda2", "weight λ2 of the adaptive pairwise term", 0, 0), 1),
              penaltyWeight(numberOption("lambda3", "weight λ3 of the adaptive triple term", 0, 0), 1),
              numberOption("gamma", "γ ≥ 0: the weights are |β̂_j − β̂_k|^(−γ) (0: all 1)", 1, 0),
              numberOption("weightFloor", "0 < f ≤ 1: |β̂_i| and |β̂_j − β̂_k| below f · max|β̂| count as f · max|β̂| (the weights' cap)", 1e-2, 0, true, 1),
              graphOption()},
             fusionAdmmOptions(1e-6)}),
       checkAdfg, runAdfg, false, rescaleAdaptive, {}, true, adfgBytes},
      {"gem", "GEM: γ Σ_j min_k (w_j − c_k)², the Gaussian extremal-mixture prior, s centres learnt with w (weight-grouping priors paper); exact block descent: convex fit for the assignment, exact 1-D k-means for the centres",
       join({{binaryLossOption(), ridgeOption(), priorWeight(2), centresOption(),
              priorAlgorithmOption(), priorInitOption()},
             convexSolverOptions(20000)}),
       checkPrior, runGem, true},
      {"lem", "LEM: γ Σ_j min_k |w_j − c_k|, the Laplace extremal-mixture prior, s centres learnt with w (weight-grouping priors paper); exact block descent: convex fit for the assignment, exact 1-D k-median for the centres",
       join({{binaryLossOption(), ridgeOption(), priorWeight(1), centresOption(),
              priorAlgorithmOption(), priorInitOption()},
             convexSolverOptions(20000)}),
       checkPrior, runLem, true},
      {"svm", "linear SVM: λ/2(‖w‖² + b²) + 1/n Σ max(0, 1 − ỹ(xᵀw + b)), the bias regularised as liblinear's; dual coordinate descent (liblinear's default solver)",
       join({{choiceOption("loss", "the hinge loss on labels 0/1", {"hinge"}),
              penaltyWeight(numberOption("lambda", "weight λ of λ/2(‖w‖² + b²) (C = 1/(λn))", 1e-2, 0, true), 2),
              integerOption("maxIterations", "epochs (passes over the rows) at most", 1000, 1),
              numberOption("tolerance", "relative duality gap to stop at", 1e-6, 0, true),
              seedOption("seed of the rows' order in each epoch")}}),
       noShapeCheck, runSvm, false, rescaleRegularisedBias, {}, false},
      {"experts-am", "experts: Q ridge predictors (or one-vs-all logistic classifiers) over clustered samples by alternating minimisation (fit each group, move each sample to its best expert) from seeded restarts (LwCS §3.1, §7.1.2)",
       join({expertsBase(true), {integerOption("restarts", "starts; the lowest objective is kept", 10, 1),
                             choiceOption("init", "starts: uniformly random partitions, or k-means++ on the residuals of one ridge fit (regression only)", {"random", "residuals"}),
                             integerOption("maxIterations", "refits per start at most", 100, 1),
                             integerOption("screen", "rounds of column screening for one more start (regression only; 0: none): AM on the k columns whose square co-varies most with y², then on all columns, the columns re-scored by the experts (ours, for many noise columns)", 0, 0),
                             integerOption("screenColumns", "k, the columns each screening round keeps (0: n/(10Q), at least Q)", 0, 0),
                             seedOption("seed of the starts")}}),
       checkExpertsAm, runExpertsAm, true, nullptr, {3, 2, 0}, false, nullptr, ModelKind::Experts},
      {"experts-pg", "experts (or one-vs-all logistic classifiers) by projected gradient on per-sample predictors with the row-clustering projection (LwCS Alg. 3, §7.1.2; the DataCube paper's PGK), then alternating minimisation",
       join({expertsBase(true), {integerOption("maxIterations", "gradient steps at most", 200, 1),
                             numberOption("tolerance", "relative decrease of the objective (and step·L) to stop at", 1e-6, 0, true),
                             stepGrowthOption(), stepShrinkOption(),
                             integerOption("restarts", "k-means++ restarts of each projection", 3, 1), refineOption(),
                             seedOption("seed of the projections")}}),
       checkExpertsPg, runExpertsPg, true, nullptr, {4, 2, 0}, false, nullptr, ModelKind::Experts},
      {"experts-cg", "experts by conditional gradient on the samples' equivalence matrix, ψ(M) = yᵀ(I + (XXᵀ∘M)/λ)⁻¹y/(2n), oracle = k-means on the rows of diag(A⁻¹y)X (LwCS §3.2, the DataCube paper's OM), then alternating minimisation",
       join({expertsBase(), {integerOption("maxIterations", "Frank–Wolfe iteration limit", 50, 1),
                             numberOption("tolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true),
                             integerOption("restarts", "k-means++ restarts of each oracle call", 3, 1),
                             choiceOption("rounding", "partition from the relaxation: the k-means of its per-sample predictors, or the last oracle's", {"primal", "oracle"}),
                             refineOption(),
                             seedOption("seed of the oracle's k-means")}}),
       checkExperts, runExpertsCg, true, nullptr, {3, 2, 4}, false, nullptr, ModelKind::Experts},
      {"experts-rc", "experts by regression clustering in its K-harmonic-means form (Zhang 2003), then alternating minimisation",
       join({expertsBase(), {numberOption("power", "the harmonic mean's power p (> 2)", 3, 2, true),
                             integerOption("maxIterations", "iterations at most", 100, 1),
                             numberOption("tolerance", "relative change of the harmonic objective to stop at", 1e-6, 0, true),
                             integerOption("restarts", "runs from random partitions; the lowest harmonic objective is kept", 3, 1),
                             refineOption(), seedOption("seed of the starts (random partitions)")}}),
       checkExperts, runExpertsRc, true, nullptr, {4, 2, 0}, false, nullptr, ModelKind::Experts},
      {"experts-oracle", "the experts (or classifying experts) fitted on the true partition of the samples",
       join({expertsBase(true), {sampleGroups}}),
       checkExperts, runExpertsOracle, false, nullptr, {3, 2, 0}, false, nullptr, ModelKind::Experts},
      {"tasks-ssc", "clustered tasks (soft, SSC): one predictor per class around Q clustered centres, Ω = λ_M/2 Tr(VΓVᵀ) + λ_B/2 Tr(VΠVᵀ) + λ_W/2 ‖W − V‖² (Jacob et al.; DataCube §2.2); exact block descent: convex fit for the partition, the partition best for the predictors",
       join({tasksBase(false), taskClusterWeights(false),
             {integerOption("maxIterations", "partition changes at most", 100, 1),
              choiceOption("init", "the start: the classes fitted apart, or the hard problem's answer (tasks-pg with these between and mean)", {"independent", "hard"})}}),
       checkTasks, runTasksSsc, true, nullptr, {}, true, nullptr, ModelKind::Tasks},
      {"tasks-cg", "clustered tasks by conditional gradient on the tasks' equivalence matrix (DataCube Alg. 3, appendix 6.2, the paper's OM): with the squared loss the relaxation is linear in M, so its oracle — the best partition, enumerated for few tasks — is the answer",
       join({tasksBase(true), taskClusterWeights(false)}),
       checkTasks, runTasksCg, false, nullptr, {}, true, nullptr, ModelKind::Tasks},
      {"tasks-pg", "clustered tasks (hard, HSC): the classes' predictors equal to Q centres, by projected gradient with the clustering of the predictors as projection (DataCube Alg. 2, the paper's PGK)",
       join({tasksBase(false), taskClusterWeights(true),
             {integerOption("maxIterations", "gradient steps at most", 500, 1),
              numberOption("tolerance", "relative decrease of the objective to stop at", 1e-8, 0, true)}}),
       checkTasks, runTasksPg, true, nullptr, {}, true, nullptr, ModelKind::Tasks},
      {"tasks-frobenius", "multitask baseline: one ridge (or logistic ridge) predictor per class, λ/2 ‖W‖²_F (the DataCube paper's Frobenius row)",
       join({{tasksLoss(false), ridgeOption()}}),
       noShapeCheck, runTasksFrobenius, false, nullptr, {}, true, nullptr, ModelKind::Tasks},
      {"tasks-trace", "multitask baseline: the trace norm μ‖W‖_* (+ λ/2 ‖W‖²) by accelerated proximal gradient with singular value thresholding (the DataCube paper's trace row)",
       join({{tasksLoss(false), ridgeOption(),
              penaltyWeight(numberOption("mu", "trace-norm weight μ in μ‖W‖_*", 0, 0), 1)},
             convexSolverOptions(20000)}),
       noShapeCheck, runTasksTrace, false, nullptr, {}, true, nullptr, ModelKind::Tasks},
  };
}

// Column k of a problem's row-major n × K targets.
Vector targetColumn(const Problem& p, Eigen::Index k) {
  return Eigen::Map<const Vector, 0, Eigen::InnerStride<>>(p.y.data() + k, p.X.rows(), Eigen::InnerStride<>(p.targetColumns));
}

std::string checkData(const Problem& p, const Loss& loss) {
  if (p.X.rows() < 1) return "X must have at least one row (nRows >= 1)";
  if (p.X.cols() < 1) return "X must have at least one column (nCols >= 1)";
  const Eigen::Index K = p.targetColumns;
  if (p.y.size() != p.X.rows() * K)
    return K == 1 ? "y must have one entry per row of X (expected " + std::to_string(p.X.rows()) + ", got " +
                        std::to_string(p.y.size()) + ")"
                  : "y must have yCols = " + std::to_string(K) + " entries per row of X (expected " +
                        std::to_string(p.X.rows() * K) + ", got " + std::to_string(p.y.size()) + ")";
  if (p.X.sparse()) {
    const auto nnz = static_cast<std::size_t>(std::max(0, p.X.indptr()[p.X.rows()]));
    if (std::string why = checkCsr(p.X.rows(), p.X.cols(), p.X.indptr(), static_cast<std::size_t>(p.X.rows()) + 1,
                                   p.X.indices(), nnz, p.X.values(), nnz);
        !why.empty())
      return why;
  } else {
    const auto X = p.X.dense();
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      for (Eigen::Index j = 0; j < X.cols(); ++j)
        if (!std::isfinite(X(i, j)))
          return "X must be finite (entry at row " + std::to_string(i) + ", column " + std::to_string(j) +
                 " is not)";
  }
  for (Eigen::Index i = 0; i < p.y.size(); ++i)
    if (!std::isfinite(p.y[i])) return "y must be finite (entry " + std::to_string(i) + " is not)";
  if (K == 1) {
    const std::string t = loss.checkTargets(p.y);
    return t.empty() ? "" : "y: " + t;
  }
  if (loss.oneVsAll())
    return std::string("loss: '") + loss.name() + "' reads one class label per row of y; with " + std::to_string(K) +
           " targets per row use 'squared' or 'logistic'";
  for (Eigen::Index k = 0; k < K; ++k)
    if (const std::string t = loss.checkTargets(targetColumn(p, k)); !t.empty())
      return "y: column " + std::to_string(k) + ": " + t;
  return "";
}

}  // namespace

Matrix targetsOf(const Loss& loss, const Problem& p) {
  if (p.targetColumns == 1) return loss.targets(p.y);
  Matrix T(p.X.rows(), p.targetColumns);
  for (Eigen::Index k = 0; k < p.targetColumns; ++k) T.col(k) = loss.targets(targetColumn(p, k));
  return T;
}

double estimateFitBytes(const Method& m, double n, double d, double K, double stored, bool sparse) {
  const double shortSide = std::min(n, d);
  const double gram = sparse && shortSide > kSparseGramSide ? 0 : shortSide * shortSide;
  // The clustered tasks hold K × K couplings and projectors (core/task_clusters: about 6 at once).
  const double taskPairs = m.kind == ModelKind::Tasks ? 6 * K * K : 0;
  return 8 * (m.memory.design * stored * (sparse ? 1.5 : 1) + m.memory.gram * gram + m.memory.samplePairs * n * n +
              8 * (n + d) * K + taskPairs) +
         static_cast<double>(FitCache::kBytes);
}

double addressableBytes() {
#ifdef __EMSCRIPTEN__
  return 2147483648.0;
#else
  return HUGE_VAL;
#endif
}

std::string checkMemory(const std::string& field, const std::string& what, double bytes) {
  if (bytes <= 0.9 * addressableBytes()) return "";
  std::ostringstream s;
  s.precision(3);
  s << field << ": " << what << " needs about " << bytes / 1073741824.0 << " GB; a wasm32 module can address "
    << addressableBytes() / 1073741824.0 << " GB";
  return s.str();
}

const std::vector<Method>& methods() {
  static const std::vector<Method> registry = buildRegistry();
  return registry;
}

const Method* findMethod(const std::string& name) {
  for (const auto& m : methods())
    if (m.name == name) return &m;
  return nullptr;
}

std::string checkOptions(const std::string& name, const Params& params, Options& out) {
  const Method* m = findMethod(name);
  if (!m) {
    std::string known;
    for (const auto& k : methods()) known += (known.empty() ? "" : ", ") + k.name;
    return "method: unknown method '" + name + "' (known: " + known + ")";
  }
  return check(m->options, params, name, out);
}

namespace {
// Everything fit() checks before any work, and what the checks build on the way (the options
// with defaults, the loss, the target matrix), so that fit() does not build them twice.
struct Prepared {
  Options options;
  std::unique_ptr<Loss> loss;
  Matrix T;
};

std::string prepare(const std::string& name, const Problem& problem, const Params& params, Prepared& out) {
  if (std::string why = checkOptions(name, params, out.options); !why.empty()) return why;
  out.loss = makeLoss(out.options.choice("loss"));
  const Method& m = *findMethod(name);
  if (problem.targetColumns < 1) return "yCols: must be >= 1 (targets per row of X), got " + std::to_string(problem.targetColumns);
  if (problem.targetColumns > 1 && m.kind != ModelKind::Tasks)
    return "y: " + std::to_string(problem.targetColumns) + " targets per row (yCols) are read by the clustered-tasks methods only; method '" +
           name + "' takes one target per row";
  if (std::string why = checkData(problem, *out.loss); !why.empty()) return why;
  if (problem.X.sparse() && !m.acceptsSparse)
    return "X: method '" + name + "' needs a dense X (it does not take sparse input; see info.methods[].sparse)";
  const auto n = static_cast<double>(problem.X.rows()), d = static_cast<double>(problem.X.cols());
  if (std::string why = checkMemory("X", "method '" + name + "' on " + std::to_string(problem.X.rows()) + " × " +
                                    std::to_string(problem.X.cols()) + " data",
                                    estimateFitBytes(m, n, d, 1, static_cast<double>(problem.X.stored()), problem.X.sparse()));
      !why.empty())
    return why;
  // The outputs (the target columns, or the classes of a one-vs-all loss: labels 0..K−1, checked
  // above) before the n × K targets are built: every output costs (n + d) doubles and more.
  const double K = problem.targetColumns > 1 ? static_cast<double>(problem.targetColumns)
                   : out.loss->oneVsAll()    ? problem.y.maxCoeff() + 1
                                             : 1;
  if (K > 1)
    if (std::string why = checkMemory("y", std::to_string(static_cast<long long>(K)) + " outputs (classes or target columns) of method '" + name +
                                               "' on " + std::to_string(problem.X.rows()) + " × " + std::to_string(problem.X.cols()) + " data",
                                      estimateFitBytes(m, n, d, K, static_cast<double>(problem.X.stored()), problem.X.sparse()));
        !why.empty())
      return why;
  out.T = targetsOf(*out.loss, problem);
  if (std::string why = m.checkShape(out.options, problem.X.rows(), problem.X.cols(), out.T.cols()); !why.empty()) return why;
  if (m.structureBytes == nullptr) return "";
  return checkMemory("X", "method '" + name + "' with " + std::to_string(problem.X.cols()) + " features (its pairwise terms)",
                     m.structureBytes(out.options, d));
}
}  // namespace

std::string checkFit(const std::string& name, const Problem& problem, const Params& params) {
  Prepared unused;
  return prepare(name, problem, params, unused);
}

namespace {
// Runs a method's recipe on X (n x d) and targets T, in the caller's parametrisation.
Result runRecipe(const Method& m, const DataMatrix& Xraw, const Matrix& T, const Loss& loss,
                 const Options& options, const Control& control, const WarmStart* warm) {
  FitCache own;  // this fit's, unless the calling table or cross-validation shares one
  CenteredDesign X(Xraw);
  X.shareWork(control.cache ? control.cache : &own);
  std::unique_ptr<WarmStart> centredWarm;
  if (warm && warm->coef.rows() == X.cols() && warm->coef.cols() == T.cols() && warm->coef.allFinite() &&
      warm->intercept.size() == T.cols() && warm->intercept.allFinite())
    centredWarm.reset(new WarmStart{warm->coef, warm->intercept + X.means() * warm->coef});
  const FitContext ctx{X, loss, T, options, control, centredWarm.get()};
  Result r = m.run(ctx);
  if (r.status == Status::InvalidInput || r.status == Status::Aborted) return r;
  if (r.coef.rows() == X.cols() && r.intercept.size() == r.coef.cols())
    r.intercept = X.userIntercept(r.coef, r.intercept);
  return r;
}

// The objective of the zero model (w = 0, b = 0): its loss on T, every penalty being 0 there.
double zeroModelObjective(const Loss& loss, const Matrix& T) { return loss.value(Matrix::Zero(T.rows(), T.cols()), T); }

bool allFinite(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// A model is returned whole: coef d x K (experts: Q answers, times the classes for classifiers),
// K intercepts, one group per feature (experts: per sample; tasks: per task — `items` of them),
// finite numbers. Anything else becomes a zero model
// with Status::NumericalIssue, the reason, and the zero model's own objective (its loss on T:
// every penalty is 0 at w = 0).
void certifyResult(Result& r, Eigen::Index d, Eigen::Index K, Eigen::Index items, const Loss& loss, const Matrix& T) {
  const Eigen::Index centroidColumns = r.kind == ModelKind::Tasks ? d : K;
  const bool shaped = r.coef.rows() == d && r.coef.cols() == K && r.intercept.size() == K;
  const bool finite = shaped && r.coef.allFinite() && r.intercept.allFinite();
  std::string why;
  if (!shaped)
    why = r.message.empty() ? "the solver returned no model" : r.message;
  else if (!finite || !r.centroids.allFinite())
    why = "the coefficients are not finite";
  else if (!std::isfinite(r.objective) || !allFinite(r.history))
    why = "the objective is not finite (beyond the double range for these data); the coefficients are those the solver reached";
  if (why.empty()) return;
  if (!finite) {
    r.coef = Matrix::Zero(d, K);
    r.intercept = RowVector::Zero(K);
    r.objective = zeroModelObjective(loss, T);
  }
  if (static_cast<Eigen::Index>(r.groups.size()) != items || !r.centroids.allFinite() || r.centroids.cols() != centroidColumns) {
    r.groups.assign(static_cast<std::size_t>(items), 0);
    r.centroids = r.kind == ModelKind::Experts ? Matrix(0, K)
                  : r.kind == ModelKind::Tasks ? Matrix(r.coef.leftCols(std::min<Eigen::Index>(1, K)).transpose())
                                               : Matrix(r.coef.topRows(std::min<Eigen::Index>(1, d)));
  }
  for (double& h : r.history)
    if (!std::isfinite(h)) h = HUGE_VAL;
  if (!std::isfinite(r.objective)) r.objective = HUGE_VAL;
  r.status = Status::NumericalIssue;
  r.message = why;
}
}  // namespace

Result fit(const std::string& name, const Problem& problem, const Params& params,
           const Control& control, const WarmStart* warm) {
  Prepared prepared;
  if (std::string why = prepare(name, problem, params, prepared); !why.empty()) return Result::invalid(why);
  const Method& m = *findMethod(name);
  const Matrix& T = prepared.T;
  const bool experts = m.kind == ModelKind::Experts;
  const Eigen::Index d = problem.X.cols(), K = experts ? prepared.options.integer("Q") * T.cols() : T.cols();
  if (warm && (warm->coef.rows() != d || warm->coef.cols() != K || warm->intercept.size() != K || !warm->coef.allFinite() ||
               !warm->intercept.allFinite()))
    return Result::invalid("warmStart: must be a finite model of this fit's shape, " + std::to_string(d) + " features × " +
                           std::to_string(K) + " outputs (got " + std::to_string(warm->coef.rows()) + " × " +
                           std::to_string(warm->coef.cols()) + ")");
  // The first progress event, before any work: iteration 0 at w = 0, whose objective is the
  // loss of zero scores (every penalty is 0 there). A warm start's is not known yet: none.
  if (!warm && control.progress && !control.keepGoing(0, zeroModelObjective(*prepared.loss, T))) {
    Result aborted;
    aborted.status = Status::Aborted;
    aborted.message = "aborted";
    return aborted;
  }
  const DataScale scale = dataScaleOf(problem.X, T);
  Result r;
  if (!scale.active()) {
    r = runRecipe(m, problem.X, T, *prepared.loss, prepared.options, control, warm);
  } else {
    // Extreme magnitudes: the same problem on X / s_x, y / s_y (exact), mapped back after.
    Options options = prepared.options;
    const std::string why = (m.rescale ? m.rescale : rescaleByDegree)(m.options, options, scale);
    if (why.rfind("X: ", 0) == 0) return Result::invalid(why);  // data the method cannot take at all
    if (!why.empty()) {
      r.status = Status::NumericalIssue;
      r.message = why;
    } else {
      const StoredData X = dividedBy(problem.X, scale.x);
      const Matrix Ts = T / scale.y;
      std::unique_ptr<WarmStart> scaledWarm;
      if (warm) scaledWarm.reset(new WarmStart{warm->coef * (scale.x / scale.y), warm->intercept / scale.y});
      r = runRecipe(m, X.view(), Ts, *prepared.loss, options, control, scaledWarm.get());
      if (r.status != Status::InvalidInput) unscaleResult(r, scale);
    }
  }
  if (r.status == Status::InvalidInput || r.status == Status::Aborted) return r;
  r.kind = m.kind;
  certifyResult(r, d, K, experts ? problem.X.rows() : m.kind == ModelKind::Tasks ? K : d, *prepared.loss, T);
  return r;
}

Matrix predict(const DataMatrix& X, const Matrix& coef, const RowVector& intercept) {
  return X.predict(coef, intercept);
}

}  // namespace supclust
