import { invalid } from './errors.js';

/** `count` values from `from` to `to` (both included), evenly spaced on a log scale — e.g.
 * logGrid(10, 1e-4, 11) for a regularisation path from strong to weak. */
export function logGrid(from: number, to: number, count: number): number[] {
  if (!(from > 0) || !Number.isFinite(from)) throw invalid('from', `must be a finite number > 0 (got ${from})`);
  if (!(to > 0) || !Number.isFinite(to)) throw invalid('to', `must be a finite number > 0 (got ${to})`);
  if (!Number.isInteger(count) || count < 1) throw invalid('count', `must be an integer >= 1 (got ${count})`);
  if (count === 1) return [from];
  const ratio = Math.log(to / from) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? to : from * Math.exp(ratio * i)));
}
