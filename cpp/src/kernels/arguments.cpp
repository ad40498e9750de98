#include "supclust/kernels/arguments.hpp"

#include <cmath>

namespace supclust {

Refusal checkFinite(const char* field, const double* v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(v[i])) return Refusal(field, "must be finite (entry " + std::to_string(i) + " is not)");
  return {};
}

Refusal checkCount(const char* field, double v, double min) {
  if (v == std::floor(v) && v >= min && v <= 2147483647.0) return {};
  return Refusal(field, "must be an integer in [" + std::to_string(static_cast<long long>(min)) + ", 2147483647]");
}

Refusal checkNonNegative(const char* field, double v) {
  return std::isfinite(v) && v >= 0 ? Refusal() : Refusal(field, "must be a finite number >= 0");
}

}  // namespace supclust
