// The worker side of WorkerBackend (browsers and Node alike): instantiates the wasm module from
// the compiled WebAssembly.Module it is sent (no second download), runs each call, reports
// progress (the first at once, then at most every 20 ms, and the last before the result), and
// sends results back with their buffers transferred — and the request's own buffers with them,
// spare once the module has copied the request into its heap, for the caller's next copies
// (posting.ts: BufferPool).
import { execute, type CreateModule, type WasmModule } from './module.js';
import { ownBuffersOf } from './posting.js';
import type { ModuleName, Variant } from './types.js';
import type { FromWorker, ToWorker } from './protocol.js';

const PROGRESS_INTERVAL_MS = 20;

export interface WorkerPort {
  post(message: FromWorker, transfer?: Transferable[]): void;
}

/** Returns the message handler of a worker whose glue `glueFor(variant)` loads. */
export function serve(
  port: WorkerPort,
  glueFor: (variant: Variant, module: ModuleName) => Promise<CreateModule>,
): (msg: ToWorker) => Promise<void> {
  let module: WasmModule | undefined;
  let glue: Promise<CreateModule> | undefined;
  return async (msg) => {
    if (msg.type === 'prepare') {
      glue = glueFor(msg.variant, msg.moduleName);
      glue.catch(() => undefined); // reported when init awaits it
      return;
    }
    if (msg.type === 'init') {
      try {
        const create = await (glue ?? glueFor(msg.variant, msg.moduleName));
        const compiled = msg.module as WebAssembly.Module;
        module = await create({
          instantiateWasm(imports: WebAssembly.Imports, receive: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) {
            WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
            return {};
          },
        });
        module.unrefThreads?.();
        if (msg.threadLimit !== undefined) module.limitThreads(msg.threadLimit);
        port.post({ type: 'ready', threads: module.contents().threads });
      } catch (err) {
        port.post({ type: 'load-failed', message: String((err as Error)?.message ?? err) });
      }
      return;
    }
    const { id } = msg;
    let last = -Infinity;
    let unsent: [number, number] | undefined;
    const progress = msg.progress
      ? (iteration: number, objective: number) => {
          const now = performance.now();
          if (now - last >= PROGRESS_INTERVAL_MS) {
            last = now;
            unsent = undefined;
            port.post({ type: 'progress', id, iteration, objective });
          } else {
            unsent = [iteration, objective];
          }
          return true;
        }
      : undefined;
    // The request's buffers no part of the result views (the module returns copies).
    const spareOf = (result: unknown) => {
      const inResult = ownBuffersOf(result);
      return [...ownBuffersOf(msg.request)].filter((b) => !inResult.has(b));
    };
    try {
      const result = execute(module as WasmModule, msg.request, progress);
      if (unsent) port.post({ type: 'progress', id, iteration: unsent[0], objective: unsent[1] });
      const spare = spareOf(result);
      port.post({ type: 'result', id, result, spare }, [...ownBuffersOf(result), ...spare]);
    } catch (err) {
      const spare = spareOf(undefined);
      port.post(
        {
          type: 'error',
          id,
          message: typeof err === 'number' ? `a C++ exception (${err}), most likely out of memory` : String((err as Error)?.message ?? err),
          spare,
        },
        spare,
      );
    }
  };
}
