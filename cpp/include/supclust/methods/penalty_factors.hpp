// Per-feature penalty factors (glmnet's penalty.factor) on an ℓ1-like weight: one number ≥ 0 per
// feature, rescaled to sum to d (glmnet's rule, so that λ keeps its meaning); 0 leaves a feature
// unpenalised. The lasso and elastic net read them on their penalty, the fusion penalties (GFLasso,
// DFG, ADFG) on their λ1.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "supclust/methods/registry.hpp"
#include "supclust/methods/schema.hpp"

namespace supclust {

// The member the declaration fills; a method's options struct inherits it.
struct PenaltyFactorField {
  std::optional<std::vector<double>> penaltyFactor;
};

// `penaltyFactor`, of the weight named `of` (its description's words), `note` after.
template <class T>
Schema<T>& penaltyFactorField(Schema<T>& s, const std::string& of, const std::string& note = "") {
  return s.numbers("penaltyFactor", &T::penaltyFactor,
                   "per-feature factors ≥ 0 of " + of +
                       " (glmnet's penalty.factor: 0 leaves a feature unpenalised; rescaled to sum to d)" + note,
                   0);
}

// The factors as the solvers read them (rescaled to sum to d), or nothing when not given.
std::optional<Vector> penaltyFactors(const PenaltyFactorField& o);

// One factor per feature, not all zero: "" or the refusal naming penaltyFactor.
Refusal checkPenaltyFactor(const PenaltyFactorField& o, Eigen::Index d);

// A path's top along an ℓ1-like weight with these factors: max_j ‖G_j‖∞ / pf_j over the penalised
// features (‖G‖∞ without factors), per unit of the ray's first weight; of kind `kind` when every
// feature is penalised, else a scale (the unpenalised features are fitted at every point).
PathTop factorTop(const std::optional<Vector>& pf, const PathData& data, TopKind kind);

}  // namespace supclust
