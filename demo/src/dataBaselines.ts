// Your data's baselines, on the very folds the method is cross-validated on: the mean of y (no
// feature at all: what any model must beat on held-out rows) and ridge (every feature, no groups,
// its λ by the same cross-validation in one sc.path call). The folds are dealt here, after the
// library's seeded shuffle, and given to every call as foldId.
import { shuffledRows, type Supclust } from 'supclust';
import type { DesignMatrix } from './csv.js';

/** Row i's fold: the rows in shuffledRows(n, seed) order dealt round-robin into `folds`. */
export function foldIds(n: number, folds: number, seed = 1): Int32Array {
  const id = new Int32Array(n);
  shuffledRows(n, seed).forEach((row, k) => {
    id[row] = k % folds;
  });
  return id;
}

export interface Baseline {
  name: string;
  mean: number;
  se: number;
  lambda?: number;
}

/** Mean and standard error over folds of the per-fold scores (as the library reports them). */
function summary(scores: number[]): { mean: number; se: number } {
  const k = scores.length,
    mean = scores.reduce((a, b) => a + b, 0) / k;
  const sd = Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / (k - 1));
  return { mean, se: sd / Math.sqrt(k) };
}

/** Predicting each held-out row by the mean of y over its fold's training rows. */
export function meanBaseline(y: ArrayLike<number>, foldId: Int32Array, folds: number): Baseline {
  const scores: number[] = [];
  for (let f = 0; f < folds; f++) {
    let sum = 0,
      count = 0;
    for (let i = 0; i < y.length; i++)
      if (foldId[i] !== f) {
        sum += y[i];
        count++;
      }
    const m = sum / count;
    let se = 0,
      held = 0;
    for (let i = 0; i < y.length; i++)
      if (foldId[i] === f) {
        se += (y[i] - m) ** 2;
        held++;
      }
    scores.push(se / held);
  }
  return { name: 'the mean of y (no features)', ...summary(scores) };
}

/** Ridge along its path (from its scale top down by 1e-9, 40 points, no early stop), the point
 * of least cross-validated MSE. */
export async function ridgeBaseline(sc: Supclust, m: DesignMatrix, foldId: Int32Array, signal: AbortSignal): Promise<Baseline> {
  const p = await sc.path(
    'ridge',
    { X: m.X, nRows: m.nRows, nCols: m.nCols, y: m.y },
    { nLambda: 40, lambdaMinRatio: 1e-9, foldId, devianceRatioChange: 0, devianceRatioMax: 1 },
    { signal },
  );
  const best = p.points[p.crossValidation!.best];
  return { name: 'ridge (every feature, λ by the same cross-validation)', mean: best.cv!.mean, se: best.cv!.se, lambda: best.lambda };
}
