// The backend that runs every call in a dedicated worker (browsers: a module Worker; Node: a
// worker_threads Worker), so the caller's thread never blocks. Calls are queued here and posted
// one at a time: aborting a queued call just drops it, and aborting the running call
// terminates the worker at once (rejecting with 'aborted'); the queue then goes on in a fresh
// worker on the same compiled module. The instance's first call decides its module — the smallest
// that holds that call (info.methods[].module, experiment()) — unless load() named one; a later
// call that needs the library compiles it once and a worker on it serves that call and every
// later one.
import { createSupclust } from './api.js';
import { SupclustError, trapMessage } from './errors.js';
import { DESCRIPTION } from './library.generated.js';
import { fileOf, type Backend } from './module.js';
import { datasetOf, moduleFor, type FromWorker, type ReadyInfo, type Request, type ToWorker, type Upload } from './protocol.js';
import { BufferPool, forPosting } from './posting.js';
import { MODULES, type Info, type ModuleName, type Supclust, type Variant } from './types.js';
import { VERSION } from './version.js';

/** Fetches (or reads) and compiles one module of the build; rejects with a SupclustError naming
 * the file and the fix. */
export type CompileModule = (module: ModuleName) => Promise<WebAssembly.Module>;

/** A started worker, as the backend drives it. */
export interface WorkerHandle {
  post(message: ToWorker, transfer?: Transferable[]): void;
  terminate(): void;
  /** Node: whether the worker may keep the process alive (only while calls are pending). */
  hold?(busy: boolean): void;
}

/** Starts a worker for `module` (whose name a failure to start may use to find the file at fault). */
export type StartWorker = (module: ModuleName, onMessage: (m: FromWorker) => void, onError: (message: string) => void) => WorkerHandle;

interface Pending {
  request: Request;
  transfer: ArrayBuffer[]; // the request's own buffers, transferred when it is posted
  control: { signal?: AbortSignal; onProgress?: (it: number, f: number) => void };
  resolve(v: unknown): void;
  reject(e: unknown): void;
  cleanup(): void;
}

/** How long a new module may take to report ready before load() gives up on it. */
export const START_TIMEOUT_MS = 20_000;

export class WorkerBackend implements Backend {
  private worker?: WorkerHandle;
  private ready?: Promise<ReadyInfo>;
  private readonly pending = new Map<number, Pending>(); // in call order
  private running?: number; // the call the worker has (or is about to get)
  private nextId = 1;
  private disposed = false;
  private readonly compiling = new Map<ModuleName, Promise<WebAssembly.Module>>(); // each module, once, as first needed
  private readonly datasets = new Map<number, Omit<Upload, 'dataset'>>(); // held by the caller (sc.dataset())
  private resident = new Set<number>(); // the datasets the current worker's module holds
  private readonly pool = new BufferPool(); // buffers the worker sent back, for the next posts

  // `moduleName`: the module load() named, whose download starts now; undefined: the first
  // call decides. The module may still be downloading when the worker starts: the worker's
  // script and the module's glue load meanwhile.
  constructor(
    private readonly variant: Variant,
    private moduleName: ModuleName | undefined,
    private readonly compile: CompileModule,
    private readonly startWorker: StartWorker,
    private readonly threadLimit?: number,
  ) {
    if (moduleName) this.compiled(moduleName);
  }

  /** The module compiled once per instance (a failed fetch is tried again by a later call). */
  private compiled(name: ModuleName): Promise<WebAssembly.Module> {
    let compiling = this.compiling.get(name);
    if (!compiling) {
      compiling = this.compile(name);
      this.compiling.set(name, compiling);
      compiling.catch(() => this.compiling.delete(name));
    }
    return compiling;
  }

  /** Starts a worker on the instance's module (which must be decided). */
  start(): Promise<ReadyInfo> {
    if (this.ready) return this.ready;
    this.ready = new Promise((resolve, reject) => {
      let started = false,
        timer: ReturnType<typeof setTimeout> | undefined;
      const moduleName = this.moduleName!;
      const module = this.compiled(moduleName);
      // A worker that fails while the .wasm is still coming reports the .wasm's failure if it
      // has one (a page that serves neither file hears about the first it must serve).
      const fail = (err: unknown) => {
        clearTimeout(timer);
        clearTimeout(silence);
        module.then(() => reject(err), reject);
      };
      // A worker whose script never runs (a bundler that cannot emit it as a module worker, a
      // server that never finishes sending it) is given up on, by name, after a bounded time.
      const silence = setTimeout(() => {
        fail(
          new SupclustError(
            'load-failed',
            `the supclust worker did not run within ${START_TIMEOUT_MS / 1000} s (its script never started: a bundler ` +
              'that cannot emit it as a module worker, or a server that never finishes sending it): copy ' +
              'node_modules/supclust/dist to your static files and pass load({ baseUrl }) its URL',
          ),
        );
        this.dropWorker();
      }, START_TIMEOUT_MS);
      const worker = this.startWorker(
        moduleName,
        (m) => {
          if (m.type === 'listening') {
            // once: its glue, imported while the .wasm downloads, then the module
            clearTimeout(silence);
            worker.post({ type: 'prepare', variant: this.variant, moduleName });
            module.then(init, () => undefined);
          } else if (m.type === 'ready') {
            clearTimeout(timer);
            started = true;
            worker.hold?.(this.pending.size > 0);
            resolve(m);
          } else if (m.type === 'load-failed') {
            fail(new SupclustError('load-failed', `could not start the ${this.label()} module: ${m.message}`));
          } else {
            this.receive(m);
          }
        },
        (message) => {
          const err = started
            ? new SupclustError('internal', trapMessage(message))
            : new SupclustError('load-failed', `the supclust worker failed to start (${message}): ${this.startFix()}`);
          if (!started) fail(err);
          this.restart(err);
        },
      );
      this.worker = worker;
      worker.hold?.(true); // until it is ready, then only while calls are pending
      const init = (compiled: WebAssembly.Module) => {
        if (this.worker !== worker) return; // ended meanwhile
        // A module that never reports (a pthread worker script that cannot load leaves the
        // threaded build waiting for its pool) is given up on, by name, after a bounded time.
        timer = setTimeout(() => {
          if (started) return;
          reject(
            new SupclustError(
              'load-failed',
              `the ${this.label()} module did not start within ${START_TIMEOUT_MS / 1000} s: ${this.startFix()}`,
            ),
          );
          this.dropWorker();
        }, START_TIMEOUT_MS);
        worker.post({ type: 'init', variant: this.variant, moduleName, module: compiled, threadLimit: this.threadLimit });
      };
      module.catch((err) => {
        clearTimeout(silence);
        reject(err);
        if (this.worker === worker) this.dropWorker();
      });
    });
    return this.ready;
  }

  /** Ends the worker and, with it, what its module held. */
  private dropWorker() {
    this.worker?.terminate();
    this.worker = undefined;
    this.resident = new Set();
  }

  private label() {
    return `${this.moduleName} ${this.variant}`;
  }

  // What to check when the module does not start.
  private startFix(): string {
    return this.variant === 'simd-threaded'
      ? `its worker or its pthread workers could not load: serve ${fileOf(this.moduleName!, this.variant)}.worker.js beside the glue and the .wasm ` +
          "(and worker.js as a module script), or use load({ variant: 'simd' })"
      : 'its worker did not load: serve worker.js (and the modules beside it) as a module script';
  }

  private receive(m: FromWorker) {
    if (m.type !== 'progress' && m.type !== 'result' && m.type !== 'error') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') {
      try {
        p.control.onProgress?.(m.iteration, m.objective);
      } catch (e) {
        // the caller's callback threw: the call ends with that error
        this.settle(m.id, p, () => p.reject(e));
        this.restart();
      }
      return;
    }
    if (m.spare) this.pool.give(m.spare);
    if (m.id === this.running) this.running = undefined;
    if (m.type === 'result') {
      this.settle(m.id, p, () => p.resolve(m.result));
      void this.pump();
    } else {
      // A trap leaves the instance in an unknown state: replace the worker.
      this.settle(m.id, p, () => p.reject(new SupclustError('internal', trapMessage(m.message))));
      this.restart();
    }
  }

  private settle(id: number, p: Pending, finish: () => void) {
    this.pending.delete(id);
    p.cleanup();
    this.worker?.hold?.(this.pending.size > 0);
    finish();
  }

  /** Terminates the worker; queued calls go to a fresh one (or fail with `err`). */
  private restart(err?: SupclustError) {
    this.dropWorker();
    this.ready = undefined;
    this.running = undefined;
    if (this.disposed) return;
    if (err) for (const [id, p] of this.pending) this.settle(id, p, () => p.reject(err));
    else void this.pump();
  }

  /** Posts the oldest queued call when the worker is free (starting a worker if needed). */
  private async pump() {
    if (this.running !== undefined || this.disposed) return;
    const next = this.pending.keys().next();
    if (next.done) return;
    const id = next.value;
    this.running = id;
    // The first call decides the module; a call for a larger module than the worker's: that
    // module replaces it first.
    const needs = moduleFor(this.pending.get(id)!.request, DESCRIPTION.methods);
    if (this.moduleName === undefined) this.moduleName = needs;
    else if (MODULES.indexOf(needs) > MODULES.indexOf(this.moduleName)) {
      try {
        await this.switchTo(needs, id);
      } catch (e) {
        // it could not be fetched or compiled: this call fails with the reason, the others go on
        const p = this.pending.get(id);
        if (this.running === id) this.running = undefined;
        if (p) this.settle(id, p, () => p.reject(e));
        void this.pump();
        return;
      }
      if (this.running !== id) return; // aborted meanwhile (restart() pumps again)
    }
    try {
      await this.start();
    } catch (e) {
      // no worker: every queued call fails with the reason, and a later call starts again
      if (this.running === id) this.running = undefined;
      this.dropWorker();
      this.ready = undefined;
      for (const [i, p] of this.pending) this.settle(i, p, () => p.reject(e));
      return;
    }
    const p = this.pending.get(id);
    if (this.running !== id || !p) return; // aborted meanwhile (restart() pumps again)
    // A dataset this module does not hold yet goes with the call (a copy: the caller's stays
    // for the next module).
    const dataset = datasetOf(p.request),
      data = dataset === undefined ? undefined : this.datasets.get(dataset);
    let { request, transfer } = p;
    if (dataset !== undefined && data && !this.resident.has(dataset)) {
      const upload = forPosting({ dataset, ...data }, this.pool);
      request = { ...request, upload: upload.request } as Request;
      transfer = [...transfer, ...upload.transfer];
      this.resident.add(dataset);
    }
    this.worker!.post({ type: 'call', id, request, progress: !!p.control.onProgress }, transfer);
  }

  hold(dataset: number, upload: Omit<Upload, 'dataset'>) {
    this.datasets.set(dataset, upload);
  }

  release(dataset: number) {
    this.datasets.delete(dataset);
    if (this.resident.delete(dataset)) this.worker?.post({ type: 'call', id: 0, request: { op: 'release', dataset }, progress: false });
  }

  /** Replaces the worker by one on a larger module (compiled once per instance) for call `id`;
   * if that call was aborted while the module compiled, the worker the queue moved on to stays
   * (the compiled module waits for the next call that needs it). */
  private async switchTo(name: ModuleName, id: number) {
    await this.compiled(name);
    if (MODULES.indexOf(name) <= MODULES.indexOf(this.moduleName!)) return; // another call got there first
    if (this.running !== id) return; // aborted meanwhile: a later call may already wait on the current worker
    this.dropWorker();
    this.ready = undefined;
    this.moduleName = name;
  }

  call(request: Request, control: Pending['control']): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const onAbort = () => {
        if (this.pending.get(id) !== p) return;
        this.settle(id, p, () => reject(new SupclustError('aborted', 'the call was aborted')));
        if (this.running === id) this.restart(); // a queued call is just dropped
      };
      const p: Pending = {
        ...forPosting(request, this.pool),
        control,
        resolve,
        reject,
        cleanup: () => control.signal?.removeEventListener('abort', onAbort),
      };
      control.signal?.addEventListener('abort', onAbort, { once: true }); // before the call is queued: a throw leaves nothing behind
      this.pending.set(id, p);
      this.worker?.hold?.(true);
      void this.pump();
    });
  }

  dispose() {
    this.disposed = true;
    this.dropWorker();
    this.datasets.clear();
    for (const [id, p] of this.pending) this.settle(id, p, () => p.reject(new SupclustError('disposed', 'the instance was disposed')));
  }
}

/** The API over a worker backend. With `first` (load({ module })), that module is downloaded and a
 * worker started on it before this resolves; without, nothing is downloaded until the first call.
 * `hardwareThreads`: the platform's count the threaded module reads (navigator.hardwareConcurrency,
 * os.cpus()), for info.threads before a module has started. */
export async function startSupclust(
  variant: Variant,
  first: ModuleName | undefined,
  compile: CompileModule,
  startWorker: StartWorker,
  hardwareThreads: number,
  threadLimit?: number,
): Promise<Supclust> {
  if (first !== undefined && !(MODULES as readonly string[]).includes(first))
    throw new SupclustError('invalid-input', `module: must be ${MODULES.map((m) => `'${m}'`).join(', ')} (got ${String(first)})`, 'module');
  const backend = new WorkerBackend(variant, first, compile, startWorker, threadLimit);
  // The module's own count (base/parallel.cpp: the hardware's, at most 8, under the limit); a
  // started module's report, when there is one.
  let threads = variant === 'simd' ? 1 : Math.min(Math.max(1, Math.min(8, hardwareThreads || 1)), threadLimit ?? 8);
  if (first !== undefined) {
    try {
      threads = (await backend.start()).threads;
    } catch (e) {
      backend.dispose();
      throw e instanceof SupclustError ? e : new SupclustError('load-failed', String(e));
    }
  }
  const info: Info = {
    ...DESCRIPTION,
    variant,
    threads,
    simd: true,
    version: VERSION,
    experiments: DESCRIPTION.experiments.map((e) => ({ ...e, values: Float64Array.from(e.values) })),
  };
  return createSupclust(backend, info);
}
