#include "supclust/methods/registry.hpp"

#include <algorithm>
#include <memory>
#include <cmath>

#include "supclust/core/objective.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/data/random.hpp"
#include "supclust/solvers/conditional_gradient.hpp"
#include "supclust/solvers/coordinate_descent.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {

// ---- option declarations shared by several recipes ----
OptionSpec number(std::string name, std::string doc, double def, double min, bool minExclusive = false,
                  double max = HUGE_VAL) {
  OptionSpec o{std::move(name), OptionKind::Number, std::move(doc), def};
  o.min = min;
  o.minExclusive = minExclusive;
  o.max = max;
  return o;
}
OptionSpec integer(std::string name, std::string doc, double def, double min, bool required = false) {
  OptionSpec o{std::move(name), OptionKind::Integer, std::move(doc), def};
  o.min = min;
  o.required = required;
  return o;
}
OptionSpec choice(std::string name, std::string doc, std::vector<std::string> choices) {
  OptionSpec o{std::move(name), OptionKind::Choice, std::move(doc)};
  o.defaultChoice = choices.front();
  o.choices = std::move(choices);
  return o;
}
OptionSpec lossOption() { return choice("loss", "the datafit (ova-*: one-vs-all over class labels 0..K-1)", lossNames()); }
OptionSpec roundingOption() {
  return choice("rounding", "partition from the relaxation: the last oracle (the papers') or the k-means of its coefficients",
                {"oracle", "primal"});
}
OptionSpec squaredLossOnly() { return choice("loss", "the datafit (this method needs the squared loss)", {"squared"}); }
OptionSpec ridgeOption() { return number("lambda", "ridge weight λ in λ/2‖w‖² (0: none)", 0, 0); }
OptionSpec qOption() { return integer("Q", "the number of distinct coefficient values (rows, for K outputs)", 0, 1, true); }
OptionSpec sOption() { return integer("s", "the largest number of non-zero coefficients", 0, 1, true); }
std::vector<OptionSpec> rowClusterOptions() {
  return {integer("restarts", "k-means++ restarts of the row clustering (K > 1 outputs only)", 5, 1),
          integer("seed", "seed of the random choices (row clustering, hops)", 0, 0)};
}
std::vector<OptionSpec> hopOptions() {
  return {integer("hops", "basin-hopping restarts: perturb the best solution and rerun, keep the lowest objective", 0, 0),
          number("hopScale", "size of a hop, relative to the root-mean-square coefficient", 0.3, 0, true)};
}
std::vector<OptionSpec> projectedGradientOptions(std::vector<std::string> inits) {
  return {choice("init", "starting point", std::move(inits)),
          integer("maxIterations", "iteration limit", 500, 1),
          number("tolerance", "relative decrease (and step·L) to stop at", 1e-8, 0, true),
          number("stepGrowth", "α: step factor after an accepted step", 1.5, 1, true),
          number("stepShrink", "β: step factor after a rejected step", 0.5, 0, true, 0.99)};
}
std::vector<OptionSpec> convexSolverOptions(double maxIterations) {
  return {integer("maxIterations", "iteration (or sweep) limit", maxIterations, 1),
          number("tolerance", "optimality residual, relative to ‖∇F(0)‖∞, to stop at", 1e-10, 0, true)};
}
std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> parts) {
  std::vector<OptionSpec> all;
  for (auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

std::string noShapeCheck(const Options&, Eigen::Index, Eigen::Index, Eigen::Index) { return ""; }

// ---- shared steps of the recipes ----
Objective objectiveOf(const FitContext& c, double ridge) { return Objective(c.X, c.T, c.loss, ridge); }

ProximalGradientOptions proximalOptions(const Options& o) {
  return {o.integer("maxIterations"), o.number("tolerance")};
}

// Where convex iterative solvers start: the warm start, else zero (intercept: mean target).
Matrix startCoef(const FitContext& c) { return c.warm ? c.warm->coef : Matrix::Zero(c.X.cols(), c.T.cols()); }
RowVector startIntercept(const FitContext& c) { return c.warm ? c.warm->intercept : RowVector(c.T.colwise().mean()); }

// Fits the smooth objective (loss + ridge) with nothing else: closed form for the squared loss.
Result smoothFit(const FitContext& c, double ridge, const ProximalGradientOptions& opt) {
  if (c.loss.squared()) {
    const Objective F = objectiveOf(c, ridge);
    Result r;
    r.coef = ridgeCoefficients(c.X, c.T, ridge);
    r.intercept = c.T.colwise().mean();
    r.objective = F.value(r.coef, r.intercept);
    r.history = {r.objective};
    return r;
  }
  const Objective F = objectiveOf(c, ridge);
  return proximalGradient(F, NoPenalty(), startCoef(c), startIntercept(c), opt, c.control);
}

ProximalGradientOptions smoothDefaults() { return {}; }

void attachPartition(Result& r, Partition p) {
  r.groups = std::move(p.labels);
  r.centroids = std::move(p.centroids);
}

Result withDistinctRows(Result r) {
  attachPartition(r, partitionOfDistinctRows(r.coef));
  return r;
}

std::unique_ptr<Structure> groupStructure(const FitContext& c) {
  return makeGroupStructure(c.options.integer("Q"), c.T.cols(), c.options.integer("restarts"),
                            static_cast<std::uint64_t>(c.options.number("seed")));
}

// Ridge, then the projection of its coefficients onto Q values (LSK).
Result ridgeThenProject(const FitContext& c) {
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
Result refitOnPartition(const FitContext& c, Partition p) {
  const int G = static_cast<int>(p.centroids.rows());
  const double lambda = c.options.number("lambda");
  Result r;
  if (c.loss.squared()) {
    p.centroids = groupValues(c.X, c.T, p.labels, G, lambda);
    r.intercept = c.T.colwise().mean();
  } else {
    RowMatrix A = RowMatrix::Zero(c.X.rows(), G);
    Vector sizes = Vector::Zero(G);
    for (std::size_t j = 0; j < p.labels.size(); ++j) {
      A.col(p.labels[j]) += c.X.X().col(static_cast<Eigen::Index>(j));
      sizes[p.labels[j]] += 1;
    }
    for (int g = 0; g < G; ++g) A.col(g) /= std::sqrt(sizes[g]);
    const CenteredDesign reduced(A);
    const Objective F(reduced, c.T, c.loss, lambda);
    Result inner = proximalGradient(F, NoPenalty(), Matrix::Zero(G, c.T.cols()), RowVector::Zero(c.T.cols()),
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

Result projectedGradientFrom(const FitContext& c, Structure& S, Matrix W0, RowVector b0) {
  ProjectedGradientOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.stepGrowth = c.options.number("stepGrowth");
  o.stepShrink = c.options.number("stepShrink");
  return projectedGradient(objectiveOf(c, c.options.number("lambda")), S, std::move(W0), std::move(b0), o,
                           c.control);
}

// Projected gradient started from the smooth fit ("lsk"/"ridge": projected by the solver) or 0.
Result projectedGradientWithInit(const FitContext& c, Structure& S) {
  if (c.warm) return projectedGradientFrom(c, S, c.warm->coef, c.warm->intercept);
  if (c.options.choice("init") == "zero")
    return projectedGradientFrom(c, S, Matrix::Zero(c.X.cols(), c.T.cols()), RowVector::Zero(c.T.cols()));
  Result start = smoothFit(c, c.options.number("lambda"), smoothDefaults());
  return projectedGradientFrom(c, S, std::move(start.coef), std::move(start.intercept));
}

// ---- the recipes ----
Result runRidge(const FitContext& c) {
  return withDistinctRows(smoothFit(c, c.options.number("lambda"), proximalOptions(c.options)));
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
Result withHops(const FitContext& c, Structure& S, Result best) {
  const int hops = c.options.integer("hops");
  Random rng(static_cast<std::uint64_t>(c.options.number("seed")) * 0x9E3779B97F4A7C15ull + 17);
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
  return withHops(c, *S, projectedGradientWithInit(c, *S));
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
// output, accelerated proximal gradient otherwise. The lasso is α = 1.
Result elasticNet(const FitContext& c, double lambda, double alpha) {
  if (c.loss.squared() && c.T.cols() == 1) {
    CoordinateDescentOptions o{c.options.integer("maxIterations"), c.options.number("tolerance")};
    const Vector w0 = startCoef(c).col(0);
    return withDistinctRows(elasticNetCoordinateDescent(c.X, c.T.col(0), lambda, alpha, o, c.control, &w0));
  }
  const Objective F = objectiveOf(c, lambda * (1 - alpha));
  return withDistinctRows(proximalGradient(F, L1Penalty(lambda * alpha), startCoef(c), startIntercept(c),
                                           proximalOptions(c.options), c.control));
}

Result runLasso(const FitContext& c) { return elasticNet(c, c.options.number("lambda"), 1); }

Result runElasticNet(const FitContext& c) {
  return elasticNet(c, c.options.number("lambda"), c.options.number("alpha"));
}

Result runOscar(const FitContext& c) {
  const Objective F = objectiveOf(c, c.options.number("lambda"));
  const OwlPenalty P(oscarWeights(static_cast<std::size_t>(c.X.cols()), c.options.number("lambda1"),
                                  c.options.number("lambda2")));
  return withDistinctRows(proximalGradient(F, P, startCoef(c), startIntercept(c), proximalOptions(c.options),
                                           c.control));
}

// CG on equivalence matrices, rounded to its last oracle's partition with fitted values.
Result conditionalGradientFit(const FitContext& c, const std::string& iterations, const std::string& tolerance) {
  ConditionalGradientOptions o{c.options.integer(iterations), c.options.number(tolerance)};
  const ConditionalGradientResult cg =
      conditionalGradient(c.X, c.T.col(0), c.options.integer("Q"), c.options.number("lambda"), o, c.control);
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

std::string checkConditionalGradient(const Options& o, Eigen::Index, Eigen::Index, Eigen::Index) {
  if (!(o.number("lambda") > 0)) return "option 'lambda' must be > 0 for the conditional gradient (ψ needs nλ > 0)";
  return "";
}

std::string checkSparse(const Options& o, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  if (std::string why = SparseQValues(o.integer("s"), o.integer("Q")).check(d, K); !why.empty())
    return "loss: " + why + " (use 'squared' or 'logistic' with ihcs)";
  if (o.integer("s") < o.integer("Q"))
    return "option 's' of method 'ihcs' must be >= Q (got s = " + std::to_string(o.integer("s")) +
           ", Q = " + std::to_string(o.integer("Q")) + ")";
  return "";
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

std::vector<Method> buildRegistry() {
  OptionSpec refit{"refit", OptionKind::Boolean,
                   "re-estimate the Q values by the loss on the found partition"};
  OptionSpec groups{"groups", OptionKind::Labels, "the true partition: one label per feature"};
  groups.required = true;
  const auto base = std::vector<OptionSpec>{lossOption(), ridgeOption()};
  const auto l1 = number("lambda", "ℓ1 weight λ in λ‖w‖₁", 0, 0);
  return {
      {"ridge", "ridge regression (λ = 0: minimum-norm least squares); logistic ridge for classification",
       join({base, convexSolverOptions(20000)}), noShapeCheck, runRidge},
      {"lsk", "ridge, then the projection of its coefficients onto Q values (LSK)",
       join({base, {qOption(), refit}, rowClusterOptions()}), noShapeCheck, runLsk},
      {"ihc", "iterative hard clustering: projected gradient onto Q values (IHC Alg. 1)",
       join({base, {qOption()}, projectedGradientOptions({"lsk", "zero"}), rowClusterOptions(), hopOptions()}),
       noShapeCheck, runIhc},
      {"ihcs", "IHC onto s-sparse Q values (IHC §4.1)",
       join({base, {qOption(), sOption()}, projectedGradientOptions({"lsk", "zero"})}), checkSparse, runIhcs},
      {"iht", "iterative hard thresholding: projected gradient onto s-sparse vectors",
       join({base, {sOption()}, projectedGradientOptions({"ridge", "zero"})}), noShapeCheck, runIht},
      {"oracle", "the loss fitted given the true partition", join({base, {groups}}), checkOracle, runOracle},
      {"lasso", "ℓ1-penalised fit (coordinate descent; proximal gradient for other losses)",
       join({{lossOption(), l1}, convexSolverOptions(100000)}), noShapeCheck, runLasso},
      {"elasticnet", "λ(α‖w‖₁ + (1−α)/2‖w‖²) (glmnet's parametrisation)",
       join({{lossOption(), number("lambda", "overall weight λ", 0, 0),
              number("alpha", "ℓ1 share α (1: lasso, 0: ridge)", 1, 0, false, 1)},
             convexSolverOptions(100000)}),
       noShapeCheck, runElasticNet},
      {"cg", "conditional gradient on equivalence matrices, rounded (LwCS Alg. 2)",
       join({{squaredLossOnly(), number("lambda", "ridge weight λ > 0", 1e-2, 0, true), qOption(),
              integer("maxIterations", "Frank–Wolfe iteration limit", 1000, 1),
              number("tolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()}}),
       checkConditionalGradient, runCg},
      {"cgpg", "CG, then IHC from its rounded solution (CGPG)",
       join({{squaredLossOnly(), number("lambda", "ridge weight λ > 0", 1e-2, 0, true), qOption(),
              integer("cgIterations", "Frank–Wolfe iteration limit", 1000, 1),
              number("cgTolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()},
             projectedGradientOptions({"cg"})}),
       checkConditionalGradient, runCgpg},
      {"oscar", "OSCAR: λ1‖w‖₁ + λ2 Σ_{i<j} max(|w_i|, |w_j|), by FISTA with the O(d log d) OWL prox",
       join({base, {number("lambda1", "ℓ1 weight λ1", 0, 0), number("lambda2", "pairwise max weight λ2", 0, 0)},
             convexSolverOptions(20000)}),
       noShapeCheck, runOscar},
  };
}

std::string checkData(const Problem& p, const Loss& loss) {
  if (p.X.rows() < 1) return "X must have at least one row (nRows >= 1)";
  if (p.X.cols() < 1) return "X must have at least one column (nCols >= 1)";
  if (p.y.size() != p.X.rows())
    return "y must have one entry per row of X (expected " + std::to_string(p.X.rows()) +
           ", got " + std::to_string(p.y.size()) + ")";
  for (Eigen::Index i = 0; i < p.X.rows(); ++i)
    for (Eigen::Index j = 0; j < p.X.cols(); ++j)
      if (!std::isfinite(p.X(i, j)))
        return "X must be finite (entry at row " + std::to_string(i) + ", column " +
               std::to_string(j) + " is not)";
  for (Eigen::Index i = 0; i < p.y.size(); ++i)
    if (!std::isfinite(p.y[i])) return "y must be finite (entry " + std::to_string(i) + " is not)";
  const std::string t = loss.checkTargets(p.y);
  return t.empty() ? "" : "y: " + t;
}

}  // namespace

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

std::string checkFit(const std::string& name, const Problem& problem, const Params& params) {
  Options options;
  if (std::string why = checkOptions(name, params, options); !why.empty()) return why;
  const auto loss = makeLoss(options.choice("loss"));
  if (std::string why = checkData(problem, *loss); !why.empty()) return why;
  return findMethod(name)->checkShape(options, problem.X.rows(), problem.X.cols(), loss->targets(problem.y).cols());
}

Result fit(const std::string& name, const Problem& problem, const Params& params,
           const Control& control, const WarmStart* warm) {
  if (std::string why = checkFit(name, problem, params); !why.empty()) return Result::invalid(why);
  Options options;
  checkOptions(name, params, options);
  const Method* m = findMethod(name);
  const auto loss = makeLoss(options.choice("loss"));
  const Matrix T = loss->targets(problem.y);
  const CenteredDesign X(problem.X);
  std::unique_ptr<WarmStart> centredWarm;
  if (warm && warm->coef.rows() == X.cols() && warm->coef.cols() == T.cols() && warm->coef.allFinite())
    centredWarm.reset(new WarmStart{warm->coef, warm->intercept + X.means() * warm->coef});
  const FitContext ctx{X, *loss, T, options, control, centredWarm.get()};
  Result r = m->run(ctx);
  if (r.status == Status::InvalidInput) return r;
  r.intercept = X.userIntercept(r.coef, r.intercept);
  if (!r.coef.allFinite() && r.status != Status::Aborted) {
    r.status = Status::NumericalIssue;
    r.message = "the coefficients are not finite";
  }
  return r;
}

Matrix predict(const Eigen::Ref<const RowMatrix>& X, const Matrix& coef, const RowVector& intercept) {
  Matrix Z = X * coef;
  Z.rowwise() += intercept;
  return Z;
}

}  // namespace supclust
