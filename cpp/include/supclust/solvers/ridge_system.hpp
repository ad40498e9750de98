// (XcᵀXc/n + c I)⁻¹ applied to d × K right-hand sides, factorised once per c: the quadratic
// step of the ADMM solvers (OSCAR's, DFG's). Cholesky on the short side's Gram matrix; when
// n < d, Woodbury: (XᵀX/n + cI)⁻¹ v = (v − Xᵀ (XXᵀ/n + cI)⁻¹ X v / n) / c.
#pragma once

#include "supclust/core/design.hpp"
#include "supclust/base/types.hpp"

namespace supclust {

class RidgeSystem {
 public:
  explicit RidgeSystem(const CenteredDesign& X);
  void factorise(double c);
  bool ok() const { return ok_; }
  // out = (XᵀX/n + cI)⁻¹ V, without allocating once out has V's shape. The products with X
  // use the SIMD kernels (Eigen's run scalar in wasm).
  void solve(const Matrix& V, Matrix& out);

 private:
  const CenteredDesign& X_;
  double n_, c_ = 1;
  bool wide_;  // n < d: Woodbury through XXᵀ
  Matrix small_, factor_;  // the Gram matrix on the short side; the factor of small_ + cI
  bool ok_ = false;
  Vector xv_, back_;
};

}  // namespace supclust
