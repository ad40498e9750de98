// Row k-means (kernels/row_kmeans): the answer against brute force over every labelling of a
// few points, its SSE and centres recomputed from its labels, and the row-major entry point
// against the column-major one.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/base/random.hpp"
#include "supclust/kernels/row_kmeans.hpp"

namespace supclust {
namespace {

// The sum of squared distances of each row to the mean of its group.
double groupSse(const Matrix& X, const Labels& labels, int Q) {
  double sse = 0;
  for (int q = 0; q < Q; ++q) {
    RowVector mean = RowVector::Zero(X.cols());
    double count = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      if (labels[static_cast<std::size_t>(i)] == q) mean += X.row(i), count += 1;
    if (count == 0) continue;
    mean /= count;
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      if (labels[static_cast<std::size_t>(i)] == q) sse += (X.row(i) - mean).squaredNorm();
  }
  return sse;
}

Matrix threeClusters(std::uint64_t seed, Eigen::Index perCluster, Eigen::Index d) {
  Random rng(seed);
  Matrix X(3 * perCluster, d);
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index k = 0; k < d; ++k) X(i, k) = 10.0 * static_cast<double>((i / perCluster + k) % 3) + rng.normal();
  return X;
}

TEST(RowKMeans, MatchesBruteForceOverEveryLabellingOfNinePoints) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const Matrix X = threeClusters(seed, 3, 5);  // 9 rows, 3^9 labellings
    double best = HUGE_VAL;
    Labels l(9, 0);
    for (int code = 0; code < 19683; ++code) {
      for (int i = 0, c = code; i < 9; ++i, c /= 3) l[static_cast<std::size_t>(i)] = c % 3;
      best = std::min(best, groupSse(X, l, 3));
    }
    const RowKMeansResult r = rowKMeans(X, 3, 10, seed);
    EXPECT_NEAR(r.sse, best, 1e-10 * best) << seed;
  }
}

TEST(RowKMeans, SseAndCentresAreThoseOfItsLabelsAndTheRowMajorEntryAgrees) {
  Random rng(7);
  Matrix X(60, 13);  // 13 columns: the distance's four running sums and a remainder of one
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index k = 0; k < X.cols(); ++k) X(i, k) = rng.normal() + (i % 4 == 0 ? 3.0 : 0.0);
  const RowKMeansResult r = rowKMeans(X, 4, 3, 11);
  const int G = static_cast<int>(r.centroids.rows());
  EXPECT_NEAR(r.sse, groupSse(X, r.labels, G), 1e-10 * r.sse);
  for (int g = 0; g < G; ++g) {
    RowVector mean = RowVector::Zero(X.cols());
    double count = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      if (r.labels[static_cast<std::size_t>(i)] == g) mean += X.row(i), count += 1;
    ASSERT_GT(count, 0);
    EXPECT_LT((r.centroids.row(g) - mean / count).cwiseAbs().maxCoeff(), 1e-12) << g;
    if (g > 0) EXPECT_LE(r.centroids(g - 1, 0), r.centroids(g, 0));  // ordered by first column
  }
  const RowKMeansResult rowMajor = rowKMeans(RowMatrix(X), 4, 3, 11);
  EXPECT_EQ(rowMajor.labels, r.labels);
  EXPECT_EQ(rowMajor.sse, r.sse);
  EXPECT_EQ(rowMajor.centroids, r.centroids);
}

}  // namespace
}  // namespace supclust
