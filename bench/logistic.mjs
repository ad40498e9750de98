#!/usr/bin/env node
// Logistic fits beside scikit-learn (Debian's python3-sklearn, which `npm run bench` installs):
// ℓ2 (ours: trust-region Newton; theirs: lbfgs) and ℓ1 (ours: proximal Newton, newGLMNET;
// theirs: liblinear), on the same bytes, in the same run. Each answer is evaluated in one
// objective, 1/n Σ log(1 + exp(−ỹ z)) + λ/2‖w‖² (or + λ‖w‖₁), so the table shows the time ratio
// and the objective gap (liblinear also penalises the intercept: its answer solves a slightly
// different problem, which the gap shows). Run alone (node bench/logistic.mjs) or from run.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../dist/node/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function uniforms(seed) {
  let s = seed >>> 0 || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 2 ** 32; };
}
function gaussian(u) {
  const a = u() || 1e-300, b = u();
  return Math.sqrt(-2 * Math.log(a)) * Math.cos(2 * Math.PI * b);
}
// Dense Gaussian features, or text-like counts (5% non-zero); labels from a noisy linear rule.
function design(n, d, text, seed) {
  const u = uniforms(seed), X = new Float64Array(n * d), w = new Float64Array(d), y = new Float64Array(n);
  for (let j = 0; j < d; j++) w[j] = text ? (u() < 0.1 ? [-2, -1, 1, 2][Math.floor(u() * 4)] : 0) : 0.3 * gaussian(u);
  for (let i = 0; i < n; i++) {
    let z = gaussian(u);
    for (let j = 0; j < d; j++) {
      if (text) { if (u() < 0.05) { let c = 1; while (u() < 0.5) c++; X[i * d + j] = c; } }
      else X[i * d + j] = gaussian(u);
      z += X[i * d + j] * w[j];
    }
    y[i] = z > (text ? 0.5 : 0) ? 1 : 0;
  }
  return { X, y, n, d };
}

function objective(X, y, n, d, coef, b, lambda, penalty) {
  let loss = 0;
  for (let i = 0; i < n; i++) {
    let z = b;
    for (let j = 0; j < d; j++) z += X[i * d + j] * coef[j];
    const t = -(2 * y[i] - 1) * z;
    loss += t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t));
  }
  let p = 0;
  for (let j = 0; j < d; j++) p += penalty === 'l2' ? 0.5 * coef[j] ** 2 : Math.abs(coef[j]);
  return loss / n + lambda * p;
}

async function medianMs(repeats, f) {
  for (let w = 0; w < 2; w++) await f();
  const t = [];
  for (let r = 0; r < repeats; r++) { const a = performance.now(); await f(); t.push(performance.now() - a); }
  t.sort((x, y) => x - y);
  return t[Math.floor(t.length / 2)];
}

export async function benchLogistic(repeats = Number(process.env.BENCH_REPEATS ?? 7)) {
  const dir = join(tmpdir(), 'supclust-bench');
  mkdirSync(dir, { recursive: true });
  const datasets = { gauss: design(300, 200, false, 11), text: design(500, 5000, true, 12) };
  for (const [name, t] of Object.entries(datasets)) {
    writeFileSync(join(dir, `${name}-X.f64`), new Uint8Array(t.X.buffer));
    writeFileSync(join(dir, `${name}-y.f64`), new Uint8Array(t.y.buffer));
  }
  const cases = [
    { case: 'l2 300×200', data: 'gauss', penalty: 'l2', lambda: 1e-2 },
    { case: 'l1 300×200', data: 'gauss', penalty: 'l1', lambda: 1e-2 },
    { case: 'l2 500×5000 text', data: 'text', penalty: 'l2', lambda: 1e-2 },
    { case: 'l1 500×5000 text', data: 'text', penalty: 'l1', lambda: 2e-3 },
  ].map((c) => ({ ...c, n: datasets[c.data].n, d: datasets[c.data].d }));
  writeFileSync(join(dir, 'logistic-cases.json'), JSON.stringify(cases));

  const python = spawnSync('python3', ['-c', 'import sklearn'], { env: { ...process.env, PATH: `/usr/bin:${process.env.PATH}` } });
  const peer = python.status === 0
    ? JSON.parse(execFileSync('/usr/bin/python3', [join(root, 'bench/peers/sklearn_logistic.py'), dir, String(repeats)], { maxBuffer: 1 << 28 }).toString())
    : null;
  if (!peer) console.error('scikit-learn not found (npm run bench installs python3-sklearn): its column is empty');

  const sc = await load({ variant: 'simd' });
  const rows = [];
  for (const c of cases) {
    const t = datasets[c.data];
    const method = c.penalty === 'l2' ? 'ridge' : 'lasso';
    let m;
    const wasmMs = await medianMs(repeats, async () => { m = await sc.fit(method, { X: t.X, nRows: t.n, nCols: t.d, y: t.y, loss: 'logistic', lambda: c.lambda }); });
    const ours = objective(t.X, t.y, t.n, t.d, m.coef, m.intercept[0], c.lambda, c.penalty);
    const theirs = peer?.find((p) => p.case === c.case);
    const theirObjective = theirs ? objective(t.X, t.y, t.n, t.d, theirs.coef, theirs.intercept, c.lambda, c.penalty) : NaN;
    rows.push({ case: c.case, wasmMs, iterations: m.iterations, status: m.status, objective: ours,
      sklearnSolver: theirs?.solver, sklearnMs: theirs?.ms ?? NaN, sklearnObjective: theirObjective,
      sklearnOverWasm: (theirs?.ms ?? NaN) / wasmMs, objectiveGap: theirObjective - ours });
  }
  sc.dispose();
  return rows;
}

export function printLogistic(rows) {
  const f = (x) => (Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  console.log('\nLogistic fits beside scikit-learn (same bytes; objective = 1/n Σ log-loss + penalty), ms\n');
  console.log('| fit | supclust wasm simd | scikit-learn | sklearn / wasm | objective (ours) | sklearn − ours |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.case} | ${f(r.wasmMs)} (${r.iterations} its) | ${f(r.sklearnMs)} (${r.sklearnSolver ?? '–'}) | ${Number.isNaN(r.sklearnOverWasm) ? '–' : r.sklearnOverWasm.toFixed(2) + '×'} | ${r.objective.toPrecision(10)} | ${Number.isNaN(r.objectiveGap) ? '–' : r.objectiveGap.toExponential(2)} |`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await benchLogistic();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/logistic.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
  printLogistic(rows);
}
