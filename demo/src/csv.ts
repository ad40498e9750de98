// A CSV file to a design matrix: parsed with Papa Parse (header row first), then the chosen
// target and feature columns read as numbers. Rows with a missing value (empty, NA, NaN, null)
// in a chosen column are skipped and counted; a value that is not a number stops with a message
// naming the column and row. Features can be standardised (mean 0, standard deviation 1).
import Papa from 'papaparse';

export interface CsvTable {
  columns: string[];
  rows: string[][];
}

export interface ColumnSummary {
  name: string;
  /** Every non-missing value parses as a number. */
  numeric: boolean;
  missing: number;
  /** The first value that is not a number (1-based data row), when there is one. */
  firstBad?: { row: number; value: string };
  /** The values are 1, 2, …, n or 0, 1, …, n − 1 down the rows: a row number, not a feature. */
  rowId: boolean;
}

export interface DesignMatrix {
  X: Float64Array;
  y: Float64Array;
  nRows: number;
  nCols: number;
  features: string[];
  /** Rows left out because a chosen column had a missing value. */
  skipped: number;
  /** Per feature: the mean and standard deviation removed (0 and 1 when not standardised). */
  means: number[];
  scales: number[];
}

const MISSING = new Set(['', 'na', 'nan', 'null', 'n/a', '?']);
const isMissing = (v: string | undefined) => v === undefined || MISSING.has(v.trim().toLowerCase());
const asNumber = (v: string) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v) ? Number(v) : NaN);

export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', dynamicTyping: false });
  const fatal = parsed.errors.find((e) => e.type !== 'Delimiter');
  if (fatal) throw new Error(`CSV: ${fatal.message}${fatal.row !== undefined ? ` (row ${fatal.row + 1})` : ''}`);
  const [header, ...rows] = parsed.data;
  if (!header || header.length === 0) throw new Error('CSV: the file is empty');
  if (rows.length === 0) throw new Error('CSV: there is a header but no data rows');
  const columns = header.map((h, j) => h.trim() || `column ${j + 1}`);
  if (new Set(columns).size !== columns.length) throw new Error('CSV: two columns have the same name');
  rows.forEach((r, i) => {
    if (r.length !== columns.length) throw new Error(`CSV: row ${i + 1} has ${r.length} fields, the header has ${columns.length}`);
  });
  return { columns, rows };
}

export function summarise(table: CsvTable): ColumnSummary[] {
  return table.columns.map((name, j) => {
    let missing = 0, firstBad: ColumnSummary['firstBad'];
    table.rows.forEach((r, i) => {
      if (isMissing(r[j])) missing++;
      else if (!firstBad && !Number.isFinite(asNumber(r[j]))) firstBad = { row: i + 1, value: r[j] };
    });
    const values = table.rows.map((r) => asNumber(r[j]));
    const rowId = !firstBad && missing === 0 && table.rows.length > 2 &&
      (values.every((v, i) => v === i + 1) || values.every((v, i) => v === i));
    return { name, numeric: !firstBad && missing < table.rows.length, missing, rowId, ...(firstBad ? { firstBad } : {}) };
  });
}

/** Why a column is not numeric, for the page: its first bad cell, with a hint for decimal commas. */
export function whyNotNumeric(c: ColumnSummary): string {
  if (!c.firstBad) return `'${c.name}' (every value missing)`;
  const comma = /^\s*[-+]?\d+,\d+\s*$/.test(c.firstBad.value) ? ': a decimal comma? write 3.5, not 3,5' : '';
  return `'${c.name}' (row ${c.firstBad.row} has '${c.firstBad.value}'${comma})`;
}

export function toMatrix(table: CsvTable, target: string, features: string[], standardise: boolean): DesignMatrix {
  const index = (name: string) => {
    const j = table.columns.indexOf(name);
    if (j < 0) throw new Error(`no column named '${name}'`);
    return j;
  };
  if (features.length === 0) throw new Error('choose at least one feature column');
  if (features.includes(target)) throw new Error(`the target '${target}' cannot also be a feature`);
  const t = index(target), cols = features.map(index);
  for (const s of summarise(table).filter((c) => [target, ...features].includes(c.name)))
    if (s.firstBad) throw new Error(`column '${s.name}' is not numeric (row ${s.firstBad.row} has '${s.firstBad.value}')`);
  const kept = table.rows.filter((r) => !isMissing(r[t]) && cols.every((j) => !isMissing(r[j])));
  const skipped = table.rows.length - kept.length;
  if (kept.length < 5) throw new Error(`only ${kept.length} rows have no missing values in the chosen columns (need at least 5)`);
  const n = kept.length, d = cols.length, X = new Float64Array(n * d), y = new Float64Array(n);
  kept.forEach((r, i) => {
    y[i] = asNumber(r[t]);
    cols.forEach((j, k) => { X[i * d + k] = asNumber(r[j]); });
  });
  const means = new Array<number>(d).fill(0), scales = new Array<number>(d).fill(1);
  if (standardise) {
    for (let k = 0; k < d; k++) {
      let m = 0, v = 0;
      for (let i = 0; i < n; i++) m += X[i * d + k] / n;
      for (let i = 0; i < n; i++) v += (X[i * d + k] - m) ** 2 / (n - 1);
      if (!(v > 0)) throw new Error(`column '${features[k]}' is constant: it cannot be standardised (leave it out)`);
      means[k] = m;
      scales[k] = Math.sqrt(v);
      for (let i = 0; i < n; i++) X[i * d + k] = (X[i * d + k] - m) / scales[k];
    }
  }
  return { X, y, nRows: n, nCols: d, features: [...features], skipped, means, scales };
}
