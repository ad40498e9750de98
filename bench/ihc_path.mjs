#!/usr/bin/env node
// IHC's path over Q = 1…10 in one call (sc.path, over: 'Q') beside ten fits at IHC's defaults (six
// starts each), on E1 (n = 150, d = 100, Q = 5, σ = 0.5, λ = 1e-3) in wasm simd-threaded and simd:
// the medians of repeated runs on draw 1, then, on ten draws, how each path point's objective
// compares with the fit at its Q (lower, higher, the largest relative excess) and the Q the EBIC
// chooses. Run alone (node bench/ihc_path.mjs) or from run.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../dist/node/index.js';
import { medianMs } from './sklearn.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const QS = Array.from({ length: 10 }, (_, k) => k + 1);
const DRAWS = 10;

async function problem(sc, seed) {
  const data = await sc.generate('e1', { n: 150, d: 100, Q: 5, sigma: 0.5, seed });
  return { X: data.X, nRows: 150, nCols: 100, y: data.y, lambda: 1e-3 };
}

export async function benchIhcPath(repeats = Number(process.env.BENCH_REPEATS ?? 7)) {
  const timings = [];
  let quality;
  for (const variant of ['simd-threaded', 'simd']) {
    const sc = await load({ variant });
    const params = await problem(sc, 1);
    const pathMs = await medianMs(repeats, () => sc.path('ihc', params, { over: 'Q', values: QS }));
    const fitsMs = await medianMs(repeats, async () => {
      for (const Q of QS) await sc.fit('ihc', { ...params, Q });
    });
    timings.push({ variant, pathMs, fitsMs, speedup: fitsMs / pathMs });
    if (variant === 'simd-threaded') {
      quality = { draws: DRAWS, points: 0, lower: 0, higher: 0, largestExcess: 0, excesses: [], chosen: [] };
      for (let seed = 1; seed <= DRAWS; seed++) {
        const p = await problem(sc, seed);
        const r = await sc.path('ihc', p, { over: 'Q', values: QS });
        quality.chosen.push(r.points[r.bestCriterion].params.Q);
        for (const [k, Q] of QS.entries()) {
          const fitted = (await sc.fit('ihc', { ...p, Q })).objective,
            ours = r.points[k].model.objective;
          const excess = (ours - fitted) / Math.abs(fitted);
          quality.points++;
          if (excess < -1e-9) quality.lower++;
          if (excess > 1e-9) {
            quality.higher++;
            quality.excesses.push(excess);
          }
          quality.largestExcess = Math.max(quality.largestExcess, excess);
        }
      }
      quality.excesses.sort((a, b) => a - b);
      const m = quality.excesses.length;
      quality.medianExcess = m ? (quality.excesses[(m - 1) >> 1] + quality.excesses[m >> 1]) / 2 : 0;
      delete quality.excesses;
    }
    sc.dispose();
  }
  return { timings, quality };
}

export function printIhcPath({ timings, quality }) {
  const f = (x) => x.toFixed(1);
  console.log('\nIHC path over Q = 1…10 (E1, n = 150, d = 100, λ = 1e-3) in one call beside ten fits at the defaults, ms\n');
  console.log('| build | path | ten fits | fits / path |\n|---|---:|---:|---:|');
  for (const t of timings) console.log(`| ${t.variant} | ${f(t.pathMs)} | ${f(t.fitsMs)} | ${t.speedup.toFixed(2)}× |`);
  const pct = (x) => `${(100 * x).toPrecision(2)} %`;
  console.log(
    `\nOver ${quality.draws} draws, the path's points against the fits at their Q: ${quality.lower} of ${quality.points} lower, ` +
      `${quality.higher} higher (median ${pct(quality.medianExcess)}, largest ${pct(quality.largestExcess)}); the EBIC chose Q = ${quality.chosen.join(', ')}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchIhcPath();
  printIhcPath(result);
  const machine = { cpu: cpus()[0]?.model, cores: cpus().length, node: process.version, date: new Date().toISOString() };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/ihc-path.json'),
    JSON.stringify({ machine, repeats: Number(process.env.BENCH_REPEATS ?? 7), ...result }, null, 2),
  );
}
