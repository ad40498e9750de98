// The pair-sum norm and its proximal operator, O(m log m) (ADFG's discriminating term):
//
//   S(x) = Σ_{j<k} |x_j + x_k|
//   prox(v) = argmin_x ½‖x − v‖² + t S(x)
//
// |a + b| + |a − b| = 2 max(|a|, |b|), so S(x) = OWL_ω(x) − C(x) with ω = 2(m − 1, …, 1, 0) (the
// k-th largest |x| is the max of the pairs it forms with the m − 1 − k smaller ones) and
// C(x) = Σ_{j<k} |x_j − x_k|. S is symmetric, so the prox keeps the order of v (swapping two
// entries out of v's order lowers ½‖x − v‖² by 2(x_j − x_i)(v_i − v_j) and leaves S unchanged;
// equal v give equal x). On the vectors ordered as v, C is linear: C(x) = Σ_k (m − 1 − 2k) x_[k],
// x_[k] the entry at the k-th largest v (k = 0..m−1, ties by index). There the objective is
// ½‖x − (v + t c)‖² + t OWL_ω(x) + const with c_[k] = m − 1 − 2k, strictly convex, and its
// unconstrained minimiser prox_{tOWL_ω}(v + t c) is ordered as v + t c, that is as v (the OWL prox
// keeps order too). So it is the minimiser over that cone, which holds the prox:
//
//   prox_{tS}(v) = prox_{t OWL_ω}(v + t c)
//
// one sort by value, a shift, one OWL prox — whose sort by |·| is a merge: v + t c is ordered as
// v, so its entries ≥ 0 in that order and its negative ones in reverse are two runs of
// decreasing magnitude. The dual ball Σ_{j<k} [−1, 1](e_j + e_k) is not a
// permutahedron, and the prox can flip signs (v = (1, 0.1), t = 1 gives (0.45, −0.45)); the shift
// apart before the OWL pooling is what does it. Tests check it against a brute-force dual solution.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "supclust/kernels/owl.hpp"

namespace supclust {

// S(x) in O(m log m), as OWL_ω(x) − C(x) from one sort by value; order: the caller's, kept
// between calls (the sort starts from it).
double pairSumNorm(const double* x, std::size_t m, std::vector<std::int32_t>& order);
double pairSumNorm(const double* x, std::size_t m);

class PairSumProx {
 public:
  // out may alias v. t ≥ 0 (callers validate).
  void apply(const double* v, std::size_t m, double t, double* out);

 private:
  std::vector<std::int32_t> order_;  // by decreasing v, kept: the next sort starts from it
  std::vector<std::int32_t> byMagnitude_;  // by decreasing |v + t c|
  std::vector<double> shifted_, omega_;
  OwlProx owl_;
};

}  // namespace supclust
