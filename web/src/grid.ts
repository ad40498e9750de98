import { invalid } from './errors.js';

/** `count` values from `from` to `to` (both included), evenly spaced on a log scale — e.g.
 * logGrid(10, 1e-4, 11) for a regularisation path from strong to weak. The same bits in every
 * JavaScript engine (see exp and log below). */
export function logGrid(from: number, to: number, count: number): number[] {
  if (!(from > 0) || !Number.isFinite(from)) throw invalid('from', `must be a finite number > 0 (got ${from})`);
  if (!(to > 0) || !Number.isFinite(to)) throw invalid('to', `must be a finite number > 0 (got ${to})`);
  if (!Number.isInteger(count) || count < 1) throw invalid('count', `must be an integer >= 1 (got ${count})`);
  if (count === 1) return [from];
  const ratio = (log(to) - log(from)) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? to : from * exp(ratio * i)));
}

// exp and log from IEEE 754's correctly rounded operations (+ − × ÷) and exact scalings by
// powers of two only: Math.exp and Math.log are approximations each engine chooses (V8 and
// JavaScriptCore differ in the last bit), these give the same bits everywhere, within 2 ulps of
// the exact value.

// ln 2 split so that k · LN2_HI is exact for |k| < 2¹¹ (its low 32 bits are zero).
const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;
const SQRT1_2 = Math.SQRT1_2;
const bits = new DataView(new ArrayBuffer(8));

/** 2^k for an integer k in [-1022, 1023], built from its bits. */
function pow2(k: number): number {
  bits.setUint32(0, (k + 1023) << 20);
  bits.setUint32(4, 0);
  return bits.getFloat64(0);
}

/** x · 2^k for any integer k (in at most three exact steps; overflow gives ±Infinity, underflow 0). */
function scale(x: number, k: number): number {
  while (k > 1023) {
    x *= pow2(1023);
    k -= 1023;
    if (!Number.isFinite(x)) return x;
  }
  while (k < -1022) {
    x *= pow2(-1022);
    k += 1022;
    if (x === 0) return x;
  }
  return x * pow2(k);
}

/** e^x: x = k ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor series to r¹⁵/15! (the next term is
 * below 2⁻⁶⁰ of it), times 2^k. */
export function exp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x > 710) return Infinity;
  if (x < -746) return 0;
  const k = Math.round(x / (LN2_HI + LN2_LO));
  const r = x - k * LN2_HI - k * LN2_LO;
  let sum = 1;
  for (let n = 15; n >= 1; n--) sum = 1 + (r / n) * sum;
  return scale(sum, k);
}

/** ln x for x > 0: x = 2^e · m with m in [√½, √2), ln m = 2 atanh(s), s = (m − 1)/(m + 1), by its
 * series in s² (≤ 0.0295) to s²³/23 (the next term is below 2⁻⁵⁶ of it). */
export function log(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return x;
  let e = 0;
  if (x < 2.2250738585072014e-308) {
    x *= pow2(54);
    e = -54;
  } // subnormal: normalise first
  bits.setFloat64(0, x);
  const high = bits.getUint32(0);
  e += (high >>> 20) - 1023;
  bits.setUint32(0, (high & 0x000fffff) | 0x3ff00000);
  let m = bits.getFloat64(0); // in [1, 2)
  if (m > 2 * SQRT1_2) {
    m /= 2;
    e += 1;
  }
  const f = m - 1; // exact
  const s = f / (2 + f),
    z = s * s;
  let series = 1 / 23;
  for (let j = 21; j >= 3; j -= 2) series = 1 / j + z * series;
  const logM = f - s * (f - 2 * z * series); // 2s = f − s f: the exact f leads, the rounding stays in the small rest
  return e * LN2_HI + (logM + e * LN2_LO);
}
