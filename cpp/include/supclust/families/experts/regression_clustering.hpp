// Regression clustering (Zhang 2003, "Regression clustering", ICDM) in its K-harmonic-means
// form (RC-KHM), the LwCS paper's RC row (§6.1.1). Q regression functions f_q(x) = c_qᵀx + b_q
// minimise the harmonic average of the residuals,
//   Perf = Σ_i Q / Σ_q e_iq^(−p),   e_iq = |y_i − f_q(x_i)|,
// by its fixed-point iteration: each f_q is the weighted ridge fit with weights
//   u_iq = e_iq^(−p−2) / (Σ_l e_il^(−p))²,
// min Σ_i u_iq (y_i − cᵀx_i − b)² + λ (Σ_i u_iq)‖c‖² (the ridge scaled like the experts': λ times
// the group's weight). Each run starts from the functions of a random partition and stops when
// Perf changes by less than tolerance·Perf; of `restarts` runs the lowest Perf is kept (KHM is
// said to be insensitive to its start, but from a random partition — three nearly equal
// functions — one run in about twenty stops at a fixed point of high Perf even without noise
// dimensions: docs/replication.md, E3). The partition is each sample's nearest function (the
// caller refines it by alternating minimisation).
#pragma once

#include <cstdint>

#include "supclust/families/experts/alternating_experts.hpp"

namespace supclust {

struct RegressionClusteringOptions {
  double power = 3;  // p > 2 (Zhang's KHM uses p ≥ 2)
  int maxIterations = 100;
  double tolerance = 1e-6;
  int restarts = 3;  // runs from seeded random partitions; the lowest Perf is kept
  int threads = 0;  // runs side by side on so many threads (searchThreads); the answer does not depend on it
  std::uint64_t seed = 0;
};

// The lowest-Perf run of o.restarts, started from randomStart(n, Q, ·) with the seeds drawn in
// turn from Random(o.seed); the runs go side by side (runSearches), the answer as if in turn.
ExpertsFit regressionClustering(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                const RegressionClusteringOptions& o, const Control& control);
// One run from the functions of the partition `start` (o.restarts is not read).
ExpertsFit regressionClusteringFrom(const RowMatrix& X, const Vector& y, int Q, double lambda, const Labels& start,
                                    const RegressionClusteringOptions& o, const Control& control);

}  // namespace supclust
