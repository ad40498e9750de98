// Tasks: classes whose predictors form clusters (a clustered multitask problem generated in the
// page), fitted by the chosen tasks method, and two figures — the contingency grid of found
// against true clusters of the classes, and the classes' predictors in the plane of their first
// two principal directions — with the test error beside the classes fitted apart.
import type { MethodName, Model } from 'supclust';
import type { Context } from './context.js';
import { bindControls, fitProgress } from './controls.js';
import { $, widthOf } from './dom.js';
import { adjustedRand } from './partition.js';
import * as plots from './plots.js';
import { LABELS } from './explain.js';

type Slider = 'tasksN' | 'tasksK' | 'tasksQ' | 'tasksSpread' | 'tasksSigma';
const SLIDERS: [Slider, string][] = [
  ['tasksN', 'n'],
  ['tasksK', 'K'],
  ['tasksQ', 'Q'],
  ['tasksSpread', 'spread'],
  ['tasksSigma', 'sigma'],
];

/** The first two principal directions of the columns of W (d × K, row-major) and the centres
 * (Q × d), by power iteration on the K × K Gram matrix of the centred columns. */
export function principalPlane(coef: number[], d: number, K: number, centres: number[], Q: number) {
  const mean = Array.from({ length: d }, (_, j) => coef.slice(j * K, j * K + K).reduce((a, b) => a + b, 0) / K);
  const column = (k: number) => Array.from({ length: d }, (_, j) => coef[j * K + k] - mean[j]);
  const cols = Array.from({ length: K }, (_, k) => column(k));
  const directions: number[][] = [];
  for (let r = 0; r < 2; r++) {
    let v = Array.from({ length: d }, (_, j) => Math.sin(1 + j * (r + 1))); // a fixed start
    for (let it = 0; it < 200; it++) {
      const next = new Array<number>(d).fill(0); // Σ_k c_k (c_kᵀ v), deflated
      for (const c of cols) {
        const dot = c.reduce((s, x, j) => s + x * v[j], 0);
        for (let j = 0; j < d; j++) next[j] += dot * c[j];
      }
      for (const u of directions) {
        const dot = u.reduce((s, x, j) => s + x * next[j], 0);
        for (let j = 0; j < d; j++) next[j] -= dot * u[j];
      }
      const norm = Math.hypot(...next) || 1;
      v = next.map((x) => x / norm);
    }
    directions.push(v);
  }
  const place = (x: number[]) => directions.map((u) => u.reduce((s, a, j) => s + a * (x[j] - mean[j]), 0));
  return {
    tasks: Array.from({ length: K }, (_, k) => place(Array.from({ length: d }, (_, j) => coef[j * K + k]))),
    centres: Array.from({ length: Q }, (_, q) => place(centres.slice(q * d, q * d + d))),
  };
}

export function mountTasks(ctx: Context) {
  const { sc, state } = ctx;
  const status = $('tasks-status'),
    figures = $('tasks-figures');
  const method = $<HTMLSelectElement>('tasks-method');
  for (const m of sc.info.methods.filter((x) => x.kind === 'tasks' && !['tasks-frobenius', 'tasks-trace'].includes(x.name)))
    method.append(new Option(LABELS[m.name] ?? m.name, m.name));
  let abort: AbortController | undefined;

  async function run() {
    abort?.abort();
    const mine = (abort = new AbortController());
    const s = { ...state, tasksQ: Math.min(state.tasksQ, state.tasksK) };
    document.body.dataset.tasks = 'running';
    status.textContent = 'Fitting…';
    try {
      // The background instance (its own worker): Play's fits never wait behind these.
      const runner = await ctx.background();
      const data = await runner.generate('tasks', {
        n: s.tasksN,
        nTest: 1000,
        d: 20,
        tasks: s.tasksK,
        Q: s.tasksQ,
        sigma: s.tasksSigma,
        taskSpread: s.tasksSpread,
        seed: s.tasksSeed,
      });
      const problem = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
      const loss = s.tasksMethod === 'tasks-cg' ? 'ova-squared' : 'ova-logistic';
      const weights = s.tasksMethod === 'tasks-pg' ? {} : { within: s.tasksWithin };
      const t0 = performance.now();
      const model: Model = await runner.fit(s.tasksMethod as MethodName, { ...problem, loss, Q: s.tasksQ, ...weights } as never, {
        signal: mine.signal,
        onProgress: fitProgress(status),
      });
      const ms = performance.now() - t0;
      const apart: Model = await runner.fit('tasks-frobenius', { ...problem, loss, lambda: 1e-3 } as never, { signal: mine.signal });
      const errorOf = async (m: Model) => {
        const classes = await runner.predictClass(m, data.Xtest, data.nTest, data.nCols);
        return classes.filter((c, i) => c !== data.ytest[i]).length / data.nTest;
      };
      const [error, apartError] = await Promise.all([errorOf(model), errorOf(apart)]);
      if (mine.signal.aborted) return;
      // The model's task k is class classes[k]; the generator's clusters are indexed by class.
      const truth = (model.classes as number[]).map((c) => data.groups[c]);
      const ari = adjustedRand(truth, model.groups);
      const plane = principalPlane(model.coef, data.nCols, model.outputs, model.centroids, s.tasksQ);
      const points: plots.TaskPoint[] = [
        ...plane.tasks.map(([x, y], k) => ({ x, y, found: model.groups[k] + 1, truth: truth[k] + 1 })),
        ...plane.centres.map(([x, y], q) => ({ x, y, found: q + 1, truth: 0, centre: true })),
      ];
      const width = widthOf(figures, 900);
      figures.replaceChildren(plots.tasksMap(points, width), plots.partition(truth, model.groups, ari, width, 'classes'));
      status.textContent =
        `${LABELS[s.tasksMethod] ?? s.tasksMethod} (${loss}): ${ms.toFixed(0)} ms, ${model.iterations} iterations (${model.status}); ` +
        `test error ${(100 * error).toFixed(1)}% (the classes fitted apart: ${(100 * apartError).toFixed(1)}%); ` +
        `adjusted Rand index of the classes’ clusters with the true ones ${ari.toFixed(3)}.`;
      figures.dataset.ari = String(ari);
      figures.dataset.error = String(error);
      document.body.dataset.tasks = 'done';
    } catch (e) {
      if ((e as { code?: string }).code === 'aborted') return;
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.tasks = 'error';
    }
  }

  bindControls(ctx, { view: 'tasks', sliders: SLIDERS, log: ['tasksWithin', 'within'], method: 'tasksMethod', seed: 'tasksSeed' }, run);
  return { run };
}
