// Clustered multitask learning (DataCube §2.2, §3 and appendix 6.1–6.2; LwCS §7.2).
//
// Problem (soft supervised clustering, SSC):
//   min_{W, b, Z}  Loss(Xc W + 1 bᵀ, T) + λ/2 ‖W‖²_F + H(W, Z)
// with K tasks (the columns of T: one per class for one-vs-all), Z a partition of the tasks into
// Q non-empty clusters and H the clustered multitask penalty minimised over the centres
// (families/tasks/task_clusters.hpp). Solvers:
// - tasksOfPartition: the predictors for a fixed partition (a convex problem).
// - clusteredTasksBlockDescent: exact block descent — Z ← the partition maximising Tr(M WᵀW)
//   (the best one for the current W), W ← tasksOfPartition(Z) — until Z repeats. The objective
//   never increases (a new Z is taken only when it lowers H).
// - clusteredTasksOm (squared loss; the papers' OM): min_W of the objective is linear in M
//   (appendix 6.2), G(M) = const − Tr(M (B₂ − B₁))/(2n) with B_c = Tcᵀ Xc R_c, R_c the ridge fit
//   of Tc with weight λ + c, c₁ = λ_W, c₂ = λ_W λ_B/(λ_W + λ_B). Conditional gradient over
//   hull(M) therefore ends at its first linear oracle: the partition maximising Tr(M (B₂ − B₁)),
//   then the predictors of that partition. When the oracle enumerates (K small) this is the
//   global minimum of the SSC objective over all partitions.
#pragma once

#include <cstdint>

#include "supclust/core/objective.hpp"
#include "supclust/families/tasks/task_clusters.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

namespace supclust {

struct ClusteredTasksOptions {
  int Q = 2;
  TaskClusterWeights weights;
  int maxIterations = 100;  // block descent: partition changes at most
  int restarts = 10;  // the oracle's k-means++ restarts (when it does not enumerate)
  std::uint64_t seed = 1;
  TrustRegionOptions inner{20000, 1e-10};
};

// F: loss + λ/2‖W‖² on the centred design. W0, b0: where trust-region Newton starts (logistic).
// The Result has groups = labels (per task) and centroids = the centres (Q x d), objective F + H.
Result tasksOfPartition(const Objective& F, const Labels& labels, const ClusteredTasksOptions& opt, Matrix W0,
                        RowVector b0, const Control& control);

Result clusteredTasksBlockDescent(const Objective& F, const ClusteredTasksOptions& opt, Matrix W0, RowVector b0,
                                  const Control& control);

// F's loss must be squared.
Result clusteredTasksOm(const Objective& F, const ClusteredTasksOptions& opt, const Control& control);

}  // namespace supclust
