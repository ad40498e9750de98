#include "supclust/kernels/clique_fusion.hpp"

#include <cmath>

#include "supclust/kernels/resort.hpp"

namespace supclust {

double cliqueFusionSum(const double* x, std::size_t d) {
  std::vector<std::int32_t> order;
  sortByDecreasingValue(x, d, order);
  // The k-th largest (k = 0..d−1) enters d − 1 − k pairs as the larger and k as the smaller.
  double s = 0;
  for (std::size_t k = 0; k < d; ++k)
    s += (static_cast<double>(d) - 1 - 2 * static_cast<double>(k)) * x[order[k]];
  return s;
}

void CliqueFusionProx::apply(const double* v, std::size_t d, double lambda1, double lambda2, double* out) {
  sortByDecreasingValue(v, d, order_);
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
