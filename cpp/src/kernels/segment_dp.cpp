#include "supclust/kernels/segment_dp.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

void SegmentDP::reset(const double* values, const std::int32_t* counts, std::size_t m) {
  m_ = m;
  auto count = [counts](std::size_t i) { return counts ? counts[i] : 1; };
  double total = 0, mean = 0;
  for (std::size_t i = 0; i < m; ++i) {
    total += count(i);
    mean += count(i) * values[i];
  }
  mean = total > 0 ? mean / total : 0;
  double spread = 0;
  for (std::size_t i = 0; i < m; ++i) spread = std::max(spread, std::abs(values[i] - mean));
  scale_ = spread > 0 ? spread : 1;
  const double inv = 1 / scale_;
  c0_.resize(m + 1);
  s1_.resize(m + 1);
  s2_.resize(m + 1);
  c0_[0] = 0;
  s1_[0] = s2_[0] = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const double v = (values[i] - mean) * inv, w = count(i);
    c0_[i + 1] = c0_[i] + count(i);
    s1_[i + 1] = s1_[i] + w * v;
    s2_[i + 1] = s2_[i] + w * v * v;
  }
  const std::size_t n = static_cast<std::size_t>(c0_[m]);
  if (inverse_.size() < n + 1) {
    const std::size_t from = inverse_.empty() ? 1 : inverse_.size();
    inverse_.resize(n + 1);
    inverse_[0] = 0;
    for (std::size_t k = from; k <= n; ++k) inverse_[k] = 1.0 / static_cast<double>(k);
  }
}

double SegmentDP::cost(std::size_t i, std::size_t j) const {
  const double s = s1_[j + 1] - s1_[i];
  const double c = (s2_[j + 1] - s2_[i]) - s * s * inverse_[c0_[j + 1] - c0_[i]];
  return c > 0 ? c : 0;
}

void SegmentDP::fillRow(std::size_t q, const double* prev, double* cur, std::int32_t* arg,
                        std::size_t jlo, std::size_t jhi, const std::int32_t* lower,
                        std::size_t lowerEnd) {
  if (jlo > jhi) return;
  if (q == 0) {
    for (std::size_t j = jlo; j <= jhi; ++j) {
      cur[j] = cost(0, j);
      arg[j] = 0;
    }
    return;
  }
  const std::int32_t* c0 = c0_.data();
  const double* inverse = inverse_.data();
  const double* s1 = s1_.data();
  const double* s2 = s2_.data();
  stack_.clear();
  stack_.push_back({jlo, jhi, q, jhi});
  while (!stack_.empty()) {
    const Task t = stack_.back();
    stack_.pop_back();
    const std::size_t j = t.jlo + (t.jhi - t.jlo) / 2;
    std::size_t ilo = std::max(t.ilo, q);
    if (lower && j < lowerEnd) ilo = std::max(ilo, static_cast<std::size_t>(lower[j]));
    const std::size_t ihi = std::min(t.ihi, j);
    const std::int32_t a0 = c0[j + 1];
    const double a1 = s1[j + 1], a2 = s2[j + 1];
    double best = HUGE_VAL;
    std::size_t bestI = ilo;
    for (std::size_t i = ilo; i <= ihi; ++i) {
      const double s = a1 - s1[i];
      double c = (a2 - s2[i]) - s * s * inverse[a0 - c0[i]];
      c = c > 0 ? c : 0;
      const double v = prev[i - 1] + c;
      const bool better = v < best;  // branch-free update (data-dependent, unpredictable)
      best = better ? v : best;
      bestI = better ? i : bestI;
    }
    cur[j] = best;
    arg[j] = static_cast<std::int32_t>(bestI);
    if (j < t.jhi) stack_.push_back({j + 1, t.jhi, bestI, t.ihi});
    if (j > t.jlo) stack_.push_back({t.jlo, j - 1, t.ilo, bestI});
  }
}

}  // namespace supclust
