// The dedicated module Worker in which supclust runs in browsers, so the page never freezes.
// It instantiates one wasm build (whose pthreads, in the threaded build, are spawned from here).
import type { CreateModule } from '../module.js';
import { serve } from '../serve.js';
import type { ToWorker } from '../worker_backend.js';

const scope = self as unknown as { postMessage(m: unknown, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };

const handle = serve({ post: (m, transfer) => scope.postMessage(m, transfer ?? []) }, async (variant) => {
  const glue = variant === 'simd-threaded'
    ? await import('../wasm/web/supclust-simd-threaded.js')
    : await import('../wasm/web/supclust-simd.js');
  return glue.default as CreateModule;
});
scope.onmessage = (e) => void handle(e.data);
