#include "supclust/kernels/isotonic.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/scaling.hpp"

namespace supclust {

// The stack holds each block's sum and count (a count as a double: no conversion in the
// comparison); a new value is pooled with the blocks below it before it is pushed, and the
// blocks' starts follow from their counts at the end. Pooling order, and so every sum, is that
// of pushing first and merging after.
void DecreasingFit::apply(double* z, std::size_t d) {
  double top = 0;
  for (std::size_t k = 0; k < d; ++k) top = std::max(top, std::abs(z[k]));
  const double scale = overflowGuardScale(top), unscale = 1 / scale;
  sums_.resize(d);
  counts_.resize(d);
  double* sum = sums_.data();
  double* count = counts_.data();
  // Blocks 0 … blocks − 1 have strictly decreasing means.
  std::size_t blocks = 0;
  for (std::size_t k = 0; k < d; ++k) {
    double s = z[k] * unscale, c = 1;
    while (blocks > 0 && sum[blocks - 1] * c <= s * count[blocks - 1]) {
      --blocks;
      s += sum[blocks];
      c += count[blocks];
    }
    sum[blocks] = s;
    count[blocks] = c;
    ++blocks;
  }
  std::size_t end = d;
  while (blocks > 0) {
    --blocks;
    const auto size = static_cast<std::size_t>(count[blocks]);
    if (size > 1) std::fill(z + end - size, z + end, sum[blocks] / count[blocks] * scale);
    end -= size;
  }
}

}  // namespace supclust
