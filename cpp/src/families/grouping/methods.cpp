// Feature grouping by a constraint: coefficients that take at most Q distinct values (rows, for
// K outputs), possibly s-sparse — LSK (ridge, then the exact projection), IHC/IHCS/IHT
// (projected gradient onto the structure; IHC paper Alg. 1, §4.1), CG and CGPG (conditional
// gradient on equivalence matrices, then IHC; LwCS Alg. 2) and the oracle given the partition.
#include "supclust/families/grouping/methods.hpp"

#include <cmath>
#include <memory>

#include "supclust/base/random.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/families/grouping/conditional_gradient.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {

OptionSpec roundingOption() {
  return choiceOption("rounding", "partition from the relaxation: the last oracle (the papers') or the k-means of its coefficients",
                {"oracle", "primal"});
}
std::vector<OptionSpec> rowClusterOptions() {
  return {integerOption("restarts", "k-means++ restarts of the row clustering (K > 1 outputs only)", 5, 1),
          seedOption("seed of the random choices (row clustering, hops)")};
}
// IHC's restarts (ours): basin hopping from its answer, and several starting points.
std::vector<OptionSpec> restartOptions() {
  return {integerOption("hops", "basin-hopping restarts: perturb the best solution and rerun, keep the lowest objective", 0, 0),
          numberOption("hopScale", "size of a hop, relative to the root-mean-square coefficient", 0.3, 0, true),
          integerOption("starts", "restarts from the LSK points of ridge fits at this many penalties, 10 down to 1e-6; the lowest objective is kept (0: one start, at the method's λ)", 0, 0)};
}
std::vector<OptionSpec> projectedGradientOptions(std::vector<std::string> inits) {
  return {choiceOption("init", "starting point", std::move(inits)),
          integerOption("maxIterations", "iteration limit", 500, 1),
          numberOption("tolerance", "relative decrease (and step·L) to stop at", 1e-8, 0, true),
          stepGrowthOption(), stepShrinkOption()};
}

std::unique_ptr<Structure> groupStructure(const FitContext& c) {
  return makeGroupStructure(c.options.integer("Q"), c.T.cols(), c.options.integer("restarts"),
                            c.options.seed());
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

Result projectedGradientFrom(const FitContext& c, Structure& S, Matrix W0, RowVector b0) {
  ProjectedGradientOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.step = stepBacktrackingOf(c.options);
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

// CG on equivalence matrices, rounded to its last oracle's partition with fitted values.
Result conditionalGradientFit(const FitContext& c, const std::string& iterations, const std::string& tolerance) {
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

}  // namespace

std::vector<Method> groupingMethods() {
  OptionSpec refit{"refit", OptionKind::Boolean, "re-estimate the Q values by the loss on the found partition"};
  OptionSpec groups{"groups", OptionKind::Labels, "the true partition: one label per feature"};
  groups.required = true;
  const auto base = lossAndRidge();
  const auto cgRidge = penaltyWeight(numberOption("lambda", "ridge weight λ > 0", 1e-2, 0, true), 2);
  return {
      Method("lsk",
             "ridge, then the projection of its coefficients onto Q values (LSK)",
             runLsk)
          .withOptions(join({base, {qOption(), refit}, rowClusterOptions()}))
          .checkShape(checkGroups),
      Method("ihc",
             "iterative hard clustering: projected gradient onto Q values (IHC Alg. 1)",
             runIhc)
          .withOptions(join({base, {qOption()}, projectedGradientOptions({"lsk", "zero"}), rowClusterOptions(), restartOptions()}))
          .checkShape(checkGroups)
          .dependsOnStart(),
      Method("ihcs",
             "IHC onto s-sparse Q values (IHC §4.1)",
             runIhcs)
          .withOptions(join({base, {qOption(), sOption()}, projectedGradientOptions({"lsk", "zero"})}))
          .checkShape(checkSparse)
          .dependsOnStart(),
      Method("iht",
             "iterative hard thresholding: projected gradient onto s-sparse vectors",
             runIht)
          .withOptions(join({base, {sOption()}, projectedGradientOptions({"ridge", "zero"})}))
          .dependsOnStart(),
      Method("oracle",
             "the loss fitted given the true partition",
             runOracle)
          .withOptions(join({base, {groups}}))
          .checkShape(checkOracle),
      Method("cg",
             "conditional gradient on equivalence matrices, rounded (LwCS Alg. 2)",
             runCg)
          .withOptions(join({{squaredLossOnly(), cgRidge, qOption(),
                    integerOption("maxIterations", "Frank–Wolfe iteration limit", 1000, 1),
                    numberOption("tolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()}}))
          .checkShape(checkConditionalGradient)
          .memoryUse({3, 4, 4}),
      Method("cgpg",
             "CG, then IHC from its rounded solution (CGPG)",
             runCgpg)
          .withOptions(join({{squaredLossOnly(), cgRidge, qOption(),
                    integerOption("cgIterations", "Frank–Wolfe iteration limit", 1000, 1),
                    numberOption("cgTolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()},
                   projectedGradientOptions({"cg"})}))
          .checkShape(checkConditionalGradient)
          .memoryUse({3, 4, 4}),
  };
}

}  // namespace supclust
