// Play's words and tables for the fits on screen: the notes (a status, a method that does not
// group, a weight at the grid's end), the one-line scoreboard with the seed's verdict, and the
// numbers table with each row's weight and how it was chosen.
import type { Supclust, SyntheticData } from 'supclust';
import { BASELINES } from './baselines.js';
import { shortName, verdict } from './claims.js';
import { hasLambda2, isPrior } from './context.js';
import { $, el, table } from './dom.js';
import { formatLambda, formatNumber } from './format.js';
import { errorName } from './path.js';
import { statusNote, type ScoredFit } from './playFits.js';
import { LIMITS, type DemoState } from './state.js';

export const metricName = (task: DemoState['task']) => (task === 'classification' ? 'test error rate' : 'test MSE');

/** The notes under the numbers table: each a fact about the fits on screen. */
export function playNotes(sc: Supclust, s: DemoState, summary: ScoredFit[], unavailable?: string): string[] {
  const infoOf = (method: string) => sc.info.methods.find((m) => m.name === method);
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
  if (hasLambda2(infoOf(s.method)) && own.ari < 0.2)
    notes.push(
      `${own.label} does not group on this problem at these weights: its estimate has ${own.groups} distinct values (adjusted Rand ${own.ari.toFixed(3)}). ` +
        'Paths maps it over λ1 × λ2; the preset “penalties group” is a problem where the pairwise penalties do.',
    );
  if (s.task === 'classification' && s.n < 10 * s.d)
    notes.push(
      `With n = ${s.n} labels for d = ${s.d} coefficients, classification cannot pin the groups down: a 0/1 label says much less than a value. ` +
        'The “classification” preset (n = 600, d = 20, Q = 3) gives 30 labels per coefficient.',
    );
  return notes;
}

/** The scoreboard (the method and the baselines, "cross-validating λ…" while they are
 * `pending`) and the seed's verdict; true when the verdict compares something. */
export function showScoreboard(s: DemoState, summary: ScoredFit[], pending: boolean): boolean {
  const metric = metricName(s.task);
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
  return comparable;
}

/** The numbers table (every fit, its weight and how it was chosen) and the notes under it. */
export function showSummary(s: DemoState, d: SyntheticData, summary: ScoredFit[], pending: boolean, notes: string[]) {
  const metric = metricName(s.task);
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
}
