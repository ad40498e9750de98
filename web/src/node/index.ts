// Node entry point: every call runs in a worker_threads Worker, so the event loop stays free
// (timers fire, AbortSignal.timeout() aborts at once, progress arrives while a solver works).
// The .wasm bytes are read and compiled once here; each worker instantiates that module.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SupclustError } from '../errors.js';
import type { LoadOptions, ModuleName, Supclust, Variant } from '../types.js';
import { chooseVariant, threadLimitOf } from '../variant.js';
import type { FromWorker } from '../protocol.js';
import { fileOf } from '../module.js';
import { startSupclust, type StartWorker } from '../worker_backend.js';

export * from '../types.js';
export { SupclustError } from '../errors.js';
export type { SupclustErrorCode } from '../errors.js';
export { logGrid } from '../grid.js';
export { validateModel } from '../saved_model.js';
export { rowsOf } from '../rows.js';
export { readTable, describeColumns, whyNotNumeric, tableMatrix } from '../table.js';
export type { Table, ReadTableOptions, ColumnSummary, Decimal, TableMatrix, TableMatrixOptions } from '../table.js';
export { splitRows, shuffledRows, selectRows } from '../split.js';
export type { SplitOptions } from '../split.js';
export { mse, mae, r2, accuracy, errorRate, auc, logLoss } from '../metrics.js';
export { mergeExperiments } from '../merge.js';
export { joinShards } from '../shards.js';

const require = createRequire(import.meta.url);

const readWasm = (file: string) => readFileSync(file);

async function compile(variant: Variant, module: ModuleName): Promise<WebAssembly.Module> {
  const name = `../wasm/web/${fileOf(module, variant)}.wasm`; // one .wasm per module and variant, shared with browsers
  let file = fileURLToPath(new URL(name, import.meta.url)),
    bytes: ReturnType<typeof readWasm>;
  try {
    file = require.resolve(name); // where a bundler put it; else beside this file
  } catch {
    // not resolvable: read from beside this file, whose error names the file
  }
  try {
    bytes = readWasm(file);
  } catch (e) {
    throw new SupclustError(
      'load-failed',
      `could not read ${file} (${(e as { code?: string }).code ?? (e as Error).message}): the package's wasm files are missing; reinstall supclust`,
    );
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    throw new SupclustError('load-failed', `could not compile ${file}: ${(e as Error).message ?? e}`);
  }
}

const startNodeWorker: StartWorker = (_module, onMessage, onError) => {
  let ended = false;
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  worker.on('message', (m: FromWorker) => onMessage(m));
  worker.on('error', (e) => {
    if (!ended) onError(e.message);
  });
  worker.on('exit', (code) => {
    if (!ended) onError(`the worker exited (code ${code})`);
  });
  return {
    post: (m, transfer) => worker.postMessage(m, (transfer ?? []) as ArrayBuffer[]),
    terminate: () => {
      ended = true;
      void worker.terminate();
    },
    hold: (busy) => (busy ? worker.ref() : worker.unref()),
  };
};

/** Loads supclust (Node: in a worker thread; the threaded build by default). */
export async function load(options: LoadOptions = {}): Promise<Supclust> {
  // Deno's worker_threads cannot host the threaded build's pthread workers (their glue sets the
  // worker's read-only `location`): Deno runs the single-thread build.
  const deno = typeof (globalThis as { Deno?: unknown }).Deno !== 'undefined';
  const variant = deno
    ? chooseVariant(
        options,
        false,
        "Deno cannot run the threaded build (its worker_threads cannot host the pthread workers): use the default or variant: 'simd'",
      )
    : chooseVariant(options, typeof SharedArrayBuffer !== 'undefined');
  return startSupclust(
    variant,
    options.module,
    (module) => compile(variant, module),
    startNodeWorker,
    cpus().length,
    threadLimitOf(options),
  );
}
export { wordFrequencies, tokenize } from '../text.js';
export type { TextFeatureOptions, TextFeatures } from '../text.js';
export { loadPangLee, PANG_LEE_AUTHORS } from './pang_lee.js';
export type { PangLeeData } from './pang_lee.js';
export { loadWestbc } from './westbc.js';
export { DATASETS, datasetHelp } from '../datasets.js';
export type { DatasetInfo } from '../datasets.js';
export { loadReuters } from './reuters.js';
export type { ReutersData, ReutersOptions } from './reuters.js';
export { loadNewsgroupPairs, loadNewsgroupTopics, NEWSGROUP_PAIRS } from './newsgroups.js';
export type { NewsgroupHeaders, NewsgroupOptions, NewsgroupPair, NewsgroupTopics } from './newsgroups.js';
export type { WestbcData } from './westbc.js';
