// Experts: Q linear predictors over clustered samples (LwCS §2.2, §3, §7.3.1; DataCube §2.3,
// §3; spec §4). Every recipe finds a partition of the training samples — alternating
// minimisation from seeded starts (AM), projected gradient (PG), conditional gradient on the
// equivalence matrix (CG), regression clustering (RC) or the true one (oracle) — and returns
// the experts of that partition, refined by AM unless `refine` is off (solvers/
// expert_predictors.hpp states the objective).
#include "supclust/families/experts/methods.hpp"

#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/families/experts/alternating_experts.hpp"
#include "supclust/families/experts/classifying_experts.hpp"
#include "supclust/families/experts/experts_conditional_gradient.hpp"
#include "supclust/families/experts/experts_projected_gradient.hpp"
#include "supclust/families/experts/regression_clustering.hpp"
#include "supclust/families/experts/screened_experts.hpp"

namespace supclust {

namespace {
std::vector<OptionSpec> expertsBase(bool classifies = false) {
  return {classifies ? choiceOption("loss", "regression experts (squared loss), or classifiers: one-vs-all logistic over the classes of y, Q < K (LwCS §7.1.2)", {"squared", "ova-logistic"})
                     : squaredLossOnly(),
          penaltyWeight(numberOption("lambda", "ridge weight λ > 0: expert q's ridge is λ s_q/2‖c_q‖² for its s_q samples", 1e-2, 0, true), 2),
          integerOption("Q", "the number of experts", 0, 1, true)};
}
OptionSpec refineOption() {
  return {"refine", OptionKind::Boolean, "refine the found partition by alternating minimisation (as the papers do)", 1};
}
}  // namespace

namespace {
struct ExpertsData {
  const RowMatrix& X;  // centred rows
  Vector y;            // targets (the search methods without intercepts use them centred)
  int Q;
  double lambda;
};

ExpertsData dataOf(const FitContext& c) {
  return {c.X.X(), c.T.col(0), static_cast<int>(c.options.integer("Q")), c.options.number("lambda")};
}

Result resultOf(ExpertsFit fit) {
  Result r;
  r.kind = ModelKind::Experts;
  r.status = fit.status;
  r.message = std::move(fit.message);
  r.coef = std::move(fit.experts.coef);
  r.intercept = std::move(fit.experts.intercept);
  r.groups = std::move(fit.labels);
  r.centroids = Matrix(0, r.coef.cols());
  r.objective = fit.objective;
  r.history = std::move(fit.history);
  r.iterations = fit.iterations;
  return r;
}

// The experts of a found partition: AM from it (`refine`), or one refit.
Result finish(const FitContext& c, ExpertFamily& family, Labels labels, Status searchStatus, int searchIterations) {
  if (searchStatus == Status::Aborted) {
    Result r;
    r.status = Status::Aborted;
    r.message = "aborted";
    return r;
  }
  const int iterations = c.options.flag("refine") ? 100 : 1;
  ExpertsFit fit = alternateExperts(family, std::move(labels), iterations, c.control);
  if (iterations == 1 && fit.status == Status::MaxIterations) fit.status = searchStatus;
  fit.iterations += searchIterations;
  return resultOf(std::move(fit));
}
Result finish(const FitContext& c, const ExpertsData& e, Labels labels, Status searchStatus, int searchIterations) {
  RegressionExperts family(e.X, e.y, e.Q, e.lambda);
  return finish(c, family, std::move(labels), searchStatus, searchIterations);
}
}  // namespace

// Classifiers (LwCS §7.1.2): each group's one-vs-all logistic fit.
ClassifyingExperts classifiersOf(const FitContext& c) {
  return ClassifyingExperts(c.X.X(), c.T, static_cast<int>(c.options.integer("Q")), c.options.number("lambda"), TrustRegionOptions{1000, 1e-9});
}

Result runExpertsAm(const FitContext& c) {
  AlternatingExpertsOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.restarts = c.options.integer("restarts");
  if (c.loss.oneVsAll()) {
    ClassifyingExperts family = classifiersOf(c);
    o.seed = c.options.seed();
    const auto start = [&](std::uint64_t seed) { return randomStart(c.T.rows(), family.Q(), seed); };
    return resultOf(alternateExpertsWithRestarts(family, o, start, c.control));
  }
  const ExpertsData e = dataOf(c);
  o.start = c.options.choice("init") == "random" ? AlternatingExpertsOptions::Start::Random
                                                 : AlternatingExpertsOptions::Start::Residuals;
  o.seed = c.options.seed();
  // Column screening (ours): its best partition is one more start, tried first.
  const ScreeningOptions s{static_cast<int>(c.options.integer("screen")), static_cast<int>(c.options.integer("screenColumns"))};
  SearchesInTurn turn(c.control);
  ExpertsFit screened = screenedExperts(e.X, e.y, e.Q, e.lambda, o, s, turn);
  if (screened.status == Status::Aborted) return resultOf(std::move(screened));
  const Labels* extra = screened.labels.empty() ? nullptr : &screened.labels;
  ExpertsFit fit = alternateExpertsWithRestarts(e.X, e.y, e.Q, e.lambda, o, turn.next(), extra);
  fit.iterations += screened.iterations;
  return resultOf(std::move(fit));
}

Result runExpertsPg(const FitContext& c) {
  ExpertsProjectedGradientOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.step = stepBacktrackingOf(c.options);
  o.restarts = c.options.integer("restarts");
  o.seed = c.options.seed();
  const int Q = static_cast<int>(c.options.integer("Q"));
  if (c.loss.oneVsAll()) {  // classifiers (LwCS §7.1.2): per-sample W^i and b^i, then AM on the classifiers
    ExpertsFit found = expertsProjectedGradient(ClassifyingSamplePredictors(c.X.X(), c.T, c.options.number("lambda")), Q, o, c.control);
    ClassifyingExperts family = classifiersOf(c);
    return finish(c, family, std::move(found.labels), found.status, found.iterations);
  }
  const ExpertsData e = dataOf(c);
  const Vector yc = (e.y.array() - e.y.mean()).matrix();
  ExpertsFit found = expertsProjectedGradient(e.X, yc, Q, e.lambda, o, c.control);
  return finish(c, e, std::move(found.labels), found.status, found.iterations);
}

Result runExpertsCg(const FitContext& c) {
  const ExpertsData e = dataOf(c);
  ExpertsConditionalGradientOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.restarts = c.options.integer("restarts");
  o.seed = c.options.seed();
  const Vector yc = (e.y.array() - e.y.mean()).matrix();
  ExpertsConditionalGradientResult found = expertsConditionalGradient(e.X, yc, e.Q, e.lambda, o, c.control);
  Labels& rounded = c.options.choice("rounding") == "oracle" ? found.labels : found.primalLabels;
  return finish(c, e, std::move(rounded), found.status, found.iterations);
}

Result runExpertsRc(const FitContext& c) {
  const ExpertsData e = dataOf(c);
  RegressionClusteringOptions o;
  o.power = c.options.number("power");
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.restarts = c.options.integer("restarts");
  o.seed = c.options.seed();
  ExpertsFit found = regressionClustering(e.X, e.y, e.Q, e.lambda, o, c.control);
  if (found.status == Status::NumericalIssue) return resultOf(std::move(found));
  return finish(c, e, std::move(found.labels), found.status, found.iterations);
}

Result runExpertsOracle(const FitContext& c) {
  if (c.loss.oneVsAll()) {
    ClassifyingExperts family = classifiersOf(c);
    return resultOf(expertsOfPartition(family, c.options.labels("groups")));
  }
  const ExpertsData e = dataOf(c);
  return resultOf(expertsOfPartition(e.X, e.y, e.Q, e.lambda, c.options.labels("groups")));
}

std::string checkExperts(const Options& o, Eigen::Index n, Eigen::Index, Eigen::Index K) {
  const auto Q = o.integer("Q");
  if (Q > n) return "option 'Q': at most one expert per sample (Q = " + std::to_string(Q) + ", n = " + std::to_string(n) + ")";
  if (K > 1 && Q >= K)
    return "option 'Q': classifying experts need fewer experts than classes (Q = " + std::to_string(Q) + ", K = " + std::to_string(K) +
           " classes: Q answers would cover every class; LwCS §7.1.2)";
  if (!o.has("groups")) return "";
  const Labels& g = o.labels("groups");
  if (static_cast<Eigen::Index>(g.size()) != n)
    return "option 'groups' must have one label per sample (expected " + std::to_string(n) + ", got " + std::to_string(g.size()) + ")";
  std::vector<bool> used(static_cast<std::size_t>(Q), false);
  for (std::int32_t v : g) {
    if (v < 0 || v >= Q) return "option 'groups' must hold labels in 0..Q-1 (got " + std::to_string(v) + ")";
    used[static_cast<std::size_t>(v)] = true;
  }
  // An expert without samples would be a zero predictor among the answers.
  for (std::size_t q = 0; q < used.size(); ++q)
    if (!used[q]) return "option 'groups' must give every expert a sample (expert " + std::to_string(q) + " has none; lower Q)";
  return "";
}

std::string checkExpertsAm(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (K > 1 && o.integer("screen") > 0)
    return "option 'screen': column screening is for regression experts (its score, cov(y², x_j²), needs a numeric target)";
  return checkExperts(o, n, d, K);
}

std::string checkExpertsPg(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (std::string why = checkExperts(o, n, d, K); !why.empty() || K == 1) return why;
  // Classifiers: the iterate, the step, its projection and the gradient, n × (d + 1)K each.
  const double bytes = 8.0 * 4 * static_cast<double>(n) * static_cast<double>(d + 1) * static_cast<double>(K);
  return checkMemory("X", "experts-pg's per-sample classifiers (" + std::to_string(n) + " samples × " + std::to_string(K) +
                              " classes × " + std::to_string(d + 1) + " weights)", bytes);
}

std::vector<Method> expertsMethods() {
  OptionSpec sampleGroups{"groups", OptionKind::Labels, "the true partition: one label in 0..Q−1 per sample"};
  sampleGroups.required = true;
  return {
      Method("experts-am",
             "experts: Q ridge predictors (or one-vs-all logistic classifiers) over clustered samples by alternating minimisation (fit each group, move each sample to its best expert) from seeded restarts (LwCS §3.1, §7.1.2)",
             runExpertsAm)
          .withOptions(join({expertsBase(true), {integerOption("restarts", "starts; the lowest objective is kept", 10, 1),
                                   choiceOption("init", "starts: uniformly random partitions, or k-means++ on the residuals of one ridge fit (regression only)", {"random", "residuals"}),
                                   integerOption("maxIterations", "refits per start at most", 100, 1),
                                   integerOption("screen", "rounds of column screening for one more start (regression only; 0: none): AM on the k columns whose square co-varies most with y², then on all columns, the columns re-scored by the experts (ours, for many noise columns)", 0, 0),
                                   integerOption("screenColumns", "k, the columns each screening round keeps (0: n/(10Q), at least Q)", 0, 0),
                                   seedOption("seed of the starts")}}))
          .checkShape(checkExpertsAm)
          .dependsOnStart()
          .memoryUse({3, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts),
      Method("experts-pg",
             "experts (or one-vs-all logistic classifiers) by projected gradient on per-sample predictors with the row-clustering projection (LwCS Alg. 3, §7.1.2; the DataCube paper's PGK), then alternating minimisation",
             runExpertsPg)
          .withOptions(join({expertsBase(true), {integerOption("maxIterations", "gradient steps at most", 200, 1),
                                   numberOption("tolerance", "relative decrease of the objective (and step·L) to stop at", 1e-6, 0, true),
                                   stepGrowthOption(), stepShrinkOption(),
                                   integerOption("restarts", "k-means++ restarts of each projection", 3, 1), refineOption(),
                                   seedOption("seed of the projections")}}))
          .checkShape(checkExpertsPg)
          .dependsOnStart()
          .memoryUse({4, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts),
      Method("experts-cg",
             "experts by conditional gradient on the samples' equivalence matrix, ψ(M) = yᵀ(I + (XXᵀ∘M)/λ)⁻¹y/(2n), oracle = k-means on the rows of diag(A⁻¹y)X (LwCS §3.2, the DataCube paper's OM), then alternating minimisation",
             runExpertsCg)
          .withOptions(join({expertsBase(), {integerOption("maxIterations", "Frank–Wolfe iteration limit", 50, 1),
                                   numberOption("tolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true),
                                   integerOption("restarts", "k-means++ restarts of each oracle call", 3, 1),
                                   choiceOption("rounding", "partition from the relaxation: the k-means of its per-sample predictors, or the last oracle's", {"primal", "oracle"}),
                                   refineOption(),
                                   seedOption("seed of the oracle's k-means")}}))
          .checkShape(checkExperts)
          .dependsOnStart()
          .memoryUse({3, 2, 4})
          .denseOnly()
          .ofKind(ModelKind::Experts),
      Method("experts-rc",
             "experts by regression clustering in its K-harmonic-means form (Zhang 2003), then alternating minimisation",
             runExpertsRc)
          .withOptions(join({expertsBase(), {numberOption("power", "the harmonic mean's power p (> 2)", 3, 2, true),
                                   integerOption("maxIterations", "iterations at most", 100, 1),
                                   numberOption("tolerance", "relative change of the harmonic objective to stop at", 1e-6, 0, true),
                                   integerOption("restarts", "runs from random partitions; the lowest harmonic objective is kept", 3, 1),
                                   refineOption(), seedOption("seed of the starts (random partitions)")}}))
          .checkShape(checkExperts)
          .dependsOnStart()
          .memoryUse({4, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts),
      Method("experts-oracle",
             "the experts (or classifying experts) fitted on the true partition of the samples",
             runExpertsOracle)
          .withOptions(join({expertsBase(true), {sampleGroups}}))
          .checkShape(checkExperts)
          .memoryUse({3, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts),
  };
}

}  // namespace supclust
