#include "supclust/methods/registry.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/core/objective.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {

// ---- option declarations shared by several recipes ----
OptionSpec lossOption() {
  OptionSpec o{"loss", OptionKind::Choice, "the datafit"};
  o.defaultChoice = "squared";
  o.choices = {"squared"};
  return o;
}
OptionSpec lambdaOption() {
  OptionSpec o{"lambda", OptionKind::Number, "ridge weight λ in λ/2‖w‖² (0: least squares)"};
  o.min = 0;
  return o;
}
OptionSpec qOption() {
  OptionSpec o{"Q", OptionKind::Integer, "the number of distinct coefficient values"};
  o.min = 1;
  o.required = true;
  return o;
}
std::vector<OptionSpec> iterativeOptions() {
  OptionSpec init{"init", OptionKind::Choice, "starting point: LSK's solution or zero"};
  init.defaultChoice = "lsk";
  init.choices = {"lsk", "zero"};
  OptionSpec maxIt{"maxIterations", OptionKind::Integer, "iteration limit", 500};
  maxIt.min = 1;
  OptionSpec tol{"tolerance", OptionKind::Number, "relative decrease (and step·L) to stop at", 1e-8};
  tol.min = 0;
  tol.minExclusive = true;
  OptionSpec grow{"stepGrowth", OptionKind::Number, "α: step factor after an accepted step", 1.5};
  grow.min = 1;
  grow.minExclusive = true;
  OptionSpec shrink{"stepShrink", OptionKind::Number, "β: step factor after a rejected step", 0.5};
  shrink.min = 0;
  shrink.minExclusive = true;
  shrink.max = 0.99;
  return {init, maxIt, tol, grow, shrink};
}
std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> parts) {
  std::vector<OptionSpec> all;
  for (auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

std::string noShapeCheck(const Options&, Eigen::Index, Eigen::Index) { return ""; }

// ---- shared steps of the recipes ----
Result closedForm(const FitContext& c, Matrix W, Partition part) {
  const Objective F(c.X, c.T, c.loss, c.options.number("lambda"));
  Result r;
  r.intercept = c.T.colwise().mean();
  r.objective = F.value(W, r.intercept);
  r.history = {r.objective};
  r.coef = std::move(W);
  r.groups = std::move(part.labels);
  r.centroids = std::move(part.centroids);
  return r;
}

// Ridge, then the exact Q-values projection of its coefficients (LSK).
Partition ridgeThenKMeans(const FitContext& c, Matrix& W) {
  W = ridgeCoefficients(c.X, c.T, c.options.number("lambda"));
  QValues S(c.options.integer("Q"));
  Partition p;
  S.project(W, p);
  return p;
}

// Least squares on a fixed partition; W = Z V.
Result refitOnPartition(const FitContext& c, Partition p) {
  const int G = static_cast<int>(p.centroids.rows());
  p.centroids = groupValues(c.X, c.T, p.labels, G, c.options.number("lambda"));
  Matrix W(c.X.cols(), c.T.cols());
  for (Eigen::Index j = 0; j < W.rows(); ++j) W.row(j) = p.centroids.row(p.labels[j]);
  return closedForm(c, std::move(W), std::move(p));
}

Result iterativeHardClustering(const FitContext& c, Structure& S) {
  const Objective F(c.X, c.T, c.loss, c.options.number("lambda"));
  Matrix W0 = Matrix::Zero(c.X.cols(), c.T.cols());
  if (c.options.choice("init") == "lsk") ridgeThenKMeans(c, W0);
  ProjectedGradientOptions o;
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  o.stepGrowth = c.options.number("stepGrowth");
  o.stepShrink = c.options.number("stepShrink");
  return projectedGradient(F, S, std::move(W0), c.T.colwise().mean(), o, c.control);
}

// ---- the recipes ----
Result runRidge(const FitContext& c) {
  Matrix W = ridgeCoefficients(c.X, c.T, c.options.number("lambda"));
  Partition p = partitionOfDistinctRows(W);
  return closedForm(c, std::move(W), std::move(p));
}

Result runLsk(const FitContext& c) {
  Matrix W;
  Partition p = ridgeThenKMeans(c, W);
  if (c.options.flag("refit")) return refitOnPartition(c, std::move(p));
  return closedForm(c, std::move(W), std::move(p));
}

Result runIhc(const FitContext& c) {
  QValues S(c.options.integer("Q"));
  return iterativeHardClustering(c, S);
}

Result runIhcs(const FitContext& c) {
  SparseQValues S(c.options.integer("s"), c.options.integer("Q"));
  return iterativeHardClustering(c, S);
}

Result runOracle(const FitContext& c) {
  // Relabel to 0..G-1 in order of first appearance; the values come from least squares.
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

std::string checkSparse(const Options& o, Eigen::Index, Eigen::Index) {
  if (o.integer("s") < o.integer("Q"))
    return "option 's' of method 'ihcs' must be >= Q (got s = " + std::to_string(o.integer("s")) +
           ", Q = " + std::to_string(o.integer("Q")) + ")";
  return "";
}

std::string checkOracle(const Options& o, Eigen::Index, Eigen::Index d) {
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
                   "re-estimate the Q values by least squares on the found partition"};
  OptionSpec s{"s", OptionKind::Integer, "the largest number of non-zero coefficients"};
  s.min = 1;
  s.required = true;
  OptionSpec groups{"groups", OptionKind::Labels, "the true partition: one label per feature"};
  groups.required = true;
  const auto base = std::vector<OptionSpec>{lossOption(), lambdaOption()};
  return {
      {"ridge", "ridge regression (λ = 0: minimum-norm least squares)", base, noShapeCheck,
       runRidge},
      {"lsk", "ridge, then the exact 1-D k-means of its coefficients (LSK)",
       join({base, {qOption(), refit}}), noShapeCheck, runLsk},
      {"ihc", "iterative hard clustering: projected gradient onto Q values (IHC Alg. 1)",
       join({base, {qOption()}, iterativeOptions()}), noShapeCheck, runIhc},
      {"ihcs", "IHC onto s-sparse Q values (IHC §4.1)",
       join({base, {qOption(), s}, iterativeOptions()}), checkSparse, runIhcs},
      {"oracle", "least squares given the true partition", join({base, {groups}}), checkOracle,
       runOracle},
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

Result fit(const std::string& name, const Problem& problem, const Params& params,
           const Control& control) {
  const Method* m = findMethod(name);
  if (!m) {
    std::string known;
    for (const auto& k : methods()) known += (known.empty() ? "" : ", ") + k.name;
    return Result::invalid("method: unknown method '" + name + "' (known: " + known + ")");
  }
  Options options;
  if (std::string why = check(m->options, params, name, options); !why.empty())
    return Result::invalid(why);
  const auto loss = makeLoss(options.choice("loss"));
  if (std::string why = checkData(problem, *loss); !why.empty()) return Result::invalid(why);
  if (std::string why = m->checkShape(options, problem.X.rows(), problem.X.cols()); !why.empty())
    return Result::invalid(why);

  const CenteredDesign X(problem.X);
  const Matrix T = loss->targets(problem.y);
  const FitContext ctx{X, *loss, T, options, control};
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
