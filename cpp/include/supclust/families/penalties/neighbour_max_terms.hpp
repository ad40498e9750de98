// DFG's discriminating term (DFG paper eq. (5), its graph form §"Incorporating Graph
// Information"): λ Σ_i Σ_{j<k; j,k ∈ N(i)} max(|β_i − β_j|, |β_i − β_k|). For each i
// the inner sum is an ordered weighted ℓ1 norm of D_i β = (β_i − β_j)_{j ∈ N(i)} with weights
// λ(|N(i)| − 1, …, 1, 0): the m-th largest |β_i − β_j| is the max of the pairs it forms with the
// |N(i)| − 1 − m smaller ones. One block per feature, one OWL prox each (its sort order kept
// between calls, so slowly changing blocks sort in O(|N(i)| + moves)). On the complete graph
// (N(i) = all j ≠ i) Σ_i D_iᵀD_i = 2(dI − 11ᵀ).
#pragma once

#include "supclust/families/penalties/feature_graph.hpp"
#include "supclust/families/penalties/fusion_terms.hpp"
#include "supclust/kernels/owl.hpp"

namespace supclust {

class NeighbourMaxTerms final : public FusionTerms {
 public:
  NeighbourMaxTerms(const FeatureGraph& graph, double lambda);
  std::size_t blocks() const override { return graph_.features; }
  std::size_t rows(std::size_t b) const override { return graph_.degree(b); }
  void apply(std::size_t b, const Vector& beta, double* out) const override;
  void addTransposed(std::size_t b, const double* v, Vector& acc) const override;
  void prox(std::size_t b, double* v, double t) override;
  double value(std::size_t b, const double* v) const override;
  void addGram(Matrix& K) const override;
  bool cliqueGram(double& a, double& c) const override;
  void fusions(std::size_t b, const double* v,
               const std::function<void(std::size_t, std::size_t)>& fuse) const override;

 private:
  const FeatureGraph& graph_;
  std::vector<double> omega_;  // λ(M − 1, …, 0) for the largest degree M
  std::vector<OwlProx> proxes_;
  mutable std::vector<MagnitudeOrder> valueOrders_;  // one per block (value): each re-sorts from its last call
};

}  // namespace supclust
