// Scores of predictions against targets, computed here in JavaScript on what predict(),
// predictProba() and predictClass() return: the definitions sc.score and cross-validation use in
// the module (metrics/prediction.cpp), for one output. Each refuses arrays of different lengths.
import { invalid } from './errors.js';
import type { Label } from './types.js';
import { finiteVector } from './validate.js';

/** Labels and what is compared with them: both non-empty, `per` entries of `other` per label. */
function sameLength(y: ArrayLike<unknown>, other: ArrayLike<unknown>, field: string, per = 1) {
  if (y == null || typeof y.length !== 'number' || y.length === 0) throw invalid('y', 'must be a non-empty array');
  if (other == null || other.length !== y.length * per)
    throw invalid(field, `must have ${per === 1 ? '' : `${per} × `}${y.length} entries, as y (got ${other?.length})`);
}

/** Targets and predictions: finite numbers, as many of each. */
function pairOf(y: ArrayLike<number>, predicted: ArrayLike<number>): [Float64Array, Float64Array] {
  const t = finiteVector('y', y);
  return [t, finiteVector('predicted', predicted, t.length)];
}

/** Mean squared error, Σ (yᵢ − ŷᵢ)² / n. */
export function mse(y: ArrayLike<number>, predicted: ArrayLike<number>): number {
  const [t, p] = pairOf(y, predicted);
  let s = 0;
  for (let i = 0; i < t.length; i++) s += (t[i] - p[i]) ** 2;
  return s / t.length;
}

/** Mean absolute error, Σ |yᵢ − ŷᵢ| / n. */
export function mae(y: ArrayLike<number>, predicted: ArrayLike<number>): number {
  const [t, p] = pairOf(y, predicted);
  let s = 0;
  for (let i = 0; i < t.length; i++) s += Math.abs(t[i] - p[i]);
  return s / t.length;
}

/** The coefficient of determination 1 − Σ (yᵢ − ŷᵢ)² / Σ (yᵢ − ȳ)² (constant y: 1 when every
 * prediction is exact, else 0). */
export function r2(y: ArrayLike<number>, predicted: ArrayLike<number>): number {
  const [t, p] = pairOf(y, predicted);
  let mean = 0, sse = 0, sst = 0;
  for (let i = 0; i < t.length; i++) mean += t[i] / t.length;
  for (let i = 0; i < t.length; i++) {
    sse += (t[i] - p[i]) ** 2;
    sst += (t[i] - mean) ** 2;
  }
  return sst > 0 ? 1 - sse / sst : sse === 0 ? 1 : 0;
}

/** The share of rows whose predicted label is the true one. */
export function accuracy(y: ArrayLike<Label>, predicted: ArrayLike<Label>): number {
  sameLength(y, predicted, 'predicted');
  let right = 0;
  for (let i = 0; i < y.length; i++) right += y[i] === predicted[i] ? 1 : 0;
  return right / y.length;
}

/** The share of rows whose predicted label is not the true one (cross-validation's 'error'). */
export function errorRate(y: ArrayLike<Label>, predicted: ArrayLike<Label>): number {
  return 1 - accuracy(y, predicted);
}

/** The area under the ROC curve of scores for two classes: the probability that a row of the
 * positive class scores above one of the other (ties count a half). `positive`: the positive
 * label (default: the larger of the two, model.classes[1], whose score predict() returns). */
export function auc(y: ArrayLike<Label>, scores: ArrayLike<number>, positive?: Label): number {
  sameLength(y, scores, 'scores');
  finiteVector('scores', scores);
  const labels = [...new Set(Array.from(y))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (labels.length !== 2) throw invalid('y', `must hold exactly two labels (got ${labels.length})`);
  const pos = positive ?? labels[1];
  if (!labels.includes(pos)) throw invalid('positive', `must be one of y's labels (got ${String(positive)})`);
  // Average ranks over ties, then (R₊ − P(P + 1)/2) / (P N).
  const order = Array.from({ length: y.length }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let rankSum = 0, P = 0;
  for (let t = 0; t < order.length;) {
    let u = t;
    while (u < order.length && scores[order[u]] === scores[order[t]]) u++;
    const rank = (t + 1 + u) / 2;
    for (let k = t; k < u; k++) if (y[order[k]] === pos) { rankSum += rank; P++; }
    t = u;
  }
  const N = y.length - P;
  return (rankSum - (P * (P + 1)) / 2) / (P * N);
}

/** The mean negative log-likelihood −Σ log pᵢ(yᵢ) / n of class probabilities (n × K row-major,
 * as predictProba gives them; class k is classes[k], model.classes). Probabilities are read as
 * given, a zero for the true class giving Infinity. For a binary logistic model it equals
 * sc.score's 'deviance' (the mean logistic loss). */
export function logLoss(y: ArrayLike<Label>, probabilities: ArrayLike<number>, classes: ArrayLike<Label>): number {
  if (classes == null || classes.length < 2) throw invalid('classes', 'must list at least two labels (model.classes)');
  const K = classes.length, column = new Map(Array.from(classes, (c, k) => [c, k]));
  sameLength(y, probabilities, 'probabilities', K);
  finiteVector('probabilities', probabilities);
  let s = 0;
  for (let i = 0; i < y.length; i++) {
    const k = column.get(y[i]);
    if (k === undefined) throw invalid('y', `entry ${i} (${String(y[i])}) is not one of the classes`);
    s -= Math.log(probabilities[i * K + k]);
  }
  return s / y.length;
}
