// Play: one generated problem, any method beside the Oracle. Problem sliders regenerate the
// data; the method's λ slider refits from the previous model (warm start). Only the latest
// state is computed: input is coalesced to one run per frame, a new run aborts the one in
// flight, and the figures are dimmed while they are stale.
import type { Model, SyntheticData, MethodName } from 'supclust';
import { playCode } from './code.js';
import { LABELS, methodOptions, methodsFor, type Context } from './context.js';
import { $, copy, el, formatNumber, table, widthOf } from './dom.js';
import { adjustedRand } from './partition.js';
import * as plots from './plots.js';
import { LIMITS, type DemoState } from './state.js';

const PROBLEM = ['n', 'd', 'Q', 'sigma', 'rho', 'seed'] as const;

let data: SyntheticData | undefined, dataKey = '';
let last: { method: string; key: string; model: Model } | undefined;
let generation = 0;
let inFlight: AbortController | undefined;

/** Why a fit's status deserves a word on the page ('' when it converged). */
function statusNote(label: string, m: Model): string {
  if (m.status === 'converged') return '';
  if (m.status === 'max-iterations') return `${label} stopped at its iteration limit (${m.iterations} iterations) before converging: its figures are those of the last iterate.`;
  return `${label}: ${m.status}${m.message ? ` (${m.message})` : ''}.`;
}

const problemKey = (s: DemoState) => JSON.stringify([s.n, s.d, s.Q, s.sigma, s.rho, s.task, s.seed]);

function testError(task: string, predictions: Float64Array, y: Float64Array): number {
  let e = 0;
  for (let i = 0; i < y.length; i++) e += task === 'classification' ? Number((predictions[i] > 0 ? 1 : 0) !== y[i]) : (predictions[i] - y[i]) ** 2;
  return e / y.length;
}

export function mountPlay(ctx: Context) {
  const { sc, state } = ctx;
  const input = (id: string) => $<HTMLInputElement>(`play-${id}`);
  const methodSelect = $<HTMLSelectElement>('play-method'), taskSelect = $<HTMLSelectElement>('play-task');

  function fillMethods() {
    const methods = methodsFor(sc, state.task);
    if (!methods.some((m) => m.name === state.method)) state.method = 'ihc';
    methodSelect.replaceChildren(...methods.map((m) => el('option', { value: m.name, textContent: LABELS[m.name] ?? m.name, selected: m.name === state.method })));
  }

  function showControls() {
    for (const k of PROBLEM) input(k).value = String(state[k]);
    input('lambda').value = String(Math.log10(state.lambda));
    taskSelect.value = state.task;
    input('Q').max = String(Math.min(LIMITS.Q[1], state.d));
    for (const k of [...PROBLEM, 'lambda'] as const) $(`play-${k}-value`).textContent = formatNumber(state[k]);
  }

  async function run() {
    const mine = ++generation;
    inFlight?.abort();
    const control = { signal: (inFlight = new AbortController()).signal };
    document.body.dataset.state = 'running';
    const status = $('play-status');
    status.textContent = 'Fitting…';
    try {
      const key = problemKey(state);
      if (!data || key !== dataKey) {
        data = await sc.generate('e1', { n: state.n, d: state.d, Q: state.Q, sigma: state.sigma, rho: state.rho, task: state.task, seed: state.seed, nTest: 1000 });
        dataKey = key;
        last = undefined;
      }
      const d = data, problem = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y };
      const info = sc.info.methods.find((m) => m.name === state.method);
      const options = methodOptions(info, state, d.nCols);
      const warmStart = last && last.method === state.method && last.key === key ? last.model : undefined;
      const t0 = performance.now();
      const model = await sc.fit(state.method as MethodName, { ...problem, ...options, ...(warmStart ? { warmStart } : {}) }, control);
      const ms = performance.now() - t0;
      const t1 = performance.now();
      const oracle = await sc.fit('oracle', { ...problem, groups: d.groups, ...(state.task === 'classification' ? { loss: 'logistic', lambda: 1e-4 } : {}) }, control);
      const oracleMs = performance.now() - t1;
      // Ridge and the lasso at the same λ: what grouping buys over shrinkage and sparsity. At
      // n < d and small λ the lasso's coordinate descent crawls (100 000 sweeps, ~5 s at
      // d = 300): the demo caps it at 5 000 sweeps and says so on the page when it stops there.
      const loss = state.task === 'classification' ? { loss: 'logistic' as const } : {};
      const baselines = [];
      for (const name of ['ridge', 'lasso'].filter((b) => b !== state.method)) {
        const t2 = performance.now();
        const fit = await sc.fit(name as MethodName, { ...problem, ...loss, lambda: state.lambda, ...(name === 'lasso' ? { maxIterations: 5000 } : {}) }, control);
        baselines.push({ name, model: fit, ms: performance.now() - t2 });
      }
      if (mine !== generation) return;  // a newer request superseded this one
      last = { method: state.method, key, model };
      // One summary row per fit: the method, the Oracle, then the baselines.
      const fits = [
        { method: state.method, label: LABELS[state.method] ?? state.method, model, time: `${ms.toFixed(1)} ms${warmStart ? ' (warm)' : ''}` },
        { method: 'oracle', label: 'Oracle (knows the groups)', model: oracle, time: `${oracleMs.toFixed(1)} ms` },
        ...baselines.map((b) => ({ method: b.name, label: `${LABELS[b.name]} (same λ)`, model: b.model, time: `${b.ms.toFixed(1)} ms` })),
      ];
      const predictions = await Promise.all(fits.map((f) => sc.predict(f.model, d.Xtest, d.nTest)));
      if (mine !== generation) return;
      const summary = fits.map((f, i) => ({
        ...f,
        test: testError(state.task, predictions[i], d.ytest),
        error: Math.sqrt(f.model.coef.reduce((s, c, j) => s + (c - d.coef[j]) ** 2, 0)),
        ari: adjustedRand(d.groups, f.model.groups),
      }));
      const ari = summary[0].ari;
      const metric = state.task === 'classification' ? 'test error rate' : 'test MSE';
      const notes = summary.map((f) => statusNote(f.label, f.model)).filter(Boolean);
      $('play-summary').dataset.d = String(d.nCols);
      $('play-summary').replaceChildren(table(`On ${d.nTest} test samples; ‖w* − ŵ‖ against the true coefficients`,
        ['method', metric, '‖w* − ŵ‖', 'adjusted Rand', 'groups', 'iterations', 'fit time'],
        summary.map((f) => [f.label, formatNumber(f.test), formatNumber(f.error), f.ari.toFixed(3),
          f.model.centroids.length / f.model.outputs, f.model.status === 'converged' ? f.model.iterations : `${f.model.iterations} ⚠`, f.time]),
        summary.map((f, i) => ({ method: f.method, status: f.model.status, error: String(f.error), ...(i === 0 ? { ari: String(f.ari) } : {}) }))),
        ...notes.map((text) => el('p', { className: 'warning', textContent: `⚠ ${text}` })));
      const figures = $('play-figures'), width = widthOf(figures, 620);
      const found = model.centroids.length / model.outputs;
      figures.replaceChildren(
        plots.coefficients(d.coef, model, `${LABELS[state.method] ?? state.method}: estimates against the truth (black steps)`, width),
        ...(found <= 20 ? [plots.partition(d.groups, model.groups, ari, width)] : []),
        ...(model.history.length > 1 ? [plots.trace(model, width)] : []),
      );
      status.textContent = '';
      document.body.dataset.state = 'done';
    } catch (e) {
      if (mine !== generation) return;  // superseded (and aborted) by a newer run
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.state = 'error';
    }
  }

  // One run per frame at most, for the latest state.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      void run();
    });
  };

  fillMethods();
  showControls();
  for (const k of PROBLEM)
    input(k).addEventListener('input', () => {
      const [min, max, integer] = LIMITS[k];
      const x = Number(input(k).value);
      if (!Number.isFinite(x)) return;
      state[k] = Math.min(max, Math.max(min, integer ? Math.round(x) : x));
      if (state.Q > state.d) state.Q = state.d;
      showControls();
      ctx.save();
      schedule();
    });
  input('lambda').addEventListener('input', () => {
    state.lambda = Number((10 ** Number(input('lambda').value)).toPrecision(3));
    showControls();
    ctx.save();
    schedule();
  });
  methodSelect.addEventListener('change', () => { state.method = methodSelect.value; ctx.save(); void run(); });
  taskSelect.addEventListener('change', () => { state.task = taskSelect.value as DemoState['task']; fillMethods(); ctx.save(); void run(); });
  $('play-new').addEventListener('click', () => { state.seed += 1; showControls(); ctx.save(); void run(); });
  $<HTMLButtonElement>('play-copy').addEventListener('click', (e) => {
    const options = methodOptions(sc.info.methods.find((m) => m.name === state.method), state, state.d);
    const code = playCode(state, options);
    $('play-code').textContent = code;
    void copy(e.currentTarget as HTMLButtonElement, code);
  });
  return { run, current: () => data };
}
