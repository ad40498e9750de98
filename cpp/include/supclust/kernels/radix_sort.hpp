// Stable LSD radix sort of doubles with their indices (11-bit digits on order-preserving
// 64-bit keys; digits that every key shares are skipped); below kRadixFrom entries, a
// comparison sort of (value, index) pairs. The ordering is that of `<` on
// finite values, with -0.0 before +0.0; callers pass finite values only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace supclust {

class RadixSorter {
 public:
  // Fills order[0..d) with the indices of u sorted ascending (ties: lower index first).
  void sort(const double* u, std::size_t d, std::int32_t* order);
  static constexpr std::size_t kRadixFrom = 2048;

 private:
  std::vector<std::uint64_t> keys_, keysTmp_;
  std::vector<std::int32_t> idxTmp_;
  std::vector<std::pair<double, std::int32_t>> small_;
};

}  // namespace supclust
