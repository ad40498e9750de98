// Conditional gradient for experts on the normalised equivalence matrix of the samples (LwCS
// §3.2 and §7.3.1, the DataCube paper's OM). With the experts eliminated (centred X
// and y, no intercepts), a partition's F is
//   ψ(M) = 1/(2n) yᵀ (I + (XXᵀ ∘ M)/λ)⁻¹ y,   M = Z(ZᵀZ)⁻¹Zᵀ,
// convex in M; it is minimised over the convex hull of those M. ∇ψ(M) = −(XXᵀ ∘ aaᵀ)/(2nλ)
// with a = (I + (XXᵀ ∘ M)/λ)⁻¹ y, and XXᵀ ∘ aaᵀ = BBᵀ with B = diag(a) X, so the linear
// minimisation oracle maximises Σ_q ‖Σ_{i∈G_q} b_i‖²/s_q: k-means on the n rows of B — no n×n
// square root (the papers take one) — or the iterate's best atom when k-means, a local search,
// ends below it (a test found negative gaps from k-means with 20 restarts on 40 samples). H = (XXᵀ ∘ M)/λ is kept as an n×n matrix (updated in
// O(n²) per step), a is found by conjugate gradients warm-started from the previous step, or
// by a factorisation once they would take long (families/experts/shifted_system).
// Steps 2/(t+2); stops when the Frank–Wolfe gap ≤ tolerance·ψ. Two roundings: the last
// oracle's partition (the papers'), and the k-means of the relaxation's per-sample predictors
// w_i = Σ_j M_ij a_j x_j/λ (better starts for alternating minimisation on E4: M is kept too).
#pragma once

#include <cstdint>

#include "supclust/families/experts/alternating_experts.hpp"

namespace supclust {

struct ExpertsConditionalGradientOptions {
  int maxIterations = 50;
  double tolerance = 1e-3;  // relative Frank–Wolfe gap
  int restarts = 3;  // k-means++ restarts of each oracle call
  std::uint64_t seed = 0;
};

struct ExpertsConditionalGradientResult {
  Labels labels;  // the rounded partition (the last oracle's)
  Labels primalLabels;  // k-means of the relaxation's per-sample predictors
  std::vector<double> psi;  // ψ(M_t)
  std::vector<double> gap;  // the Frank–Wolfe gap at M_t
  int iterations = 0;
  Status status = Status::MaxIterations;
};

// The oracle's value for a partition: Σ_q ‖Σ_{i∈G_q} b_i‖² / s_q = ⟨BBᵀ, N⟩.
double expertsOracleValue(const RowMatrix& B, const Labels& labels, int Q);

ExpertsConditionalGradientResult expertsConditionalGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                                            const ExpertsConditionalGradientOptions& o,
                                                            const Control& control);

}  // namespace supclust
