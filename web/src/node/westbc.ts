// Loader of the West et al. (2001) breast-cancer expression data as distributed in
// ../shared/data/westbc (R package TH.data's Westbc): 49 tumours × 7129 genes, the label the
// lymph-node status (positive = 1, negative = 0). Node only (it reads files).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { invalid } from '../errors.js';
import { datasetHelp } from '../datasets.js';

export interface WestbcData {
  /** Row-major expression values, nRows × nCols (each tumour standardised by the package). */
  X: Float64Array;
  nRows: number;
  nCols: number;
  /** 1 for a positive lymph-node status, 0 for negative. */
  y: Float64Array;
  /** The gene ids of the header (x.1 … x.7129). */
  genes: string[];
}

/** `dir`: the `westbc` folder, or a folder that contains it (e.g. ../shared/data). */
export function loadWestbc(dir: string): WestbcData {
  const root = existsSync(join(dir, 'westbc')) ? join(dir, 'westbc') : dir;
  const expression = join(root, 'westbc_expression.csv.gz'),
    labelsFile = join(root, 'westbc_labels.csv');
  if (!existsSync(expression) || !existsSync(labelsFile))
    throw invalid(
      'dir',
      `no Westbc data under ${root} (missing ${existsSync(expression) ? labelsFile : expression}): ${datasetHelp('westbc')}`,
    );
  const rows = gunzipSync(readFileSync(expression))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0);
  const genes = rows[0].split(',').slice(1);
  const nRows = rows.length - 1,
    nCols = genes.length,
    X = new Float64Array(nRows * nCols),
    tumours: string[] = [];
  for (let i = 0; i < nRows; i++) {
    const cells = rows[i + 1].split(',');
    if (cells.length !== nCols + 1) throw invalid('dir', `${expression} row ${i + 2} has ${cells.length} cells, expected ${nCols + 1}`);
    tumours.push(cells[0]);
    for (let j = 0; j < nCols; j++) {
      const v = Number(cells[j + 1]);
      if (!Number.isFinite(v)) throw invalid('dir', `${expression} row ${i + 2}, column ${j + 2} is not a number`);
      X[i * nCols + j] = v;
    }
  }
  const labels = readFileSync(labelsFile, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .slice(1)
    .map((l) => l.split(','));
  if (labels.length !== nRows) throw invalid('dir', `${labelsFile} has ${labels.length} rows, the expression file ${nRows}`);
  const y = new Float64Array(nRows);
  labels.forEach(([tumour, status], i) => {
    if (tumour !== tumours[i]) throw invalid('dir', `${labelsFile} row ${i + 2} is tumour ${tumour}, the expression row ${tumours[i]}`);
    if (status !== 'positive' && status !== 'negative') throw invalid('dir', `${labelsFile} row ${i + 2}: status '${status}'`);
    y[i] = status === 'positive' ? 1 : 0;
  });
  return { X, nRows, nCols, y, genes };
}
