#!/usr/bin/env node
// First fit in a fresh Vite app: the tarball (npm pack of this checkout) installed into a new
// app that loads the library and fits IHC once, built by Vite with the package's plugin, served
// gzip-compressed with the COOP/COEP headers (the threaded build) and opened in Chromium with
// an empty cache. Measures navigation start → first model, unthrottled and at 3 Mbit/s
// (Chromium's network emulation, 40 ms latency), and the bytes the page fetched.
// Median of BENCH_REPEATS runs (default 5). Usage: node bench/first-fit.mjs [--json FILE]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const work = mkdtempSync(join(tmpdir(), 'supclust-first-fit-'));
const app = join(work, 'app');

const MAIN = `import { load } from 'supclust';
const sc = await load();
const X = [], y = [];
for (let i = 0; i < 200; i++) {
  const row = Array.from({ length: 20 }, (_, j) => Math.sin(7 * i + 3 * j));
  X.push(row);
  y.push(row.reduce((s, v, j) => s + (j < 10 ? 1 : -1) * v, 0));
}
const m = await sc.fit('ihc', { X, y, Q: 2 });
window.__result = { ms: performance.now(), variant: sc.info.variant, status: m.status };
`;

export async function firstFit() {
  mkdirSync(app);
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed[0].filename)], { cwd: app, stdio: 'ignore' });
  writeFileSync(join(app, 'main.js'), MAIN);
  writeFileSync(join(app, 'index.html'), '<!DOCTYPE html><meta charset="utf-8"><title>first fit</title><script type="module" src="/main.js"></script>\n');
  writeFileSync(join(app, 'vite.config.js'), "import { supclust } from 'supclust/vite';\nexport default { base: './', plugins: [supclust()], build: { outDir: 'dist', target: 'es2022' }, logLevel: 'warn' };\n");
  const { build } = await import('vite');
  await build({ root: app, configFile: join(app, 'vite.config.js') });

  // Static files, gzip-compressed as a production server sends them, cross-origin isolated.
  const dist = join(app, 'dist');
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    let file = normalize(join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (file.endsWith('/')) file = join(file, 'index.html');
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404).end(); return; }
    const body = gzipSync(readFileSync(file), { level: 9 });
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Content-Encoding': 'gzip',
      'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'] });
  const rows = [];
  try {
    for (const [label, kbps] of [['unthrottled', 0], ['3 Mbit/s', 3000]]) {
      const times = [];
      let bytes = 0, variant = '';
      for (let r = 0; r < REPEATS; r++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        if (kbps) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: kbps * 1000 / 8, uploadThroughput: kbps * 1000 / 8 });
        let received = 0;
        cdp.on('Network.loadingFinished', (e) => { received += e.encodedDataLength; });
        await page.goto(url);
        await page.waitForFunction(() => window.__result, null, { timeout: 120_000 });
        const result = await page.evaluate(() => window.__result);
        if (result.status !== 'converged') throw new Error(`the first fit ended ${result.status}`);
        times.push(result.ms);
        bytes = received;
        variant = result.variant;
        await context.close();
      }
      times.sort((a, b) => a - b);
      rows.push({ network: label, variant, medianMs: times[Math.floor(times.length / 2)], transferredKB: bytes / 1024 });
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
  console.log('| network | build | load → first model, ms (median) | fetched, KB |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.network} | ${r.variant} | ${r.medianMs.toFixed(0)} | ${r.transferredKB.toFixed(0)} |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await firstFit();
  printFirstFit(rows);
  const i = process.argv.indexOf('--json');
  if (i > 0) writeFileSync(process.argv[i + 1], JSON.stringify(rows, null, 2) + '\n');
}
