// The embind module as the TypeScript layer sees it (emscripten 3.1.6 writes no .d.ts), and the
// one place a request becomes a call on it — shared by the Node and browser workers (serve.ts),
// so both run exactly the same code path. Every function takes the request object itself
// (protocol.ts) and answers with a plain object or a refusal.
import type { RawAnswers, RawCrossValidation, RawExperiment, RawFit, RawPath, RawStability, Refusal, Request, Upload } from './protocol.js';
import type { ModuleName, Variant } from './types.js';

type Call<Op extends Request['op']> = Extract<Request, { op: Op }>;
type Progress = ((it: number, f: number) => boolean) | undefined;

export interface WasmModule {
  /** The build's threads, the methods this module holds and whether it runs experiment()
   * (absent from the core, as describe() and requests()). */
  contents(): { threads: number; methods: string[]; experiment: boolean };
  /** Caps the threads every later call uses (load({ threads: n })). */
  limitThreads(limit: number): void;
  /** The library module: the library's description (C++ describeLibrary()) as JSON. */
  describe?(): string;
  /** The library module: the requests' declaration (wasm/requests.hpp) as JSON. */
  requests?(): string;
  kmeans1d(r: Call<'kmeans1d'>): { labels: Int32Array; centroids: Float64Array; sse: number } | Refusal;
  projectSparseGroups(r: Call<'projectSparseGroups'>): { values: Float64Array; labels: Int32Array; centroids: Float64Array } | Refusal;
  proxOwl(r: Call<'proxOwl'>): { values: Float64Array } | Refusal;
  proxCliqueFusion(r: Call<'proxCliqueFusion'>): { values: Float64Array } | Refusal;
  /** Stores a dataset under the caller's id (replacing one of that id), checked once; nothing when stored. */
  hold(r: Upload): Refusal | undefined;
  release(r: Call<'release'>): void;
  fit(r: Call<'fit'>, progress: Progress): RawFit;
  predict(r: Call<'predict'>): RawAnswers | Refusal;
  score(r: Call<'score'>): { metric: string; value: number; higherIsBetter: boolean } | Refusal;
  crossValidate(r: Call<'crossValidate'>, progress: Progress): RawCrossValidation;
  path(r: Call<'path'>, progress: Progress): RawPath;
  stability(r: Call<'stability'>, progress: Progress): RawStability;
  experiment?(r: Call<'experiment'>, progress: Progress): RawExperiment;
  generate(r: Call<'generate'>): Record<string, Float64Array | Int32Array | string | number> | Refusal;
  terminateThreads?(): void;
  unrefThreads?(): void;
}

export type CreateModule = (overrides?: Record<string, unknown>) => Promise<WasmModule>;

/** A module's file name without its extension: supclust-core-simd, …, supclust-library-simd-threaded. */
export function fileOf(module: ModuleName, variant: Variant): string {
  return `supclust-${module}-${variant}`;
}

/** progress(iteration, objective) returns false to stop the solver. */
export function execute(m: WasmModule, r: Request, progress?: (it: number, f: number) => boolean): unknown {
  if ('upload' in r && r.upload) {
    // the dataset this call names, stored first
    const refusal = m.hold(r.upload);
    if (refusal) return refusal;
  }
  switch (r.op) {
    case 'hold':
      return undefined;
    case 'release':
      return m.release(r);
    case 'fit':
      return m.fit(r, progress);
    case 'crossValidate':
      return m.crossValidate(r, progress);
    case 'path':
      return m.path(r, progress);
    case 'stability':
      return m.stability(r, progress);
    case 'experiment':
      return m.experiment!(r, progress);
    case 'generate':
      return m.generate(r);
    default:
      return m[r.op](r as never);
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
