// Targets as the library reads them: class labels as class indices, finite numbers, or several
// targets per row for the clustered-tasks methods.
import { invalid } from './errors.js';
import type { FitParams, Label, LossInfo, MethodInfo } from './types.js';
import * as v from './validate.js';

// The targets as the library reads them: class labels mapped to 0..K−1 for the classification
// losses; finite numbers otherwise; or, for the clustered-tasks methods, K targets per row (rows
// of y, or yCols) with the 'squared' (real) or 'logistic' (0/1) loss, one task per column.
export function targetsOf(
  method: string,
  spec: MethodInfo,
  loss: LossInfo,
  params: FitParams,
  n: number,
): { y: Float64Array; yCols: number; classes?: Label[] } {
  const rows = Array.isArray(params.y) && Array.isArray(params.y[0]);
  if (!rows && (params.yCols === undefined || params.yCols === 1)) {
    if (loss.classification) return { ...classLabels(params.y, n, loss), yCols: 1 };
    return { y: v.finiteVector('y', params.y, n), yCols: 1 };
  }
  if (spec.kind !== 'tasks')
    throw invalid('y', `several targets per row are read by the clustered-tasks methods only; method '${method}' takes one target per row`);
  if (loss.oneVsAll)
    throw invalid('loss', `'${loss.name}' reads one class label per row of y; with several targets per row use 'squared' or 'logistic'`);
  const t = v.targetRows(params.y, n, params.yCols);
  if (loss.binary)
    for (let i = 0; i < t.data.length; i++)
      if (t.data[i] !== 0 && t.data[i] !== 1)
        throw invalid('y', `must hold 0 or 1 for the logistic loss (row ${Math.floor(i / t.cols)}, column ${i % t.cols} is ${t.data[i]})`);
  return { y: t.data, yCols: t.cols };
}

// Class labels → 0..K−1 (sorted: numbers ascending, strings by code units), as the library
// reads classification targets. The logistic and hinge losses need two classes, one-vs-all at
// least two.
function classLabels(y: unknown, n: number, loss: LossInfo): { y: Float64Array; classes: Label[] } {
  const len = v.lengthOf('y', y);
  if (len !== n) throw invalid('y', `must have ${n} entries, one per row of X (got ${len})`);
  const a = y as ArrayLike<unknown>;
  const kind = typeof a[0];
  if (kind !== 'number' && kind !== 'string') throw invalid('y', `must hold class labels, numbers or strings (entry 0 is ${String(a[0])})`);
  const seen = new Set<Label>();
  for (let i = 0; i < n; i++) {
    const x = a[i];
    if (typeof x !== kind)
      throw invalid(
        'y',
        `must hold labels of one type (entry 0 is a ${kind}, entry ${i} is ${typeof x === 'string' ? `'${x}'` : String(x)})`,
      );
    if (kind === 'number' && !Number.isFinite(x as number)) throw invalid('y', `must be finite (entry ${i} is ${String(x)})`);
    seen.add(x as Label);
  }
  const classes = [...seen].sort((p, q) => (kind === 'number' ? (p as number) - (q as number) : p < q ? -1 : p > q ? 1 : 0));
  if (classes.length < 2)
    throw invalid('y', `needs at least two classes for a classifier (found only the class ${v.describe(classes[0])})`);
  if (loss.binary && classes.length !== 2)
    throw invalid(
      'y',
      `has ${classes.length} classes; the '${loss.name}' loss is binary${loss.name === 'logistic' ? " (use 'ova-logistic' for more)" : ''}`,
    );
  const index = new Map<Label, number>(classes.map((c, k) => [c, k]));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = index.get(a[i] as Label)!;
  return { y: out, classes };
}

// A model's labels y as its class indices (its length is the library's to check), refused naming y
// at the first label the model does not know.
export function classIndicesOf(classes: readonly Label[], y: unknown): Float64Array {
  const index = new Map<Label, number>(classes.map((c, k) => [c, k]));
  const labels = y as ArrayLike<Label>;
  return Float64Array.from({ length: v.lengthOf('y', y) }, (_, i) => {
    const k = index.get(labels[i]);
    if (k === undefined) throw invalid('y', `entry ${i} (${String(labels[i])}) is not one of the model's classes`);
    return k;
  });
}
