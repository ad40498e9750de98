// Exact Q-values projection = optimal 1-D k-means (IHC paper §3, LwCS §5.1).
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
#include <string>
#include <vector>

#include "supclust/base/refusal.hpp"
#include "supclust/kernels/radix_sort.hpp"
#include "supclust/kernels/segment_dp.hpp"

namespace supclust {

struct KMeans1DResult {
  std::vector<std::int32_t> labels;  // per input coordinate, 0..G-1, in original order
  std::vector<double> centroids;  // G values, ascending (G = min(Q, #distinct values))
  double sse = 0;  // sum of squared deviations from the assigned centroid
};

// The DP's memory bound: one 32-bit split index per (group, distinct value), at most 1 GB.
constexpr std::uint64_t kKMeans1DMaxSplits = std::uint64_t{1} << 28;

// "" when kmeans1d can solve d values into Q groups, else a message naming the field (Q above
// the memory bound, Q < 1, no values). Callers check before solve().
Refusal checkKMeans1D(std::size_t d, std::int64_t Q);
// A call from outside: finite values, Q an integer in range, then checkKMeans1D.
Refusal checkKMeans1DCall(const double* u, std::size_t d, double Q);

class KMeans1D {
 public:
  // Requires checkKMeans1D(d, Q) == "" and finite values (callers validate). Accuracy: the
  // partition's SSE is within SegmentDP::kRelativeAccuracy of the optimum (relative), up to
  // an absolute m·2^-104 of the values' sum of squares; centroids are the groups' means.
  void solve(const double* u, std::size_t d, int Q, KMeans1DResult& out);

 private:
  void sortIndices(const double* u, std::size_t d);
  void runDP(std::size_t G);

  std::vector<std::int32_t> order_;  // indices of u sorted ascending (kept between calls)
  std::vector<double> values_, rowPrev_, rowCur_;
  std::vector<std::int32_t> counts_, back_, segmentOf_, groupOfDistinct_;
  std::vector<std::size_t> start_;
  RadixSorter sorter_;
  SegmentDP dp_;
};

// One-shot convenience wrapper.
KMeans1DResult kmeans1d(const double* u, std::size_t d, int Q);

}  // namespace supclust
