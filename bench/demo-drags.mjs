#!/usr/bin/env node
// Play's drags in the demo's production build (demo/dist, served by Vite's preview with the
// COOP/COEP headers: the threaded build), in Debian Chromium at 1280 × 900: each slider swept
// through its values with an input every 30 ms, as a hand drags it, and timed from the last input
// to Play's state "done" — the method, the Oracle and every row of the table on screen (a new
// problem's ridge and lasso cross-validated anew). Sweeps alternate direction; the median and the
// largest of BENCH_REPEATS (default 6) per slider, ms. Run after `node scripts/build.mjs demo`:
// `node bench/demo-drags.mjs`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 6);
// Slider, its values (as the input's own units: λ's slider is log10 λ).
const SWEEPS = [
  ['σ', 'play-sigma', 0.5, 1.5, 0.05],
  ['n', 'play-n', 150, 300, 10],
  ['ρ', 'play-rho', 0, 0.5, 0.05],
  ['d', 'play-d', 100, 200, 10],
  ['λ', 'play-lambda', -4, -2, 0.5],
];

export async function benchDrags(repeats = REPEATS) {
  const dist = fileURLToPath(new URL('../demo/dist/index.html', import.meta.url));
  if (!existsSync(dist)) throw new Error('demo/dist not found: node scripts/build.mjs demo');
  const server = await preview({
    configFile: fileURLToPath(new URL('../demo/vite.config.ts', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.resolvedUrls.local[0]);
    await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
    for (const [label, id, from, to, step] of SWEEPS) {
      const times = [];
      for (let rep = 0; rep < repeats; rep++) {
        await page.waitForTimeout(400);
        const last = await page.evaluate(
          async ([id, from, to, step, backwards]) => {
            const input = document.getElementById(id);
            const values = [];
            for (let v = from; v <= to + 1e-9; v += step) values.push(Math.round(v * 100) / 100);
            if (backwards) values.reverse();
            let at = 0;
            for (const v of values) {
              input.value = String(v);
              input.dispatchEvent(new Event('input', { bubbles: true }));
              at = performance.now();
              await new Promise((r) => setTimeout(r, 30));
            }
            input.dispatchEvent(new Event('change', { bubbles: true }));
            return at;
          },
          [id, from, to, step, rep % 2 === 1],
        );
        await page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });
        times.push((await page.evaluate(() => performance.now())) - last);
      }
      times.sort((a, b) => a - b);
      const median = times.length % 2 ? times[times.length >> 1] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
      rows.push({ slider: label, from, to, medianMs: Math.round(median), largestMs: Math.round(times.at(-1)) });
    }
  } finally {
    await browser.close();
    await new Promise((r) => server.httpServer.close(r));
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchDrags();
  console.log('| slider | sweep | median ms | largest ms |\n|---|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.slider} | ${r.from} → ${r.to} | ${r.medianMs} | ${r.largestMs} |`);
}
