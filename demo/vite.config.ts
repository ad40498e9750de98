import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { supclust } from '../dist/vite.js';
import { compressedAssets } from './compressed.js';

// The demo imports 'supclust' exactly as an app would; here it resolves to this repository's
// built browser entry point.
const here = fileURLToPath(new URL('.', import.meta.url));
export default defineConfig({
  root: here,
  base: './',
  plugins: [supclust(), compressedAssets()],
  resolve: { alias: { supclust: fileURLToPath(new URL('../dist/browser/index.js', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' }, // the table's worker is a module worker
});
