#include "supclust/kernels/pair_sum.hpp"

#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/resort.hpp"

namespace supclust {

namespace {
// ω = 2t(m − 1, …, 1, 0).
void pairSumWeights(std::size_t m, double t, std::vector<double>& omega) {
  omega.resize(m);
  for (std::size_t k = 0; k < m; ++k) omega[k] = 2 * t * static_cast<double>(m - 1 - k);
}
}  // namespace

double pairSumNorm(const double* x, std::size_t m) {
  if (m < 2) return 0;
  std::vector<double> omega;
  pairSumWeights(m, 1, omega);
  return owlNorm(x, m, omega.data()) - cliqueFusionSum(x, m);
}

void PairSumProx::apply(const double* v, std::size_t m, double t, double* out) {
  sortByDecreasingValue(v, m, order_);
  shifted_.resize(m);
  for (std::size_t k = 0; k < m; ++k) {
    const std::int32_t i = order_[k];
    shifted_[static_cast<std::size_t>(i)] = v[i] + t * (static_cast<double>(m) - 1 - 2 * static_cast<double>(k));
  }
  pairSumWeights(m, t, omega_);
  owl_.apply(shifted_.data(), m, omega_.data(), out);
}

}  // namespace supclust
