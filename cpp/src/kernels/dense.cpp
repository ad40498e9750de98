#include "supclust/kernels/dense.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace supclust {

namespace {
typedef double f64x2 __attribute__((vector_size(16)));

f64x2 load2(const double* p) {
  f64x2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store2(double* p, f64x2 v) { std::memcpy(p, &v, sizeof v); }

// |v| per lane, and m raised to v where v is larger (v > m ? v : m): wasm SIMD has each as one
// instruction (f64x2.abs, f64x2.pmax), which the vector ternary does not compile to.
f64x2 abs2(f64x2 v) {
#ifdef __wasm_simd128__
  return (f64x2)wasm_f64x2_abs((v128_t)v);
#else
  typedef long long i64x2 __attribute__((vector_size(16)));
  const i64x2 magnitude = {0x7fffffffffffffffLL, 0x7fffffffffffffffLL};  // every bit but the sign
  return (f64x2)((i64x2)v & magnitude);
#endif
}
f64x2 raise2(f64x2 m, f64x2 v) {
#ifdef __wasm_simd128__
  return (f64x2)wasm_f64x2_pmax((v128_t)m, (v128_t)v);
#else
  return v > m ? v : m;
#endif
}

// Calls block(0) and block(4) for each eight entries, then block(0) once more when four are left,
// moving the pointers p on past the entries done; returns how many are left (fewer than four),
// the pointers at the first of them. The kernels below move their pointers rather than index
// fixed bases: wasm then addresses each load as a pointer plus a constant offset, where an index
// costs an address computation per array and load.
template <class Block, class... P>
std::size_t inBlocksOfFour(std::size_t n, Block&& block, P*&... p) {
  for (std::size_t eights = n / 8; eights != 0; --eights) {
    block(0);
    block(4);
    ((p += 8), ...);
  }
  if (n & 4) {
    block(0);
    ((p += 4), ...);
  }
  return n % 4;
}
}  // namespace

bool allFinite(const double* x, std::size_t n) {
  f64x2 s0 = {0, 0}, s1 = {0, 0};
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const f64x2 a = load2(x + i), b = load2(x + i + 2);
    s0 += a - a;
    s1 += b - b;
  }
  s0 += s1;
  double s = s0[0] + s0[1];
  for (; i < n; ++i) s += x[i] - x[i];
  return s == 0;
}

// Four lane pairs of running maxima of |x| (one pair is latency-bound), and a scalar for the
// entries left over; CheckLanes adds the running checks. The verdict and the maximum do not depend
// on the order, so any split gives the same answer.
namespace {
struct MaxLanes {
  f64x2 m[4] = {};
  double tailMax = 0;
  void add(int k, f64x2 a) { m[k] = raise2(m[k], abs2(a)); }
  void add(double x) { tailMax = std::max(tailMax, std::abs(x)); }
  double largest() const {
    const f64x2 t = raise2(raise2(m[0], m[1]), raise2(m[2], m[3]));
    return std::max(std::max(t[0], t[1]), tailMax);
  }
};
struct CheckLanes : MaxLanes {
  f64x2 s[4] = {};
  double tailSum = 0;
  void add(int k, f64x2 a) {
    s[k] += a - a;  // NaN for a NaN or infinite entry
    MaxLanes::add(k, a);
  }
  void add(double x) {
    tailSum += x - x;
    MaxLanes::add(x);
  }
  bool finite() const {
    const f64x2 t = (s[0] + s[1]) + (s[2] + s[3]);
    return t[0] + t[1] + tailSum == 0;
  }
};
}  // namespace

bool allFiniteWithMaxAbs(const double* x, std::size_t n, double& maxAbs) {
  CheckLanes lanes;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int k = 0; k < 4; ++k) lanes.add(k, load2(x + i + 2 * k));
  for (; i < n; ++i) lanes.add(x[i]);
  maxAbs = lanes.largest();
  return lanes.finite();
}

// Four rows a pass over the sums: one load and store of sums[j] for four entries, each sums[j]
// still adding the rows in order (to the bit). The sums also decide finiteness: a non-finite
// entry leaves its column's sum non-finite (∞ and NaN absorb every finite addend), so only when
// a sum is not finite — a non-finite entry, or finite ones that overflowed — are the entries
// checked one by one.
bool allFiniteWithMaxAbsAndColumnSums(const double* x, std::size_t rows, std::size_t cols, double& maxAbs,
                                      double* sums) {
  std::fill(sums, sums + cols, 0.0);
  MaxLanes lanes;
  std::size_t i = 0;
  for (; i + 4 <= rows; i += 4) {
    const double* r[4] = {x + i * cols, x + (i + 1) * cols, x + (i + 2) * cols, x + (i + 3) * cols};
    std::size_t j = 0;
    for (; j + 2 <= cols; j += 2) {
      const f64x2 a0 = load2(r[0] + j), a1 = load2(r[1] + j), a2 = load2(r[2] + j), a3 = load2(r[3] + j);
      store2(sums + j, (((load2(sums + j) + a0) + a1) + a2) + a3);
      lanes.add(0, a0);
      lanes.add(1, a1);
      lanes.add(2, a2);
      lanes.add(3, a3);
    }
    for (; j < cols; ++j)
      for (int k = 0; k < 4; ++k) {
        sums[j] += r[k][j];
        lanes.add(r[k][j]);
      }
  }
  for (; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      sums[j] += x[i * cols + j];
      lanes.add(x[i * cols + j]);
    }
  if (!allFinite(sums, cols)) return allFiniteWithMaxAbs(x, rows * cols, maxAbs);
  maxAbs = lanes.largest();
  return true;
}

double dot(const double* a, const double* b, std::size_t n) {
  f64x2 s0 = {0, 0}, s1 = {0, 0};
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        s0 += load2(a + k) * load2(b + k);
        s1 += load2(a + k + 2) * load2(b + k + 2);
      },
      a, b);
  s0 += s1;
  double s = s0[0] + s0[1];
  for (std::size_t i = 0; i < left; ++i) s += a[i] * b[i];
  return s;
}

double shiftedSquaredNorm(const double* x, double shift, std::size_t n) {
  const f64x2 c = {shift, shift};
  f64x2 s0 = {0, 0}, s1 = {0, 0};
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        const f64x2 a = load2(x + k) + c, b = load2(x + k + 2) + c;
        s0 += a * a;
        s1 += b * b;
      },
      x);
  s0 += s1;
  double s = s0[0] + s0[1];
  for (std::size_t i = 0; i < left; ++i) s += (x[i] + shift) * (x[i] + shift);
  return s;
}

double gatherDot(const double* v, const std::int32_t* index, std::size_t n, const double* x) {
  f64x2 s0 = {0, 0}, s1 = {0, 0};
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        s0 += load2(v + k) * f64x2{x[index[k]], x[index[k + 1]]};
        s1 += load2(v + k + 2) * f64x2{x[index[k + 2]], x[index[k + 3]]};
      },
      v, index);
  s0 += s1;
  double s = s0[0] + s0[1];
  for (std::size_t t = 0; t < left; ++t) s += v[t] * x[index[t]];
  return s;
}

namespace {
// entry(k) for each of n scattered entries, eight a loop step (inBlocksOfFour): a step's fixed
// cost in wasm (its interrupt check, the counter) is a large share of one entry's few
// instructions. The positions are distinct, so the updates commute.
template <class Entry>
void eachOfScattered(std::size_t n, Entry&& entry, const double*& v, const std::int32_t*& index) {
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        entry(k);
        entry(k + 1);
        entry(k + 2);
        entry(k + 3);
      },
      v, index);
  for (std::size_t t = 0; t < left; ++t) entry(static_cast<int>(t));
}
}  // namespace

void transposeShifted(const double* X, std::size_t n, std::size_t d, std::size_t ldx, const double* shift,
                      double* out) {
  constexpr std::size_t tile = 64;
  for (std::size_t i0 = 0; i0 < n; i0 += tile) {
    const std::size_t iEnd = std::min(i0 + tile, n), iPairs = i0 + ((iEnd - i0) & ~std::size_t(1));
    for (std::size_t j0 = 0; j0 < d; j0 += tile) {
      const std::size_t jEnd = std::min(j0 + tile, d);
      std::size_t j = j0;
      for (; j + 2 <= jEnd; j += 2) {
        double *c0 = out + j * n, *c1 = c0 + n;
        const f64x2 s0 = {shift[j], shift[j]}, s1 = {shift[j + 1], shift[j + 1]};
        const double* p = X + i0 * ldx + j;
        for (std::size_t i = i0; i < iPairs; i += 2, p += 2 * ldx) {
          const f64x2 a = load2(p), b = load2(p + ldx);  // rows i and i + 1, columns j and j + 1
          store2(c0 + i, __builtin_shufflevector(a, b, 0, 2) + s0);
          store2(c1 + i, __builtin_shufflevector(a, b, 1, 3) + s1);
        }
        if (iPairs < iEnd) {
          c0[iPairs] = X[iPairs * ldx + j] + shift[j];
          c1[iPairs] = X[iPairs * ldx + j + 1] + shift[j + 1];
        }
      }
      for (; j < jEnd; ++j)
        for (std::size_t i = i0; i < iEnd; ++i) out[j * n + i] = X[i * ldx + j] + shift[j];
    }
  }
}

void scatterAxpy(double alpha, const double* v, const std::int32_t* index, std::size_t n, double* y) {
  eachOfScattered(
      n, [&](int k) { y[index[k]] += alpha * v[k]; }, v, index);
}

void scatterAxpyWithWeighted(double alpha, const double* v, const std::int32_t* index, std::size_t n, const double* w,
                             double* y, double* z) {
  eachOfScattered(
      n,
      [&](int k) {
        const std::int32_t i = index[k];
        const double ax = alpha * v[k];
        y[i] += ax;
        z[i] += ax * w[i];
      },
      v, index);
}

void dotsWithColumns(const double* a, const double* b, const double* const* columns, std::size_t k, std::size_t n,
                     double* aDots, double* bDots) {
  constexpr std::size_t kMax = 8;
  f64x2 sa0[kMax], sa1[kMax], sb0[kMax], sb1[kMax];
  for (std::size_t j = 0; j < k; ++j) sa0[j] = sa1[j] = sb0[j] = sb1[j] = f64x2{0, 0};
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const f64x2 a0 = load2(a + i), a1 = load2(a + i + 2), b0 = load2(b + i), b1 = load2(b + i + 2);
    for (std::size_t j = 0; j < k; ++j) {
      const f64x2 c0 = load2(columns[j] + i), c1 = load2(columns[j] + i + 2);
      sa0[j] += a0 * c0;
      sa1[j] += a1 * c1;
      sb0[j] += b0 * c0;
      sb1[j] += b1 * c1;
    }
  }
  for (std::size_t j = 0; j < k; ++j) {
    sa0[j] += sa1[j];
    sb0[j] += sb1[j];
    double sa = sa0[j][0] + sa0[j][1], sb = sb0[j][0] + sb0[j][1];
    for (std::size_t q = i; q < n; ++q) {
      sa += a[q] * columns[j][q];
      sb += b[q] * columns[j][q];
    }
    aDots[j] = sa;
    bDots[j] = sb;
  }
}

void addColumns(const double* g, const double* const* columns, const double* c, std::size_t k, std::size_t n,
                double* y) {
  constexpr std::size_t kMax = 8;
  f64x2 cs[kMax];
  for (std::size_t j = 0; j < k; ++j) cs[j] = f64x2{c[j], c[j]};
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    f64x2 v = load2(g + i);
    for (std::size_t j = 0; j < k; ++j) v = v + cs[j] * load2(columns[j] + i);
    store2(y + i, v);
  }
  for (; i < n; ++i) {
    double v = g[i];
    for (std::size_t j = 0; j < k; ++j) v += c[j] * columns[j][i];
    y[i] = v;
  }
}

void axpy(double alpha, const double* x, double* y, std::size_t n) {
  const f64x2 a2 = {alpha, alpha};
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        store2(y + k, load2(y + k) + a2 * load2(x + k));
        store2(y + k + 2, load2(y + k + 2) + a2 * load2(x + k + 2));
      },
      x, y);
  for (std::size_t i = 0; i < left; ++i) y[i] += alpha * x[i];
}

namespace {
// An update of y's entries, then v·(the updated vector) summed as dot() sums it, in one pass:
// pair(k) updates the entries k, k + 1 past the pointers p (which move with v) and returns their
// new values, single(k) entry k alone. Pairs in fours into two sums, a last pair (axpy's) into
// dot's scalar tail, then a single.
template <class Pair, class Single, class... P>
double updateThenDot(const double* v, std::size_t n, Pair&& pair, Single&& single, P*&... p) {
  f64x2 s0 = {0, 0}, s1 = {0, 0};
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        s0 += load2(v + k) * pair(k);
        s1 += load2(v + k + 2) * pair(k + 2);
      },
      v, p...);
  s0 += s1;
  double s = s0[0] + s0[1];
  std::size_t i = 0;
  if (left >= 2) {
    const f64x2 last = pair(0);
    s += v[0] * last[0];
    s += v[1] * last[1];
    i = 2;
  }
  for (; i < left; ++i) s += v[i] * single(static_cast<int>(i));
  return s;
}
}  // namespace

double axpyThenDot(double alpha, const double* x, double* y, const double* z, std::size_t n) {
  const f64x2 a2 = {alpha, alpha};
  return updateThenDot(
      z, n,
      [&](int k) {
        const f64x2 yNew = load2(y + k) + a2 * load2(x + k);
        store2(y + k, yNew);
        return yNew;
      },
      [&](int k) { return y[k] += alpha * x[k]; }, x, y);
}

void axpyWithWeighted(double alpha, const double* x, const double* w, double* y, double* z, std::size_t n) {
  const f64x2 a2 = {alpha, alpha};
  const auto pair = [&](int k) {
    const f64x2 ax = a2 * load2(x + k);
    store2(y + k, load2(y + k) + ax);
    store2(z + k, load2(z + k) + ax * load2(w + k));
  };
  const std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        pair(k);
        pair(k + 2);
      },
      x, w, y, z);
  for (std::size_t i = 0; i < left; ++i) {
    y[i] += alpha * x[i];
    z[i] += alpha * x[i] * w[i];
  }
}

double axpyWithWeightedThenDot(double alpha, const double* x, const double* w, double* y, double* z, const double* v,
                               std::size_t n) {
  const f64x2 a2 = {alpha, alpha};
  return updateThenDot(
      v, n,
      [&](int k) {
        const f64x2 ax = a2 * load2(x + k), zNew = load2(z + k) + ax * load2(w + k);
        store2(y + k, load2(y + k) + ax);
        store2(z + k, zNew);
        return zNew;
      },
      [&](int k) {
        y[k] += alpha * x[k];
        return z[k] += alpha * x[k] * w[k];
      },
      x, w, y, z);
}

void weightedMoments(const double* x, const double* w, std::size_t n, double& first, double& second) {
  f64x2 s1 = {0, 0}, s2 = {0, 0};
  const auto pair = [&](int k) {
    const f64x2 wx = load2(w + k) * load2(x + k);
    s1 += wx;
    s2 += wx * load2(x + k);
  };
  std::size_t left = inBlocksOfFour(
      n,
      [&](int k) {
        pair(k);
        pair(k + 2);
      },
      x, w);
  if (left >= 2) {
    pair(0);
    x += 2, w += 2, left -= 2;
  }
  double a = s1[0] + s1[1], q = s2[0] + s2[1];
  for (std::size_t i = 0; i < left; ++i) {
    a += w[i] * x[i];
    q += w[i] * x[i] * x[i];
  }
  first = a;
  second = q;
}

void axpy4(const double* c, const double* X, std::size_t ldx, double* y, std::size_t n) {
  const double *x0 = X, *x1 = X + ldx, *x2 = X + 2 * ldx, *x3 = X + 3 * ldx;
  const f64x2 c0 = {c[0], c[0]}, c1 = {c[1], c[1]}, c2 = {c[2], c[2]}, c3 = {c[3], c[3]};
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    f64x2 v = load2(y + i) + c0 * load2(x0 + i);
    v = v + c1 * load2(x1 + i);
    v = v + c2 * load2(x2 + i);
    store2(y + i, v + c3 * load2(x3 + i));
  }
  for (; i < n; ++i) y[i] = y[i] + c[0] * x0[i] + c[1] * x1[i] + c[2] * x2[i] + c[3] * x3[i];
}

void axpyMany(const double* c, std::size_t k, const double* X, std::size_t ldx, double* y, std::size_t n) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    f64x2 v[8];
    for (int r = 0; r < 8; ++r) v[r] = load2(y + i + 2 * r);
    for (std::size_t g = 0; g < k; ++g) {
      const f64x2 cg = {c[g], c[g]};
      const double* x = X + g * ldx + i;
      for (int r = 0; r < 8; ++r) v[r] = v[r] + cg * load2(x + 2 * r);
    }
    for (int r = 0; r < 8; ++r) store2(y + i + 2 * r, v[r]);
  }
  for (; i + 2 <= n; i += 2) {
    f64x2 v = load2(y + i);
    for (std::size_t g = 0; g < k; ++g) v = v + f64x2{c[g], c[g]} * load2(X + g * ldx + i);
    store2(y + i, v);
  }
  for (; i < n; ++i) {
    double v = y[i];
    for (std::size_t g = 0; g < k; ++g) v = v + c[g] * X[g * ldx + i];
    y[i] = v;
  }
}

namespace {
template <std::size_t K>
void squaredDistancesOf(const double* p, const double* R, std::size_t ldr, std::size_t d, double* out) {
  f64x2 s0[K], s1[K];  // sums (0, 1) and (2, 3) of each row
  for (std::size_t j = 0; j < K; ++j) s0[j] = s1[j] = f64x2{0, 0};
  std::size_t k = 0;
  for (; k + 4 <= d; k += 4) {
    const f64x2 p0 = load2(p + k), p1 = load2(p + k + 2);
    for (std::size_t j = 0; j < K; ++j) {
      const f64x2 e0 = p0 - load2(R + j * ldr + k), e1 = p1 - load2(R + j * ldr + k + 2);
      s0[j] += e0 * e0;
      s1[j] += e1 * e1;
    }
  }
  for (std::size_t j = 0; j < K; ++j) {
    double first = s0[j][0];
    for (std::size_t t = k; t < d; ++t) {
      const double e = p[t] - R[j * ldr + t];
      first += e * e;
    }
    out[j] = (first + s0[j][1]) + (s1[j][0] + s1[j][1]);
  }
}
}  // namespace

void squaredDistances(const double* p, const double* R, std::size_t ldr, std::size_t count, std::size_t d,
                      double* out) {
  std::size_t j = 0;
  for (; j + 4 <= count; j += 4) squaredDistancesOf<4>(p, R + j * ldr, ldr, d, out + j);
  switch (count - j) {
    case 3:
      squaredDistancesOf<3>(p, R + j * ldr, ldr, d, out + j);
      break;
    case 2:
      squaredDistancesOf<2>(p, R + j * ldr, ldr, d, out + j);
      break;
    case 1:
      squaredDistancesOf<1>(p, R + j * ldr, ldr, d, out + j);
      break;
    default:
      break;
  }
}

// Four rows' dot products with w in one pass over w, each summed exactly as dot() sums it.
static void dotFourRows(const double* X, std::size_t d, const double* w, double* z) {
  const double* a[4] = {X, X + d, X + 2 * d, X + 3 * d};
  f64x2 s0[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}}, s1[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  std::size_t i = 0;
  for (; i + 4 <= d; i += 4) {
    const f64x2 w0 = load2(w + i), w1 = load2(w + i + 2);
    for (int k = 0; k < 4; ++k) {
      s0[k] += load2(a[k] + i) * w0;
      s1[k] += load2(a[k] + i + 2) * w1;
    }
  }
  for (int k = 0; k < 4; ++k) {
    s0[k] += s1[k];
    double s = s0[k][0] + s0[k][1];
    for (std::size_t j = i; j < d; ++j) s += a[k][j] * w[j];
    z[k] = s;
  }
}

void multiply(const double* X, std::size_t n, std::size_t d, const double* w, double* z) {
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) dotFourRows(X + i * d, d, w, z + i);
  for (; i < n; ++i) z[i] = dot(X + i * d, w, d);
}

namespace {
// y ← α y + Σ_{g<K} c_g B_g (without Scaled: y + Σ_{g<K} c_g B_g, α unread) with the K
// coefficients splatted once (K known here, so they stay in registers): re-splatting them for
// every pair of rows cost a third of the mix in wasm.
template <std::size_t K, bool Scaled = true>
void scaleAndAddColumns(double alpha, double* y, const double* B, std::size_t n, std::size_t ldb, const double* c) {
  const f64x2 a2 = {alpha, alpha};
  f64x2 cs[K];
  for (std::size_t g = 0; g < K; ++g) cs[g] = f64x2{c[g], c[g]};
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    f64x2 acc = Scaled ? a2 * load2(y + i) : load2(y + i);
    for (std::size_t g = 0; g < K; ++g) acc += cs[g] * load2(B + g * ldb + i);
    store2(y + i, acc);
  }
  for (; i < n; ++i) {
    double acc = Scaled ? alpha * y[i] : y[i];
    for (std::size_t g = 0; g < K; ++g) acc += c[g] * B[g * ldb + i];
    y[i] = acc;
  }
}
}  // namespace

void multiplyTransposed(const double* X, std::size_t n, std::size_t d, std::size_t ldx, const double* r, double* g) {
  std::memset(g, 0, d * sizeof(double));
  // Eight rows a pass over g (one load and store of g for eight rows of X, where axpy4 takes one
  // for four), then four, then one; every g[j] still sums the rows in order, to the bit.
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) scaleAndAddColumns<8, false>(0, g, X + i * ldx, d, ldx, r + i);
  for (; i + 4 <= n; i += 4) axpy4(r + i, X + i * ldx, ldx, g, d);
  for (; i < n; ++i) axpy(r[i], X + i * ldx, g, d);
}

void multiplyTransposed(const double* X, std::size_t n, std::size_t d, const double* r, double* g) {
  multiplyTransposed(X, n, d, d, r, g);
}

void scaleAndAddProduct(double alpha, double* y, const double* B, std::size_t n, std::size_t k, std::size_t ldb,
                        const double* c) {
  // The scaling and the first (up to) four columns in one pass, then four columns per pass:
  // every element is still α y + c_0 B_0 + c_1 B_1 + … added in that order, to the bit.
  switch (std::min<std::size_t>(k, 4)) {
    case 0:
      for (std::size_t i = 0; i < n; ++i) y[i] *= alpha;
      return;
    case 1:
      scaleAndAddColumns<1>(alpha, y, B, n, ldb, c);
      break;
    case 2:
      scaleAndAddColumns<2>(alpha, y, B, n, ldb, c);
      break;
    case 3:
      scaleAndAddColumns<3>(alpha, y, B, n, ldb, c);
      break;
    default:
      scaleAndAddColumns<4>(alpha, y, B, n, ldb, c);
      break;
  }
  std::size_t g = 4;
  for (; g + 4 <= k; g += 4) axpy4(c + g, B + g * ldb, ldb, y, n);
  for (; g < k; ++g) axpy(c[g], B + g * ldb, y, n);
}

void symmetricMultiplyLower(const double* S, std::size_t n, const double* x, double* y) {
  std::memset(y, 0, n * sizeof(double));
  for (std::size_t j = 0; j < n; ++j) {
    // The column below the diagonal serves row j (as Sᵀ: a dot product summed as dot() sums)
    // and rows j+1.. (as S: an axpy), in one pass over it.
    const double* c = S + j * n + j + 1;
    const double* xs = x + j + 1;
    double* ys = y + j + 1;
    const std::size_t len = n - j - 1;
    const f64x2 xj = {x[j], x[j]};
    f64x2 s0 = {0, 0}, s1 = {0, 0};
    std::size_t i = 0;
    for (; i + 4 <= len; i += 4) {
      const f64x2 c0 = load2(c + i), c1 = load2(c + i + 2);
      s0 += c0 * load2(xs + i);
      s1 += c1 * load2(xs + i + 2);
      store2(ys + i, load2(ys + i) + xj * c0);
      store2(ys + i + 2, load2(ys + i + 2) + xj * c1);
    }
    s0 += s1;
    double s = s0[0] + s0[1];
    for (; i < len; ++i) {
      s += c[i] * xs[i];
      ys[i] += x[j] * c[i];
    }
    y[j] += S[j * n + j] * x[j] + s;
  }
}

void gramAdd(const double* X, std::size_t n, std::size_t d, double sign, double* G, std::size_t from, std::size_t to) {
  // Rank-one updates of the triangle, four rows per pass over it (one load and store of G per
  // four updates), each entry taking its rows' products in row order: the same bits as one row
  // at a time. sign is ±1, so sign·x is exact.
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const double *r0 = X + i * d, *r1 = r0 + d, *r2 = r1 + d, *r3 = r2 + d;
    for (std::size_t a = from; a < to; ++a) {
      const double s0 = sign * r0[a], s1 = sign * r1[a], s2 = sign * r2[a], s3 = sign * r3[a];
      const f64x2 x0 = {s0, s0}, x1 = {s1, s1}, x2 = {s2, s2}, x3 = {s3, s3};
      double* Ga = G + a * d;
      std::size_t b = a;
      for (; b + 2 <= d; b += 2) {
        f64x2 v = load2(Ga + b) + x0 * load2(r0 + b);
        v = v + x1 * load2(r1 + b);
        v = v + x2 * load2(r2 + b);
        store2(Ga + b, v + x3 * load2(r3 + b));
      }
      for (; b < d; ++b) Ga[b] = Ga[b] + s0 * r0[b] + s1 * r1[b] + s2 * r2[b] + s3 * r3[b];
    }
  }
  for (; i < n; ++i) {
    const double* row = X + i * d;
    for (std::size_t a = from; a < to; ++a) {
      const double xa = sign * row[a];
      const f64x2 x2 = {xa, xa};
      double* Ga = G + a * d;
      std::size_t b = a;
      for (; b + 2 <= d; b += 2) store2(Ga + b, load2(Ga + b) + x2 * load2(row + b));
      for (; b < d; ++b) Ga[b] += xa * row[b];
    }
  }
}

void gramAdd(const double* X, std::size_t n, std::size_t d, double sign, double* G) { gramAdd(X, n, d, sign, G, 0, d); }

void mirrorUpperTriangle(double* G, std::size_t d) {
  for (std::size_t a = 0; a < d; ++a)
    for (std::size_t b = 0; b < a; ++b) G[a * d + b] = G[b * d + a];
}

void gram(const double* X, std::size_t n, std::size_t d, double* G) {
  std::memset(G, 0, d * d * sizeof(double));
  gramAdd(X, n, d, 1.0, G);
  mirrorUpperTriangle(G, d);
}

void rowGram(const double* X, std::size_t n, std::size_t d, double* K, std::size_t from, std::size_t to) {
  constexpr std::size_t kTile = 16;
  double four[4];
  for (std::size_t j0 = 0; j0 < to; j0 += kTile)
    for (std::size_t i = std::max(from, j0); i < to; ++i) {
      const double* xi = X + i * d;
      const std::size_t end = std::min(j0 + kTile, i + 1);
      std::size_t j = j0;
      for (; j + 4 <= end; j += 4) {  // four rows against row i: dot()'s sums, one load of row i
        dotFourRows(X + j * d, d, xi, four);
        for (std::size_t k = 0; k < 4; ++k) K[i * n + j + k] = K[(j + k) * n + i] = four[k];
      }
      for (; j < end; ++j) K[i * n + j] = K[j * n + i] = dot(xi, X + j * d, d);
    }
}

void rowGram(const double* X, std::size_t n, std::size_t d, double* K) { rowGram(X, n, d, K, 0, n); }

}  // namespace supclust
