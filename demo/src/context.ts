// What every view shares: the loaded library, the state and how to publish it to the URL.
import type { Supclust, MethodInfo } from 'supclust';
import type { DemoState } from './state.js';

export interface Context {
  sc: Supclust;
  /** A second instance (its own worker), started on first use, for long runs (the papers'
   * tables), so that they never block Play. */
  background(): Promise<Supclust>;
  state: DemoState;
  /** Writes the state to the URL (replaceState: no new history entry per slider step). */
  save(): void;
}

/** The structure a method takes, where it has one: Q groups and sparsity s = d/2 (≥ Q). */
export function structureOptions(info: MethodInfo | undefined, Q: number, d: number): Record<string, unknown> {
  const names = new Set(info?.options.map((o) => o.name));
  return { ...(names.has('Q') ? { Q } : {}), ...(names.has('s') ? { s: Math.max(Q, Math.ceil(d / 2)) } : {}) };
}

/** The options a method gets in the demo: its structure, λ (or OSCAR's λ1, λ2), the loss. */
export function methodOptions(info: MethodInfo | undefined, s: { Q: number; lambda: number; task: string }, d: number): Record<string, unknown> {
  const names = new Set(info?.options.map((o) => o.name));
  const o: Record<string, unknown> = structureOptions(info, s.Q, d);
  if (names.has('lambda1')) {
    o.lambda1 = s.lambda;
    o.lambda2 = s.lambda / 10;
  } else if (names.has('lambda')) {
    o.lambda = s.lambda;
  }
  if (s.task === 'classification') o.loss = 'logistic';
  return o;
}

/** Methods that can fit the task (CG needs the squared loss; the Oracle is drawn separately). */
export function methodsFor(sc: Supclust, task: string): MethodInfo[] {
  return sc.info.methods.filter((m) => m.name !== 'oracle' &&
    (task !== 'classification' || m.options.some((o) => o.name === 'loss' && o.choices?.includes('logistic'))));
}

export const LABELS: Record<string, string> = {
  ihc: 'IHC (iterative hard clustering)', ihcs: 'IHCS (sparse IHC, s = d/2)', lsk: 'LSK (least squares + k-means)',
  ridge: 'Ridge / least squares', lasso: 'Lasso', elasticnet: 'Elastic net', iht: 'IHT (s = d/2)',
  oscar: 'OSCAR (λ2 = λ/10)', cg: 'CG (conditional gradient)', cgpg: 'CGPG (CG, then IHC)',
};
