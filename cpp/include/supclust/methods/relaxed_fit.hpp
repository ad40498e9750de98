// The relaxed refit (option `relax`; glmnet's relax at γ = 0, SLOPE's relaxed fit): a penalised
// answer's pattern kept, its penalty dropped. The pattern is the partition of the features by
// equal coefficient rows: the features whose row is zero stay at zero, each group of equal
// non-zero rows shares one row θ_g (K outputs), and
//   min_{θ ∈ R^{G×K}, b}  loss(Xc P θ + 1 bᵀ, T),   P the d × G indicator of the non-zero groups,
// is solved by the smooth fit without a ridge term (recipes' smoothFit: minimum-norm least
// squares for the squared losses, trust-region Newton for the logistic ones; where the classes
// are separable on the groups no finite minimum exists, the refit stops where the gradient is
// below its tolerance, and the model carries a warning); coef = P θ. The multinomial loss is
// refused: its K coefficient rows are identified by the penalty alone (adding one vector to every
// class changes no probability).
#pragma once

#include "supclust/base/refusal.hpp"
#include "supclust/base/types.hpp"
#include "supclust/methods/options.hpp"

namespace supclust {

struct FitContext;
class Loss;

// The option the relaxable methods declare (Method::relaxes()).
const OptionSpec& relaxOption();
// The losses a relaxed refit takes: "" when `loss` is one, else the refusal naming relax.
Refusal checkRelax(const Loss& loss);
// The relaxed refit of a penalised answer on the context's data, in the recipes' (centred)
// parametrisation: objective the refit's loss; iterations the penalised fit's and the refit's;
// history the penalised fit's; a penalised answer that did not converge keeps its status.
Result relaxedRefit(const FitContext& c, Result penalised);

}  // namespace supclust
