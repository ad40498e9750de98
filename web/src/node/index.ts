// Node entry point: the module runs in-process (calls are synchronous underneath; progress
// and abort are checked between solver iterations). Node reads the .wasm bytes itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createSupclust } from '../api.js';
import { SupclustError } from '../errors.js';
import { execute, type Backend, type CreateModule, type Request, type WasmModule } from '../module.js';
import type { Info, LoadOptions, Supclust, Variant } from '../types.js';
import { chooseVariant } from '../variant.js';
import { VERSION } from '../version.js';

export * from '../types.js';
export { SupclustError } from '../errors.js';
export { logGrid } from '../grid.js';

const require = createRequire(import.meta.url);

async function instantiate(variant: Variant): Promise<WasmModule> {
  const glue = require.resolve(`../wasm/node/supclust-${variant}.js`);
  try {
    const create = require(glue) as CreateModule;
    const m = await create({ wasmBinary: readFileSync(glue.replace(/\.js$/, '.wasm')) });
    m.unrefThreads?.();
    return m;
  } catch (e) {
    throw new SupclustError('load-failed', `could not start the ${variant} module: ${(e as Error).message ?? e}`);
  }
}

class InProcessBackend implements Backend {
  constructor(private module: WasmModule, private readonly variant: Variant) {}

  async call(request: Request, control: { signal?: AbortSignal; onProgress?: (it: number, f: number) => void }) {
    let userError: unknown;
    const progress = control.signal || control.onProgress ? (it: number, f: number) => {
      if (control.signal?.aborted) return false;
      try {
        control.onProgress?.(it, f);
      } catch (e) {  // never let a JS exception unwind through wasm frames
        userError = e;
        return false;
      }
      return true;
    } : undefined;
    let result: unknown;
    try {
      result = execute(this.module, request, progress);
    } catch (e) {
      // A trap leaves the instance in an unknown state: replace it before the next call.
      this.module.terminateThreads?.();
      this.module = await instantiate(this.variant);
      throw new SupclustError('internal', `the solver failed: ${(e as Error).message ?? e}`);
    }
    if (userError !== undefined) throw userError;
    if (control.signal?.aborted) throw new SupclustError('aborted', 'the call was aborted');
    return result;
  }

  dispose() {
    this.module.terminateThreads?.();
  }
}

/** Loads supclust (Node: in-process; the threaded build by default). */
export async function load(options: LoadOptions = {}): Promise<Supclust> {
  const variant = chooseVariant(options, typeof SharedArrayBuffer !== 'undefined');
  const module = await instantiate(variant);
  const raw = module.info() as { threads: number; methods: Info['methods']; experiments: Info['experiments'] };
  const info: Info = { variant, threads: variant === 'simd' ? 1 : raw.threads, simd: true, version: VERSION, methods: raw.methods, experiments: raw.experiments };
  return createSupclust(new InProcessBackend(module, variant), info);
}
export { wordFrequencies, tokenize } from '../text.js';
export type { TextFeatureOptions, TextFeatures } from '../text.js';
export { loadPangLee, PANG_LEE_AUTHORS } from './pang_lee.js';
export type { PangLeeData } from './pang_lee.js';
