#include "supclust/kernels/radix_sort.hpp"

#include <algorithm>
#include <cstring>

namespace supclust {

namespace {
std::uint64_t orderedKey(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  // Negative: flip all bits (larger magnitude sorts first); positive: flip the sign bit.
  return (b >> 63) ? ~b : (b | (std::uint64_t{1} << 63));
}
}  // namespace

void RadixSorter::sort(const double* u, std::size_t d, std::int32_t* order) {
  if (d < kRadixFrom) {  // the histograms would cost more than a comparison sort
    small_.resize(d);
    for (std::size_t i = 0; i < d; ++i) small_[i] = {u[i], static_cast<std::int32_t>(i)};
    std::sort(small_.begin(), small_.end());
    for (std::size_t i = 0; i < d; ++i) order[i] = small_[i].second;
    return;
  }
  constexpr int kBits = 11, kBuckets = 1 << kBits, kPasses = (64 + kBits - 1) / kBits;
  keys_.resize(d);
  keysTmp_.resize(d);
  idxTmp_.resize(d);
  std::vector<std::uint32_t> counts(static_cast<std::size_t>(kPasses) * kBuckets, 0);
  for (std::size_t i = 0; i < d; ++i) {
    const std::uint64_t k = keys_[i] = orderedKey(u[i]);
    order[i] = static_cast<std::int32_t>(i);
    for (int p = 0; p < kPasses; ++p) ++counts[p * kBuckets + ((k >> (p * kBits)) & (kBuckets - 1))];
  }
  std::uint64_t* src = keys_.data();
  std::uint64_t* dst = keysTmp_.data();
  std::int32_t* isrc = order;
  std::int32_t* idst = idxTmp_.data();
  for (int p = 0; p < kPasses; ++p) {
    std::uint32_t* c = counts.data() + p * kBuckets;
    if (c[(src[0] >> (p * kBits)) & (kBuckets - 1)] == d) continue;  // every key shares this digit
    std::uint32_t sum = 0;
    for (int b = 0; b < kBuckets; ++b) {
      const std::uint32_t t = c[b];
      c[b] = sum;
      sum += t;
    }
    for (std::size_t i = 0; i < d; ++i) {
      const std::uint32_t pos = c[(src[i] >> (p * kBits)) & (kBuckets - 1)]++;
      dst[pos] = src[i];
      idst[pos] = isrc[i];
    }
    std::swap(src, dst);
    std::swap(isrc, idst);
  }
  if (isrc != order) std::memcpy(order, isrc, d * sizeof(std::int32_t));
}

}  // namespace supclust
