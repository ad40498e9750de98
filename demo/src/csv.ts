// A CSV file to a design matrix: the library's table reader (readTable, tableMatrix) for the
// chosen target and feature columns, rows with a missing value in them skipped and counted; then
// the features standardised on request (mean 0, standard deviation 1), which the page's download
// states so that the model can be applied by hand.
import { readTable, tableMatrix, type Table } from 'supclust';

export { describeColumns as summarise, whyNotNumeric } from 'supclust';
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

export function toMatrix(table: CsvTable, target: string, features: string[], standardise: boolean): DesignMatrix {
  if (features.length === 0) throw new Error('choose at least one feature column');
  const m = tableMatrix(table, { target, features, missing: 'skip' });
  if (!(m.y instanceof Float64Array)) throw new Error(`the target '${target}' is not numeric`);
  if (m.nRows < 5) throw new Error(`only ${m.nRows} rows have no missing values in the chosen columns (need at least 5)`);
  const { X, nRows: n, nCols: d } = m;
  const means = new Array<number>(d).fill(0), scales = new Array<number>(d).fill(1);
  if (standardise) {
    for (let k = 0; k < d; k++) {
      let mean = 0, v = 0;
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
