// The clique fusion penalty of GFLasso and its proximal operator, O(d log d):
//
//   F(x) = λ1 ‖x‖₁ + λ2 Σ_{i<j} |x_i − x_j|
//   prox(v) = argmin_x ½‖x − v‖² + F(x)
//
// Fusion part (λ1 = 0). For x ordered as v, Σ_{i<j}|x_i − x_j| = Σ_m (2m − d − 1) x_(m) (x_(m)
// the m-th smallest) is linear, and the prox keeps the order of v (swapping two entries that
// are out of v's order lowers ½‖x − v‖² and leaves the penalty unchanged). So with v sorted
// decreasingly, x is the closest non-increasing sequence to v_k − λ2 (d − 2k − 1), k = 0..d−1:
// one isotonic regression.
//
// ℓ1 part. Soft-thresholding the fusion prox by λ1 is exact, for the complete graph as for any
// graph. Let u be the fusion prox, with v − u = λ2 Σ_{i<j} t_ij (e_i − e_j), t_ij ∈ sign(u_i − u_j),
// and x = S_λ1(u). S is monotone, so u_i > u_j gives x_i ≥ x_j: t_ij = 1 stays a subgradient
// (x_i = x_j allows any t in [−1, 1]), and u_i = u_j gives x_i = x_j. And u − x = λ1 s with
// s_i = sign(x_i) where x_i ≠ 0 and s_i = u_i / λ1 ∈ [−1, 1] where x_i = 0. So
// v − x = λ1 s + λ2 Σ t_ij (e_i − e_j) ∈ ∂F(x): x is the prox. (Tests check it against a
// brute-force dual solution.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "supclust/base/refusal.hpp"
#include "supclust/kernels/isotonic.hpp"

namespace supclust {

// Σ_{i<j} |x_i − x_j| in O(d log d).
double cliqueFusionSum(const double* x, std::size_t d);

// A call from outside: finite values, λ1 and λ2 finite and >= 0 ("" or a message naming the field).
Refusal checkCliqueFusionCall(const double* v, std::size_t d, double lambda1, double lambda2);

class CliqueFusionProx {
 public:
  // out may alias v. λ1, λ2 ≥ 0 (callers validate).
  void apply(const double* v, std::size_t d, double lambda1, double lambda2, double* out);

 private:
  std::vector<std::int32_t> order_;  // kept between calls: the next sort starts from it
  std::vector<double> z_;
  DecreasingFit fit_;
};

}  // namespace supclust
