// ADFG's adaptive discriminating term (DFG paper eq. (6), T3; spec §3.6):
//   λ Σ_i Σ_{j<k; j,k ∈ N(i)} w_ijk |β_i − α_ijk β_j − (1 − α_ijk) β_k|,
//   w_ijk = w_ij + w_ik,  α_ijk = w_ij / w_ijk,
// with pair weights w_jk = |β̂_j − β̂_k|^(−γ) from an initial estimate (the caller's matrix). The
// max of DFG is gone, so there is no OWL shortcut: the paper stores T3 (d(d − 1)(d − 2)/2 rows
// of three entries). Here the rows are generated from the pair weights when needed (one block per
// i, its pairs j < k in order), so only ADMM's state (one double per row: solvers/fusion_admm)
// is stored: at d = 300, 13.4 million rows, 107 MB.
// A lead not yet taken: w_ijk(β_i − α_ijk β_j − (1 − α_ijk)β_k) = x_j + x_k with x = W_i D_i β
// (x_j = w_ij(β_i − β_j)), so block i is Σ_{j<k} |x_j + x_k| of d − 1 values: with an exact prox of
// that symmetric norm (its dual ball is the zonotope Σ_{j<k} [−1, 1](e_j + e_k)), ADMM would split
// d(d − 1) values instead of d(d − 1)(d − 2)/2, as DFG's blocks do. Worked out so far (m = d − 1
// values): its facet normals are 1_P − 1_Q (and ±e_j), so y is in λ times the ball iff for all
// p + q ≤ m the p largest y minus the q smallest sum to at most λ((p + q)(m − 1) − 2pq); and
// Σ_{j<k}|x_j + x_k| = Σ_r 2(m − r)|x|_(r) − Σ_{j<k}|x_j − x_k| (an OWL norm minus GFLasso's sum),
// so the prox is order-preserving but not one isotonic fit: the 2pq term couples the two ends.
#pragma once

#include "supclust/core/feature_graph.hpp"
#include "supclust/core/fusion_terms.hpp"

namespace supclust {

class AdaptiveTripleTerms final : public FusionTerms {
 public:
  // pairWeights: d × d, symmetric (the diagonal is not read).
  AdaptiveTripleTerms(const FeatureGraph& graph, const Matrix& pairWeights, double lambda);
  std::size_t blocks() const override { return graph_.features; }
  std::size_t rows(std::size_t b) const override;
  void apply(std::size_t b, const Vector& beta, double* out) const override;
  void addTransposed(std::size_t b, const double* v, Vector& acc) const override;
  void prox(std::size_t b, double* v, double t) override;
  double value(std::size_t b, const double* v) const override;
  void addGram(Matrix& K) const override;

 private:
  // f(j, k, α, w) for each row of block i, in order.
  template <class F>
  void rowsOf(std::size_t i, F f) const;
  const FeatureGraph& graph_;
  const Matrix& w_;
  double lambda_;
};

}  // namespace supclust
