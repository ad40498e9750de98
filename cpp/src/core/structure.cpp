#include "supclust/core/structure.hpp"

#include <algorithm>
#include <numeric>

#include "supclust/kernels/radix_sort.hpp"

namespace supclust {

namespace {
Refusal singleOutputOnly(const char* set, Eigen::Index K) {
  if (K == 1) return {};
  return Refusal("loss", std::string("the ") + set +
                             " projection is exact for one output only; multi-output grouping needs row clustering");
}
}  // namespace

Refusal QValues::check(Eigen::Index, Eigen::Index K) const { return singleOutputOnly(name(), K); }

void QValues::project(Matrix& W, Partition& part) {
  kmeans_.solve(W.data(), static_cast<std::size_t>(W.rows()), Q_, result_);
  part.labels = result_.labels;
  part.centroids =
      Eigen::Map<const Matrix>(result_.centroids.data(), static_cast<Eigen::Index>(result_.centroids.size()), 1);
  for (Eigen::Index j = 0; j < W.rows(); ++j) W(j, 0) = result_.centroids[result_.labels[j]];
}

Refusal SparseQValues::check(Eigen::Index, Eigen::Index K) const { return singleOutputOnly(name(), K); }

void SparseQValues::project(Matrix& W, Partition& part) {
  projector_.solve(W.data(), static_cast<std::size_t>(W.rows()), static_cast<std::size_t>(s_), Q_, result_);
  part.labels = result_.labels;
  part.centroids =
      Eigen::Map<const Matrix>(result_.centroids.data(), static_cast<Eigen::Index>(result_.centroids.size()), 1);
  W.col(0) = Eigen::Map<const Vector>(result_.values.data(), W.rows());
}

void TopS::project(Matrix& W, Partition& part) {
  // Keep the s rows of largest norm (ties: lower index), zero the others.
  const Eigen::Index d = W.rows();
  Vector norms = W.rowwise().norm();
  Matrix kept = Matrix::Zero(d, W.cols());
  std::vector<double> mags(norms.data(), norms.data() + d), mask(static_cast<std::size_t>(d));
  topSThreshold(mags.data(), static_cast<std::size_t>(d), static_cast<std::size_t>(s_), mask.data());
  for (Eigen::Index j = 0; j < d; ++j)
    if (mask[static_cast<std::size_t>(j)] != 0) kept.row(j) = W.row(j);
  W.swap(kept);
  part = partitionOfDistinctRows(W);
}

void RowClusters::project(Matrix& W, Partition& part) {
  const RowKMeansResult r = rowKMeans(W, Q_, restarts_, seed_);
  part.labels = r.labels;
  part.centroids = r.centroids;
  for (Eigen::Index j = 0; j < W.rows(); ++j) W.row(j) = r.centroids.row(r.labels[static_cast<std::size_t>(j)]);
}

std::unique_ptr<Structure> makeGroupStructure(int Q, Eigen::Index K, int restarts, std::uint64_t seed) {
  if (K == 1) return std::make_unique<QValues>(Q);
  return std::make_unique<RowClusters>(Q, restarts, seed);
}

Partition partitionOfDistinctRows(const Matrix& W) {
  const Eigen::Index d = W.rows();
  auto rowLess = [&W](Eigen::Index a, Eigen::Index b) {
    for (Eigen::Index k = 0; k < W.cols(); ++k)
      if (W(a, k) != W(b, k)) return W(a, k) < W(b, k);
    return false;
  };
  // The rows in rowLess order, ties by index. One column (every single-output fit): a radix sort
  // of its non-zero values, the zeros (-0.0 read as +0.0: rowLess has them equal) placed between
  // the negative and the positive ones in index order — the same order in O(d), sorting only
  // what a sparse answer holds.
  std::vector<std::int32_t> order(static_cast<std::size_t>(d));
  if (W.cols() == 1) {
    std::vector<std::int32_t> nonZero, zero;
    for (Eigen::Index j = 0; j < d; ++j) (W(j, 0) != 0 ? nonZero : zero).push_back(static_cast<std::int32_t>(j));
    std::vector<double> keys(nonZero.size());
    for (std::size_t t = 0; t < nonZero.size(); ++t) keys[t] = W(nonZero[t], 0);
    std::vector<std::int32_t> sorted(nonZero.size());
    RadixSorter().sort(keys.data(), keys.size(), sorted.data());
    std::size_t negatives = 0;
    while (negatives < sorted.size() && keys[static_cast<std::size_t>(sorted[negatives])] < 0) ++negatives;
    std::size_t t = 0;
    for (std::size_t s = 0; s < negatives; ++s) order[t++] = nonZero[static_cast<std::size_t>(sorted[s])];
    for (std::int32_t j : zero) order[t++] = j;
    for (std::size_t s = negatives; s < sorted.size(); ++s) order[t++] = nonZero[static_cast<std::size_t>(sorted[s])];
  } else {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), rowLess);
  }
  Partition p;
  p.labels.assign(static_cast<std::size_t>(d), 0);
  std::vector<Eigen::Index> firstOfGroup;
  for (std::size_t t = 0; t < order.size(); ++t) {
    if (t == 0 || rowLess(order[t - 1], order[t])) firstOfGroup.push_back(order[t]);
    p.labels[static_cast<std::size_t>(order[t])] = static_cast<std::int32_t>(firstOfGroup.size() - 1);
  }
  p.centroids.resize(static_cast<Eigen::Index>(firstOfGroup.size()), W.cols());
  for (std::size_t g = 0; g < firstOfGroup.size(); ++g)
    p.centroids.row(static_cast<Eigen::Index>(g)) = W.row(firstOfGroup[g]);
  return p;
}

}  // namespace supclust
