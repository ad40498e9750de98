// Calls dealt to shards: crossValidate's and a cross-validated path's folds, stability's
// resamples. A shard (settings shardIndex, shardCount > 1) returns its part: each of its units'
// results (a fold's scores at every point, a resample's partition) and the hash of its call.
// joinShards() joins the parts of one run into the setting (foldScores, partitions) with which
// the same call summarises, counts and refits without fitting the units again — the module does
// that work, so the joined answer is the unsharded one, bit for bit.
import { invalid } from './errors.js';
import { hashOfBytes } from './merge.js';
import type { CallMatrix } from './protocol.js';
import type { ShardPart } from './types.js';

const text = (value: unknown) =>
  new TextEncoder().encode(JSON.stringify(value, (_, v) => (v instanceof Float64Array || v instanceof Int32Array ? Array.from(v) : v)));

/** The settings that deal or join shards, left out of a call's hash. */
export const SHARD_SETTINGS = ['shardIndex', 'shardCount', 'foldScores', 'partitions'];

/** The hash of a call: its kind, method, X's sizes and entries (a held dataset: its id), y, and
 * whatever else decides its answer (options, grid or sequence, settings but the shards'). */
export function callHash(
  kind: string,
  method: string,
  X: CallMatrix,
  nRows: number,
  nCols: number,
  y: ArrayLike<number>,
  rest: Record<string, unknown>,
): string {
  const matrix = typeof X === 'number' ? [text({ dataset: X })] : X instanceof Float64Array ? [X] : [X.indptr, X.indices, X.values];
  const decided = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [
      k,
      v && typeof v === 'object' && !ArrayBuffer.isView(v)
        ? Object.fromEntries(Object.entries(v).filter(([s]) => !SHARD_SETTINGS.includes(s)))
        : v,
    ]),
  );
  return hashOfBytes([text({ kind, method, nRows, nCols }), ...matrix, Float64Array.from(y), text(decided)]);
}

/** The parts of one sharded run (any order) joined into the setting that finishes it: for
 * crossValidate and path `{ foldScores }` (points × folds, row-major), for stability
 * `{ partitions }` (resamples × features, row-major). Give it with the same call's arguments.
 * Refused, naming `parts`: parts of other runs (another call hash, kind or shard count), a shard
 * given twice or missing. */
export function joinShards(parts: ShardPart[]): { foldScores: number[] } | { partitions: number[] } {
  if (!Array.isArray(parts) || parts.length === 0) throw invalid('parts', 'give at least one part of a sharded call');
  const first = parts[0];
  parts.forEach((p, i) => {
    if (p == null || typeof p !== 'object' || !p.shard || !Array.isArray(p.units))
      throw invalid('parts', `part ${i} is not a shard's part (no shard or units)`);
    if (p.call !== first.call || p.kind !== first.kind || p.shard.count !== first.shard.count || p.units.length !== first.units.length)
      throw invalid(
        'parts',
        `part ${i} is not a shard of the run of part 0 (another call — data, options or settings — or another shard count)`,
      );
  });
  const count = first.shard.count,
    holder = new Array<number>(count).fill(-1);
  parts.forEach((p, i) => {
    if (!Number.isInteger(p.shard.index) || p.shard.index < 0 || p.shard.index >= count)
      throw invalid('parts', `part ${i} is shard ${p.shard.index}, outside 0..${count - 1}`);
    if (holder[p.shard.index] >= 0)
      throw invalid('parts', `shard ${p.shard.index} of ${count} is given twice (parts ${holder[p.shard.index]} and ${i})`);
    holder[p.shard.index] = i;
  });
  const missing = holder.flatMap((h, s) => (h < 0 ? [s] : []));
  if (missing.length)
    throw invalid(
      'parts',
      `shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${count} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  const unit = first.kind === 'stability' ? 'resample' : 'fold';
  const units = first.units.map((_, u) => {
    const holders = parts.filter((p) => p.units[u] != null);
    if (holders.length !== 1) throw invalid('parts', `${unit} ${u} is held by ${holders.length} parts, not one`);
    const values = holders[0].units[u]!;
    if (!Array.isArray(values) || values.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
      throw invalid('parts', `${unit} ${u}'s results are not finite numbers`);
    return values;
  });
  if (first.kind === 'stability') return { partitions: units.flat() };
  const points = units[0].length,
    folds = units.length,
    foldScores = new Array<number>(points * folds);
  units.forEach((scores, k) =>
    scores.forEach((s, p) => {
      foldScores[p * folds + k] = s;
    }),
  );
  return { foldScores };
}
