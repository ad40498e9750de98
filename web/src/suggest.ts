// The data's scales that a penalty weight's suggested value is declared against
// (info.methods[].options[].suggested, OptionSpec::suggestedFactor in C++):
//   gradient  = max over targets t and features j of |Σ_i (x_ij − x̄_j)(t_i − t̄)| / n, the ℓ1
//               weight above which w = 0 is optimal (the lasso's λ_max; the same for the
//               logistic loss at its optimal intercept);
//   curvature = Σ_ij (x_ij − x̄_j)² / (n d), the mean feature variance.
import type { Matrix } from './validate.js';

export interface DataScales { gradient: number; curvature: number }

/** targets: n × cols row-major (one-vs-all: the classes' indicator columns). */
export function dataScales(X: Matrix, targets: Float64Array, cols: number): DataScales {
  const { nRows: n, nCols: d } = X;
  const colMean = new Float64Array(d), colSquares = new Float64Array(d);
  const forEntries = (f: (i: number, j: number, x: number) => void) => {
    if (X.csr) {
      for (let i = 0; i < n; i++) for (let t = X.csr.indptr[i]; t < X.csr.indptr[i + 1]; t++) f(i, X.csr.indices[t], X.data[t]);
    } else {
      for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) f(i, j, X.data[i * d + j]);
    }
  };
  const tMean = new Float64Array(cols);
  for (let i = 0; i < n; i++) for (let k = 0; k < cols; k++) tMean[k] += targets[i * cols + k] / n;
  // One pass over X. Σ_i (x_ij − x̄_j)(t_i − t̄) = Σ_i x_ij (t_i − t̄): the centred target sums to zero.
  const cross = new Float64Array(cols * d);
  forEntries((i, j, x) => {
    colMean[j] += x / n;
    colSquares[j] += x * x;
    for (let k = 0; k < cols; k++) cross[k * d + j] += x * (targets[i * cols + k] - tMean[k]);
  });
  let curvature = 0;
  for (let j = 0; j < d; j++) curvature += Math.max(0, colSquares[j] - n * colMean[j] * colMean[j]);
  let gradient = 0;
  for (const c of cross) gradient = Math.max(gradient, Math.abs(c) / n);
  return { gradient, curvature: curvature / (n * d) };
}
