#!/usr/bin/env node
// First fit in a fresh Vite app: the tarball (npm pack of this checkout) installed into a new
// app, built by Vite with the package's plugin, served gzip-compressed with the COOP/COEP headers
// (the threaded build) and opened in Chromium with an empty cache. Three pages: one that loads
// the library and fits IHC once (the core module), the README's example (generate, IHC, a
// cross-validated lasso path: the core module too) and one that fits IHC then a mixture of
// experts (the core, then the library module). Measures navigation start → the page's last
// model, unthrottled and at 3 Mbit/s (Chromium's network emulation, 40 ms latency), and the
// bytes each page fetched (all of it: HTML, chunks, workers, glue, wasm).
// Median of BENCH_REPEATS runs (default 5). Usage: node bench/first-fit.mjs [--json FILE]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readmeExample } from '../scripts/readme-example.mjs';
import { freshTab, launchChromium, median, NETWORKS } from './page-bench.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const work = mkdtempSync(join(tmpdir(), 'supclust-first-fit-'));
const app = join(work, 'app');

const DATA = `const X = [], y = [];
for (let i = 0; i < 200; i++) {
  const row = Array.from({ length: 20 }, (_, j) => Math.sin(7 * i + 3 * j));
  X.push(row);
  y.push(row.reduce((s, v, j) => s + (j < 10 ? 1 : -1) * v, 0));
}
`;
const PAGES = {
  core: `import { load } from 'supclust';
const sc = await load();
${DATA}const m = await sc.fit('ihc', { X, y, Q: 2 });
window.__result = { ms: performance.now(), variant: sc.info.variant, status: m.status };
`,
  readme: readmeExample(
    "window.__result = { ms: performance.now(), variant: sc.info.variant, status: model.status === 'converged' ? chosen.status : model.status };",
  ),
  'core then library': `import { load } from 'supclust';
const sc = await load();
${DATA}await sc.fit('ihc', { X, y, Q: 2 });
const m = await sc.fit('experts-am', { X, y, Q: 2, seed: 1 });
window.__result = { ms: performance.now(), variant: sc.info.variant, status: m.status };
`,
};
const fileOf = (page) => page.replace(/ /g, '-');

export async function firstFit() {
  mkdirSync(app);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }),
  );
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed[0].filename)], {
    cwd: app,
    stdio: 'ignore',
  });
  for (const [page, code] of Object.entries(PAGES)) {
    writeFileSync(join(app, `${fileOf(page)}.js`), code);
    writeFileSync(
      join(app, `${fileOf(page)}.html`),
      `<!DOCTYPE html><meta charset="utf-8"><title>first fit</title><script type="module" src="/${fileOf(page)}.js"></script>\n`,
    );
  }
  const input = Object.fromEntries(Object.keys(PAGES).map((page) => [fileOf(page), join(app, `${fileOf(page)}.html`)]));
  writeFileSync(
    join(app, 'vite.config.js'),
    `import { supclust } from 'supclust/vite';\nexport default { base: './', plugins: [supclust()], build: { outDir: 'dist', target: 'es2022', rollupOptions: { input: ${JSON.stringify(input)} } }, logLevel: 'warn' };\n`,
  );
  const { build } = await import('vite');
  await build({ root: app, configFile: join(app, 'vite.config.js') });

  // Static files, gzip-compressed as a production server sends them, cross-origin isolated.
  const dist = join(app, 'dist');
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  // The files the server sent (gzip) and their bytes, the workers' own requests included; each
  // counted once (with the cache off, every pthread fetches the glue again: a cache answers them).
  let sent = new Map();
  const compressed = new Map();
  const server = createServer((req, res) => {
    let file = normalize(join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (file.endsWith('/')) file = join(file, 'index.html');
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    // Compressed once per file, as a production server serves precompressed files (compressing
    // at each request would time the compression).
    let body = compressed.get(file);
    if (!body) compressed.set(file, (body = gzipSync(readFileSync(file), { level: 9 })));
    sent.set(file, body.length);
    res.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Encoding': 'gzip',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;

  const browser = await launchChromium();
  const rows = [];
  try {
    // Each page visited once untimed: the server compresses each file at its first request.
    for (const page of Object.keys(PAGES)) {
      const { context, tab } = await freshTab(browser, 0);
      await tab.goto(`${url}${fileOf(page)}.html`);
      await tab.waitForFunction(() => window.__result, null, { timeout: 120_000 });
      await context.close();
    }
    for (const page of Object.keys(PAGES))
      for (const [label, kbps] of NETWORKS) {
        const times = [];
        let bytes = 0,
          variant = '';
        for (let r = 0; r < REPEATS; r++) {
          const { context, tab } = await freshTab(browser, kbps);
          sent = new Map();
          await tab.goto(`${url}${fileOf(page)}.html`);
          await tab.waitForFunction(() => window.__result, null, { timeout: 120_000 });
          const result = await tab.evaluate(() => window.__result);
          if (result.status !== 'converged') throw new Error(`${page}: the last fit ended ${result.status}`);
          times.push(result.ms);
          bytes = [...sent.values()].reduce((a, b) => a + b, 0);
          variant = result.variant;
          await context.close();
        }
        rows.push({ page, network: label, variant, medianMs: median(times), transferredKB: bytes / 1024 });
      }
  } finally {
    await browser.close();
    server.close();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

export function printFirstFit(rows) {
  console.log('\n### First fit in a fresh Vite app (Chromium, gzip, COOP/COEP)\n');
  console.log('| page | network | build | load → last model, ms (median) | fetched, KiB |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.page ?? 'core'} | ${r.network} | ${r.variant} | ${r.medianMs.toFixed(0)} | ${r.transferredKB.toFixed(0)} |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await firstFit();
  printFirstFit(rows);
  const i = process.argv.indexOf('--json');
  if (i > 0) writeFileSync(process.argv[i + 1], JSON.stringify(rows, null, 2) + '\n');
}
