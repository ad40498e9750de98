#include "supclust/families/penalties/neighbour_max_terms.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

NeighbourMaxTerms::NeighbourMaxTerms(const FeatureGraph& graph, double lambda)
    : graph_(graph), proxes_(graph.features), valueOrders_(graph.features) {
  std::size_t widest = 0;
  for (std::size_t i = 0; i < graph.features; ++i) widest = std::max(widest, graph.degree(i));
  for (std::size_t k = 0; k < widest; ++k) omega_.push_back(lambda * static_cast<double>(widest - 1 - k));
}

// A block of degree m uses the last m weights of (M − 1, …, 0): (m − 1, …, 0).
namespace {
const double* tail(const std::vector<double>& w, std::size_t m) { return w.data() + (w.size() - m); }
}  // namespace

void NeighbourMaxTerms::apply(std::size_t b, const Vector& beta, double* out) const {
  const double bi = beta[static_cast<Eigen::Index>(b)];
  const auto& nb = graph_.neighbours[b];
  for (std::size_t m = 0; m < nb.size(); ++m) out[m] = bi - beta[static_cast<Eigen::Index>(nb[m])];
}

void NeighbourMaxTerms::addTransposed(std::size_t b, const double* v, Vector& acc) const {
  const auto& nb = graph_.neighbours[b];
  double sum = 0;
  for (std::size_t m = 0; m < nb.size(); ++m) {
    sum += v[m];
    acc[static_cast<Eigen::Index>(nb[m])] -= v[m];
  }
  acc[static_cast<Eigen::Index>(b)] += sum;
}

void NeighbourMaxTerms::prox(std::size_t b, double* v, double t) {
  const std::size_t m = graph_.degree(b);
  if (m == 0) return;
  proxes_[b].apply(v, m, tail(omega_, m), v, t);  // no state shared between blocks
}

double NeighbourMaxTerms::value(std::size_t b, const double* v) const {
  const std::size_t m = graph_.degree(b);
  return m == 0 ? 0 : owlNorm(v, m, tail(omega_, m), valueOrders_[b]);
}

void NeighbourMaxTerms::addGram(Matrix& K) const {
  for (std::size_t i = 0; i < graph_.features; ++i)
    for (const std::uint32_t j : graph_.neighbours[i]) {
      const auto a = static_cast<Eigen::Index>(i), c = static_cast<Eigen::Index>(j);
      K(a, a) += 1;
      K(c, c) += 1;
      K(a, c) -= 1;
      K(c, a) -= 1;
    }
}

bool NeighbourMaxTerms::cliqueGram(double& a, double& c) const {
  if (!graph_.complete) return false;
  a = 2 * static_cast<double>(graph_.features);
  c = 2;
  return true;
}

// Rows that are 0 fuse β_i with β_j; rows pooled to one value (equal z, same sign) fuse their
// neighbours with each other: β_i − β_j = β_i − β_l. The OWL prox pools ties, so a group that
// DFG fuses shows as equal rows in every other block (its own closest pair has weight 0 and need
// not be a zero row). v is this block's last prox output, so its pooled runs are adjacent in the
// prox's order.
void NeighbourMaxTerms::fusions(std::size_t b, const double* v,
                                const std::function<void(std::size_t, std::size_t)>& fuse) const {
  const auto& nb = graph_.neighbours[b];
  for (std::size_t m = 0; m < nb.size(); ++m)
    if (v[m] == 0) fuse(b, nb[m]);
  const auto& order = proxes_[b].order();
  if (order.size() != nb.size()) return;  // no prox yet
  // A run of equal |v| > 0: its positive rows are one group, its negative rows another.
  for (std::size_t start = 0; start < order.size();) {
    const double magnitude = std::abs(v[order[start]]);
    std::size_t end = start + 1;
    while (end < order.size() && std::abs(v[order[end]]) == magnitude) ++end;
    if (magnitude > 0) {
      std::int32_t positive = -1, negative = -1;
      for (std::size_t k = start; k < end; ++k) {
        std::int32_t& first = v[order[k]] > 0 ? positive : negative;
        if (first < 0) first = order[k];
        else fuse(nb[static_cast<std::size_t>(first)], nb[static_cast<std::size_t>(order[k])]);
      }
    }
    start = end;
  }
}

}  // namespace supclust
