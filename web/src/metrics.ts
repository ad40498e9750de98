// Scores of predictions against targets, computed here in JavaScript on what predict(),
// predictProba() and predictClass() return: the definitions sc.score and cross-validation use in
// the module (metrics/prediction.cpp), for one output. Each refuses arrays of different lengths.
// Each takes observation weights last (scikit-learn's sample_weight): row i counts weights[i] times.
import { invalid } from './errors.js';
import type { Label } from './types.js';
import { finiteVector, observationWeights } from './validate.js';

/** Labels and what is compared with them: both non-empty, `per` entries of `other` per label. */
function sameLength(y: ArrayLike<unknown>, other: ArrayLike<unknown>, field: string, per = 1) {
  if (y == null || typeof y.length !== 'number' || y.length === 0) throw invalid('y', 'must be a non-empty array');
  if (other == null || other.length !== y.length * per)
    throw invalid(field, `must have ${per === 1 ? '' : `${per} × `}${y.length} entries, as y (got ${other?.length})`);
}

/** Observation weights: none, or the library's (validate's observationWeights). */
const weightsOf = (weights: ArrayLike<number> | undefined, n: number) =>
  weights === undefined ? undefined : observationWeights(weights, n);

/** Σ wᵢ fᵢ / Σ wᵢ over the rows (the plain mean without weights). */
function meanOf(n: number, w: Float64Array | undefined, f: (i: number) => number): number {
  let s = 0,
    total = 0;
  for (let i = 0; i < n; i++) {
    const wi = w ? w[i] : 1;
    if (wi !== 0) s += wi * f(i);
    total += wi;
  }
  return s / total;
}

/** Targets and predictions: finite numbers, as many of each. */
function pairOf(y: ArrayLike<number>, predicted: ArrayLike<number>): [Float64Array, Float64Array] {
  const t = finiteVector('y', y);
  return [t, finiteVector('predicted', predicted, t.length)];
}

/** Mean squared error, Σ wᵢ (yᵢ − ŷᵢ)² / Σ wᵢ (wᵢ = 1 without weights). */
export function mse(y: ArrayLike<number>, predicted: ArrayLike<number>, weights?: ArrayLike<number>): number {
  const [t, p] = pairOf(y, predicted),
    w = weightsOf(weights, t.length);
  return meanOf(t.length, w, (i) => (t[i] - p[i]) ** 2);
}

/** Mean absolute error, Σ wᵢ |yᵢ − ŷᵢ| / Σ wᵢ. */
export function mae(y: ArrayLike<number>, predicted: ArrayLike<number>, weights?: ArrayLike<number>): number {
  const [t, p] = pairOf(y, predicted),
    w = weightsOf(weights, t.length);
  return meanOf(t.length, w, (i) => Math.abs(t[i] - p[i]));
}

/** The coefficient of determination 1 − Σ wᵢ(yᵢ − ŷᵢ)² / Σ wᵢ(yᵢ − ȳ)², ȳ the (weighted) mean
 * (constant y: 1 when every prediction is exact, else 0). */
export function r2(y: ArrayLike<number>, predicted: ArrayLike<number>, weights?: ArrayLike<number>): number {
  const [t, p] = pairOf(y, predicted),
    w = weightsOf(weights, t.length);
  const mean = meanOf(t.length, w, (i) => t[i]);
  const sse = meanOf(t.length, w, (i) => (t[i] - p[i]) ** 2),
    sst = meanOf(t.length, w, (i) => (t[i] - mean) ** 2);
  return sst > 0 ? 1 - sse / sst : sse === 0 ? 1 : 0;
}

/** The (weighted) share of rows whose predicted label is the true one. */
export function accuracy(y: ArrayLike<Label>, predicted: ArrayLike<Label>, weights?: ArrayLike<number>): number {
  sameLength(y, predicted, 'predicted');
  return meanOf(y.length, weightsOf(weights, y.length), (i) => (y[i] === predicted[i] ? 1 : 0));
}

/** The share of rows whose predicted label is not the true one (cross-validation's 'error'). */
export function errorRate(y: ArrayLike<Label>, predicted: ArrayLike<Label>, weights?: ArrayLike<number>): number {
  return 1 - accuracy(y, predicted, weights);
}

/** The area under the ROC curve of scores for two classes: the probability that a row of the
 * positive class scores above one of the other (ties count a half; with weights, each pair counts
 * by the product of its rows' weights). `positive`: the positive label (default: the larger of
 * the two, model.classes[1], whose score predict() returns). */
export function auc(y: ArrayLike<Label>, scores: ArrayLike<number>, positive?: Label, weights?: ArrayLike<number>): number {
  sameLength(y, scores, 'scores');
  finiteVector('scores', scores);
  const w = weightsOf(weights, y.length);
  const labels = [...new Set(Array.from(y))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (labels.length !== 2) throw invalid('y', `must hold exactly two labels (got ${labels.length})`);
  const pos = positive ?? labels[1];
  if (!labels.includes(pos)) throw invalid('positive', `must be one of y's labels (got ${String(positive)})`);
  // Ascending tie groups: each positive's weight times the negative weight below it, plus half the
  // negative weight tied with it, over (Σ positive weight)(Σ negative weight).
  const order = Array.from({ length: y.length }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let area = 0,
    below = 0,
    P = 0;
  for (let t = 0; t < order.length; ) {
    let u = t,
      groupPos = 0,
      groupNeg = 0;
    for (; u < order.length && scores[order[u]] === scores[order[t]]; u++) {
      const wi = w ? w[order[u]] : 1;
      if (y[order[u]] === pos) groupPos += wi;
      else groupNeg += wi;
    }
    area += groupPos * (below + groupNeg / 2);
    below += groupNeg;
    P += groupPos;
    t = u;
  }
  return area / (P * below);
}

/** The mean negative log-likelihood −Σ wᵢ log pᵢ(yᵢ) / Σ wᵢ of class probabilities (n × K row-major,
 * as predictProba gives them; class k is classes[k], model.classes). Probabilities are read as
 * given, a zero for the true class giving Infinity. For a binary logistic model it equals
 * sc.score's 'deviance' (the mean logistic loss). */
export function logLoss(
  y: ArrayLike<Label>,
  probabilities: ArrayLike<number>,
  classes: ArrayLike<Label>,
  weights?: ArrayLike<number>,
): number {
  if (classes == null || classes.length < 2) throw invalid('classes', 'must list at least two labels (model.classes)');
  const K = classes.length,
    column = new Map(Array.from(classes, (c, k) => [c, k]));
  sameLength(y, probabilities, 'probabilities', K);
  finiteVector('probabilities', probabilities);
  const w = weightsOf(weights, y.length);
  return meanOf(y.length, w, (i) => {
    const k = column.get(y[i]);
    if (k === undefined) throw invalid('y', `entry ${i} (${String(y[i])}) is not one of the classes`);
    return -Math.log(probabilities[i * K + k]);
  });
}
