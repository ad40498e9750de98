// Exact dynamic programme over contiguous segments of sorted, weighted 1-D points (IHC paper §3).
//
// D(q, j) = min over i of D(q-1, i-1) + SSE(i..j), where SSE(i..j) is the weighted sum of
// squared deviations of points i..j from their weighted mean. SSE over contiguous runs of
// sorted data is a Monge array, so the leftmost optimal split index is monotone in j and each
// row is filled by divide-and-conquer in O(m log m) (instead of the papers' O(m^2)).
// Shared by the Q-values projection (1-D k-means) and the s-sparse Q-values projection.
//
// Accuracy. The fast path centres and scales the points and forms prefix sums in doubles, so
// a cost carries an absolute error of a few ulps of the total sum of squares: fine when the
// optimum is not many orders of magnitude below it, wrong for mixed magnitudes (a huge value
// beside tiny ones, whose partition the rounding hides). costError() bounds that error from the
// sums actually formed; certifies() says whether the optimum found is then within
// kRelativeAccuracy of the true one. When it is not, usePrecise() switches to costs from
// uncentred double-double prefix sums (double_double.hpp): each cost is then within a relative
// 2^-52 plus an absolute m·2^-104 of the points' sum of squares, and the DP is run again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace supclust {

class SegmentDP {
 public:
  // Points must be sorted (either direction); counts[i] >= 1 is the multiplicity of point i
  // (nullptr: all 1). Values are centred and scaled internally before prefix sums are formed;
  // costs are reported in scaled units (see costScale()).
  void reset(const double* values, const std::int32_t* counts, std::size_t m);

  std::size_t size() const { return m_; }
  // Factor by which reported costs must be multiplied to be in the input's units (may be
  // inf for inputs near the largest double: callers scale such inputs first).
  double costScale() const { return scale_ * scale_; }

  // The relative accuracy certified for the optimum (see the top of this file). Measured on
  // E1 (IHC, 10 repetitions): 1e-7 sends 1% of the σ-table's projections to the precise path
  // at no measurable cost; 1e-8 sends 4% and costs 25% of those rows' time.
  static constexpr double kRelativeAccuracy = 1e-7;
  // A bound on the absolute error of any one cost(i, j) of the current path, in scaled units.
  double costError() const { return precise_ ? preciseError_ : fastError_; }
  // True when an optimum `found` over `segments` segments, computed on the current path, is
  // within kRelativeAccuracy (relative) of the exact optimum.
  bool certifies(double found, std::size_t segments) const;
  // Switches to the double-double costs (until the next reset()); false if already on them.
  bool usePrecise();
  // Weighted SSE of points i..j (inclusive, 0-based), in scaled units, clamped at 0.
  double cost(std::size_t i, std::size_t j) const;

  // Fills cur[j] = min_{i in [q, j]} prev[i-1] + cost(i, j) for j in [jlo, jhi] (prev is row
  // q-1, only entries prev[q-1 .. jhi-1] are read), and arg[j] = the leftmost minimiser.
  // For q == 0 (one segment ending at j), prev is ignored and cur[j] = cost(0, j).
  // lower (optional) is row q-1's arg, valid for j < lowerEnd: the minimiser is monotone in q
  // too (opt(q-1, j) <= opt(q, j) for Monge costs), which narrows the scans.
  void fillRow(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo, std::size_t jhi,
               const std::int32_t* lower = nullptr, std::size_t lowerEnd = 0);

 private:
  struct Task {
    std::size_t jlo, jhi, ilo, ihi;
  };
  double preciseCost(std::size_t i, std::size_t j) const;
  template <class Scan>
  void divideAndConquer(std::size_t q, double* cur, std::int32_t* arg, std::size_t jlo, std::size_t jhi,
                        const std::int32_t* lower, std::size_t lowerEnd, Scan&& scan);
  void scanRowsPrecise(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo,
                       std::size_t jhi, const std::int32_t* lower, std::size_t lowerEnd);
  template <bool UnitCounts>
  void scanRows(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo, std::size_t jhi,
                const std::int32_t* lower, std::size_t lowerEnd);

  std::size_t m_ = 0;
  bool unitCounts_ = true;
  double scale_ = 1;
  std::vector<std::int32_t> c0_;  // prefix counts
  std::vector<double> s1_, s2_;  // prefix sums of values and squares
  std::vector<double> inverse_;  // inverse_[k] = 1/k: no division in the inner loop
  std::vector<double> inverseReversed_;  // [y] = 1/(m - y): unit counts, read ascending
  std::vector<Task> stack_;
  // The precise path: the points (as given) and uncentred double-double prefix sums of the
  // points divided by rawScale_ (a power of two), built by usePrecise().
  const double* values_ = nullptr;
  const std::int32_t* counts_ = nullptr;
  double rawScale_ = 1, preciseUnit_ = 1;
  double fastError_ = 0, preciseError_ = 0;
  bool precise_ = false;
  std::vector<double> p1hi_, p1lo_, p2hi_, p2lo_;
};

}  // namespace supclust
