// Isotonic regression by pooling adjacent violators: the closest non-increasing sequence to z
// in least squares, in place, O(d). The OWL prox and the clique-fusion prox both end in it.
#pragma once

#include <cstddef>
#include <vector>

namespace supclust {

class DecreasingFit {
 public:
  // z ← argmin_x ‖x − z‖² over x_1 ≥ x_2 ≥ … ≥ x_d. A pooled block takes its mean; a block of
  // one keeps its value exactly. Sums near the largest double are kept divided by 2^64 (exact
  // but for values that would become subnormal), so they cannot overflow.
  void apply(double* z, std::size_t d);

 private:
  std::vector<double> sums_, counts_;  // the stack of pooled blocks
};

}  // namespace supclust
