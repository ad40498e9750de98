// The logistic function and its log-partition, stable for any score: what the logistic loss, the
// classifiers' probabilities and the logistic experts all read.
#pragma once

#include <cmath>

namespace supclust {

// log(1 + e^t) without overflow or loss of precision for large |t|.
inline double softplus(double t) { return t > 0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t)); }

// 1 / (1 + e^−t), stable on both sides.
inline double sigmoid(double t) {
  if (t >= 0) return 1 / (1 + std::exp(-t));
  const double e = std::exp(t);
  return e / (1 + e);
}

}  // namespace supclust
