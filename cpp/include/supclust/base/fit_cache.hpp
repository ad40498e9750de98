// Work shared within one public call: Gram matrices (cross-validation fits every grid point of a
// fold on the same design; ridge and ADMM add a multiple of I to it), ridge fits (LS, LSK and
// IHC, started from LSK, fit the same ridge regressions on a table's repetition) and solver
// results a family keeps under its own type (CG relaxations: CG, CGPG and their variants relax
// the same problems), and what a solver leaves for the next fit of the same call that starts where
// it ended (coordinate descent's residual, gradient and Gram block for a path's next point). The
// call that owns a
// cache — fit(), crossValidate(), a table's repetition — creates it, hands it down through
// Control::cache (the design carries it to the solvers) and drops it when it returns: no
// answer depends on an earlier call. Entries are keyed by a 128-bit hash (base/memo.hpp) of
// everything they depend on; the memory estimate counts kBytes for it.
#pragma once

#include "supclust/base/memo.hpp"
#include "supclust/base/types.hpp"

#include <memory>
#include <string>

namespace supclust {

class FitCache {
 public:
  // The most the three memos hold together (an entry larger than its memo's cap is not kept).
  static constexpr std::size_t kGramBytes = std::size_t{64} << 20, kRidgeBytes = std::size_t{32} << 20,
                               kResultBytes = std::size_t{32} << 20, kBytes = kGramBytes + kRidgeBytes + kResultBytes;

  // A solver's result of any type T with its size in bytes; its key must hash a tag naming T
  // (recall() below adds it), so that two types never share a key.
  struct Entry {
    std::shared_ptr<const void> value;
    std::size_t bytes = 0;
  };

  Memo<Matrix> grams{64, kGramBytes, matrixBytes};
  Memo<Matrix> ridgeFits{1024, kRidgeBytes, matrixBytes};
  Memo<Entry> results{256, kResultBytes, [](const Entry& e) { return e.bytes; }};

  // The remembered T for (tag, key), or compute()'s, kept when keep() accepts it; bytesOf sizes it.
  template <class T, class Compute, class Keep, class Bytes>
  T recall(const char* tag, Hash128 key, Compute compute, Keep keep, Bytes bytesOf) {
    key.add(tag, std::char_traits<char>::length(tag));
    const Entry e = results.recall(
        key.value(),
        [&] {
          auto value = std::make_shared<const T>(compute());
          return Entry{value, sizeof(T) + bytesOf(*value)};
        },
        [&](const Entry& entry) { return keep(*static_cast<const T*>(entry.value.get())); });
    return *static_cast<const T*>(e.value.get());
  }

  // What a solver left under (tag, key) with leave(), or nullptr.
  template <class T>
  std::shared_ptr<const T> find(const char* tag, Hash128 key) {
    key.add(tag, std::char_traits<char>::length(tag));
    Entry e;
    if (!results.find(key.value(), e)) return nullptr;
    return std::static_pointer_cast<const T>(e.value);
  }
  template <class T>
  void leave(const char* tag, Hash128 key, std::shared_ptr<const T> value, std::size_t bytes) {
    key.add(tag, std::char_traits<char>::length(tag));
    results.remember(key.value(), Entry{std::move(value), sizeof(T) + bytes});
  }

 private:
  static std::size_t matrixBytes(const Matrix& W) {
    return sizeof W + static_cast<std::size_t>(W.size()) * sizeof(double);
  }
};

}  // namespace supclust
