// Predictions from a plain model, in JavaScript: X·W + b needs no wasm round trip (the model
// and X are already here, and copying them into the module would cost as much as the product).
import { invalid } from './errors.js';
import { MODEL_SCHEMA_VERSION, type ExpertError, type Model } from './types.js';
import { describe, finiteVector, type Matrix } from './validate.js';

export interface ModelArrays {
  nFeatures: number;
  outputs: number;
  coef: Float64Array;  // row-major nFeatures × outputs, as in Model.coef
  intercept: Float64Array;
}

/** A model's arrays, checked against each other (each mistake names the model's field). */
export function modelArrays(model: Model): ModelArrays {
  if (model == null || typeof model !== 'object') throw invalid('model', 'must be a model returned by fit()');
  if (model.schemaVersion !== MODEL_SCHEMA_VERSION)
    throw invalid('model.schemaVersion', `must be ${MODEL_SCHEMA_VERSION}, the model format this library reads (got ${String(model.schemaVersion)}): refit the model with this version`);
  const intercept = finiteVector('model.intercept', model.intercept);
  const outputs = model.outputs ?? intercept.length;
  if (intercept.length !== outputs)
    throw invalid('model.intercept', `must have one entry per output (${outputs}), got ${intercept.length}`);
  const coef = finiteVector('model.coef', model.coef);
  const nFeatures = model.nFeatures ?? coef.length / outputs;
  if (typeof nFeatures !== 'number' || !Number.isInteger(nFeatures) || nFeatures < 1)
    throw invalid('model.nFeatures', `must be a positive integer (got ${describe(nFeatures)})`);
  if (coef.length !== nFeatures * outputs)
    throw invalid('model.coef', `must have nFeatures × outputs = ${nFeatures} × ${outputs} entries (got ${coef.length})`);
  if (Array.isArray(model.classes)) {
    // A classifier's scores: one per class (K ≥ 2; a binary logistic model has one), or, for
    // classifying experts, Q blocks of one per class.
    const K = model.classes.length;
    const fits = model.kind === 'experts' ? K >= 2 && outputs % K === 0 : outputs === K || (K === 2 && outputs === 1);
    if (!fits) throw invalid('model.classes', `has ${K} classes, which do not match the model's ${outputs} outputs`);
  }
  return { nFeatures, outputs, coef, intercept };
}

/** X·W + b, row-major n × outputs. */
export function linearScores(m: ModelArrays, X: Matrix): Float64Array {
  if (X.nCols !== m.nFeatures) throw invalid('X', `has ${X.nCols} columns but the model has ${m.nFeatures} features`);
  const { outputs: K, coef, intercept } = m, d = X.nCols, n = X.nRows, x = X.data;
  const Z = new Float64Array(n * K);
  if (X.csr) {  // the non-zeros of each row against the row-major coefficients
    const { indptr, indices } = X.csr;
    for (let i = 0; i < n; i++)
      for (let k = 0; k < K; k++) {
        let s = 0;
        for (let t = indptr[i]; t < indptr[i + 1]; t++) s += x[t] * coef[indices[t] * K + k];
        Z[i * K + k] = intercept[k] + s;
      }
    return Z;
  }
  // Each output's weights contiguous (W column-major), then one dot product per row and output
  // with four partial sums (the loop V8 compiles best; a row of X stays in cache across k).
  const w = new Float64Array(d * K);
  for (let j = 0; j < d; j++) for (let k = 0; k < K; k++) w[k * d + j] = coef[j * K + k];
  const d4 = d - (d % 4);
  for (let i = 0, row = 0; i < n; i++, row += d)
    for (let k = 0, c = 0; k < K; k++, c += d) {
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0, j = 0;
      for (; j < d4; j += 4) {
        s0 += x[row + j] * w[c + j];
        s1 += x[row + j + 1] * w[c + j + 1];
        s2 += x[row + j + 2] * w[c + j + 2];
        s3 += x[row + j + 3] * w[c + j + 3];
      }
      for (; j < d; j++) s0 += x[row + j] * w[c + j];
      Z[i * K + k] = intercept[k] + ((s0 + s1) + (s2 + s3));
    }
  return Z;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Probabilities from logistic scores: binary [1 − p, p]; one-vs-all, normalised sigmoids;
 * `independent` (K 0/1 targets, one task each), each task's own sigmoid. */
export function probabilities(m: ModelArrays, Z: Float64Array, independent = false): Float64Array {
  const K = m.outputs, n = Z.length / K;
  if (independent && K > 1) return Z.map(sigmoid);
  if (K === 1) {
    const P = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const p = sigmoid(Z[i]);
      P[2 * i] = 1 - p;
      P[2 * i + 1] = p;
    }
    return P;
  }
  const P = new Float64Array(n * K);
  for (let i = 0; i < n; i++) {
    let total = 0;
    for (let k = 0; k < K; k++) total += (P[i * K + k] = sigmoid(Z[i * K + k]));
    for (let k = 0; k < K; k++) P[i * K + k] = total > 0 ? P[i * K + k] / total : 1 / K;
  }
  return P;
}

/** The predicted class index of each row: binary, 1 when the score is positive; one-vs-all,
 * the output with the largest score (the first on ties). */
export function classIndices(m: ModelArrays, Z: Float64Array): Int32Array {
  const K = m.outputs, n = Z.length / K, out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (K === 1) { out[i] = Z[i] > 0 ? 1 : 0; continue; }
    let best = 0;
    for (let k = 1; k < K; k++) if (Z[i * K + k] > Z[i * K + best]) best = k;
    out[i] = best;
  }
  return out;
}

/** Classifying experts: the class index each of the Q experts names for each row (its block of
 * K scores' argmax, the first on ties), n × Q row-major. */
export function expertClasses(Z: Float64Array, Q: number, K: number): Int32Array {
  const n = Z.length / (Q * K), out = new Int32Array(n * Q);
  for (let i = 0; i < n; i++)
    for (let q = 0; q < Q; q++) {
      const o = (i * Q + q) * K;
      let best = 0;
      for (let k = 1; k < K; k++) if (Z[o + k] > Z[o + best]) best = k;
      out[i * Q + q] = best;
    }
  return out;
}

/** Classifying experts: each row's best answer — the first expert naming its class c[i], else the
 * one giving c[i] the largest margin over the other classes — and the rate of rows no expert names. */
export function bestClassAnswers(Z: Float64Array, Q: number, K: number, c: Int32Array): ExpertError {
  const n = c.length, expert = new Int32Array(n), prediction = new Float64Array(n);
  let wrong = 0;
  for (let i = 0; i < n; i++) {
    let pick = 0, bestMargin = -Infinity;
    for (let q = 0; q < Q; q++) {
      const o = (i * Q + q) * K;
      let other = -Infinity;
      for (let k = 0; k < K; k++) if (k !== c[i]) other = Math.max(other, Z[o + k]);
      const margin = Z[o + c[i]] - other;
      if (margin > bestMargin) { bestMargin = margin; pick = q; }
      if (margin > 0) break;
    }
    expert[i] = pick;
    const o = (i * Q + pick) * K;
    let best = 0;
    for (let k = 1; k < K; k++) if (Z[o + k] > Z[o + best]) best = k;
    prediction[i] = best;
    if (best !== c[i]) wrong++;
  }
  return { mse: NaN, error: n > 0 ? wrong / n : NaN, expert, prediction };
}

/** Experts: each row's best answer among the Q predictions (the expert closest to its target,
 * the first on ties) and the mean squared error of those answers (the papers' min-over-experts
 * error; the LwCS paper's (16) is half of it). */
export function bestAnswers(Z: Float64Array, Q: number, y: Float64Array): ExpertError {
  const n = y.length, expert = new Int32Array(n), prediction = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let q = 1; q < Q; q++) if (Math.abs(Z[i * Q + q] - y[i]) < Math.abs(Z[i * Q + best] - y[i])) best = q;
    expert[i] = best;
    prediction[i] = Z[i * Q + best];
    total += (prediction[i] - y[i]) ** 2;
  }
  return { mse: n > 0 ? total / n : NaN, expert, prediction };
}
