#include "supclust/kernels/clique_fusion.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/kernels/resort.hpp"

namespace supclust {

namespace {

// Indices by decreasing value, ties by index (a strict total order, so the result does not
// depend on the route). A kept order of the same size is re-sorted from where it is (solvers
// call the prox on slowly changing points, as the OWL prox's MagnitudeOrder does), falling
// back to a full sort past 8d moves.
void sortDecreasing(const double* v, std::size_t d, std::vector<std::int32_t>& order) {
  auto before = [v](std::int32_t a, std::int32_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); };
  if (order.size() == d && resortFrom(order, before, 8 * d)) return;
  order.resize(d);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), before);
}

}  // namespace

double cliqueFusionSum(const double* x, std::size_t d) {
  std::vector<std::int32_t> order;
  sortDecreasing(x, d, order);
  // The k-th largest (k = 0..d−1) enters d − 1 − k pairs as the larger and k as the smaller.
  double s = 0;
  for (std::size_t k = 0; k < d; ++k)
    s += (static_cast<double>(d) - 1 - 2 * static_cast<double>(k)) * x[order[k]];
  return s;
}

void CliqueFusionProx::apply(const double* v, std::size_t d, double lambda1, double lambda2, double* out) {
  sortDecreasing(v, d, order_);
  z_.resize(d);
  for (std::size_t k = 0; k < d; ++k)
    z_[k] = v[order_[k]] - lambda2 * (static_cast<double>(d) - 1 - 2 * static_cast<double>(k));
  fit_.apply(z_.data(), d);
  for (std::size_t k = 0; k < d; ++k) {
    const double u = z_[k];
    out[order_[k]] = u > lambda1 ? u - lambda1 : u < -lambda1 ? u + lambda1 : 0.0;
  }
}

}  // namespace supclust
