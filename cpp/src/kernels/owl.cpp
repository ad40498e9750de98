#include "supclust/kernels/owl.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "supclust/kernels/resort.hpp"
#include "supclust/kernels/scaling.hpp"

namespace supclust {

double owlNorm(const double* x, std::size_t d, const double* w) {
  MagnitudeOrder order;
  return owlNorm(x, d, w, order);
}

double owlNorm(const double* x, std::size_t d, const double* w, MagnitudeOrder& order) {
  order.sort(x, d);
  const std::vector<double>& a = order.magnitudes();
  double s = 0;
  for (std::size_t k = 0; k < d; ++k) s += w[k] * a[static_cast<std::size_t>(order.order()[k])];
  return s;
}

void MagnitudeOrder::sort(const double* v, std::size_t d) {
  key_.resize(d);
  for (std::size_t i = 0; i < d; ++i) key_[i] = std::abs(v[i]);
  const double* key = key_.data();
  auto before = [key](std::int32_t a, std::int32_t b) { return key[a] > key[b] || (key[a] == key[b] && a < b); };
  if (order_.size() == d && resortFrom(order_, before, 8 * d)) return;
  if (order_.size() != d) {
    order_.resize(d);
    std::iota(order_.begin(), order_.end(), 0);
  }
  std::sort(order_.begin(), order_.end(), before);
}

void OwlProx::apply(const double* v, std::size_t d, const double* w, double* out) {
  order_.sort(v, d);
  const std::vector<std::int32_t>& order = order_.order();
  const std::vector<double>& magnitude = order_.magnitudes();
  // Near the largest double, pooled sums are kept divided by 2^e (exact but for values that
  // would become subnormal), so that they cannot overflow; a block of one keeps its own value.
  const double top = d > 0 ? std::max(magnitude[static_cast<std::size_t>(order[0])], w[0]) : 0;
  const double scale = overflowGuardScale(top), unscale = 1 / scale;
  z_.resize(d);
  for (std::size_t k = 0; k < d; ++k) z_[k] = magnitude[static_cast<std::size_t>(order[k])] - w[k];
  // Pool adjacent violators: blocks with strictly decreasing means.
  stack_.clear();
  for (std::size_t k = 0; k < d; ++k) {
    stack_.push_back({k, z_[k] * unscale, 1});
    while (stack_.size() > 1) {
      const Block& top = stack_.back();
      const Block& below = stack_[stack_.size() - 2];
      if (below.sum * static_cast<double>(top.count) > top.sum * static_cast<double>(below.count)) break;
      Block merged{below.start, below.sum + top.sum, below.count + top.count};
      stack_.pop_back();
      stack_.back() = merged;
    }
  }
  // Signs are read before out is written (out may alias v).
  for (const Block& b : stack_) {
    const double mean = b.count == 1 ? z_[b.start] : b.sum / static_cast<double>(b.count) * scale;
    const double value = std::max(0.0, mean);
    for (std::size_t k = b.start; k < b.start + b.count; ++k) z_[k] = value;
  }
  for (std::size_t k = 0; k < d; ++k) {
    const std::int32_t i = order[k];
    out[i] = v[i] < 0 ? -z_[k] : z_[k];
  }
}

std::vector<double> oscarWeights(std::size_t d, double lambda1, double lambda2) {
  std::vector<double> w(d);
  for (std::size_t k = 1; k <= d; ++k) w[k - 1] = lambda1 + lambda2 * static_cast<double>(d - k);
  return w;
}

}  // namespace supclust
