// The embind module as the TypeScript layer sees it (emscripten 3.1.6 writes no .d.ts), and
// the one place requests are turned into calls on it — shared by the Node and browser
// workers (serve.ts), so both run exactly the same code path.
import type { ModuleName } from './types.js';
export interface RawFit {
  status: 'converged' | 'max-iterations' | 'invalid-input' | 'numerical-issue' | 'aborted';
  message: string;
  /** The field an 'invalid-input' names (the library's, base/refusal.hpp). */
  field?: string;
  kind?: string;
  outputs?: number;
  coef?: Float64Array;
  intercept?: Float64Array;
  groups?: Int32Array;
  centroids?: Float64Array;
  iterations?: number;
  objective?: number;
  history?: Float64Array;
}

export interface RawCrossValidation {
  status: RawFit['status'];
  message: string;
  field?: string;
  metric?: string;
  best?: number;
  grid?: { values: Float64Array; mean: number; std: number; scores: Float64Array }[];
  model?: RawFit;
}

export interface RawExperiment {
  status: RawFit['status'];
  message: string;
  field?: string;
  reps?: number;
  seed?: number;
  fast?: boolean;
  seconds?: number;
  tasks?: Float64Array;
  totalTasks?: number;
  rows?: { method: string; msPerFit: number; cells: { mean: number; std: number; values: Float64Array }[]; paper: { mean: number; std: number }[] }[];
}

/** X as it crosses into wasm: dense row-major values, or CSR arrays (validated, never densified). */
export type WireMatrix = Float64Array | { indptr: Int32Array; indices: Int32Array; values: Float64Array };

/** A call's X: its arrays, or the id of a dataset the module holds (sc.dataset()). */
export type CallMatrix = WireMatrix | number;

/** A dataset's arrays as the module stores them (wasm `hold`), sent once per worker: the backend
 * attaches it to the first call that names the dataset. */
export interface Upload { dataset: number; X: WireMatrix; nRows: number; nCols: number }

export interface WasmModule {
  /** The build's threads, the methods this module holds and whether it runs experiment()
   * (generate() and experiment() are absent from the modules that do not hold them). */
  contents(): { threads: number; methods: string[]; experiment: boolean };
  /** The tables module: the library's description (C++ describeLibrary()) as JSON. */
  describe?(): string;
  kmeans1d(values: Float64Array, Q: number): { labels: Int32Array; centroids: Float64Array; sse: number } | { error: string; field: string };
  proxOwl(values: Float64Array, weights: Float64Array): Float64Array;
  proxCliqueFusion(values: Float64Array, lambda1: number, lambda2: number): Float64Array;
  experiment?(id: string, options: ExperimentRequest,
      progress: ((done: number, total: number) => boolean) | undefined): RawExperiment;
  projectSparseGroups(values: Float64Array, s: number, Q: number): { values: Float64Array; labels: Int32Array; centroids: Float64Array } | { error: string; field: string };
  /** Stores a dataset under the caller's id (replacing one of that id), checked once. */
  hold(id: number, X: WireMatrix, nRows: number, nCols: number): { status: RawFit['status']; message: string; field?: string };
  release(id: number): void;
  fit(method: string, X: CallMatrix, nRows: number, nCols: number, y: Float64Array, yCols: number,
      options: Record<string, unknown>, warmCoef: Float64Array | undefined, warmIntercept: Float64Array | undefined, progress: ((it: number, f: number) => boolean) | undefined): RawFit;
  crossValidate(method: string, X: CallMatrix, nRows: number, nCols: number, y: Float64Array, yCols: number,
      options: Record<string, unknown>, gridNames: string[], gridValues: Float64Array[],
      cv: Record<string, unknown>,
      progress: ((done: number, total: number) => boolean) | undefined): RawCrossValidation;
  generate?(name: string, options: Record<string, unknown>): Record<string, Float64Array | Int32Array | string | number>;
  terminateThreads?(): void;
  unrefThreads?(): void;
}

export type CreateModule = (overrides?: Record<string, unknown>) => Promise<WasmModule>;

export type Request =
  | { op: 'kmeans1d'; values: Float64Array; Q: number }
  | { op: 'projectSparseGroups'; values: Float64Array; s: number; Q: number }
  | { op: 'proxOwl'; values: Float64Array; weights: Float64Array }
  | { op: 'proxCliqueFusion'; values: Float64Array; lambda1: number; lambda2: number }
  | { op: 'experiment'; id: string; options: ExperimentRequest }
  | { op: 'fit'; method: string; X: CallMatrix; nRows: number; nCols: number; y: Float64Array; yCols: number; options: Record<string, unknown>;
      warmCoef?: Float64Array; warmIntercept?: Float64Array; upload?: Upload }
  | { op: 'crossValidate'; method: string; X: CallMatrix; nRows: number; nCols: number; y: Float64Array; yCols: number;
      options: Record<string, unknown>; gridNames: string[]; gridValues: Float64Array[];
      cv: Record<string, unknown>; upload?: Upload }
  | { op: 'hold'; dataset: number; upload?: Upload }
  | { op: 'release'; dataset: number }
  | { op: 'generate'; name: string; options: Record<string, unknown> };

/** An experiment's settings (the library's declared options: reps, seed, fast, threads, shardIndex,
 * shardCount), the rows to run, and a real-data table's data. */
export interface ExperimentRequest {
  settings: Record<string, unknown>;
  methods: string[];
  data?: ExperimentDataWire | ExperimentDataWire[];
}
export interface ExperimentDataWire { X: WireMatrix; nRows: number; nCols: number; y: Float64Array }


/** The dataset a request names (its X or the one it holds), if any. */
export function datasetOf(r: Request): number | undefined {
  if (r.op === 'hold') return r.dataset;
  if ((r.op === 'fit' || r.op === 'crossValidate') && typeof r.X === 'number') return r.X;
  return undefined;
}

/** progress(iteration, objective) returns false to stop the solver. */
export function execute(m: WasmModule, r: Request, progress?: (it: number, f: number) => boolean): unknown {
  if ('upload' in r && r.upload) {  // the dataset this call names, stored first
    const { dataset, X, nRows, nCols } = r.upload;
    const held = m.hold(dataset, X, nRows, nCols);
    if (held.status !== 'converged') return held;
  }
  switch (r.op) {
    case 'hold': return { status: 'converged', message: '' };
    case 'release': m.release(r.dataset); return undefined;
    case 'kmeans1d': return m.kmeans1d(r.values, r.Q);
    case 'projectSparseGroups': return m.projectSparseGroups(r.values, r.s, r.Q);
    case 'proxOwl': return m.proxOwl(r.values, r.weights);
    case 'proxCliqueFusion': return m.proxCliqueFusion(r.values, r.lambda1, r.lambda2);
    case 'experiment': return m.experiment!(r.id, r.options, progress);
    case 'fit': return m.fit(r.method, r.X, r.nRows, r.nCols, r.y, r.yCols, r.options, r.warmCoef, r.warmIntercept, progress);
    case 'crossValidate':
      return m.crossValidate(r.method, r.X, r.nRows, r.nCols, r.y, r.yCols, r.options, r.gridNames, r.gridValues, r.cv, progress);
    case 'generate': return m.generate!(r.name, r.options);
  }
}

/** The smallest module that serves a request (a method's as info.methods declares it; an
 * unknown method goes to the library, which refuses it by name). */
export function moduleFor(r: Request, methods: readonly { name: string; module: ModuleName }[]): ModuleName {
  switch (r.op) {
    case 'fit': case 'crossValidate': return methods.find((m) => m.name === r.method)?.module ?? 'library';
    case 'generate': return 'library';
    case 'experiment': return 'tables';
    default: return 'core';  // the kernels; a dataset, held by any module
  }
}

/** What an API call needs from a backend (worker_backend.ts: a worker in Node and browsers). */
export interface Backend {
  call(request: Request, control: { signal?: AbortSignal; onProgress?: (it: number, f: number) => void }): Promise<unknown>;
  /** Keeps a dataset's arrays (the caller's own copy) for every module that needs them; a call
   * naming the dataset sends them to a module that does not hold them yet. */
  hold(dataset: number, upload: Omit<Upload, 'dataset'>): void;
  /** Forgets a dataset and frees the module's copy. */
  release(dataset: number): void;
  dispose(): void;
}
