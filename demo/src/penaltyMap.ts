// The two-penalty methods (OSCAR, GFLasso, ncFGS, ncTFGS, DFG, ADFG) over their two weights: the
// Play problem fitted on a λ1 × λ2 grid, each fit scored by the adjusted Rand index of its
// distinct values against the true groups and by its distance to w* — where in the plane the
// penalty groups, and what grouping costs there. Each row of λ1 runs λ2 from strong to weak,
// warm-started where the answer does not depend on the start.
import { logGrid, type MethodName, type Model, type Supclust, type SyntheticData } from 'supclust';
import { hasLambda2, methodOptions, warmStartable, type Context } from './context.js';
import { $, backgroundRun, widthOf } from './dom.js';
import { LABELS } from './explain.js';
import { formatLambda } from './format.js';
import { adjustedRand, distinctPartition } from './partition.js';
import { errorName, errorOf } from './path.js';
import * as plots from './plots.js';
import { problemKey, sparsityOf } from './problem.js';
import type { MapCell } from './plots.js';
import type { DemoState } from './state.js';

/** The grid: λ1 from 1 down to 1e-6 (above 1 every coefficient is zero on the demo's problems),
 * λ2 from 1 down to 1e-7, a point a decade. */
export const MAP_GRID = { lambda1: logGrid(1, 1e-6, 7), lambda2: logGrid(1, 1e-7, 8) } as const;

export async function penaltyMap(
  runner: Supclust,
  s: DemoState,
  data: SyntheticData,
  signal: AbortSignal,
  onFit: (done: number, total: number) => void,
): Promise<MapCell[]> {
  const info = runner.info.methods.find((m) => m.name === s.method);
  const total = MAP_GRID.lambda1.length * MAP_GRID.lambda2.length,
    cells: MapCell[] = [];
  for (const lambda1 of MAP_GRID.lambda1) {
    let previous: Model | undefined;
    for (const lambda2 of MAP_GRID.lambda2) {
      const options = methodOptions(info, { ...s, lambda: lambda1, lambda2 }, sparsityOf(data));
      const warm = previous && warmStartable(info) ? { warmStart: previous } : {};
      previous = await runner.fit(
        s.method as MethodName,
        { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...options, ...warm } as never,
        { signal },
      );
      const distinct = distinctPartition(previous.coef, previous.outputs);
      cells.push({
        lambda1,
        lambda2,
        ari: adjustedRand(data.groups, distinct.labels),
        error: errorOf(s.task, data.coef, previous.coef),
        groups: distinct.groups,
      });
      onFit(cells.length, total);
    }
  }
  return cells;
}

/** The map's panel in the Paths view: shown for the two-penalty methods, computed on the
 * background instance on request (cancelable, with progress), marked stale when Play moves on. */
export function mountPenaltyMap(ctx: Context, problem: () => SyntheticData | undefined) {
  const { sc, state } = ctx;
  const box = $('map-box'),
    button = $<HTMLButtonElement>('map-run'),
    cancel = $<HTMLButtonElement>('map-cancel');
  const bar = $<HTMLProgressElement>('map-progress'),
    status = $('map-status'),
    figures = $('map-figures');
  const keyOf = () => JSON.stringify([problemKey(state), state.method]);
  let abort: AbortController | undefined,
    shownFor = '';
  async function run() {
    const d = problem();
    if (!d) return;
    abort?.abort();
    const mine = (abort = new AbortController()),
      s = { ...state },
      key = keyOf(),
      t0 = performance.now();
    await backgroundRun('map', status, cancel, async () => {
      const cells = await penaltyMap(await ctx.background(), s, d, mine.signal, (done, total) => {
        bar.value = done / total;
        status.textContent = `${done} of ${total} fits…`;
      });
      figures.replaceChildren(
        ...plots.penaltyMap(cells, { lambda1: s.lambda, lambda2: s.lambda2 }, errorName(s.task), widthOf(figures, 560)),
      );
      const grouped = cells.reduce((a, b) => (b.ari > a.ari ? b : a)),
        closest = cells.reduce((a, b) => (b.error < a.error ? b : a));
      const at = (c: MapCell) => `λ1 = ${formatLambda(c.lambda1)}, λ2 = ${formatLambda(c.lambda2)}`;
      status.textContent =
        `${LABELS[s.method] ?? s.method}: ${cells.length} fits in ${((performance.now() - t0) / 1000).toFixed(1)} s. ` +
        `Best adjusted Rand ${grouped.ari.toFixed(3)} at ${at(grouped)} (${grouped.groups} distinct values, ${errorName(s.task)} ${grouped.error.toPrecision(3)}); ` +
        `least ${errorName(s.task)} ${closest.error.toPrecision(3)} at ${at(closest)} (adjusted Rand ${closest.ari.toFixed(3)}).` +
        (grouped.ari < 0.2 ? ' It does not group on this problem anywhere on the grid.' : '');
      figures.dataset.best = JSON.stringify(grouped);
      shownFor = key;
      showStale();
    });
  }
  /** Shown for two-penalty methods only; dimmed when computed for another problem or method. */
  function showStale() {
    box.hidden = !hasLambda2(sc.info.methods.find((m) => m.name === state.method));
    figures.classList.toggle('stale', shownFor !== '' && shownFor !== keyOf());
  }
  button.addEventListener('click', () => void run());
  cancel.addEventListener('click', () => abort?.abort());
  showStale();
  return { showStale };
}
