// Exact 1-D k-median: the best s centres and assignment of d values under absolute deviations
// (the LEM prior's inner problem, weight-grouping priors paper §4.3).
//
//   min over c_1..c_s and κ of Σ_j |u_j − c_κ(j)|.
//
// An optimal clustering of sorted values is contiguous, each centre a median of its segment.
// Sort u, merge equal values into weighted points, and fill the segment DP
// D(q, j) = min_i D(q−1, i−1) + cost(i, j), cost(i, j) = Σ_{t=i..j} n_t |v_t − median(i..j)|,
// each cost in O(log m) from prefix sums (the weighted median by binary search). The interval
// cost of 1-D k-median satisfies the quadrangle inequality (Grønlund et al., "Fast exact
// k-means, k-medians and Bregman divergence clustering in 1D", 2017), so the leftmost optimal
// split is monotone in j and each row is filled by divide-and-conquer: O(s m log² m) instead of
// the Lloyd-style s-medians update of the paper, which only finds a local optimum.
//
// Accuracy: costs are formed from prefix sums of the values centred on their mean, so each
// carries an absolute error of a few ulps of Σ|v − mean|; the reported cost is recomputed from
// the values directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace supclust {

struct KMedian1DResult {
  std::vector<std::int32_t> labels;  // per input coordinate, 0..G-1, in original order
  std::vector<double> centres;  // G medians, ascending (G = min(s, #distinct values))
  double cost = 0;  // Σ_j |u_j − centre of j|
};

class KMedian1D {
 public:
  // Requires d >= 1, s >= 1 and finite values (callers validate). The centre of a segment
  // with an even count is its lower median (any point between the two middle values is
  // optimal).
  void solve(const double* u, std::size_t d, int s, KMedian1DResult& out);

 private:
  double cost(std::size_t i, std::size_t j) const;
  std::size_t medianOf(std::size_t i, std::size_t j) const;
  void fillRow(std::size_t q, std::size_t jlo, std::size_t jhi, std::size_t ilo, std::size_t ihi);

  std::vector<std::int32_t> order_, counts_, back_, distinctOf_;
  std::vector<double> values_, centred_, prefixValue_, prefixCount_, prev_, cur_;
};

KMedian1DResult kmedian1d(const double* u, std::size_t d, int s);

}  // namespace supclust
