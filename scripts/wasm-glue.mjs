#!/usr/bin/env node
// After a wasm module's link for browsers (wasm/wasm.cmake runs it): its glue minified, and the
// threaded build's pthread worker made to import the page's copy of the glue.
// Usage: node scripts/wasm-glue.mjs dist/wasm/web/supclust-<module>-<variant>.js
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { transform } from 'esbuild';

const glue = process.argv[2];
// The browsers' glue is part of the download: minified (names and whitespace only; the glue runs
// no eval, -sDYNAMIC_EXECUTION=0, and its `new URL(…, import.meta.url)` stay).
writeFileSync(glue, (await transform(readFileSync(glue, 'utf8'), { minify: true, target: 'es2020' })).code);

// The web pthread worker imports the glue from the URL the page's copy was loaded from (post.js
// sets it); its fallback import of a sibling file would make bundlers emit, and browsers fetch,
// a second copy of the glue. The import is left to the browser: a bundler that rewrites it
// (webpack) would look the URL up among its own modules.
const worker = glue.replace(/\.js$/, '.worker.js');
if (existsSync(worker)) {
  const fallback = `(e.data.urlOrBlob?import(e.data.urlOrBlob):import("./${basename(glue)}"))`;
  const browserImport = 'import(/* webpackIgnore: true */ /* @vite-ignore */ e.data.urlOrBlob)';
  const text = readFileSync(worker, 'utf8');
  if (text.includes(fallback)) writeFileSync(worker, text.replace(fallback, browserImport));
  else if (!text.includes(browserImport)) {
    console.error('the pthread worker glue changed: update the fallback rewrite in scripts/wasm-glue.mjs');
    process.exit(1);
  }
}
