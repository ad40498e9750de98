#include "supclust/kernels/clique_fusion.hpp"

#include <cmath>

#include "supclust/kernels/arguments.hpp"
#include "supclust/kernels/resort.hpp"

namespace supclust {

double cliqueFusionSum(const double* x, std::size_t d) {
  std::vector<std::int32_t> order;
  sortByDecreasingValue(x, d, order);
  // The k-th largest (k = 0..d−1) enters d − 1 − k pairs as the larger and k as the smaller:
  // Σ_k (d − 1 − 2k) x_(k), summed as Σ_{k < d/2} (d − 1 − 2k)(x_(k) − x_(d−1−k)), whose terms are
  // each ≥ 0 and exactly 0 for equal values (a fused vector costs exactly 0, never a rounding
  // residue that a huge λ2 would magnify).
  double s = 0;
  for (std::size_t k = 0; k < d / 2; ++k)
    s += (static_cast<double>(d) - 1 - 2 * static_cast<double>(k)) * (x[order[k]] - x[order[d - 1 - k]]);
  return s;
}

void CliqueFusionProx::apply(const double* v, std::size_t d, double lambda1, double lambda2, double* out) {
  sortByDecreasingValue(v, d, order_);
  z_.resize(d);
  for (std::size_t k = 0; k < d; ++k)
    z_[k] = v[order_[k]] - lambda2 * (static_cast<double>(d) - 1 - 2 * static_cast<double>(k));
  fit_.apply(z_.data(), d);
  // A pooled run [a, b] takes mean(v) − λ2·mean(d − 1 − 2k) = mean(v) − λ2(d − 1 − a − b), from v
  // itself: z_k = v_k − λ2(…) lost v where λ2 dwarfs it, and a run centred in the order (the
  // whole vector, for a huge λ2) is then exactly the mean of v, the fused answer.
  for (std::size_t a = 0; a < d;) {
    std::size_t b = a;
    while (b + 1 < d && z_[b + 1] == z_[a]) ++b;
    if (b > a) {
      const double share = 1 / static_cast<double>(b - a + 1);  // each v_k / count: no overflow
      double mean = 0;
      for (std::size_t k = a; k <= b; ++k) mean += v[order_[k]] * share;
      const double u = mean - lambda2 * (static_cast<double>(d) - 1 - static_cast<double>(a) - static_cast<double>(b));
      for (std::size_t k = a; k <= b; ++k) z_[k] = u;
    }
    a = b + 1;
  }
  for (std::size_t k = 0; k < d; ++k) {
    const double u = z_[k];
    out[order_[k]] = u > lambda1 ? u - lambda1 : u < -lambda1 ? u + lambda1 : 0.0;
  }
}

Refusal checkCliqueFusionCall(const double* v, std::size_t d, double lambda1, double lambda2) {
  for (const Refusal& why :
       {checkFinite("values", v, d), checkNonNegative("lambda1", lambda1), checkNonNegative("lambda2", lambda2)})
    if (!why.empty()) return why;
  return {};
}

}  // namespace supclust
