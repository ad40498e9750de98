// Structures: possibly non-convex constraint sets on the coefficients W (d x K) with an exact
// projection. project() replaces W by its projection and reports the partition of the
// features (labels into the rows of centroids). One class per set; kernels do the work.
#pragma once

#include <string>

#include "supclust/core/types.hpp"
#include "supclust/kernels/kmeans1d.hpp"
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
  virtual std::string check(Eigen::Index d, Eigen::Index K) const = 0;
  virtual void project(Matrix& W, Partition& part) = 0;
};

// At most Q distinct coefficient values: exact 1-D k-means (spec §1.1).
class QValues final : public Structure {
 public:
  explicit QValues(int Q) : Q_(Q) {}
  const char* name() const override { return "Q-values"; }
  std::string check(Eigen::Index d, Eigen::Index K) const override;
  void project(Matrix& W, Partition& part) override;

 private:
  int Q_;
  KMeans1D kmeans_;
  KMeans1DResult result_;
};

// At most s non-zeros taking at most Q distinct values: exact DP (spec §1.2).
class SparseQValues final : public Structure {
 public:
  SparseQValues(int s, int Q) : s_(s), Q_(Q) {}
  const char* name() const override { return "s-sparse Q-values"; }
  std::string check(Eigen::Index d, Eigen::Index K) const override;
  void project(Matrix& W, Partition& part) override;

 private:
  int s_, Q_;
  SparseGroupsProjector projector_;
  SparseGroupsResult result_;
};

// Groups the distinct rows of W exactly (no constraint): the partition of an unstructured fit.
Partition partitionOfDistinctRows(const Matrix& W);

}  // namespace supclust
