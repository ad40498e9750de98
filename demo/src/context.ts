// What every view shares: the loaded library, the state and how to publish it to the URL, and
// the options a method gets from the demo's controls.
import type { Supclust, MethodInfo } from 'supclust';
import { LIMITS, sliderValue, type DemoState } from './state.js';

export interface Context {
  sc: Supclust;
  /** A second instance (its own worker), started on first use, for long runs (the papers'
   * tables, paths), so that they never block Play. */
  background(): Promise<Supclust>;
  state: DemoState;
  /** Writes the state to the URL (replaceState: no new history entry per slider step). */
  save(): void;
}

/** The structure a method takes, where it has one: Q groups and at most s non-zeros (≥ Q). */
export function structureOptions(info: MethodInfo | undefined, Q: number, s: number): Record<string, unknown> {
  const names = new Set(info?.options.map((o) => o.name));
  return { ...(names.has('Q') ? { Q } : {}), ...(names.has('s') ? { s: Math.max(Q, s) } : {}) };
}

/** Sweeps the demo allows coordinate descent (the lasso and elastic net): at n < d and small λ
 * the default 100 000 take seconds; a fit stopped here is flagged on the page. */
export const CD_SWEEPS = 5000;

/** The non-zeros s and the non-zero groups that sparse methods (IHCS, IHT) are given. */
export interface Sparsity {
  s: number;
  groups: number;
}

/** The options a method gets in the demo: its structure (sparse methods: Q non-zero groups and
 * s non-zeros), λ (two-penalty methods: λ1 = λ and λ2, and for classes a ridge of 1e-3), the
 * loss, and the sweep cap of coordinate descent. */
export function methodOptions(
  info: MethodInfo | undefined,
  s: { Q: number; d: number; lambda: number; lambda2: number; task: string },
  sparsity: Sparsity,
): Record<string, unknown> {
  const names = new Set(info?.options.map((o) => o.name));
  const o: Record<string, unknown> = structureOptions(info, names.has('s') ? Math.max(1, sparsity.groups) : s.Q, sparsity.s);
  if (isPrior(info)) {
    // GEM / LEM: λ is the prior's weight γ and Q its number of centres; for classes a small
    // ridge keeps separable fits finite (the prior only pulls weights together), as in E6.
    o.gamma = s.lambda;
    o.centres = s.Q;
    if (s.task === 'classification') o.lambda = 1e-3;
  } else if (hasLambda2(info)) {
    o.lambda1 = s.lambda;
    o.lambda2 = s.lambda2;
    if (names.has('lambda3')) o.lambda3 = s.lambda2 * tripleToPairs(info, s.d); // ADFG
    // For classes, the same small ridge as the priors': near-separable labels with near-zero
    // penalties send the logistic fit towards unbounded weights (20 000+ iterations uncapped).
    if (s.task === 'classification') o.lambda = 1e-3;
  } else if (names.has('lambda')) {
    o.lambda = s.lambda;
  }
  if (info && ['lasso', 'elasticnet'].includes(info.name)) o.maxIterations = CD_SWEEPS;
  if (info?.name === 'elasticnet') o.alpha = 0.5;
  if (s.task === 'classification') o.loss = lossesOf(info).includes('logistic') ? 'logistic' : 'hinge';
  return o;
}

/** ADFG's λ3 per unit of λ2: the ratio of their suggested values (info's declarations) at d. */
function tripleToPairs(info: MethodInfo | undefined, d: number): number {
  const pair = info?.options.find((o) => o.name === 'lambda2')?.suggested,
    triple = info?.options.find((o) => o.name === 'lambda3')?.suggested;
  return pair && triple ? triple.factor / pair.factor / d ** (triple.power - pair.power) : 1;
}

/** The library's suggested values (sc.suggest) as the demo's sliders hold them (within their
 * ranges, three digits): λ2 for the pairwise penalties (with λ1, the ℓ1 weight, at its minimum:
 * no sparsity is sought), γ as λ for the priors. Empty for methods without suggestions. */
export function suggestedSliders(
  sc: Supclust,
  info: MethodInfo | undefined,
  data: { X: Float64Array; nRows: number; nCols: number; y: Float64Array },
  options: Record<string, unknown>,
): { lambda?: number; lambda2?: number } {
  if (!info) return {};
  const loss = options.loss !== undefined ? { loss: options.loss } : {}; // the loss methodOptions gives the method
  const s = sc.suggest(info.name, { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...loss } as never) as Record<
    string,
    number
  >;
  if (s.gamma !== undefined) return { lambda: sliderValue('lambda', s.gamma) };
  if (s.lambda2 !== undefined) return { lambda: LIMITS.lambda[0], lambda2: sliderValue('lambda2', s.lambda2) };
  return {};
}

/** The losses a method takes, as the library declares them (its `loss` option's choices). */
const lossesOf = (info: MethodInfo | undefined) => info?.options.find((o) => o.name === 'loss')?.choices ?? ['squared'];

/** The weight-grouping priors (GEM, LEM): a prior's weight γ and its centres; Play's λ is their γ. */
export const isPrior = (info: MethodInfo | undefined) =>
  !!info?.options.some((o) => o.name === 'gamma') && !!info?.options.some((o) => o.name === 'centres');

/** Whether a method has the pairwise weight λ2 (its slider is shown). */
export const hasLambda2 = (info: MethodInfo | undefined) => !!info?.options.some((o) => o.name === 'lambda2');

/** Methods that can fit the task, by the losses they declare: regression needs 'squared' (CG,
 * not the SVM), classification 'logistic' or 'hinge' (the SVM, not CG). The Oracle is drawn
 * separately; the experts and the clustered tasks, other model shapes, have their own views. */
export function methodsFor(sc: Supclust, task: string): MethodInfo[] {
  return sc.info.methods.filter(
    (m) =>
      m.name !== 'oracle' &&
      m.kind === 'features' &&
      (task === 'classification' ? lossesOf(m).some((l) => l === 'logistic' || l === 'hinge') : lossesOf(m).includes('squared')),
  );
}

/** Whether a method's answer does not depend on its start (the library's startDependent): only
 * these are warm-started, so that a state shows the same fit whatever the path that led to it. */
export const warmStartable = (info: MethodInfo | undefined): boolean => info !== undefined && !info.startDependent;
