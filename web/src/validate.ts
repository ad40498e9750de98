// Input validation and normalisation, done before anything crosses into wasm. Every failure is
// a SupclustError('invalid-input') whose message starts with the field's name.
import { invalid } from './errors.js';
import type { MatrixInput } from './types.js';

const isArrayLike = (v: unknown): v is ArrayLike<number> =>
  v != null && typeof v === 'object' && typeof (v as { length?: unknown }).length === 'number';

export function finiteVector(field: string, v: unknown, expectedLength?: number): Float64Array {
  if (!isArrayLike(v)) throw invalid(field, 'must be an array of numbers (a Float64Array or number[])');
  if (v.length === 0) throw invalid(field, 'must not be empty');
  if (expectedLength !== undefined && v.length !== expectedLength)
    throw invalid(field, `must have ${expectedLength} entries (got ${v.length})`);
  const out = v instanceof Float64Array ? v : Float64Array.from(v as ArrayLike<number>);
  for (let i = 0; i < out.length; i++)
    if (!Number.isFinite(out[i])) throw invalid(field, `must be finite (entry ${i} is ${(v as ArrayLike<unknown>)[i]})`);
  return out;
}

export function integer(field: string, v: unknown, min: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
    throw invalid(field, `must be an integer >= ${min} (got ${String(v)})`);
  return v;
}

export interface Matrix {
  data: Float64Array;
  nRows: number;
  nCols: number;
}

export function matrix(field: string, X: MatrixInput, nRows?: number, nCols?: number): Matrix {
  if (Array.isArray(X) && X.length > 0 && Array.isArray(X[0])) {
    const rows = X as number[][];
    const d = rows[0].length;
    if (d === 0) throw invalid(field, 'rows must not be empty');
    const data = new Float64Array(rows.length * d);
    rows.forEach((row, i) => {
      if (!Array.isArray(row) || row.length !== d)
        throw invalid(field, `row ${i} has ${Array.isArray(row) ? row.length : 'no'} entries, expected ${d}`);
      data.set(row, i * d);
    });
    if (nRows !== undefined && nRows !== rows.length) throw invalid('nRows', `is ${nRows} but X has ${rows.length} rows`);
    if (nCols !== undefined && nCols !== d) throw invalid('nCols', `is ${nCols} but X rows have ${d} entries`);
    return { data: finiteVector(field, data), nRows: rows.length, nCols: d };
  }
  if (!isArrayLike(X)) throw invalid(field, 'must be a row-major Float64Array (with nRows, nCols) or an array of rows');
  if (nRows === undefined && nCols === undefined) throw invalid('nRows', 'is required when X is a flat array (give nRows and/or nCols)');
  if (X.length === 0) throw invalid(field, 'must not be empty');
  const r = nRows ?? X.length / (nCols as number);
  const c = nCols ?? X.length / (nRows as number);
  integer('nRows', r, 1);
  integer('nCols', c, 1);
  if (r * c !== X.length) throw invalid(field, `has ${X.length} entries, expected nRows × nCols = ${r} × ${c} = ${r * c}`);
  return { data: finiteVector(field, X), nRows: r, nCols: c };
}

/** Method options: numbers finite, labels integer arrays; the library checks names and ranges. */
export function options(params: Record<string, unknown>): Record<string, number | boolean | string | Int32Array> {
  const out: Record<string, number | boolean | string | Int32Array> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw invalid(k, `must be a finite number (got ${v})`);
      out[k] = v;
    } else if (typeof v === 'boolean' || typeof v === 'string') {
      out[k] = v;
    } else if (isArrayLike(v)) {
      const a = Array.from(v as ArrayLike<unknown>);
      a.forEach((x, i) => {
        if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 2 ** 31 - 1)
          throw invalid(k, `must hold non-negative integer labels (entry ${i} is ${String(x)})`);
      });
      out[k] = Int32Array.from(a as number[]);
    } else {
      throw invalid(k, `has an unsupported type (${v === null ? 'null' : typeof v})`);
    }
  }
  return out;
}
