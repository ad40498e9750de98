// X as data apps hold it: a table of named columns — an Apache Arrow table (DuckDB-wasm's
// answers, Arquero's toArrow(), Observable's), an object of columns ({ name: values }) or an
// array of row objects — turned into the row-major matrix the library reads, the feature names
// taken from the columns, and the target (and weights) named by column. Arrow is read through
// its public Table interface (schema.fields, numRows, getChild), so it is not a dependency.
import { invalid } from './errors.js';
import { describe } from './validate.js';
import type { ColumnTable } from './types.js';

type Cell = number | string | boolean | bigint | null | undefined;

/** A table's columns by name, each read cell by cell (nulls and gaps as null). */
interface Columns {
  names: string[];
  nRows: number;
  column(name: string): (i: number) => Cell;
}

interface ArrowVectorLike {
  length: number;
  nullCount?: number;
  get(i: number): unknown;
  isValid?(i: number): boolean;
  toArray?(): ArrayLike<unknown>;
}
interface ArrowTableLike {
  schema: { fields: { name: string }[] };
  numRows: number;
  getChild(name: string): ArrowVectorLike | null;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  x != null && typeof x === 'object' && !Array.isArray(x) && !ArrayBuffer.isView(x);
const isArrow = (X: unknown): X is ArrowTableLike =>
  X != null &&
  typeof X === 'object' &&
  typeof (X as ArrowTableLike).getChild === 'function' &&
  Array.isArray((X as ArrowTableLike).schema?.fields) &&
  typeof (X as ArrowTableLike).numRows === 'number';
const isRowObjects = (X: unknown): X is readonly Record<string, unknown>[] => Array.isArray(X) && X.length > 0 && isPlainObject(X[0]);
/** An object of columns: every value an array (a CSR matrix's indptr/indices/values is not one, nor a held dataset). */
const isColumnObject = (X: unknown): X is Record<string, ArrayLike<Cell>> =>
  isPlainObject(X) &&
  !('indptr' in X) &&
  !isArrow(X) &&
  Object.keys(X).length > 0 &&
  Object.values(X).every((c) => Array.isArray(c) || (ArrayBuffer.isView(c) && !(c instanceof DataView)));

/** X is a table of named columns (not a matrix, CSR or a held dataset). */
export const isColumnTable = (X: unknown): X is ColumnTable => isArrow(X) || isRowObjects(X) || isColumnObject(X);

function columnsOf(X: ColumnTable): Columns {
  if (isArrow(X)) {
    const t = X as ArrowTableLike;
    return {
      names: t.schema.fields.map((f) => f.name),
      nRows: t.numRows,
      column(name) {
        const v = t.getChild(name)!;
        const values = v.toArray?.();
        const nulls = (v.nullCount ?? 0) > 0;
        const valid = (i: number) => !nulls || v.isValid?.(i) !== false;
        if (values && ArrayBuffer.isView(values) && values.length === t.numRows)
          // numbers (BigInt for 64-bit integers)
          return (i) => (valid(i) ? (values[i] as number | bigint) : null);
        return (i) => (valid(i) ? (v.get(i) as Cell) : null);
      },
    };
  }
  if (isRowObjects(X)) {
    const rows = X as readonly Record<string, unknown>[];
    return { names: Object.keys(rows[0]), nRows: rows.length, column: (name) => (i) => rows[i]?.[name] as Cell };
  }
  const cols = X as Record<string, ArrayLike<Cell>>;
  const names = Object.keys(cols),
    nRows = cols[names[0]].length;
  for (const name of names)
    if (cols[name].length !== nRows)
      throw invalid('X', `column '${name}' has ${cols[name].length} values, column '${names[0]}' ${nRows}: every column needs one per row`);
  return { names, nRows, column: (name) => (i) => cols[name][i] };
}

const describeCell = (c: Cell) =>
  c === null || c === undefined ? 'missing' : describe(typeof c === 'string' && c.length > 20 ? `${c.slice(0, 20)}…` : c);

/** A numeric column's value: numbers, 64-bit integers and booleans (0/1); anything else refused
 * naming the column and the row. */
function numberOf(c: Cell, column: string, row: number, field: string): number {
  const x = typeof c === 'number' ? c : typeof c === 'bigint' ? Number(c) : typeof c === 'boolean' ? Number(c) : NaN;
  if (Number.isFinite(x)) return x;
  throw invalid(
    field,
    `column '${column}', row ${row}: ${describeCell(c)} is not a finite number` +
      (c === null || c === undefined
        ? ' (fill the missing cells in, or filter those rows out first)'
        : typeof c === 'string'
          ? ' (encode text as numbers, or leave the column out: featureNames picks the columns)'
          : ''),
  );
}

function numbersOf(table: Columns, name: string, field: string): Float64Array {
  const cell = table.column(name);
  return Float64Array.from({ length: table.nRows }, (_, i) => numberOf(cell(i), name, i + 1, field));
}

/** One column of a table as numbers (a prediction's offsets), refused naming `field`. */
export function columnNumbers(X: ColumnTable, name: string, field: string): Float64Array {
  const table = columnsOf(X);
  if (!table.names.includes(name))
    throw invalid(field, `X has no column named '${name}' (its columns: ${table.names.map((c) => `'${c}'`).join(', ')})`);
  return numbersOf(table, name, field);
}

export interface ColumnMatrix {
  X: Float64Array;
  nRows: number;
  nCols: number;
  featureNames: string[];
  y?: Float64Array | string[];
  weights?: Float64Array;
  offset?: Float64Array;
}

/** The matrix of a table's columns: `features` in their order (default: every column but the
 * target's, the weights' and the offset's), `target` the column read as y (numbers, or text as
 * class labels), `weights` a column of observation weights, `offset` one of row offsets; a missing
 * feature column is refused naming `featuresField` (default 'featureNames'). */
export function columnMatrix(
  X: ColumnTable,
  choice: { features?: readonly string[]; featuresField?: string; target?: string; weights?: string; offset?: string } = {},
): ColumnMatrix {
  const table = columnsOf(X);
  const named = (name: string, field: string) => {
    if (!table.names.includes(name))
      throw invalid(field, `X has no column named '${name}' (its columns: ${table.names.map((c) => `'${c}'`).join(', ')})`);
    return name;
  };
  if (choice.target !== undefined) named(choice.target, 'y');
  if (choice.weights !== undefined) named(choice.weights, 'weights');
  if (choice.offset !== undefined) named(choice.offset, 'offset');
  const sides = [
    [choice.target, 'y'],
    [choice.weights, 'weights'],
    [choice.offset, 'offset'],
  ] as const;
  sides.forEach(([f, field], k) =>
    sides.slice(0, k).forEach(([g, other]) => {
      if (f !== undefined && f === g) throw invalid(field, `the column '${f}' cannot be both ${other} and ${field}`);
    }),
  );
  const features = choice.features
    ? choice.features.map((f) => named(f, choice.featuresField ?? 'featureNames'))
    : table.names.filter((c) => c !== choice.target && c !== choice.weights && c !== choice.offset);
  for (const [f, field] of sides)
    if (f !== undefined && features.includes(f)) throw invalid('featureNames', `the column '${f}' cannot be both a feature and ${field}`);
  if (features.length === 0) throw invalid('X', 'no feature column is left');
  if (table.nRows === 0) throw invalid('X', 'must not be empty (the table has no rows)');
  const n = table.nRows,
    d = features.length,
    data = new Float64Array(n * d);
  features.forEach((name, j) => {
    const cell = table.column(name);
    for (let i = 0; i < n; i++) data[i * d + j] = numberOf(cell(i), name, i + 1, 'X');
  });
  const out: ColumnMatrix = { X: data, nRows: n, nCols: d, featureNames: features.slice() };
  if (choice.weights !== undefined) out.weights = numbersOf(table, choice.weights, 'weights');
  if (choice.offset !== undefined) out.offset = numbersOf(table, choice.offset, 'offset');
  if (choice.target !== undefined) {
    const cell = table.column(choice.target),
      cells = Array.from({ length: n }, (_, i) => cell(i));
    const missing = cells.findIndex((c) => c === null || c === undefined);
    if (missing >= 0)
      throw invalid('y', `column '${choice.target}', row ${missing + 1}: the target is missing (filter those rows out first)`);
    out.y = cells.every((c) => typeof c === 'number' || typeof c === 'bigint')
      ? Float64Array.from(cells, (c, i) => numberOf(c, choice.target!, i + 1, 'y'))
      : cells.map((c) => String(c)); // class labels
  }
  return out;
}
