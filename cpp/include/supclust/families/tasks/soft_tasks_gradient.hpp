// The soft clustered-tasks problem (SSC) by projected gradient: DataCube §3.2, Algorithm 1.
//
// Problem:  min_{W, b, V}  φ(W, b, V) = F(W, b) + λ_W/2 ‖W − V‖² + ½ Tr(V (λ_B Π + λ_M Γ) Vᵀ)
// with F = Loss(Xc W + 1 bᵀ, T) + λ/2 ‖W‖², V = C Zᵀ (the K columns of V take Q values: Z a
// partition of the tasks into Q clusters) and Π, Γ as in task_clusters.hpp. Each step moves
// (W, b) and V along −∇φ with one step length γ and projects V on the Q-valued matrices — the
// clustering of its columns (TaskClusters: exact when the partitions can be enumerated, k-means++
// restarts beyond) —; γ adapts as in IHC (step_backtracking.hpp: a step is taken only when φ falls).
// Stops when φ's decrease is below tolerance·max(1, |φ|) (the paper's |φ_t − φ_{t−1}| < ε, made
// relative) or when no step length lowers φ. The answer reports the SSC objective of the final
// (W, b, Z) with the centres at their best for Z (F + H, as clusteredTasksBlockDescent does).
#pragma once

#include "supclust/families/tasks/clustered_tasks.hpp"
#include "supclust/solvers/step_backtracking.hpp"

namespace supclust {

struct SoftTasksGradientOptions {
  int maxIterations = 500;
  double tolerance = 1e-8;
  StepBacktracking step;
};

// F: loss + λ/2‖W‖² on the centred design; W0, b0: the start (V starts at W0's projection).
Result softTasksProjectedGradient(const Objective& F, const ClusteredTasksOptions& tasks,
                                  const SoftTasksGradientOptions& opt, Matrix W0, RowVector b0, const Control& control);

}  // namespace supclust
