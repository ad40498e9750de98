// Weight-grouping priors (Korzeń, Jaroszewicz & Klęsk; spec §3.7): GEM and LEM, by our exact
// block descent (the default) or by the paper's conjugate-gradient algorithm (the reference);
// and the linear SVM the paper compares them with.
#include <algorithm>

#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/dual_coordinate_descent.hpp"
#include "supclust/solvers/grouping_prior_cg.hpp"
#include "supclust/solvers/grouping_prior_descent.hpp"

namespace supclust {

namespace {
Result runPrior(const FitContext& c, PriorKind kind) {
  GroupingPriorOptions o;
  o.kind = kind;
  o.centres = c.options.integer("centres");
  o.gamma = c.options.number("gamma");
  o.maxIterations = c.options.integer("maxIterations");
  o.tolerance = c.options.number("tolerance");
  const Objective F = objectiveOf(c, c.options.number("lambda"));
  // The paper's algorithm starts from w = 0 (its Figure 2).
  if (c.options.choice("algorithm") == "paper")
    return groupingPriorConjugateGradient(F, o, startCoef(c), startIntercept(c), c.control);
  // Ours: the warm start; else w = 0 with the first assignment from −∇F(0), the direction the
  // paper's algorithm sets off in ("gradient"); or the fit without the prior ("ridge": ridge λ,
  // for the logistic loss at least 1e-4 so that separable data give a finite start); or both,
  // the lower objective kept ("best": block descent stops at a local minimum, and from w = 0 a
  // large γ can hold it far above the one reached from the ridge fit).
  const std::string init = c.warm ? "warm" : c.options.choice("init");
  const auto fromRidge = [&] {
    const double ridge = c.loss.squared() ? c.options.number("lambda") : std::max(1e-4, c.options.number("lambda"));
    Result start = smoothFit(c, ridge, {o.maxIterations, 1e-8});
    return groupingPriorDescent(F, o, std::move(start.coef), std::move(start.intercept), c.control);
  };
  if (init == "ridge") return fromRidge();
  Result r = groupingPriorDescent(F, o, startCoef(c), startIntercept(c), c.control);
  if (init != "best" || r.status == Status::Aborted) return r;
  Result other = fromRidge();
  if (other.status == Status::Aborted) return other;
  const int iterations = r.iterations + other.iterations;
  if (other.objective < r.objective) r = std::move(other);
  r.iterations = iterations;
  return r;
}
}  // namespace

Result runGem(const FitContext& c) { return runPrior(c, PriorKind::Gaussian); }
Result runLem(const FitContext& c) { return runPrior(c, PriorKind::Laplace); }

// The paper's linear-SVM baseline (LibLinear's default): dual coordinate descent.
Result runSvm(const FitContext& c) {
  DualCoordinateDescentOptions o{c.options.integer("maxIterations"), c.options.number("tolerance"), c.options.seed()};
  return withDistinctRows(linearSvm(c.X, c.T.col(0), c.options.number("lambda"), o, c.control));
}

std::string checkPrior(const Options& o, Eigen::Index, Eigen::Index d, Eigen::Index) {
  const std::string why = checkKMeans1D(static_cast<std::size_t>(d), o.integer("centres"));
  return why.empty() ? "" : "option 'centres': " + why.substr(why.find(':') + 2);
}

}  // namespace supclust
