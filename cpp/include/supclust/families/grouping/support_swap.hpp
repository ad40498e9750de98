// Support local search for IHT (ours, beyond the papers): from an s-sparse answer's support S,
// swap one feature of S for one outside it (or add one while |S| < s) whenever that lowers
//
//   F(S) = min over w supported on S of  1/(2n)‖tc − Xc w‖² + λ/2 ‖w‖²,
//
// the squared-loss objective IHT minimises restricted to that support, until no swap does. Every
// candidate (j out, i in) is first scored by the partial swap of L0Learn (Hazimeh & Mazumder
// 2020, PSI(1)): w_j set to 0, w_i to its best value against the residual, the others kept,
//   Δ = ½ w_j² (C_jj + λ) − ½ (a_i + C_ij w_j)² / (C_ii + λ),
// C = XcᵀXc/n and a = Xcᵀ(tc − Xc w)/n (w the least squares on S, where a_j = λ w_j); the three
// best entering features per leaving one are then scored exactly — the least squares on the new
// support, from M = (C_SS + λI)⁻¹ by a downdate and a Schur complement in O(|S|²) — and the
// lowest below F(S) is taken, confirmed by a direct solve. Every move strictly lowers F, so the
// search ends. A sweep costs O(d |S| + |S|³), plus two passes over X for the entering column.
#pragma once

#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/core/design.hpp"

namespace supclust {

struct SwapResult {
  std::vector<Eigen::Index> support;  // ascending
  Vector values;  // the least-squares coefficients on it
  double objective = 0;  // F(support)
  int moves = 0;
  bool aborted = false;
};

// t: the n targets; `support`: the start's non-zero features (at most s). A start whose least
// squares cannot be solved (λ = 0 and dependent columns) moves nothing.
// `weights`: the rows' observation weights (mean 1; X centred by their weighted means), C and c
// then weighted (gram_columns).
SwapResult swapSupport(const CenteredDesign& X, const Vector& t, double lambda, std::vector<Eigen::Index> support,
                       int s, const Control& control, const Vector* weights = nullptr);

}  // namespace supclust
