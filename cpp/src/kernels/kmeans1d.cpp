#include "supclust/kernels/kmeans1d.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "supclust/kernels/arguments.hpp"
#include "supclust/kernels/resort.hpp"
#include "supclust/kernels/scaling.hpp"

namespace supclust {

void KMeans1D::sortIndices(const double* u, std::size_t d) {
  // Ascending, ties by index; from the last order unless that would cost more than a full sort.
  if (resortFrom(u, d, order_, 4 * d + 64, /*ascending=*/true)) return;
  order_.resize(d);
  sorter_.sort(u, d, order_.data());
}

Refusal checkKMeans1D(std::size_t d, std::int64_t Q) {
  if (d < 1) return Refusal("values", "must not be empty");
  if (Q < 1) return Refusal("Q", "must be >= 1 (got " + std::to_string(Q) + ")");
  // The DP keeps one split index per (group, distinct value); with Q >= d there is no DP.
  const auto groups = static_cast<std::uint64_t>(std::min<std::int64_t>(Q, static_cast<std::int64_t>(d)));
  if (groups < d && groups * d > kKMeans1DMaxSplits)
    return Refusal("Q", "the exact DP for Q = " + std::to_string(Q) + " groups of " + std::to_string(d) +
                            " values keeps Q·d = " + std::to_string(groups * d) + " split indices (" +
                            std::to_string(groups * d * 4 >> 20) + " MB); the limit is " +
                            std::to_string(kKMeans1DMaxSplits) + " (1 GB): use fewer groups or fewer values");
  return {};
}

void KMeans1D::runDP(std::size_t G) {
  const std::size_t m = values_.size();
  rowPrev_.resize(m);  // every entry the DP reads it has written first
  rowCur_.resize(m);
  back_.resize(G * m);
  // Row q only needs j in [q, m-G+q]; the last row only its last cell.
  for (std::size_t q = 0; q < G; ++q) {
    const std::size_t jlo = q == G - 1 ? m - 1 : q, jhi = m - G + q;
    const std::int32_t* lower = q > 0 ? back_.data() + (q - 1) * m : nullptr;
    dp_.fillRow(q, rowPrev_.data(), rowCur_.data(), back_.data() + q * m, jlo, jhi, lower,
                m - G + q);  // row q-1 holds j <= m-G+q-1
    std::swap(rowPrev_, rowCur_);
  }
}

void KMeans1D::solve(const double* u, std::size_t d, int Q, KMeans1DResult& out) {
  sortIndices(u, d);
  // Values near the largest double are divided by a power of two (exact), so that neither
  // means nor the SSE's squares overflow before the final rescaling.
  const double maxAbs = std::max(std::abs(u[order_.front()]), std::abs(u[order_.back()]));  // sorted
  const double scale = overflowGuardScale(maxAbs), unscale = 1 / scale;
  // Merge equal values: ties can never be split by an optimal partition we report.
  values_.clear();
  counts_.clear();
  segmentOf_.resize(d);
  for (std::size_t k = 0; k < d; ++k) {
    const double v = u[order_[k]];
    if (values_.empty() || v * unscale != values_.back()) {
      values_.push_back(v * unscale);
      counts_.push_back(1);
    } else {
      counts_.back() += 1;
    }
    segmentOf_[k] = static_cast<std::int32_t>(values_.size() - 1);  // distinct-value index
  }
  const std::size_t m = values_.size();
  const std::size_t G = std::min<std::size_t>(static_cast<std::size_t>(Q), m);

  // start[g] = first distinct index of group g.
  std::vector<std::size_t>& start = start_;
  start.resize(G + 1);
  start[G] = m;
  if (G == m) {
    std::iota(start.begin(), start.begin() + G, 0);
  } else {
    dp_.reset(values_.data(), counts_.data(), m);
    runDP(G);
    // Not certified to kRelativeAccuracy (mixed magnitudes): again on the precise costs.
    if (!dp_.certifies(rowPrev_[m - 1], G) && dp_.usePrecise()) runDP(G);
    std::size_t j = m - 1;
    for (std::size_t q = G; q-- > 0;) {
      start[q] = static_cast<std::size_t>(back_[q * m + j]);
      if (q > 0) j = start[q] - 1;
    }
  }

  // Centroids and SSE from the values (two-pass, no prefix-sum cancellation), each mean
  // anchored at its group's first value: identical values give that value exactly.
  out.centroids.assign(G, 0);
  std::vector<std::int32_t>& groupOfDistinct = groupOfDistinct_;
  groupOfDistinct.resize(m);
  for (std::size_t g = 0; g < G; ++g) {
    for (std::size_t t = start[g]; t < start[g + 1]; ++t) groupOfDistinct[t] = static_cast<std::int32_t>(g);
    out.centroids[g] = anchoredMean(values_.data() + start[g], counts_.data() + start[g], start[g + 1] - start[g]);
  }
  out.labels.resize(d);
  double sse = 0;
  for (std::size_t k = 0; k < d; ++k) {
    const std::int32_t g = groupOfDistinct[segmentOf_[k]];
    out.labels[order_[k]] = g;
    const double r = values_[segmentOf_[k]] - out.centroids[g];
    sse += r * r;
  }
  for (double& c : out.centroids) c *= scale;
  out.sse = sse * scale * scale;  // inf only when the SSE itself exceeds the largest double
}

KMeans1DResult kmeans1d(const double* u, std::size_t d, int Q) {
  KMeans1D km;
  KMeans1DResult r;
  km.solve(u, d, Q, r);
  return r;
}

Refusal checkKMeans1DCall(const double* u, std::size_t d, double Q) {
  for (const Refusal& why : {checkFinite("values", u, d), checkCount("Q", Q, 1)})
    if (!why.empty()) return why;
  return checkKMeans1D(d, static_cast<std::int64_t>(Q));
}

}  // namespace supclust
