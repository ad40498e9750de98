// Play: one generated problem, any method beside the Oracle and the baselines. Only the latest
// state is computed: input is coalesced to one run per frame, a new run aborts the one in
// flight, and the figures are dimmed while they are stale. Convex methods refit from the
// previous model when only λ moved (the answer does not depend on the start); the others start
// as a fresh page would, so a URL always shows the same fit. After each fit, a small error-vs-λ
// path is computed (the Paths view's estimator, fewer points), aborted by the next input.
import { logGrid, type Model, type SyntheticData, type MethodName } from 'supclust';
import { playCode } from './code.js';
import { hasLambda2, methodOptions, methodsFor, suggestedSliders, warmStartable, type Context } from './context.js';
import { $, copy, el, table, widthOf } from './dom.js';
import { ABOUT, LABELS, METRICS } from './explain.js';
import { formatLambda, formatNumber } from './format.js';
import { adjustedRand, distinctPartition } from './partition.js';
import { distinctValues, errorName, errorOf, fitAlong, gridWith } from './path.js';
import * as plots from './plots.js';
import { PRESETS } from './presets.js';
import { generateProblem, problemKey, sparsityOf } from './problem.js';
import { LIMITS, type DemoState } from './state.js';

const PROBLEM = ['n', 'd', 'Q', 'sigma', 'rho', 'seed'] as const;
const logRange = (key: 'lambda' | 'lambda2') => ({ min: String(Math.log10(LIMITS[key][0])), max: String(Math.log10(LIMITS[key][1])) });

/** Why a fit's status deserves a word on the page ('' when it converged). */
function statusNote(label: string, m: Model): string {
  if (m.status === 'converged') return '';
  if (m.status === 'max-iterations') return `${label} stopped at its iteration limit (${m.iterations} iterations) before converging: its figures are those of the last iterate.`;
  return `${label}: ${m.status}${m.message ? ` (${m.message})` : ''}.`;
}

function testError(task: string, predictions: Float64Array, y: Float64Array): number {
  let e = 0;
  for (let i = 0; i < y.length; i++) e += task === 'classification' ? Number((predictions[i] > 0 ? 1 : 0) !== y[i]) : (predictions[i] - y[i]) ** 2;
  return e / y.length;
}

/** Methods whose iterations Play can replay (projected gradient onto a structure), and how. */
const ITERATED = ['ihc', 'ihcs', 'iht'];
const MAX_FRAMES = 40, FRAME_MS = 400;

export function mountPlay(ctx: Context, onChange: () => void) {
  const { sc, state } = ctx;
  const input = (id: string) => $<HTMLInputElement>(`play-${id}`);
  const methodSelect = $<HTMLSelectElement>('play-method'), taskSelect = $<HTMLSelectElement>('play-task');
  const presetSelect = $<HTMLSelectElement>('play-preset');
  const overlayBoxes = [...document.querySelectorAll<HTMLInputElement>('input[name="overlay"]')];
  let data: SyntheticData | undefined, dataKey = '';
  let last: { method: string; key: string; model: Model } | undefined;
  let generation = 0;
  let inFlight: AbortController | undefined, pathInFlight: AbortController | undefined;

  function fillMethods() {
    const methods = methodsFor(sc, state.task);
    if (!methods.some((m) => m.name === state.method)) state.method = 'ihc';
    methodSelect.replaceChildren(...methods.map((m) => el('option', { value: m.name, textContent: LABELS[m.name] ?? m.name, selected: m.name === state.method })));
    methodSelect.value = state.method;
  }

  function showControls() {
    for (const k of PROBLEM) {
      const [min, max] = LIMITS[k];
      Object.assign(input(k), { min: String(min), max: String(k === 'Q' ? Math.min(max, state.d) : max) });
      input(k).value = String(state[k]);
      $(`play-${k}-value`).textContent = formatNumber(state[k]);
    }
    for (const key of ['lambda', 'lambda2'] as const) {
      Object.assign(input(key), { ...logRange(key), value: String(Math.log10(state[key])) });
      $(`play-${key}-value`).textContent = formatLambda(state[key]);
    }
    // Two-penalty methods: λ is their λ1, and λ2 gets its own slider.
    const twoPenalties = hasLambda2(sc.info.methods.find((m) => m.name === state.method));
    $('play-lambda2-box').hidden = !twoPenalties;
    $('play-lambda').parentElement!.firstChild!.textContent = twoPenalties ? 'ℓ1 weight λ1 ' : 'regularisation λ ';
    taskSelect.value = state.task;
    input('zero').checked = state.zero;
    input('zero').disabled = state.task === 'classification';
    for (const box of overlayBoxes) box.checked = state.overlays.includes(box.value);
    $('play-about').textContent = `${LABELS[state.method] ?? state.method}: ${ABOUT[state.method] ?? ''}`;
  }

  async function run() {
    const mine = ++generation;
    inFlight?.abort();
    pathInFlight?.abort();
    const control = { signal: (inFlight = new AbortController()).signal };
    document.body.dataset.state = 'running';
    const status = $('play-status');
    status.textContent = 'Fitting…';
    try {
      const key = problemKey(state), s = { ...state };
      if (!data || key !== dataKey) {
        data = await generateProblem(sc, s);
        dataKey = key;
        last = undefined;
      }
      const d = data, problem = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y };
      const info = sc.info.methods.find((m) => m.name === s.method);
      const sparsity = sparsityOf(d);
      const options = methodOptions(info, s, sparsity);
      const warmStart = warmStartable(info) && last && last.method === s.method && last.key === key ? last.model : undefined;
      // "fit time" is compute time: a trivial call first waits out anything still ahead in the
      // worker (an aborted fit's restart), so that the clock starts when the fit can.
      await sc.kmeans1d([0], 1);
      const t0 = performance.now();
      const model = await sc.fit(s.method as MethodName, { ...problem, ...options, ...(warmStart ? { warmStart } : {}) }, control);
      const ms = performance.now() - t0;
      const t1 = performance.now();
      const oracle = await sc.fit('oracle', { ...problem, groups: d.groups, ...(s.task === 'classification' ? { loss: 'logistic', lambda: 1e-4 } : {}) }, control);
      const oracleMs = performance.now() - t1;
      // Ridge and the lasso at the same λ: what grouping buys over shrinkage and sparsity.
      const baselines = [];
      for (const name of ['ridge', 'lasso'].filter((b) => b !== s.method)) {
        const t2 = performance.now();
        const fit = await sc.fit(name as MethodName, { ...problem, ...methodOptions(sc.info.methods.find((m) => m.name === name), s, sparsity) }, control);
        baselines.push({ name, model: fit, ms: performance.now() - t2 });
      }
      if (mine !== generation) return;  // a newer request superseded this one
      last = { method: s.method, key, model };
      const fits = [
        { method: s.method, label: LABELS[s.method] ?? s.method, model, time: `${ms.toFixed(1)} ms${warmStart ? ' (warm)' : ''}` },
        { method: 'oracle', label: LABELS.oracle, model: oracle, time: `${oracleMs.toFixed(1)} ms` },
        ...baselines.map((b) => ({ method: b.name, label: `${LABELS[b.name]} (same λ)`, model: b.model, time: `${b.ms.toFixed(1)} ms` })),
      ];
      const predictions = await Promise.all(fits.map((f) => sc.predict(f.model, d.Xtest, d.nTest)));
      if (mine !== generation) return;
      // Groups and adjusted Rand of the estimate itself: its distinct coefficient values (a
      // method's own assignment, such as GEM's centres, is reported apart when it differs).
      const summary = fits.map((f, i) => {
        const distinct = distinctPartition(f.model.coef, f.model.outputs);
        return {
          ...f,
          test: testError(s.task, predictions[i], d.ytest),
          error: errorOf(s.task, d.coef, f.model.coef),
          ari: adjustedRand(d.groups, distinct.labels),
          labels: distinct.labels,
          groups: distinct.groups,
          assigned: distinct.groups !== f.model.centroids.length / f.model.outputs ? adjustedRand(d.groups, f.model.groups) : undefined,
        };
      });
      const metric = s.task === 'classification' ? 'test error rate' : 'test MSE';
      const notes = summary.map((f) => statusNote(f.label, f.model)).filter(Boolean);
      for (const f of summary)
        if (f.assigned !== undefined)
          notes.push(`${f.label} assigns the coefficients to ${f.model.centroids.length / f.model.outputs} centres (adjusted Rand ${f.assigned.toFixed(3)}), ` +
            `but its estimate has ${f.groups} distinct values: the coefficients are near their centres, not at them. The table scores the estimate.`);
      if (s.task === 'classification' && s.n < 10 * s.d)
        notes.push(`With n = ${s.n} labels for d = ${s.d} coefficients, classification cannot pin the groups down: a 0/1 label says much less than a value. ` +
          'The “classification” preset (n = 600, d = 20, Q = 3) shows IHC recovering them.');
      $('play-summary').dataset.d = String(d.nCols);
      $('play-summary').replaceChildren(table(`On ${d.nTest} test samples, at λ = ${formatLambda(s.lambda)}; ${errorName(s.task)} against the true coefficients`,
        ['method', metric, errorName(s.task), 'adjusted Rand', 'groups', 'iterations', 'fit time'],
        summary.map((f) => [f.label, formatNumber(f.test), formatNumber(f.error), f.ari.toFixed(3),
          f.groups, f.model.status === 'converged' ? f.model.iterations : `${f.model.iterations} ⚠`, f.time]),
        summary.map((f, i) => ({ method: f.method, status: f.model.status, error: String(f.error), ...(i === 0 ? { ari: String(f.ari), ...(f.assigned !== undefined ? { assigned: String(f.assigned) } : {}) } : {}) }))),
        ...notes.map((text) => el('p', { className: 'warning', textContent: `⚠ ${text}` })));
      const figures = $('play-figures'), width = widthOf(figures, 620);
      const found = summary[0].groups;
      const byName: Record<string, Model> = { oracle, ...Object.fromEntries(baselines.map((b) => [b.name, b.model])) };
      const overlays = s.overlays.filter((o) => byName[o]).map((o) => ({ name: o, model: byName[o] }));
      figures.replaceChildren(
        plots.coefficients(d.coef, model, `${LABELS[s.method] ?? s.method}: estimates against the truth (black steps)`, width, overlays),
        ...(ITERATED.includes(s.method) && model.iterations > 1 ? [iterationsPlayer(s, d, { ...problem, ...options }, model, width)] : []),
        ...(found <= 20 ? [plots.partition(d.groups, summary[0].labels, summary[0].ari, width)] : []),
        plots.weightHistogram(model, `${LABELS[s.method] ?? s.method}: histogram of the coefficients`, width),
        ...(model.history.length > 1 ? [plots.trace(model, width)] : []),
        el('div', { id: 'play-error-path' }),
      );
      status.textContent = '';
      document.body.dataset.state = 'done';
      onChange();
      void errorAlongLambda(s, d, summary[0].error, mine);
    } catch (e) {
      if (mine !== generation) return;  // superseded (and aborted) by a newer run
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.state = 'error';
    }
  }

  /** A button that replays the projected-gradient method's iterations: the fits stopped after
   * 1, 2, … steps (the same start and steps: each is the run cut short), drawn one after another
   * — the projection onto Q values at each step. Computed on the background instance. */
  function iterationsPlayer(s: DemoState, d: SyntheticData, params: Record<string, unknown>, model: Model, width: number): HTMLElement {
    const steps = Math.min(model.iterations, MAX_FRAMES);
    const box = el('div', { id: 'play-iterations' });
    const button = el('button', { type: 'button', textContent: `▶ Watch ${LABELS[s.method] ?? s.method}'s first ${steps} iterations` });
    box.append(button);
    button.addEventListener('click', async () => {
      button.disabled = true;
      document.body.dataset.iterations = 'running';
      try {
        const runner = await ctx.background();
        const frames: Model[] = [];
        for (let k = 1; k <= steps; k++) {
          button.textContent = `Computing iteration ${k} of ${steps}…`;
          frames.push(await runner.fit(s.method as MethodName, { ...params, maxIterations: k } as never));
        }
        for (const [k, frame] of frames.entries()) {
          if (!box.isConnected) return;  // Play moved on
          box.replaceChildren(plots.coefficients(d.coef, frame, `${LABELS[s.method] ?? s.method} after ${k + 1} of ${model.iterations} iterations`, width), button);
          box.dataset.frame = String(k + 1);
          box.dataset.error = String(errorOf(s.task, d.coef, frame.coef));
          await new Promise((r) => setTimeout(r, FRAME_MS));
        }
        button.textContent = '▶ Again';
        document.body.dataset.iterations = 'done';
      } catch (e) {
        button.textContent = `Could not replay the iterations: ${(e as Error).message}`;
        document.body.dataset.iterations = 'error';
      } finally {
        button.disabled = false;
      }
    });
    return box;
  }

  /** The small error-vs-λ chart: 13 λ values and Play's, on Play's instance (the next input
   * aborts it at once, and no second worker starts with the page). */
  async function errorAlongLambda(s: DemoState, d: SyntheticData, playError: number, mine: number) {
    const box = document.getElementById('play-error-path');
    if (!box) return;
    const abort = (pathInFlight = new AbortController());
    document.body.dataset.errorPath = 'running';
    box.textContent = 'Computing the error along λ…';
    const stats: plots.PathStat[] = [];
    try {
      const grid = gridWith(13, s.lambda);
      await fitAlong(sc, s, d, grid, abort.signal, (lambda, model, done) => {
        box.textContent = `Computing the error along λ: ${done} of ${grid.length} fits…`;
        stats.push({ lambda, groups: distinctValues(model.coef), error: Math.max(1e-6, errorOf(s.task, d.coef, model.coef)) });
      });
      if (mine !== generation) return;
      box.replaceChildren(plots.errorPath(stats, s.lambda, errorName(s.task), widthOf(box, 620)));
      const here = stats.find((p) => p.lambda === s.lambda)!;
      box.dataset.agrees = String(here.error === Math.max(1e-6, playError));
      document.body.dataset.errorPath = 'done';
    } catch (e) {
      if (mine !== generation || (e as { code?: string }).code === 'aborted') return;
      box.textContent = `The error along λ could not be computed: ${(e as Error).message}`;
      document.body.dataset.errorPath = 'error';
    }
  }

  // One run per frame at most, for the latest state.
  let scheduled = false;
  const schedule = () => {
    showControls();
    ctx.save();
    onChange();
    if (scheduled) return;
    scheduled = true;
    showPreset();
    requestAnimationFrame(() => {
      scheduled = false;
      void run();
    });
  };

  // On a phone the controls start folded, so that the first figure is on the first screen.
  if (matchMedia('(max-width: 640px)').matches) $<HTMLDetailsElement>('play-controls-box').open = false;
  $('play-glossary').replaceChildren(...METRICS.flatMap(([term, meaning]) => [el('dt', { textContent: term }), el('dd', { textContent: meaning })]));
  presetSelect.append(...PRESETS.map((p) => el('option', { value: p.id, textContent: p.label })));
  presetSelect.addEventListener('change', () => {
    const preset = PRESETS.find((p) => p.id === presetSelect.value);
    if (!preset) return;
    Object.assign(state, preset.state);
    fillMethods();
    schedule();
  });
  /** The preset the state is at (every value of it), selected and explained; none: no note. */
  function showPreset() {
    const active = PRESETS.find((p) => Object.entries(p.state).every(([k, v]) => (state as unknown as Record<string, unknown>)[k] === v));
    presetSelect.value = active?.id ?? '';
    const note = $('play-preset-note');
    note.textContent = active ? `Preset “${active.label}”: ${active.note}` : '';
    note.hidden = !active;
  }
  fillMethods();
  showControls();
  showPreset();
  for (const k of PROBLEM)
    input(k).addEventListener('input', () => {
      const [min, max, integer] = LIMITS[k];
      const x = Number(input(k).value);
      if (!Number.isFinite(x)) return;
      state[k] = Math.min(max, Math.max(min, integer ? Math.round(x) : x));
      if (state.Q > state.d) state.Q = state.d;
      schedule();
    });
  for (const key of ['lambda', 'lambda2'] as const)
    input(key).addEventListener('input', () => {
      state[key] = Number((10 ** Number(input(key).value)).toPrecision(3));
      schedule();
    });
  input('zero').addEventListener('change', () => { state.zero = input('zero').checked; schedule(); });
  for (const box of overlayBoxes) box.addEventListener('change', () => { state.overlays = overlayBoxes.filter((b) => b.checked).map((b) => b.value); schedule(); });
  methodSelect.addEventListener('change', () => { state.method = methodSelect.value; applySuggestion(); schedule(); });
  // One click: 5-fold cross-validation of the slider's weight (λ2 for the pairwise penalties, γ
  // for the priors, else λ) over its range, on the background instance; the best is set.
  const cvButton = $<HTMLButtonElement>('play-cv'), cvStatus = $('play-cv-status');
  let cvRun: AbortController | undefined;
  cvButton.addEventListener('click', async () => {
    if (cvRun) { cvRun.abort(); return; }
    if (!data || dataKey !== problemKey(state)) return;
    const info = sc.info.methods.find((m) => m.name === state.method);
    const options = methodOptions(info, state, sparsityOf(data));
    const name = 'lambda2' in options ? 'lambda2' : 'gamma' in options ? 'gamma' : 'lambda' in options ? 'lambda' : undefined;
    if (!info || !name) { cvStatus.textContent = `${LABELS[state.method] ?? state.method} has no weight to cross-validate.`; return; }
    const key = name === 'lambda2' ? 'lambda2' : 'lambda';
    const [lo, hi] = LIMITS[key];
    const grid = logGrid(hi, lo, Math.round(Math.log10(hi / lo)) + 1);
    // ADFG's λ3 follows λ2 (methodOptions): each grid point moves both, as Play will fit them.
    const ratio = name === 'lambda2' && typeof options.lambda3 === 'number' ? options.lambda3 / state.lambda2 : 0;
    const fixed = Object.fromEntries(Object.entries(options).filter(([k]) => k !== name && !(ratio && k === 'lambda3')));
    const mine = (cvRun = new AbortController());
    cvButton.textContent = 'Cancel';
    document.body.dataset.cv = 'running';
    const t0 = performance.now();
    try {
      const runner = await ctx.background();
      const problem = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...fixed } as never;
      const progress = (offset: number, all: number) => ({ signal: mine.signal,
        onProgress: ({ done, total }: { done: number; total: number }) => { cvStatus.textContent = `Cross-validating ${name}: ${offset * total + done}/${all * total} fits…`; } });
      let best: number;
      if (!ratio) {
        const cv = await runner.crossValidate(state.method as MethodName, problem, { grid: { [name]: grid } } as never, progress(0, 1));
        best = (cv.best as Record<string, number>)[name];
      } else {
        // One point at a time (a grid is a Cartesian product): the same folds (seed), the lowest mean.
        const means: number[] = [];
        for (const [i, g] of grid.entries())
          means.push((await runner.crossValidate(state.method as MethodName, problem, { grid: { lambda2: [g], lambda3: [g * ratio] } } as never, progress(i, grid.length))).grid[0].mean);
        best = grid[means.indexOf(Math.min(...means))];
      }
      state[key] = Number(best.toPrecision(3));
      cvStatus.textContent = `5-fold cross-validation of ${name} over ${grid.length} values (${(performance.now() - t0).toFixed(0)} ms): best ${formatLambda(best)}.`;
      document.body.dataset.cv = 'done';
      schedule();
    } catch (e) {
      cvStatus.textContent = (e as { code?: string }).code === 'aborted' ? 'Cross-validation cancelled.' : `Error: ${(e as Error).message}`;
      document.body.dataset.cv = (e as { code?: string }).code === 'aborted' ? 'cancelled' : 'error';
    } finally {
      cvRun = undefined;
      cvButton.textContent = 'Cross-validate λ';
    }
  });

  /** A method chosen by the visitor starts at the library's suggestion for the problem on screen. */
  function applySuggestion() {
    if (!data || dataKey !== problemKey(state)) return;
    const info = sc.info.methods.find((m) => m.name === state.method);
    const suggested = suggestedSliders(sc, info, data, methodOptions(info, state, sparsityOf(data)), LIMITS.lambda[0]);
    for (const key of ['lambda', 'lambda2'] as const) {
      const x = suggested[key];
      if (x !== undefined) state[key] = Number(Math.min(LIMITS[key][1], Math.max(LIMITS[key][0], x)).toPrecision(3));
    }
  }
  taskSelect.addEventListener('change', () => { state.task = taskSelect.value as DemoState['task']; fillMethods(); schedule(); });
  $('play-new').addEventListener('click', () => { state.seed += 1; schedule(); });
  $<HTMLButtonElement>('play-copy').addEventListener('click', (e) => {
    const code = playCode(state, methodOptions(sc.info.methods.find((m) => m.name === state.method), state, data && dataKey === problemKey(state) ? sparsityOf(data) : { s: state.d, groups: state.Q }));
    $('play-code').textContent = code;
    void copy(e.currentTarget as HTMLButtonElement, code);
  });
  /** Shows the state's values (after a preset, a URL change or Back). */
  function refresh() {
    fillMethods();
    showControls();
    showPreset();
    void run();
  }
  return { run, refresh, current: () => data };
}
