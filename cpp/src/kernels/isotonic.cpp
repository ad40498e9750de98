#include "supclust/kernels/isotonic.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/scaling.hpp"

namespace supclust {

void DecreasingFit::apply(double* z, std::size_t d) {
  double top = 0;
  for (std::size_t k = 0; k < d; ++k) top = std::max(top, std::abs(z[k]));
  const double scale = overflowGuardScale(top), unscale = 1 / scale;
  // Blocks on the stack have strictly decreasing means.
  stack_.clear();
  for (std::size_t k = 0; k < d; ++k) {
    stack_.push_back({k, z[k] * unscale, 1});
    while (stack_.size() > 1) {
      const Block& last = stack_.back();
      const Block& below = stack_[stack_.size() - 2];
      if (below.sum * static_cast<double>(last.count) > last.sum * static_cast<double>(below.count)) break;
      const Block merged{below.start, below.sum + last.sum, below.count + last.count};
      stack_.pop_back();
      stack_.back() = merged;
    }
  }
  for (const Block& b : stack_) {
    if (b.count == 1) continue;
    const double mean = b.sum / static_cast<double>(b.count) * scale;
    std::fill(z + b.start, z + b.start + b.count, mean);
  }
}

}  // namespace supclust
