// The protocol between the API and the worker that runs the wasm module, shared by both sides:
// one request object per call (posted as it is, then handed to the module's function of the same
// name: module.ts), the raw results and refusals the module sends back, and the messages around
// them.
import type { ModuleName, Variant } from './types.js';

import type { CsrWire, ExperimentDataWire, PredictorWire, Request, UploadWire, WarmStartWire } from './protocol.generated.js';

// The requests and the shapes they name are generated from their one declaration in C++
// (wasm/requests.hpp); what follows names them as the API uses them.
export type { ExperimentDataWire, PredictorWire, Request, WarmStartWire };

/** X as it crosses into wasm: dense row-major values, or CSR arrays (validated, never densified). */
export type WireMatrix = Float64Array | CsrWire;

/** A call's X: its arrays, or the id of a dataset the module holds (sc.dataset()). */
export type CallMatrix = WireMatrix | number;

/** A dataset's arrays as the module stores them (wasm `hold`), sent once per worker: the backend
 * attaches it to the first call that names the dataset. */
export type Upload = UploadWire;

/** An experiment's settings (the library's declared options: reps, seed, fast, threads, shardIndex,
 * shardCount), the rows to run, and a real-data table's data. */
export type ExperimentRequest = Omit<Extract<Request, { op: 'experiment' }>, 'op'>;

/** A refusal, as every call of the module reports one: the field its check named. */
export interface Refusal {
  status: 'invalid-input';
  field: string;
  message: string;
}

export type RawStatus = 'converged' | 'max-iterations' | 'invalid-input' | 'numerical-issue' | 'aborted';

export interface RawFit {
  status: RawStatus;
  message: string;
  /** The field an 'invalid-input' names (the library's check, base/refusal.hpp). */
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
  warnings?: string[];
  /** Starts of a non-convex method run from several, and those that reached the lowest objective (0, 0: one). */
  starts?: number;
  startsAtBest?: number;
  /** Experts: the gate, column-major nFeatures × Q, and its Q intercepts (empty for other kinds). */
  gateCoef?: Float64Array;
  gateIntercept?: Float64Array;
  /** experts-em: each expert's noise variance (empty for the others). */
  variances?: Float64Array;
  /** experts-em: its BIC (NaN for the others). */
  criterion?: number;
}

/** A prediction's answer (row-major): scores or probabilities, class indices, the experts'
 * best answers, or their answers with the gate's probabilities. */
export interface RawAnswers {
  values?: Float64Array;
  gate?: Float64Array;
  classes?: Int32Array;
  expert?: Int32Array;
  prediction?: Float64Array;
  mse?: number;
  error?: number;
}

export interface RawCrossValidation {
  status: RawStatus;
  message: string;
  field?: string;
  metric?: string;
  higherIsBetter?: boolean;
  best?: number;
  /** -1: no order of simplicity over the grid's options. */
  best1se?: number;
  grid?: { values: Float64Array; mean: number; std: number; se: number; scores: Float64Array }[];
  model?: RawFit;
}

export interface RawPath {
  status: RawStatus;
  message: string;
  field?: string;
  weights?: string[];
  weight?: number;
  ray?: Float64Array;
  top?: number;
  topKind?: 'exact' | 'bound' | 'scale';
  stopped?: string;
  bestCriterion?: number;
  points?: {
    value: number;
    weights: Float64Array;
    devianceRatio: number;
    nonZeros: number;
    groups: number;
    criterion: number;
    model: RawFit;
    cv?: { mean: number; std: number; se: number; scores: Float64Array };
  }[];
  metric?: string;
  higherIsBetter?: boolean;
  folds?: number;
  /** −1: not cross-validated. */
  best?: number;
  best1se?: number;
}

export interface RawStability {
  status: RawStatus;
  message: string;
  field?: string;
  resamples?: number;
  rows?: number;
  selection?: Float64Array;
  pairs?: { i: Int32Array; j: Int32Array; frequency: Float64Array };
  coGrouping?: Float64Array;
  consensus?: Int32Array;
  partitions?: Int32Array;
}

export interface RawExperiment {
  status: RawStatus;
  message: string;
  field?: string;
  reps?: number;
  seed?: number;
  fast?: boolean;
  seconds?: number;
  tasks?: Float64Array;
  totalTasks?: number;
  rows?: {
    method: string;
    msPerFit: number;
    cells: { mean: number; std: number; values: Float64Array }[];
    paper: { mean: number; std: number }[];
  }[];
}

/** Whether a module's answer is a refusal. */
export function isRefusal(raw: unknown): raw is Refusal {
  return !!raw && typeof raw === 'object' && (raw as { status?: unknown }).status === 'invalid-input';
}

/** The dataset a request names (its X or the one it holds), if any. */
export function datasetOf(r: Request): number | undefined {
  if (r.op === 'hold') return r.dataset;
  if (
    (r.op === 'fit' || r.op === 'predict' || r.op === 'score' || r.op === 'crossValidate' || r.op === 'path' || r.op === 'stability') &&
    typeof r.X === 'number'
  )
    return r.X;
  return undefined;
}

/** The smallest module that serves a request (a method's as info.methods declares it; an
 * unknown method goes to the library, which refuses it by name). */
export function moduleFor(r: Request, methods: readonly { name: string; module: ModuleName }[]): ModuleName {
  switch (r.op) {
    case 'fit':
    case 'crossValidate':
    case 'path':
    case 'stability':
      return methods.find((m) => m.name === r.method)?.module ?? 'library';
    case 'experiment':
      return 'library';
    default:
      return 'core'; // the kernels; a dataset, held by any module
  }
}

/** A compiled WebAssembly.Module, typed as an object so that the declarations need neither the
 * DOM nor the WebAssembly library. */
export type CompiledModule = object;

/** To the worker: the module to prepare (its glue, imported while the .wasm downloads) and start, then calls. */
export type ToWorker =
  | { type: 'prepare'; variant: Variant; moduleName: ModuleName }
  | { type: 'init'; variant: Variant; moduleName: ModuleName; module: CompiledModule; threadLimit?: number }
  | { type: 'call'; id: number; request: Request; progress: boolean };

/** What a started worker reports about its module: the threads it can use. */
export interface ReadyInfo {
  threads: number;
}

/** From the worker: listening (its handler set: the backend sends nothing before), started (or
 * not), progress, and each call's result or trap. */
export type FromWorker =
  | { type: 'listening' }
  | ({ type: 'ready' } & ReadyInfo)
  | { type: 'load-failed'; message: string }
  | { type: 'progress'; id: number; iteration: number; objective: number }
  | { type: 'result'; id: number; result: unknown; spare?: ArrayBuffer[] }
  | { type: 'error'; id: number; message: string; spare?: ArrayBuffer[] };
