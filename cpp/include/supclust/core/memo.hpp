// Results remembered across calls, keyed by a 128-bit hash of everything they depend on. The
// tables fit several methods on the same folds: CG, CGPG and CGPG+primal relax the same
// problems, and LS, LSK and IHC (whose start is LSK) fit the same ridge regressions. A memo
// answers the repeats. Thread-safe; the oldest entries go first once either cap is reached.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <utility>

namespace supclust {

// Two 64-bit FNV-1a-style streams with different offsets, over the inputs' 8-byte words (then
// any remaining bytes): one multiply per word keeps hashing a design far below a fit's cost.
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
    for (; i < bytes; ++i) mix(p[i]);
  }
  template <class T>
  void add(const T& value) { add(&value, sizeof value); }
  Key value() const { return h_; }

 private:
  void mix(std::uint64_t w) {
    h_[0] = (h_[0] ^ w) * 0x100000001b3ULL;
    h_[1] = (h_[1] ^ w) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
  }
  Key h_{0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};
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
