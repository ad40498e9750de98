// The ordered weighted ℓ1 (OWL) norm and its proximal operator (spec §1.4).
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
#include <vector>

namespace supclust {

double owlNorm(const double* x, std::size_t d, const double* w);

class OwlProx {
 public:
  // out may alias v. w must be non-increasing and non-negative (callers validate).
  void apply(const double* v, std::size_t d, const double* w, double* out);

 private:
  void sortByMagnitude(const double* v, std::size_t d);
  std::vector<std::int32_t> order_;  // kept between calls: the next point's order is close
  std::vector<double> z_, key_;
  struct Block {
    std::size_t start;
    double sum;
    std::size_t count;
  };
  std::vector<Block> stack_;
};

// w_k = λ1 + λ2 (d − k), k = 1..d.
std::vector<double> oscarWeights(std::size_t d, double lambda1, double lambda2);

}  // namespace supclust
