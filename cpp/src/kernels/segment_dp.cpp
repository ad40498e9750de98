#include "supclust/kernels/segment_dp.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

void SegmentDP::reset(const double* values, const double* weights, std::size_t m) {
  m_ = m;
  double wsum = 0, mean = 0;
  for (std::size_t i = 0; i < m; ++i) wsum += weights[i];
  for (std::size_t i = 0; i < m; ++i) mean += weights[i] * values[i];
  mean = wsum > 0 ? mean / wsum : 0;
  double spread = 0;
  for (std::size_t i = 0; i < m; ++i) spread = std::max(spread, std::abs(values[i] - mean));
  scale_ = spread > 0 ? spread : 1;
  const double inv = 1 / scale_;
  s0_.resize(m + 1);
  s1_.resize(m + 1);
  s2_.resize(m + 1);
  s0_[0] = s1_[0] = s2_[0] = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const double v = (values[i] - mean) * inv, w = weights[i];
    s0_[i + 1] = s0_[i] + w;
    s1_[i + 1] = s1_[i] + w * v;
    s2_[i + 1] = s2_[i] + w * v * v;
  }
}

double SegmentDP::cost(std::size_t i, std::size_t j) const {
  const double n = s0_[j + 1] - s0_[i], s = s1_[j + 1] - s1_[i];
  const double c = (s2_[j + 1] - s2_[i]) - s * s / n;
  return c > 0 ? c : 0;
}

void SegmentDP::fillRow(std::size_t q, const double* prev, double* cur, std::int32_t* arg,
                        std::size_t jlo, std::size_t jhi) {
  if (jlo > jhi) return;
  if (q == 0) {
    for (std::size_t j = jlo; j <= jhi; ++j) {
      cur[j] = cost(0, j);
      arg[j] = 0;
    }
    return;
  }
  const double* s0 = s0_.data();
  const double* s1 = s1_.data();
  const double* s2 = s2_.data();
  stack_.clear();
  stack_.push_back({jlo, jhi, q, jhi});
  while (!stack_.empty()) {
    const Task t = stack_.back();
    stack_.pop_back();
    const std::size_t j = t.jlo + (t.jhi - t.jlo) / 2;
    const std::size_t ilo = std::max(t.ilo, q), ihi = std::min(t.ihi, j);
    const double a0 = s0[j + 1], a1 = s1[j + 1], a2 = s2[j + 1];
    double best = HUGE_VAL;
    std::size_t bestI = ilo;
    for (std::size_t i = ilo; i <= ihi; ++i) {
      const double n = a0 - s0[i], s = a1 - s1[i];
      double c = (a2 - s2[i]) - s * s / n;
      c = c > 0 ? c : 0;
      const double v = prev[i - 1] + c;
      if (v < best) {
        best = v;
        bestI = i;
      }
    }
    cur[j] = best;
    arg[j] = static_cast<std::int32_t>(bestI);
    if (j < t.jhi) stack_.push_back({j + 1, t.jhi, bestI, t.ihi});
    if (j > t.jlo) stack_.push_back({t.jlo, j - 1, t.ilo, bestI});
  }
}

}  // namespace supclust
