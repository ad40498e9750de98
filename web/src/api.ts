// The public API object, independent of where the module runs: validates every input, builds
// a request for the backend, and turns raw results into plain, JSON-safe values.
import { SupclustError, fieldOf, invalid } from './errors.js';
import type { Backend, ExperimentRequest, RawCrossValidation, RawExperiment, RawFit, Request } from './module.js';
import type { CallControl, CrossValidationControl, CrossValidationOptions, CrossValidationResult, ExperimentOptions, ExperimentResult, GeneratorName, GeneratorOptions, FitParams, Info, KMeans1DResult, MatrixInput, Model,
  SparseGroupsResult, Supclust, SyntheticData } from './types.js';
import * as v from './validate.js';

const DATA_FIELDS = new Set(['X', 'nRows', 'nCols', 'y', 'warmStart']);

// Each generator's defaults (spec §6); the options a generator does not read are ignored.
const BASE_GENERATOR = { d: 100, Q: 5, sigma: 0.5, seed: 1, nTest: 0, nValidation: 0, dataset: 1, task: '', rho: 0 };
const GENERATOR_DEFAULTS: Record<GeneratorName, Partial<GeneratorOptions>> = {
  e1: {},
  e2: { Q: 5, sigma: 0.1 },
  e5: { n: 100, nValidation: 100, nTest: 100, sigma: 2, d: 40 },
  e6: { n: 2000, sigma: 1, d: 150 },
  waveform: { n: 5000, d: 40 },
};

export function createSupclust(backend: Backend, info: Info): Supclust {
  const methodNames = info.methods.map((m) => m.name);
  let disposed = false;

  async function call(request: Request, signal?: AbortSignal, onProgress?: (a: number, b: number) => void): Promise<unknown> {
    if (disposed) throw new SupclustError('internal', 'this supclust instance was disposed; call load() again');
    if (signal?.aborted) throw new SupclustError('aborted', 'aborted before it started');
    return backend.call(request, { signal, onProgress });
  }

  function fitInputs(method: unknown, params: FitParams) {
    if (typeof method !== 'string' || !methodNames.includes(method))
      throw invalid('method', `unknown method '${String(method)}' (known: ${methodNames.join(', ')})`);
    if (params == null || typeof params !== 'object') throw invalid('params', 'must be an object with X and y');
    const X = v.matrix('X', params.X, params.nRows, params.nCols);
    const y = v.finiteVector('y', params.y, X.nRows);
    const rest = Object.fromEntries(Object.entries(params).filter(([k]) => !DATA_FIELDS.has(k)));
    return { method, X, y, options: v.options(rest) };
  }

  return {
    info,

    async kmeans1d(values, Q) {
      const u = v.finiteVector('values', values);
      v.integer('Q', Q, 1);
      return (await call({ op: 'kmeans1d', values: u, Q })) as KMeans1DResult;
    },

    async projectSparseGroups(values, s, Q) {
      const u = v.finiteVector('values', values);
      v.integer('Q', Q, 1);
      v.integer('s', s, 1);
      if (s < Q) throw invalid('s', `must be >= Q (got s = ${s}, Q = ${Q})`);
      return (await call({ op: 'projectSparseGroups', values: u, s, Q })) as SparseGroupsResult;
    },

    async proxOwl(values, weights) {
      const u = v.finiteVector('values', values);
      const w = v.finiteVector('weights', weights, u.length);
      for (let i = 0; i < w.length; i++) {
        if (w[i] < 0) throw invalid('weights', `must be non-negative (entry ${i} is ${w[i]})`);
        if (i > 0 && w[i] > w[i - 1]) throw invalid('weights', `must be non-increasing (entry ${i} exceeds entry ${i - 1})`);
      }
      return (await call({ op: 'proxOwl', values: u, weights: w })) as Float64Array;
    },

    async fit(method, params: FitParams, control: CallControl = {}) {
      const { X, y, options } = fitInputs(method, params);
      const warm = warmStartOf(params.warmStart, X.nCols);
      const onProgress = control.onProgress;
      const raw = (await call({ op: 'fit', method, X: X.data, nRows: X.nRows, nCols: X.nCols, y, options, ...warm }, control.signal,
        onProgress && ((iteration, objective) => onProgress({ iteration, objective })))) as RawFit;
      return toModel(method, X.nCols, raw);
    },

    async crossValidate(method, params: FitParams, cvOptions: CrossValidationOptions, control: CrossValidationControl = {}) {
      const { X, y, options } = fitInputs(method, params);
      if (cvOptions == null || typeof cvOptions !== 'object') throw invalid('options', 'must be an object with a grid');
      const grid = cvOptions.grid;
      if (grid == null || typeof grid !== 'object' || Object.keys(grid).length === 0)
        throw invalid('grid', 'must map at least one option name to a list of values');
      const gridNames = Object.keys(grid);
      const gridValues = gridNames.map((name) => v.finiteVector(`grid.${name}`, grid[name]));
      const cv = {
        folds: v.integer('folds', cvOptions.folds ?? 5, 2),
        seed: v.integer('seed', cvOptions.seed ?? 1, 0),
        metric: cvOptions.metric ?? '',
        threads: v.integer('threads', cvOptions.threads ?? 0, 0),
        chunk: v.integer('chunk', cvOptions.chunk ?? 4, 1),
      };
      if (typeof cv.metric !== 'string') throw invalid('metric', 'must be a string');
      if (cv.folds > X.nRows) throw invalid('folds', `must be at most the number of rows (${X.nRows})`);
      const onProgress = control.onProgress;
      const raw = (await call({ op: 'crossValidate', method, X: X.data, nRows: X.nRows, nCols: X.nCols, y, options,
        gridNames, gridValues, cv }, control.signal,
        onProgress && ((done, total) => onProgress({ done, total })))) as RawCrossValidation;
      if (raw.status === 'invalid-input') throw new SupclustError('invalid-input', raw.message, fieldOf(raw.message));
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the cross-validation was aborted');
      const points = raw.grid!.map((g) => ({
        params: Object.fromEntries(gridNames.map((name, i) => [name, g.values[i]])),
        mean: g.mean, std: g.std, scores: Array.from(g.scores),
      }));
      const result: CrossValidationResult = {
        method, metric: raw.metric!, grid: points, best: points[raw.best!].params, bestIndex: raw.best!,
        model: toModel(method, X.nCols, raw.model!),
      };
      return result;
    },

    async predict(model: Model, X: MatrixInput, nRows?: number, nCols?: number) {
      if (model == null || !Array.isArray(model.coef) || !Array.isArray(model.intercept))
        throw invalid('model', 'must be a model returned by fit() (coef and intercept arrays)');
      const outputs = model.intercept.length;
      const m = v.matrix('X', X, nRows, nCols ?? (nRows === undefined ? model.nFeatures : undefined));
      const coef = v.finiteVector('model.coef', model.coef);
      const intercept = v.finiteVector('model.intercept', model.intercept);
      if (coef.length !== m.nCols * outputs)
        throw invalid('X', `has ${m.nCols} columns but the model has ${coef.length / outputs} features`);
      // The library stores coefficients column-major (feature index fastest per output).
      const colMajor = new Float64Array(coef.length);
      for (let j = 0; j < m.nCols; j++) for (let k = 0; k < outputs; k++) colMajor[k * m.nCols + j] = coef[j * outputs + k];
      return (await call({ op: 'predict', X: m.data, nRows: m.nRows, nCols: m.nCols, coef: colMajor, outputs, intercept })) as Float64Array;
    },

    async generate(name, options: GeneratorOptions = {}) {
      const defaults = GENERATOR_DEFAULTS[name as GeneratorName];
      if (!defaults) throw invalid('name', `unknown generator '${String(name)}' (known: ${Object.keys(GENERATOR_DEFAULTS).join(', ')})`);
      if (options == null || typeof options !== 'object') throw invalid('options', 'must be an object');
      const o = { ...BASE_GENERATOR, ...defaults, ...options };
      if (o.n === undefined) throw invalid('n', 'is required');
      v.integer('n', o.n, 1);
      v.integer('d', o.d, 1);
      v.integer('Q', o.Q, 1);
      if ((name === 'e1' || name === 'e2') && o.Q > o.d) throw invalid('Q', `must be <= d (got Q = ${o.Q}, d = ${o.d})`);
      if (typeof o.sigma !== 'number' || !(o.sigma >= 0) || !Number.isFinite(o.sigma)) throw invalid('sigma', `must be a finite number >= 0 (got ${String(o.sigma)})`);
      v.integer('seed', o.seed, 0);
      v.integer('nTest', o.nTest, 0);
      v.integer('nValidation', o.nValidation, 0);
      v.integer('dataset', o.dataset, 1);
      if (o.task !== '' && o.task !== 'classification' && o.task !== 'regression')
        throw invalid('task', `must be 'classification' or 'regression' (got ${String(o.task)})`);
      if (typeof o.rho !== 'number' || !(o.rho >= 0 && o.rho < 1)) throw invalid('rho', `must be a number in [0, 1) (got ${String(o.rho)})`);
      const raw = (await call({ op: 'generate', name, options: o as Required<GeneratorOptions> })) as Record<string, unknown>;
      if (typeof raw.error === 'string') throw new SupclustError('invalid-input', raw.error, fieldOf(raw.error));
      return { ...raw, nRows: o.n, nCols: raw.nCols, nTest: o.nTest, nValidation: o.nValidation } as unknown as SyntheticData;
    },

    async experiment(id, options: ExperimentOptions = {}, control: CrossValidationControl = {}) {
      const table = info.experiments.find((e) => e.id === id);
      if (!table) throw invalid('id', `unknown experiment '${String(id)}' (known: ${info.experiments.map((e) => e.id).join(', ')})`);
      if (options == null || typeof options !== 'object') throw invalid('options', 'must be an object');
      const methods = options.methods ?? [];
      if (!Array.isArray(methods) || methods.some((m) => !table.methods.includes(m)))
        throw invalid('methods', `must list rows of ${id} (${table.methods.join(', ')})`);
      let data: ExperimentRequest['data'];
      if (table.dataset && options.data == null)
        throw invalid('data', `table '${id}' needs the ${table.dataset} dataset (X and y)`);
      if (!table.dataset && options.data != null) throw invalid('data', `table '${id}' generates its own data; pass none`);
      if (options.data != null) {
        const m = v.matrix('X', options.data.X, options.data.nRows, options.data.nCols);
        data = { X: m.data, nRows: m.nRows, nCols: m.nCols, y: v.finiteVector('y', options.data.y, m.nRows) };
      }
      const request: ExperimentRequest = {
        data,
        reps: v.integer('reps', options.reps ?? table.reps, 1),
        seed: v.integer('seed', options.seed ?? 1, 0),
        fast: options.fast === true,
        threads: v.integer('threads', options.threads ?? 0, 0),
        methods,
      };
      const onProgress = control.onProgress;
      const raw = (await call({ op: 'experiment', id, options: request }, control.signal,
        onProgress && ((done, total) => onProgress({ done, total })))) as RawExperiment;
      if (raw.status === 'invalid-input') throw new SupclustError('invalid-input', raw.message, fieldOf(raw.message));
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the experiment was aborted');
      const result: ExperimentResult = {
        id, title: table.title, source: table.source, metric: table.metric, scale: table.scale, column: table.column, columns: Array.from(table.values),
        reps: raw.reps!, seconds: raw.seconds!,
        rows: raw.rows!.map((r) => ({
          method: r.method, msPerFit: r.msPerFit,
          cells: r.cells.map((c) => ({ mean: c.mean, std: c.std, values: Array.from(c.values) })),
          ...(r.paper.length ? { paper: r.paper.map((p) => ({ mean: p.mean, std: p.std })) } : {}),
        })),
      };
      return result;
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      backend.dispose();
    },
  };
}

// A previous model as the starting point: its coefficients column-major (as wasm reads them).
function warmStartOf(model: unknown, nFeatures: number): { warmCoef?: Float64Array; warmIntercept?: Float64Array } {
  if (model == null) return {};
  const m = model as Partial<Model>;
  if (typeof m !== 'object' || !Array.isArray(m.coef) || !Array.isArray(m.intercept) || m.nFeatures !== nFeatures ||
      m.coef.length !== nFeatures * m.intercept.length || m.intercept.length === 0)
    throw invalid('warmStart', `must be a model fitted on ${nFeatures} features`);
  const K = m.intercept.length, coef = new Float64Array(m.coef.length);
  for (let j = 0; j < nFeatures; j++) for (let k = 0; k < K; k++) coef[k * nFeatures + j] = m.coef[j * K + k];
  return { warmCoef: v.finiteVector('warmStart', coef), warmIntercept: v.finiteVector('warmStart', m.intercept) };
}

function toModel(method: string, nFeatures: number, raw: RawFit): Model {
  if (raw.status === 'invalid-input') throw new SupclustError('invalid-input', raw.message, fieldOf(raw.message));
  if (raw.status === 'aborted') throw new SupclustError('aborted', 'the fit was aborted');
  const K = raw.outputs ?? 1;
  const colMajor = raw.coef as Float64Array;
  const coef = new Array<number>(colMajor.length);
  for (let j = 0; j < nFeatures; j++) for (let k = 0; k < K; k++) coef[j * K + k] = colMajor[k * nFeatures + j];
  const cm = raw.centroids as Float64Array, G = cm.length / K;
  const centroids = new Array<number>(cm.length);
  for (let g = 0; g < G; g++) for (let k = 0; k < K; k++) centroids[g * K + k] = cm[k * G + g];
  return {
    method, nFeatures, outputs: K, coef,
    intercept: Array.from(raw.intercept as Float64Array),
    groups: Array.from(raw.groups as Int32Array),
    centroids,
    status: raw.status,
    message: raw.message,
    iterations: raw.iterations ?? 0,
    objective: raw.objective ?? NaN,
    history: Array.from(raw.history as Float64Array),
  };
}
