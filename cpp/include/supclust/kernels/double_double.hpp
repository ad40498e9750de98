// Double-double arithmetic (an unevaluated sum hi + lo, about 106 significant bits) for the
// few places where a cancellation must be resolved exactly: the segment DP's precise costs.
// Error-free transformations after Knuth (two-sum) and Dekker (two-product by splitting, so no
// fused multiply-add is needed: wasm has none). Pure functions, no state.
#pragma once

namespace supclust {

struct DoubleDouble {
  double hi = 0, lo = 0;
};

namespace dd {

// s + e = a + b exactly.
inline DoubleDouble twoSum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

inline DoubleDouble quickTwoSum(double a, double b) {  // |a| >= |b|
  const double s = a + b;
  return {s, b - (s - a)};
}

// p + e = a · b exactly (|a|, |b| well below 2^996).
inline DoubleDouble twoProduct(double a, double b) {
  constexpr double split = 134217729.0;  // 2^27 + 1
  const double p = a * b;
  const double ta = split * a, ah = ta - (ta - a), al = a - ah;
  const double tb = split * b, bh = tb - (tb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

inline DoubleDouble add(DoubleDouble a, DoubleDouble b) {
  DoubleDouble s = twoSum(a.hi, b.hi);
  const DoubleDouble t = twoSum(a.lo, b.lo);
  s.lo += t.hi;
  s = quickTwoSum(s.hi, s.lo);
  s.lo += t.lo;
  return quickTwoSum(s.hi, s.lo);
}

inline DoubleDouble negate(DoubleDouble a) { return {-a.hi, -a.lo}; }
inline DoubleDouble sub(DoubleDouble a, DoubleDouble b) { return add(a, negate(b)); }

inline DoubleDouble mul(DoubleDouble a, DoubleDouble b) {
  DoubleDouble p = twoProduct(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quickTwoSum(p.hi, p.lo);
}

inline DoubleDouble mul(DoubleDouble a, double b) {
  DoubleDouble p = twoProduct(a.hi, b);
  p.lo += a.lo * b;
  return quickTwoSum(p.hi, p.lo);
}

}  // namespace dd
}  // namespace supclust
