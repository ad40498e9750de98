// DFG by ADMM without the paper's T3 (DFG paper eq. (5) and §"Optimization"; spec §3.6):
//
//   min_{β, b} 1/(2n) ‖Xc β + b 1 − y‖² + λ/2 ‖β‖² + λ1 ‖β‖₁ + λ2 Σ_i Σ_{j<k; j,k≠i} max(|β_i − β_j|, |β_i − β_k|)
//
// (squared loss, one output). For each i the triple sum is an ordered weighted ℓ1 norm of
// D_i β = (β_i − β_j)_{j≠i} with weights ω = (d − 2, …, 1, 0): Σ_{j<k} max(|u_j|, |u_k|) = Σ_m (d − 1 − m)|u|_(m).
// The paper's T3 has d(d − 1)(d − 2)/2 rows; here the split is z_0 = β, z_i = D_i β (i = 1..d):
//
//   β  ← A⁻¹ (Xcᵀy/n + ρ(z_0 − u_0) + ρ Σ_i D_iᵀ(z_i − u_i)),  A = XcᵀXc/n + λI + ρI + ρ Σ_i D_iᵀD_i
//   z_0 ← soft(β + u_0, λ1/ρ);  z_i ← prox_{(λ2/ρ) OWL_ω}(D_i β + u_i)
//   u  ← u + (split) − z
//
// Σ_i D_iᵀD_i = 2(dI − 11ᵀ), so A = (XcᵀXc/n + (λ + ρ(1 + 2d))I) − 2ρ11ᵀ: one factorisation
// (solvers/ridge_system: Cholesky, or Woodbury when n < d) and a Sherman–Morrison correction.
// O(d²) memory (z, u and the previous z: 3d(d − 1) doubles, and each block's prox keeps its
// sort order: 3d(d − 1) more) and O(d² log d) per iteration at worst; each block's sort starts
// from its previous order, so slowly changing blocks cost O(d + moves).
//
// Certificate (tested every 5 steps): the scaled duals are subgradients by construction
// (ρu_0 ∈ λ1 ∂‖z_0‖₁, ρu_i ∈ λ2 ∂OWL_ω(z_i)), so optimality is ∇F(β) + ρ(u_0 + Σ_i D_iᵀu_i) = 0
// and the split met: max(‖∇F + ρ(…)‖∞ / ‖∇F(0)‖∞, primal residual / max(1, ‖β‖∞)) ≤ tolerance.
// ρ is doubled or halved when the primal and dual residuals differ by more than 10×.
//
// The answer: β with the split's exact fusions applied: i and j are one group when z_i or z_j
// holds an exact 0 for the pair (the OWL prox's ties), their values averaged; a group whose
// z_0 entries are all 0 is 0. The objective is that of the answer.
#pragma once

#include "supclust/core/objective.hpp"
#include "supclust/solvers/admm.hpp"

namespace supclust {

Result dfgAdmm(const Objective& F, double lambda1, double lambda2, Matrix W0, const AdmmOptions& opt, const Control& control);

// λ1‖β‖₁ + λ2 Σ_i OWL_ω(D_i β), in O(d² log d).
double dfgPenalty(const Vector& beta, double lambda1, double lambda2);

}  // namespace supclust
