// Input validation and normalisation, done before anything crosses into wasm. Every failure is
// a SupclustError('invalid-input') whose message starts with the field's name.
import { invalid } from './errors.js';
import type { WireMatrix } from './protocol.js';
import type { CsrMatrix, MatrixInput } from './types.js';

/** Largest integer option (a C++ int) and largest seed (exact in a double). */
export const MAX_INTEGER = 2 ** 31 - 1;
export const MAX_SEED = 2 ** 53;
/** Largest array accepted (a Float64Array of it is 2 GB, the wasm32 address space). */
const MAX_LENGTH = 2 ** 28;

// A value as a message shows it: strings quoted, so that '30' and 30 read apart.
export const describe = (x: unknown): string =>
  typeof x === 'string'
    ? `'${x}'`
    : typeof x === 'bigint'
      ? `${x}n`
      : Array.isArray(x)
        ? `an array of ${x.length}`
        : ArrayBuffer.isView(x)
          ? `a ${x.constructor.name}`
          : typeof x === 'function'
            ? 'a function'
            : x !== null && typeof x === 'object'
              ? 'an object'
              : String(x);

/** `count` strings, one per `per` (featureNames: one per column of X), as a copy; holes refused. */
export function strings(field: string, value: unknown, count: number, per: string): string[] {
  if (!Array.isArray(value) || value.length !== count) throw invalid(field, `must be ${count} strings, one per ${per}`);
  for (
    let j = 0;
    j < value.length;
    j++ // every index, holes included (some() skips them)
  )
    if (typeof value[j] !== 'string')
      throw invalid(field, `must be ${count} strings, one per ${per} (entry ${j} is ${j in value ? describe(value[j]) : 'missing'})`);
  return [...value];
}

/** The length of an array-like input, or a SupclustError naming the field. */
export function lengthOf(field: string, v: unknown): number {
  if (v == null || (typeof v !== 'object' && typeof v !== 'function') || typeof (v as { length?: unknown }).length !== 'number')
    throw invalid(field, 'must be an array of numbers (a Float64Array or number[])');
  if (v instanceof BigInt64Array || v instanceof BigUint64Array)
    throw invalid(field, 'must hold numbers, not BigInts (convert with Float64Array.from(x, Number))');
  const n = (v as { length: number }).length;
  if (!Number.isInteger(n) || n < 0) throw invalid(field, `has an invalid length (${n})`);
  if (n > MAX_LENGTH) throw invalid(field, `has ${n} entries; at most ${MAX_LENGTH} fit in the 2 GB a wasm32 module can address`);
  return n;
}

/** Σ (x − x) in two running sums: 0 when every entry is finite, NaN once one is not (no branch
 * per entry: a call's fixed cost on a large X). */
function allFinite(v: Float64Array): boolean {
  let s0 = 0,
    s1 = 0,
    i = 0;
  const n = v.length;
  for (; i + 2 <= n; i += 2) {
    s0 += v[i] - v[i];
    s1 += v[i + 1] - v[i + 1];
  }
  for (; i < n; i++) s0 += v[i] - v[i];
  return s0 + s1 === 0;
}

export function finiteVector(field: string, v: unknown, expectedLength?: number): Float64Array {
  const n = lengthOf(field, v);
  if (n === 0) throw invalid(field, 'must not be empty');
  if (expectedLength !== undefined && n !== expectedLength) throw invalid(field, `must have ${expectedLength} entries (got ${n})`);
  const a = v as ArrayLike<unknown>;
  if (v instanceof Float64Array) {
    if (!allFinite(v))
      for (let i = 0; i < n; i++) if (!Number.isFinite(v[i])) throw invalid(field, `must be finite (entry ${i} is ${v[i]})`);
    return v;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    if (typeof x !== 'number') throw invalid(field, `must hold numbers (entry ${i} is ${describe(x)})`);
    if (!Number.isFinite(x)) throw invalid(field, `must be finite (entry ${i} is ${x})`);
    out[i] = x;
  }
  return out;
}

/** Observation weights (field `weights`), as the library checks them: n finite numbers ≥ 0 with a
 * positive and finite sum. */
export function observationWeights(weights: unknown, n: number): Float64Array {
  const w = finiteVector('weights', weights, n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (w[i] < 0) throw invalid('weights', `must be non-negative (entry ${i} is ${w[i]})`);
    sum += w[i];
  }
  if (!(sum > 0)) throw invalid('weights', 'must have a positive entry (every row weighs 0)');
  if (!Number.isFinite(sum)) throw invalid('weights', 'sum beyond the double range: scale them down');
  return w;
}

/** A number (its range is the library's to check). */
export function number(field: string, v: unknown): number {
  if (typeof v !== 'number') throw invalid(field, `must be a number (got ${describe(v)})`);
  return v;
}

export function integer(field: string, v: unknown, min: number, max = MAX_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw invalid(field, `must be an integer in [${min}, ${max}] (got ${describe(v)})`);
  return v;
}

export const seed = (field: string, v: unknown): number => integer(field, v, 0, MAX_SEED);

export interface Matrix {
  /** Every entry row-major, or the non-zeros when `csr` is set. */
  data: Float64Array;
  nRows: number;
  nCols: number;
  csr?: { indptr: Int32Array; indices: Int32Array };
}

/** A CSR input ({ indptr, indices, values }) rather than an array. */
export const isCsr = (X: unknown): X is CsrMatrix =>
  X != null && typeof X === 'object' && !Array.isArray(X) && !ArrayBuffer.isView(X) && 'indptr' in X;

/** What crosses into wasm for a validated matrix. */
export const wire = (X: Matrix): WireMatrix => (X.csr ? { indptr: X.csr.indptr, indices: X.csr.indices, values: X.data } : X.data);

/** Doubles the library counts for X (registry.cpp, estimateFitBytes): n·d, or 1.5 per
 * non-zero (its value and its index). */
export const designDoubles = (X: Matrix): number => (X.csr ? 1.5 * X.data.length : X.nRows * X.nCols);

function int32Array(field: string, v: unknown, expectedLength?: number): Int32Array {
  const n = lengthOf(field, v);
  if (expectedLength !== undefined && n !== expectedLength) throw invalid(field, `must have ${expectedLength} entries (got ${n})`);
  if (v instanceof Int32Array) return v;
  const a = v as ArrayLike<unknown>,
    out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < -(2 ** 31) || x > MAX_INTEGER)
      throw invalid(field, `must hold 32-bit integers (entry ${i} is ${describe(x)})`);
    out[i] = x;
  }
  return out;
}

/** CSR arrays checked as the library checks them: indptr from 0, non-decreasing, ending at the
 * number of values; indices in 0..nCols−1 and strictly increasing in each row; values finite. */
function csrMatrix(field: string, X: CsrMatrix, nRows?: number, nCols?: number, scanEntries = true): Matrix {
  if (nRows === undefined) throw invalid('nRows', `is required when ${field} is sparse (CSR)`);
  if (nCols === undefined) throw invalid('nCols', `is required when ${field} is sparse (CSR)`);
  const indptr = int32Array(`${field}.indptr`, X.indptr, nRows + 1);
  if (indptr[0] !== 0) throw invalid(`${field}.indptr`, `must start at 0 (got ${indptr[0]})`);
  for (let i = 0; i < nRows; i++)
    if (indptr[i + 1] < indptr[i])
      throw invalid(`${field}.indptr`, `must be non-decreasing (entry ${i + 1} is ${indptr[i + 1]} after ${indptr[i]})`);
  const nnz = indptr[nRows];
  const indices = int32Array(`${field}.indices`, X.indices);
  if (indices.length !== nnz) throw invalid(`${field}.indices`, `must have indptr[nRows] = ${nnz} entries (got ${indices.length})`);
  const len = lengthOf(`${field}.values`, X.values);
  if (len !== nnz) throw invalid(`${field}.values`, `must have indptr[nRows] = ${nnz} entries (got ${len})`);
  const typed = X.values instanceof Float64Array && X.indices instanceof Int32Array;
  if (!scanEntries && typed) return { data: X.values as Float64Array, nRows, nCols, csr: { indptr, indices } };
  const values = nnz === 0 ? new Float64Array(0) : finiteVector(`${field}.values`, X.values);
  // One pass with no early exit (a call's fixed cost); only a matrix that fails it is read again,
  // to name the first bad entry.
  let bad = false;
  for (let i = 0; i < nRows; i++) {
    const from = indptr[i],
      to = indptr[i + 1];
    if (from === to) continue;
    bad ||= indices[from] < 0 || indices[to - 1] >= nCols;
    let previous = indices[from];
    for (let t = from + 1; t < to; t++) {
      const j = indices[t];
      bad ||= j <= previous;
      previous = j;
    }
  }
  if (bad)
    for (let i = 0; i < nRows; i++)
      for (let t = indptr[i]; t < indptr[i + 1]; t++) {
        const j = indices[t];
        if (j < 0 || j >= nCols) throw invalid(`${field}.indices`, `entry ${t} (row ${i}) is ${j}, outside the columns 0..${nCols - 1}`);
        if (t > indptr[i] && j <= indices[t - 1])
          throw invalid(`${field}.indices`, `must be strictly increasing within each row (row ${i} has ${indices[t - 1]} then ${j})`);
      }
  return { data: values, nRows, nCols, csr: { indptr, indices } };
}

/** X validated and as the library reads it. `scanEntries` false: a Float64Array's entries, and a
 * CSR matrix's typed indices and values, are left to the library's own pass over X (a fit's
 * design check refuses a non-finite entry or a bad index naming the same field, entry, row and
 * column), so a call on a large X does not read it twice. */
// A row of a matrix given by rows: an array, or a typed array of numbers.
const isRow = (r: unknown): r is ArrayLike<number> =>
  Array.isArray(r) ||
  (ArrayBuffer.isView(r) && !(r instanceof DataView) && !(r instanceof BigInt64Array) && !(r instanceof BigUint64Array));
/** X given as rows (number[][], or an array of typed-array rows) rather than flat. */
export const isRowList = (X: unknown): boolean => Array.isArray(X) && X.length > 0 && isRow(X[0]);

export function matrix(field: string, X: MatrixInput, nRows?: number, nCols?: number, scanEntries = true): Matrix {
  if (nRows !== undefined) integer('nRows', nRows, 1);
  if (nCols !== undefined) integer('nCols', nCols, 1);
  if (isCsr(X)) return csrMatrix(field, X, nRows, nCols, scanEntries);
  if (isRowList(X)) {
    const rows = X as ArrayLike<number>[];
    const d = rows[0].length;
    if (d === 0) throw invalid(field, 'rows must not be empty');
    if (rows.length * d > MAX_LENGTH) throw invalid(field, `has ${rows.length} × ${d} entries; at most ${MAX_LENGTH} fit in 2 GB`);
    const data = new Float64Array(rows.length * d);
    rows.forEach((row, i) => {
      if (!isRow(row) || row.length !== d) throw invalid(field, `row ${i} has ${isRow(row) ? row.length : 'no'} entries, expected ${d}`);
      for (let j = 0; j < d; j++) {
        const x = row[j];
        if (typeof x !== 'number') throw invalid(field, `must hold numbers (row ${i}, column ${j} is ${describe(x)})`);
        if (!Number.isFinite(x)) throw invalid(field, `must be finite (row ${i}, column ${j} is ${x})`);
        data[i * d + j] = x;
      }
    });
    if (nRows !== undefined && nRows !== rows.length) throw invalid('nRows', `is ${nRows} but X has ${rows.length} rows`);
    if (nCols !== undefined && nCols !== d) throw invalid('nCols', `is ${nCols} but X rows have ${d} entries`);
    return { data, nRows: rows.length, nCols: d };
  }
  const n = lengthOf(field, X);
  if (n === 0) throw invalid(field, 'must not be empty');
  if (nRows === undefined && nCols === undefined) throw invalid('nRows', 'is required when X is a flat array (give nRows and/or nCols)');
  const r = nRows ?? n / (nCols as number);
  const c = nCols ?? n / (nRows as number);
  if (!Number.isInteger(r) || !Number.isInteger(c) || r * c !== n)
    throw invalid(field, `has ${n} entries, which is not nRows × nCols (${nRows ?? '?'} × ${nCols ?? '?'})`);
  return { data: !scanEntries && X instanceof Float64Array ? X : finiteVector(field, X), nRows: r, nCols: c };
}

/** Several targets per row (the clustered-tasks methods): rows of numbers, one per row of X, or
 * a flat row-major array of nRows × yCols numbers. */
export function targetRows(y: unknown, nRows: number, yCols?: number): { data: Float64Array; cols: number } {
  if (yCols !== undefined) integer('yCols', yCols, 1);
  if (Array.isArray(y) && y.length > 0 && Array.isArray(y[0])) {
    if (y.length !== nRows) throw invalid('y', `must have one row of targets per row of X (${nRows}), got ${y.length}`);
    const m = matrix('y', y as number[][]);
    if (yCols !== undefined && yCols !== m.nCols) throw invalid('yCols', `is ${yCols} but the rows of y have ${m.nCols} entries`);
    return { data: m.data, cols: m.nCols };
  }
  const K = yCols ?? 1;
  return { data: finiteVector('y', y, nRows * K), cols: K };
}

/** An array whose first entry is itself an array: a list of pairs (an edge list). */
function isPairList(v: unknown): boolean {
  if (!Array.isArray(v) || v.length === 0) return false;
  const first = v[0] as unknown;
  return typeof first === 'object' && first !== null && typeof (first as { length?: unknown }).length === 'number';
}

/** Method options, each by its declared kind (info.methods[].options): numbers finite and
 * never booleans, booleans never numbers, labels a flat integer array, edge lists pairs of
 * indices (a flat array is refused: ambiguous), number lists a Float64Array of finite numbers;
 * the library checks names and ranges. */
export function options(
  params: Record<string, unknown>,
  specs: readonly { name: string; kind: string }[],
): Record<string, number | boolean | string | Int32Array | Float64Array> {
  const out: Record<string, number | boolean | string | Int32Array | Float64Array> = Object.create(null);
  for (const k of Object.keys(params)) {
    const v = params[k];
    if (k === '__proto__' || k === 'constructor' || k === 'prototype')
      throw invalid(k, 'is not an option name (a JSON object carried it along?)');
    if (v === undefined) continue;
    const kind = specs.find((o) => o.name === k)?.kind;
    if (kind === 'number' || kind === 'integer') {
      if (typeof v !== 'number') throw invalid(k, `must be a number (got ${describe(v)})`);
    } else if (kind === 'boolean') {
      if (typeof v !== 'boolean') throw invalid(k, `must be true or false (got ${describe(v)})`);
    } else if (kind === 'choice') {
      if (typeof v !== 'string') throw invalid(k, `must be a string (got ${describe(v)})`);
    } else if (kind === 'edges') {
      if (!isPairList(v) && !(Array.isArray(v) && v.length === 0))
        throw invalid(k, `must be a list of pairs [[i, j], …] of feature indices (got ${describe(v)}; a flat list is ambiguous)`);
    } else if (kind === 'labels') {
      if (isPairList(v)) throw invalid(k, 'must be a flat array of integer labels, one per item (got a list of arrays)');
    } else if (kind === 'numbers') {
      if (typeof v !== 'object' || v === null || typeof (v as { length?: unknown }).length !== 'number' || isPairList(v))
        throw invalid(k, `must be a flat array of numbers, one per feature (got ${describe(v)})`);
      out[k] = Float64Array.from(finiteVector(k, v, lengthOf(k, v))); // a copy: the caller keeps theirs
      continue;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw invalid(k, `must be a finite number (got ${v})`);
      out[k] = v;
    } else if (typeof v === 'boolean' || typeof v === 'string') {
      out[k] = v;
    } else if (isPairList(v)) {
      // An edge list (the `graph` option): [[i, j], …] flattened to (i0, j0, i1, j1, …).
      const pairs = v as ArrayLike<unknown>,
        flat = new Int32Array(2 * pairs.length);
      for (let e = 0; e < pairs.length; e++) {
        const pair = pairs[e] as ArrayLike<unknown> | null;
        if (pair == null || typeof pair !== 'object' || pair.length !== 2)
          throw invalid(k, `must hold pairs [i, j] of feature indices (entry ${e} is ${describe(pair)})`);
        for (let s = 0; s < 2; s++) {
          const x = pair[s];
          if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > MAX_INTEGER)
            throw invalid(k, `must hold pairs [i, j] of non-negative integer feature indices (entry ${e} holds ${describe(x)})`);
          flat[2 * e + s] = x;
        }
      }
      out[k] = flat;
    } else if (typeof v === 'object' && v !== null && typeof (v as { length?: unknown }).length === 'number') {
      const n = lengthOf(k, v);
      const a = v as ArrayLike<unknown>,
        labels = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const x = a[i];
        if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > MAX_INTEGER)
          throw invalid(k, `must hold non-negative integer labels (entry ${i} is ${describe(x)})`);
        labels[i] = x;
      }
      out[k] = labels;
    } else {
      throw invalid(k, `has an unsupported type (${v === null ? 'null' : typeof v})`);
    }
  }
  return out;
}

/** Refuses keys of an options object that the call does not read, naming them (a signal or a
 * progress callback belongs in the call's control argument). */
export function knownKeys(field: string, given: object, known: readonly string[]): void {
  for (const k of Object.keys(given)) {
    if (known.includes(k) || (given as Record<string, unknown>)[k] === undefined) continue;
    const hint = k === 'signal' || k === 'onProgress' ? `; '${k}' belongs in the call's control argument` : '';
    throw invalid(`${field}.${k}`, `is not an option here (known: ${known.join(', ')})${hint}`);
  }
}

/** A call's control argument (signal, onProgress), checked before anything is queued: each
 * field of the right kind, no other key. */
export function control<C extends { signal?: AbortSignal; onProgress?: (progress: never) => void }>(given: unknown): C {
  if (given === undefined) return {} as C;
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw invalid('control', `must be an object { signal?, onProgress? } (got ${describe(given)})`);
  knownKeys('control', given, ['signal', 'onProgress']);
  const { signal, onProgress } = given as Record<string, unknown>;
  const s = signal as AbortSignal | undefined;
  if (
    s !== undefined &&
    (s === null ||
      typeof s !== 'object' ||
      typeof s.aborted !== 'boolean' ||
      typeof s.addEventListener !== 'function' ||
      typeof s.removeEventListener !== 'function')
  )
    throw invalid('signal', `must be an AbortSignal (got ${describe(signal)})`);
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw invalid('onProgress', `must be a function (got ${describe(onProgress)})`);
  return given as C;
}
