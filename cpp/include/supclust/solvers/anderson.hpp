// Anderson acceleration (type II; Walker & Ni 2011) of a fixed-point iteration x ← T(x), with
// the safeguard of Zhang, Peng, Ouyang & Deng (2019, "Accelerating ADMM for efficient
// simulation and optimization", §4).
//
// From the last m pairs (x_j, g_j = T(x_j)), with residuals f_j = g_j − x_j, the next point is
//   x⁺ = g_k − Σ_j γ_j (g_{j+1} − g_j),   γ = argmin ‖f_k − Σ_j γ_j (f_{j+1} − f_j)‖,
// a small least-squares problem (m × m normal equations, lightly regularised). Safeguard: if the
// residual ‖T(x⁺) − x⁺‖ of an extrapolated point exceeds the last accepted residual, that point
// is discarded, the iteration resumes from the plain step g_k, and the memory is cleared. The
// caller clears it too whenever T changes (ADMM's ρ). Step bound (ours): an extrapolated point
// farther from g_k than ‖g_k‖ is not taken; the plain step g_k is. Without it, ADMM for OSCAR
// at n < d with tiny penalties diverged (nearly parallel differences, coefficients ~1e6, along
// a direction where the residual stays small).
#pragma once

#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/base/work_team.hpp"

namespace supclust {

class AndersonAcceleration {
 public:
  explicit AndersonAcceleration(int memory) : memory_(memory) {}

  // x is the point T was applied to and g = T(x). Sets x to the next point to apply T to.
  // Returns false when x was an extrapolated point that the safeguard rejected (x is then the
  // last accepted plain step, and g must not be used). Its passes over x run on the team when
  // one is given (the answer's bits do not depend on it).
  bool next(Vector& x, const Vector& g, WorkTeam* team = nullptr);
  void clear();

 private:
  int memory_;
  Matrix dF_, dG_;  // the last memory_ differences, a ring of columns from first_
  Matrix gram_;  // dFᵀdF over the ring's slots
  int first_ = 0, stored_ = 0;
  Vector f_, fPrev_, gPrev_;
  std::vector<double> normal_;  // the k × k normal equations, factorised in place
  Vector gamma_;
  std::vector<const double*> columns_;  // the ring's ΔF then ΔG columns, oldest first
  std::vector<double> partSums_;  // per range of the state: its residual, dot products, step
  double lastResidual_ = 0;  // squared
  bool extrapolated_ = false, started_ = false;
};

}  // namespace supclust
