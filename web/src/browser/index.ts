// Browser entry point: all work runs in a dedicated module Worker. The .wasm file is fetched
// and compiled once here (a missing or misserved file is reported with its URL and status);
// aborting a call terminates the worker and the next call starts a fresh one from that module.
import { SupclustError } from '../errors.js';
import type { LoadOptions, ModuleName, Supclust, Variant } from '../types.js';
import { chooseVariant, threadLimitOf } from '../variant.js';
import type { FromWorker } from '../protocol.js';
import { fileOf } from '../module.js';
import { startSupclust, type StartWorker } from '../worker_backend.js';
import { isTrustedTypesError, TRUSTED_TYPES_FIX, withTrustedWorkers } from './trusted_types.js';

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
export { wordFrequencies, tokenize } from '../text.js';
export type { TextFeatureOptions, TextFeatures } from '../text.js';
export { DATASETS, datasetHelp, PANG_LEE_AUTHORS } from '../datasets.js';
export type { DatasetInfo } from '../datasets.js';
/** Node only: it reads the scale dataset's files. In browsers, read them yourself and use
 * wordFrequencies(). */
export function loadPangLee(): never {
  throw new SupclustError(
    'load-failed',
    'loadPangLee reads files and runs in Node only; in a browser, fetch the texts and call wordFrequencies()',
  );
}
export { NEWSGROUP_PAIRS } from '../newsgroup_pairs.js';
/** Node only: it reads the 20 Newsgroups files. In browsers, fetch them and use wordFrequencies(). */
export function loadNewsgroupPairs(): never {
  throw new SupclustError(
    'load-failed',
    'loadNewsgroupPairs reads files and runs in Node only; in a browser, fetch the messages and call wordFrequencies()',
  );
}
/** Node only: it reads the 20 Newsgroups files. In browsers, fetch them and use wordFrequencies(). */
export function loadNewsgroupTopics(): never {
  throw new SupclustError(
    'load-failed',
    'loadNewsgroupTopics reads files and runs in Node only; in a browser, fetch the messages and call wordFrequencies()',
  );
}
/** Node only: it reads the Reuters-21578 files. In browsers, parse the SGML yourself. */
export function loadReuters(): never {
  throw new SupclustError('load-failed', 'loadReuters reads files and runs in Node only; in a browser, fetch and parse the SGML yourself');
}
/** Node only: it reads the Westbc files. In browsers, parse them yourself. */
export function loadWestbc(): never {
  throw new SupclustError('load-failed', 'loadWestbc reads files and runs in Node only; in a browser, fetch and parse the CSV yourself');
}

const HOW_TO_SERVE =
  "serve the package's dist/wasm/web/*.wasm files beside its JavaScript, as application/wasm " +
  "(with Vite, add the supclust() plugin from 'supclust/vite'; with a bundler that does not emit them, such as esbuild or Rollup, " +
  "copy the package's dist/ folder to your site and pass load({ baseUrl }) its URL)";

// A copy of dist/ at options.baseUrl, resolved against the page.
const baseOf = (options: LoadOptions) =>
  options.baseUrl === undefined ? undefined : new URL(String(options.baseUrl), globalThis.location?.href);

// The URLs stay literal `new URL('…', import.meta.url)` expressions: bundlers find the files by them.
function wasmUrl(variant: Variant, module: ModuleName): URL {
  if (variant === 'simd-threaded')
    return module === 'core'
      ? new URL('../wasm/web/supclust-core-simd-threaded.wasm', import.meta.url)
      : new URL('../wasm/web/supclust-library-simd-threaded.wasm', import.meta.url);
  return module === 'core'
    ? new URL('../wasm/web/supclust-core-simd.wasm', import.meta.url)
    : new URL('../wasm/web/supclust-library-simd.wasm', import.meta.url);
}

async function compile(variant: Variant, module: ModuleName, base: URL | undefined): Promise<WebAssembly.Module> {
  const url = base ? new URL(`wasm/web/${fileOf(module, variant)}.wasm`, base) : wasmUrl(variant, module);
  let bytes: ArrayBuffer;
  try {
    const response = await fetch(url);
    if (!response.ok)
      throw new SupclustError(
        'load-failed',
        `could not fetch ${url.href}: HTTP ${response.status} ${response.statusText}; ${HOW_TO_SERVE}`,
      );
    bytes = await response.arrayBuffer();
  } catch (e) {
    if (e instanceof SupclustError) throw e;
    throw new SupclustError('load-failed', `could not fetch ${url.href}: ${(e as Error).message ?? e}; ${HOW_TO_SERVE}`);
  }
  const head = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  if (head.length < 4 || head[0] !== 0 || head[1] !== 0x61 || head[2] !== 0x73 || head[3] !== 0x6d) {
    const text = new TextDecoder().decode(new Uint8Array(bytes, 0, Math.min(40, bytes.byteLength)));
    throw new SupclustError(
      'load-failed',
      `${url.href} is not a WebAssembly file (it starts with ${JSON.stringify(text)}: ` +
        `the server answered with another page, probably its 404 or index page); ${HOW_TO_SERVE}`,
    );
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    const text = String((e as Error).message ?? e);
    const fix = /Content Security Policy|unsafe-eval/i.test(text)
      ? "; the page's Content-Security-Policy forbids compiling WebAssembly: add 'wasm-unsafe-eval' to its script-src"
      : '';
    throw new SupclustError('load-failed', `could not compile ${url.href}: ${text}${fix}`);
  }
}

/** The first of a module's script files under `base` that cannot load, and why (its HTTP status
 * or its MIME type): what a worker that failed to start without saying (the browser's bare error
 * event) most likely met. */
async function unservable(base: URL, variant: Variant, module: ModuleName): Promise<string | undefined> {
  const file = fileOf(module, variant);
  const scripts = ['browser/worker.js', `wasm/web/${file}.js`, ...(variant === 'simd-threaded' ? [`wasm/web/${file}.worker.js`] : [])];
  for (const script of scripts) {
    const url = new URL(script, base);
    try {
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) return `${url.href}: HTTP ${response.status} ${response.statusText}`.trim();
      const type = response.headers.get('content-type') ?? '';
      if (!/javascript|ecmascript/i.test(type))
        return `${url.href} is served as '${type}', and a worker's script must be JavaScript (text/javascript)`;
    } catch (e) {
      return `${url.href}: ${(e as Error).message ?? e}`;
    }
  }
  return undefined;
}

const browserWorker =
  (base: URL | undefined, create: LoadOptions['createWorker'], variant: Variant): StartWorker =>
  (module, onMessage, onError) => {
    let worker: Worker, where: string;
    try {
      if (base) {
        const url = new URL('browser/worker.js', base);
        worker = create ? (create(url) as Worker) : withTrustedWorkers(() => new Worker(url, { type: 'module', name: 'supclust' }));
        where = url.href;
      } else {
        // The literal form bundlers recognise (they bundle the worker with its imports): the
        // Trusted Types policy applies by the Worker it calls.
        worker = withTrustedWorkers(() => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'supclust' }));
        where = "supclust's worker.js";
      }
    } catch (e) {
      throw isTrustedTypesError(e)
        ? new SupclustError('load-failed', `could not start the supclust worker (${(e as Error).message}): ${TRUSTED_TYPES_FIX}`)
        : e;
    }
    let started = false;
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type === 'ready') started = true;
      onMessage(e.data);
    };
    worker.onerror = (e) => {
      const said = e.message || `${where} failed to start (is it served, as a module script?)`;
      // Before it starts, the browser's message rarely names the file (a missing pthread script
      // gives "Uncaught [object Event]"): with the files' URLs known, find the one at fault.
      if (started || !base) onError(said);
      else void unservable(base, variant, module).then((why) => onError(why ?? said));
    };
    return { post: (m, transfer) => worker.postMessage(m, transfer ?? []), terminate: () => worker.terminate() };
  };

function threadsAvailable(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

/** Loads supclust in a dedicated Worker (threaded build when the page is cross-origin isolated). */
export async function load(options: LoadOptions = {}): Promise<Supclust> {
  const variant = chooseVariant(options, threadsAvailable());
  if (options.baseUrl !== undefined && typeof options.baseUrl !== 'string' && !(options.baseUrl instanceof URL))
    throw new SupclustError('invalid-input', `baseUrl: must be a URL or a string (got ${typeof options.baseUrl})`, 'baseUrl');
  if (options.createWorker !== undefined && typeof options.createWorker !== 'function')
    throw new SupclustError(
      'invalid-input',
      `createWorker: must be a function of the worker's URL (got ${typeof options.createWorker})`,
      'createWorker',
    );
  if (options.createWorker !== undefined && options.baseUrl === undefined)
    throw new SupclustError(
      'invalid-input',
      'createWorker: needs baseUrl (the worker it starts is browser/worker.js under it)',
      'createWorker',
    );
  const base = baseOf(options);
  return startSupclust(
    variant,
    options.module,
    (module) => compile(variant, module, base),
    browserWorker(base, options.createWorker, variant),
    globalThis.navigator?.hardwareConcurrency ?? 1,
    threadLimitOf(options),
  );
}
