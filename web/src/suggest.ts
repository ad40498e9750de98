// The data's scales that a penalty weight's suggested value is declared against
// (info.methods[].options[].suggested, OptionSpec::suggestedFactor in C++):
//   gradient  = max over targets t and features j of |Σ_i (x_ij − x̄_j)(t_i − t̄)| / n, the ℓ1
//               weight above which w = 0 is optimal (the lasso's λ_max; the same for the
//               logistic loss at its optimal intercept);
//   curvature = Σ_ij (x_ij − x̄_j)² / (n d), the mean feature variance;
// with observation weights, each row's terms counted by its weight (of mean 1) about the weighted means;
// with standardize, of the columns divided by their standard deviations (as the fit sees them);
// without an intercept, the gradient of Xᵀ(t − c)/n and the curvature of Σ_ij x_ij²/(n d), about 0
// and about the null model's own target c at b = 0 (0 for the squared loss, ½ for 0/1 labels: the
// logistic gradient at z = 0), the columns still divided by their deviations about their means.
// Both are computed on X / sx and t / st (sx, st powers of two near the largest entries: exact)
// and returned with their units, so that data of any representable scale gives the suggested
// weight whenever the weight itself is representable (suggestedValue).
import type { Matrix } from './validate.js';

/** gradient · gradientUnit and curvature · curvatureUnit are the scales, each unit a product of
 * two powers of two (kept apart: their product may overflow where the scale does not). */
export interface DataScales {
  gradient: number;
  gradientUnit: [number, number];
  curvature: number;
  curvatureUnit: [number, number];
}

/** The power of two at or just below the largest |entry| (1 for an all-zero array). */
function unitOf(a: ArrayLike<number>): number {
  let top = 0;
  for (let i = 0; i < a.length; i++) top = Math.max(top, Math.abs(a[i]));
  return top > 0 ? 2 ** Math.min(1023, Math.floor(Math.log2(top))) : 1;
}

/** targets: n × cols row-major (one-vs-all: the classes' indicator columns). standardized: the
 * scales of X's columns divided by their standard deviations (1/n; a constant column kept), as a fit
 * with standardize: true sees them. weights: the rows' observation weights (checked), scaled here to
 * mean 1: every sum above then counts row i ω_i times about the weighted means, as a weighted fit
 * reads them; a row of weight 0 is not seen. */
export function dataScales(
  X: Matrix,
  given: Float64Array,
  cols: number,
  standardized = false,
  weights?: Float64Array,
  origin?: { target: number },
): DataScales {
  const { nRows: n, nCols: d } = X;
  const sx = unitOf(X.data),
    st = unitOf(given);
  const targets = given.map((t) => t / st);
  let total = 0;
  if (weights) for (let i = 0; i < n; i++) total += weights[i];
  const weight = (i: number) => (weights ? (weights[i] * n) / total : 1);
  const colMean = new Float64Array(d),
    colSquares = new Float64Array(d),
    storedWeight = new Float64Array(d),
    seen = new Float64Array(d);
  const low = new Float64Array(d).fill(Infinity),
    high = new Float64Array(d).fill(-Infinity);
  const forEntries = (f: (i: number, j: number, x: number) => void) => {
    if (X.csr) {
      for (let i = 0; i < n; i++) for (let t = X.csr.indptr[i]; t < X.csr.indptr[i + 1]; t++) f(i, X.csr.indices[t], X.data[t] / sx);
    } else {
      for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) f(i, j, X.data[i * d + j] / sx);
    }
  };
  let rowsSeen = 0;
  for (let i = 0; i < n; i++) if (weight(i) > 0) rowsSeen += 1;
  const tMean = new Float64Array(cols);
  if (origin) tMean.fill(origin.target / st);
  else for (let i = 0; i < n; i++) for (let k = 0; k < cols; k++) tMean[k] += (weight(i) * targets[i * cols + k]) / n;
  forEntries((i, j, x) => {
    const w = weight(i);
    colMean[j] += (w * x) / n;
    storedWeight[j] += w;
    if (w > 0) {
      seen[j] += 1;
      low[j] = Math.min(low[j], x);
      high[j] = Math.max(high[j], x);
    }
  });
  // A second pass, centred (no cancellation). Σ_i ω_i (x_ij − x̄_j)(t_i − t̄) = Σ_i ω_i x_ij (t_i − t̄): the centred target's weighted sum is zero (t̄ is c without an intercept).
  const cross = new Float64Array(cols * d);
  forEntries((i, j, x) => {
    const w = weight(i);
    colSquares[j] += w * (x - colMean[j]) ** 2;
    for (let k = 0; k < cols; k++) cross[k * d + j] += w * x * (targets[i * cols + k] - tMean[k]);
  });
  for (let j = 0; j < d; j++) {
    colSquares[j] += Math.max(0, n - storedWeight[j]) * colMean[j] ** 2; // a sparse X's zeros (their rows' weights: n in all)
    if (seen[j] < rowsSeen) {
      low[j] = Math.min(low[j], 0);
      high[j] = Math.max(high[j], 0);
    }
  }
  let curvature = 0,
    gradient = 0;
  for (let j = 0; j < d; j++) {
    // A column of one value is not divided (as the library's unitScales): its computed mean may miss
    // the value in the last bit, which divided by a deviation of that size would be noise of size 1.
    const deviation = low[j] === high[j] ? 0 : Math.sqrt(colSquares[j] / n),
      by = standardized && deviation > 0 ? deviation : 1;
    curvature += (origin ? colSquares[j] + n * colMean[j] ** 2 : colSquares[j]) / (by * by);
    for (let k = 0; k < cols; k++) gradient = Math.max(gradient, Math.abs(cross[k * d + j]) / (n * by));
  }
  // Standardized columns carry no unit of X (a constant column's is X's, but its variance and its correlation are 0).
  const xUnit = standardized ? 1 : sx;
  return { gradient, gradientUnit: [xUnit, st], curvature: curvature / (n * d), curvatureUnit: [xUnit, xUnit] };
}

/** The logistic losses' residuals at their null model with row offsets o (fit's offset): per
 * column k of the 0/1 targets (n × cols row-major), t_ik − σ(b_k + o_i), with b_k solving
 * Σ_i ω_i σ(b_k + o_i) = Σ_i ω_i t_ik (with an intercept; the library's null intercept, by
 * bisection here: the sum rises with b) or b_k = 0 (without one). The gradient at the null model is
 * then Xcᵀ(residuals)/n, the scale dataScales reads from these as targets. */
export function logisticResiduals(
  targets: Float64Array,
  cols: number,
  offset: Float64Array,
  weights: Float64Array | undefined,
  intercept: boolean,
): Float64Array {
  const n = offset.length,
    weight = (i: number) => (weights ? weights[i] : 1);
  const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
  const out = new Float64Array(n * cols);
  for (let k = 0; k < cols; k++) {
    let b = 0;
    if (intercept) {
      let goal = 0;
      for (let i = 0; i < n; i++) goal += weight(i) * targets[i * cols + k];
      const excess = (c: number) => {
        let s = -goal;
        for (let i = 0; i < n; i++) s += weight(i) * sigmoid(c + offset[i]);
        return s;
      };
      // The root lies where σ(b + o) spans the share of ones: between −(max o) + logit(share) and −(min o) + logit(share).
      let lo = -1,
        hi = 1;
      while (excess(lo) > 0 && lo > -1e3) lo *= 2;
      while (excess(hi) < 0 && hi < 1e3) hi *= 2;
      for (let step = 0; step < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo), Math.abs(hi)); step++) {
        const mid = (lo + hi) / 2;
        if (excess(mid) > 0) hi = mid;
        else lo = mid;
      }
      b = (lo + hi) / 2;
    }
    for (let i = 0; i < n; i++) out[i * cols + k] = targets[i * cols + k] - sigmoid(b + offset[i]);
  }
  return out;
}

/** factor · scale / d^power for a weight of degree 1 (the gradient's scale) or 2 (the
 * curvature's), the unit applied last (its smaller factor first, so that a representable weight is
 * not lost to an intermediate overflow; a zero scale stays 0 whatever the unit). Infinity when the
 * weight itself is beyond the double range. */
export function suggestedValue(s: DataScales, degree: number, factor: number, d: number, power: number): number {
  const [scale, unit] = degree === 2 ? [s.curvature, s.curvatureUnit] : [s.gradient, s.gradientUnit];
  const value = (factor * scale) / d ** power;
  return value === 0 ? 0 : value * Math.min(...unit) * Math.max(...unit);
}
