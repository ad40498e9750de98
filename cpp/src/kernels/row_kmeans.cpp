#include "supclust/kernels/row_kmeans.hpp"

#include <algorithm>
#include <numeric>

#include "supclust/data/random.hpp"

namespace supclust {

namespace {
double assign(const Matrix& X, const Matrix& C, Labels& labels) {
  double sse = 0;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    Eigen::Index best = 0;
    double bestD = (C.row(0) - X.row(i)).squaredNorm();
    for (Eigen::Index g = 1; g < C.rows(); ++g) {
      const double dist = (C.row(g) - X.row(i)).squaredNorm();
      if (dist < bestD) {
        bestD = dist;
        best = g;
      }
    }
    labels[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(best);
    sse += bestD;
  }
  return sse;
}

Matrix seedPlusPlus(const Matrix& X, Eigen::Index G, Random& rng) {
  const Eigen::Index m = X.rows();
  Matrix C(G, X.cols());
  C.row(0) = X.row(static_cast<Eigen::Index>(rng.below(static_cast<std::uint64_t>(m))));
  Vector dist(m);
  for (Eigen::Index i = 0; i < m; ++i) dist[i] = (X.row(i) - C.row(0)).squaredNorm();
  for (Eigen::Index g = 1; g < G; ++g) {
    const double total = dist.sum();
    Eigen::Index pick = 0;
    if (total > 0) {
      double u = rng.uniform() * total;
      while (pick < m - 1 && (u -= dist[pick]) > 0) ++pick;
    } else {
      pick = static_cast<Eigen::Index>(rng.below(static_cast<std::uint64_t>(m)));
    }
    C.row(g) = X.row(pick);
    for (Eigen::Index i = 0; i < m; ++i) dist[i] = std::min(dist[i], (X.row(i) - C.row(g)).squaredNorm());
  }
  return C;
}
}  // namespace

RowKMeansResult rowKMeans(const Matrix& X, int Q, int restarts, std::uint64_t seed, int maxIterations) {
  Random rng(seed);
  const Eigen::Index m = X.rows(), G = std::min<Eigen::Index>(Q, m);
  RowKMeansResult best;
  best.sse = HUGE_VAL;
  Labels labels(static_cast<std::size_t>(m));
  for (int r = 0; r < std::max(1, restarts); ++r) {
    Matrix C = seedPlusPlus(X, G, rng);
    double sse = assign(X, C, labels);
    for (int it = 0; it < maxIterations; ++it) {
      Matrix sum = Matrix::Zero(G, X.cols());
      Vector count = Vector::Zero(G);
      for (Eigen::Index i = 0; i < m; ++i) {
        sum.row(labels[static_cast<std::size_t>(i)]) += X.row(i);
        count[labels[static_cast<std::size_t>(i)]] += 1;
      }
      for (Eigen::Index g = 0; g < G; ++g)
        if (count[g] > 0) C.row(g) = sum.row(g) / count[g];  // an empty cluster keeps its centre
      const double next = assign(X, C, labels);
      const bool done = next >= sse;
      sse = next;
      if (done) break;
    }
    if (sse < best.sse) {
      best.sse = sse;
      best.labels = labels;
      best.centroids = C;
    }
  }
  // Drop empty clusters and order the centres lexicographically.
  std::vector<Eigen::Index> used;
  for (Eigen::Index g = 0; g < G; ++g)
    if (std::find(best.labels.begin(), best.labels.end(), g) != best.labels.end()) used.push_back(g);
  std::sort(used.begin(), used.end(), [&](Eigen::Index a, Eigen::Index b) {
    for (Eigen::Index k = 0; k < X.cols(); ++k)
      if (best.centroids(a, k) != best.centroids(b, k)) return best.centroids(a, k) < best.centroids(b, k);
    return a < b;
  });
  std::vector<std::int32_t> newLabel(static_cast<std::size_t>(G), -1);
  Matrix C(static_cast<Eigen::Index>(used.size()), X.cols());
  for (std::size_t g = 0; g < used.size(); ++g) {
    newLabel[static_cast<std::size_t>(used[g])] = static_cast<std::int32_t>(g);
    C.row(static_cast<Eigen::Index>(g)) = best.centroids.row(used[g]);
  }
  for (auto& l : best.labels) l = newLabel[static_cast<std::size_t>(l)];
  best.centroids = C;
  return best;
}

}  // namespace supclust
