// ncFGS and ncTFGS's penalty (DFG paper eqs. (3), (4), after Yang et al. 2012) as a
// difference of convex functions g − h, for DC programming (solvers/dc_programming):
//
//   P(β) = s (λ1 Σ_i f_i min(|β_i|, t) + λ2 Σ_{(i,j) ∈ E} min(||β_i| − |β_j||, t))
//
// (f: penalty factors, all 1 unless given.)
// ncFGS: t = ∞, s = 1; ncTFGS: t = τ, s = 1/τ (J_τ(x) = min(x/τ, 1)); E: all pairs, or a graph.
// With x = ||a| − |b|| = 2max(|a|, |b|) − |a| − |b| and min(x, t) = x − max(x − t, 0):
//   min(x, t) = 2max(|a|, |b|) + t − max(2max(|a|, |b|), |a| + |b| + t)      (both convex)
//   min(|a|, t) = |a| − max(|a| − t, 0),
// so g = s λ1 Σ f_i|β_i| + 2 s λ2 Σ_E max(|β_i|, |β_j|) (OSCAR's OWL norm on the complete graph
// when f = 1) and ∇h_i = s sign(β_i) (λ1 f_i [|β_i| > t] + λ2 Σ_{j ∈ N(i)} c_ij), c_ij = 2 when |β_i| − |β_j| > t,
// 0 when |β_j| − |β_i| > t, else 1 (ncFGS: always 1, so ∇h = λ2 deg(i) sign(β)).
// On the complete graph both the value and ∇h take O(d log d) (sorted magnitudes).
#pragma once

#include <cmath>

#include "supclust/families/penalties/feature_graph.hpp"
#include "supclust/base/types.hpp"

namespace supclust {

struct MagnitudeFusion {
  double lambda1 = 0, lambda2 = 0;
  double threshold = HUGE_VAL;  // t: HUGE_VAL for ncFGS
  const FeatureGraph* graph = nullptr;  // nullptr: all pairs
  const Vector* factors = nullptr;  // f, d entries (penalty_factors.hpp); nullptr: all 1

  double scale() const { return std::isfinite(threshold) ? 1 / threshold : 1; }
  double value(const Vector& beta) const;
  // A subgradient of h at β; where β_i = 0 (h's kink) the side is sign(direction_i) (any side is
  // a subgradient; none given: 0, the middle).
  Vector concaveGradient(const Vector& beta, const Vector& direction = Vector()) const;
};

// Σ_{i<j} min(|x_i − x_j|, t), in O(d log d).
double truncatedPairSum(const double* x, std::size_t d, double t);

}  // namespace supclust
