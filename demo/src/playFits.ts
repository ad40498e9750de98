// Play's fits and their scores: the method's, the Oracle's and the baselines' (fitted once per
// problem), each with its weights in words, its test error, its distance to w* and its groups.
import type { MethodInfo, Model, Supclust, SyntheticData } from 'supclust';
import { BASELINE_CV, fitBaselines } from './baselines.js';
import { LABELS } from './explain.js';
import { formatLambda } from './format.js';
import { adjustedRand, distinctPartition } from './partition.js';
import { errorOf, testError } from './path.js';
import type { DemoState } from './state.js';

/** A fit on the page: Play's method, the Oracle or a baseline, with its weights in words. */
export interface Fit {
  method: string;
  role: 'method' | 'oracle' | 'baseline';
  label: string;
  model: Model;
  time: string;
  weight: string;
  lambda?: number;
  atEdge?: boolean;
}
export interface ScoredFit extends Fit {
  test: number;
  error: number;
  ari: number;
  labels: Int32Array | number[];
  groups: number;
  assigned?: number;
}

/** How the method's weight on screen was chosen. */
export type Origin = 'set' | 'suggested' | 'cv';
const ORIGIN: Record<Origin, string> = { set: 'as set', suggested: 'suggested for this problem', cv: '5-fold CV' };
const WEIGHTS: [string, string][] = [
  ['lambda1', 'λ1'],
  ['lambda2', 'λ2'],
  ['lambda3', 'λ3'],
  ['gamma', 'γ'],
  ['lambda', 'λ'],
];

/** A fit's weights in words: "λ1 = 1e-6, λ2 = 0.0032 (suggested for this problem)". */
export function weightText(info: MethodInfo | undefined, options: Record<string, unknown>, origin: Origin): string {
  const shown = WEIGHTS.filter(([k]) => typeof options[k] === 'number').map(
    ([k, name]) => `${name} = ${formatLambda(options[k] as number)}`,
  );
  const text = shown.length ? shown.join(', ') : 'its default';
  return info ? `${text} (${ORIGIN[origin]})` : text;
}

/** Why a fit's status deserves a word on the page ('' when it converged). */
export function statusNote(label: string, m: Model): string {
  if (m.status === 'converged') return '';
  if (m.status === 'max-iterations')
    return `${label} stopped at its iteration limit (${m.iterations} iterations) before converging: its figures are those of the last iterate.`;
  return `${label}: ${m.status}${m.message ? ` (${m.message})` : ''}.`;
}

/** Each fit's test error, distance to w*, and groups (its distinct coefficient values; a
 * method's own assignment, such as GEM's centres, is reported apart when it differs). */
export async function scoreFits(
  sc: Supclust,
  fits: Fit[],
  d: SyntheticData,
  task: DemoState['task'],
  signal: AbortSignal,
): Promise<ScoredFit[]> {
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

interface BaselineEntry {
  key: string;
  abort: AbortController;
  promise: Promise<ScoredFit[]>;
  value?: ScoredFit[];
}

/** The baselines of the problem on screen, fitted and scored once per problem on Play's instance
 * (a change of λ or method keeps them; a change of problem aborts them). */
export class Baselines {
  private entry: BaselineEntry | undefined;
  constructor(private readonly sc: Supclust) {}

  of(key: string, task: DemoState['task'], d: SyntheticData): BaselineEntry {
    if (this.entry?.key === key) return this.entry;
    this.entry?.abort.abort();
    const abort = new AbortController();
    const scored = fitBaselines(this.sc, task, d, abort.signal).then((fitted) =>
      scoreFits(
        this.sc,
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
    const entry: BaselineEntry = { key, abort, promise: scored };
    entry.promise.then(
      (v) => {
        entry.value = v;
      },
      () => {
        if (this.entry === entry) this.entry = undefined;
      },
    );
    this.entry = entry;
    return entry;
  }
}
