// Plain linear models: ridge (logistic ridge), the lasso, the elastic net and the linear SVM —
// the baselines every family's tables compare with (IHC paper §5, LwCS §7, DFG paper §5, the
// weight-grouping priors paper §6), no grouping of their own.
#include "supclust/families/linear/methods.hpp"

#include <cmath>
#include <optional>
#include <vector>

#include "supclust/methods/data_scale.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/penalty_factors.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/coordinate_descent.hpp"
#include "supclust/solvers/dual_coordinate_descent.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/proximal_newton.hpp"

namespace supclust {

namespace {

// The options of the family's methods (each declares the fields it reads).
struct LinearOptions : LossField, RidgeField, ConvexSolverFields, SeedField, PenaltyFactorField {
  double alpha = 0;
  std::string bias;
};

Refusal checkFactors(const LinearOptions& o, Eigen::Index, Eigen::Index d, Eigen::Index) {
  return checkPenaltyFactor(o, d);
}

// Elastic net λ Σ_j pf_j (α|w_j| + (1−α)/2 w_j²) (pf_j the penalty factors, 1 unless given):
// coordinate descent for the squared loss with one output and equal rows, proximal Newton
// (newGLMNET) for the logistic losses, weighted rows, the multinomial loss (glmnet's cycles
// over the classes) and penalty factors, accelerated proximal gradient for one-vs-all squared.
// The lasso is α = 1.
Result elasticNet(const FitContext& c, const LinearOptions& o) {
  const double lambda = o.lambda, alpha = o.alpha;
  const std::optional<Vector> factors = penaltyFactors(o);
  const Vector* pf = factors ? &*factors : nullptr;
  if (c.loss.closedForm() && c.T.cols() == 1) {
    const Vector w0 = startCoef(c).col(0);
    return withDistinctRows(elasticNetCoordinateDescent(c.X, c.T.col(0), lambda, alpha, {o.maxIterations, o.tolerance},
                                                        c.control, &w0, pf));
  }
  const Objective F = objectiveOf(c, lambda * (1 - alpha));
  if (!c.loss.squared() || c.T.cols() == 1 ||
      pf)  // logistic, multinomial, weighted squared, factors: glmnet's quadratic models by coordinate descent
    return withDistinctRows(proximalNewtonL1(F, lambda * alpha, startCoef(c), startIntercept(c),
                                             {o.maxIterations, o.tolerance}, c.control, pf));
  return withDistinctRows(
      proximalGradient(F, L1Penalty(lambda * alpha), startCoef(c), startIntercept(c), proximalOptions(o), c.control));
}

Result runLasso(const FitContext& c, const LinearOptions& o) {
  LinearOptions lasso = o;
  lasso.alpha = 1;
  return elasticNet(c, lasso);
}

Result runRidge(const FitContext& c, const LinearOptions& o) {
  return withDistinctRows(smoothFit(c, o.lambda, {o.maxIterations, o.tolerance}));
}

// The paper's linear-SVM baseline (LibLinear's default): dual coordinate descent; over K classes
// (loss 'ova-hinge') one binary SVM per class against the others, as LinearSVC's one-vs-rest.
Result runSvm(const FitContext& c, const LinearOptions& o) {
  const DualCoordinateDescentOptions options{o.maxIterations, o.tolerance, o.seed, o.bias == "centred"};
  if (c.T.cols() == 1)
    return withDistinctRows(linearSvm(c.X, c.T.col(0), o.lambda, options, c.control, c.loss.rowWeights()));
  Result all;
  all.status = Status::Converged;
  all.coef.resize(c.X.cols(), c.T.cols());
  all.intercept.resize(c.T.cols());
  all.objective = 0;
  for (Eigen::Index k = 0; k < c.T.cols(); ++k) {
    Result r = linearSvm(c.X, c.T.col(k), o.lambda, options, c.control, c.loss.rowWeights());
    if (r.status == Status::Aborted) return r;
    all.coef.col(k) = r.coef.col(0);
    all.intercept[k] = r.intercept[0];
    all.objective += r.objective;
    all.iterations = std::max(all.iterations, r.iterations);
    if (r.status != Status::Converged && all.status == Status::Converged) {
      all.status = r.status;
      all.message = "class " + std::to_string(k) + ": " + r.message;
    }
  }
  // The sum of the classes' primals: at w = 0 each is 1 (every hinge 1), and at the answer.
  all.history = {static_cast<double>(c.T.cols()), all.objective};
  return withDistinctRows(all);
}

// The lasso's top, ‖G‖∞ (glmnet's λmax); the elastic net's, ‖G‖∞/α, and for α = 0 (ridge) the
// ridge scale. With penalty factors, max_j |G_j|/pf_j over the penalised features: exact when
// every feature is penalised, else a scale (w = 0 is then not the answer there: the unpenalised
// features are fitted at every point).
PathTop lassoTop(const LinearOptions& o, const PathData& data) {
  return factorTop(penaltyFactors(o), data, TopKind::Exact);
}
PathTop elasticNetTop(const LinearOptions& o, const PathData& data) {
  if (o.alpha == 0) return pathRidgeScale(data);
  PathTop t = lassoTop(o, data);
  t.value /= o.alpha;
  return t;
}

Schema<LinearOptions> ridgeOptions() {
  Schema<LinearOptions> s("method");
  return convexSolverFields(softmaxLossAndRidge(s), 20000);
}
Schema<LinearOptions> lassoOptions() {
  Schema<LinearOptions> s("method");
  softmaxLossField(s).number("lambda", &LinearOptions::lambda, "ℓ1 weight λ in λ‖w‖₁", 0, 0).degree(1);
  return penaltyFactorField(convexSolverFields(s, 100000), "the penalty");
}
Schema<LinearOptions> elasticNetOptions() {
  Schema<LinearOptions> s("method");
  softmaxLossField(s)
      .number("lambda", &LinearOptions::lambda, "overall weight λ", 0, 0)
      .number("alpha", &LinearOptions::alpha, "ℓ1 share α (1: lasso, 0: ridge)", 1, 0, false, 1);
  return penaltyFactorField(convexSolverFields(s, 100000), "the penalty");
}
Schema<LinearOptions> svmOptions() {
  const DualCoordinateDescentOptions defaults;
  Schema<LinearOptions> s("method");
  s.choice("loss", &LinearOptions::loss,
           "the hinge loss on two classes; ova-hinge: one-vs-rest over K classes (LinearSVC's multiclass)",
           {"hinge", "ova-hinge"})
      .number("lambda", &LinearOptions::lambda, "weight λ of λ/2(‖w‖² + b²) (C = 1/(λn))", 1e-2, 0, true)
      .degree(2)
      .integer("maxIterations", &LinearOptions::maxIterations, "epochs (passes over the rows) at most",
               defaults.maxIterations, 1)
      .number("tolerance", &LinearOptions::tolerance, "relative duality gap to stop at", defaults.tolerance, 0, true)
      .choice("bias", &LinearOptions::bias,
              "whose intercept λ/2 b² regularises: the centred rows' (as every method's intercept), or the rows' as "
              "given (liblinear's and LinearSVC's problem: a constant feature 1 appended)",
              {"centred", "liblinear"});
  return seedField(s, "seed of the rows' order in each epoch");
}

// The same for λ(α‖w‖₁ + (1−α)/2‖w‖²): λ'α' = λα / (s_x s_y), λ'(1 − α') = λ(1 − α) / s_x².
Refusal rescaleElasticNet(const std::vector<OptionSpec>&, Options& options, const DataScale& s) {
  const double lambda = options.number("lambda"), alpha = options.number("alpha");
  const double l1 = std::ldexp(lambda * alpha, -exponentOf(s.x) - exponentOf(s.y));
  const double l2 = std::ldexp(lambda * (1 - alpha), -2 * exponentOf(s.x));
  if (!std::isfinite(l1 + l2)) return outOfRange("lambda", l1 + l2);
  options.set("lambda", l1 + l2);
  if (l1 + l2 > 0) options.set("alpha", l1 / (l1 + l2));
  return {};
}

// The linear SVM regularises its bias with w (λ/2(‖w‖² + b²)): w follows s_x but b does not, so
// no λ' gives the same problem; data that need rescaling are refused naming X.
Refusal rescaleRegularisedBias(const std::vector<OptionSpec>&, Options&, const DataScale& s) {
  if (s.x == 1) return {};
  return Refusal("X",
                 "entries this large or small need rescaling, which the linear SVM's regularised bias does not follow "
                 "(scale X into [1e-38, 1e38])");
}
}  // namespace

std::vector<Method> linearMethods() {
  return {
      Method("ridge", "ridge regression (λ = 0: minimum-norm least squares); logistic ridge for classification",
             ridgeOptions(), runRidge)
          .weighted(),
      Method("lasso", "ℓ1-penalised fit (coordinate descent; proximal gradient for other losses)", lassoOptions(),
             runLasso)
          .checkShape(checkFactors)
          .weighted()
          .pathAlong({"lambda"}, lassoTop)
          .relaxes(),
      Method("elasticnet", "λ(α‖w‖₁ + (1−α)/2‖w‖²) (glmnet's parametrisation)", elasticNetOptions(), elasticNet)
          .checkShape(checkFactors)
          .rescaledBy(rescaleElasticNet)
          .weighted()
          .pathAlong({"lambda"}, elasticNetTop)
          .relaxes(),
      Method("svm",
             "linear SVM: λ/2(‖w‖² + b²) + 1/n Σ max(0, 1 − ỹ(xᵀw + b)), the bias regularised as liblinear's (on the "
             "centred rows, or on the rows as given: bias 'liblinear'); dual coordinate descent with shrinking "
             "(liblinear's default solver), X read row by row over its non-zeros; K classes one-vs-rest with loss "
             "'ova-hinge'",
             svmOptions(), runSvm)
          .rescaledBy(rescaleRegularisedBias)
          .weighted(),
  };
}

}  // namespace supclust
