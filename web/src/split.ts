// A seeded split of a table's rows into training and test rows, the same on every machine
// (a mulberry32 stream shuffles the rows, Fisher–Yates), stratified by class on request; and the
// selected rows of a row-major array.
import { invalid } from './errors.js';
import type { Label } from './types.js';

export interface SplitOptions {
  /** The test rows: a share in (0, 1) or a count ≥ 1 (default 0.25). */
  test?: number;
  /** Seed of the shuffle (a non-negative integer; default 1). */
  seed?: number;
  /** Class labels, one per row: each class keeps its share in the test rows (rounded). */
  stratify?: ArrayLike<Label>;
}

/** The rows 0 … n − 1 in a seeded random order. */
export function shuffledRows(n: number, seed = 1): number[] {
  if (!Number.isInteger(n) || n < 0) throw invalid('nRows', `must be a non-negative integer (got ${n})`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw invalid('seed', `must be a non-negative integer (got ${seed})`);
  let t = seed >>> 0;
  const next = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Training and test rows (indices, in shuffled order; together every row once). Without
 * `stratify` the test rows are the shuffle's last round(share × n) (or count); with it, each
 * class's last round(share × its rows) in the shuffle. */
export function splitRows(nRows: number, options: SplitOptions = {}): { train: number[]; test: number[] } {
  const { test = 0.25, seed = 1, stratify } = options;
  if (!(test > 0) || !Number.isFinite(test) || (test >= 1 && !Number.isInteger(test)))
    throw invalid('test', `must be a share in (0, 1) or a whole count of rows (got ${test})`);
  const order = shuffledRows(nRows, seed);
  const share = test < 1 ? test : test / nRows;
  if (test >= nRows) throw invalid('test', `must leave training rows (${test} of ${nRows} rows)`);
  if (!stratify) {
    const nTest = test < 1 ? Math.round(share * nRows) : test;
    if (nTest < 1 || nTest >= nRows) throw invalid('test', `must give at least one test and one training row (${nTest} of ${nRows})`);
    return { train: order.slice(0, nRows - nTest), test: order.slice(nRows - nTest) };
  }
  if (stratify.length !== nRows) throw invalid('stratify', `must hold one label per row (${nRows}; got ${stratify.length})`);
  const left = new Map<Label, number>();
  for (let i = 0; i < nRows; i++) left.set(stratify[i], (left.get(stratify[i]) ?? 0) + 1);
  for (const [label, count] of left) left.set(label, Math.round(share * count));
  const train: number[] = [],
    held: number[] = [];
  for (let t = order.length - 1; t >= 0; t--) {
    // from the end, as without stratify
    const label = stratify[order[t]],
      quota = left.get(label)!;
    if (quota > 0) {
      held.push(order[t]);
      left.set(label, quota - 1);
    } else train.push(order[t]);
  }
  if (held.length < 1 || train.length < 1)
    throw invalid('test', `must give at least one test and one training row (${held.length} of ${nRows})`);
  return { train: train.reverse(), test: held.reverse() };
}

/** The rows `rows` of a row-major array of `width` values per row (X with width nCols; y, a
 * label list or a prediction with width 1), in that order: a Float64Array for a Float64Array,
 * else an array. */
export function selectRows<T extends Label>(values: Float64Array | ArrayLike<T>, rows: ArrayLike<number>, width = 1): Float64Array | T[] {
  if (!Number.isInteger(width) || width < 1) throw invalid('width', `must be an integer >= 1 (got ${width})`);
  if (values.length % width !== 0)
    throw invalid('width', `must divide the array's length (${values.length} is not a multiple of ${width})`);
  const n = values.length / width;
  for (let t = 0; t < rows.length; t++)
    if (!Number.isInteger(rows[t]) || rows[t] < 0 || rows[t] >= n)
      throw invalid('rows', `entry ${t} (${rows[t]}) is not a row of 0 … ${n - 1}`);
  if (values instanceof Float64Array) {
    const out = new Float64Array(rows.length * width);
    for (let t = 0; t < rows.length; t++) out.set(values.subarray(rows[t] * width, (rows[t] + 1) * width), t * width);
    return out;
  }
  const out: T[] = [];
  for (let t = 0; t < rows.length; t++) for (let k = 0; k < width; k++) out.push((values as ArrayLike<T>)[rows[t] * width + k]);
  return out;
}
