#include "supclust/kernels/arguments.hpp"

#include <cmath>

namespace supclust {

std::string checkFinite(const char* field, const double* v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(v[i])) return std::string(field) + ": must be finite (entry " + std::to_string(i) + " is not)";
  return "";
}

std::string checkCount(const char* field, double v, double min) {
  if (v == std::floor(v) && v >= min && v <= 2147483647.0) return "";
  return std::string(field) + ": must be an integer in [" + std::to_string(static_cast<long long>(min)) + ", 2147483647]";
}

std::string checkNonNegative(const char* field, double v) {
  return std::isfinite(v) && v >= 0 ? "" : std::string(field) + ": must be a finite number >= 0";
}

}  // namespace supclust
