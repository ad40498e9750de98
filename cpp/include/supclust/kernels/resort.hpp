// Re-sorting a permutation that was sorted for a nearby vector. Solvers sort slowly changing
// points every step (IHC's projection input, OSCAR's prox input, iterate and gradient), so the
// previous call's order is nearly right, and insertion sort from it costs O(d + moves).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace supclust {

// Insertion sort of `order` by the strict total order `before`, starting from its current
// arrangement. Gives up after `budget` moves and returns false, with `order` still a
// permutation: the caller then sorts from scratch (the result is the same either way).
template <class Before>
bool resortFrom(std::vector<std::int32_t>& order, Before before, std::size_t budget) {
  std::size_t moves = 0;
  for (std::size_t k = 1; k < order.size(); ++k) {
    const std::int32_t x = order[k];
    std::size_t j = k;
    for (; j > 0 && before(x, order[j - 1]); --j) {
      order[j] = order[j - 1];
      if (++moves > budget) {
        order[j - 1] = x;
        return false;
      }
    }
    order[j] = x;
  }
  return true;
}

}  // namespace supclust
