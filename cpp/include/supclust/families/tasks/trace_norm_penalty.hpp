// μ ‖W‖_*, the trace (nuclear) norm: the sum of the singular values of W (d x K). It couples
// the outputs (a low-rank prior on multitask predictors; the DataCube paper's "trace" baseline,
// as in Ciliberto et al. 2015). Its prox is singular value thresholding, W = U Σ Vᵀ → U max(Σ − step·μ,
// 0) Vᵀ, computed from the eigendecomposition of the K × K matrix WᵀW (O(d K²), no SVD of W).
// Certificate: the generic proximal residual.
#pragma once

#include "supclust/core/penalty.hpp"

namespace supclust {

class TraceNormPenalty final : public Penalty {
 public:
  explicit TraceNormPenalty(double mu) : mu_(mu) {}
  const char* name() const override { return "trace norm"; }
  double value(const Matrix& W) const override;
  void prox(Matrix& W, double step) const override;
  double optimalityResidual(const Matrix& W, const Matrix& G) const override { return proximalResidual(*this, W, G); }

 private:
  double mu_;
};

}  // namespace supclust
