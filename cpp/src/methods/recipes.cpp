#include "supclust/methods/recipes.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "supclust/core/objective.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/data/random.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/conditional_gradient.hpp"
#include "supclust/solvers/coordinate_descent.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/proximal_newton.hpp"
#include "supclust/solvers/trust_region_newton.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

std::string noShapeCheck(const Options&, Eigen::Index, Eigen::Index, Eigen::Index) { return ""; }

// ---- shared steps of the recipes ----
StepBacktracking stepBacktrackingOf(const Options& o) { return {o.number("stepGrowth"), o.number("stepShrink")}; }

Objective objectiveOf(const FitContext& c, double ridge) { return Objective(c.X, c.T, c.loss, ridge); }

static ProximalGradientOptions proximalOptions(const Options& o) {
  return {o.integer("maxIterations"), o.number("tolerance")};
}

Matrix startCoef(const FitContext& c) { return c.warm ? c.warm->coef : Matrix::Zero(c.X.cols(), c.T.cols()); }
RowVector startIntercept(const FitContext& c) { return c.warm ? c.warm->intercept : RowVector(c.T.colwise().mean()); }

// Fits the smooth objective (loss + ridge) with nothing else: closed form for the squared loss,
// trust-region Newton (TRON) for the logistic losses.
Result smoothFit(const FitContext& c, double ridge, const TrustRegionOptions& opt) {
  if (c.loss.squared()) {
    const Objective F = objectiveOf(c, ridge);
    Result r;
    r.coef = sharedRidgeCoefficients(c.X, c.T, ridge);  // LS, LSK and IHC's start share fits
    r.intercept = c.T.colwise().mean();
    r.objective = F.value(r.coef, r.intercept);
    r.history = {r.objective};
    return r;
  }
  const Objective F = objectiveOf(c, ridge);
  return trustRegionNewton(F, startCoef(c), startIntercept(c), opt, c.control);
}

TrustRegionOptions smoothDefaults() { return {20000, 1e-10}; }

static void attachPartition(Result& r, Partition p) {
  r.groups = std::move(p.labels);
  r.centroids = std::move(p.centroids);
}

Result withDistinctRows(Result r) {
  attachPartition(r, partitionOfDistinctRows(r.coef));
  return r;
}

static std::unique_ptr<Structure> groupStructure(const FitContext& c) {
  return makeGroupStructure(c.options.integer("Q"), c.T.cols(), c.options.integer("restarts"),
                            c.options.seed());
}

// Ridge, then the projection of its coefficients onto Q values (LSK).
static Result ridgeThenProject(const FitContext& c) {
  Result r = smoothFit(c, c.options.number("lambda"), smoothDefaults());
  Partition p;
  groupStructure(c)->project(r.coef, p);
  attachPartition(r, std::move(p));
  r.objective = objectiveOf(c, c.options.number("lambda")).value(r.coef, r.intercept);
  r.history = {r.objective};
  return r;
}

// The best values given a partition: W = Z V with V fitted by the loss and ridge λ/2‖ZV‖².
// Squared loss: closed form. Otherwise the design Xc Z D^{-1/2} (D = group sizes) turns the
// weighted ridge into a plain one.
static Result refitOnPartition(const FitContext& c, Partition p) {
  const int G = static_cast<int>(p.centroids.rows());
  const double lambda = c.options.number("lambda");
  Result r;
  if (c.loss.squared()) {
    p.centroids = groupValues(c.X, c.T, p.labels, G, lambda);
    r.intercept = c.T.colwise().mean();
  } else {
    RowMatrix A = c.X.groupSums(p.labels, G);
    Vector sizes = Vector::Zero(G);
    for (std::int32_t g : p.labels) sizes[g] += 1;
    for (int g = 0; g < G; ++g) A.col(g) /= std::sqrt(sizes[g]);
    const CenteredDesign reduced(A);
    const Objective F(reduced, c.T, c.loss, lambda);
    Result inner = trustRegionNewton(F, Matrix::Zero(G, c.T.cols()), RowVector(c.T.colwise().mean()),
                                     smoothDefaults(), c.control);
    for (int g = 0; g < G; ++g) inner.coef.row(g) /= std::sqrt(sizes[g]);
    p.centroids = inner.coef;
    r.intercept = inner.intercept;
    r.status = inner.status;
    r.iterations = inner.iterations;
  }
  r.coef.resize(c.X.cols(), c.T.cols());
  for (Eigen::Index j = 0; j < r.coef.rows(); ++j) r.coef.row(j) = p.centroids.row(p.labels[static_cast<std::size_t>(j)]);
  r.objective = objectiveOf(c, lambda).value(r.coef, r.intercept);
  r.history = {r.objective};
  attachPartition(r, std::move(p));
  return r;
}

static Result projectedGradientFrom(const FitContext& c, Structure& S, Matrix W0, RowVector b0) {
  ProjectedGradientOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.step = stepBacktrackingOf(c.options);
  return projectedGradient(objectiveOf(c, c.options.number("lambda")), S, std::move(W0), std::move(b0), o,
                           c.control);
}

// Projected gradient started from the smooth fit ("lsk"/"ridge": projected by the solver) or 0.
static Result projectedGradientWithInit(const FitContext& c, Structure& S) {
  if (c.warm) return projectedGradientFrom(c, S, c.warm->coef, c.warm->intercept);
  if (c.options.choice("init") == "zero")
    return projectedGradientFrom(c, S, Matrix::Zero(c.X.cols(), c.T.cols()), RowVector::Zero(c.T.cols()));
  Result start = smoothFit(c, c.options.number("lambda"), smoothDefaults());
  return projectedGradientFrom(c, S, std::move(start.coef), std::move(start.intercept));
}

// ---- the recipes ----
Result runRidge(const FitContext& c) {
  return withDistinctRows(smoothFit(c, c.options.number("lambda"), {c.options.integer("maxIterations"), c.options.number("tolerance")}));
}

Result runLsk(const FitContext& c) {
  Result r = ridgeThenProject(c);
  if (!c.options.flag("refit")) return r;
  Partition p{r.groups, r.centroids};
  return refitOnPartition(c, std::move(p));
}

// Basin hopping around projected gradient (an extension beyond the papers, off by default):
// perturb the best solution so far by N(0, (hopScale · rms(W))²) per coefficient, rerun, and
// keep the result when its objective is lower. Seeded by the option 'seed'.
static Result withHops(const FitContext& c, Structure& S, Result best) {
  const int hops = c.options.integer("hops");
  Random rng(c.options.seed() * 0x9E3779B97F4A7C15ull + 17);
  for (int h = 0; h < hops && best.status != Status::Aborted; ++h) {
    const double rms = std::sqrt(best.coef.squaredNorm() / static_cast<double>(std::max<Eigen::Index>(1, best.coef.size())));
    Matrix W = best.coef;
    for (Eigen::Index i = 0; i < W.size(); ++i) W.data()[i] += c.options.number("hopScale") * rms * rng.normal();
    Result next = projectedGradientFrom(c, S, std::move(W), best.intercept);
    if (next.status == Status::Aborted) return next;
    if (next.objective < best.objective) best = std::move(next);
  }
  return best;
}

Result runIhc(const FitContext& c) {
  const auto S = groupStructure(c);
  const int starts = c.options.integer("starts");
  if (starts < 2 || c.warm || c.options.choice("init") == "zero") return withHops(c, *S, projectedGradientWithInit(c, *S));
  // Ours: IHC (with its hops) from the LSK points of ridge fits at `starts` penalties, log-spaced
  // from 10 down to 1e-6; all minimise the same objective, and the lowest one is kept.
  Result best;
  for (int k = 0; k < starts; ++k) {
    const double ridge = 10 * std::pow(1e-7, k / (starts - 1.0));
    Result start = smoothFit(c, ridge, smoothDefaults());
    Result r = withHops(c, *S, projectedGradientFrom(c, *S, std::move(start.coef), std::move(start.intercept)));
    if (r.status == Status::Aborted) return r;
    if (k == 0 || r.objective < best.objective) best = std::move(r);
  }
  return best;
}

Result runIhcs(const FitContext& c) {
  SparseQValues S(c.options.integer("s"), c.options.integer("Q"));
  return projectedGradientWithInit(c, S);
}

Result runIht(const FitContext& c) {
  TopS S(c.options.integer("s"));
  return projectedGradientWithInit(c, S);
}

Result runOracle(const FitContext& c) {
  // Relabel to 0..G-1 in order of first appearance; the values come from the refit.
  const Labels& given = c.options.labels("groups");
  Partition p;
  std::vector<std::int32_t> map(given.size(), -1);  // labels are < d (checkOracle)
  std::int32_t next = 0;
  for (std::int32_t g : given)
    if (map[g] < 0) map[g] = next++;
  for (std::int32_t g : given) p.labels.push_back(map[g]);
  p.centroids = Matrix::Zero(next, c.T.cols());
  return refitOnPartition(c, std::move(p));
}

// Elastic net λ(α‖w‖₁ + (1−α)/2‖w‖²): coordinate descent for the squared loss with one
// output, proximal Newton (newGLMNET) for the logistic losses, accelerated proximal gradient
// for one-vs-all squared. The lasso is α = 1.
static Result elasticNet(const FitContext& c, double lambda, double alpha) {
  if (c.loss.squared() && c.T.cols() == 1) {
    CoordinateDescentOptions o{c.options.integer("maxIterations"), c.options.number("tolerance")};
    const Vector w0 = startCoef(c).col(0);
    return withDistinctRows(elasticNetCoordinateDescent(c.X, c.T.col(0), lambda, alpha, o, c.control, &w0));
  }
  const Objective F = objectiveOf(c, lambda * (1 - alpha));
  if (!c.loss.squared())  // logistic: glmnet's quadratic models by coordinate descent
    return withDistinctRows(proximalNewtonL1(F, lambda * alpha, startCoef(c), startIntercept(c),
                                             {c.options.integer("maxIterations"), c.options.number("tolerance")}, c.control));
  return withDistinctRows(proximalGradient(F, L1Penalty(lambda * alpha), startCoef(c), startIntercept(c),
                                           proximalOptions(c.options), c.control));
}

Result runLasso(const FitContext& c) { return elasticNet(c, c.options.number("lambda"), 1); }

Result runElasticNet(const FitContext& c) {
  return elasticNet(c, c.options.number("lambda"), c.options.number("alpha"));
}

// A convex penalty with an exact prox: ADMM for the squared loss on small designs (the
// quadratic part solved exactly: much faster at n ≤ d), accelerated proximal gradient
// otherwise. Both stop on the penalty's certificate.
namespace {
Result penalisedFitFrom(const FitContext& c, const Penalty& P, Matrix W0, RowVector b0, Eigen::Index admmShortSide) {
  const Objective F = objectiveOf(c, c.options.number("lambda"));
  if (c.loss.squared() && admmSuits(c.X.rows(), c.X.cols(), admmShortSide))
    return withDistinctRows(admm(F, P, std::move(W0), {c.options.integer("maxIterations"), c.options.number("tolerance")},
                                 c.control));
  return withDistinctRows(proximalGradient(F, P, std::move(W0), std::move(b0), proximalOptions(c.options), c.control));
}

}  // namespace

Result penalisedFit(const FitContext& c, const Penalty& P, Matrix W0, RowVector b0) {
  return penalisedFitFrom(c, P, std::move(W0), std::move(b0), kAdmmShortSide);
}

Result penalisedFit(const FitContext& c, const Penalty& P) { return penalisedFit(c, P, startCoef(c), startIntercept(c)); }

Result penalisedFit(const FitContext& c, const Penalty& P, Eigen::Index admmShortSide) {
  return penalisedFitFrom(c, P, startCoef(c), startIntercept(c), admmShortSide);
}

Result runOscar(const FitContext& c) {
  if (c.options.has("graph")) return runGraphOscar(c);
  return penalisedFit(c, OwlPenalty(oscarWeights(static_cast<std::size_t>(c.X.cols()), c.options.number("lambda1"),
                                                 c.options.number("lambda2"))));
}

// CG on equivalence matrices, rounded to its last oracle's partition with fitted values.
static Result conditionalGradientFit(const FitContext& c, const std::string& iterations, const std::string& tolerance) {
  ConditionalGradientOptions o{c.options.integer(iterations), c.options.number(tolerance)};
  const ConditionalGradientResult cg =
      sharedConditionalGradient(c.X, c.T.col(0), c.options.integer("Q"), c.options.number("lambda"), o, c.control);
  if (cg.status == Status::Aborted) {
    Result r;
    r.status = Status::Aborted;
    return r;
  }
  Partition p{cg.groups, Matrix::Zero(cg.G, 1)};
  if (c.options.choice("rounding") == "primal") {  // ours: k-means of the relaxation's coefficients
    const KMeans1DResult km = kmeans1d(cg.primal.data(), static_cast<std::size_t>(cg.primal.size()), c.options.integer("Q"));
    p = Partition{km.labels, Matrix::Zero(static_cast<Eigen::Index>(km.centroids.size()), 1)};
  }
  Result r = refitOnPartition(c, std::move(p));
  r.status = cg.status;
  r.iterations = cg.iterations;
  r.history = cg.psi;  // the relaxed objective ψ(M_t)
  if (cg.status == Status::MaxIterations)
    r.message = "Frank–Wolfe gap " + std::to_string(cg.gap.back()) + " above tolerance";
  return r;
}

Result runCg(const FitContext& c) { return conditionalGradientFit(c, "maxIterations", "tolerance"); }

Result runCgpg(const FitContext& c) {
  Result start = conditionalGradientFit(c, "cgIterations", "cgTolerance");
  if (start.status == Status::Aborted) return start;
  QValues S(c.options.integer("Q"));
  return projectedGradientFrom(c, S, std::move(start.coef), std::move(start.intercept));
}

std::string checkGroups(const Options& o, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  return K == 1 ? checkKMeans1D(static_cast<std::size_t>(d), o.integer("Q")) : "";
}

std::string checkConditionalGradient(const Options& o, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (!(o.number("lambda") > 0)) return "option 'lambda' must be > 0 for the conditional gradient (ψ needs nλ > 0)";
  return checkGroups(o, n, d, K);
}

std::string checkSparse(const Options& o, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  if (std::string why = SparseQValues(o.integer("s"), o.integer("Q")).check(d, K); !why.empty())
    return "loss: " + why + " (use 'squared' or 'logistic' with ihcs)";
  if (o.integer("s") < o.integer("Q"))
    return "option 's' of method 'ihcs' must be >= Q (got s = " + std::to_string(o.integer("s")) +
           ", Q = " + std::to_string(o.integer("Q")) + ")";
  return checkSparseGroups(static_cast<std::size_t>(d), static_cast<std::size_t>(o.integer("s")), o.integer("Q"));
}

std::string checkOracle(const Options& o, Eigen::Index, Eigen::Index d, Eigen::Index) {
  const Labels& g = o.labels("groups");
  if (static_cast<Eigen::Index>(g.size()) != d)
    return "option 'groups' of method 'oracle' must have one label per feature (expected " +
           std::to_string(d) + ", got " + std::to_string(g.size()) + ")";
  for (std::int32_t v : g)
    if (v < 0 || static_cast<Eigen::Index>(v) >= d)
      return "option 'groups' of method 'oracle' must hold labels in 0..d-1 (got " +
             std::to_string(v) + ")";
  return "";
}

}  // namespace supclust
