#include "supclust/kernels/segment_dp.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "supclust/kernels/double_double.hpp"
#include "supclust/kernels/scaling.hpp"

namespace supclust {

namespace {
// Two-lane vectors (GCC/Clang vector extensions): SSE2 natively, simd128 in wasm, same
// arithmetic per lane so native and wasm results agree exactly.
typedef double f64x2 __attribute__((vector_size(16)));
typedef long long i64x2 __attribute__((vector_size(16)));

f64x2 load2(const double* p) {
  f64x2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
f64x2 select(i64x2 mask, f64x2 a, f64x2 b) {
  return reinterpret_cast<f64x2>((reinterpret_cast<i64x2>(a) & mask) | (reinterpret_cast<i64x2>(b) & ~mask));
}

struct Best {
  double value;
  std::size_t index;
};

// Leftmost minimiser over i in [ilo, ihi] of prev[i-1] + max(0, a2 - s2[i] - (a1 - s1[i])² r[i])
// with r[i] = 1/(segment size): two candidates per step, each lane keeping its leftmost
// minimum, lanes merged with ties to the lower index.
Best scanTwoLanes(const double* s1, const double* s2, const double* prev, const double* r, double a1, double a2,
                  std::size_t ilo, std::size_t ihi) {
  const f64x2 A1 = {a1, a1}, A2 = {a2, a2}, zero = {0, 0}, two = {2, 2};
  f64x2 best = {HUGE_VAL, HUGE_VAL};
  f64x2 index = {static_cast<double>(ilo), static_cast<double>(ilo + 1)}, where = index;
  std::size_t i = ilo;
  for (; i + 1 <= ihi; i += 2) {
    const f64x2 s = A1 - load2(s1 + i);
    f64x2 c = (A2 - load2(s2 + i)) - s * s * load2(r + i);
    c = select(c > zero, c, zero);
    const f64x2 v = load2(prev + i - 1) + c;
    const i64x2 better = v < best;
    best = select(better, v, best);
    where = select(better, index, where);
    index += two;
  }
  Best b{best[0], static_cast<std::size_t>(where[0])};
  if (best[1] < b.value || (best[1] == b.value && static_cast<std::size_t>(where[1]) < b.index))
    b = {best[1], static_cast<std::size_t>(where[1])};
  if (i == ihi) {
    const double s = a1 - s1[i];
    double c = (a2 - s2[i]) - s * s * r[i];
    c = c > 0 ? c : 0;
    const double v = prev[i - 1] + c;
    if (v < b.value) b = {v, i};
  }
  return b;
}
}  // namespace

void SegmentDP::reset(const double* values, const std::int32_t* counts, std::size_t m) {
  m_ = m;
  values_ = values;
  counts_ = counts;
  precise_ = false;
  auto count = [counts](std::size_t i) { return counts ? counts[i] : 1; };
  // A power-of-two prescale (exact) keeps the mean and spread finite near the largest double.
  const double maxAbs = m ? std::max(std::abs(values[0]), std::abs(values[m - 1])) : 0;  // sorted
  rawScale_ = powerOfTwoScale(maxAbs);
  const double unscale = 1 / rawScale_;
  double total = 0, mean = 0;
  for (std::size_t i = 0; i < m; ++i) {
    total += count(i);
    mean += count(i) * (values[i] * unscale);
  }
  mean = total > 0 ? mean / total : 0;
  double spread = 0;
  for (std::size_t i = 0; i < m; ++i) spread = std::max(spread, std::abs(values[i] * unscale - mean));
  if (!(spread > 0)) spread = 1;
  scale_ = spread * rawScale_;
  const double inv = 1 / spread;
  c0_.resize(m + 1);
  s1_.resize(m + 1);
  s2_.resize(m + 1);
  c0_[0] = 0;
  s1_[0] = s2_[0] = 0;
  // Compensated prefix sums (Neumaier: the two-sum errors collected aside), so that each is
  // within about an ulp of the sum of its rounded terms, whatever the number of terms.
  double p1 = 0, e1 = 0, p2 = 0, e2 = 0, abs1 = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const double v = (values[i] * unscale - mean) * inv, w = count(i);
    c0_[i + 1] = c0_[i] + count(i);
    const DoubleDouble a = dd::twoSum(p1, w * v), b = dd::twoSum(p2, w * v * v);
    p1 = a.hi;
    e1 += a.lo;
    p2 = b.hi;
    e2 += b.lo;
    s1_[i + 1] = p1 + e1;
    s2_[i + 1] = p2 + e2;
    abs1 += w * std::abs(v);
  }
  // Any one fast cost, from these sums: the two differences (the terms' roundings and an ulp
  // of each sum they read), the square of the first, the products and the subtraction, and
  // the rounding of the centred points themselves (3u relative each); u = 2^-53, counts N.
  const double u = std::ldexp(1.0, -53), N = static_cast<double>(c0_[m]);
  fastError_ = u * (6 * s2_[m] + 30 * abs1) + 16 * u * u * N;
  const std::size_t n = static_cast<std::size_t>(c0_[m]);
  unitCounts_ = n == m;
#if defined(__wasm_simd128__)
  if (unitCounts_) {  // read by the two-lane scan
    inverseReversed_.resize(m);
    for (std::size_t y = 0; y < m; ++y) inverseReversed_[y] = 1.0 / static_cast<double>(m - y);
  }
#endif
  if (inverse_.size() < n + 1) {
    const std::size_t from = inverse_.empty() ? 1 : inverse_.size();
    inverse_.resize(n + 1);
    inverse_[0] = 0;
    for (std::size_t k = from; k <= n; ++k) inverse_[k] = 1.0 / static_cast<double>(k);
  }
}

bool SegmentDP::certifies(double found, std::size_t segments) const {
  // Every path's value is off by at most segments · (costError + the additions' rounding), so
  // the optimum found exceeds the true one by at most twice that.
  const double u = std::ldexp(1.0, -53), k = static_cast<double>(segments);
  const double perPath = k * costError() + 2 * k * u * std::abs(found);
  return 2 * perPath <= kRelativeAccuracy * (found - perPath);
}

bool SegmentDP::usePrecise() {
  if (precise_) return false;
  precise_ = true;
  // Uncentred sums of the prescaled points (|x| < 2): no centring error, exact squares.
  const double unscale = 1 / rawScale_;
  p1hi_.assign(m_ + 1, 0);
  p1lo_.assign(m_ + 1, 0);
  p2hi_.assign(m_ + 1, 0);
  p2lo_.assign(m_ + 1, 0);
  DoubleDouble p1, p2;
  double squares = 0;
  for (std::size_t i = 0; i < m_; ++i) {
    const double x = values_[i] * unscale, w = counts_ ? counts_[i] : 1;
    p1 = dd::add(p1, dd::twoProduct(w, x));
    p2 = dd::add(p2, dd::mul(dd::twoProduct(x, x), w));
    p1hi_[i + 1] = p1.hi;
    p1lo_[i + 1] = p1.lo;
    p2hi_[i + 1] = p2.hi;
    p2lo_[i + 1] = p2.lo;
    squares += w * x * x;
  }
  // The double-double sums' absolute error (m additions of 2^-104 relative each, the square
  // of the first sum and the division); the cost's own final rounding is relative and is
  // counted in certifies() through `found`.
  const double u = std::ldexp(1.0, -53), spread = scale_ / rawScale_;
  preciseUnit_ = spread * spread;
  preciseError_ = (8 * static_cast<double>(m_) + 32) * u * u * (squares + p1hi_[m_] * p1hi_[m_]) / preciseUnit_;
  return true;
}

// Σ w (x − mean)² over points i..j from the double-double sums, in the fast path's units:
// (n·S2 − S1²) / n with the cancelling difference in double-double and one final division.
double SegmentDP::preciseCost(std::size_t i, std::size_t j) const {
  const DoubleDouble s1 = dd::sub({p1hi_[j + 1], p1lo_[j + 1]}, {p1hi_[i], p1lo_[i]});
  const DoubleDouble s2 = dd::sub({p2hi_[j + 1], p2lo_[j + 1]}, {p2hi_[i], p2lo_[i]});
  const double n = static_cast<double>(c0_[j + 1] - c0_[i]);
  const DoubleDouble c = dd::sub(dd::mul(s2, n), dd::mul(s1, s1));
  const double v = (c.hi + c.lo) / (n * preciseUnit_);
  return v > 0 ? v : 0;
}

double SegmentDP::cost(std::size_t i, std::size_t j) const {
  if (precise_) return preciseCost(i, j);
  const double s = s1_[j + 1] - s1_[i];
  const double c = (s2_[j + 1] - s2_[i]) - s * s * inverse_[c0_[j + 1] - c0_[i]];
  return c > 0 ? c : 0;
}

// Row q by divide and conquer on the monotone minimiser: scan(j, ilo, ihi) returns the leftmost
// minimum of prev[i-1] + cost(i, j) over i in [ilo, ihi].
template <class Scan>
void SegmentDP::divideAndConquer(std::size_t q, double* cur, std::int32_t* arg, std::size_t jlo, std::size_t jhi,
                                 const std::int32_t* lower, std::size_t lowerEnd, Scan&& scan) {
  stack_.clear();
  stack_.push_back({jlo, jhi, q, jhi});
  while (!stack_.empty()) {
    const Task t = stack_.back();
    stack_.pop_back();
    const std::size_t j = t.jlo + (t.jhi - t.jlo) / 2;
    std::size_t ilo = std::max(t.ilo, q);
    if (lower && j < lowerEnd) ilo = std::max(ilo, static_cast<std::size_t>(lower[j]));
    const Best b = scan(j, ilo, std::min(t.ihi, j));
    cur[j] = b.value;
    arg[j] = static_cast<std::int32_t>(b.index);
    if (j < t.jhi) stack_.push_back({j + 1, t.jhi, b.index, t.ihi});
    if (j > t.jlo) stack_.push_back({t.jlo, j - 1, t.ilo, b.index});
  }
}

template <bool Unit>
void SegmentDP::scanRows(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo,
                         std::size_t jhi, const std::int32_t* lower, std::size_t lowerEnd) {
  const std::int32_t* c0 = c0_.data();
  const double* inverse = inverse_.data();
  const double* s1 = s1_.data();
  const double* s2 = s2_.data();
  divideAndConquer(q, cur, arg, jlo, jhi, lower, lowerEnd, [&](std::size_t j, std::size_t ilo, std::size_t ihi) {
    const std::int32_t a0 = c0[j + 1];
    const double a1 = s1[j + 1], a2 = s2[j + 1];
#if defined(__wasm_simd128__)
    constexpr bool twoLanes = Unit;  // measured: ~10% faster in wasm, slower with plain SSE2
#else
    constexpr bool twoLanes = false;
#endif
    // Segment size j + 1 - i: reciprocals read ascending from the reversed table.
    if (twoLanes) return scanTwoLanes(s1, s2, prev, inverseReversed_.data() + (m_ - j - 1), a1, a2, ilo, ihi);
    double best = HUGE_VAL;
    std::size_t bestI = ilo;
    for (std::size_t i = ilo; i <= ihi; ++i) {
      const double s = a1 - s1[i];
      // With unit counts the segment size is j + 1 - i: one load stream fewer.
      const std::int32_t size = Unit ? a0 - static_cast<std::int32_t>(i) : a0 - c0[i];
      double c = (a2 - s2[i]) - s * s * inverse[size];
      c = c > 0 ? c : 0;
      const double v = prev[i - 1] + c;
      const bool better = v < best;  // branch-free update (data-dependent, unpredictable)
      best = better ? v : best;
      bestI = better ? i : bestI;
    }
    return Best{best, bestI};
  });
}

void SegmentDP::scanRowsPrecise(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo,
                                std::size_t jhi, const std::int32_t* lower, std::size_t lowerEnd) {
  divideAndConquer(q, cur, arg, jlo, jhi, lower, lowerEnd, [&](std::size_t j, std::size_t ilo, std::size_t ihi) {
    Best b{HUGE_VAL, ilo};
    for (std::size_t i = ilo; i <= ihi; ++i) {
      const double v = prev[i - 1] + preciseCost(i, j);
      if (v < b.value) b = {v, i};
    }
    return b;
  });
}

void SegmentDP::fillRow(std::size_t q, const double* prev, double* cur, std::int32_t* arg, std::size_t jlo,
                        std::size_t jhi, const std::int32_t* lower, std::size_t lowerEnd) {
  if (jlo > jhi) return;
  if (q == 0) {
    for (std::size_t j = jlo; j <= jhi; ++j) {
      cur[j] = cost(0, j);
      arg[j] = 0;
    }
    return;
  }
  if (precise_) scanRowsPrecise(q, prev, cur, arg, jlo, jhi, lower, lowerEnd);
  else if (unitCounts_) scanRows<true>(q, prev, cur, arg, jlo, jhi, lower, lowerEnd);
  else scanRows<false>(q, prev, cur, arg, jlo, jhi, lower, lowerEnd);
}

}  // namespace supclust
