// Experts: a mixture of linear regressions generated in the page, the experts and the partition
// of the samples fitted by the chosen method, and its figures — with one dimension, the samples and
// the experts found and true as lines in data space; each sample's target against its expert's
// answer (coloured by the expert found, marked by the true one); the contingency grid of found
// against true experts — with the test error of the best answers beside the Oracle's.
import type { MethodName, Model, SyntheticData } from 'supclust';
import type { Context } from './context.js';
import { bindControls, fitProgress } from './controls.js';
import { $, widthOf } from './dom.js';
import { adjustedRand } from './partition.js';
import * as plots from './plots.js';
import type { DemoState } from './state.js';
import { LABELS } from './explain.js';

type Slider = 'expertsN' | 'expertsQ' | 'expertsD' | 'expertsNoise' | 'expertsSigma';
const SLIDERS: [Slider, string][] = [
  ['expertsN', 'n'],
  ['expertsQ', 'Q'],
  ['expertsD', 'd'],
  ['expertsNoise', 'noise'],
  ['expertsSigma', 'sigma'],
];

/** AM with column screening (ours), offered as an entry of its own in the method list. */
export const SCREENED_AM = 'experts-am+screening';
const labelOf = (name: string) => (name === SCREENED_AM ? 'AM with column screening (ours)' : (LABELS[name] ?? name));

/** The method an entry of the list fits. */
export function expertsMethodOf(entry: string): MethodName {
  return (entry === SCREENED_AM ? 'experts-am' : entry) as MethodName;
}

/** The options of an experts fit from the demo's state (Q and λ, ten screening rounds for the
 * screened entry; the oracle its partition). */
export function expertsOptions(s: DemoState, groups?: ArrayLike<number>): Record<string, unknown> {
  if (groups) return { Q: s.expertsQ, lambda: s.expertsLambda, groups: Array.from(groups) };
  return { Q: s.expertsQ, lambda: s.expertsLambda, ...(s.expertsMethod === SCREENED_AM ? { screen: 10 } : {}) };
}

export function mountExperts(ctx: Context) {
  const { sc, state } = ctx;
  const status = $('experts-status'),
    figures = $('experts-figures');
  const method = $<HTMLSelectElement>('experts-method');
  for (const m of sc.info.methods.filter((x) => x.kind === 'experts' && x.name !== 'experts-oracle')) {
    method.append(new Option(LABELS[m.name] ?? m.name, m.name));
    if (m.name === 'experts-am') method.append(new Option(labelOf(SCREENED_AM), SCREENED_AM));
  }
  let abort: AbortController | undefined;

  async function run() {
    abort?.abort();
    const mine = (abort = new AbortController());
    const s = { ...state };
    document.body.dataset.experts = 'running';
    status.textContent = 'Fitting…';
    try {
      // The background instance (its own worker): Play's fits never wait behind these.
      const runner = await ctx.background();
      const data = await runner.generate('experts', {
        n: s.expertsN,
        nTest: 500,
        d: s.expertsD,
        Q: s.expertsQ,
        sigma: s.expertsSigma,
        noiseDims: s.expertsNoise,
        seed: s.expertsSeed,
      });
      const problem = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
      const t0 = performance.now();
      const model: Model = await runner.fit(expertsMethodOf(s.expertsMethod), { ...problem, ...expertsOptions(s) } as never, {
        signal: mine.signal,
        onProgress: fitProgress(status),
      });
      const ms = performance.now() - t0;
      const oracle: Model = await runner.fit('experts-oracle', { ...problem, ...expertsOptions(s, data.groups) } as never, {
        signal: mine.signal,
      });
      const [test, best, gated] = await Promise.all([
        runner.expertError(model, data.Xtest, data.ytest, data.nTest, data.nCols),
        runner.expertError(oracle, data.Xtest, data.ytest, data.nTest, data.nCols),
        runner.predict(model, data.Xtest, data.nTest, data.nCols),
      ]);
      if (mine.signal.aborted) return;
      const gatedMse = gated.reduce((t, z, i) => t + (z - data.ytest[i]) ** 2, 0) / data.nTest;
      const { answers } = await runner.expertAnswers(model, data.X, data.nRows, data.nCols);
      const points = Array.from({ length: data.nRows }, (_, i) => ({
        answer: answers[i * model.outputs + model.groups[i]],
        y: data.y[i],
        found: model.groups[i] + 1,
        truth: data.groups[i] + 1,
      }));
      const ari = adjustedRand(data.groups, model.groups);
      const width = widthOf(figures, 900);
      figures.replaceChildren(
        dataSpace(data, model, width),
        plots.expertsScatter(points, width),
        plots.partition(data.groups, model.groups, ari, width, 'samples'),
      );
      status.textContent =
        `${labelOf(s.expertsMethod)}: ${ms.toFixed(0)} ms, ${model.iterations} iterations (${model.status}); ` +
        `test MSE of the best answers ${test.mse.toPrecision(3)} (the Oracle’s, fitted on the true partition: ${best.mse.toPrecision(3)}); ` +
        `adjusted Rand index with the true partition ${ari.toFixed(3)}. The best answers are chosen with the test targets ` +
        `(the papers' setting); predicting a new row by the gate gives test MSE ${gatedMse.toPrecision(3)} (here each row's expert is drawn ` +
        `independently of x, so no gate can tell it).`;
      figures.dataset.ari = String(ari);
      figures.dataset.mse = String(test.mse);
      figures.dataset.gatedMse = String(gatedMse);
      figures.dataset.oracleMse = String(best.mse);
      document.body.dataset.experts = 'done';
    } catch (e) {
      if ((e as { code?: string }).code === 'aborted') return;
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.experts = 'error';
    }
  }

  // With one dimension, the samples and the experts (fitted and true) as lines in (x, y); with more,
  // a button that sets one dimension and no noise dimensions.
  function dataSpace(data: SyntheticData, model: Model, width: number): HTMLElement {
    if (data.nCols === 1) {
      const Q = model.outputs;
      const points = Array.from({ length: data.nRows }, (_, i) => ({
        x: data.X[i],
        y: data.y[i],
        found: model.groups[i] + 1,
        truth: data.groups[i] + 1,
      }));
      const found = Array.from({ length: Q }, (_, q) => ({ expert: q + 1, intercept: model.intercept[q], slope: model.coef[q] }));
      const truth = Array.from({ length: data.coef.length }, (_, q) => ({ expert: q + 1, intercept: 0, slope: data.coef[q] }));
      const figure = plots.expertsDataSpace(points, found, truth, width);
      figure.dataset.lines = JSON.stringify(found);
      return figure;
    }
    const note = document.createElement('p');
    note.id = 'experts-data-space';
    note.append(
      `The samples live in ${data.nCols} dimensions here; with one (d = 1, no noise dimensions) they and the experts are drawn in data space. `,
    );
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Show one dimension';
    button.addEventListener('click', () => {
      for (const [key, id, value] of [
        ['expertsD', 'd', 1],
        ['expertsNoise', 'noise', 0],
      ] as const) {
        state[key] = value;
        $<HTMLInputElement>(`experts-${id}`).value = String(value);
        $(`experts-${id}-value`).textContent = String(value);
      }
      ctx.save();
      void run();
    });
    note.append(button);
    return note;
  }

  bindControls(
    ctx,
    { view: 'experts', sliders: SLIDERS, log: ['expertsLambda', 'lambda'], method: 'expertsMethod', seed: 'expertsSeed' },
    run,
  );
  return { run };
}
