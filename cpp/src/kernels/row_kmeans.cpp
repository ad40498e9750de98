#include "supclust/kernels/row_kmeans.hpp"

#include <algorithm>
#include <numeric>

#include "supclust/data/random.hpp"

namespace supclust {

namespace {
// Four running sums (independent additions pipeline; the same order natively and in wasm).
double squaredDistance(const double* a, const double* b, Eigen::Index d) {
  double s[4] = {0, 0, 0, 0};
  Eigen::Index k = 0;
  for (; k + 4 <= d; k += 4)
    for (int l = 0; l < 4; ++l) {
      const double e = a[k + l] - b[k + l];
      s[l] += e * e;
    }
  for (; k < d; ++k) {
    const double e = a[k] - b[k];
    s[0] += e * e;
  }
  return (s[0] + s[1]) + (s[2] + s[3]);
}

double assign(const RowMatrix& X, const RowMatrix& C, Labels& labels) {
  const Eigen::Index d = X.cols();
  double sse = 0;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const double* x = X.row(i).data();
    Eigen::Index best = 0;
    double bestD = squaredDistance(C.row(0).data(), x, d);
    for (Eigen::Index g = 1; g < C.rows(); ++g) {
      const double dist = squaredDistance(C.row(g).data(), x, d);
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

RowMatrix seedPlusPlus(const RowMatrix& X, Eigen::Index G, Random& rng) {
  const Eigen::Index m = X.rows(), d = X.cols();
  RowMatrix C(G, d);
  C.row(0) = X.row(static_cast<Eigen::Index>(rng.below(static_cast<std::uint64_t>(m))));
  Vector dist(m);
  for (Eigen::Index i = 0; i < m; ++i) dist[i] = squaredDistance(X.row(i).data(), C.row(0).data(), d);
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
    for (Eigen::Index i = 0; i < m; ++i) dist[i] = std::min(dist[i], squaredDistance(X.row(i).data(), C.row(g).data(), d));
  }
  return C;
}
}  // namespace

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
  for (int r = 0; r < std::max(1, restarts); ++r) {
    RowMatrix C = seedPlusPlus(X, G, rng);
    double sse = assign(X, C, labels);
    for (int it = 0; it < maxIterations; ++it) {
      RowMatrix sum = RowMatrix::Zero(G, X.cols());
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
