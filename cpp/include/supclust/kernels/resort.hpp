// Re-sorting a permutation that was sorted for a nearby vector. Solvers sort slowly changing
// points every step (IHC's projection input, OSCAR's prox input, iterate and gradient), so the
// previous call's order is nearly right, and insertion sort from it costs O(d + moves).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace supclust {

// Insertion sort of `order` by decreasing key, ties by index (a strict total order), starting
// from its current arrangement, with the keys carried along: sorted[k] = key[order[k]] on entry
// and on a true return. Comparing against the contiguous sorted keys rather than through the
// indices halves the dependent loads of the inner loop (in wasm the indirect form cost a
// quarter of DFG's time at d = 300). Gives up after `budget` moves and returns false, with
// `order` still a permutation: the caller then sorts from scratch (the same result either way).
inline bool resortByKeys(std::vector<double>& sorted, std::vector<std::int32_t>& order, std::size_t budget) {
  std::size_t moves = 0;
  double* key = sorted.data();
  std::int32_t* index = order.data();
  for (std::size_t k = 1; k < order.size(); ++k) {
    const double kx = key[k];
    const std::int32_t x = index[k];
    std::size_t j = k;
    for (; j > 0 && (kx > key[j - 1] || (kx == key[j - 1] && x < index[j - 1])); --j) {
      key[j] = key[j - 1];
      index[j] = index[j - 1];
      if (++moves > budget) {
        key[j - 1] = kx;
        index[j - 1] = x;
        return false;
      }
    }
    key[j] = kx;
    index[j] = x;
  }
  return true;
}

// Re-sorts a kept `order` of v's d entries by decreasing v (ascending: by increasing v, as
// decreasing −v, negation being exact), ties by index, from where it is; false past `budget`
// moves or when the kept order has another size (the caller then sorts from scratch). The
// sorted keys live in a per-thread scratch.
inline bool resortFrom(const double* v, std::size_t d, std::vector<std::int32_t>& order, std::size_t budget,
                       bool ascending = false) {
  if (order.size() != d) return false;
  thread_local std::vector<double> sorted;
  sorted.resize(d);
  const double sign = ascending ? -1 : 1;
  for (std::size_t k = 0; k < d; ++k) sorted[k] = sign * v[order[k]];
  return resortByKeys(sorted, order, budget);
}

// Indices by decreasing v, ties by index (a strict total order, so the result does not depend on
// the route). A kept order of the same size is re-sorted from where it is, falling back to a
// full sort past 8d moves.
inline void sortByDecreasingValue(const double* v, std::size_t d, std::vector<std::int32_t>& order) {
  if (resortFrom(v, d, order, 8 * d)) return;
  order.resize(d);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [v](std::int32_t a, std::int32_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); });
}

}  // namespace supclust
