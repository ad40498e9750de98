// Exact Q-values projection = optimal 1-D k-means (spec §1.1; IHC paper §3, LwCS §5.1).
//
//   argmin_w ||w - u||^2  subject to  w takes at most Q distinct values.
//
// Sort u, merge equal values into weighted points, and run the segment DP (segment_dp.hpp):
// O(d log d) for the sort plus O(Q m log m) for m distinct values. The workspace keeps the
// previous call's order: inside projected gradient the order barely changes, so an adaptive
// insertion sort from that order replaces the full sort when it is cheap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "supclust/kernels/radix_sort.hpp"
#include "supclust/kernels/segment_dp.hpp"

namespace supclust {

struct KMeans1DResult {
  std::vector<std::int32_t> labels;  // per input coordinate, 0..G-1, in original order
  std::vector<double> centroids;     // G values, ascending (G = min(Q, #distinct values))
  double sse = 0;                    // sum of squared deviations from the assigned centroid
};

class KMeans1D {
 public:
  // Requires d >= 1, Q >= 1 and finite values (callers validate).
  void solve(const double* u, std::size_t d, int Q, KMeans1DResult& out);

 private:
  void sortIndices(const double* u, std::size_t d);

  std::vector<std::int32_t> order_;  // indices of u sorted ascending (kept between calls)
  std::vector<double> values_, rowPrev_, rowCur_;
  std::vector<std::int32_t> counts_, back_, segmentOf_, groupOfDistinct_;
  std::vector<std::size_t> start_;
  std::vector<double> count_;
  RadixSorter sorter_;
  SegmentDP dp_;
};

// One-shot convenience wrapper.
KMeans1DResult kmeans1d(const double* u, std::size_t d, int Q);

}  // namespace supclust
