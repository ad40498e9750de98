// Number formatting, one notation per kind of number, everywhere in the demo: λ as "1e-4" or
// "0.03" (3 significant digits, exponent below 0.01), table values with 3 significant digits,
// and axis ticks with just enough digits to tell neighbouring ticks apart (no SI prefixes).

/** A regularisation weight: "1e-4", "2.51e-3", "0.0316", "1", "10". */
export function formatLambda(x: number): string {
  if (!Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const short = Number(x.toPrecision(3));
  if (Math.abs(short) >= 0.01 && Math.abs(short) < 1e4) return String(short);
  const [mantissa, exponent] = short.toExponential().split('e');
  return `${mantissa}e${Number(exponent)}`;
}

/** A measured value: integers as they are, others with 3 significant digits, exponents outside [1e-3, 1e4). */
export const formatNumber = (x: number) =>
  !Number.isFinite(x)
    ? '–'
    : Number.isInteger(x) && Math.abs(x) < 1e6
      ? String(x)
      : Math.abs(x) >= 1e4 || (Math.abs(x) < 1e-3 && x !== 0)
        ? formatLambda(x)
        : String(Number(x.toPrecision(3)));

/** Tick labels for an axis spanning [lo, hi]: enough significant digits to separate ticks a
 * tenth of the span apart, written out (0.3751, 0.3752 …: no "m" or "k"). */
export function axisFormat(lo: number, hi: number): (v: number) => string {
  const magnitude = Math.max(Math.abs(lo), Math.abs(hi)),
    span = Math.abs(hi - lo);
  const digits = span > 0 && magnitude > 0 ? Math.min(12, Math.max(2, Math.ceil(Math.log10(magnitude / span)) + 2)) : 3;
  return (v: number) => {
    if (v === 0) return '0';
    const a = Math.abs(v);
    return a >= 1e5 || a < 1e-4 ? v.toExponential(Math.max(0, digits - 1)).replace(/\.?0+e/, 'e') : String(Number(v.toPrecision(digits)));
  };
}

/** Tick labels for a log axis spanning [lo, hi]: powers of ten, and 2 and 5 times them when the
 * axis spans at most three decades; the other (minor) ticks stay unlabelled. */
export function logAxisFormat(lo: number, hi: number): (v: number) => string {
  const keep = Math.log10(hi / lo) <= 3 ? [1, 2, 5] : [1];
  return (v: number) => (keep.includes(Number(v.toExponential(0).split('e')[0])) ? formatLambda(v) : '');
}
