// The ℓ1 kernels every ℓ1 solver shares: soft-thresholding (the prox of t|·|) and the violation
// of the ℓ1 optimality condition −g ∈ λ ∂|w| at one coordinate (the certificate they stop on).
#pragma once

#include <algorithm>
#include <cmath>

namespace supclust {

// argmin_v ½(v − x)² + t|v|.
inline double softThreshold(double x, double t) { return x > t ? x - t : (x < -t ? x + t : 0.0); }

// |g + λ sign(w)| where w ≠ 0, else max(0, |g| − λ): zero exactly at an ℓ1 optimum.
inline double l1Violation(double w, double g, double lambda) {
  return w != 0 ? std::abs(g + lambda * (w > 0 ? 1 : -1)) : std::max(0.0, std::abs(g) - lambda);
}

}  // namespace supclust
