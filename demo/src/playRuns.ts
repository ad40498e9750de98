// Play's longer runs beside the fit on screen: the replay of a projected-gradient method's
// iterations, the error along the swept weight, the cross-validation of the slider's weight and
// the comparison over seeds — each cancelable, each on the instance that keeps Play responsive.
import { logGrid, type MethodName, type Model, type Supclust, type SyntheticData } from 'supclust';
import { tally, tallySentence } from './claims.js';
import { methodOptions, type Context } from './context.js';
import { $, el, failed, widthOf } from './dom.js';
import { LABELS } from './explain.js';
import { formatLambda } from './format.js';
import { distinctValues, errorName, errorOf, fitAlong, gridWith, sweptWeight } from './path.js';
import * as plots from './plots.js';
import { metricName } from './playReport.js';
import { sparsityOf } from './problem.js';
import { overSeeds, SEEDS } from './seeds.js';
import { LIMITS, type DemoState } from './state.js';

const MAX_FRAMES = 40,
  FRAME_MS = 400;

/** A button that replays the projected-gradient method's iterations: the fits stopped after
 * 1, 2, … steps (the same start and steps: each is the run cut short), drawn one after another
 * — the projection onto Q values at each step. Computed on the background instance. */
export function iterationsPlayer(
  ctx: Context,
  s: DemoState,
  d: SyntheticData,
  params: Record<string, unknown>,
  model: Model,
  width: number,
): HTMLElement {
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
 * aborts it at once, and no second worker starts with the page); `current`: whether Play's run
 * that asked for it is still the latest. */
export async function errorAlongLambda(
  sc: Supclust,
  s: DemoState,
  d: SyntheticData,
  playError: number,
  signal: AbortSignal,
  current: () => boolean,
) {
  const box = document.getElementById('play-error-path');
  if (!box) return;
  document.body.dataset.errorPath = 'running';
  const swept = sweptWeight(sc.info.methods.find((m) => m.name === s.method)),
    value = s[swept.key];
  box.textContent = `Computing the error along ${swept.name}…`;
  const stats: plots.PathStat[] = [];
  try {
    const grid = gridWith(13, swept.key, value);
    await fitAlong(sc, s, d, grid, signal, (lambda, model, done) => {
      box.textContent = `Computing the error along ${swept.name}: ${done} of ${grid.length} fits…`;
      stats.push({ lambda, groups: distinctValues(model.coef), error: Math.max(1e-6, errorOf(s.task, d.coef, model.coef)) });
    });
    if (!current()) return;
    box.replaceChildren(
      plots.errorPath(stats, value, errorName(s.task), widthOf(box, 620), `${errorName(s.task)} along ${swept.name}`, swept.name),
    );
    const here = stats.find((p) => p.lambda === value)!;
    // The same fit as Play's (start-dependent methods: the same call, to the bit; convex ones
    // warm-started along the grid: the same minimiser, to the solver's tolerance).
    box.dataset.agrees = String(Math.abs(here.error - Math.max(1e-6, playError)) <= 1e-6 * Math.max(1, playError));
    document.body.dataset.errorPath = 'done';
  } catch (e) {
    if (!current() || (e as { code?: string }).code === 'aborted') return;
    box.textContent = `The error along λ could not be computed: ${(e as Error).message}`;
    document.body.dataset.errorPath = 'error';
  }
}

/** One click: 5-fold cross-validation of the slider's weight (λ2 for the pairwise penalties, γ
 * for the priors, else λ) over its range, on the background instance; `chosen` receives the
 * best. `data()`: the problem on screen, when it is the state's. */
export function mountCrossValidation(
  ctx: Context,
  data: () => SyntheticData | undefined,
  label: () => string,
  chosen: (key: 'lambda' | 'lambda2', value: number) => void,
) {
  const { sc, state } = ctx;
  const cvButton = $<HTMLButtonElement>('play-cv'),
    cvStatus = $('play-cv-status');
  let cvRun: AbortController | undefined;
  cvButton.addEventListener('click', async () => {
    if (cvRun) {
      cvRun.abort();
      return;
    }
    const d = data();
    if (!d) return;
    const info = sc.info.methods.find((m) => m.name === state.method);
    const options = methodOptions(info, state, sparsityOf(d));
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
      const problem = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y, ...fixed } as never;
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
      cvStatus.textContent = `5-fold cross-validation of ${name} over ${grid.length} values (${(performance.now() - t0).toFixed(0)} ms): best ${formatLambda(best)}.`;
      document.body.dataset.cv = 'done';
      chosen(key, Number(best.toPrecision(3)));
    } catch (e) {
      failed(e, cvStatus, 'cv', 'Cross-validation cancelled.');
    } finally {
      cvRun = undefined;
      cvButton.textContent = label();
    }
  });
}

/** One click: the comparison on screen over seeds 1–20, counted (on the background instance).
 * `suggested()`: whether the method's weight is the library's suggestion (then suggested anew
 * on every seed). The answer's reset() cancels a count and clears it (the comparison changed). */
export function mountSeeds(ctx: Context, suggested: () => boolean) {
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
      s = { ...ctx.state };
    seedsButton.textContent = 'Cancel';
    document.body.dataset.seeds = 'running';
    try {
      const runner = await ctx.background();
      const perSeed = await overSeeds(runner, s, suggested(), mine.signal, (done) => {
        seedsResult.textContent = `Seed ${done} of ${SEEDS.count} done…`;
      });
      seedsResult.textContent = tallySentence(tally(perSeed), SEEDS.first, metricName(s.task));
      document.body.dataset.seeds = 'done';
    } catch (e) {
      failed(e, seedsResult, 'seeds');
    } finally {
      seedsRun = undefined;
      seedsButton.textContent = seedsLabel;
    }
  });
  return {
    reset() {
      seedsRun?.abort();
      seedsResult.textContent = '';
    },
  };
}
