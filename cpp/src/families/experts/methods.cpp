// Experts: Q linear predictors over clustered samples (LwCS §2.2, §3, §7.3.1; DataCube §2.3,
// §3). Every recipe but EM finds a partition of the training samples — alternating
// minimisation from seeded starts (AM), projected gradient (PG), conditional gradient on the
// equivalence matrix (CG), regression clustering (RC) or the true one (oracle) — and returns
// the experts of that partition, refined by AM unless `refine` is off (expert_predictors.hpp,
// this folder, states the objective), with the gate of the partition (gate.hpp). EM fits the
// soft mixture with its gate (mixture_em.hpp: flexmix's model).
#include "supclust/families/experts/methods.hpp"

#include <optional>

#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/families/experts/alternating_experts.hpp"
#include "supclust/families/experts/classifying_experts.hpp"
#include "supclust/families/experts/experts_conditional_gradient.hpp"
#include "supclust/families/experts/experts_projected_gradient.hpp"
#include "supclust/families/experts/gate.hpp"
#include "supclust/families/experts/mixture_em.hpp"
#include "supclust/families/experts/regression_clustering.hpp"
#include "supclust/families/experts/screened_experts.hpp"

namespace supclust {

namespace {
// The options of the family's methods (each declares the fields it reads).
struct ExpertsOptions : LossField, RidgeField, StepFields, SeedField {
  int Q = 0, restarts = 0, maxIterations = 0, screen = 0, screenColumns = 0;
  double tolerance = 0, power = 0, gateLambda = 0, minPrior = 0;
  std::string init, rounding, mixing, criterion;
  bool refine = false, exchange = false;
  std::optional<Labels> groups;
};
using S = Schema<ExpertsOptions>;
using E = ExpertsOptions;
}  // namespace

namespace {
struct ExpertsData {
  const RowMatrix& X;  // centred rows
  Vector y;  // targets (the search methods without intercepts use them centred)
  int Q;
  double lambda;
};

ExpertsData dataOf(const FitContext& c, const ExpertsOptions& opt) {
  return {c.X.X(), c.T.col(0), static_cast<int>(opt.Q), opt.lambda};
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
  if (fit.starts > 1 && r.status != Status::Aborted && r.status != Status::NumericalIssue)
    noteStarts(r, fit.starts, fit.startsAtBest);
  return r;
}

// The experts of a found partition: AM from it (`refine`), or one refit.
Result finish(const FitContext& c, const ExpertsOptions& opt, ExpertFamily& family, Labels labels, Status searchStatus,
              int searchIterations) {
  if (searchStatus == Status::Aborted) {
    Result r;
    r.status = Status::Aborted;
    r.message = "aborted";
    return r;
  }
  const int iterations = opt.refine ? 100 : 1;
  ExpertsFit fit = alternateExperts(family, std::move(labels), iterations, c.control.after(searchIterations),
                                    opt.refine && opt.exchange);
  if (iterations == 1 && fit.status == Status::MaxIterations) fit.status = searchStatus;
  fit.iterations += searchIterations;
  return resultOf(std::move(fit));
}
Result finish(const FitContext& c, const ExpertsOptions& opt, const ExpertsData& e, Labels labels, Status searchStatus,
              int searchIterations) {
  RegressionExperts family(e.X, e.y, e.Q, e.lambda);
  return finish(c, opt, family, std::move(labels), searchStatus, searchIterations);
}
}  // namespace

// Classifiers (LwCS §7.1.2): each group's one-vs-all logistic fit, its rows weighted when the
// loss carries observation weights.
ClassifyingExperts classifiersOf(const FitContext& c, const ExpertsOptions& opt) {
  return ClassifyingExperts(c.X.X(), c.T, static_cast<int>(opt.Q), opt.lambda, TrustRegionOptions{1000, 1e-9},
                            c.loss.rowWeights());
}

Result runExpertsAm(const FitContext& c, const ExpertsOptions& opt) {
  AlternatingExpertsOptions o;
  o.maxIterations = opt.maxIterations;
  o.restarts =
      opt.restarts > 0 ? opt.restarts : startsFor(c.X.rows(), c.X.cols() + 1, opt.Q * static_cast<int>(c.T.cols()));
  o.exchange = opt.exchange;
  o.weights = c.loss.rowWeights();
  if (c.loss.oneVsAll()) {
    if (opt.init == "residuals")
      return Result::invalid(Refusal("init",
                                     "'residuals' starts from the residuals of a ridge fit: regression only "
                                     "(classifiers start from random partitions)"));
    ClassifyingExperts family = classifiersOf(c, opt);
    o.seed = opt.seed;
    const auto start = [&](std::uint64_t seed) { return randomStart(c.T.rows(), family.Q(), seed); };
    return resultOf(alternateExpertsWithRestarts(family, o, start, c.control));
  }
  const ExpertsData e = dataOf(c, opt);
  o.start =
      opt.init == "random" ? AlternatingExpertsOptions::Start::Random : AlternatingExpertsOptions::Start::Residuals;
  o.seed = opt.seed;
  // Column screening (ours): its best partition is one more start, tried first.
  const ScreeningOptions s{static_cast<int>(opt.screen), static_cast<int>(opt.screenColumns)};
  SearchesInTurn turn(c.control);
  ExpertsFit screened = screenedExperts(e.X, e.y, e.Q, e.lambda, o, s, turn);
  if (screened.status == Status::Aborted) return resultOf(std::move(screened));
  const Labels* extra = screened.labels.empty() ? nullptr : &screened.labels;
  ExpertsFit fit = alternateExpertsWithRestarts(e.X, e.y, e.Q, e.lambda, o, turn.next(), extra);
  fit.iterations += screened.iterations;
  return resultOf(std::move(fit));
}

Result runExpertsPg(const FitContext& c, const ExpertsOptions& opt) {
  ExpertsProjectedGradientOptions o;
  o.maxIterations = opt.maxIterations;
  o.tolerance = opt.tolerance;
  o.step = opt.step();
  o.restarts = opt.restarts;
  o.seed = opt.seed;
  const int Q = static_cast<int>(opt.Q);
  if (c.loss.oneVsAll()) {  // classifiers (LwCS §7.1.2): per-sample W^i and b^i, then AM on the classifiers
    ExpertsFit found = expertsProjectedGradient(ClassifyingSamplePredictors(c.X.X(), c.T, opt.lambda), Q, o, c.control);
    ClassifyingExperts family = classifiersOf(c, opt);
    return finish(c, opt, family, std::move(found.labels), found.status, found.iterations);
  }
  const ExpertsData e = dataOf(c, opt);
  const Vector yc = (e.y.array() - e.y.mean()).matrix();
  ExpertsFit found = expertsProjectedGradient(e.X, yc, Q, e.lambda, o, c.control);
  return finish(c, opt, e, std::move(found.labels), found.status, found.iterations);
}

Result runExpertsCg(const FitContext& c, const ExpertsOptions& opt) {
  const ExpertsData e = dataOf(c, opt);
  ExpertsConditionalGradientOptions o;
  o.maxIterations = opt.maxIterations;
  o.tolerance = opt.tolerance;
  o.restarts = opt.restarts;
  o.seed = opt.seed;
  const Vector yc = (e.y.array() - e.y.mean()).matrix();
  ExpertsConditionalGradientResult found = expertsConditionalGradient(e.X, yc, e.Q, e.lambda, o, c.control);
  Labels& rounded = opt.rounding == "oracle" ? found.labels : found.primalLabels;
  return finish(c, opt, e, std::move(rounded), found.status, found.iterations);
}

Result runExpertsRc(const FitContext& c, const ExpertsOptions& opt) {
  const ExpertsData e = dataOf(c, opt);
  RegressionClusteringOptions o;
  o.power = opt.power;
  o.maxIterations = opt.maxIterations;
  o.tolerance = opt.tolerance;
  o.restarts = opt.restarts;
  o.seed = opt.seed;
  ExpertsFit found = regressionClustering(e.X, e.y, e.Q, e.lambda, o, c.control);
  if (found.status == Status::NumericalIssue) return resultOf(std::move(found));
  return finish(c, opt, e, std::move(found.labels), found.status, found.iterations);
}

Result runExpertsOracle(const FitContext& c, const ExpertsOptions& opt) {
  if (c.loss.oneVsAll()) {
    ClassifyingExperts family = classifiersOf(c, opt);
    return resultOf(expertsOfPartition(family, *opt.groups));
  }
  const ExpertsData e = dataOf(c, opt);
  return resultOf(expertsOfPartition(e.X, e.y, e.Q, e.lambda, *opt.groups, c.loss.rowWeights()));
}

// Every experts model carries the gate of its partition (gate.hpp), fitted once the search ends:
// what predict() mixes the experts by.
template <Result (*run)(const FitContext&, const ExpertsOptions&)>
Result gated(const FitContext& c, const ExpertsOptions& opt) {
  Result r = run(c, opt);
  if (r.status == Status::InvalidInput || r.status == Status::Aborted ||
      static_cast<Eigen::Index>(r.groups.size()) != c.X.rows() ||
      !r.gate.empty())  // EM's gate is fitted with its experts
    return r;
  Status status;
  r.gate = fitGate(c.X.X(), oneHot(r.groups, static_cast<int>(opt.Q)), opt.gateLambda, &status, nullptr, 1000,
                   c.loss.rowWeights());
  if (status == Status::NumericalIssue)
    r.warnings.push_back(
        "the gate could not be fitted (its multinomial fit did not end with finite numbers): predict() refuses this "
        "model; raise gateLambda");
  else if (status != Status::Converged)
    r.warnings.push_back(
        "the gate's multinomial fit stopped at its iteration limit before its tolerance: raise gateLambda");
  return r;
}

Result runExpertsEm(const FitContext& c, const ExpertsOptions& opt) {
  MixtureEmOptions o;
  o.maxIterations = opt.maxIterations;
  o.tolerance = opt.tolerance;
  o.restarts = opt.restarts;
  o.seed = opt.seed;
  o.gate = opt.mixing == "gate";
  o.lambda = opt.lambda;
  o.gateLambda = opt.gateLambda;
  o.minPrior = opt.minPrior;
  using Kind = MixtureEmOptions::Experts;
  o.experts = opt.loss == "logistic" ? Kind::Logistic : opt.loss == "multinomial" ? Kind::Softmax : Kind::Regression;
  o.weights = c.loss.rowWeights();
  ExpertsFit em = mixtureEm(c.X.X(), c.T, static_cast<int>(opt.Q), o, c.control);
  const bool usable = em.status != Status::Aborted && em.status != Status::NumericalIssue;
  const double assigned = usable && opt.criterion == "icl" ? assignedLogResponsibility(c.X.X(), c.T, em, o) : 0;
  Gate gate = std::move(em.gate);
  RowVector variances = std::move(em.variances);
  Result r = resultOf(std::move(em));
  if (r.status == Status::Aborted || r.status == Status::NumericalIssue) return r;
  r.gate = std::move(gate);
  r.variances = std::move(variances);
  // BIC = 2n F + p log n over the experts' d + 1 coefficients and variance each (logistic experts:
  // no variance; softmax experts over K classes: (K − 1)(d + 1), the softmax being the same for
  // scores shifted alike), and the gate's (Q − 1)(d + 1) free parameters (constant priors: Q − 1);
  // ICL = BIC − 2 Σ_i log h_i,ĉ(i). Weighted rows count by their weights of mean 1: n rows' evidence.
  const auto n = static_cast<double>(c.X.rows()), d = static_cast<double>(c.X.cols()), Q = static_cast<double>(opt.Q);
  const double perExpert = o.experts == Kind::Regression ? d + 2
                           : o.experts == Kind::Logistic ? d + 1
                                                         : static_cast<double>(c.T.cols() - 1) * (d + 1);
  const double parameters = Q * perExpert + (Q - 1) * (o.gate ? d + 1 : 1);
  r.criterion = 2 * n * r.objective + parameters * std::log(n) - 2 * assigned;
  return r;
}

// EM's objective is a log-likelihood, which rescaling y shifts rather than scales: data that need
// rescaling are refused naming X.
Refusal rescaleMixture(const std::vector<OptionSpec>&, Options&, const DataScale& s) {
  if (s.x == 1 && s.y == 1) return {};
  return Refusal("X",
                 "entries this large or small need rescaling, which experts-em's likelihood does not follow (scale X "
                 "and y into [1e-38, 1e38])");
}

// EM's softmax experts are each a distribution over all K classes: any Q up to n.
Refusal checkExpertsEm(const ExpertsOptions& opt, Eigen::Index n, Eigen::Index, Eigen::Index) {
  if (opt.Q > n)
    return Refusal("Q", "option 'Q': at most one expert per sample (Q = " + std::to_string(opt.Q) +
                            ", n = " + std::to_string(n) + ")");
  return {};
}

Refusal checkExperts(const ExpertsOptions& opt, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  const auto Q = opt.Q;
  if (Refusal why = checkExpertsEm(opt, n, d, K); !why.empty()) return why;
  if (K > 1 && Q >= K)
    return Refusal("Q", "option 'Q': classifying experts need fewer experts than classes (Q = " + std::to_string(Q) +
                            ", K = " + std::to_string(K) + " classes: Q answers would cover every class; LwCS §7.1.2)");
  if (!opt.groups.has_value()) return {};
  const Labels& g = *opt.groups;
  if (static_cast<Eigen::Index>(g.size()) != n)
    return Refusal("groups", "option 'groups' must have one label per sample (expected " + std::to_string(n) +
                                 ", got " + std::to_string(g.size()) + ")");
  std::vector<bool> used(static_cast<std::size_t>(Q), false);
  for (std::int32_t v : g) {
    if (v < 0 || v >= Q)
      return Refusal("groups", "option 'groups' must hold labels in 0..Q-1 (got " + std::to_string(v) + ")");
    used[static_cast<std::size_t>(v)] = true;
  }
  // An expert without samples would be a zero predictor among the answers.
  for (std::size_t q = 0; q < used.size(); ++q)
    if (!used[q])
      return Refusal("groups", "option 'groups' must give every expert a sample (expert " + std::to_string(q) +
                                   " has none; lower Q)");
  return {};
}

Refusal checkExpertsAm(const ExpertsOptions& opt, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (K > 1 && opt.screen > 0)
    return Refusal("screen",
                   "option 'screen': column screening is for regression experts (its score, cov(y², x_j²), needs a "
                   "numeric target)");
  return checkExperts(opt, n, d, K);
}

Refusal checkExpertsPg(const ExpertsOptions& opt, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (Refusal why = checkExperts(opt, n, d, K); !why.empty() || K == 1) return why;
  // Classifiers: the iterate, the step, its projection and the gradient, n × (d + 1)K each.
  const double bytes = 8.0 * 4 * static_cast<double>(n) * static_cast<double>(d + 1) * static_cast<double>(K);
  return checkMemory("X",
                     "experts-pg's per-sample classifiers (" + std::to_string(n) + " samples × " + std::to_string(K) +
                         " classes × " + std::to_string(d + 1) + " weights)",
                     bytes);
}

namespace {
// The loss (squared, or for `classifies` also one-vs-all logistic classifiers), the ridge λ > 0
// weighted by group size, Q experts.
S& expertsBase(S& s, bool classifies = false) {
  if (classifies)
    s.choice("loss", &E::loss,
             "regression experts (squared loss), or classifiers: one-vs-all logistic over the classes of y, Q < K "
             "(LwCS §7.1.2)",
             {"squared", "ova-logistic"});
  else squaredLossOnly(s);
  s.number("lambda", &E::lambda, "ridge weight λ > 0: expert q's ridge is λ s_q/2‖c_q‖² for its s_q samples", 1e-2, 0,
           true)
      .degree(2);
  s.number("gateLambda", &E::gateLambda,
           "ridge weight γ > 0 of the gate, the multinomial logistic model of each row's expert given x that predict() "
           "mixes the experts by (γ/2‖V‖² on its mean log-loss)",
           1e-3, 0, true)
      .degree(2);
  return qField(s, "the number of experts");
}
// experts-am's search, and the refinement of the others.
S& exchangeField(S& s) {
  return s.flag(
      "exchange", &E::exchange,
      "at each fixed point of alternating minimisation, move single samples to another expert while a move with both "
      "experts refitted lowers the objective, then alternate again (ours, after Hartigan's exchange for k-means; "
      "regression experts with n ≥ Q(d + 1); each sweep costs n·Q·d², each move d³; false: the papers' AM)",
      AlternatingExpertsOptions{}.exchange);
}
S& refineField(S& s) {
  s.flag("refine", &E::refine, "refine the found partition by alternating minimisation (as the papers do)", true);
  return exchangeField(s);
}
S amOptions() {
  const AlternatingExpertsOptions defaults;
  S s("method");
  expertsBase(s, true)
      .integer("restarts", &E::restarts, startsDescription(), 0, 0)
      .choice("init", &E::init,
              "starts: uniformly random partitions, or k-means++ on the residuals of one ridge fit (regression only)",
              {"random", "residuals"})
      .integer("maxIterations", &E::maxIterations, "refits per start at most", defaults.maxIterations, 1)
      .integer("screen", &E::screen,
               "rounds of column screening for one more start (regression only; 0: none): AM on the k columns whose "
               "square co-varies most with y², then on all columns, the columns re-scored by the experts (ours, for "
               "many noise columns)",
               0, 0)
      .integer("screenColumns", &E::screenColumns, "k, the columns each screening round keeps (0: n/(10Q), at least Q)",
               0, 0);
  return seedField(exchangeField(s), "seed of the starts");
}
S pgOptions() {
  const ExpertsProjectedGradientOptions defaults;
  S s("method");
  expertsBase(s, true)
      .integer("maxIterations", &E::maxIterations, "gradient steps at most", defaults.maxIterations, 1)
      .number("tolerance", &E::tolerance, "relative decrease of the objective (and step·L) to stop at",
              defaults.tolerance, 0, true);
  stepFields(s).integer("restarts", &E::restarts, "k-means++ restarts of each projection", defaults.restarts, 1);
  return seedField(refineField(s), "seed of the projections");
}
S cgOptions() {
  const ExpertsConditionalGradientOptions defaults;
  S s("method");
  expertsBase(s)
      .integer("maxIterations", &E::maxIterations, "Frank–Wolfe iteration limit", defaults.maxIterations, 1)
      .number("tolerance", &E::tolerance, "Frank–Wolfe gap, relative to ψ, to stop at", defaults.tolerance, 0, true)
      .integer("restarts", &E::restarts, "k-means++ restarts of each oracle call", defaults.restarts, 1)
      .choice("rounding", &E::rounding,
              "partition from the relaxation: the k-means of its per-sample predictors, or the last oracle's",
              {"primal", "oracle"});
  return seedField(refineField(s), "seed of the oracle's k-means");
}
S rcOptions() {
  const RegressionClusteringOptions defaults;
  S s("method");
  expertsBase(s)
      .number("power", &E::power, "the harmonic mean's power p (> 2)", defaults.power, 2, true)
      .integer("maxIterations", &E::maxIterations, "iterations at most", defaults.maxIterations, 1)
      .number("tolerance", &E::tolerance, "relative change of the harmonic objective to stop at", defaults.tolerance, 0,
              true)
      .integer("restarts", &E::restarts, "runs from random partitions; the lowest harmonic objective is kept",
               defaults.restarts, 1);
  return seedField(refineField(s), "seed of the starts (random partitions)");
}
S emOptions() {
  const MixtureEmOptions defaults;
  S s("method");
  s.choice("loss", &E::loss,
           "the experts: linear regressions with a noise variance each (squared), or classifiers — of two classes "
           "(logistic: flexmix's binomial GLM experts) or of K (multinomial: softmax experts, flexmix's FLXMRmultinom)",
           {"squared", "logistic", "multinomial"});
  s.number("lambda", &E::lambda,
           "ridge weight λ ≥ 0: expert q's prior c_q ~ N(0, σ_q²/(nλ) I), λ/2‖c_q‖²/σ_q² on the mean negative "
           "log-likelihood",
           defaults.lambda, 0)
      .degree(2);
  s.choice("mixing", &E::mixing,
           "the experts' weights at x: a gate, the multinomial logistic model of the expert given x (flexmix's "
           "concomitant model), fitted with the experts; or constant priors (flexmix's default)",
           {"gate", "constant"});
  s.number("gateLambda", &E::gateLambda, "ridge weight γ > 0 of the gate (γ/2‖V‖² on the mean negative log-likelihood)",
           defaults.gateLambda, 0, true)
      .degree(2);
  s.choice("criterion", &E::criterion,
           "what model.criterion holds (a path over Q chooses by it): the BIC, or the ICL = BIC − 2 Σ_i log h_i,ĉ(i) "
           "(flexmix's ICL: it also penalises experts whose samples overlap)",
           {"bic", "icl"});
  qField(s, "the number of experts")
      .integer("restarts", &E::restarts, "starts (uniformly random hard partitions); the lowest objective is kept",
               defaults.restarts, 1)
      .integer("maxIterations", &E::maxIterations, "EM steps per start at most", defaults.maxIterations, 1)
      .number("tolerance", &E::tolerance, "decrease of the objective, relative to max(1, |F|), to stop at",
              defaults.tolerance, 0, true)
      .number("minPrior", &E::minPrior,
              "a start in which an expert's share of the samples falls below it is dropped (flexmix's minprior; the "
              "likelihood grows without bound as an expert shrinks)",
              defaults.minPrior, 0, false, 1)
      .openAbove();
  return seedField(s, "seed of the starts");
}
S oracleOptions() {
  S s("method");
  return expertsBase(s, true)
      .labels("groups", &E::groups, "the true partition: one label in 0..Q−1 per sample")
      .perSample()
      .required();
}
}  // namespace

namespace {
// Q answers per target: the experts' coefficient columns.
Eigen::Index expertOutputs(const ExpertsOptions& o, Eigen::Index targets) { return o.Q * targets; }
}  // namespace

std::vector<Method> expertsMethods() {
  return {
      Method(
          "experts-am",
          "experts: Q ridge predictors (or one-vs-all logistic classifiers) over clustered samples by alternating "
          "minimisation (fit each group, move each sample to its best expert) from seeded restarts (LwCS §3.1, §7.1.2)",
          amOptions(), gated<runExpertsAm>)
          .checkShape(checkExpertsAm)
          .dependsOnStart()
          .memoryUse({3, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts)
          .outputsBy(expertOutputs)
          .weighted(),
      Method("experts-pg",
             "experts (or one-vs-all logistic classifiers) by projected gradient on per-sample predictors with the "
             "row-clustering projection (LwCS Alg. 3, §7.1.2; the DataCube paper's PGK), then alternating minimisation",
             pgOptions(), gated<runExpertsPg>)
          .checkShape(checkExpertsPg)
          .dependsOnStart()
          .memoryUse({4, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts)
          .outputsBy(expertOutputs),
      Method("experts-cg",
             "experts by conditional gradient on the samples' equivalence matrix, ψ(M) = yᵀ(I + (XXᵀ∘M)/λ)⁻¹y/(2n), "
             "oracle = k-means on the rows of diag(A⁻¹y)X (LwCS §3.2, the DataCube paper's OM), then alternating "
             "minimisation",
             cgOptions(), gated<runExpertsCg>)
          .checkShape(checkExperts)
          .dependsOnStart()
          .memoryUse({3, 2, 4})
          .denseOnly()
          .ofKind(ModelKind::Experts)
          .outputsBy(expertOutputs),
      Method(
          "experts-rc",
          "experts by regression clustering in its K-harmonic-means form (Zhang 2003), then alternating minimisation",
          rcOptions(), gated<runExpertsRc>)
          .checkShape(checkExperts)
          .dependsOnStart()
          .memoryUse({4, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts)
          .outputsBy(expertOutputs),
      Method("experts-em",
             "a soft mixture of Q linear regressions with a noise variance each (or of Q logistic or softmax "
             "classifiers) with a gate (or constant priors), by EM from seeded restarts: flexmix's model (Leisch "
             "2004), the mixture of experts of Jacobs et al. (1991)",
             emOptions(), gated<runExpertsEm>)
          .checkShape(checkExpertsEm)
          .dependsOnStart()
          .memoryUse({3, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts)
          .rescaledBy(rescaleMixture)
          .outputsBy(expertOutputs)
          .weighted(),
      Method("experts-oracle", "the experts (or classifying experts) fitted on the true partition of the samples",
             oracleOptions(), gated<runExpertsOracle>)
          .checkShape(checkExperts)
          .memoryUse({3, 2, 0})
          .denseOnly()
          .ofKind(ModelKind::Experts)
          .outputsBy(expertOutputs)
          .weighted(),
  };
}

}  // namespace supclust
