// Work shared within one public call: Gram matrices (cross-validation fits every grid point of a
// fold on the same design; ridge and ADMM add a multiple of I to it), ridge fits (LS, LSK and
// IHC, started from LSK, fit the same ridge regressions on a table's repetition) and CG
// relaxations (CG, CGPG and their variants relax the same problems). The call that owns a
// cache — fit(), crossValidate(), a table's repetition — creates it, hands it down through
// Control::cache (the design carries it to the solvers) and drops it when it returns: no
// answer depends on an earlier call. Entries are keyed by a 128-bit hash (core/memo.hpp) of
// everything they depend on; the memory estimate counts kBytes for it.
#pragma once

#include "supclust/core/memo.hpp"
#include "supclust/core/types.hpp"
#include "supclust/solvers/conditional_gradient.hpp"

namespace supclust {

class FitCache {
 public:
  // The most the three memos hold together (an entry larger than its memo's cap is not kept).
  static constexpr std::size_t kGramBytes = std::size_t{64} << 20, kRidgeBytes = std::size_t{32} << 20,
                               kRelaxationBytes = std::size_t{32} << 20,
                               kBytes = kGramBytes + kRidgeBytes + kRelaxationBytes;

  Memo<Matrix> grams{64, kGramBytes, matrixBytes};
  Memo<Matrix> ridgeFits{1024, kRidgeBytes, matrixBytes};
  Memo<ConditionalGradientResult> relaxations{256, kRelaxationBytes, relaxationBytes};

 private:
  static std::size_t matrixBytes(const Matrix& W) { return sizeof W + static_cast<std::size_t>(W.size()) * sizeof(double); }
  static std::size_t relaxationBytes(const ConditionalGradientResult& r) {
    return sizeof r + (r.psi.size() + r.gap.size() + static_cast<std::size_t>(r.primal.size())) * sizeof(double) +
           r.groups.size() * sizeof(std::int32_t);
  }
};

}  // namespace supclust
