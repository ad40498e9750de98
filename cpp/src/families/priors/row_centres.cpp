// PriorCentres' assignment step for K outputs (families/priors/grouping_prior.hpp): the rows of W
// clustered in the prior's deviation — k-means++ restarts and the current assignment, each
// refined by Lloyd steps, the lowest kept. Compiled for size: its passes are O(d·G·K) per Lloyd
// step, small beside the convex fit each round of block descent makes.
#include <algorithm>
#include <vector>

#include "supclust/families/priors/grouping_prior.hpp"
#include "supclust/kernels/gram_partition.hpp"
#include "supclust/kernels/row_kmeans.hpp"

namespace supclust {

namespace {
// Lloyd steps in the prior's deviation from `a.labels`: the centres the groups' means (GEM) or
// coordinate-wise medians (LEM), then each row to its nearest centre (staying on a tie), until no
// row moves. Neither step raises Σ dev, and a move lowers it: a.centres and a.deviation are those
// of the labels it ends with (numbered by first appearance).
void refine(PriorKind kind, const Matrix& W, PriorAssignment& a) {
  const Eigen::Index d = W.rows(), K = W.cols();
  Matrix C;
  auto centre = [&] {
    a.labels = canonicalLabels(a.labels);
    const int G = 1 + *std::max_element(a.labels.begin(), a.labels.end());
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
  a.deviation = 0;
  for (Eigen::Index j = 0; j < d; ++j) a.deviation += distance(j, a.labels[static_cast<std::size_t>(j)]);
  a.centres = std::move(C);
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
