#!/usr/bin/env node
// Serves the production build of the demo (built by scripts/build.mjs) with the COOP/COEP
// headers that enable the threaded build. PORT=… to change the port (default 4173).
import { preview } from 'vite';
import { fileURLToPath } from 'node:url';

const port = Number(process.env.PORT ?? 4173);
const server = await preview({
  configFile: fileURLToPath(new URL('../demo/vite.config.ts', import.meta.url)),
  preview: { port, host: process.env.HOST ?? '127.0.0.1', strictPort: false },
});
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`\nsupclust demo: ${url}  (cross-origin isolated: threaded build; Ctrl+C to stop)\n`);
