// Feature grouping by penalties (DFG paper, Han & Zhang; spec §3.6): the pairwise penalties
// that pull coefficients together instead of constraining them to Q values.
#include "supclust/core/clique_fusion_penalty.hpp"
#include "supclust/methods/recipes.hpp"

namespace supclust {

// GFLasso: min F(w) + λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j| (+ λ/2‖w‖²), with the exact O(d log d)
// prox of the clique fusion penalty (DFG paper §2, the "graph fused lasso" on the complete graph).
Result runGflasso(const FitContext& c) {
  return penalisedFit(c, CliqueFusionPenalty(c.options.number("lambda1"), c.options.number("lambda2")));
}

}  // namespace supclust
