// A CSV file to a design matrix: the library's table reader (readTable, tableMatrix) for the
// chosen target and feature columns, with the decimal mark the file uses (a comma when that makes
// more columns numeric), rows with a missing value — or one of a column's few bad cells — skipped
// and counted; then the features standardised on request (mean 0, standard deviation 1), which
// the page's download states so that the model can be applied by hand.
import { describeColumns, readTable, tableMatrix, type ColumnSummary, type Table } from 'supclust';

export { whyNotNumeric } from 'supclust';
export type Decimal = '.' | ',';

/** The columns, read with the decimal mark. */
export const summarise = (table: Table, decimal: Decimal = '.') => describeColumns(table, { decimal });

/** The decimal mark under which more columns are numeric (',' for a file written "3,5;1"), and
 * the columns read with it. */
export function describeTable(table: Table): { decimal: Decimal; summary: ColumnSummary[] } {
  const dot = summarise(table, '.'),
    comma = summarise(table, ',');
  const numeric = (summary: ColumnSummary[]) => summary.filter((c) => c.numeric).length;
  return numeric(comma) > numeric(dot) ? { decimal: ',', summary: comma } : { decimal: '.', summary: dot };
}

/** A column the page offers: numbers, or numbers with a few bad cells — at most 1 % of the rows
 * (one at least) — whose rows are then skipped like rows with a missing value. */
export const usable = (c: ColumnSummary, rows: number) =>
  c.numeric || (c.badRows.length > 0 && c.badRows.length <= Math.max(1, Math.floor(rows / 100)) && c.missing + c.badRows.length < rows);
export type CsvTable = Table;

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

export const parseCsv = (text: string): CsvTable => readTable(text);

export function toMatrix(table: CsvTable, target: string, features: string[], standardise: boolean, decimal: Decimal = '.'): DesignMatrix {
  if (features.length === 0) throw new Error('choose at least one feature column');
  // A usable column's few bad cells count as missing: their rows are skipped.
  const summary = summarise(table, decimal),
    blank = new Map<number, Set<number>>();
  for (const name of [target, ...features]) {
    const j = table.columns.indexOf(name),
      c = summary[j];
    if (c && !c.numeric && usable(c, table.rows.length)) blank.set(j, new Set(c.badRows));
  }
  const cleaned =
    blank.size === 0
      ? table
      : { columns: table.columns, rows: table.rows.map((r, i) => r.map((cell, j) => (blank.get(j)?.has(i + 1) ? '' : cell))) };
  const m = tableMatrix(cleaned, { target, features, missing: 'skip', decimal });
  if (!(m.y instanceof Float64Array)) throw new Error(`the target '${target}' is not numeric`);
  if (m.nRows < 5) throw new Error(`only ${m.nRows} rows have no missing values in the chosen columns (need at least 5)`);
  const { X, nRows: n, nCols: d } = m;
  const means = new Array<number>(d).fill(0),
    scales = new Array<number>(d).fill(1);
  if (standardise) {
    for (let k = 0; k < d; k++) {
      let mean = 0,
        v = 0;
      for (let i = 0; i < n; i++) mean += X[i * d + k] / n;
      for (let i = 0; i < n; i++) v += (X[i * d + k] - mean) ** 2 / (n - 1);
      if (!(v > 0)) throw new Error(`column '${features[k]}' is constant: it cannot be standardised (leave it out)`);
      means[k] = mean;
      scales[k] = Math.sqrt(v);
      for (let i = 0; i < n; i++) X[i * d + k] = (X[i * d + k] - mean) / scales[k];
    }
  }
  return { X, y: m.y, nRows: n, nCols: d, features: [...features], skipped: m.skipped, means, scales };
}
