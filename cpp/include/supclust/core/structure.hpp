// Structures: possibly non-convex constraint sets on the coefficients W (d x K) with an exact
// projection. project() replaces W by its projection and reports the partition of its items
// (labels into the rows of centroids): the features, or the tasks (families/tasks). One class
// per set; kernels do the work.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "supclust/base/types.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/row_kmeans.hpp"
#include "supclust/kernels/sparse_groups.hpp"

namespace supclust {

struct Partition {
  Labels labels;
  Matrix centroids;  // G x K
};

class Structure {
 public:
  virtual ~Structure() = default;
  virtual const char* name() const = 0;
  // "" when the set can be projected onto for coefficients of shape d x K.
  virtual Refusal check(Eigen::Index d, Eigen::Index K) const = 0;
  virtual void project(Matrix& W, Partition& part) = 0;
};

// At most Q distinct coefficient values: exact 1-D k-means (IHC paper §3).
class QValues final : public Structure {
 public:
  explicit QValues(int Q) : Q_(Q) {}
  const char* name() const override { return "Q-values"; }
  Refusal check(Eigen::Index d, Eigen::Index K) const override;
  void project(Matrix& W, Partition& part) override;

 private:
  int Q_;
  KMeans1D kmeans_;
  KMeans1DResult result_;
};

// At most s non-zeros taking at most Q distinct values: exact DP (IHC paper §4.1).
class SparseQValues final : public Structure {
 public:
  SparseQValues(int s, int Q) : s_(s), Q_(Q) {}
  const char* name() const override { return "s-sparse Q-values"; }
  Refusal check(Eigen::Index d, Eigen::Index K) const override;
  void project(Matrix& W, Partition& part) override;

 private:
  int s_, Q_;
  SparseGroupsProjector projector_;
  SparseGroupsResult result_;
};

// At most s non-zero coefficients (rows of W): hard thresholding, for IHT.
class TopS final : public Structure {
 public:
  explicit TopS(int s) : s_(s) {}
  const char* name() const override { return "top-s"; }
  Refusal check(Eigen::Index, Eigen::Index) const override { return {}; }
  void project(Matrix& W, Partition& part) override;

 private:
  int s_;
};

// Rows of W (d x K, K > 1) take at most Q distinct values: k-means++ with restarts,
// the projection for one-vs-all models whose K classifiers share one partition.
class RowClusters final : public Structure {
 public:
  RowClusters(int Q, int restarts, std::uint64_t seed) : Q_(Q), restarts_(restarts), seed_(seed) {}
  const char* name() const override { return "row clusters"; }
  Refusal check(Eigen::Index, Eigen::Index) const override { return {}; }
  void project(Matrix& W, Partition& part) override;

 private:
  int Q_, restarts_;
  std::uint64_t seed_;
};

// The structure for "≤ Q distinct coefficient values" at K outputs: exact for K = 1.
std::unique_ptr<Structure> makeGroupStructure(int Q, Eigen::Index K, int restarts, std::uint64_t seed);

// Groups the distinct rows of W exactly (no constraint): the partition of an unstructured fit.
Partition partitionOfDistinctRows(const Matrix& W);

}  // namespace supclust
