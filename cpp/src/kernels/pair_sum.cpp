#include "supclust/kernels/pair_sum.hpp"

#include <cmath>

#include "supclust/kernels/resort.hpp"

namespace supclust {

namespace {

// ω = 2t(m − 1, …, 1, 0).
void pairSumWeights(std::size_t m, double t, std::vector<double>& omega) {
  omega.resize(m);
  for (std::size_t k = 0; k < m; ++k) omega[k] = 2 * t * static_cast<double>(m - 1 - k);
}

// x's indices by decreasing |x|, given them by decreasing x: the entries ≥ 0 from the front and
// the negative ones from the back are two runs of decreasing magnitude, merged in O(m).
void magnitudeOrder(const double* x, const std::vector<std::int32_t>& byValue, std::vector<std::int32_t>& byMagnitude) {
  const std::size_t m = byValue.size();
  std::size_t front = 0, back = m;  // [front, back) not yet taken
  byMagnitude.resize(m);
  for (std::size_t k = 0; k < m; ++k) {
    const bool fromBack =
        x[byValue[back - 1]] < 0 && (x[byValue[front]] < 0 || -x[byValue[back - 1]] > x[byValue[front]]);
    byMagnitude[k] = fromBack ? byValue[--back] : byValue[front++];
  }
}

}  // namespace

double pairSumNorm(const double* x, std::size_t m, std::vector<std::int32_t>& order) {
  if (m < 2) return 0;
  sortByDecreasingValue(x, m, order);
  // OWL_ω(x) − C(x): the k-th largest |x| weighs 2(m − 1 − k), the k-th largest x enters C with
  // m − 1 − 2k (as the larger of m − 1 − k pairs and the smaller of k).
  double s = 0;
  for (std::size_t k = 0; k < m; ++k) s -= (static_cast<double>(m) - 1 - 2 * static_cast<double>(k)) * x[order[k]];
  std::vector<std::int32_t> byMagnitude;
  magnitudeOrder(x, order, byMagnitude);
  for (std::size_t k = 0; k < m; ++k) s += 2 * static_cast<double>(m - 1 - k) * std::abs(x[byMagnitude[k]]);
  return s;
}

double pairSumNorm(const double* x, std::size_t m) {
  std::vector<std::int32_t> order;
  return pairSumNorm(x, m, order);
}

void PairSumProx::apply(const double* v, std::size_t m, double t, double* out) {
  sortByDecreasingValue(v, m, order_);
  shifted_.resize(m);
  for (std::size_t k = 0; k < m; ++k) {
    const std::int32_t i = order_[k];
    shifted_[static_cast<std::size_t>(i)] = v[i] + t * (static_cast<double>(m) - 1 - 2 * static_cast<double>(k));
  }
  magnitudeOrder(shifted_.data(), order_, byMagnitude_);
  pairSumWeights(m, t, omega_);
  owl_.applyInOrder(shifted_.data(), m, omega_.data(), byMagnitude_.data(), out);
}

}  // namespace supclust
