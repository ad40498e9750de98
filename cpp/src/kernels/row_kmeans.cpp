#include "supclust/kernels/row_kmeans.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "supclust/base/random.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

namespace {
// Squared distances by the kernel of dense.hpp (four running sums per distance, several
// distances at once): the same bits natively and in wasm.
double assign(const RowMatrix& X, const RowMatrix& C, Labels& labels) {
  const auto d = static_cast<std::size_t>(X.cols()), G = static_cast<std::size_t>(C.rows());
  std::vector<double> dist(G);
  double sse = 0;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    squaredDistances(X.row(i).data(), C.data(), d, G, d, dist.data());
    Eigen::Index best = 0;
    double bestD = dist[0];
    for (std::size_t g = 1; g < G; ++g) {
      if (dist[g] < bestD) {
        bestD = dist[g];
        best = static_cast<Eigen::Index>(g);
      }
    }
    labels[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(best);
    sse += bestD;
  }
  return sse;
}

RowMatrix seedPlusPlus(const RowMatrix& X, Eigen::Index G, Random& rng) {
  const Eigen::Index m = X.rows(), d = X.cols();
  RowMatrix C(G, d);
  C.row(0) = X.row(static_cast<Eigen::Index>(rng.below(static_cast<std::uint64_t>(m))));
  Vector dist(m), next(m);
  squaredDistances(C.row(0).data(), X.data(), static_cast<std::size_t>(d), static_cast<std::size_t>(m),
                   static_cast<std::size_t>(d), dist.data());
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
    squaredDistances(C.row(g).data(), X.data(), static_cast<std::size_t>(d), static_cast<std::size_t>(m),
                     static_cast<std::size_t>(d), next.data());
    for (Eigen::Index i = 0; i < m; ++i) dist[i] = std::min(dist[i], next[i]);
  }
  return C;
}
}  // namespace

void sumRowsByGroup(const RowMatrix& rows, const Labels& labels, RowMatrix& sums, Vector& counts) {
  sums.setZero();
  counts = Vector::Zero(sums.rows());
  const auto d = static_cast<std::size_t>(rows.cols());
  for (Eigen::Index i = 0; i < rows.rows(); ++i) {
    const std::int32_t g = labels[static_cast<std::size_t>(i)];
    axpy(1.0, rows.row(i).data(), sums.row(g).data(), d);  // Eigen runs scalar in wasm
    counts[g] += 1;
  }
}

// The rows and the centres are kept row-major (each point contiguous): Lloyd's passes read every
// row once per centre, and a column-major row is d cache lines apart.
RowKMeansResult rowKMeans(const Matrix& rows, int Q, int restarts, std::uint64_t seed, int maxIterations) {
  return rowKMeans(RowMatrix(rows), Q, restarts, seed, maxIterations);
}

RowKMeansResult rowKMeans(const RowMatrix& X, int Q, int restarts, std::uint64_t seed, int maxIterations) {
  Random rng(seed);
  const Eigen::Index m = X.rows(), G = std::min<Eigen::Index>(Q, m);
  RowKMeansResult best;
  best.sse = HUGE_VAL;
  RowMatrix bestCentres;
  Labels labels(static_cast<std::size_t>(m));
  RowMatrix sum(G, X.cols());
  Vector count(G);
  for (int r = 0; r < std::max(1, restarts); ++r) {
    RowMatrix C = seedPlusPlus(X, G, rng);
    double sse = assign(X, C, labels);
    for (int it = 0; it < maxIterations; ++it) {
      sumRowsByGroup(X, labels, sum, count);
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
      bestCentres = C;
    }
  }
  // Drop empty clusters and order the centres lexicographically.
  std::vector<Eigen::Index> used;
  for (Eigen::Index g = 0; g < G; ++g)
    if (std::find(best.labels.begin(), best.labels.end(), g) != best.labels.end()) used.push_back(g);
  std::sort(used.begin(), used.end(), [&](Eigen::Index a, Eigen::Index b) {
    for (Eigen::Index k = 0; k < X.cols(); ++k)
      if (bestCentres(a, k) != bestCentres(b, k)) return bestCentres(a, k) < bestCentres(b, k);
    return a < b;
  });
  std::vector<std::int32_t> newLabel(static_cast<std::size_t>(G), -1);
  Matrix C(static_cast<Eigen::Index>(used.size()), X.cols());
  for (std::size_t g = 0; g < used.size(); ++g) {
    newLabel[static_cast<std::size_t>(used[g])] = static_cast<std::int32_t>(g);
    C.row(static_cast<Eigen::Index>(g)) = bestCentres.row(used[g]);
  }
  for (auto& l : best.labels) l = newLabel[static_cast<std::size_t>(l)];
  best.centroids = C;
  return best;
}

}  // namespace supclust
