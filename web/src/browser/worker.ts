// The dedicated module Worker in which supclust runs in browsers, so the page never freezes.
// It loads one wasm build (whose pthreads, in the threaded build, are spawned from here).
import { execute, type CreateModule, type WasmModule } from '../module.js';
import type { FromWorker, ToWorker } from './protocol.js';

const scope = self as unknown as { postMessage(m: FromWorker, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
let module: WasmModule | undefined;
const PROGRESS_INTERVAL_MS = 50;

async function create(variant: string): Promise<WasmModule> {
  const glue = variant === 'simd-threaded'
    ? await import('../wasm/web/supclust-simd-threaded.js')
    : await import('../wasm/web/supclust-simd.js');
  return (glue.default as CreateModule)();
}

function buffersOf(value: unknown): Transferable[] {
  if (ArrayBuffer.isView(value)) return [value.buffer as ArrayBuffer];
  if (value && typeof value === 'object') return Object.values(value).flatMap(buffersOf);
  return [];
}

scope.onmessage = async (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    try {
      module = await create(msg.variant);
      const info = module.info();
      scope.postMessage({ type: 'ready', threads: info.threads, methods: info.methods, experiments: info.experiments });
    } catch (err) {
      scope.postMessage({ type: 'load-failed', message: String((err as Error)?.message ?? err) });
    }
    return;
  }
  const { id } = msg;
  let last = 0;
  const progress = msg.progress ? (iteration: number, objective: number) => {
    const now = performance.now();
    if (now - last >= PROGRESS_INTERVAL_MS) {
      last = now;
      scope.postMessage({ type: 'progress', id, iteration, objective });
    }
    return true;
  } : undefined;
  try {
    const result = execute(module as WasmModule, msg.request, progress);
    scope.postMessage({ type: 'result', id, result }, buffersOf(result));
  } catch (err) {
    scope.postMessage({ type: 'error', id, message: String((err as Error)?.message ?? err) });
  }
};
