// Anderson extrapolation of coordinate descent's passes (Bertrand & Massias, "Anderson
// acceleration of coordinate descent", AISTATS 2021, Algorithm 2).
//
// Every `window` passes, from the iterates x_0 … x_K (K = window) after the last K + 1 passes,
// the extrapolated point is Σ_i c_i x_i (i = 1 … K) with the c summing to one that minimise
// ‖Σ_i c_i (x_i − x_{i−1})‖: c = z / Σz, (UᵀU + εI) z = 1, U's columns the K differences (ε a
// 1e-14 share of UᵀU's trace, against rounding alone: UᵀU is singular when the iterates' error has
// fewer modes than the window, and the combination is then exact). The caller
// keeps the point only when it lowers the objective its passes minimise — the passes stay a
// descent method, the extrapolation only jumps ahead along their own drift. On a problem whose
// passes converge linearly at a slow rate (an ill-conditioned active set), it cuts the passes
// several-fold.
#pragma once

#include "supclust/base/types.hpp"

namespace supclust {

class CoordinateExtrapolation {
 public:
  // Iterates of `size` entries (the caller's coordinates in its own order).
  explicit CoordinateExtrapolation(Eigen::Index size, int window = 5);

  // Where to write the iterate the pass just made (size entries).
  Eigen::Ref<Vector> iterate();
  // After window + 1 iterates since the last call that returned a point: the extrapolated point
  // in x (true), or false (too few iterates, or differences too degenerate to combine). Each
  // extrapolation starts the next window.
  bool extrapolate(Vector& x);

 private:
  int window_;
  Matrix iterates_;  // size × (window + 1), written in order
  Matrix differences_;  // U: size × window
  int stored_ = 0;
};

}  // namespace supclust
