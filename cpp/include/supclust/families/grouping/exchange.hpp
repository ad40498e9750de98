// Partition local search for feature grouping (ours, beyond the papers): from a partition of the
// d features into at most Q groups, move one feature at a time to another group (or to an empty
// one) whenever that lowers
//
//   min over the group values V of  L(Xc Z V + 1 bᵀ, T) + λ/2 ‖Z V‖²_F      (Z: d × Q membership),
//
// the objective IHC minimises restricted to that partition, until no single move lowers it: an
// exchange-optimal partition. Every accepted move strictly lowers the objective, so the search
// ends. Projected gradient (IHC) stops where no small step changes the partition; this search
// looks one feature-move further, which escapes most of its local optima (the IHC paper's
// diabetes example: Q = 2 from 1878.2 to the best partition's 1538.2).
//
// Squared loss: the objective of a partition is ½‖Tc‖²/n − ½ tr(Bᵀ H⁻¹ B) with H = ZᵀXcᵀXcZ/n
// + λ diag(sizes) and B = ZᵀXcᵀTc/n (Q × Q and Q × K). A move of feature j from group a to g
// changes H by a rank-3 term in span(e_g, e_a, u_j), u_j = ZᵀXcᵀx_j/n, and B by two rows, so each candidate is
// scored in O(K) from H⁻¹ (Woodbury), and an accepted one is confirmed by a direct solve before
// it is taken; a sweep costs O(d Q (Q + K)) plus one pass over X per accepted move. Other losses:
// each candidate is refitted (the caller's `objective`).
#pragma once

#include <functional>

#include "supclust/base/types.hpp"
#include "supclust/core/design.hpp"

namespace supclust {

struct ExchangeResult {
  Labels labels;  // numbered by first appearance (canonicalLabels), every group non-empty
  int moves = 0;
  bool aborted = false;
};

// The squared loss's search (T: n × K targets; λ ≥ 0). `labels` in 0..Q−1. When H is singular
// at the start (λ = 0 and linearly dependent group sums), nothing moves.
ExchangeResult exchangeSquared(const CenteredDesign& X, const Matrix& T, double lambda, const Labels& labels, int Q,
                               const Control& control);

// Any loss: objective(labels) is the objective of a partition in canonical labels (a refit on it).
ExchangeResult exchangeByRefits(const Labels& labels, int Q, const std::function<double(const Labels&)>& objective,
                                const Control& control);

}  // namespace supclust
