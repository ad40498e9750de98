// Local search over sparse groupings for IHCS (ours, beyond the papers): from an answer with at
// most s non-zero features in at most Q groups (each group one shared value), change one
// feature's group — to another group, out of the support, or into it from the zeros while fewer
// than s are in — or swap a feature of the support out for a zero one into any group, whenever
// that lowers
//
//   F(κ) = min over the group values v of  1/(2n)‖tc − Xc Z v‖² + λ/2 ‖Z v‖²,
//
// the squared-loss objective IHCS minimises restricted to that support and grouping (Z: d × Q
// membership of the support's features), until no single change or swap does. With C = XcᵀXc/n
// and c = Xcᵀtc/n, F = ½‖tc‖²/n − ½ Bᵀ H⁻¹ B for H = ZᵀCZ + λ diag(sizes) and B = Zᵀc (an empty
// group's row is left out). Each candidate is scored from H updated by the moved features' group
// sums of C in O(Q²) and a Q × Q solve; the best of a sweep is taken after a direct solve
// confirms it, so every move strictly lowers F and the search ends. The entering features
// considered are the zeros whose single addition would lower F most (½ a_k²/(C_kk + λ), a the
// correlations with the residual): all of them up to kEnteringZeros, else those kEnteringZeros. A sweep costs
// O(s · kEnteringZeros · Q⁴) plus a pass over X per accepted entering feature.
#pragma once

#include <functional>
#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/core/design.hpp"

namespace supclust {

// The zeros a sweep tries to bring into the support (the most promising ones).
constexpr Eigen::Index kEnteringZeros = 16;

struct SparseExchangeResult {
  Labels labels;  // −1: zero; else the group, 0..Q−1
  Vector values;  // each group's value
  double objective = 0;  // F(labels)
  int moves = 0;
  bool aborted = false;
};

// t: the n targets; `labels`: the start's grouping (−1 zero, else 0..Q−1; at most s non-zero).
// A start whose least squares cannot be solved (λ = 0 and dependent group sums) moves nothing.
// `weights`: the rows' observation weights (mean 1; X centred by their weighted means), C and c
// then weighted (gram_columns).
SparseExchangeResult exchangeSparseGroups(const CenteredDesign& X, const Vector& t, double lambda, Labels labels, int s,
                                          int Q, const Control& control, const Vector* weights = nullptr);

// Any loss (the logistic ones, K outputs): the same moves, each scored by objective(labels), a
// refit of the loss on that support and grouping. Per sweep each feature in turn takes its best
// change (another group, out, or in below s) when that lowers F; a sweep that moves nothing then
// tries the swaps of a support feature for one of the first kEnteringZeros of enteringOrder(labels)
// (the zeros, most promising first) into any group, the best swap taken when it lowers F. Ends
// when neither lowers F; every move strictly lowers it. Its `values` are left empty.
SparseExchangeResult exchangeSparseByRefits(
    Labels labels, int s, int Q, const std::function<double(const Labels&)>& objective,
    const std::function<std::vector<Eigen::Index>(const Labels&)>& enteringOrder, const Control& control);

}  // namespace supclust
