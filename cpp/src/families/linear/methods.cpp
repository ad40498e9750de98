// Plain linear models: ridge (logistic ridge), the lasso, the elastic net and the linear SVM —
// the baselines every family's tables compare with (IHC paper §5, LwCS §7, DFG paper §5, the
// weight-grouping priors paper §6), no grouping of their own.
#include "supclust/families/linear/methods.hpp"

#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/coordinate_descent.hpp"
#include "supclust/solvers/dual_coordinate_descent.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/proximal_newton.hpp"

namespace supclust {

namespace {

// Elastic net λ(α‖w‖₁ + (1−α)/2‖w‖²): coordinate descent for the squared loss with one
// output, proximal Newton (newGLMNET) for the logistic losses, accelerated proximal gradient
// for one-vs-all squared. The lasso is α = 1.
Result elasticNet(const FitContext& c, double lambda, double alpha) {
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

// ---- the recipes ----
Result runRidge(const FitContext& c) {
  return withDistinctRows(smoothFit(c, c.options.number("lambda"), {c.options.integer("maxIterations"), c.options.number("tolerance")}));
}

Result runLasso(const FitContext& c) { return elasticNet(c, c.options.number("lambda"), 1); }

Result runElasticNet(const FitContext& c) {
  return elasticNet(c, c.options.number("lambda"), c.options.number("alpha"));
}

// The paper's linear-SVM baseline (LibLinear's default): dual coordinate descent.
Result runSvm(const FitContext& c) {
  DualCoordinateDescentOptions o{c.options.integer("maxIterations"), c.options.number("tolerance"), c.options.seed()};
  return withDistinctRows(linearSvm(c.X, c.T.col(0), c.options.number("lambda"), o, c.control));
}

}  // namespace

std::vector<Method> linearMethods() {
  const auto base = lossAndRidge();
  const auto l1 = penaltyWeight(numberOption("lambda", "ℓ1 weight λ in λ‖w‖₁", 0, 0), 1);
  return {
      Method("ridge",
             "ridge regression (λ = 0: minimum-norm least squares); logistic ridge for classification",
             runRidge)
          .withOptions(join({base, convexSolverOptions(20000)})),
      Method("lasso",
             "ℓ1-penalised fit (coordinate descent; proximal gradient for other losses)",
             runLasso)
          .withOptions(join({{lossOption(), l1}, convexSolverOptions(100000)})),
      Method("elasticnet",
             "λ(α‖w‖₁ + (1−α)/2‖w‖²) (glmnet's parametrisation)",
             runElasticNet)
          .withOptions(join({{lossOption(), numberOption("lambda", "overall weight λ", 0, 0),
                    numberOption("alpha", "ℓ1 share α (1: lasso, 0: ridge)", 1, 0, false, 1)},
                   convexSolverOptions(100000)}))
          .rescaledBy(rescaleElasticNet),
      Method("svm",
             "linear SVM: λ/2(‖w‖² + b²) + 1/n Σ max(0, 1 − ỹ(xᵀw + b)), the bias regularised as liblinear's; dual coordinate descent (liblinear's default solver)",
             runSvm)
          .withOptions(join({{choiceOption("loss", "the hinge loss on labels 0/1", {"hinge"}),
                    penaltyWeight(numberOption("lambda", "weight λ of λ/2(‖w‖² + b²) (C = 1/(λn))", 1e-2, 0, true), 2),
                    integerOption("maxIterations", "epochs (passes over the rows) at most", 1000, 1),
                    numberOption("tolerance", "relative duality gap to stop at", 1e-6, 0, true),
                    seedOption("seed of the rows' order in each epoch")}}))
          .rescaledBy(rescaleRegularisedBias)
          .denseOnly(),
  };
}

}  // namespace supclust
