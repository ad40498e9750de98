// P(W) − ⟨C, W⟩: a convex penalty tilted by a linear term, the subproblem of DC programming
// once the concave part is linearised. Its prox is P's at the shifted point:
// argmin ½‖X − V‖² + t(P(X) − ⟨C, X⟩) = prox_{tP}(V + tC); its certificate is P's with G − C.
#pragma once

#include "supclust/core/penalty.hpp"

namespace supclust {

class TiltedPenalty final : public Penalty {
 public:
  TiltedPenalty(const Penalty& P, Matrix C) : P_(P), C_(std::move(C)) {}
  const char* name() const override { return P_.name(); }
  double value(const Matrix& W) const override { return P_.value(W) - C_.cwiseProduct(W).sum(); }
  void prox(Matrix& W, double step) const override {
    W += step * C_;
    P_.prox(W, step);
  }
  double optimalityResidual(const Matrix& W, const Matrix& G) const override {
    return P_.optimalityResidual(W, G - C_);
  }

 private:
  const Penalty& P_;
  Matrix C_;
};

}  // namespace supclust
