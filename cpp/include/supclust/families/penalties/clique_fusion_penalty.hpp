// GFLasso's penalty (DFG paper §2): λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j| on each output
// column, with the exact O(d log d) prox of kernels/clique_fusion.
#pragma once

#include "supclust/core/penalty.hpp"
#include "supclust/kernels/clique_fusion.hpp"

namespace supclust {

class CliqueFusionPenalty final : public Penalty {
 public:
  CliqueFusionPenalty(double lambda1, double lambda2) : lambda1_(lambda1), lambda2_(lambda2) {}
  const char* name() const override { return "clique-fusion"; }
  double value(const Matrix& W) const override;
  void prox(Matrix& W, double step) const override;
  // proximalResidual(): exact prox, so 0 iff −G ∈ ∂P(W).
  double optimalityResidual(const Matrix& W, const Matrix& G) const override;

 private:
  double lambda1_, lambda2_;
  mutable CliqueFusionProx prox_;
};

}  // namespace supclust
