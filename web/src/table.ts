// One's own data as text — CSV or TSV with a header row (parsed by Papa Parse, the separator
// guessed among , ; tab and |), or JSON rows — and the design matrix a fit takes from it: a
// target column and numeric feature columns. Every cell that is not a number is refused naming
// its column, its row and the cell (with a hint for decimal commas and other separators);
// missing cells (empty, NA, NaN, null, n/a, ?) are refused too, or their rows skipped on request.
import Papa from 'papaparse';
import { SupclustError } from './errors.js';

/** A table as read: the header's names and each data row's cells, as text. */
export interface Table {
  columns: string[];
  rows: string[][];
}

export interface ReadTableOptions {
  /** The separator of a CSV/TSV text (default: guessed among , ; tab and |). */
  delimiter?: string;
}

/** What a column holds: numbers, missing cells, its first cell that is not a number. */
export interface ColumnSummary {
  name: string;
  /** Every cell that is not missing is a number, and at least one is not missing. */
  numeric: boolean;
  missing: number;
  /** The first cell that is not a number (row: 1-based, counting data rows after the header). */
  firstBad?: { row: number; value: string };
  /** Every row (1-based) whose cell is neither missing nor a number. */
  badRows: number[];
  /** Numeric and the same value on every row. */
  constant: boolean;
  /** The values are 1, 2, …, n or 0, 1, …, n − 1 down the rows: a row number, not a feature. */
  rowId: boolean;
}

export interface TableMatrixOptions {
  /** The decimal mark of the numbers: '.' (the default) or ',' (3,5 is 3.5; a CSV then needs
   * another separator, as ';'). */
  decimal?: Decimal;
  /** The target column (absent: X only, as for prediction). */
  target?: string;
  /** The feature columns, in this order (default: every column but the target and `drop`). */
  features?: string[];
  /** Columns left out of the default features. */
  drop?: string[];
  /** A column of observation weights (numbers ≥ 0; fit's `weights`), left out of the default
   * features; read into `weights`. */
  weights?: string;
  /** A column of row offsets (finite numbers; fit's and predict's `offset`), left out of the
   * default features; read into `offset`. */
  offset?: string;
  /** A missing cell in a used column: refused naming it ('error', the default), or its row left
   * out ('skip', counted in `skipped` and listed in `rows`). */
  missing?: 'error' | 'skip';
}

export interface TableMatrix {
  /** Row-major nRows × nCols. */
  X: Float64Array;
  nRows: number;
  nCols: number;
  featureNames: string[];
  /** The target's values: numbers when every cell is one, else the cells' text (class labels). */
  y?: Float64Array | string[];
  target?: string;
  /** The weights column's values (TableMatrixOptions.weights). */
  weights?: Float64Array;
  /** The offset column's values (TableMatrixOptions.offset). */
  offset?: Float64Array;
  /** The 1-based data rows kept, in order (all of them unless `missing: 'skip'`). */
  rows: number[];
  /** Rows left out for a missing cell. */
  skipped: number;
}

const MISSING = new Set(['', 'na', 'nan', 'null', 'n/a', '?']);
const isMissing = (v: string | undefined) => v === undefined || MISSING.has(v.trim().toLowerCase());
const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const DECIMAL_COMMA = /^\s*[-+]?(\d+,?\d*|,\d+)([eE][-+]?\d+)?\s*$/;
/** A cell's number: '.' marks decimals, or ',' (decimal: ','; then a '.' is no number). */
const asNumber = (v: string, decimal: Decimal = '.') =>
  decimal === ',' ? (DECIMAL_COMMA.test(v) ? Number(v.replace(',', '.')) : NaN) : NUMBER.test(v) ? Number(v) : NaN;

/** The decimal mark of a table's numbers. */
export type Decimal = '.' | ',';
const checkDecimal = (decimal: unknown): Decimal => {
  if (decimal !== '.' && decimal !== ',') throw tableError('decimal', `decimal: must be '.' or ',' (got ${String(decimal)})`);
  return decimal;
};
const tableError = (field: string, message: string) => new SupclustError('invalid-input', message, field);

/** Reads a CSV/TSV text with a header row, or JSON rows: an array of objects (columns: their
 * keys, in order of first appearance) or an array of arrays whose first holds the names. */
export function readTable(text: string, options: ReadTableOptions = {}): Table {
  if (typeof text !== 'string') throw tableError('text', "text: must be a string (the file's contents)");
  const body = text.replace(/^\uFEFF/, '');
  return /^\s*[[{]/.test(body) ? jsonTable(body) : delimitedTable(body, options.delimiter);
}

function delimitedTable(text: string, delimiter?: string): Table {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', dynamicTyping: false, ...(delimiter ? { delimiter } : {}) });
  const fatal = parsed.errors.find((e) => e.type !== 'Delimiter');
  if (fatal) throw tableError('text', `text: ${fatal.message}${fatal.row !== undefined ? ` (data row ${fatal.row})` : ''}`);
  const [header, ...rows] = parsed.data;
  return checked(header, rows);
}

function jsonTable(text: string): Table {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw tableError('text', `text: not JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(data)) throw tableError('text', 'text: JSON rows must be an array (of objects, or of arrays after a header array)');
  const cell = (v: unknown, row: number, column: string) => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return String(v);
    throw tableError(
      column,
      `column '${column}', row ${row}: a cell must be a number, a string or null (got ${Array.isArray(v) ? 'an array' : typeof v})`,
    );
  };
  if (data.length > 0 && Array.isArray(data[0])) {
    const [header, ...rows] = data as unknown[][];
    const names = header.map((h) => String(h));
    return checked(
      names,
      rows.map((r, i) => {
        if (!Array.isArray(r)) throw tableError('text', `text: row ${i + 1} is not an array like the header`);
        return r.map((v, j) => cell(v, i + 1, names[j] ?? `column ${j + 1}`));
      }),
    );
  }
  const columns: string[] = [],
    seen = new Set<string>();
  data.forEach((r, i) => {
    if (r === null || typeof r !== 'object' || Array.isArray(r))
      throw tableError('text', `text: row ${i + 1} is not an object like the others`);
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
  });
  return checked(
    columns,
    data.map((r, i) => columns.map((c) => cell((r as Record<string, unknown>)[c], i + 1, c))),
  );
}

function checked(header: string[] | undefined, rows: string[][]): Table {
  if (!header || header.length === 0) throw tableError('text', 'text: the table is empty');
  if (rows.length === 0) throw tableError('text', 'text: there is a header but no data rows');
  const columns = header.map((h, j) => h.trim() || `column ${j + 1}`);
  const twice = columns.find((c, j) => columns.indexOf(c) !== j);
  if (twice !== undefined) throw tableError(twice, `column '${twice}': two columns have this name`);
  rows.forEach((r, i) => {
    if (r.length !== columns.length)
      throw tableError(
        'text',
        `text: data row ${i + 1} has ${r.length} cells, the header ${columns.length}` +
          (columns.length === 1 && /[;\t|]/.test(columns[0])
            ? ` (the header is one name holding '${/[;\t|]/.exec(columns[0])![0].replace('\t', 'tab')}': is that the separator?)`
            : ''),
      );
  });
  return { columns, rows };
}

/** Each column: numeric or not (with its first bad cell), missing cells, constant, a row number. */
export function describeColumns(table: Table, options: { decimal?: Decimal } = {}): ColumnSummary[] {
  const decimal = checkDecimal(options.decimal ?? '.');
  return table.columns.map((name, j) => {
    let missing = 0,
      firstBad: ColumnSummary['firstBad'];
    const values: number[] = [],
      badRows: number[] = [];
    table.rows.forEach((r, i) => {
      if (isMissing(r[j])) missing++;
      else {
        const v = asNumber(r[j], decimal);
        if (!Number.isFinite(v)) {
          firstBad ??= { row: i + 1, value: r[j] };
          badRows.push(i + 1);
        }
        values.push(v);
      }
    });
    const numeric = !firstBad && missing < table.rows.length;
    const rowId =
      numeric && missing === 0 && table.rows.length > 2 && (values.every((v, i) => v === i + 1) || values.every((v, i) => v === i));
    return {
      name,
      numeric,
      missing,
      constant: numeric && values.every((v) => v === values[0]),
      rowId,
      badRows,
      ...(firstBad ? { firstBad } : {}),
    };
  });
}

/** Why a column is not numeric, in words: its first cell that is not a number, with a hint when
 * it looks like a decimal comma or another separator. */
export function whyNotNumeric(column: ColumnSummary): string {
  if (!column.firstBad) return `column '${column.name}': every cell is missing`;
  const { row, value } = column.firstBad;
  const hint = /^\s*[-+]?\d+,\d+\s*$/.test(value)
    ? ": a decimal comma? write 3.5, not 3,5, or read the table with decimal: ','"
    : /^[^;\t|]*[;\t|]/.test(value)
      ? `: cells joined by '${/[;\t|]/.exec(value)![0].replace('\t', 'tab')}'? give that separator`
      : '';
  return `column '${column.name}', row ${row}: '${value}' is not a number${hint}`;
}

/** The design matrix of a table: the feature columns as numbers (row-major X), and the target. */
export function tableMatrix(table: Table, options: TableMatrixOptions = {}): TableMatrix {
  const { target, drop = [], missing = 'error', weights, offset } = options,
    decimal = checkDecimal(options.decimal ?? '.');
  const index = (name: string, field: string) => {
    const j = table.columns.indexOf(name);
    if (j < 0)
      throw tableError(field, `${field}: no column named '${name}' (the columns: ${table.columns.map((c) => `'${c}'`).join(', ')})`);
    return j;
  };
  if (missing !== 'error' && missing !== 'skip') throw tableError('missing', `missing: must be 'error' or 'skip' (got ${String(missing)})`);
  for (const c of drop) index(c, 'drop');
  const t = target === undefined ? -1 : index(target, 'target');
  const wj = weights === undefined ? -1 : index(weights, 'weights');
  const oj = offset === undefined ? -1 : index(offset, 'offset');
  if (weights !== undefined && weights === target)
    throw tableError('weights', `weights: the target '${target}' cannot also be the weights`);
  if (offset !== undefined && (offset === target || offset === weights))
    throw tableError('offset', `offset: the ${offset === target ? 'target' : 'weights'} '${offset}' cannot also be the offset`);
  const features = options.features ?? table.columns.filter((c) => c !== target && c !== weights && c !== offset && !drop.includes(c));
  const cols = features.map((f) => index(f, 'features'));
  if (cols.length === 0) throw tableError('features', 'features: no feature column is left');
  if (target !== undefined && features.includes(target))
    throw tableError('features', `features: the target '${target}' cannot also be a feature`);
  if (weights !== undefined && features.includes(weights))
    throw tableError('features', `features: the weights '${weights}' cannot also be a feature`);
  if (offset !== undefined && features.includes(offset))
    throw tableError('features', `features: the offset '${offset}' cannot also be a feature`);
  const summary = describeColumns(table, { decimal });
  const sides = [...(wj < 0 ? [] : [wj]), ...(oj < 0 ? [] : [oj])];
  for (const j of [...sides, ...cols])
    if (summary[j].firstBad) throw tableError(table.columns[j], `${whyNotNumeric(summary[j])} (drop the column to leave it out)`);
  const used = [...(t < 0 ? [] : [t]), ...sides, ...cols];
  const rows: number[] = [];
  table.rows.forEach((r, i) => {
    const gap = used.find((j) => isMissing(r[j]));
    if (gap === undefined) rows.push(i + 1);
    else if (missing === 'error')
      throw tableError(
        table.columns[gap],
        `column '${table.columns[gap]}', row ${i + 1}: the cell is missing ('${r[gap]}'); leave such rows out (missing: 'skip') or fill them in`,
      );
  });
  if (rows.length === 0) throw tableError('missing', 'missing: every row has a missing cell in the columns used');
  const n = rows.length,
    d = cols.length,
    X = new Float64Array(n * d);
  rows.forEach((row, i) =>
    cols.forEach((j, k) => {
      X[i * d + k] = asNumber(table.rows[row - 1][j], decimal);
    }),
  );
  const out: TableMatrix = { X, nRows: n, nCols: d, featureNames: features.slice(), rows, skipped: table.rows.length - n };
  if (wj >= 0) {
    out.weights = Float64Array.from(rows, (row) => asNumber(table.rows[row - 1][wj], decimal));
    const bad = out.weights.findIndex((w) => w < 0);
    if (bad >= 0)
      throw tableError(weights!, `column '${weights}', row ${rows[bad]}: ${out.weights[bad]} is a negative weight (weights are ≥ 0)`);
  }
  if (oj >= 0) out.offset = Float64Array.from(rows, (row) => asNumber(table.rows[row - 1][oj], decimal));
  if (t >= 0) {
    const cells = rows.map((row) => table.rows[row - 1][t].trim());
    out.target = target;
    out.y = summary[t].firstBad ? cells : Float64Array.from(cells, (c) => asNumber(c, decimal));
  }
  return out;
}
