#!/usr/bin/env node
// `npm run bench`: 1-D k-means and IHC timings — native, wasm (simd build, through the public
// API in Node) and the npm package simple-statistics (ckmeans) — on the same data in the same
// run. Medians of repeated runs. Prints a markdown table and writes bench/results/*.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ckmeans } from 'simple-statistics';
import { load } from '../dist/node/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const SIZES = [1e2, 1e3, 1e4, 1e5, 1e6];
const QS = [5, 15];

// Seeded standard normal values (xorshift + Box–Muller), shared by every contender.
function normals(n, seed = 42) {
  let s = BigInt(seed) * 0x9E3779B97F4A7C15n & 0xFFFFFFFFFFFFFFFFn || 1n;
  const next = () => {
    s ^= s << 13n; s &= 0xFFFFFFFFFFFFFFFFn; s ^= s >> 7n; s ^= s << 17n; s &= 0xFFFFFFFFFFFFFFFFn;
    return Number(s >> 11n) / 2 ** 53;
  };
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 2) {
    const u = next() || 1e-300, v = next(), r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < n) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

async function medianMs(repeats, f) {
  // Warm up (JIT tiers, allocator) for at least 3 calls or 50 ms, untimed.
  for (let w = 0, t0 = performance.now(); w < 3 || performance.now() - t0 < 50; w++) await f();
  const t = [];
  for (let r = 0; r < repeats; r++) {
    const a = performance.now();
    await f();
    t.push(performance.now() - a);
  }
  t.sort((x, y) => x - y);
  return t[Math.floor(t.length / 2)];
}

const values = normals(SIZES.at(-1));
const file = join(tmpdir(), 'supclust-bench-values.f64');
writeFileSync(file, new Uint8Array(values.buffer));
const native = JSON.parse(execFileSync(join(root, 'build/native/supclust_bench'), [file, String(REPEATS)]).toString());

const sc = await load({ variant: 'simd' });
const rows = [];
for (const d of SIZES)
  for (const Q of QS) {
    const u = values.subarray(0, d);
    const plain = Array.from(u);
    const reps = d >= 1e6 ? Math.min(REPEATS, 3) : REPEATS;
    // Same answer first (so that the timings compare equal work).
    const ours = await sc.kmeans1d(u, Q);
    const theirs = ckmeans(plain, Q);
    const theirSse = theirs.reduce((s, c) => { const m = c.reduce((a, b) => a + b, 0) / c.length; return s + c.reduce((a, b) => a + (b - m) ** 2, 0); }, 0);
    const wasm = await medianMs(reps, () => sc.kmeans1d(u, Q));
    const peer = await medianMs(Math.min(reps, d >= 1e5 ? 3 : reps), () => ckmeans(plain, Q));
    const nat = native.kmeans1d.find((r) => r.d === d && r.Q === Q).ms;
    rows.push({ d, Q, nativeMs: nat, wasmMs: wasm, simpleStatisticsMs: peer, wasmOverNative: wasm / nat,
      speedupOverSimpleStatistics: peer / wasm, sseRelativeDifference: Math.abs(ours.sse - theirSse) / theirSse });
  }

const data = await sc.generate('e1', { n: 150, d: 100, Q: 5, sigma: 0.5, seed: 1 });
const fitParams = { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5 };
const ihcWasm = await medianMs(Math.max(200, REPEATS * 5), () => sc.fit('ihc', fitParams));
sc.dispose();

const machine = { cpu: cpus()[0]?.model, cores: cpus().length, node: process.version, date: new Date().toISOString() };
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/kmeans1d.json'), JSON.stringify({ machine, repeats: REPEATS, rows }, null, 2));
writeFileSync(join(root, 'bench/results/ihc.json'), JSON.stringify({ machine, n: 150, d: 100, Q: 5,
  nativeMs: native.ihc.ms, wasmMs: ihcWasm, wasmOverNative: ihcWasm / native.ihc.ms }, null, 2));

const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
console.log(`\n1-D k-means (exact), median of ${REPEATS} runs, ms — ${machine.cpu}, Node ${machine.node}\n`);
console.log('| d | Q | native | wasm simd | simple-statistics | wasm / native | simple-statistics / wasm |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(`| ${r.d.toExponential(0)} | ${r.Q} | ${f(r.nativeMs)} | ${f(r.wasmMs)} | ${f(r.simpleStatisticsMs)} | ${r.wasmOverNative.toFixed(2)} | ${r.speedupOverSimpleStatistics.toFixed(1)}× |`);
console.log(`\nIHC fit (E1: n = 150, d = 100, Q = 5): native ${f(native.ihc.ms)} ms, wasm ${f(ihcWasm)} ms (${(ihcWasm / native.ihc.ms).toFixed(2)}×)`);
const worstSse = Math.max(...rows.map((r) => r.sseRelativeDifference));
console.log(`(largest relative SSE difference from simple-statistics: ${worstSse.toExponential(1)})\n`);
