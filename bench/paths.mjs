#!/usr/bin/env node
// Regularisation paths beside glmnet's own (Debian's r-cran-glmnet; `npm run bench` installs it),
// on the same bytes in the same run: the lasso on a dense 500 × 5000 Gaussian design and on a CSR
// 5000 × 20000 one (1 % non-zero), and the ℓ1-logistic fit on a dense 2000 × 500 one (the designs
// of bench/sklearn.mjs). glmnet runs its own sequence (100 λ from its λmax, its early stops,
// standardize = FALSE) at its default threshold (1e-7) and at 1e-10; ours, sc.path in wasm simd on
// X held by the module, is given glmnet's λ values (its early stops off: the same points). Every
// point of every answer is evaluated in one objective here, so the table shows the time ratio and
// the worst per-point objective gap (glmnet's − ours: positive where ours is lower) — and, for
// each of glmnet's thresholds, ours at equal accuracy: the loosest of TOLERANCES whose every point
// is as low as glmnet's (within 1e-12 relative), with its time. Run alone (node bench/paths.mjs)
// or from run.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../dist/node/index.js';
import { design, MAX_REPEATS, medianMs, objective, sparseDesign, TIMED_MS } from './sklearn.mjs';

// Our tolerances tried for equal accuracy, loosest first (the default is 1e-10).
const TOLERANCES = [1e-3, 5e-4, 2e-4, 1e-4, 5e-5, 2e-5, 1e-5, 1e-6, 1e-7, 1e-8, 1e-10];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// y / its standard deviation (1/n): glmnet's gaussian scaling of y is then the identity.
function unitVariance(y) {
  const n = y.length,
    mean = y.reduce((a, b) => a + b, 0) / n;
  const s = Math.sqrt(y.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  return y.map((v) => v / s);
}

export async function benchPaths(repeats = Number(process.env.BENCH_REPEATS ?? 7)) {
  const hasGlmnet = spawnSync('/usr/bin/Rscript', ['-e', 'library(glmnet)'], {}).status === 0;
  if (!hasGlmnet) {
    console.error('glmnet not found (npm run bench installs r-cran-glmnet): the path rows are left out');
    return [];
  }
  const dir = join(tmpdir(), 'supclust-bench-paths');
  mkdirSync(dir, { recursive: true });
  const wide = design(500, 5000, false, 13),
    tall = design(2000, 500, false, 14),
    big = sparseDesign(5000, 20000, 16, 0.01, 0.01);
  const cases = [
    { file: 'wide', fit: 'lasso', family: 'gaussian', t: { ...wide, target: unitVariance(wide.target) }, case: 'lasso 500×5000 dense' },
    { file: 'big', fit: 'lasso', family: 'gaussian', t: { ...big, target: unitVariance(big.target) }, case: 'lasso 5000×20000 1% CSR' },
    { file: 'tall', fit: 'logistic-l1', family: 'binomial', t: tall, case: 'logistic ℓ1 2000×500 dense' },
  ];
  const tsv = ['case\tfile\tfamily\tdata\tn\td\tsparse\ty'];
  for (const c of cases) {
    const write = (suffix, a) => writeFileSync(join(dir, `${c.file}-${suffix}`), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    const y = Float64Array.from(c.family === 'binomial' ? c.t.y : c.t.target);
    write('y.f64', y);
    if (c.t.csr) {
      write('indptr.i32', c.t.csr.indptr);
      write('indices.i32', c.t.csr.indices);
      write('values.f64', c.t.csr.values);
    } else write('X.f64', c.t.X);
    tsv.push([c.case, c.file, c.family, c.file, c.t.n, c.t.d, c.t.csr ? 'TRUE' : 'FALSE', `${c.file}-y.f64`].join('\t'));
  }
  writeFileSync(join(dir, 'glmnet-paths.tsv'), tsv.join('\n') + '\n');
  const sc = await load({ variant: 'simd' });
  const rows = [];
  for (const c of cases) {
    const peer = JSON.parse(
      execFileSync(
        '/usr/bin/Rscript',
        [join(root, 'bench/peers/glmnet_paths.R'), dir, String(Math.min(repeats, 3)), String(TIMED_MS), String(MAX_REPEATS), c.case],
        { maxBuffer: 1 << 28 },
      ).toString(),
    );
    const { t } = c,
      lambda = peer.default.lambda;
    const held = await sc.dataset(t.csr ? { indptr: t.csr.indptr, indices: t.csr.indices, values: t.csr.values } : t.X, t.n, t.d);
    const params = { X: held, y: c.family === 'binomial' ? t.y : t.target, ...(c.family === 'binomial' ? { loss: 'logistic' } : {}) };
    const run = (tolerance) => () =>
      sc.path('lasso', { ...params, ...(tolerance ? { tolerance } : {}) }, { lambda, devianceRatioChange: 0, devianceRatioMax: 1 });
    const ours = await run()();
    const wasmMs = await medianMs(Math.min(repeats, 3), run());
    // Every point in one objective.
    const F = (coef, b, l) => objective(t, { fit: c.fit, lambda: l }, coef, b);
    const valuesOf = (answer) => answer.points.map((p) => F(p.model.coef, p.model.intercept[0], p.lambda));
    const oursF = valuesOf(ours);
    const theirF = {};
    for (const label of ['default', 'tight']) {
      const L = peer[label].lambda.length,
        beta = new Float64Array(readFileSync(join(dir, `${c.file}-${label}-beta.f64`)).buffer);
      theirF[label] = Array.from({ length: Math.min(L, oursF.length) }, (_, k) =>
        F(beta.subarray(k * t.d, (k + 1) * t.d), peer[label].intercept[k], lambda[k]),
      );
    }
    const gaps = (label) => {
      let worst = -Infinity,
        worstRelative = -Infinity;
      theirF[label].forEach((theirs, k) => {
        worst = Math.max(worst, theirs - oursF[k]);
        worstRelative = Math.max(worstRelative, (theirs - oursF[k]) / Math.abs(oursF[k]));
      });
      return { worst, worstRelative };
    };
    // Equal accuracy: the loosest tolerance whose every point is as low as glmnet's at each threshold.
    const equal = {};
    for (const tolerance of TOLERANCES) {
      if (equal.default && equal.tight) break;
      const values = valuesOf(await run(tolerance)());
      for (const label of ['default', 'tight'])
        if (!equal[label] && theirF[label].every((theirs, k) => values[k] <= theirs + 1e-12 * Math.abs(theirs)))
          equal[label] = { tolerance, ms: await medianMs(Math.min(repeats, 3), run(tolerance)) };
    }
    held.dispose();
    const g = gaps('default'),
      gt = gaps('tight');
    rows.push({
      case: c.case,
      points: lambda.length,
      wasmMs,
      glmnetMs: peer.default.ms,
      glmnetTightMs: peer.tight.ms,
      glmnetOverWasm: peer.default.ms / wasmMs,
      glmnetTightOverWasm: peer.tight.ms / wasmMs,
      gap: g.worst,
      relativeGap: g.worstRelative,
      tightGap: gt.worst,
      tightRelativeGap: gt.worstRelative,
      equalDefault: equal.default ?? null,
      equalTight: equal.tight ?? null,
    });
  }
  sc.dispose();
  return rows;
}

export function printPaths(rows) {
  if (!rows.length) return;
  const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  const e = (x) => x.toExponential(1);
  console.log("\nRegularisation paths on glmnet's own λ sequence (same bytes), ms; ratio = glmnet / ours; gap = the worst point's");
  console.log("objective, glmnet's − ours (relative in brackets; positive: ours lower); glmnet at thresh 1e-7 and 1e-10\n");
  console.log(
    '| path | points | supclust wasm simd | glmnet | ratio | gap | glmnet 1e-10 | ratio | gap |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of rows)
    console.log(
      `| ${r.case} | ${r.points} | ${f(r.wasmMs)} | ${f(r.glmnetMs)} | ${r.glmnetOverWasm.toFixed(2)} | ${e(r.gap)} (${e(r.relativeGap)}) | ${f(r.glmnetTightMs)} | ${r.glmnetTightOverWasm.toFixed(2)} | ${e(r.tightGap)} (${e(r.tightRelativeGap)}) |`,
    );
  console.log(
    "\nAt equal accuracy: ours at the loosest tolerance whose every point is as low as glmnet's (ms, tolerance; ratio = glmnet / ours)\n",
  );
  console.log('| path | glmnet 1e-7 | ours | ratio | glmnet 1e-10 | ours | ratio |\n|---|---:|---:|---:|---:|---:|---:|');
  const at = (eq, theirs) => (eq ? `${f(eq.ms)} (${eq.tolerance.toExponential(0)}) | ${(theirs / eq.ms).toFixed(2)}` : '– | –');
  for (const r of rows)
    console.log(
      `| ${r.case} | ${f(r.glmnetMs)} | ${at(r.equalDefault, r.glmnetMs)} | ${f(r.glmnetTightMs)} | ${at(r.equalTight, r.glmnetTightMs)} |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchPaths();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/paths.json'), JSON.stringify({ rows }, null, 2));
  printPaths(rows);
}
