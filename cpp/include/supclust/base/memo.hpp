// Results remembered within one public call, keyed by a 128-bit hash of everything they
// depend on. A memo belongs to the call that creates it (base/fit_cache.hpp): a table's
// repetition, a cross-validation, one fit. Thread-safe; the oldest entries go first once
// either cap is reached.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <utility>

namespace supclust {

// A 128-bit hash with full avalanche, streamed over the inputs' bytes: MurmurHash3's x64 body
// (two lanes, each word multiplied, rotated and multiplied again, the lanes cross-fed) on
// 8-byte words, every piece's length mixed in after it, and its finaliser (fmix64) on both
// lanes. Every input bit reaches every output bit: data that differ only in signs, in one
// ulp, or by a permutation get unrelated keys.
class Hash128 {
 public:
  using Key = std::array<std::uint64_t, 2>;
  void add(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, p + i, 8);
      mix(word);
    }
    if (i < bytes) {
      std::uint64_t tail = 0;
      std::memcpy(&tail, p + i, bytes - i);
      mix(tail);
    }
    mix(static_cast<std::uint64_t>(bytes) ^ 0xa0761d6478bd642fULL);  // where the piece ends
    length_ += bytes;
  }
  template <class T>
  void add(const T& value) {
    add(&value, sizeof value);
  }
  Key value() const {
    std::uint64_t a = h_[0] ^ length_, b = h_[1] ^ length_;
    a += b;
    b += a;
    a = fmix(a);
    b = fmix(b);
    a += b;
    b += a;
    return {a, b};
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  static std::uint64_t fmix(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
  }
  void mix(std::uint64_t w) {
    constexpr std::uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
    std::uint64_t k1 = rotl(w * c1, 31) * c2, k2 = rotl(w * c2, 33) * c1;
    h_[0] = (rotl(h_[0] ^ k1, 27) + h_[1]) * 5 + 0x52dce729;
    h_[1] = (rotl(h_[1] ^ k2, 31) + h_[0]) * 5 + 0x38495ab5;
  }
  Key h_{0x9368e53c2f6af274ULL, 0x586dcd208f7cd3fdULL};
  std::uint64_t length_ = 0;
};

// At most `entries` values and `bytes` bytes (as counted by the caller's size function). A
// value larger than `bytes` is not remembered at all: a memo must not pin a huge matrix.
template <class T>
class Memo {
 public:
  Memo(std::size_t entries, std::size_t bytes, std::size_t (*sizeOf)(const T&))
      : maxEntries_(entries), maxBytes_(bytes), sizeOf_(sizeOf) {}

  // Copies the remembered value into out and returns true, or returns false.
  bool find(const Hash128::Key& key, T& out) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : entries_)
      if (entry.first == key) {
        ++hits_;
        out = entry.second;
        return true;
      }
    return false;
  }
  void remember(const Hash128::Key& key, const T& value) {
    const std::size_t size = sizeOf_(value);
    if (size > maxBytes_ || maxEntries_ == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.emplace_back(key, value);
    bytes_ += size;
    while (entries_.size() > maxEntries_ || bytes_ > maxBytes_) {
      bytes_ -= sizeOf_(entries_.front().second);
      entries_.pop_front();
    }
  }
  // The value for key: the remembered one, or compute()'s, remembered when keep() accepts it
  // (computed outside the lock, so threads missing the same key may both compute it).
  template <class Compute, class Keep>
  T recall(const Hash128::Key& key, Compute compute, Keep keep) {
    T value;
    if (find(key, value)) return value;
    value = compute();
    if (keep(value)) remember(key, value);
    return value;
  }
  template <class Compute>
  T recall(const Hash128::Key& key, Compute compute) {
    return recall(key, compute, [](const T&) { return true; });
  }
  std::size_t hits() {
    std::lock_guard<std::mutex> lock(mutex_);
    return hits_;
  }
  std::size_t size() {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_.size();
  }

 private:
  std::size_t maxEntries_, maxBytes_;
  std::size_t (*sizeOf_)(const T&);
  std::mutex mutex_;
  std::deque<std::pair<Hash128::Key, T>> entries_;
  std::size_t bytes_ = 0, hits_ = 0;
};

}  // namespace supclust
