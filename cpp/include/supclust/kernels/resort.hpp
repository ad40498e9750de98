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

// The same order — decreasing key, ties by index — with the keys carried along: sorted[k] =
// key[order[k]] on entry and on a true return. Comparing against the contiguous sorted keys
// instead of through the indices halves the dependent loads of the inner loop (in wasm, where
// the indirect form cost a quarter of DFG's time at d = 300).
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

// Indices by decreasing v, ties by index (a strict total order, so the result does not depend on
// the route). A kept order of the same size is re-sorted from where it is, falling back to a
// full sort past 8d moves.
inline void sortByDecreasingValue(const double* v, std::size_t d, std::vector<std::int32_t>& order) {
  auto before = [v](std::int32_t a, std::int32_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); };
  if (order.size() == d) {
    thread_local std::vector<double> sorted;  // scratch: v in order's order
    sorted.resize(d);
    for (std::size_t k = 0; k < d; ++k) sorted[k] = v[order[k]];
    if (resortByKeys(sorted, order, 8 * d)) return;
  }
  order.resize(d);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), before);
}

}  // namespace supclust
