// Projected gradient for experts (LwCS Alg. 3 applied to samples, §2.2; the DataCube paper's
// PGK; spec §4). Problem: one predictor w_i per sample, all equal within Q groups,
//   min_W 1/(2n) Σ_i [(y_i − w_iᵀx_i)² + λ‖w_i‖²]  s.t.  W = Z V (rows w_i take ≤ Q values),
// on centred X and y. Step: W − α ∇ (α = 1/(max_i ‖x_i‖² + λ), 1/L for every sample's term;
// a group's curvature — what the centroids descend — can exceed λ_max(XᵀX/n) by up to Q times,
// as k-means groups samples by direction), then the row-clustering projection (k-means++
// and Lloyd on the n rows, seeded restarts, the lowest SSE kept).
// From W = 0; stops when F changes by less than tolerance·F. Returns the partition with the
// lowest F seen (F is not monotone under k-means projections).
#pragma once

#include <cstdint>

#include "supclust/solvers/alternating_experts.hpp"

namespace supclust {

struct ExpertsProjectedGradientOptions {
  int maxIterations = 200;
  double tolerance = 1e-6;
  int restarts = 3;  // k-means++ restarts of each projection
  std::uint64_t seed = 0;
};

ExpertsFit expertsProjectedGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                    const ExpertsProjectedGradientOptions& o, const Control& control);

}  // namespace supclust
