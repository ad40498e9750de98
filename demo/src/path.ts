import type { MethodName } from 'supclust';
// Paths: the Play problem fitted along a λ grid from strong to weak, each fit warm-started
// from the previous one — how groups merge and split as the regularisation weakens.
import { logGrid, type Model, type SyntheticData } from 'supclust';
import { LABELS, methodOptions, type Context } from './context.js';
import { $, widthOf } from './dom.js';
import * as plots from './plots.js';

export function mountPath(ctx: Context, problem: () => SyntheticData | undefined) {
  const { sc, state } = ctx;
  let abort: AbortController | undefined;
  const button = $<HTMLButtonElement>('path-run'), cancel = $<HTMLButtonElement>('path-cancel');
  const bar = $<HTMLProgressElement>('path-progress'), status = $('path-status');

  async function run() {
    const d = problem();
    if (!d) return;
    abort?.abort();
    const mine = (abort = new AbortController());
    document.body.dataset.path = 'running';
    cancel.disabled = false;
    const grid = Array.from(logGrid(10, 1e-6, 29));
    const info = sc.info.methods.find((m) => m.name === state.method);
    const points: plots.PathPoint[] = [], stats: { lambda: number; groups: number; error: number }[] = [];
    let previous: Model | undefined;
    const t0 = performance.now();
    try {
      for (const [i, lambda] of grid.entries()) {
        const options = methodOptions(info, { ...state, lambda }, d.nCols);
        const model: Model = await sc.fit(state.method as MethodName, { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y, ...options, ...(previous ? { warmStart: previous } : {}) },
          { signal: mine.signal });
        previous = model;
        model.coef.forEach((c, j) => points.push({ lambda, feature: j, coef: c, group: d.groups[j] }));
        stats.push({ lambda, groups: new Set(model.coef.map((c) => c.toPrecision(8))).size,
          error: Math.max(1e-6, Math.sqrt(model.coef.reduce((s, c, j) => s + (c - d.coef[j]) ** 2, 0))) });
        bar.value = (i + 1) / grid.length;
      }
      const figures = $('path-figures');
      figures.replaceChildren(...plots.path(points, stats, widthOf(figures, 900)));
      const best = stats.reduce((a, b) => (b.error < a.error ? b : a));
      status.textContent = `${LABELS[state.method] ?? state.method}: ${grid.length} warm-started fits in ${(performance.now() - t0).toFixed(0)} ms; ` +
        `closest to the truth at λ = ${best.lambda.toPrecision(2)} (‖w* − ŵ‖ = ${best.error.toPrecision(3)}, ${best.groups} distinct values).`;
      document.body.dataset.path = 'done';
    } catch (e) {
      status.textContent = (e as { code?: string }).code === 'aborted' ? 'Cancelled.' : `Error: ${(e as Error).message}`;
      document.body.dataset.path = (e as { code?: string }).code === 'aborted' ? 'cancelled' : 'error';
    } finally {
      cancel.disabled = true;
    }
  }
  button.addEventListener('click', () => void run());
  cancel.addEventListener('click', () => abort?.abort());
  return { run };
}
