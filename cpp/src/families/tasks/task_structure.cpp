#include "supclust/families/tasks/task_structure.hpp"

#include "supclust/kernels/gram_partition.hpp"

namespace supclust {

Refusal TaskClusters::check(Eigen::Index, Eigen::Index K) const {
  if (Q_ > K)
    return Refusal(
        "Q", "at most one cluster per task (Q = " + std::to_string(Q_) + ", K = " + std::to_string(K) + " tasks)");
  return {};
}

void TaskClusters::project(Matrix& W, Partition& part) {
  part.labels = bestGramPartition(W, W, Q_, restarts_, seed_).labels;
  part.centroids = Matrix::Zero(Q_, W.rows());
  Vector sizes = Vector::Zero(Q_);
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    part.centroids.row(part.labels[static_cast<std::size_t>(k)]) += W.col(k).transpose();
    sizes[part.labels[static_cast<std::size_t>(k)]] += 1;
  }
  for (int q = 0; q < Q_; ++q)
    if (sizes[q] > 0) part.centroids.row(q) /= sizes[q];
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    W.col(k) = part.centroids.row(part.labels[static_cast<std::size_t>(k)]).transpose();
}

}  // namespace supclust
