// Single-sample exchange for regression experts (ours: Hartigan and Wong's exchange step for
// k-means, carried to the ridge experts of expert_predictors.hpp). At a fixed point of
// alternating minimisation every sample sits at its cheapest expert, yet moving one sample can
// still lower
//   F = 1/(2n) Σ_q V_q,   V_q = min over (c, b) of Σ_{i ∈ G_q} (y_i − cᵀx_i − b)² + λ s_q ‖c‖²,
// because the move refits both experts it touches. For sample i of group a (s_a ≥ 2) and each
// other group b the change of F·2n is predicted in O(d²) from a's and b's factors:
//   leaving a:  −e_ia² / (1 − h_ia) − λ‖c_a‖²,     joining b:  e_ib² / (1 + h_ib) + λ‖c_b‖²,
// with e the residual and h = 1/s + (x − x̄)ᵀ(Σ_c + λ s I)⁻¹(x − x̄) the leverage (Σ_c the group's
// centred Gram matrix): exact for λ = 0, the λ terms the first-order change of the ridge weight
// λ s. The best predicted move of a sample is checked by refitting both groups exactly from their
// sums, and made only when F falls by more than 1e-10 of the centred Σy²; groups a and b are then
// refactored. Sweeps over the samples repeat until one moves none, so F falls strictly at every
// move and the search ends. With observation weights (the groups' own) a sample of weight ω moves
// as ω copies: the predictions ∓ω e²/(1 ∓ ωh) ∓ ωλ‖c‖², the refits from the weighted sums; a
// sample of weight 0 is not moved (no fit changes).
#pragma once

#include <functional>

#include "supclust/families/experts/expert_predictors.hpp"

namespace supclust {

// Moves single samples between `groups` (which hold `labels`, the partition of X's rows) while a
// move lowers F; true when one did. `labels` and `groups` end on the new partition. `keepGoing`
// is asked before each exact check; false stops the search where it is.
bool exchangeSamples(const RowMatrix& X, const Vector& y, double lambda, ExpertGroups& groups, Labels& labels,
                     const std::function<bool()>& keepGoing);

}  // namespace supclust
