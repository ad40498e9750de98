// Feature grouping by penalties (DFG paper, Han & Zhang; spec §3.6): the pairwise penalties
// that pull coefficients together instead of constraining them to Q values.
#include "supclust/core/clique_fusion_penalty.hpp"
#include "supclust/core/tilted_penalty.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/dc_programming.hpp"
#include "supclust/solvers/dfg_admm.hpp"

namespace supclust {

// GFLasso: min F(w) + λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j| (+ λ/2‖w‖²), with the exact O(d log d)
// prox of the clique fusion penalty (DFG paper §2, the "graph fused lasso" on the complete graph).
Result runGflasso(const FitContext& c) {
  return penalisedFit(c, CliqueFusionPenalty(c.options.number("lambda1"), c.options.number("lambda2")));
}

// ncFGS: min F(w) + λ1‖w‖₁ + λ2 Σ_{i<j} ||w_i| − |w_j|| (+ λ/2‖w‖²), non-convex (DFG paper §2,
// after Yang et al. 2012). Since ||a| − |b|| = 2 max(|a|, |b|) − |a| − |b|, the penalty is
// g − h with g = λ1‖w‖₁ + 2λ2 Σ_{i<j} max(|w_i|, |w_j|) (OSCAR's, an OWL norm with weights
// λ1 + 2λ2(d − k)) and h = λ2(d − 1)‖w‖₁. DC programming linearises h at the current point
// (∇h = λ2(d − 1) sign(w)) and solves the tilted OSCAR problem with the OWL prox, from the
// previous point; the objective never increases.
Result runNcfgs(const FitContext& c) {
  const double lambda1 = c.options.number("lambda1"), lambda2 = c.options.number("lambda2");
  const auto d = static_cast<std::size_t>(c.X.cols());
  const OwlPenalty g(oscarWeights(d, lambda1, 2 * lambda2));
  const Objective F = objectiveOf(c, c.options.number("lambda"));
  DcProblem problem;
  problem.concaveGradient = [&](const Matrix& W) -> Matrix {
    return (lambda2 * static_cast<double>(d - 1)) * W.unaryExpr([](double x) { return static_cast<double>((x > 0) - (x < 0)); });
  };
  problem.solveTilted = [&](const Matrix& C, const Result& from) {
    return penalisedFit(c, TiltedPenalty(g, C), from.coef, from.intercept);
  };
  problem.objective = [&](const Result& r) {
    double penalty = 0;
    for (Eigen::Index k = 0; k < r.coef.cols(); ++k) {
      const Vector magnitude = r.coef.col(k).cwiseAbs();
      penalty += lambda1 * magnitude.sum() + lambda2 * cliqueFusionSum(magnitude.data(), d);
    }
    return F.value(r.coef, r.intercept) + penalty;
  };
  Result start;
  start.coef = startCoef(c);
  start.intercept = startIntercept(c);
  return dcProgramming(problem, std::move(start), {c.options.integer("dcIterations"), c.options.number("dcTolerance")}, c.control);
}

// DFG: min F(w) + λ1‖w‖₁ + λ2 Σ_i Σ_{j<k; j,k≠i} max(|w_i − w_j|, |w_i − w_k|) (+ λ/2‖w‖²), squared
// loss, by ADMM over the blocks D_i w (solvers/dfg_admm: O(d²) memory, never the paper's T3).
Result runDfg(const FitContext& c) {
  const Objective F = objectiveOf(c, c.options.number("lambda"));
  // Plain ADMM: Anderson acceleration of the 2d²-long state cut the iterations by 11–70% at
  // d = 300, n = 200, but cost 17% more per step, and the slow fits (small λ) got slower.
  Result r = dfgAdmm(F, c.options.number("lambda1"), c.options.number("lambda2"), startCoef(c),
                     {c.options.integer("maxIterations"), c.options.number("tolerance"), 0}, c.control);
  return withDistinctRows(std::move(r));
}

}  // namespace supclust
