// Experts: Q linear predictors over clustered samples (LwCS §2.2, §3, §7.3.1; DataCube §2.3,
// §3; spec §4). Every recipe finds a partition of the training samples — alternating
// minimisation from seeded starts (AM), projected gradient (PG), conditional gradient on the
// equivalence matrix (CG), regression clustering (RC) or the true one (oracle) — and returns
// the experts of that partition, refined by AM unless `refine` is off (solvers/
// expert_predictors.hpp states the objective).
#include "supclust/methods/recipes.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/alternating_experts.hpp"
#include "supclust/solvers/classifying_experts.hpp"
#include "supclust/solvers/experts_conditional_gradient.hpp"
#include "supclust/solvers/experts_projected_gradient.hpp"
#include "supclust/solvers/regression_clustering.hpp"
#include "supclust/solvers/screened_experts.hpp"

namespace supclust {

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

}  // namespace supclust
