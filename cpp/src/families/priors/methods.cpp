// Weight-grouping priors (Korzeń, Jaroszewicz & Klęsk): GEM and LEM, by our exact
// block descent (the default) or by the paper's conjugate-gradient algorithm (the reference).
// The linear SVM the paper compares them with is in the linear family.
#include "supclust/families/priors/methods.hpp"

#include <algorithm>

#include "supclust/families/priors/grouping_prior_cg.hpp"
#include "supclust/families/priors/grouping_prior_descent.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/multi_start.hpp"
#include "supclust/methods/recipes.hpp"

namespace supclust {

namespace {
// The options of GEM and LEM.
struct PriorOptions : LossField, RidgeField, ConvexSolverFields {
  double gamma = 0;
  int centres = 0;
  std::string algorithm, init;
};
using S = Schema<PriorOptions>;
}  // namespace

namespace {
Result runPrior(const FitContext& c, const PriorOptions& opt, PriorKind kind) {
  GroupingPriorOptions o;
  o.kind = kind;
  o.centres = opt.centres;
  o.gamma = opt.gamma;
  o.maxIterations = opt.maxIterations;
  o.tolerance = opt.tolerance;
  // The paper's algorithm starts from w = 0 (its Figure 2).
  if (opt.algorithm == "paper")
    return groupingPriorConjugateGradient(objectiveOf(c, opt.lambda), o, startCoef(c), startIntercept(c), c.control);
  // Ours: the warm start; else w = 0 with the first assignment from −∇F(0), the direction the
  // paper's algorithm sets off in ("gradient"); or the fit without the prior ("ridge": ridge λ,
  // for the logistic loss at least 1e-4 so that separable data give a finite start); or both,
  // the lower objective kept ("best": block descent stops at a local minimum, and from w = 0 a
  // large γ can hold it far above the one reached from the ridge fit).
  const std::string init = c.warm ? "warm" : opt.init;
  // Block descent from the ridge fit, or from the context's start.
  const auto descend = [&](const FitContext& at, bool fromRidge) {
    Result start;
    if (fromRidge)
      start = smoothFit(at, at.loss.squared() ? opt.lambda : std::max(1e-4, opt.lambda), {o.maxIterations, 1e-8});
    return groupingPriorDescent(objectiveOf(at, opt.lambda), o, fromRidge ? std::move(start.coef) : startCoef(at),
                                fromRidge ? std::move(start.intercept) : startIntercept(at), at.control);
  };
  if (init != "best") return descend(c, init == "ridge");
  // Both starts side by side, counted as a multi-start fit's (a warning when one reached the lower).
  return bestOfStarts(c, 2, [&](const FitContext& at, int k) { return descend(at, k == 1); });
}
}  // namespace

Result runGem(const FitContext& c, const PriorOptions& opt) { return runPrior(c, opt, PriorKind::Gaussian); }
Result runLem(const FitContext& c, const PriorOptions& opt) { return runPrior(c, opt, PriorKind::Laplace); }

Refusal checkPrior(const PriorOptions& opt, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  if (K > 1 && opt.algorithm == "paper")
    return Refusal("algorithm", "option 'algorithm': the paper's algorithm fits one output; the multinomial loss's " +
                                    std::to_string(K) + " outputs need 'exact'");
  const Refusal why = checkKMeans1D(static_cast<std::size_t>(d), opt.centres);
  return why.empty() ? why : Refusal("centres", "option 'centres': " + why.detail);
}

namespace {
// γ has no default: at 0 GEM and LEM are the plain fit, and the scale at which they group depends
// on the data (the tables search a grid of γ). Its degree: 2 for GEM's squares, 1 for LEM.
S priorOptions(int degree) {
  S s("method");
  ridgeField(binaryOrSoftmaxLoss(s))
      .number("gamma", &PriorOptions::gamma, "weight γ of the prior (required: 0 is the fit without it)", 0, 0)
      .degree(degree)
      .required()
      .integer("centres", &PriorOptions::centres, "the number s of centres (groups of weights)", 3, 1)
      .fewerIsSimpler()
      .choice("algorithm", &PriorOptions::algorithm,
              "exact: block descent with exact 1-D k-means / k-median (ours); paper: conjugate gradients with s-means "
              "/ s-medians updates (the paper's)",
              {"exact", "paper"})
      .choice("init", &PriorOptions::init,
              "start of the exact algorithm: best: both of the others (side by side, counted as two starts), the lower "
              "objective kept; gradient: w = 0, first groups from −∇F(0) (the features' covariances with the target); "
              "ridge: the fit without the prior",
              {"best", "gradient", "ridge"});
  return convexSolverFields(s, 20000);
}
}  // namespace

std::vector<Method> priorsMethods() {
  return {
      Method("gem",
             "GEM: γ Σ_j min_k (w_j − c_k)², the Gaussian extremal-mixture prior, s centres learnt with w "
             "(weight-grouping priors paper); exact block descent: convex fit for the assignment, exact 1-D k-means "
             "for the centres",
             priorOptions(2).suggest("gamma", 1, 0), runGem)
          .checkShape(checkPrior)
          .dependsOnStart()
          .weighted(),
      Method(
          "lem",
          "LEM: γ Σ_j min_k |w_j − c_k|, the Laplace extremal-mixture prior, s centres learnt with w (weight-grouping "
          "priors paper); exact block descent: convex fit for the assignment, exact 1-D k-median for the centres",
          priorOptions(1).suggest("gamma", 5e-3, 0), runLem)
          .checkShape(checkPrior)
          .dependsOnStart()
          .weighted(),
  };
}

}  // namespace supclust
