// Exact s-sparse Q-values projection (IHC paper §4.1, LwCS §5.1).
//
//   argmin_w ||w - u||^2  subject to  ||w||_0 <= s  and the non-zeros of w take at most Q
//   distinct values.
//
// Equivalent to maximising sum_q |g_q| mean(g_q)^2 over groups g_q of selected coordinates.
// Optimal groups are sign-pure and, on each side, use the largest magnitudes, so with the
// j largest positive entries f+(j, q) = sum_{top j} u^2 - D_q(j), where D_q is the 1-D
// k-means DP (segment_dp.hpp) on them; likewise f- on the negatives. The answer combines
// prefix maxima of f+ and f- under the budgets s and Q: O(d + s log s + Q s log s) instead
// of the paper's O(s^2 Q).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "supclust/base/refusal.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/segment_dp.hpp"

namespace supclust {

struct SparseGroupsResult {
  std::vector<double> values;  // the projection, original order
  std::vector<std::int32_t> labels;  // per coordinate, index into centroids
  std::vector<double> centroids;  // ascending; includes 0 when some coordinate is zero
};

// "" when the projection of d values with budgets s and Q fits the DP's memory (per sign, Q
// split indices and (Q+1) table cells per selected value, at most kKMeans1DMaxSplits), else a
// message naming Q.
Refusal checkSparseGroups(std::size_t d, std::size_t s, std::int64_t Q);
// A call from outside: finite values, integers 1 <= Q <= s, then checkSparseGroups.
Refusal checkSparseGroupsCall(const double* u, std::size_t d, double s, double Q);

class SparseGroupsProjector {
 public:
  // Requires 1 <= Q <= s and finite values (callers validate); s >= d means no sparsity.
  void solve(const double* u, std::size_t d, std::size_t s, int Q, SparseGroupsResult& out);

 private:
  struct Side {
    std::vector<std::int32_t> idx;  // selected coordinates, decreasing magnitude
    std::vector<double> mag;  // their magnitudes, divided by the solve's power-of-two scale
    std::vector<double> best;  // F(j, q): prefix maxima of f over j' <= j, q' <= q
    std::vector<std::int32_t> argJ, argQ;
    std::vector<std::int32_t> back;  // DP split indices, Q x m
  };
  void selectSide(const double* u, std::size_t d, std::size_t s, int sign, double unscale, Side& side);
  void solveSide(Side& side, std::size_t Q);
  std::vector<std::size_t> segmentStarts(const Side& side, std::size_t j, std::size_t q) const;

  Side pos_, neg_;
  SegmentDP dp_;
  std::vector<double> rowPrev_, rowCur_;
};

SparseGroupsResult projectSparseGroups(const double* u, std::size_t d, std::size_t s, int Q);

// Keeps the s entries of largest magnitude (ties: lower index first), zeroes the rest.
void topSThreshold(const double* u, std::size_t d, std::size_t s, double* out);

}  // namespace supclust
