// Exact dynamic programme over contiguous segments of sorted, weighted 1-D points (spec §1.1).
//
// D(q, j) = min over i of D(q-1, i-1) + SSE(i..j), where SSE(i..j) is the weighted sum of
// squared deviations of points i..j from their weighted mean. SSE over contiguous runs of
// sorted data is a Monge array, so the leftmost optimal split index is monotone in j and each
// row is filled by divide-and-conquer in O(m log m) (instead of the papers' O(m^2)).
// Shared by the Q-values projection (1-D k-means) and the s-sparse Q-values projection.
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
  // Factor by which reported costs must be multiplied to be in the input's units.
  double costScale() const { return scale_ * scale_; }
  // Weighted SSE of points i..j (inclusive, 0-based), in scaled units, clamped at 0.
  double cost(std::size_t i, std::size_t j) const;

  // Fills cur[j] = min_{i in [q, j]} prev[i-1] + cost(i, j) for j in [jlo, jhi] (prev is row
  // q-1, only entries prev[q-1 .. jhi-1] are read), and arg[j] = the leftmost minimiser.
  // For q == 0 (one segment ending at j), prev is ignored and cur[j] = cost(0, j).
  // lower (optional) is row q-1's arg, valid for j < lowerEnd: the minimiser is monotone in q
  // too (opt(q-1, j) <= opt(q, j) for Monge costs), which narrows the scans.
  void fillRow(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo,
               std::size_t jhi, const std::int32_t* lower = nullptr, std::size_t lowerEnd = 0);

 private:
  struct Task {
    std::size_t jlo, jhi, ilo, ihi;
  };
  template <bool UnitCounts>
  void scanRows(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo,
                std::size_t jhi, const std::int32_t* lower, std::size_t lowerEnd);

  std::size_t m_ = 0;
  bool unitCounts_ = true;
  double scale_ = 1;
  std::vector<std::int32_t> c0_;    // prefix counts
  std::vector<double> s1_, s2_;      // prefix sums of values and squares
  std::vector<double> inverse_;      // inverse_[k] = 1/k: no division in the inner loop
  std::vector<double> inverseReversed_;  // [y] = 1/(m - y): unit counts, read ascending
  std::vector<Task> stack_;
};

}  // namespace supclust
