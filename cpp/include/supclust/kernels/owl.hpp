// The ordered weighted ℓ1 (OWL) norm and its proximal operator.
//
//   OWL_w(x) = Σ_i w_i |x|_(i),  w_1 >= w_2 >= ... >= w_d >= 0,  |x|_(1) >= |x|_(2) >= ...
//   prox(v) = argmin_x ½‖x − v‖² + OWL_w(x)
//
// prox: sort |v| decreasing, subtract w, pool adjacent violators (a stack) into the closest
// non-increasing sequence, clip at 0, unsort, restore signs: O(d log d). OSCAR's penalty
// λ1‖x‖₁ + λ2 Σ_{i<j} max(|x_i|, |x_j|) is OWL with w_k = λ1 + λ2 (d − k).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "supclust/base/refusal.hpp"
#include "supclust/kernels/isotonic.hpp"

namespace supclust {

// The indices of a vector by decreasing |v|, ties by index: a strict total order, so the result
// does not depend on the algorithm. Solvers sort slowly changing points (the prox's input, the
// iterate, the gradient), so the previous call's order is nearly right: resortFrom() from it
// is O(d + moves). A budget of 8d moves falls back to std::sort (a new point, the first call).
class MagnitudeOrder {
 public:
  void sort(const double* v, std::size_t d);
  // The indices of the entries with |v| > floor by decreasing |v| (ties by index) as the first
  // entries of order(), returning how many; the rest of order() is not read. When they are few
  // (at most d/8) only they are sorted: an OWL norm or dual-ball test reads no more of a vector
  // whose other entries are zeros, or below the smallest weight.
  std::size_t sortAbove(const double* v, std::size_t d, double floor);
  const std::vector<std::int32_t>& order() const { return order_; }  // after sort() or sortAbove()
  const std::vector<double>& magnitudes() const { return key_; }  // |v|, unsorted

 private:
  std::vector<std::int32_t> order_;  // kept between calls
  std::vector<double> key_;
};

double owlNorm(const double* x, std::size_t d, const double* w);
// The same, sorting through a kept order (no allocation once sized).
double owlNorm(const double* x, std::size_t d, const double* w, MagnitudeOrder& order);

// The checks OwlProx::apply's callers make: as many weights as values (apply reads d of them),
// finite, non-negative and non-increasing. "" or "weights: …".
Refusal checkOwlWeights(std::size_t values, const double* w, std::size_t weights);
// A call from outside: finite values, then checkOwlWeights.
Refusal checkOwlCall(const double* v, std::size_t values, const double* w, std::size_t weights);

class OwlProx {
 public:
  // out may alias v. w must be non-increasing and non-negative (callers validate). The weights
  // used are wScale·w (each product formed as the caller's own scaled copy would be).
  void apply(const double* v, std::size_t d, const double* w, double* out, double wScale = 1);
  // The same with the order given: byMagnitude, the indices by decreasing |v| (ties in any order:
  // the answer is the same). No sort.
  void applyInOrder(const double* v, std::size_t d, const double* w, const std::int32_t* byMagnitude, double* out,
                    double wScale = 1);
  // apply()'s last input indices by decreasing |v|: the output's pooled runs are adjacent here.
  const std::vector<std::int32_t>& order() const { return order_.order(); }

 private:
  MagnitudeOrder order_;
  std::vector<double> z_;
  DecreasingFit fit_;
};

// w_k = λ1 + λ2 (d − k), k = 1..d.
std::vector<double> oscarWeights(std::size_t d, double lambda1, double lambda2);

// The dual norm of OWL_w at v: max_k (Σ_{i≤k} |v|_(i)) / (Σ_{i≤k} w_i), |v| sorted decreasing —
// the smallest t with 0 in the subdifferential of t·OWL_w − ⟨v, ·⟩ at 0 (SLOPE's α_max). w
// non-increasing, non-negative, w_1 > 0.
double owlDualNorm(const double* v, std::size_t d, const double* w);

}  // namespace supclust
