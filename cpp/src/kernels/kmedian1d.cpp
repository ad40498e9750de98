#include "supclust/kernels/kmedian1d.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace supclust {

// The first distinct point t in [i, j] whose cumulative count from i reaches half the
// segment's count: a weighted (lower) median.
std::size_t KMedian1D::medianOf(std::size_t i, std::size_t j) const {
  const double half = 0.5 * (prefixCount_[j + 1] - prefixCount_[i]) + prefixCount_[i];
  const auto first = prefixCount_.begin() + static_cast<std::ptrdiff_t>(i) + 1;
  const auto last = prefixCount_.begin() + static_cast<std::ptrdiff_t>(j) + 2;
  return static_cast<std::size_t>(std::lower_bound(first, last, half) - prefixCount_.begin()) - 1;
}

double KMedian1D::cost(std::size_t i, std::size_t j) const {
  const std::size_t t = medianOf(i, j);
  const double v = centred_[t];
  const double above = (prefixValue_[j + 1] - prefixValue_[t + 1]) - v * (prefixCount_[j + 1] - prefixCount_[t + 1]);
  const double below = v * (prefixCount_[t] - prefixCount_[i]) - (prefixValue_[t] - prefixValue_[i]);
  return std::max(0.0, above + below);
}

// cur[j] = min_{i in [ilo, min(ihi, j)]} prev[i−1] + cost(i, j) for j in [jlo, jhi], knowing the
// leftmost minimiser is non-decreasing in j (divide and conquer on j).
void KMedian1D::fillRow(std::size_t q, std::size_t jlo, std::size_t jhi, std::size_t ilo, std::size_t ihi) {
  const std::size_t m = values_.size();
  struct Task {
    std::size_t jlo, jhi, ilo, ihi;
  };
  std::vector<Task> stack{{jlo, jhi, ilo, ihi}};
  while (!stack.empty()) {
    const Task t = stack.back();
    stack.pop_back();
    if (t.jlo > t.jhi) continue;
    const std::size_t j = t.jlo + (t.jhi - t.jlo) / 2;
    double best = HUGE_VAL;
    std::size_t arg = t.ilo;
    for (std::size_t i = t.ilo; i <= std::min(t.ihi, j); ++i) {
      const double v = prev_[i - 1] + cost(i, j);
      if (v < best) {
        best = v;
        arg = i;
      }
    }
    cur_[j] = best;
    back_[q * m + j] = static_cast<std::int32_t>(arg);
    if (j > t.jlo) stack.push_back({t.jlo, j - 1, t.ilo, arg});
    stack.push_back({j + 1, t.jhi, arg, t.ihi});
  }
}

void KMedian1D::solve(const double* u, std::size_t d, int s, KMedian1DResult& out) {
  order_.resize(d);
  std::iota(order_.begin(), order_.end(), 0);
  std::sort(order_.begin(), order_.end(),
            [u](std::int32_t a, std::int32_t b) { return u[a] < u[b] || (u[a] == u[b] && a < b); });
  values_.clear();
  counts_.clear();
  distinctOf_.resize(d);
  for (std::size_t k = 0; k < d; ++k) {
    const double v = u[order_[k]];
    if (values_.empty() || v != values_.back()) {
      values_.push_back(v);
      counts_.push_back(1);
    } else {
      counts_.back() += 1;
    }
    distinctOf_[k] = static_cast<std::int32_t>(values_.size() - 1);
  }
  const std::size_t m = values_.size(), G = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, s)), m);
  // Prefix sums of the centred values (the costs' cancellation scales with their spread).
  double mean = 0, total = 0;
  for (std::size_t t = 0; t < m; ++t) total += counts_[t];
  for (std::size_t t = 0; t < m; ++t) mean += counts_[t] / total * values_[t];
  centred_.resize(m);
  prefixValue_.assign(m + 1, 0);
  prefixCount_.assign(m + 1, 0);
  for (std::size_t t = 0; t < m; ++t) {
    centred_[t] = values_[t] - mean;
    prefixValue_[t + 1] = prefixValue_[t] + counts_[t] * centred_[t];
    prefixCount_[t + 1] = prefixCount_[t] + counts_[t];
  }

  std::vector<std::size_t> start(G + 1, 0);
  start[G] = m;
  if (G == m) {
    std::iota(start.begin(), start.begin() + static_cast<std::ptrdiff_t>(G), std::size_t{0});
  } else {
    back_.assign(G * m, 0);
    prev_.assign(m, 0);
    cur_.assign(m, 0);
    for (std::size_t j = 0; j + G <= m; ++j) prev_[j] = cost(0, j);  // row 0: one segment 0..j
    for (std::size_t q = 1; q < G; ++q) {
      // Row q (q+1 segments) ending at j needs j in [q, m−G+q]; the last row only j = m − 1.
      const std::size_t jlo = q == G - 1 ? m - 1 : q, jhi = m - G + q;
      fillRow(q, jlo, jhi, q, jhi);
      std::swap(prev_, cur_);
    }
    std::size_t j = m - 1;
    for (std::size_t q = G; q-- > 1;) {
      start[q] = static_cast<std::size_t>(back_[q * m + j]);
      j = start[q] - 1;
    }
    start[0] = 0;
  }

  out.centres.assign(G, 0);
  std::vector<std::int32_t> groupOfDistinct(m);
  for (std::size_t g = 0; g < G; ++g) {
    for (std::size_t t = start[g]; t < start[g + 1]; ++t) groupOfDistinct[t] = static_cast<std::int32_t>(g);
    out.centres[g] = values_[medianOf(start[g], start[g + 1] - 1)];
  }
  out.labels.resize(d);
  out.cost = 0;
  for (std::size_t k = 0; k < d; ++k) {
    const std::int32_t g = groupOfDistinct[static_cast<std::size_t>(distinctOf_[k])];
    out.labels[static_cast<std::size_t>(order_[k])] = g;
    out.cost += std::abs(u[order_[k]] - out.centres[static_cast<std::size_t>(g)]);
  }
}

KMedian1DResult kmedian1d(const double* u, std::size_t d, int s) {
  KMedian1D k;
  KMedian1DResult r;
  k.solve(u, d, s, r);
  return r;
}

}  // namespace supclust
