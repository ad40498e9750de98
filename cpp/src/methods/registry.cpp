#include "supclust/methods/registry.hpp"

#include <cmath>
#include <memory>

#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"

namespace supclust {

namespace {

std::vector<Method> buildRegistry() {
  OptionSpec refit{"refit", OptionKind::Boolean,
                   "re-estimate the Q values by the loss on the found partition"};
  OptionSpec groups{"groups", OptionKind::Labels, "the true partition: one label per feature"};
  groups.required = true;
  const auto base = std::vector<OptionSpec>{lossOption(), ridgeOption()};
  const auto l1 = numberOption("lambda", "ℓ1 weight λ in λ‖w‖₁", 0, 0);
  return {
      {"ridge", "ridge regression (λ = 0: minimum-norm least squares); logistic ridge for classification",
       join({base, convexSolverOptions(20000)}), noShapeCheck, runRidge},
      {"lsk", "ridge, then the projection of its coefficients onto Q values (LSK)",
       join({base, {qOption(), refit}, rowClusterOptions()}), noShapeCheck, runLsk},
      {"ihc", "iterative hard clustering: projected gradient onto Q values (IHC Alg. 1)",
       join({base, {qOption()}, projectedGradientOptions({"lsk", "zero"}), rowClusterOptions(), restartOptions()}),
       noShapeCheck, runIhc, true},
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
       noShapeCheck, runElasticNet},
      {"cg", "conditional gradient on equivalence matrices, rounded (LwCS Alg. 2)",
       join({{squaredLossOnly(), numberOption("lambda", "ridge weight λ > 0", 1e-2, 0, true), qOption(),
              integerOption("maxIterations", "Frank–Wolfe iteration limit", 1000, 1),
              numberOption("tolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()}}),
       checkConditionalGradient, runCg},
      {"cgpg", "CG, then IHC from its rounded solution (CGPG)",
       join({{squaredLossOnly(), numberOption("lambda", "ridge weight λ > 0", 1e-2, 0, true), qOption(),
              integerOption("cgIterations", "Frank–Wolfe iteration limit", 1000, 1),
              numberOption("cgTolerance", "Frank–Wolfe gap, relative to ψ, to stop at", 1e-3, 0, true), roundingOption()},
             projectedGradientOptions({"cg"})}),
       checkConditionalGradient, runCgpg},
      {"oscar", "OSCAR: λ1‖w‖₁ + λ2 Σ_{i<j} max(|w_i|, |w_j|), by ADMM (squared loss) or FISTA with the O(d log d) OWL prox",
       join({base, {numberOption("lambda1", "ℓ1 weight λ1", 0, 0), numberOption("lambda2", "pairwise max weight λ2", 0, 0)},
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
  if (std::string why = checkData(problem, *out.loss); !why.empty()) return why;
  out.T = out.loss->targets(problem.y);
  return findMethod(name)->checkShape(out.options, problem.X.rows(), problem.X.cols(), out.T.cols());
}
}  // namespace

std::string checkFit(const std::string& name, const Problem& problem, const Params& params) {
  Prepared unused;
  return prepare(name, problem, params, unused);
}

Result fit(const std::string& name, const Problem& problem, const Params& params,
           const Control& control, const WarmStart* warm) {
  Prepared prepared;
  if (std::string why = prepare(name, problem, params, prepared); !why.empty()) return Result::invalid(why);
  const Method* m = findMethod(name);
  const Options& options = prepared.options;
  const Loss& loss = *prepared.loss;
  const Matrix& T = prepared.T;
  const CenteredDesign X(problem.X);
  std::unique_ptr<WarmStart> centredWarm;
  if (warm && warm->coef.rows() == X.cols() && warm->coef.cols() == T.cols() && warm->coef.allFinite())
    centredWarm.reset(new WarmStart{warm->coef, warm->intercept + X.means() * warm->coef});
  const FitContext ctx{X, loss, T, options, control, centredWarm.get()};
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
