// Sharded tables: the partial results of `experiment(id, { shard })` joined into the table an
// unsharded run gives, to the bit (every repetition is seeded by the table's seed, column and
// repetition, whatever the shard; the means and deviations are recomputed here in the runner's
// order of summation: runner.cpp). Partials of different tables, versions, seeds, options or data are
// refused, and so are cells held twice or by no partial, each named.
import { SupclustError, invalid } from './errors.js';
import type { ExperimentResult } from './types.js';
import type { ExperimentDataWire } from './protocol.js';

/** A 53-bit hash (cyrb53) of the bytes of views, as hex. */
export function hashOfBytes(views: ArrayBufferView[]): string {
  let h1 = 0xdeadbeef,
    h2 = 0x41c6ce57;
  for (const a of views) {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      h1 = Math.imul(h1 ^ bytes[i], 2654435761);
      h2 = Math.imul(h2 ^ bytes[i], 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** The hash of every dataset given to a real-data table: sizes, X (dense or CSR) and y. */
export function hashOfData(data: ExperimentDataWire[]): string {
  return hashOfBytes(
    data.flatMap((d) => [
      new Float64Array([d.nRows, d.nCols]),
      ...(d.X instanceof Float64Array ? [d.X] : [d.X.indptr, d.X.indices, d.X.values]),
      d.y,
    ]),
  );
}

// The runner's mean and sample deviation, summed in the same order.
function meanStd(values: number[]): { mean: number; std: number } {
  let sum = 0;
  for (const x of values) sum += x;
  const mean = sum / values.length;
  let v = 0;
  for (const x of values) v += (x - mean) * (x - mean);
  return { mean, std: Math.sqrt(v / Math.max(1, values.length - 1)) };
}

const numberOf = (x: unknown) => (typeof x === 'number' ? x : NaN); // JSON writes NaN as null

/** Joins the partials of one sharded table (any order) into the whole table. */
export function mergeExperiments(partials: ExperimentResult[]): ExperimentResult {
  if (!Array.isArray(partials) || partials.length === 0) throw invalid('partials', 'give at least one partial result');
  const first = partials[0];
  partials.forEach((p, i) => {
    if (p == null || typeof p !== 'object' || !Array.isArray(p.tasks) || !Array.isArray(p.rows))
      throw invalid('partials', `partial ${i} is not a result of sc.experiment() (no tasks or rows)`);
    for (const field of ['id', 'version', 'seed', 'reps', 'fast', 'dataHash', 'totalTasks'] as const)
      if (p[field] !== first[field])
        throw invalid(
          field,
          `partial ${i} has ${field} ${JSON.stringify(p[field])}, partial 0 has ${JSON.stringify(first[field])}: not shards of one run`,
        );
    const labels = p.rows.map((r) => r.method).join(', '),
      expected = first.rows.map((r) => r.method).join(', ');
    if (labels !== expected)
      throw invalid('methods', `partial ${i} has the rows ${labels}, partial 0 has ${expected}: not shards of one run`);
    if (p.shard && first.shard && p.shard.count !== first.shard.count)
      throw invalid('shard', `partial ${i} is a shard of ${p.shard.count}, partial 0 of ${first.shard.count}`);
  });
  const { reps, totalTasks } = first;
  const draws = totalTasks / reps,
    perDraw = first.columns.length / draws;
  const where = (t: number) =>
    `repetition ${t % reps} of ${draws === 1 ? 'the table' : `column ${Math.floor(t / reps)} (${first.columnLabels[Math.floor(t / reps) * perDraw]})`}`;
  const holder = new Array<number>(totalTasks).fill(-1);
  partials.forEach((p, i) => {
    for (const t of p.tasks) {
      if (!Number.isInteger(t) || t < 0 || t >= totalTasks)
        throw invalid('tasks', `partial ${i} holds task ${t}, outside 0..${totalTasks - 1}`);
      if (holder[t] >= 0) throw invalid('tasks', `${where(t)} is held by partials ${holder[t]} and ${i} (the same shard twice?)`);
      holder[t] = i;
    }
  });
  const missing = holder.indexOf(-1);
  if (missing >= 0)
    throw invalid(
      'tasks',
      `${where(missing)} is in no partial (a shard is missing: ${holder.filter((h) => h < 0).length} of ${totalTasks} repetitions)`,
    );
  const rows = first.rows.map((row, m) => ({
    method: row.method,
    cells: row.cells.map((_, c) => {
      const values = Array.from({ length: reps }, (_, r) => {
        const t = Math.floor(c / perDraw) * reps + r;
        return numberOf(partials[holder[t]].rows[m].cells[c].values[r]);
      });
      return { ...meanStd(values), values };
    }),
    ...(row.paper ? { paper: row.paper } : {}),
    msPerFit: partials.reduce((s, p) => s + p.rows[m].msPerFit * p.tasks.length, 0) / totalTasks,
  }));
  if (rows.some((r) => r.cells.length !== first.columns.length)) throw new SupclustError('internal', 'a row without one cell per column');
  const { shard: _, ...rest } = first;
  return { ...rest, seconds: partials.reduce((s, p) => s + p.seconds, 0), tasks: Array.from({ length: totalTasks }, (_, t) => t), rows };
}
