#include "supclust/core/adaptive_triple_terms.hpp"

#include <cmath>

#include "supclust/kernels/soft_threshold.hpp"

namespace supclust {

AdaptiveTripleTerms::AdaptiveTripleTerms(const FeatureGraph& graph, const Matrix& pairWeights, double lambda)
    : graph_(graph), w_(pairWeights), lambda_(lambda) {}

std::size_t AdaptiveTripleTerms::rows(std::size_t b) const {
  const std::size_t m = graph_.degree(b);
  return m * (m > 0 ? m - 1 : 0) / 2;
}

template <class F>
void AdaptiveTripleTerms::rowsOf(std::size_t i, F f) const {
  const auto& nb = graph_.neighbours[i];
  const auto I = static_cast<Eigen::Index>(i);
  std::size_t r = 0;
  for (std::size_t a = 0; a < nb.size(); ++a) {
    const auto j = static_cast<Eigen::Index>(nb[a]);
    const double wij = w_(j, I);  // column I: contiguous (the weights are symmetric)
    for (std::size_t c = a + 1; c < nb.size(); ++c, ++r) {
      const auto k = static_cast<Eigen::Index>(nb[c]);
      const double w = wij + w_(k, I);
      f(r, j, k, wij / w, w);
    }
  }
}

void AdaptiveTripleTerms::apply(std::size_t b, const Vector& beta, double* out) const {
  const double bi = beta[static_cast<Eigen::Index>(b)];
  rowsOf(b, [&](std::size_t r, Eigen::Index j, Eigen::Index k, double alpha, double w) {
    out[r] = w * (bi - alpha * beta[j] - (1 - alpha) * beta[k]);
  });
}

void AdaptiveTripleTerms::addTransposed(std::size_t b, const double* v, Vector& acc) const {
  double sum = 0;
  rowsOf(b, [&](std::size_t r, Eigen::Index j, Eigen::Index k, double alpha, double w) {
    sum += w * v[r];
    acc[j] -= w * alpha * v[r];
    acc[k] -= w * (1 - alpha) * v[r];
  });
  acc[static_cast<Eigen::Index>(b)] += sum;
}

void AdaptiveTripleTerms::prox(std::size_t b, double* v, double t) {
  rowsOf(b, [&](std::size_t r, Eigen::Index, Eigen::Index, double, double w) { (void)w; v[r] = softThreshold(v[r], t * lambda_); });
}

double AdaptiveTripleTerms::value(std::size_t b, const double* v) const {
  double s = 0;
  rowsOf(b, [&](std::size_t r, Eigen::Index, Eigen::Index, double, double w) { (void)w; s += std::abs(v[r]); });
  return lambda_ * s;
}

void AdaptiveTripleTerms::addGram(Matrix& K) const {
  for (std::size_t i = 0; i < graph_.features; ++i) {
    const auto I = static_cast<Eigen::Index>(i);
    rowsOf(i, [&](std::size_t, Eigen::Index j, Eigen::Index k, double alpha, double w) {
      const double a = w * alpha, c = w * (1 - alpha);
      K(I, I) += w * w;
      K(j, j) += a * a;
      K(k, k) += c * c;
      K(I, j) -= w * a;
      K(j, I) -= w * a;
      K(I, k) -= w * c;
      K(k, I) -= w * c;
      K(j, k) += a * c;
      K(k, j) += a * c;
    });
  }
}

}  // namespace supclust
