// Play: one generated problem, any method beside the Oracle and the baselines. Only the latest
// state is computed: input is coalesced to one run per frame, a new run aborts the one in
// flight, and the figures are dimmed while they are stale. Convex methods refit from the
// previous model when only λ moved (the answer does not depend on the start); the others start
// as a fresh page would, so a URL always shows the same fit. After each fit, a small error-vs-λ
// path is computed (the Paths view's estimator, fewer points), aborted by the next input.
import { logGrid, type MethodInfo, type Model, type SyntheticData, type MethodName } from 'supclust';
import { BASELINE_CV, BASELINES, fitBaselines } from './baselines.js';
import { shortName, tally, tallySentence, verdict } from './claims.js';
import { playCode } from './code.js';
import { fitProgress } from './controls.js';
import { hasLambda2, isPrior, methodOptions, methodsFor, suggestedSliders, warmStartable, type Context } from './context.js';
import { $, copy, el, failed, table, widthOf } from './dom.js';
import { ABOUT, LABELS, METRICS } from './explain.js';
import { formatLambda, formatNumber } from './format.js';
import { adjustedRand, distinctPartition } from './partition.js';
import { distinctValues, errorName, errorOf, fitAlong, gridWith, sweptWeight, testError } from './path.js';
import { overSeeds, SEEDS } from './seeds.js';
import * as plots from './plots.js';
import { PRESETS } from './presets.js';
import { generateProblem, problemKey, sparsityOf } from './problem.js';
import { LIMITS, type DemoState } from './state.js';

const PROBLEM = ['n', 'd', 'Q', 'sigma', 'rho', 'seed'] as const;
const logRange = (key: 'lambda' | 'lambda2') => ({ min: String(Math.log10(LIMITS[key][0])), max: String(Math.log10(LIMITS[key][1])) });

/** Why a fit's status deserves a word on the page ('' when it converged). */
function statusNote(label: string, m: Model): string {
  if (m.status === 'converged') return '';
  if (m.status === 'max-iterations')
    return `${label} stopped at its iteration limit (${m.iterations} iterations) before converging: its figures are those of the last iterate.`;
  return `${label}: ${m.status}${m.message ? ` (${m.message})` : ''}.`;
}

/** A fit on the page: Play's method, the Oracle or a baseline, with its weights in words. */
interface Fit {
  method: string;
  role: 'method' | 'oracle' | 'baseline';
  label: string;
  model: Model;
  time: string;
  weight: string;
  lambda?: number;
  atEdge?: boolean;
}
interface ScoredFit extends Fit {
  test: number;
  error: number;
  ari: number;
  labels: Int32Array | number[];
  groups: number;
  assigned?: number;
}

/** How the method's weight on screen was chosen. */
type Origin = 'set' | 'suggested' | 'cv';
const ORIGIN: Record<Origin, string> = { set: 'as set', suggested: 'suggested for this problem', cv: '5-fold CV' };
const WEIGHTS: [string, string][] = [
  ['lambda1', 'λ1'],
  ['lambda2', 'λ2'],
  ['lambda3', 'λ3'],
  ['gamma', 'γ'],
  ['lambda', 'λ'],
];

/** A fit's weights in words: "λ1 = 1e-6, λ2 = 0.0032 (suggested for this problem)". */
function weightText(info: MethodInfo | undefined, options: Record<string, unknown>, origin: Origin): string {
  const shown = WEIGHTS.filter(([k]) => typeof options[k] === 'number').map(
    ([k, name]) => `${name} = ${formatLambda(options[k] as number)}`,
  );
  const text = shown.length ? shown.join(', ') : 'its default';
  return info ? `${text} (${ORIGIN[origin]})` : text;
}

/** Methods whose iterations Play can replay (projected gradient onto a structure), and how. */
const ITERATED = ['ihc', 'ihcs', 'iht'];
const MAX_FRAMES = 40,
  FRAME_MS = 400;

export function mountPlay(ctx: Context, onChange: () => void) {
  const { sc, state } = ctx;
  const input = (id: string) => $<HTMLInputElement>(`play-${id}`);
  const methodSelect = $<HTMLSelectElement>('play-method'),
    taskSelect = $<HTMLSelectElement>('play-task');
  const presetSelect = $<HTMLSelectElement>('play-preset');
  const overlayBoxes = [...document.querySelectorAll<HTMLInputElement>('input[name="overlay"]')];
  let data: SyntheticData | undefined,
    dataKey = '';
  let last: { method: string; key: string; model: Model } | undefined;
  let generation = 0;
  /** How the method's weight was chosen, and whether the next run must suggest it anew (the
   * problem changed). */
  let origin: Origin = 'set',
    resuggest = false;
  let inFlight: AbortController | undefined, pathInFlight: AbortController | undefined;

  function fillMethods() {
    const methods = methodsFor(sc, state.task);
    if (!methods.some((m) => m.name === state.method)) state.method = 'ihc';
    methodSelect.replaceChildren(
      ...methods.map((m) => el('option', { value: m.name, textContent: LABELS[m.name] ?? m.name, selected: m.name === state.method })),
    );
    methodSelect.value = state.method;
  }

  const infoOf = (method: string) => sc.info.methods.find((m) => m.name === method);
  /** The cross-validate button names the weight it moves (λ2, γ or λ: the weight a path sweeps). */
  const cvLabel = () => `Cross-validate ${sweptWeight(infoOf(state.method)).name}`;

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
    $('play-lambda').parentElement!.firstChild!.textContent = twoPenalties
      ? 'ℓ1 weight λ1 '
      : isPrior(infoOf(state.method))
        ? 'prior weight γ '
        : 'regularisation λ ';
    $('play-cv').textContent = cvLabel();
    taskSelect.value = state.task;
    input('zero').checked = state.zero;
    input('zero').disabled = state.task === 'classification';
    for (const box of overlayBoxes) box.checked = state.overlays.includes(box.value);
    $('play-about').textContent = `${LABELS[state.method] ?? state.method}: ${ABOUT[state.method] ?? ''}`;
  }

  /** The baselines of the problem on screen, fitted and scored once per problem on Play's instance
   * (a change of λ or method keeps them; a change of problem aborts them). */
  let base: { key: string; abort: AbortController; promise: Promise<ScoredFit[]>; value?: ScoredFit[] } | undefined;
  function baselinesOf(key: string, task: DemoState['task'], d: SyntheticData) {
    if (base?.key !== key) {
      base?.abort.abort();
      const abort = new AbortController();
      const scored = fitBaselines(sc, task, d, abort.signal).then((fitted) =>
        scoreFits(
          fitted.map(
            (b): Fit => ({
              method: b.name,
              role: 'baseline',
              label: LABELS[b.name],
              model: b.model,
              time: `${b.ms.toFixed(0)} ms`,
              weight: `λ = ${formatLambda(b.lambda)} (${BASELINE_CV.folds}-fold CV${b.atEdge ? ', ⚠ an end of the grid' : ''})`,
              lambda: b.lambda,
              atEdge: b.atEdge,
            }),
          ),
          d,
          task,
          abort.signal,
        ),
      );
      const entry: NonNullable<typeof base> = { key, abort, promise: scored };
      entry.promise.then(
        (v) => {
          entry.value = v;
        },
        () => {
          if (base === entry) base = undefined;
        },
      );
      base = entry;
    }
    return base;
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
      const key = problemKey(state);
      if (!data || key !== dataKey) {
        data = await generateProblem(sc, { ...state });
        dataKey = key;
        last = undefined;
      }
      if (mine !== generation) return;
      // A new problem gets the chosen method's suggestion for it (a weight suggested, set or
      // cross-validated for another problem says nothing about this one).
      if (resuggest) {
        resuggest = false;
        if (applySuggestion()) {
          showControls();
          ctx.save();
        }
      }
      const s = { ...state },
        d = data,
        problem = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y };
      const info = sc.info.methods.find((m) => m.name === s.method);
      const options = methodOptions(info, s, sparsityOf(d));
      const warmStart = warmStartable(info) && last && last.method === s.method && last.key === key ? last.model : undefined;
      // "fit time" is compute time: a trivial call first waits out anything still ahead in the
      // worker (an aborted fit's restart), so that the clock starts when the fit can.
      await sc.kmeans1d([0], 1);
      const t0 = performance.now();
      // Its iterations on screen while it runs (a long fit, ADFG at d = 500, takes minutes).
      const model = await sc.fit(
        s.method as MethodName,
        { ...problem, ...options, ...(warmStart ? { warmStart } : {}) },
        { ...control, onProgress: fitProgress(status) },
      );
      const ms = performance.now() - t0;
      const t1 = performance.now();
      const oracleOptions = s.task === 'classification' ? { loss: 'logistic' as const, lambda: 1e-4 } : {};
      const oracle = await sc.fit('oracle', { ...problem, groups: d.groups, ...oracleOptions }, control);
      const oracleMs = performance.now() - t1;
      if (mine !== generation) return; // a newer request superseded this one
      last = { method: s.method, key, model };
      const fits: Fit[] = [
        {
          method: s.method,
          role: 'method',
          label: LABELS[s.method] ?? s.method,
          model,
          time: `${ms.toFixed(1)} ms${warmStart ? ' (warm)' : ''}`,
          weight: weightText(info, options, origin),
        },
        {
          method: 'oracle',
          role: 'oracle',
          label: LABELS.oracle,
          model: oracle,
          time: `${oracleMs.toFixed(1)} ms`,
          weight: `${weightText(undefined, oracleOptions, 'set')} (knows the groups)`,
        },
      ];
      const scored = await scoreFits(fits, d, s.task, control.signal);
      if (mine !== generation) return;
      const baselines = baselinesOf(key, s.task, d);
      if (!baselines.value) {
        void render(s, d, scored, model, true);
        status.textContent = 'Cross-validating ridge and the lasso…';
      }
      // The baselines may fail where the method did not (a fold without one of the classes): the
      // method's answer stays on screen, with the reason in their place.
      let more: ScoredFit[] = [],
        unavailable: string | undefined;
      try {
        more = await baselines.promise;
      } catch (e) {
        if (mine !== generation) return;
        unavailable = (e as Error).message;
      }
      if (mine !== generation) return;
      await render(s, d, [...scored, ...more], model, false, unavailable);
      if (mine !== generation) return;
      status.textContent = '';
      document.body.dataset.state = 'done';
      onChange();
      void errorAlongLambda(s, d, scored[0].error, mine);
    } catch (e) {
      if (mine !== generation) return; // superseded (and aborted) by a newer run
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.state = 'error';
    }
  }

  /** Each fit's test error, distance to w*, and groups (its distinct coefficient values; a
   * method's own assignment, such as GEM's centres, is reported apart when it differs). */
  async function scoreFits(fits: Fit[], d: SyntheticData, task: DemoState['task'], signal: AbortSignal): Promise<ScoredFit[]> {
    const predictions: Float64Array[] = [];
    for (const f of fits) predictions.push(await sc.predict(f.model, d.Xtest, d.nTest));
    if (signal.aborted) return [];
    return fits.map((f, i) => {
      const distinct = distinctPartition(f.model.coef, f.model.outputs);
      return {
        ...f,
        test: testError(task, predictions[i], d.ytest),
        error: errorOf(task, d.coef, f.model.coef),
        ari: adjustedRand(d.groups, distinct.labels),
        labels: distinct.labels,
        groups: distinct.groups,
        assigned: distinct.groups !== f.model.centroids.length / f.model.outputs ? adjustedRand(d.groups, f.model.groups) : undefined,
      };
    });
  }

  /** The model whose figures are on screen (or being drawn). */
  let drawn: Model | undefined,
    drawing = Promise.resolve();
  /** The scoreboard, the seed's verdict, the numbers table and the figures; `pending`: the
   * baselines are still being cross-validated (their rows and the comparison follow, and then
   * only the figures that draw them are redrawn). Resolves when every figure is drawn. */
  function render(
    s: DemoState,
    d: SyntheticData,
    summary: ScoredFit[],
    model: Model,
    pending: boolean,
    unavailable?: string,
  ): Promise<void> {
    const metric = s.task === 'classification' ? 'test error rate' : 'test MSE';
    const notes = summary.map((f) => statusNote(f.label, f.model)).filter(Boolean);
    if (unavailable) notes.push(`Ridge and the lasso could not be cross-validated on this problem, so nothing is compared: ${unavailable}`);
    for (const f of summary) {
      const k = f.model.centroids.length / f.model.outputs;
      if (f.assigned !== undefined)
        notes.push(
          isPrior(infoOf(f.method))
            ? `${f.label} assigns the coefficients to ${k} centres (adjusted Rand ${f.assigned.toFixed(3)}), but its estimate has ${f.groups} distinct values: ` +
                'the coefficients are near their centres, not at them. The table scores the estimate.'
            : `${f.label} reports ${k} groups of nearly equal coefficients (adjusted Rand ${f.assigned.toFixed(3)}), but its estimate has ${f.groups} distinct values. ` +
                'The table scores the estimate.',
        );
      // CGPG's polish by IHC may not move CG's rounded solution: then it returns CG's answer.
      if (f.method === 'cgpg' && f.model.iterations <= 1)
        notes.push(
          `${f.label}: IHC's polish stopped after ${f.model.iterations} iteration — CG's rounded solution is already a fixed point of IHC's step, ` +
            'so CGPG returns CG’s answer (IHC from its own starts may still find a lower objective).',
        );
    }
    for (const f of summary)
      if (f.atEdge)
        notes.push(
          `${f.label}’s cross-validated λ is an end of the grid (${formatLambda(LIMITS.lambda[1])} … ${formatLambda(LIMITS.lambda[0])}): its best weight may lie beyond it.`,
        );
    // A pairwise penalty that forms no groups here says so, with where to look.
    const own = summary[0];
    if (hasLambda2(sc.info.methods.find((m) => m.name === s.method)) && own.ari < 0.2)
      notes.push(
        `${own.label} does not group on this problem at these weights: its estimate has ${own.groups} distinct values (adjusted Rand ${own.ari.toFixed(3)}). ` +
          'Paths maps it over λ1 × λ2; the preset “penalties group” is a problem where the pairwise penalties do.',
      );
    if (s.task === 'classification' && s.n < 10 * s.d)
      notes.push(
        `With n = ${s.n} labels for d = ${s.d} coefficients, classification cannot pin the groups down: a 0/1 label says much less than a value. ` +
          'The “classification” preset (n = 600, d = 20, Q = 3) gives 30 labels per coefficient.',
      );
    const compared = summary.filter((f) => f.role !== 'oracle');
    const shown = pending ? [...compared, ...BASELINES.map((name) => ({ method: name, role: 'baseline' as const }))] : compared;
    $('play-scoreboard').replaceChildren(
      table(
        '',
        ['fit', metric, errorName(s.task), 'groups', 'adjusted Rand'],
        shown.map((f) =>
          'model' in f
            ? [shortName(f.method, f.role === 'baseline'), formatNumber(f.test), formatNumber(f.error), f.groups, f.ari.toFixed(3)]
            : [shortName(f.method, true), 'cross-validating λ…', '', '', ''],
        ),
        shown.map((f) => ({ method: f.method, role: f.role })),
      ),
    );
    const comparable = !pending && compared.length > 1;
    $('play-verdict').textContent = comparable
      ? verdict(
          compared.map((f) => ({ method: f.method, name: shortName(f.method, f.role === 'baseline'), error: f.error, test: f.test })),
          s.seed,
          metric,
        )
      : '';
    $('play-seeds').hidden = !comparable;
    seedsRun?.abort(); // its count was for the comparison this one replaces
    $('play-seeds-result').textContent = '';
    $('play-summary').dataset.d = String(d.nCols);
    $('play-summary').dataset.baselines = pending ? 'pending' : 'done';
    $('play-summary').replaceChildren(
      table(
        `On ${d.nTest} test samples; ${errorName(s.task)} against the true coefficients; each row’s weight and how it was chosen`,
        ['method', 'weight', metric, errorName(s.task), 'adjusted Rand', 'groups', 'iterations', 'fit time'],
        summary.map((f) => [
          f.label,
          f.weight,
          formatNumber(f.test),
          formatNumber(f.error),
          f.ari.toFixed(3),
          f.groups,
          f.model.status === 'converged' ? f.model.iterations : `${f.model.iterations} ⚠`,
          f.time,
        ]),
        summary.map((f, i) => ({
          method: f.method,
          role: f.role,
          status: f.model.status,
          error: String(f.error),
          test: String(f.test),
          groups: String(f.groups),
          iterations: String(f.model.iterations),
          ...(i === 0 ? { ari: String(f.ari), ...(f.assigned !== undefined ? { assigned: String(f.assigned) } : {}) } : {}),
          ...(f.lambda !== undefined ? { lambda: String(f.lambda) } : {}),
        })),
      ),
      ...notes.map((text) => el('p', { className: 'warning', textContent: `⚠ ${text}` })),
    );
    const figures = $('play-figures'),
      width = widthOf(figures, 900);
    const found = summary[0].groups;
    const byName: Record<string, Model> = Object.fromEntries(summary.filter((f) => f.role !== 'method').map((f) => [f.method, f.model]));
    const overlays = s.overlays.filter((o) => byName[o]).map((o) => ({ name: o, model: byName[o] }));
    const label = LABELS[s.method] ?? s.method;
    const params = {
      X: d.X,
      nRows: d.nRows,
      nCols: d.nCols,
      y: d.y,
      ...methodOptions(
        sc.info.methods.find((m) => m.name === s.method),
        s,
        sparsityOf(d),
      ),
    };
    // The figures with the baselines drawn in: redrawn when the baselines arrive.
    const compare = () => [
      plots.coefficients(d.coef, model, `${label}: estimates against the truth (black steps)`, width, overlays),
      plots.coefficientErrors(d.coef, model, `${label}: each estimate’s error ŵ − w*`, width, overlays),
    ];
    if (drawn === model && !pending) {
      // the method's own figures are on screen already
      const [a, b] = compare();
      figures.children[0].replaceWith(a);
      figures.children[1].replaceWith(b);
      return drawing; // the rest, still being drawn or done
    }
    drawn = model;
    // The others, one per task after the first (no long task on the main thread).
    const rest: (() => HTMLElement)[] = [
      ...(ITERATED.includes(s.method) && model.iterations > 1 ? [() => iterationsPlayer(s, d, params, model, width)] : []),
      ...(found <= 20 ? [() => plots.partition(d.groups, summary[0].labels, summary[0].ari, width)] : []),
      () => plots.weightHistogram(model, `${label}: histogram of the coefficients`, width),
      ...(model.history.length > 1 ? [() => plots.trace(model, width)] : []),
      () => el('div', { id: 'play-error-path' }),
    ];
    figures.replaceChildren(...compare());
    return (drawing = (async () => {
      for (const figure of rest) {
        await new Promise((r) => setTimeout(r, 0));
        if (drawn !== model) return; // a newer render took over
        figures.append(figure());
      }
    })());
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
          if (!box.isConnected) return; // Play moved on
          box.replaceChildren(
            plots.coefficients(d.coef, frame, `${LABELS[s.method] ?? s.method} after ${k + 1} of ${model.iterations} iterations`, width),
            button,
          );
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
    const swept = sweptWeight(sc.info.methods.find((m) => m.name === s.method)),
      current = s[swept.key];
    box.textContent = `Computing the error along ${swept.name}…`;
    const stats: plots.PathStat[] = [];
    try {
      const grid = gridWith(13, swept.key, current);
      await fitAlong(sc, s, d, grid, abort.signal, (lambda, model, done) => {
        box.textContent = `Computing the error along ${swept.name}: ${done} of ${grid.length} fits…`;
        stats.push({ lambda, groups: distinctValues(model.coef), error: Math.max(1e-6, errorOf(s.task, d.coef, model.coef)) });
      });
      if (mine !== generation) return;
      box.replaceChildren(
        plots.errorPath(stats, current, errorName(s.task), widthOf(box, 620), `${errorName(s.task)} along ${swept.name}`, swept.name),
      );
      const here = stats.find((p) => p.lambda === current)!;
      // The same fit as Play's (start-dependent methods: the same call, to the bit; convex ones
      // warm-started along the grid: the same minimiser, to the solver's tolerance).
      box.dataset.agrees = String(Math.abs(here.error - Math.max(1e-6, playError)) <= 1e-6 * Math.max(1, playError));
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
  $('play-glossary').replaceChildren(
    ...METRICS.flatMap(([term, meaning]) => [el('dt', { textContent: term }), el('dd', { textContent: meaning })]),
  );
  presetSelect.append(...PRESETS.map((p) => el('option', { value: p.id, textContent: p.label })));
  presetSelect.addEventListener('change', () => {
    const preset = PRESETS.find((p) => p.id === presetSelect.value);
    if (!preset) return;
    Object.assign(state, preset.state); // a preset sets its weights: they are not suggested anew
    fillMethods();
    origin = 'set';
    resuggest = false;
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
      resuggest = true;
      schedule();
    });
  for (const key of ['lambda', 'lambda2'] as const)
    input(key).addEventListener('input', () => {
      state[key] = Number((10 ** Number(input(key).value)).toPrecision(3));
      origin = 'set';
      schedule();
    });
  input('zero').addEventListener('change', () => {
    state.zero = input('zero').checked;
    resuggest = true;
    schedule();
  });
  for (const box of overlayBoxes)
    box.addEventListener('change', () => {
      state.overlays = overlayBoxes.filter((b) => b.checked).map((b) => b.value);
      schedule();
    });
  methodSelect.addEventListener('change', () => {
    state.method = methodSelect.value;
    if (data && dataKey === problemKey(state)) applySuggestion();
    else resuggest = true;
    schedule();
  });
  // One click: 5-fold cross-validation of the slider's weight (λ2 for the pairwise penalties, γ
  // for the priors, else λ) over its range, on the background instance; the best is set.
  const cvButton = $<HTMLButtonElement>('play-cv'),
    cvStatus = $('play-cv-status');
  let cvRun: AbortController | undefined;
  cvButton.addEventListener('click', async () => {
    if (cvRun) {
      cvRun.abort();
      return;
    }
    if (!data || dataKey !== problemKey(state)) return;
    const info = sc.info.methods.find((m) => m.name === state.method);
    const options = methodOptions(info, state, sparsityOf(data));
    const name = 'lambda2' in options ? 'lambda2' : 'gamma' in options ? 'gamma' : 'lambda' in options ? 'lambda' : undefined;
    if (!info || !name) {
      cvStatus.textContent = `${LABELS[state.method] ?? state.method} has no weight to cross-validate.`;
      return;
    }
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
      const progress = (offset: number, all: number) => ({
        signal: mine.signal,
        onProgress: ({ done, total }: { done: number; total: number }) => {
          cvStatus.textContent = `Cross-validating ${name}: ${offset * total + done}/${all * total} fits…`;
        },
      });
      let best: number;
      if (!ratio) {
        const cv = await runner.crossValidate(state.method as MethodName, problem, { grid: { [name]: grid } } as never, progress(0, 1));
        best = (cv.best as Record<string, number>)[name];
      } else {
        // One point at a time (a grid is a Cartesian product): the same folds (seed), the lowest mean.
        const means: number[] = [];
        for (const [i, g] of grid.entries())
          means.push(
            (
              await runner.crossValidate(
                state.method as MethodName,
                problem,
                { grid: { lambda2: [g], lambda3: [g * ratio] } } as never,
                progress(i, grid.length),
              )
            ).grid[0].mean,
          );
        best = grid[means.indexOf(Math.min(...means))];
      }
      state[key] = Number(best.toPrecision(3));
      origin = 'cv';
      cvStatus.textContent = `5-fold cross-validation of ${name} over ${grid.length} values (${(performance.now() - t0).toFixed(0)} ms): best ${formatLambda(best)}.`;
      document.body.dataset.cv = 'done';
      schedule();
    } catch (e) {
      failed(e, cvStatus, 'cv', 'Cross-validation cancelled.');
    } finally {
      cvRun = undefined;
      cvButton.textContent = cvLabel();
    }
  });

  // One click: the comparison on screen over seeds 1–20, counted (on the background instance).
  const seedsButton = $<HTMLButtonElement>('play-seeds'),
    seedsResult = $('play-seeds-result');
  const seedsLabel = `Over ${SEEDS.count} seeds?`;
  seedsButton.textContent = seedsLabel;
  let seedsRun: AbortController | undefined;
  seedsButton.addEventListener('click', async () => {
    if (seedsRun) {
      seedsRun.abort();
      return;
    }
    const mine = (seedsRun = new AbortController()),
      s = { ...state };
    seedsButton.textContent = 'Cancel';
    document.body.dataset.seeds = 'running';
    try {
      const runner = await ctx.background();
      const perSeed = await overSeeds(runner, s, origin === 'suggested', mine.signal, (done) => {
        seedsResult.textContent = `Seed ${done} of ${SEEDS.count} done…`;
      });
      seedsResult.textContent = tallySentence(tally(perSeed), SEEDS.first, s.task === 'classification' ? 'test error rate' : 'test MSE');
      document.body.dataset.seeds = 'done';
    } catch (e) {
      failed(e, seedsResult, 'seeds');
    } finally {
      seedsRun = undefined;
      seedsButton.textContent = seedsLabel;
    }
  });

  /** A method chosen by the visitor, or a new problem, gets the library's suggestion for the
   * problem on screen (`data`); false when the method declares none (its weight stays as set;
   * one cross-validated for another problem is then merely set). */
  function applySuggestion(): boolean {
    const info = sc.info.methods.find((m) => m.name === state.method);
    const suggested = suggestedSliders(sc, info, data!, methodOptions(info, state, sparsityOf(data!)));
    Object.assign(state, suggested);
    const applied = Object.keys(suggested).length > 0;
    origin = applied ? 'suggested' : 'set';
    return applied;
  }
  taskSelect.addEventListener('change', () => {
    state.task = taskSelect.value as DemoState['task'];
    fillMethods();
    resuggest = true;
    schedule();
  });
  $('play-new').addEventListener('click', () => {
    state.seed += 1;
    resuggest = true;
    schedule();
  });
  $<HTMLButtonElement>('play-copy').addEventListener('click', (e) => {
    const code = playCode(
      state,
      methodOptions(
        sc.info.methods.find((m) => m.name === state.method),
        state,
        data && dataKey === problemKey(state) ? sparsityOf(data) : { s: state.d, groups: state.Q },
      ),
    );
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
