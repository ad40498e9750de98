// Data and tables: a synthetic generator's draw, and a paper's table run as declared.
import { SupclustError, fromLibrary, invalid } from './errors.js';
import { isRefusal, type ExperimentRequest, type RawExperiment } from './protocol.js';
import type {
  CrossValidationControl,
  ExperimentData,
  ExperimentOptions,
  ExperimentResult,
  GeneratorName,
  GeneratorOptions,
  SyntheticData,
  Supclust,
} from './types.js';
import type { Session } from './session.js';
import * as v from './validate.js';
import { VERSION } from './version.js';
import { hashOfData } from './merge.js';

export function experimentCalls(session: Session): Pick<Supclust, 'generate' | 'experiment'> {
  return {
    async generate(name, options: GeneratorOptions = {}) {
      const names = Object.keys(session.info.generators);
      if (typeof name !== 'string' || !names.includes(name))
        throw invalid('name', `unknown generator '${String(name)}' (known: ${names.join(', ')})`);
      if (options == null || typeof options !== 'object') throw invalid('options', 'must be an object');
      v.knownKeys('options', options, session.info.generators[name as GeneratorName]);
      // The library checks the values and fills the generator's defaults.
      const o = v.options(options as Record<string, unknown>, session.info.requests.generators[name as GeneratorName]);
      const raw = await session.call({ op: 'generate', name, options: o });
      if (isRefusal(raw)) throw fromLibrary(raw);
      return raw as unknown as SyntheticData;
    },

    async experiment(id, options: ExperimentOptions = {}, given?: CrossValidationControl) {
      const control = v.control<CrossValidationControl>(given);
      const table = session.info.experiments.find((e) => e.id === id);
      if (!table)
        throw invalid('id', `unknown experiment '${String(id)}' (known: ${session.info.experiments.map((e) => e.id).join(', ')})`);
      if (options == null || typeof options !== 'object') throw invalid('options', 'must be an object');
      v.knownKeys('options', options, ['data', 'reps', 'seed', 'fast', 'threads', 'methods', 'shard']);
      let shard: { index: number; count: number } | undefined;
      if (options.shard !== undefined) {
        if (options.shard == null || typeof options.shard !== 'object') throw invalid('shard', 'must be { index, count }');
        v.knownKeys('shard', options.shard, ['index', 'count']);
        const count = v.integer('shard.count', options.shard.count, 1);
        shard = { index: v.integer('shard.index', options.shard.index, 0, count - 1), count };
      }
      const methods = options.methods ?? [];
      if (!Array.isArray(methods) || methods.some((m) => !table.methods.includes(m)))
        throw invalid('methods', `must list rows of ${id} (${table.methods.join(', ')})`);
      let data: ExperimentRequest['data'];
      if (table.dataset && options.data == null) throw invalid('data', `table '${id}' needs the ${table.dataset} dataset (X and y)`);
      if (!table.dataset && options.data != null) throw invalid('data', `table '${id}' generates its own data; pass none`);
      if (options.data != null) {
        // Tables whose columns are datasets take a list, one per column.
        const perColumn = table.column === 'dataset';
        if (perColumn !== Array.isArray(options.data))
          throw invalid(
            'data',
            perColumn
              ? `table '${id}' needs a list of ${table.values.length} datasets, one per column`
              : `table '${id}' takes one dataset, not a list`,
          );
        // Each dataset's fields are named within data: data.X, data[1].y.
        const one = (d: ExperimentData, at: string) => {
          if (d == null || typeof d !== 'object') throw invalid(at, 'must be an object with X and y');
          const m = v.matrix(`${at}.X`, d.X, d.nRows, d.nCols);
          session.checkMemory(
            at,
            `a ${m.nRows} × ${m.nCols} dataset`,
            8 * v.designDoubles(m) * (3 + 2 * Math.min(session.info.threads, 8)),
          );
          return { X: v.wire(m), nRows: m.nRows, nCols: m.nCols, y: v.finiteVector(`${at}.y`, d.y, m.nRows) };
        };
        data = Array.isArray(options.data) ? options.data.map((d, k) => one(d, `data[${k}]`)) : one(options.data, 'data');
      }
      const dataHash = data === undefined ? '' : hashOfData(Array.isArray(data) ? data : [data]);
      // The library checks the settings and fills their defaults (reps: the table's).
      const { reps, seed, fast, threads } = options;
      const settings = v.options(
        { reps: reps ?? table.reps, seed, fast, threads, ...(shard ? { shardIndex: shard.index, shardCount: shard.count } : {}) },
        session.info.requests.experiment,
      );
      const request: ExperimentRequest = { id, data, methods, settings };
      const onProgress = control.onProgress;
      const raw = (await session.call(
        { op: 'experiment', ...request },
        control.signal,
        onProgress && ((done, total) => onProgress({ done, total })),
      )) as RawExperiment;
      if (raw.status === 'invalid-input') throw fromLibrary(raw);
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the experiment was aborted');
      const result: ExperimentResult = {
        id,
        title: table.title,
        source: table.source,
        metric: table.metric,
        scale: table.scale,
        column: table.column,
        ...columnsOf(table),
        reps: raw.reps!,
        seconds: raw.seconds!,
        seed: raw.seed!,
        fast: raw.fast!,
        version: VERSION,
        dataHash,
        tasks: Array.from(raw.tasks!),
        totalTasks: raw.totalTasks!,
        ...(shard ? { shard } : {}),
        rows: raw.rows!.map((r) => ({
          method: r.method,
          msPerFit: r.msPerFit,
          cells: r.cells.map((c) => ({ mean: c.mean, std: c.std, values: Array.from(c.values) })),
          ...(r.paper.length ? { paper: r.paper.map((p) => ({ mean: p.mean, std: p.std })) } : {}),
        })),
      };
      return result;
    },
  };
}

// The columns of a table: one per metric (column 'metric'), one per value, or — a table with
// metrics and another column — every metric for each value, value-major. columnMetrics names
// each column's metric.
function columnsOf(table: { column: string; metric: string; values: ArrayLike<number>; metrics: ArrayLike<string> }): {
  columns: number[];
  columnLabels: string[];
  columnMetrics: string[];
} {
  const values = Array.from(table.values),
    metrics = Array.from(table.metrics);
  if (table.column === 'metric') return { columns: values, columnLabels: metrics, columnMetrics: metrics };
  if (metrics.length === 0)
    return { columns: values, columnLabels: values.map((v) => `${table.column} = ${v}`), columnMetrics: values.map(() => table.metric) };
  return {
    columns: values.flatMap((v) => metrics.map(() => v)),
    columnLabels: values.flatMap((v) => metrics.map((m) => `${table.column} = ${v} ${m}`)),
    columnMetrics: values.flatMap(() => metrics),
  };
}
