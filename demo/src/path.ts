// Paths: the Play problem fitted along a λ grid from strong to weak — how groups merge and
// split as the regularisation weakens. Each point is the fit Play would show at that λ: the
// same options and the same start (convex methods are warm-started from the previous λ, which
// changes only the time; the others start cold, as Play does), and Play's λ is on the grid. Where
// Play's λ is the method's path weight, the grid is one sc.path call.
import { logGrid, type MethodInfo, type MethodName, type Model, type Supclust, type SyntheticData } from 'supclust';
import { hasLambda2, isPrior, methodOptions, warmStartable, type Context } from './context.js';
import { LABELS } from './explain.js';
import { $, backgroundRun, widthOf } from './dom.js';
import { formatLambda } from './format.js';
import * as plots from './plots.js';
import { problemKey, sparsityOf } from './problem.js';
import { LIMITS, type DemoState } from './state.js';

/** How far an estimate is from the truth: ‖w* − ŵ‖, or for classification (scale not
 * identifiable) the angle between w* and ŵ in degrees. */
export function errorOf(task: string, truth: ArrayLike<number>, coef: ArrayLike<number>): number {
  if (task !== 'classification') {
    let s = 0;
    for (let j = 0; j < truth.length; j++) s += (coef[j] - truth[j]) ** 2;
    return Math.sqrt(s);
  }
  let dot = 0,
    a = 0,
    b = 0;
  for (let j = 0; j < truth.length; j++) {
    dot += coef[j] * truth[j];
    a += coef[j] ** 2;
    b += truth[j] ** 2;
  }
  return a === 0 || b === 0 ? 90 : (Math.acos(Math.max(-1, Math.min(1, dot / Math.sqrt(a * b)))) * 180) / Math.PI;
}
/** The test error of predictions: the error rate of their signs' classes, or the mean squared error. */
export function testError(task: string, predictions: ArrayLike<number>, y: ArrayLike<number>): number {
  let e = 0;
  for (let i = 0; i < y.length; i++)
    e += task === 'classification' ? Number((predictions[i] > 0 ? 1 : 0) !== y[i]) : (predictions[i] - y[i]) ** 2;
  return e / y.length;
}
export const errorName = (task: string) => (task === 'classification' ? 'angle to w* (°)' : '‖w* − ŵ‖');

/** The weight a path sweeps: λ2 for the two-penalty methods (the pairwise weight, the one that
 * groups; λ1 stays as set), γ for the priors (Play's λ), else λ; its slider's range. */
export function sweptWeight(info: MethodInfo | undefined): { key: 'lambda' | 'lambda2'; name: string } {
  if (hasLambda2(info)) return { key: 'lambda2', name: 'λ2' };
  return { key: 'lambda', name: isPrior(info) ? 'γ' : 'λ' };
}

/** `points` values over the swept weight's slider range, strong to weak, and its current value. */
export const gridWith = (points: number, key: 'lambda' | 'lambda2', current: number) =>
  [...new Set([...logGrid(LIMITS[key][1], LIMITS[key][0], points), current])].sort((a, b) => b - a);

/** A cross-validated path: each point's mean held-out score and its standard error, the best
 * point and the one-standard-error choice (indices into points). */
export interface PathCv {
  metric: string;
  points: { lambda: number; mean: number; se: number }[];
  best: number;
  best1se: number;
}

/** Fits `method` at every value of the swept weight's grid, strong to weak, as Play would at
 * each: in one call (sc.path) where the weight is the method's own path weight — then, given
 * `folds`, cross-validated too (each fold fits the whole path) — else fit by fit. */
export async function fitAlong(
  sc: Supclust,
  s: DemoState,
  data: SyntheticData,
  grid: number[],
  signal: AbortSignal,
  onStep: (lambda: number, model: Model, done: number) => void,
  folds = 0,
  onProgress?: (done: number, total: number) => void,
): Promise<PathCv | undefined> {
  const info = sc.info.methods.find((m) => m.name === s.method),
    { key } = sweptWeight(info);
  const at = (value: number) => methodOptions(info, { ...s, [key]: value }, sparsityOf(data));
  const first = at(grid[0]);
  if (key === 'lambda' && info?.pathWeights.length === 1 && info.pathWeights[0] === 'lambda' && first.lambda === grid[0]) {
    // Early stops off: every λ of the grid, each point the fit Play makes there (warm-started
    // where that changes only the time, as below).
    const r = await sc.path(
      s.method as MethodName,
      { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...first },
      { lambda: grid, devianceRatioChange: 0, devianceRatioMax: 1, ...(folds ? { folds } : {}) },
      { signal, ...(onProgress ? { onProgress: ({ done, total }: { done: number; total: number }) => onProgress(done, total) } : {}) },
    );
    r.points.forEach((p, i) => onStep(p.lambda, p.model as Model, i + 1));
    const cv = r.crossValidation;
    return (
      cv && {
        metric: cv.metric,
        points: r.points.map((p) => ({ lambda: p.lambda, mean: p.cv!.mean, se: p.cv!.se })),
        best: cv.best,
        best1se: cv.best1se,
      }
    );
  }
  let previous: Model | undefined;
  for (const [i, lambda] of grid.entries()) {
    const options = at(lambda);
    const warm = previous && warmStartable(info) ? { warmStart: previous } : {};
    previous = await sc.fit(
      s.method as MethodName,
      { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...options, ...warm },
      { signal },
    );
    onStep(lambda, previous, i + 1);
    onProgress?.(i + 1, grid.length);
  }
  return undefined;
}

/** Folds of the Paths view's cross-validation (methods fitted along their path in one call). */
const PATH_FOLDS = 5;

export const distinctValues = (coef: ArrayLike<number>) => new Set(Array.from(coef, (c) => c.toPrecision(8))).size;

export function mountPath(ctx: Context, problem: () => SyntheticData | undefined) {
  const { state, sc } = ctx;
  let abort: AbortController | undefined,
    shownFor = '';
  const button = $<HTMLButtonElement>('path-run'),
    cancel = $<HTMLButtonElement>('path-cancel');
  const bar = $<HTMLProgressElement>('path-progress'),
    status = $('path-status'),
    stale = $('path-stale');
  const keyOf = () => JSON.stringify([problemKey(state), state.method, state.lambda, state.lambda2]);

  async function run() {
    const d = problem();
    if (!d) return;
    abort?.abort();
    const mine = (abort = new AbortController());
    const key = keyOf(),
      s = { ...state };
    const info = sc.info.methods.find((m) => m.name === s.method),
      swept = sweptWeight(info),
      current = s[swept.key];
    const grid = gridWith(29, swept.key, current);
    const points: plots.PathPoint[] = [],
      stats: plots.PathStat[] = [],
      centres: plots.CentrePoint[] = [];
    // GEM and LEM: Play's λ is the prior's weight γ (context.ts), and their centres are drawn.
    const prior = isPrior(info);
    const t0 = performance.now();
    await backgroundRun('path', status, cancel, async () => {
      const cv = await fitAlong(
        await ctx.background(),
        s,
        d,
        grid,
        mine.signal,
        (lambda, model) => {
          model.coef.forEach((c, j) => points.push({ lambda, feature: j, coef: c, group: d.groups[j] }));
          if (prior) model.centroids.forEach((value, centre) => centres.push({ lambda, centre, value }));
          stats.push({ lambda, groups: distinctValues(model.coef), error: Math.max(1e-6, errorOf(s.task, d.coef, model.coef)) });
        },
        PATH_FOLDS,
        (done, total) => {
          bar.value = done / total;
        },
      );
      const figures = $('path-figures');
      figures.replaceChildren(
        ...plots.path(points, stats, current, errorName(s.task), widthOf(figures, 900), swept.name, centres),
        ...(cv ? [plots.cvPath(cv, current, swept.name, widthOf(figures, 900))] : []),
      );
      const chosen =
        cv &&
        `${PATH_FOLDS}-fold cross-validation (${cv.metric}) on the training samples: least at ${swept.name} = ${formatLambda(cv.points[cv.best].lambda)}` +
          `${cv.best === 0 || cv.best === cv.points.length - 1 ? ' (⚠ an end of the grid: the best may lie beyond it)' : ''}, ` +
          `the one-standard-error choice ${swept.name} = ${formatLambda(cv.points[cv.best1se].lambda)} (the most regularised within one standard error of the least). `;
      if (cv) figures.dataset.cv = JSON.stringify({ best: cv.points[cv.best].lambda, best1se: cv.points[cv.best1se].lambda });
      const best = stats.reduce((a, b) => (b.error < a.error ? b : a));
      const here = stats.find((p) => p.lambda === current)!;
      const second = hasLambda2(info) ? ` (λ2 swept, the weight that groups; λ1 stays at ${formatLambda(s.lambda)})` : '';
      const name = swept.name;
      status.textContent =
        (chosen ?? '') +
        `${LABELS[s.method] ?? s.method}${second}: ${grid.length} fits in ${(performance.now() - t0).toFixed(0)} ms` +
        `${warmStartable(sc.info.methods.find((m) => m.name === s.method)) ? ' (warm-started: the answer does not depend on the start, only the time does)' : ' (each started as Play starts it: the problem is not convex, so the start matters)'}; ` +
        `closest to the truth at ${name} = ${formatLambda(best.lambda)} (${errorName(s.task)} ${best.error.toPrecision(3)}, ${best.groups} distinct values); ` +
        `at Play’s ${name} = ${formatLambda(current)}: ${here.error.toPrecision(3)}, as in Play.`;
      figures.dataset.atPlay = String(here.error);
      shownFor = key;
      showStale();
    });
  }
  /** Says so when the figures on screen were computed for another problem, method or λ. */
  function showStale() {
    const old = shownFor !== '' && shownFor !== keyOf();
    stale.hidden = !old;
    $('path-figures').classList.toggle('stale', old);
  }
  /** On opening the view: the path of the current state, unless a path is on screen or on its way. */
  function opened() {
    if (shownFor === '' && document.body.dataset.path !== 'running') void run();
  }
  button.addEventListener('click', () => void run());
  cancel.addEventListener('click', () => abort?.abort());
  return { run, showStale, opened };
}
