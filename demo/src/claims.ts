// What the page claims about a comparison, always computed from the numbers it shows: which of
// the compared fits (Play's method, ridge and the lasso at their own weights) is closest to the
// true coefficients and which predicts best — for the seed on screen, and, counted, over seeds.
import { LABELS } from './explain.js';
import { formatNumber } from './format.js';

/** A fit's name in a sentence: 'IHC', 'OSCAR'; the baselines 'ridge' and 'the lasso'. */
export const shortName = (method: string, baseline: boolean) =>
  baseline ? (method === 'lasso' ? 'the lasso' : method) : (LABELS[method] ?? method).replace(/ \(.*$/, '');

export interface Scored {
  method: string;
  /** The name in a sentence ('IHC', 'ridge', 'the lasso'). */
  name: string;
  /** Distance to w* (‖w* − ŵ‖, or the angle for classification) and test error. */
  error: number;
  test: number;
}

/** The fits with the least value of `key`, by the figures the table prints (ties are ties there). */
export function winners(rows: Scored[], key: 'error' | 'test'): Scored[] {
  const shown = rows.map((r) => Number(formatNumber(r[key])));
  const least = Math.min(...shown);
  return rows.filter((_, i) => shown[i] === least);
}

const names = (rows: Scored[]) => rows.map((r) => r.name).join(' and ');
const verb = (rows: Scored[], one: string, many: string) => (rows.length > 1 ? many : one);

/** One sentence for the seed on screen, naming the closest fit and the best predictor (the
 * scoreboard above it prints every compared fit's figures). */
export function verdict(rows: Scored[], seed: number, metric: string): string {
  const close = winners(rows, 'error'),
    predict = winners(rows, 'test');
  const same = names(close) === names(predict);
  return same
    ? `Seed ${seed}: ${names(close)} ${verb(close, 'is', 'are')} closest to w* and ${verb(close, 'predicts', 'predict')} best (${metric}).`
    : `Seed ${seed}: ${names(close)} ${verb(close, 'is', 'are')} closest to w*; ${names(predict)} ${verb(predict, 'predicts', 'predict')} best (${metric}).`;
}

/** Counts of wins over several seeds (a tie counts for each fit tied). */
export interface Tally {
  seeds: number;
  error: Map<string, number>;
  test: Map<string, number>;
}

export function tally(perSeed: Scored[][]): Tally {
  const count = (key: 'error' | 'test') => {
    const m = new Map<string, number>(perSeed[0].map((r) => [r.name, 0]));
    for (const rows of perSeed) for (const w of winners(rows, key)) m.set(w.name, (m.get(w.name) ?? 0) + 1);
    return m;
  };
  return { seeds: perSeed.length, error: count('error'), test: count('test') };
}

export function tallySentence(t: Tally, first: number, metric: string): string {
  const list = (m: Map<string, number>) => [...m].map(([name, k]) => `${name} ${k}`).join(', ');
  return (
    `Over seeds ${first}–${first + t.seeds - 1} (the same problem otherwise, the baselines cross-validated on each): ` +
    `closest to w* — ${list(t.error)}; best ${metric} — ${list(t.test)}.`
  );
}
