// The hard clustered-tasks constraint (DataCube §2, after Jacob et al.): the K task predictors
// take at most Q distinct columns, projected exactly (or by restarted k-means) through their
// Gram matrix.
#pragma once

#include <cstdint>

#include "supclust/core/structure.hpp"

namespace supclust {

// Columns of W (d x K: one predictor per task) take at most Q distinct values: the k-means of
// the K columns given their Gram matrix WᵀW (gram_partition.hpp: exact by enumeration for small
// K), each column replaced by its group's mean. Labels per task; centroids Q x d (row q: the
// shared predictor of group q). The projection of hard clustered multitask learning.
class TaskClusters final : public Structure {
 public:
  TaskClusters(int Q, int restarts, std::uint64_t seed) : Q_(Q), restarts_(restarts), seed_(seed) {}
  const char* name() const override { return "task clusters"; }
  Refusal check(Eigen::Index d, Eigen::Index K) const override;
  void project(Matrix& W, Partition& part) override;

 private:
  int Q_, restarts_;
  std::uint64_t seed_;
};

}  // namespace supclust
