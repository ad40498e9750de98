#include "supclust/families/penalties/adaptive_triple_terms.hpp"

namespace supclust {

AdaptiveTripleTerms::AdaptiveTripleTerms(const FeatureGraph& graph, const Matrix& pairWeights, double lambda)
    : graph_(graph), w_(pairWeights), lambda_(lambda), proxes_(graph.features), valueOrders_(graph.features) {}

// Column i of the weights holds w_ij for every j (contiguous; the weights are symmetric).
void AdaptiveTripleTerms::apply(std::size_t b, const Vector& beta, double* out) const {
  const auto i = static_cast<Eigen::Index>(b);
  const auto& nb = graph_.neighbours[b];
  for (std::size_t m = 0; m < nb.size(); ++m) {
    const auto j = static_cast<Eigen::Index>(nb[m]);
    out[m] = w_(j, i) * (beta[i] - beta[j]);
  }
}

void AdaptiveTripleTerms::addTransposed(std::size_t b, const double* v, Vector& acc) const {
  const auto i = static_cast<Eigen::Index>(b);
  const auto& nb = graph_.neighbours[b];
  double sum = 0;
  for (std::size_t m = 0; m < nb.size(); ++m) {
    const auto j = static_cast<Eigen::Index>(nb[m]);
    const double wv = w_(j, i) * v[m];
    sum += wv;
    acc[j] -= wv;
  }
  acc[i] += sum;
}

void AdaptiveTripleTerms::prox(std::size_t b, double* v, double t) {
  proxes_[b].apply(v, graph_.degree(b), t * lambda_, v);
}

double AdaptiveTripleTerms::value(std::size_t b, const double* v) const {
  return lambda_ * pairSumNorm(v, graph_.degree(b), valueOrders_[b]);
}

void AdaptiveTripleTerms::addGram(Matrix& K) const {
  for (std::size_t b = 0; b < graph_.features; ++b) {
    const auto i = static_cast<Eigen::Index>(b);
    for (const std::uint32_t n : graph_.neighbours[b]) {
      const auto j = static_cast<Eigen::Index>(n);
      const double w2 = w_(j, i) * w_(j, i);
      K(i, i) += w2;
      K(j, j) += w2;
      K(i, j) -= w2;
      K(j, i) -= w2;
    }
  }
}

void AdaptiveTripleTerms::fusions(std::size_t b, const double* v,
                                  const std::function<void(std::size_t, std::size_t)>& fuse) const {
  const auto& nb = graph_.neighbours[b];
  for (std::size_t m = 0; m < nb.size(); ++m)
    if (v[m] == 0) fuse(b, nb[m]);
}

}  // namespace supclust
