// Range-safe summaries for the kernels: a power-of-two scale for values so large that their
// sums could overflow (dividing by it is exact: only exponents change, except that values
// below 2^-1074 times it vanish), and the mean of a run of values anchored at its first entry,
// which is exact for identical values and cannot overflow.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace supclust {

// 2^e with maxAbs / 2^e in [1, 2) (so 2^e itself is finite); 1 for maxAbs = 0 or not finite.
inline double powerOfTwoScale(double maxAbs) {
  if (!(maxAbs > 0) || !std::isfinite(maxAbs)) return 1;
  int e = 0;
  std::frexp(maxAbs, &e);  // maxAbs = f · 2^e, f in [0.5, 1)
  return std::ldexp(1.0, e - 1);
}

// 2^64 when maxAbs > 2^960, else 1: divided by it, sums (and differences) of up to 2^63 values
// stay finite, only values below 2^-1010 lose bits, and ordinary inputs are untouched.
inline double overflowGuardScale(double maxAbs) { return maxAbs > 0x1p960 ? 0x1p64 : 1; }

// a + Σ c_t (v_t − a) / Σ c_t with a = v[0] (counts nullptr: all 1). Inputs scaled by overflowGuardScale() when needed.
inline double anchoredMean(const double* v, const std::int32_t* counts, std::size_t n) {
  const double a = v[0];
  double shift = 0, total = 0;
  for (std::size_t t = 0; t < n; ++t) {
    const double c = counts ? counts[t] : 1;
    shift += c * (v[t] - a);
    total += c;
  }
  return a + shift / total;
}

}  // namespace supclust
