// Play: one generated problem, any method beside the Oracle and the baselines. Only the latest
// state is computed: input is coalesced to one run per frame, a new run aborts the one in
// flight, and the figures are dimmed while they are stale. Convex methods refit from the
// previous model when only λ moved (the answer does not depend on the start); the others start
// as a fresh page would, so a URL always shows the same fit. After each fit, a small error-vs-λ
// path is computed (the Paths view's estimator, fewer points), aborted by the next input.
// The fits and their scores are playFits', the words and tables playReport's, the runs on
// demand (iterations, error path, cross-validation, seeds) playRuns'.
import type { MethodName, Model, SyntheticData } from 'supclust';
import { playCode } from './code.js';
import { fitProgress } from './controls.js';
import { hasLambda2, isPrior, methodOptions, methodsFor, suggestedSliders, warmStartable, type Context } from './context.js';
import { $, copy, el, widthOf } from './dom.js';
import { ABOUT, LABELS, METRICS } from './explain.js';
import { formatLambda, formatNumber } from './format.js';
import { sweptWeight } from './path.js';
import { Baselines, scoreFits, weightText, type Fit, type Origin, type ScoredFit } from './playFits.js';
import { playNotes, showScoreboard, showSummary } from './playReport.js';
import { errorAlongLambda, iterationsPlayer, mountCrossValidation, mountSeeds } from './playRuns.js';
import * as plots from './plots.js';
import { PRESETS } from './presets.js';
import { generateProblem, problemKey, sparsityOf } from './problem.js';
import { LIMITS, type DemoState } from './state.js';

const PROBLEM = ['n', 'd', 'Q', 'sigma', 'rho', 'seed'] as const;
const logRange = (key: 'lambda' | 'lambda2') => ({ min: String(Math.log10(LIMITS[key][0])), max: String(Math.log10(LIMITS[key][1])) });

/** Methods whose iterations Play can replay (projected gradient onto a structure). */
const ITERATED = ['ihc', 'ihcs', 'iht'];

const input = (id: string) => $<HTMLInputElement>(`play-${id}`);

class Play {
  readonly methodSelect = $<HTMLSelectElement>('play-method');
  readonly taskSelect = $<HTMLSelectElement>('play-task');
  readonly presetSelect = $<HTMLSelectElement>('play-preset');
  readonly overlayBoxes = [...document.querySelectorAll<HTMLInputElement>('input[name="overlay"]')];
  data: SyntheticData | undefined;
  dataKey = '';
  /** How the method's weight was chosen, and whether the next run must suggest it anew (the
   * problem changed). */
  origin: Origin = 'set';
  resuggest = false;
  private last: { method: string; key: string; model: Model } | undefined;
  private generation = 0;
  private inFlight: AbortController | undefined;
  private pathInFlight: AbortController | undefined;
  private readonly baselines: Baselines;
  private readonly seeds: { reset(): void };
  /** The model whose figures are on screen (or being drawn). */
  private drawn: Model | undefined;
  private drawing = Promise.resolve();
  private scheduled = false;

  constructor(
    readonly ctx: Context,
    private readonly onChange: () => void,
  ) {
    this.baselines = new Baselines(ctx.sc);
    this.seeds = mountSeeds(ctx, () => this.origin === 'suggested');
    mountCrossValidation(
      ctx,
      () => this.problemOnScreen(),
      () => this.cvLabel(),
      (key, value) => {
        ctx.state[key] = value;
        this.origin = 'cv';
        this.schedule();
      },
    );
  }

  get state(): DemoState {
    return this.ctx.state;
  }

  infoOf(method: string) {
    return this.ctx.sc.info.methods.find((m) => m.name === method);
  }

  /** The problem on screen, when it is the state's. */
  problemOnScreen(): SyntheticData | undefined {
    return this.data && this.dataKey === problemKey(this.state) ? this.data : undefined;
  }

  /** The cross-validate button names the weight it moves (λ2, γ or λ: the weight a path sweeps). */
  cvLabel() {
    return `Cross-validate ${sweptWeight(this.infoOf(this.state.method)).name}`;
  }

  fillMethods() {
    const { state } = this;
    const methods = methodsFor(this.ctx.sc, state.task);
    if (!methods.some((m) => m.name === state.method)) state.method = 'ihc';
    this.methodSelect.replaceChildren(
      ...methods.map((m) => el('option', { value: m.name, textContent: LABELS[m.name] ?? m.name, selected: m.name === state.method })),
    );
    this.methodSelect.value = state.method;
  }

  showControls() {
    const { state } = this;
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
    const info = this.infoOf(state.method);
    const twoPenalties = hasLambda2(info);
    $('play-lambda2-box').hidden = !twoPenalties;
    $('play-lambda').parentElement!.firstChild!.textContent = twoPenalties
      ? 'ℓ1 weight λ1 '
      : isPrior(info)
        ? 'prior weight γ '
        : 'regularisation λ ';
    $('play-cv').textContent = this.cvLabel();
    this.taskSelect.value = state.task;
    input('zero').checked = state.zero;
    input('zero').disabled = state.task === 'classification';
    for (const box of this.overlayBoxes) box.checked = state.overlays.includes(box.value);
    $('play-about').textContent = `${LABELS[state.method] ?? state.method}: ${ABOUT[state.method] ?? ''}`;
  }

  /** The preset the state is at (every value of it), selected and explained; none: no note. */
  showPreset() {
    const active = PRESETS.find((p) =>
      Object.entries(p.state).every(([k, v]) => (this.state as unknown as Record<string, unknown>)[k] === v),
    );
    this.presetSelect.value = active?.id ?? '';
    const note = $('play-preset-note');
    note.textContent = active ? `Preset “${active.label}”: ${active.note}` : '';
    note.hidden = !active;
  }

  /** One run per frame at most, for the latest state. */
  schedule() {
    this.showControls();
    this.ctx.save();
    this.onChange();
    if (this.scheduled) return;
    this.scheduled = true;
    this.showPreset();
    requestAnimationFrame(() => {
      this.scheduled = false;
      void this.run();
    });
  }

  /** A method chosen by the visitor, or a new problem, gets the library's suggestion for the
   * problem on screen (`data`); false when the method declares none (its weight stays as set;
   * one cross-validated for another problem is then merely set). */
  applySuggestion(): boolean {
    const info = this.infoOf(this.state.method);
    const suggested = suggestedSliders(this.ctx.sc, info, this.data!, methodOptions(info, this.state, sparsityOf(this.data!)));
    Object.assign(this.state, suggested);
    const applied = Object.keys(suggested).length > 0;
    this.origin = applied ? 'suggested' : 'set';
    return applied;
  }

  /** Shows the state's values (after a preset, a URL change or Back). */
  refresh() {
    this.fillMethods();
    this.showControls();
    this.showPreset();
    void this.run();
  }

  async run() {
    const { sc } = this.ctx;
    const mine = ++this.generation;
    const current = () => mine === this.generation;
    this.inFlight?.abort();
    this.pathInFlight?.abort();
    const control = { signal: (this.inFlight = new AbortController()).signal };
    document.body.dataset.state = 'running';
    const status = $('play-status');
    status.textContent = 'Fitting…';
    try {
      const key = problemKey(this.state);
      if (!this.data || key !== this.dataKey) {
        this.data = await generateProblem(sc, { ...this.state });
        this.dataKey = key;
        this.last = undefined;
      }
      if (!current()) return;
      // A new problem gets the chosen method's suggestion for it (a weight suggested, set or
      // cross-validated for another problem says nothing about this one).
      if (this.resuggest) {
        this.resuggest = false;
        if (this.applySuggestion()) {
          this.showControls();
          this.ctx.save();
        }
      }
      const s = { ...this.state },
        d = this.data;
      const scored = await this.fitOwn(s, d, key, control, status);
      if (!current() || !scored) return;
      const baselines = this.baselines.of(key, s.task, d);
      if (!baselines.value) {
        void this.render(s, d, scored, true);
        status.textContent = 'Cross-validating ridge and the lasso…';
      }
      // The baselines may fail where the method did not (a fold without one of the classes): the
      // method's answer stays on screen, with the reason in their place.
      let more: ScoredFit[] = [],
        unavailable: string | undefined;
      try {
        more = await baselines.promise;
      } catch (e) {
        if (!current()) return;
        unavailable = (e as Error).message;
      }
      if (!current()) return;
      await this.render(s, d, [...scored, ...more], false, unavailable);
      if (!current()) return;
      status.textContent = '';
      document.body.dataset.state = 'done';
      this.onChange();
      this.pathInFlight = new AbortController();
      void errorAlongLambda(sc, s, d, scored[0].error, this.pathInFlight.signal, current);
    } catch (e) {
      if (!current()) return; // superseded (and aborted) by a newer run
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.state = 'error';
    }
  }

  /** The method's fit and the Oracle's, scored; undefined when a newer run superseded this one. */
  private async fitOwn(s: DemoState, d: SyntheticData, key: string, control: { signal: AbortSignal }, status: HTMLElement) {
    const { sc } = this.ctx;
    const mine = this.generation;
    const problem = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y };
    const info = this.infoOf(s.method);
    const options = methodOptions(info, s, sparsityOf(d));
    const last = this.last;
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
    if (mine !== this.generation) return undefined; // a newer request superseded this one
    this.last = { method: s.method, key, model };
    const fits: Fit[] = [
      {
        method: s.method,
        role: 'method',
        label: LABELS[s.method] ?? s.method,
        model,
        time: `${ms.toFixed(1)} ms${warmStart ? ' (warm)' : ''}`,
        weight: weightText(info, options, this.origin),
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
    return scoreFits(sc, fits, d, s.task, control.signal);
  }

  /** The scoreboard, the seed's verdict, the numbers table and the figures; `pending`: the
   * baselines are still being cross-validated (their rows and the comparison follow, and then
   * only the figures that draw them are redrawn). Resolves when every figure is drawn. */
  private render(s: DemoState, d: SyntheticData, summary: ScoredFit[], pending: boolean, unavailable?: string): Promise<void> {
    const model = summary[0].model;
    const notes = playNotes(this.ctx.sc, s, summary, unavailable);
    $('play-seeds').hidden = !showScoreboard(s, summary, pending);
    this.seeds.reset(); // its count was for the comparison this one replaces
    showSummary(s, d, summary, pending, notes);
    const figures = $('play-figures'),
      width = widthOf(figures, 900);
    const found = summary[0].groups;
    const byName: Record<string, Model> = Object.fromEntries(summary.filter((f) => f.role !== 'method').map((f) => [f.method, f.model]));
    const overlays = s.overlays.filter((o) => byName[o]).map((o) => ({ name: o, model: byName[o] }));
    const label = LABELS[s.method] ?? s.method;
    const params = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y, ...methodOptions(this.infoOf(s.method), s, sparsityOf(d)) };
    // The figures with the baselines drawn in: redrawn when the baselines arrive.
    const compare = [
      () => plots.coefficients(d.coef, model, `${label}: estimates against the truth (black steps)`, width, overlays),
      () => plots.coefficientErrors(d.coef, model, `${label}: each estimate’s error ŵ − w*`, width, overlays),
    ];
    // Each figure in a task of its own (no long task on the main thread): a newer render takes over between them.
    const drawEach = async (steps: (() => void)[]) => {
      for (const [i, draw] of steps.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, 0));
        if (this.drawn !== model) return;
        draw();
      }
    };
    if (this.drawn === model && !pending) {
      // the method's own figures are on screen, or being drawn: these two are redrawn after them
      this.drawing = this.drawing.then(() => drawEach(compare.map((figure, i) => () => figures.children[i].replaceWith(figure()))));
      return this.drawing;
    }
    this.drawn = model;
    const rest: (() => HTMLElement)[] = [
      ...(ITERATED.includes(s.method) && model.iterations > 1 ? [() => iterationsPlayer(this.ctx, s, d, params, model, width)] : []),
      ...(found <= 20 ? [() => plots.partition(d.groups, summary[0].labels, summary[0].ari, width)] : []),
      () => plots.weightHistogram(model, `${label}: histogram of the coefficients`, width),
      ...(model.history.length > 1 ? [() => plots.trace(model, width)] : []),
      () => el('div', { id: 'play-error-path' }),
    ];
    figures.replaceChildren();
    this.drawing = drawEach([...compare, ...rest].map((figure) => () => figures.append(figure())));
    return this.drawing;
  }
}

/** The controls' listeners: each input changes the state and schedules one run. */
function wireControls(play: Play) {
  const { state } = play.ctx;
  // On a phone the controls start folded, so that the first figure is on the first screen.
  if (matchMedia('(max-width: 640px)').matches) $<HTMLDetailsElement>('play-controls-box').open = false;
  $('play-glossary').replaceChildren(
    ...METRICS.flatMap(([term, meaning]) => [el('dt', { textContent: term }), el('dd', { textContent: meaning })]),
  );
  play.presetSelect.append(...PRESETS.map((p) => el('option', { value: p.id, textContent: p.label })));
  play.presetSelect.addEventListener('change', () => {
    const preset = PRESETS.find((p) => p.id === play.presetSelect.value);
    if (!preset) return;
    Object.assign(state, preset.state); // a preset sets its weights: they are not suggested anew
    play.fillMethods();
    play.origin = 'set';
    play.resuggest = false;
    play.schedule();
  });
  for (const k of PROBLEM)
    input(k).addEventListener('input', () => {
      const [min, max, integer] = LIMITS[k];
      const x = Number(input(k).value);
      if (!Number.isFinite(x)) return;
      state[k] = Math.min(max, Math.max(min, integer ? Math.round(x) : x));
      if (state.Q > state.d) state.Q = state.d;
      play.resuggest = true;
      play.schedule();
    });
  for (const key of ['lambda', 'lambda2'] as const)
    input(key).addEventListener('input', () => {
      state[key] = Number((10 ** Number(input(key).value)).toPrecision(3));
      play.origin = 'set';
      play.schedule();
    });
  input('zero').addEventListener('change', () => {
    state.zero = input('zero').checked;
    play.resuggest = true;
    play.schedule();
  });
  for (const box of play.overlayBoxes)
    box.addEventListener('change', () => {
      state.overlays = play.overlayBoxes.filter((b) => b.checked).map((b) => b.value);
      play.schedule();
    });
  play.methodSelect.addEventListener('change', () => {
    state.method = play.methodSelect.value;
    if (play.problemOnScreen()) play.applySuggestion();
    else play.resuggest = true;
    play.schedule();
  });
  play.taskSelect.addEventListener('change', () => {
    state.task = play.taskSelect.value as DemoState['task'];
    play.fillMethods();
    play.resuggest = true;
    play.schedule();
  });
  $('play-new').addEventListener('click', () => {
    state.seed += 1;
    play.resuggest = true;
    play.schedule();
  });
  $<HTMLButtonElement>('play-copy').addEventListener('click', (e) => {
    const d = play.problemOnScreen();
    const code = playCode(state, methodOptions(play.infoOf(state.method), state, d ? sparsityOf(d) : { s: state.d, groups: state.Q }));
    $('play-code').textContent = code;
    void copy(e.currentTarget as HTMLButtonElement, code);
  });
}

export function mountPlay(ctx: Context, onChange: () => void) {
  const play = new Play(ctx, onChange);
  wireControls(play);
  play.fillMethods();
  play.showControls();
  play.showPreset();
  return { run: () => play.run(), refresh: () => play.refresh(), current: () => play.data };
}
