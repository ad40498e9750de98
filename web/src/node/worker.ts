// The worker_threads Worker in which supclust runs in Node, so that the event loop stays free
// (timers fire, AbortSignal.timeout aborts) while a solver works.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { fileOf, type CreateModule } from '../module.js';
import { serve } from '../serve.js';
import type { ToWorker } from '../protocol.js';

const require = createRequire(import.meta.url);
const port = parentPort!;
const handle = serve(
  { post: (m, transfer) => port.postMessage(m, (transfer ?? []) as ArrayBuffer[]) },
  async (variant, module) => require(`../wasm/node/${fileOf(module, variant)}.js`) as CreateModule,
);
port.on('message', (m: ToWorker) => void handle(m));
port.postMessage({ type: 'listening' });
