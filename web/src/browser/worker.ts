// The dedicated module Worker in which supclust runs in browsers, so the page never freezes.
// It instantiates one wasm build (whose pthreads, in the threaded build, are spawned from here).
import { fileOf, type CreateModule } from '../module.js';
import { serve } from '../serve.js';
import type { ToWorker } from '../protocol.js';
import { trustWorkersHere } from './trusted_types.js';

const scope = self as unknown as {
  postMessage(m: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

// The imports and URLs stay literal: bundlers find the files by them. webpack puts the glues in
// this worker's own chunk (webpackMode eager): split into a chunk of their own, its ES-module
// output starts a module worker that waits for that chunk and never loads it (webpack/webpack#17870).
const handle = serve({ post: (m, transfer) => scope.postMessage(m, transfer ?? []) }, async (variant, module) => {
  // A glue that does not import is named, with what to serve.
  const imported = <T>(glue: Promise<T>) =>
    glue.catch((e: unknown) => {
      throw new Error(
        `${(e as Error)?.message ?? e}: serve ${fileOf(module, variant)}.js, the module's glue, beside its .wasm, as JavaScript`,
      );
    });
  if (variant !== 'simd-threaded')
    return (
      await imported(
        module === 'core'
          ? import(/* webpackMode: "eager" */ '../wasm/web/supclust-core-simd.js')
          : import(/* webpackMode: "eager" */ '../wasm/web/supclust-library-simd.js'),
      )
    ).default as CreateModule;
  trustWorkersHere(); // the glue's pthread workers, where Trusted Types are required here too
  const namespace = await imported(
    module === 'core'
      ? import(/* webpackMode: "eager" */ '../wasm/web/supclust-core-simd-threaded.js')
      : import(/* webpackMode: "eager" */ '../wasm/web/supclust-library-simd-threaded.js'),
  );
  const glue = namespace.default as CreateModule;
  // The pthread workers import the glue from the URL it was loaded from. A bundler that puts
  // the build machine's path there (webpack's import.meta.url), or that inlines the glue into
  // this worker's script (Vite without the supclust() plugin, which bundles workers as one
  // script: the glue's URL is then this script's, which exports nothing), leaves them nothing
  // to import: they get the package's copy of the glue instead, which the bundler emits as a file.
  if (new URL(import.meta.url).protocol !== 'file:' && isModuleNamespace(namespace)) return glue;
  const mainScriptUrlOrBlob = (
    module === 'core'
      ? new URL('../wasm/web/supclust-core-simd-threaded.js', import.meta.url)
      : new URL('../wasm/web/supclust-library-simd-threaded.js', import.meta.url)
  ).href;
  // A bundler that rewrote that copy too (Parcel bundles it as a script of its own) leaves the
  // pthreads a file without the glue's export: said now, with the fixes, rather than as their crash.
  const copy = (await import(/* webpackIgnore: true */ /* @vite-ignore */ mainScriptUrlOrBlob).catch(() => undefined)) as
    | { default?: unknown }
    | undefined;
  if (typeof copy?.default !== 'function')
    throw new Error(
      `the bundler rewrote the glue the threads import (${mainScriptUrlOrBlob} is not the package's ES module): ` +
        "load({ variant: 'simd' }) runs without threads; for threads, copy node_modules/supclust/dist to your static files and pass load({ baseUrl }) its URL",
    );
  return (overrides) => glue({ ...overrides, mainScriptUrlOrBlob });
});
scope.onmessage = (e) => void handle(e.data);
// Only now can it hear: a bundler may run this script's body after its own start-up (webpack's
// module output loads chunks first), and a message that arrived before would be lost.
scope.postMessage({ type: 'listening' });

/** An ES module's namespace object, as import() of a file gives (a bundler's inlined stand-in
 * is an ordinary object). */
function isModuleNamespace(x: object): boolean {
  return Object.getPrototypeOf(x) === null && (x as { [Symbol.toStringTag]?: string })[Symbol.toStringTag] === 'Module';
}
