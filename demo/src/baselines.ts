// The baselines beside Play's method: ridge and the lasso, each at its own weight — λ chosen by
// 5-fold cross-validation over the λ slider's range (one sc.path call each, every λ of the grid
// kept) — never at the weight of the method they are compared with. They depend on the problem
// alone, so Play computes them once per problem.
import { logGrid, type MethodName, type Model, type Supclust, type SyntheticData } from 'supclust';
import { CD_SWEEPS } from './context.js';
import { LIMITS, type Task } from './state.js';

export const BASELINES = ['ridge', 'lasso'] as const;
export type BaselineName = (typeof BASELINES)[number];

/** The cross-validation every baseline gets: its grid (the λ slider's range, two points a
 * decade, strong to weak), folds and seed. */
export const BASELINE_CV = { folds: 5, seed: 1, points: 15 } as const;
export const baselineGrid = () => logGrid(LIMITS.lambda[1], LIMITS.lambda[0], BASELINE_CV.points);

export interface Baseline {
  name: BaselineName;
  model: Model;
  /** The λ cross-validation chose, and whether it is an end of the grid (the best may lie beyond). */
  lambda: number;
  atEdge: boolean;
  ms: number;
}

/** A baseline's fixed options: the task's loss, and coordinate descent's sweep cap (as Play's). */
export function baselineOptions(name: BaselineName, task: Task): Record<string, unknown> {
  return { ...(task === 'classification' ? { loss: 'logistic' } : {}), ...(name === 'lasso' ? { maxIterations: CD_SWEEPS } : {}) };
}

/** The path's settings: the grid, every point kept (glmnet's early stops off), the folds. */
export const baselinePathOptions = () => ({
  lambda: baselineGrid(),
  folds: BASELINE_CV.folds,
  seed: BASELINE_CV.seed,
  devianceRatioChange: 0,
  devianceRatioMax: 1,
});

/** Ridge and the lasso on the training samples, each at the λ of least cross-validated error. */
export async function fitBaselines(sc: Supclust, task: Task, data: SyntheticData, signal: AbortSignal): Promise<Baseline[]> {
  const out: Baseline[] = [];
  for (const name of BASELINES) {
    const t0 = performance.now();
    const r = await sc.path(
      name as MethodName,
      { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...baselineOptions(name, task) } as never,
      baselinePathOptions(),
      { signal },
    );
    const best = r.crossValidation!.best;
    out.push({
      name,
      model: r.points[best].model as Model,
      lambda: r.points[best].lambda,
      atEdge: best === 0 || best === r.points.length - 1,
      ms: performance.now() - t0,
    });
  }
  return out;
}
