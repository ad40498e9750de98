#include "supclust/kernels/owl.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "supclust/kernels/arguments.hpp"
#include "supclust/kernels/radix_sort.hpp"
#include "supclust/kernels/resort.hpp"

namespace supclust {

Refusal checkOwlWeights(std::size_t values, const double* w, std::size_t weights) {
  if (weights != values)
    return Refusal("weights",
                   "must have one entry per value (" + std::to_string(values) + "), got " + std::to_string(weights));
  for (std::size_t i = 0; i < weights; ++i) {
    if (!std::isfinite(w[i]) || w[i] < 0)
      return Refusal("weights", "must be finite and non-negative (entry " + std::to_string(i) + " is " +
                                    std::to_string(w[i]) + ")");
    if (i > 0 && w[i] > w[i - 1])
      return Refusal("weights", "must be non-increasing (entry " + std::to_string(i) + " exceeds entry " +
                                    std::to_string(i - 1) + ")");
  }
  return {};
}

double owlNorm(const double* x, std::size_t d, const double* w) {
  MagnitudeOrder order;
  return owlNorm(x, d, w, order);
}

double owlNorm(const double* x, std::size_t d, const double* w, MagnitudeOrder& order) {
  const std::size_t nonZeros = order.sortAbove(x, d, 0);  // the zeros add nothing
  const std::vector<double>& a = order.magnitudes();
  double s = 0;
  for (std::size_t k = 0; k < nonZeros; ++k) s += w[k] * a[static_cast<std::size_t>(order.order()[k])];
  return s;
}

namespace {
// Indices by decreasing key, ties by index (one comparator, so one sort is instantiated).
struct ByDecreasingKey {
  const double* key;
  bool operator()(std::int32_t a, std::int32_t b) const { return key[a] > key[b] || (key[a] == key[b] && a < b); }
};
}  // namespace

void MagnitudeOrder::sort(const double* v, std::size_t d) {
  key_.resize(d);
  for (std::size_t i = 0; i < d; ++i) key_[i] = std::abs(v[i]);
  if (resortFrom(key_.data(), d, order_, 8 * d)) return;
  if (order_.size() != d) {
    order_.resize(d);
    std::iota(order_.begin(), order_.end(), 0);
  }
  std::sort(order_.begin(), order_.end(), ByDecreasingKey{key_.data()});
}

std::size_t MagnitudeOrder::sortAbove(const double* v, std::size_t d, double floor) {
  std::size_t above = 0;
  for (std::size_t i = 0; i < d; ++i) above += std::abs(v[i]) > floor;
  if (8 * above > d) {
    sort(v, d);
    return above;
  }
  key_.resize(d);
  order_.clear();
  for (std::size_t i = 0; i < d; ++i)
    if ((key_[i] = std::abs(v[i])) > floor) order_.push_back(static_cast<std::int32_t>(i));
  std::sort(order_.begin(), order_.end(), ByDecreasingKey{key_.data()});
  return above;
}

void OwlProx::apply(const double* v, std::size_t d, const double* w, double* out, double wScale) {
  order_.sort(v, d);
  applyInOrder(v, d, w, order_.order().data(), out, wScale);
}

void OwlProx::applyInOrder(const double* v, std::size_t d, const double* w, const std::int32_t* order, double* out,
                           double wScale) {
  // Sorted |v| shifted by w, fitted by the closest non-increasing sequence, clipped at 0.
  z_.resize(d);
  for (std::size_t k = 0; k < d; ++k) z_[k] = std::abs(v[order[k]]) - w[k] * wScale;  // w·1 is w exactly
  fit_.apply(z_.data(), d);
  // Signs are read before out is written (out may alias v).
  for (std::size_t k = 0; k < d; ++k) {
    const std::int32_t i = order[k];
    const double value = std::max(0.0, z_[k]);
    out[i] = v[i] < 0 ? -value : value;
  }
}

std::vector<double> oscarWeights(std::size_t d, double lambda1, double lambda2) {
  std::vector<double> w(d);
  for (std::size_t k = 1; k <= d; ++k) w[k - 1] = lambda1 + lambda2 * static_cast<double>(d - k);
  return w;
}

double owlDualNorm(const double* v, std::size_t d, const double* w) {
  std::vector<double> negated(v, v + d);
  for (double& x : negated) x = -std::abs(x);
  std::vector<std::int32_t> order(d);
  RadixSorter().sort(negated.data(), d, order.data());  // by decreasing |v|
  double top = 0, sumV = 0, sumW = 0;
  for (std::size_t k = 0; k < d; ++k) {
    sumV -= negated[static_cast<std::size_t>(order[k])], sumW += w[k];
    top = std::max(top, sumV / sumW);
  }
  return top;
}

Refusal checkOwlCall(const double* v, std::size_t values, const double* w, std::size_t weights) {
  if (Refusal why = checkFinite("values", v, values); !why.empty()) return why;
  return checkOwlWeights(values, w, weights);
}

}  // namespace supclust
