// Vite integration for apps that use supclust: keeps the emscripten glue out of dependency
// pre-bundling (which would break its .wasm URL), builds workers as ES modules (the threaded
// glue spawns its own workers and uses dynamic import), and sends the COOP/COEP headers that
// enable threads on the dev and preview servers.
export const crossOriginIsolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

export function supclust(options: { isolate?: boolean } = {}) {
  const isolate = options.isolate ?? true;
  return {
    name: 'supclust',
    config() {
      return {
        optimizeDeps: { exclude: ['supclust'] },
        worker: { format: 'es' as const },
        server: isolate ? { headers: { ...crossOriginIsolationHeaders } } : {},
        preview: isolate ? { headers: { ...crossOriginIsolationHeaders } } : {},
      };
    },
  };
}
export default supclust;
