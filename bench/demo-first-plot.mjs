#!/usr/bin/env node
// The demo's first plot: its production build (demo/dist, served by Vite's preview as `npm start`
// serves it: brotli where accepted, the COOP/COEP headers, so the threaded build) opened in Debian
// Chromium at 1280 × 720 with an empty cache, timed from navigation to Play's first chart in the
// page (its first figure inserted), unthrottled and at 3 Mbit/s (Chromium's network emulation,
// 40 ms latency), with the bytes fetched by then (as sent, compressed: every file the page and its
// workers requested, each counted once, as a cache would answer the pthreads' second requests for
// the glue). Median of BENCH_REPEATS runs (default 5). Run after `node scripts/build.mjs demo`:
// `node bench/demo-first-plot.mjs [--json FILE]`.
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { freshTab, launchChromium, median, NETWORKS } from './page-bench.mjs';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

export async function benchDemoFirstPlot(repeats = REPEATS) {
  if (!existsSync(fileURLToPath(new URL('../demo/dist/index.html', import.meta.url))))
    throw new Error('demo/dist not found: node scripts/build.mjs demo');
  const server = await preview({
    configFile: fileURLToPath(new URL('../demo/vite.config.ts', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'warn',
  });
  const browser = await launchChromium();
  const rows = [];
  try {
    // One visit untimed: the server compresses each file at its first request, then keeps it.
    const warm = await browser.newPage();
    await warm.goto(server.resolvedUrls.local[0]);
    await warm.waitForSelector('#play-figures figure', { timeout: 120_000 });
    await warm.close();
    for (const [label, kbps] of NETWORKS) {
      const times = [],
        sizes = [];
      let variant = '';
      for (let r = 0; r < repeats; r++) {
        const { context, tab } = await freshTab(browser, kbps, { viewport: { width: 1280, height: 720 } });
        // The workers' requests too (the page's CDP session sees only its own); the body as sent:
        // the compressed files' Content-Length, else the size Chromium received.
        const sent = [];
        context.on('requestfinished', (request) =>
          sent.push(
            (async () => {
              const length = (await request.response())?.headers()['content-length'];
              return [request.url(), length !== undefined ? Number(length) : (await request.sizes()).responseBodySize];
            })(),
          ),
        );
        // The moment Play's first figure enters the page, on the page's own clock (from navigation).
        await tab.addInitScript(() => {
          new MutationObserver((_, observer) => {
            if (document.querySelector('#play-figures figure')) {
              window.__firstPlot = performance.now();
              observer.disconnect();
            }
          }).observe(document, { childList: true, subtree: true });
        });
        await tab.goto(server.resolvedUrls.local[0]);
        await tab.waitForFunction(() => window.__firstPlot, null, { timeout: 120_000 });
        times.push(await tab.evaluate(() => window.__firstPlot));
        sizes.push([...new Map(await Promise.all(sent)).values()].reduce((a, b) => a + b, 0));
        variant = await tab.$eval('#runtime', (e) => e.dataset.variant ?? '');
        await context.close();
      }
      rows.push({ network: label, ms: Math.round(median(times)), kb: Math.round(median(sizes) / 1000), variant, times });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

export function printDemoFirstPlot(rows) {
  console.log("\n### The demo's first plot (its production build, Chromium, brotli, COOP/COEP)\n");
  console.log('| network | build | navigation → first chart, ms (median) | fetched, KB |');
  console.log('|---|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.network} | ${r.variant} | ${r.ms} | ${r.kb} |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchDemoFirstPlot();
  printDemoFirstPlot(rows);
  const at = process.argv.indexOf('--json');
  if (at > 0) writeFileSync(process.argv[at + 1], `${JSON.stringify(rows, null, 2)}\n`);
}
