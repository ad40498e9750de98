// Browser entry point: all work runs in a dedicated module Worker. Aborting a call terminates
// that worker and starts a fresh one; calls still queued are sent to the new worker.
import { createSupclust } from '../api.js';
import { SupclustError } from '../errors.js';
import type { Backend, Request } from '../module.js';
import type { Info, LoadOptions, Supclust, Variant } from '../types.js';
import { chooseVariant } from '../variant.js';
import { VERSION } from '../version.js';
import type { FromWorker, ReadyInfo, ToWorker } from './protocol.js';

export * from '../types.js';
export { SupclustError } from '../errors.js';
export { logGrid } from '../grid.js';
export { wordFrequencies, tokenize } from '../text.js';
export type { TextFeatureOptions, TextFeatures } from '../text.js';

interface Pending {
  request: Request;
  control: { signal?: AbortSignal; onProgress?: (it: number, f: number) => void };
  resolve(v: unknown): void;
  reject(e: unknown): void;
  cleanup(): void;
}

class WorkerBackend implements Backend {
  private worker?: Worker;
  private ready?: Promise<ReadyInfo>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private disposed = false;

  constructor(private readonly variant: Variant) {}

  start(): Promise<ReadyInfo> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'supclust' });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (m.type === 'ready') resolve(m);
        else if (m.type === 'load-failed') reject(new SupclustError('load-failed', `could not start the ${this.variant} module: ${m.message}`));
        else this.receive(m);
      };
      worker.onerror = (e) => {
        const err = new SupclustError('load-failed', `the supclust worker failed: ${e.message || 'script error'}`);
        reject(err);
        this.restart(err);
      };
      worker.postMessage({ type: 'init', variant: this.variant } satisfies ToWorker);
    });
    return this.ready;
  }

  private receive(m: FromWorker) {
    if (m.type !== 'progress' && m.type !== 'result' && m.type !== 'error') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') {
      p.control.onProgress?.(m.iteration, m.objective);
      return;
    }
    this.pending.delete(m.id);
    p.cleanup();
    if (m.type === 'result') p.resolve(m.result);
    else {
      // A trap leaves the instance in an unknown state: replace the worker.
      p.reject(new SupclustError('internal', `the solver failed: ${m.message}`));
      this.restart();
    }
  }

  /** Terminates the worker; queued calls go to a fresh one (or fail with `err`). */
  private restart(err?: SupclustError) {
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = undefined;
    if (this.disposed) return;
    for (const [id, p] of this.pending) {
      if (err) {
        this.pending.delete(id);
        p.cleanup();
        p.reject(err);
      } else {
        void this.post(id, p);
      }
    }
  }

  private async post(id: number, p: Pending) {
    try {
      await this.start();
    } catch (e) {
      if (this.pending.delete(id)) {
        p.cleanup();
        p.reject(e);
      }
      return;
    }
    if (this.pending.get(id) !== p) return;
    this.worker!.postMessage({ type: 'call', id, request: p.request, progress: !!p.control.onProgress } satisfies ToWorker);
  }

  call(request: Request, control: Pending['control']): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        p.cleanup();
        reject(new SupclustError('aborted', 'the call was aborted'));
        this.restart();
      };
      const p: Pending = {
        request, control, resolve, reject,
        cleanup: () => control.signal?.removeEventListener('abort', onAbort),
      };
      this.pending.set(id, p);
      control.signal?.addEventListener('abort', onAbort, { once: true });
      void this.post(id, p);
    });
  }

  dispose() {
    this.disposed = true;
    this.worker?.terminate();
    for (const p of this.pending.values()) {
      p.cleanup();
      p.reject(new SupclustError('aborted', 'disposed'));
    }
    this.pending.clear();
  }
}

function threadsAvailable(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

/** Loads supclust in a dedicated Worker (threaded build when the page is cross-origin isolated). */
export async function load(options: LoadOptions = {}): Promise<Supclust> {
  const variant = chooseVariant(options, threadsAvailable());
  const backend = new WorkerBackend(variant);
  let ready;
  try {
    ready = await backend.start();
  } catch (e) {
    backend.dispose();
    throw e instanceof SupclustError ? e : new SupclustError('load-failed', String(e));
  }
  const info: Info = { variant, threads: variant === 'simd' ? 1 : ready.threads, simd: true, version: VERSION, methods: ready.methods as Info['methods'], experiments: ready.experiments as Info['experiments'] };
  return createSupclust(backend, info);
}
