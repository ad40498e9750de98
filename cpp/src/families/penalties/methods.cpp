// Feature grouping by penalties (DFG paper, Han & Zhang): the pairwise penalties
// that pull coefficients together instead of constraining them to Q values. Each takes an
// optional feature graph (option `graph`); without it the sums run over all pairs.
#include <cmath>
#include <optional>

#include "supclust/base/format.hpp"
#include "supclust/base/random.hpp"
#include "supclust/families/penalties/adaptive_triple_terms.hpp"
#include "supclust/families/penalties/clique_fusion_penalty.hpp"
#include "supclust/families/penalties/edge_terms.hpp"
#include "supclust/families/penalties/magnitude_fusion.hpp"
#include "supclust/families/penalties/neighbour_max_terms.hpp"
#include "supclust/core/tilted_penalty.hpp"
#include "supclust/families/penalties/methods.hpp"

#include "supclust/methods/data_scale.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/methods/penalty_factors.hpp"
#include "supclust/methods/multi_start.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/dc_programming.hpp"
#include "supclust/solvers/owl_coordinate_descent.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/families/penalties/fusion_admm.hpp"

namespace supclust {

namespace {
// The options of the family's methods (each declares the fields it reads).
struct PenaltiesOptions : LossField, RidgeField, ConvexSolverFields, SeedField, PenaltyFactorField {
  double lambda1 = 0, lambda2 = 0, lambda3 = 0, tau = 0, gamma = 0, weightFloor = 0, dcTolerance = 0;
  int dcIterations = 0, starts = 0;
  std::optional<Labels> graph;
  std::string solver;
};
using S = Schema<PenaltiesOptions>;
using P = PenaltiesOptions;
}  // namespace

namespace {

std::optional<FeatureGraph> graphOf(const FitContext& c, const PenaltiesOptions& opt) {
  if (!opt.graph.has_value()) return std::nullopt;
  return FeatureGraph::fromPairs(static_cast<std::size_t>(c.X.cols()), *opt.graph);
}

// min F + Σ a_i|s_i w_i| + P(Aw) − ⟨C, w⟩ by families/penalties/fusion_admm, one output.
Result fusionFit(const FitContext& c, const PenaltiesOptions& opt, const Vector& l1, FusionTerms& terms,
                 const Vector& tilt, Matrix W0, RowVector b0, const Vector& l1Scale = Vector()) {
  const Objective F = objectiveOf(c, opt.lambda);
  return withDistinctRows(fusionAdmm({F, l1, terms, tilt, l1Scale}, std::move(W0), std::move(b0),
                                     {opt.maxIterations, opt.tolerance}, c.control));
}

Vector constant(const FitContext& c, double value) { return Vector::Constant(c.X.cols(), value); }

// The ℓ1 weights λ1 · pf_j (penalty_factors.hpp), λ1 each without factors.
Vector l1Weights(const FitContext& c, const PenaltiesOptions& opt) {
  const std::optional<Vector> pf = penaltyFactors(opt);
  return pf ? Vector(opt.lambda1 * *pf) : constant(c, opt.lambda1);
}

// weight · Σ_E 2max(|w_i|, |w_j|) as rows: 2max(|a|, |b|) = |a + b| + |a − b|.
EdgeTerms pairMaxRows(const FeatureGraph& graph, double weight) {
  EdgeTerms edges;
  for (const auto& [i, j] : graph.edges) {
    edges.add(i, j, 1, weight);
    edges.add(i, j, -1, weight);
  }
  return edges;
}

// ncFGS and ncTFGS by DC programming: the convex part g = sλ1‖w‖₁ + 2sλ2 Σ_E max(|w_i|, |w_j|)
// tilted by ∇h (families/penalties/magnitude_fusion). All pairs: g is OSCAR's OWL norm, solved by the OWL
// prox (ADMM or FISTA, any loss); on a graph, by fusion ADMM with the rows w_i ± w_j
// (2max(|a|, |b|) = |a + b| + |a − b|).
// With penalty factors g's ℓ1 term is weighted: no longer OWL, all pairs go to fusion ADMM.
Result magnitudeFusionSearch(const FitContext& c, const PenaltiesOptions& opt, double threshold, Matrix W0,
                             RowVector b0) {
  const auto d = static_cast<std::size_t>(c.X.cols());
  const std::optional<Vector> pf = penaltyFactors(opt);
  const auto graph = pf && !opt.graph ? std::optional<FeatureGraph>(FeatureGraph::completeOn(d)) : graphOf(c, opt);
  MagnitudeFusion P{opt.lambda1, opt.lambda2, threshold, opt.graph ? &*graph : nullptr, pf ? &*pf : nullptr};
  const double l1 = P.scale() * P.lambda1, pair = P.scale() * P.lambda2;
  const Objective F = objectiveOf(c, opt.lambda);
  const OwlPenalty clique(oscarWeights(d, l1, 2 * pair));
  EdgeTerms edges = graph ? pairMaxRows(*graph, pair) : EdgeTerms();
  const Vector l1Terms = P.scale() * l1Weights(c, opt);
  DcProblem problem;
  // h's subgradient at a zero coefficient: the middle (0), or, when the steps end at w = 0 (a
  // fixed point of that choice even where w = c·1 is far better), again from there on the side
  // the loss descends (−∇F), the lower objective kept.
  bool descentSide = false;
  problem.concaveGradient = [&](const Result& at) -> Matrix {
    Matrix gW;
    RowVector gb;
    if (descentSide) F.gradient(at.coef, at.intercept, gW, gb);
    Matrix G(at.coef.rows(), at.coef.cols());
    for (Eigen::Index k = 0; k < at.coef.cols(); ++k)
      G.col(k) = P.concaveGradient(at.coef.col(k), descentSide ? Vector(-gW.col(k)) : Vector());
    return G;
  };
  problem.solveTilted = [&](const Matrix& C, const Result& from) {
    if (!graph) return penalisedFit(c, TiltedPenalty(clique, C), opt.lambda, opt, from.coef, from.intercept);
    return fusionFit(c, opt, l1Terms, edges, C.col(0), from.coef, from.intercept);
  };
  problem.objective = [&](const Result& r) {
    double penalty = 0;
    for (Eigen::Index k = 0; k < r.coef.cols(); ++k) penalty += P.value(r.coef.col(k));
    return F.value(r.coef, r.intercept) + penalty;
  };
  Result start;
  start.coef = std::move(W0);
  start.intercept = std::move(b0);
  const DcOptions dc{opt.dcIterations, opt.dcTolerance};
  // A start no step improved is returned as it came: its groups are its equal coefficients.
  const auto grouped = [](Result r) {
    return r.groups.empty() && r.status != Status::Aborted ? withDistinctRows(std::move(r)) : r;
  };
  Result r = dcProgramming(problem, start, dc, c.control);
  if (r.status == Status::Aborted || !r.coef.isZero(0)) return grouped(std::move(r));
  descentSide = true;
  Result escaped = dcProgramming(problem, r, dc, c.control);
  if (escaped.status == Status::Aborted || escaped.objective < r.objective) {
    escaped.iterations += r.iterations;
    return grouped(std::move(escaped));
  }
  return grouped(std::move(r));
}

// ncFGS and ncTFGS from their starts (ours; the paper runs one, from w = 0): start 0 is the
// method's own (w = 0), then in turn the ridge fit at 1e-2 times the mean feature variance, that
// fit halved (between it and 0), and that fit perturbed by N(0, (rms/2)²) per coefficient (by
// seed; the next perturbation, and so on, beyond four starts); the lowest objective is kept, so
// the default never ends above the paper's start. A warm start is one start.
Result magnitudeFusionFit(const FitContext& c, const PenaltiesOptions& opt, double threshold) {
  if (opt.starts < 2 || c.warm) return magnitudeFusionSearch(c, opt, threshold, startCoef(c), startIntercept(c));
  const double variance = meanColumnVariance(c);
  const Result ridge = smoothFit(c, 1e-2 * (variance > 0 ? variance : 1), smoothDefaults());
  if (ridge.status == Status::Aborted) return ridge;
  return bestOfStarts(c, opt.starts, [&](const FitContext& at, int k) {
    if (k == 0) return magnitudeFusionSearch(at, opt, threshold, startCoef(at), startIntercept(at));
    Matrix W = k == 2 ? Matrix(ridge.coef / 2) : ridge.coef;
    if (k >= 3) {
      const double rms = std::sqrt(W.squaredNorm() / static_cast<double>(std::max<Eigen::Index>(1, W.size())));
      Random rng(opt.seed * 0x9E3779B97F4A7C15ull + 211 + static_cast<std::uint64_t>(k));
      for (Eigen::Index i = 0; i < W.size(); ++i) W.data()[i] += 0.5 * rms * rng.normal();
    }
    return magnitudeFusionSearch(at, opt, threshold, std::move(W), ridge.intercept);
  });
}

// ADFG's initial estimate β̂: least squares when n > d, else ridge at 1e-3 × the mean column
// variance (the paper takes OLS; n ≤ d has none); logistic: that ridge always (a separable
// sample has no unpenalised fit).
Vector initialEstimate(const FitContext& c, const PenaltiesOptions& opt) {
  const double n = static_cast<double>(c.X.rows()), d = static_cast<double>(c.X.cols());
  const bool ols = c.loss.squared() && n > d;
  const FitContext initial{c.X, c.loss, c.T, c.options, c.control, nullptr};
  return smoothFit(initial, ols ? 0.0 : 1e-3 * meanColumnVariance(c), {opt.maxIterations, opt.tolerance}).coef.col(0);
}

// ncTFGS: J_τ is scale-free once τ follows w (τ' = τ s_x / s_y), so λ1' = λ1 / s_y², λ2' = λ2 / s_y²;
// the ridge weight by its degree.
Refusal rescaleTruncated(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s) {
  for (const OptionSpec& o : specs) {
    if (o.name == "lambda1" || o.name == "lambda2") {
      if (Refusal why = rescaleOption(o, options, 0, s); !why.empty()) return why;
    } else if (o.name == "tau") {
      const double tau = std::ldexp(options.number("tau"), exponentOf(s.x) - exponentOf(s.y));
      if (!std::isnormal(tau)) return outOfRange("tau", tau);
      options.set("tau", tau);
    } else if (o.degree != 0) {
      if (Refusal why = rescaleOption(o, options, o.degree, s); !why.empty()) return why;
    }
  }
  return {};
}

// ADFG: the weights |β̂_j − β̂_k|^(−γ) scale as (s_x / s_y)^γ, so its penalty has degree 1 − γ:
// λ' = λ s_x^(γ − 1) s_y^(−1 − γ); the ridge weight by its degree.
Refusal rescaleAdaptive(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s) {
  const double gamma = options.number("gamma");
  const double factor = std::exp2((gamma - 1) * exponentOf(s.x) - (1 + gamma) * exponentOf(s.y));
  for (const OptionSpec& o : specs) {
    if (o.name == "lambda1" || o.name == "lambda2" || o.name == "lambda3") {
      const double value = options.number(o.name), v = value * factor;
      if (!std::isfinite(v) || (value != 0 && !std::isnormal(v))) return outOfRange(o.name, v);
      options.set(o.name, v);
    } else if (o.degree != 0) {
      if (Refusal why = rescaleOption(o, options, o.degree, s); !why.empty()) return why;
    }
  }
  return {};
}
}  // namespace

// GFLasso: min F(w) + λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j| (+ λ/2‖w‖²), with the exact O(d log d)
// prox of the clique fusion penalty (DFG paper §2, the "graph fused lasso" on the complete graph);
// on a graph, λ2 Σ_{(i,j) ∈ E} |w_i − w_j| by fusion ADMM.
// With penalty factors on λ1 the clique's prox is no longer the composition with soft
// thresholding: all pairs then go to fusion ADMM too (the complete graph's system is factorised
// as a ridge's, fusion_admm.hpp).
Result runGflasso(const FitContext& c, const PenaltiesOptions& opt) {
  const double lambda1 = opt.lambda1, lambda2 = opt.lambda2;
  const auto graph = graphOf(c, opt);
  if (!graph && !opt.penaltyFactor) return penalisedFit(c, CliqueFusionPenalty(lambda1, lambda2), opt.lambda, opt);
  const FeatureGraph pairs = graph ? *graph : FeatureGraph::completeOn(static_cast<std::size_t>(c.X.cols()));
  EdgeTerms edges;
  for (const auto& [i, j] : pairs.edges) edges.add(i, j, -1, lambda2);
  return fusionFit(c, opt, l1Weights(c, opt), edges, Vector(), startCoef(c), startIntercept(c));
}

// GOSCAR: λ1‖w‖₁ + λ2 Σ_{(i,j) ∈ E} max(|w_i|, |w_j|), by fusion ADMM on the rows w_i ± w_j with
// weight λ2/2 each (max(|a|, |b|) = (|a + b| + |a − b|)/2).
Result runGraphOscar(const FitContext& c, const PenaltiesOptions& opt) {
  EdgeTerms edges = pairMaxRows(*graphOf(c, opt), opt.lambda2 / 2);
  return fusionFit(c, opt, l1Weights(c, opt), edges, Vector(), startCoef(c), startIntercept(c));
}

// ncFGS: λ1‖w‖₁ + λ2 Σ_{i<j} ||w_i| − |w_j|| (DFG paper eq. (3)).
Result runNcfgs(const FitContext& c, const PenaltiesOptions& opt) { return magnitudeFusionFit(c, opt, HUGE_VAL); }

// ncTFGS: λ1 Σ J_τ(|w_i|) + λ2 Σ_{i<j} J_τ(||w_i| − |w_j||), J_τ(x) = min(x/τ, 1) (eq. (4)).
Result runNctfgs(const FitContext& c, const PenaltiesOptions& opt) { return magnitudeFusionFit(c, opt, opt.tau); }

// DFG: min F(w) + λ1‖w‖₁ + λ2 Σ_i Σ_{j<k; j,k ∈ N(i)} max(|w_i − w_j|, |w_i − w_k|) (+ λ/2‖w‖²)
// (DFG paper eq. (5)): fusion ADMM over the blocks D_i w, one OWL prox each, O(d²) memory.
Result runDfg(const FitContext& c, const PenaltiesOptions& opt) {
  const auto d = static_cast<std::size_t>(c.X.cols());
  const FeatureGraph graph = graphOf(c, opt).value_or(FeatureGraph::completeOn(d));
  NeighbourMaxTerms terms(graph, opt.lambda2);
  return fusionFit(c, opt, l1Weights(c, opt), terms, Vector(), startCoef(c), startIntercept(c));
}

// ADFG (DFG paper eq. (6)): λ1 Σ w_i|β_i| + λ2 Σ_E w_jk|β_j − β_k| +
// λ3 Σ_i Σ_{j<k ∈ N(i)} w_ijk|β_i − α_ijk β_j − (1 − α_ijk)β_k|, w_jk = |β̂_j − β̂_k|^(−γ),
// w_i = |β̂_i|^(−γ). Differences below weightFloor · max|β̂| count as that floor (the cap on the
// weights; its default 1e-2 keeps them within 100× of 1/max|β̂|: ADMM then takes fewer steps
// than at 1e-4, with the same E5 tables).
Result runAdfg(const FitContext& c, const PenaltiesOptions& opt) {
  const auto d = static_cast<std::size_t>(c.X.cols());
  const FeatureGraph graph = graphOf(c, opt).value_or(FeatureGraph::completeOn(d));
  const double gamma = opt.gamma;
  const Vector estimate = initialEstimate(c, opt);
  const double largest = estimate.cwiseAbs().maxCoeff();
  const double floor = largest > 0 ? opt.weightFloor * largest : 1;  // β̂ = 0 (constant y): all weights 1
  const auto weight = [&](double difference) { return std::pow(std::max(std::abs(difference), floor), -gamma); };
  Matrix pairWeights(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(d));
  for (Eigen::Index j = 0; j < pairWeights.rows(); ++j)
    for (Eigen::Index k = 0; k < pairWeights.cols(); ++k) pairWeights(j, k) = weight(estimate[j] - estimate[k]);
  auto pairs = std::make_unique<EdgeTerms>();
  for (const auto& [j, k] : graph.edges)
    pairs->add(j, k, -1, opt.lambda2, pairWeights(static_cast<Eigen::Index>(j), static_cast<Eigen::Index>(k)));
  CombinedTerms terms;
  terms.add(std::move(pairs));
  terms.add(std::make_unique<AdaptiveTripleTerms>(graph, pairWeights, opt.lambda3));
  return fusionFit(c, opt, l1Weights(c, opt), terms, Vector(), startCoef(c), startIntercept(c),
                   estimate.unaryExpr(weight));
}

}  // namespace supclust

namespace supclust {

// A graph (and penalty factors, solved on a graph: fusion ADMM) needs one output.
Refusal checkGraph(const PenaltiesOptions& opt, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  if (Refusal why = checkPenaltyFactor(opt, d); !why.empty()) return why;
  if (opt.penaltyFactor && K != 1)
    return Refusal("penaltyFactor", "needs one output (loss 'squared' or 'logistic'; got " + std::to_string(K) +
                                        " outputs): fusion ADMM solves it");
  if (!opt.graph.has_value()) return {};
  if (K != 1)
    return Refusal("graph", "option 'graph' needs one output (loss 'squared' or 'logistic'; got " + std::to_string(K) +
                                " outputs)");
  return checkEdges("graph", *opt.graph, static_cast<std::size_t>(d));
}

// OSCAR's solver: cd and admm solve the squared loss; a graph's sum is fusion ADMM's alone.
Refusal checkOscar(const PenaltiesOptions& opt, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (opt.solver != "auto" && opt.graph.has_value())
    return Refusal(
        "solver",
        "option 'solver' of method 'oscar' chooses among the solvers without a graph; with option 'graph' the sum over "
        "its edges is solved by fusion ADMM (leave solver at 'auto')");
  if ((opt.solver == "cd" || opt.solver == "admm") && opt.loss != "squared")
    return Refusal("solver", "solver '" + opt.solver + "' of method 'oscar' needs the squared loss (got '" + opt.loss +
                                 "'); fista takes any loss");
  return checkGraph(opt, n, d, K);
}

Refusal checkNctfgs(const PenaltiesOptions& opt, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  const double tau = opt.tau;
  for (const auto& [name, value] : {std::pair{"lambda1", opt.lambda1}, std::pair{"lambda2", opt.lambda2}})
    if (!std::isfinite(value / tau))
      return Refusal("tau", std::string("option 'tau' of method 'nctfgs': ") + name +
                                "/τ, the weight its penalty uses (J_τ(x) = min(x/τ, 1)), is beyond the double range; "
                                "raise tau or lower " +
                                name);
  return checkGraph(opt, n, d, K);
}

// ADFG's weights span (2/f)^γ (differences from f · max|β̂| to 2 max|β̂|); beyond 1e12, fusion
// ADMM's linear system (ρ(I + AᵀA) with the weights in A) loses the small ones to round-off and
// stops at its iteration limit or fails to factorise, so such a pair is refused, naming weightFloor
// when the floor alone spans that much (2 / weightFloor > 1e12), else gamma.
Refusal checkAdfg(const PenaltiesOptions& opt, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  const double spread = std::pow(2 / opt.weightFloor, opt.gamma);
  if (!(spread <= 1e12))
    return Refusal(
        2 / opt.weightFloor > 1e12 ? "weightFloor" : "gamma",
        "the adaptive weights of method 'adfg' would span (2 / weightFloor)^gamma = " + formatNumber(spread) +
            ", beyond the 1e12 that ADMM's linear system resolves in double precision; lower gamma or raise "
            "weightFloor");
  return checkGraph(opt, n, d, K);
}

namespace {
// Edges of the graph (all pairs without one) and the rows DFG/ADFG generate from them.
double edgeCount(const PenaltiesOptions& opt, double d) {
  return opt.graph.has_value() ? static_cast<double>(opt.graph->size() / 2) : d * (d - 1) / 2;
}
// The dense d × d matrices of fusion ADMM's β-step when AᵀA has no clique form: AᵀA, the system, its factor.
double denseSystem(const PenaltiesOptions& opt, double d) { return opt.graph.has_value() ? 3 * 8 * d * d : 0; }
}  // namespace

double edgeBytes(const PenaltiesOptions& opt, double d) {
  if (!opt.graph.has_value() && !opt.penaltyFactor) return 0;  // penalty factors: all pairs by fusion ADMM
  // At most two rows per edge (ncFGS, ncTFGS: w_i ± w_j), each (i, j, sign, weight), and ADMM's state.
  const double rows = 2 * edgeCount(opt, d);
  return rows * 24 + fusionAdmmStateBytes(rows) + denseSystem(opt, d);
}

double dfgBytes(const PenaltiesOptions& opt, double d) {
  // Each edge is a row of two blocks: ADMM's state, its block's OWL prox state (5 doubles) and
  // the order its penalty value re-sorts from (12 bytes).
  const double rows = 2 * edgeCount(opt, d);
  return rows * (5 * 8 + 12) + fusionAdmmStateBytes(rows) + denseSystem(opt, d);
}

double adfgBytes(const PenaltiesOptions& opt, double d) {
  // T3 in blocks as DFG's (each edge a row of two blocks: ADMM's state and the pair-sum prox's
  // state, 7 doubles and 2 orders), T2 one row per edge ((i, j, sign, weight) and ADMM's state);
  // the pair weights and the three dense d × d matrices of the β-step.
  const double edges = edgeCount(opt, d), blockRows = 2 * edges;
  return blockRows * (7 * 8 + 8) + edges * 24 + fusionAdmmStateBytes(blockRows + edges) + 4 * 8 * d * d;
}

Result runOscar(const FitContext& c, const PenaltiesOptions& opt) {
  if (opt.graph.has_value()) return runGraphOscar(c, opt);
  std::vector<double> w = oscarWeights(static_cast<std::size_t>(c.X.cols()), opt.lambda1, opt.lambda2);
  const Objective F = objectiveOf(c, opt.lambda);
  std::string solver = opt.solver;
  // cd and ADMM read the squared loss through equal rows (its Gram matrix, the columns' norms).
  if ((solver == "cd" || solver == "admm") && c.loss.weighted())
    return Result::invalid(Refusal(
        "solver",
        "solver '" + solver + "' of method 'oscar' takes no observation weights (fista does; leave solver at 'auto')"));
  if (solver == "auto") solver = c.loss.closedForm() ? "cd" : "fista";
  if (solver == "cd") {
    OwlDescentOptions o{opt.maxIterations, opt.tolerance};
    // auto: once the answer has more non-zeros than half of min(n, d) — X on them nearly square,
    // where coordinate descent crawls — the working set's problem goes to ADMM or FISTA on its
    // columns (measured, docs/architecture.md, OSCAR's solvers).
    if (opt.solver == "auto") o.denseAbove = static_cast<std::size_t>(std::min(c.X.rows(), c.X.cols()) / 2);
    return withDistinctRows(owlCoordinateDescent(F, w, startCoef(c), o, c.control));
  }
  const OwlPenalty P(std::move(w));
  if (solver == "admm")
    return withDistinctRows(admm(F, P, startCoef(c), {opt.maxIterations, opt.tolerance}, c.control));
  return withDistinctRows(proximalGradient(F, P, startCoef(c), startIntercept(c), proximalOptions(opt), c.control));
}

namespace {
S& weights(S& s, const char* lambda1, const char* lambda2) {
  return s.number("lambda1", &P::lambda1, lambda1, 0, 0)
      .degree(1)
      .number("lambda2", &P::lambda2, lambda2, 0, 0)
      .degree(1);
}
// `penaltyFactor` on λ1 for the methods whose default solver without a graph needs equal ℓ1
// weights (the clique prox, OSCAR's sorted weights).
S& allPairsFactorField(S& s) {
  return penaltyFactorField(s, "λ1", "; without a graph all pairs then go to fusion ADMM (one output)");
}
S& graphField(S& s) {
  return s.edges("graph", &P::graph,
                 "a feature graph: the pairwise sums run over these edges [i, j] only (default: all pairs)");
}
// DC programming's outer loop (ncFGS, ncTFGS): dcIterations, dcTolerance.
S& dcFields(S& s) {
  const DcOptions defaults;
  s.integer("dcIterations", &P::dcIterations, "DC programming steps (convex subproblems) at most",
            defaults.maxIterations, 1)
      .number("dcTolerance", &P::dcTolerance, "stop when the objective falls by less than this × max(1, |f|)",
              defaults.tolerance, 0)
      .integer("starts", &P::starts,
               "DC programming from this many starts: w = 0 (the paper's), the ridge fit at 1e-2 times the mean "
               "feature variance, that fit halved, then that fit perturbed by N(0, (rms/2)²) per coefficient (by "
               "seed); the lowest objective is kept, never above the first start's (0 or 1: that start alone)",
               4, 0);
  return seedField(s, "seed of the perturbed starts");
}
// Fusion ADMM's limits, with the given tolerance.
S& fusionAdmmFields(S& s, double tolerance) {
  return s.integer("maxIterations", &P::maxIterations, "ADMM iteration limit", AdmmOptions().maxIterations, 1)
      .number("tolerance", &P::tolerance,
              "optimality residual (stationarity relative to ‖∇F(0)‖∞, split residual relative to the split's largest "
              "entry) to stop at",
              tolerance, 0, true);
}
// The tops of the paths along (λ1, λ2[, λ3]): OSCAR's without a graph is exact, the dual norm of
// its OWL weights on the ray at G (each output's column); with a graph, and for the fusion
// penalties, ‖G‖∞/λ1 is a bound (the pairwise terms can hold w = 0 below it); the truncated and
// adaptive ℓ1 terms make it a scale (w = 0 is then a local answer at most).
PathTop oscarTop(const P& opt, const PathData& data) {
  if (opt.graph.has_value()) return pathL1Top(data, TopKind::Bound);
  const std::vector<double> w = oscarWeights(static_cast<std::size_t>(data.G.rows()), data.ray[0], data.ray[1]);
  if (w.empty() || !(w[0] > 0)) return {};
  double top = 0;
  for (Eigen::Index k = 0; k < data.G.cols(); ++k)
    top = std::max(top, owlDualNorm(data.G.col(k).data(), w.size(), w.data()));
  return {top, TopKind::Exact};
}
PathTop fusionTop(const P& opt, const PathData& data) { return factorTop(penaltyFactors(opt), data, TopKind::Bound); }
PathTop truncatedTop(const P& opt, const PathData& data) {
  PathTop t = factorTop(penaltyFactors(opt), data, TopKind::Scale);
  t.value *= opt.tau;  // J_τ(|w|) = |w|/τ near 0
  return t;
}
PathTop adaptiveTop(const P& opt, const PathData& data) { return factorTop(penaltyFactors(opt), data, TopKind::Scale); }

S oscarOptions() {
  S s("method");
  convexSolverFields(graphField(weights(softmaxLossAndRidge(s), "ℓ1 weight λ1", "pairwise max weight λ2")), 20000)
      .suggest("lambda2", 1e-3, 1);
  return s.choice(
      "solver", &P::solver,
      "auto: for the squared loss, coordinate descent over clusters on a working set, the set's problem going to ADMM "
      "(min(n, set) ≤ 500) or FISTA on its columns once the answer has more non-zeros than min(n, d)/2; FISTA for "
      "other losses and observation weights. cd: coordinate descent alone; admm, fista: on all d features. cd and admm "
      "need the squared loss without weights; fista takes any loss (without a graph)",
      {"auto", "cd", "admm", "fista"});
}
S gflassoOptions() {
  S s("method");
  return allPairsFactorField(
             convexSolverFields(
                 graphField(weights(softmaxLossAndRidge(s), "ℓ1 weight λ1", "pairwise fusion weight λ2")), 20000))
      .suggest("lambda2", 1e-3, 1);
}
S ncfgsOptions() {
  S s("method");
  return allPairsFactorField(convexSolverFields(dcFields(graphField(weights(softmaxLossAndRidge(s), "ℓ1 weight λ1",
                                                                            "pairwise weight λ2 on ||w_i| − |w_j||"))),
                                                20000))
      .suggest("lambda2", 1e-3, 1);
}
S nctfgsOptions() {
  S s("method");
  weights(softmaxLossAndRidge(s), "weight λ1 of the truncated ℓ1 term", "weight λ2 of the truncated pairwise term")
      .number("tau", &P::tau, "truncation τ > 0: J_τ(x) = min(x/τ, 1)", 1, 0, true);
  return allPairsFactorField(convexSolverFields(dcFields(graphField(s)), 20000)).suggest("lambda2", 1e-2, 1);
}
S dfgOptions() {
  S s("method");
  return penaltyFactorField(fusionAdmmFields(graphField(weights(ridgeField(binaryLoss(s)), "ℓ1 weight λ1",
                                                                "weight λ2 of the triple max term")),
                                             1e-8),
                            "λ1")
      .suggest("lambda2", 5e-4, 2);
}
S adfgOptions() {
  S s("method");
  weights(ridgeField(binaryLoss(s)), "adaptive ℓ1 weight λ1", "weight λ2 of the adaptive pairwise term")
      .number("lambda3", &P::lambda3, "weight λ3 of the adaptive triple term", 0, 0)
      .degree(1)
      .number("gamma", &P::gamma, "γ ≥ 0: the weights are |β̂_j − β̂_k|^(−γ) (0: all 1)", 1, 0)
      .number("weightFloor", &P::weightFloor,
              "0 < f ≤ 1: |β̂_i| and |β̂_j − β̂_k| below f · max|β̂| count as f · max|β̂| (the weights' cap)", 1e-2, 0, true,
              1);
  return penaltyFactorField(fusionAdmmFields(graphField(s), 1e-6), "λ1")
      .suggest("lambda2", 1e-3, 1)
      .suggest("lambda3", 1e-3, 2);
}
}  // namespace

std::vector<Method> penaltiesMethods() {
  return {
      Method("oscar",
             "OSCAR: λ1‖w‖₁ + λ2 Σ_{i<j} max(|w_i|, |w_j|), by coordinate descent over clusters on a screened working "
             "set (squared loss), ADMM or FISTA with the O(d log d) OWL prox; on a graph (GOSCAR), the sum over its "
             "edges by fusion ADMM",
             oscarOptions(), runOscar)
          .checkShape(checkOscar)
          .structureBytesBy(edgeBytes)
          .pathAlong({"lambda1", "lambda2"}, oscarTop)
          .relaxes()
          .weighted(),
      Method("gflasso",
             "GFLasso: λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j| (DFG paper), by ADMM (squared loss) or FISTA with the exact O(d "
             "log d) clique-fusion prox; on a graph, the sum over its edges by fusion ADMM",
             gflassoOptions(), runGflasso)
          .checkShape(checkGraph)
          .structureBytesBy(edgeBytes)
          .pathAlong({"lambda1", "lambda2"}, fusionTop)
          .relaxes()
          .weighted(),
      Method("ncfgs",
             "ncFGS: λ1‖w‖₁ + λ2 Σ_{i<j} ||w_i| − |w_j|| (DFG paper), non-convex: DC programming over OSCAR-type "
             "subproblems",
             ncfgsOptions(), runNcfgs)
          .checkShape(checkGraph)
          .dependsOnStart()
          .structureBytesBy(edgeBytes)
          .pathAlong({"lambda1", "lambda2"}, fusionTop)
          .relaxes()
          .weighted(),
      Method("nctfgs",
             "ncTFGS: λ1 Σ J_τ(|w_i|) + λ2 Σ_{i<j} J_τ(||w_i| − |w_j||), J_τ(x) = min(x/τ, 1) (DFG paper), non-convex: "
             "DC programming over OSCAR-type subproblems",
             nctfgsOptions(), runNctfgs)
          .checkShape(checkNctfgs)
          .dependsOnStart()
          .rescaledBy(rescaleTruncated)
          .structureBytesBy(edgeBytes)
          .pathAlong({"lambda1", "lambda2"}, truncatedTop)
          .relaxes()
          .weighted(),
      Method("dfg",
             "DFG: λ1‖w‖₁ + λ2 Σ_i Σ_{j<k} max(|w_i − w_j|, |w_i − w_k|) (DFG paper): ADMM over the blocks D_i w, one "
             "OWL prox each, O(d²) memory",
             dfgOptions(), runDfg)
          .checkShape(checkGraph)
          .structureBytesBy(dfgBytes)
          .pathAlong({"lambda1", "lambda2"}, fusionTop)
          .relaxes()
          .weighted(),
      Method("adfg",
             "ADFG: adaptive DFG, λ1 Σ w_i|w_i| + λ2 Σ_{j<k} w_jk|w_j − w_k| + λ3 Σ_i Σ_{j<k} w_ijk|w_i − α w_j − (1 − "
             "α) w_k| with weights |β̂_j − β̂_k|^(−γ) from least squares (DFG paper): ADMM over d blocks of pair sums "
             "|x_j + x_k|, each with an exact prox",
             adfgOptions(), runAdfg)
          .checkShape(checkAdfg)
          .rescaledBy(rescaleAdaptive)
          .structureBytesBy(adfgBytes)
          .pathAlong({"lambda1", "lambda2", "lambda3"}, adaptiveTop)
          .relaxes()
          .weighted(),
  };
}

}  // namespace supclust
