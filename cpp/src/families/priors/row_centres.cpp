// PriorCentres' assignment step for K outputs (families/priors/grouping_prior.hpp): the rows of W
// clustered in the prior's deviation — k-means++ restarts and the current assignment, each
// refined by Lloyd steps, the lowest kept. Compiled for size: its passes are O(d·G·K) per Lloyd
// step, small beside the convex fit each round of block descent makes.
#include <vector>

#include "supclust/families/priors/grouping_prior.hpp"
#include "supclust/kernels/row_kmeans.hpp"

namespace supclust {

namespace {
// Labels renumbered 0..G-1 over the groups in use; returns G.
int compact(Labels& labels) {
  std::vector<std::int32_t> rename;
  int G = 0;
  for (auto& l : labels) {
    const auto k = static_cast<std::size_t>(l);
    if (k >= rename.size()) rename.resize(k + 1, -1);
    if (rename[k] < 0) rename[k] = G++;
    l = rename[k];
  }
  return G;
}

// Lloyd steps in the prior's deviation from `a.labels`: the centres the groups' means (GEM) or
// coordinate-wise medians (LEM), then each row to its nearest centre (staying on a tie), until no
// row moves. Neither step raises Σ dev, and a move lowers it: a.centres and a.deviation are those
// of the labels it ends with, the centres' rows in ascending order.
void refine(PriorKind kind, const Matrix& W, PriorAssignment& a) {
  const Eigen::Index d = W.rows(), K = W.cols();
  Matrix C;
  auto centre = [&] {
    const int G = compact(a.labels);
    const GroupDeviationPenalty groups(kind, a.labels, G, 1);
    C.resize(G, K);
    for (Eigen::Index k = 0; k < K; ++k) {
      const std::vector<double> c = groups.centres(W.col(k));
      for (int g = 0; g < G; ++g) C(g, k) = c[static_cast<std::size_t>(g)];
    }
  };
  auto distance = [&](Eigen::Index j, Eigen::Index g) {
    double s = 0;
    for (Eigen::Index k = 0; k < K; ++k) s += priorDeviation(kind, W(j, k) - C(g, k));
    return s;
  };
  centre();
  for (int step = 0; step < 1000; ++step) {
    bool moved = false;
    for (Eigen::Index j = 0; j < d; ++j) {
      auto& l = a.labels[static_cast<std::size_t>(j)];
      double near = distance(j, l);
      for (Eigen::Index g = 0; g < C.rows(); ++g)
        if (const double e = distance(j, g); e < near) {
          near = e;
          l = static_cast<std::int32_t>(g);
          moved = true;
        }
    }
    if (!moved) break;
    centre();
  }
  // Ascending centres (lexicographic over the columns), the labels renumbered to match: an
  // insertion sort of the G ≤ s rows.
  const auto before = [&](Eigen::Index x, Eigen::Index y) {
    for (Eigen::Index k = 0; k < K; ++k)
      if (C(x, k) != C(y, k)) return C(x, k) < C(y, k);
    return false;
  };
  const Eigen::Index G = C.rows();
  std::vector<Eigen::Index> order(static_cast<std::size_t>(G));
  for (Eigen::Index g = 0; g < G; ++g) {
    Eigen::Index at = g;
    for (; at > 0 && before(g, order[static_cast<std::size_t>(at - 1)]); --at) order[static_cast<std::size_t>(at)] = order[static_cast<std::size_t>(at - 1)];
    order[static_cast<std::size_t>(at)] = g;
  }
  std::vector<std::int32_t> rank(order.size());
  a.centres.resize(G, K);
  for (Eigen::Index g = 0; g < G; ++g) {
    rank[static_cast<std::size_t>(order[static_cast<std::size_t>(g)])] = static_cast<std::int32_t>(g);
    for (Eigen::Index k = 0; k < K; ++k) a.centres(g, k) = C(order[static_cast<std::size_t>(g)], k);
  }
  for (auto& l : a.labels) l = rank[static_cast<std::size_t>(l)];
  a.deviation = 0;
  for (Eigen::Index j = 0; j < d; ++j) a.deviation += distance(j, order[static_cast<std::size_t>(a.labels[static_cast<std::size_t>(j)])]);
}
}  // namespace

void PriorCentres::bestOfRows(const Matrix& W, int s, PriorAssignment& out, const Labels* from) {
  out.labels = rowKMeans(W, s, restarts_, seed_).labels;
  refine(kind_, W, out);
  if (from == nullptr) return;
  PriorAssignment kept;
  kept.labels = *from;
  refine(kind_, W, kept);
  if (kept.deviation <= out.deviation) out = std::move(kept);
}

}  // namespace supclust
