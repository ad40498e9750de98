// experts-em beside flexmix (Debian's r-cran-flexmix; `npm run bench` installs it) on the same
// bytes in the same run: planted mixtures of Q linear regressions, with constant priors or a gate
// on x (flexmix's concomitant FLXPmultinom). Each side is timed for one EM run (ours: restarts 1,
// flexmix: one run at its defaults) and for ten starts (ours: restarts 10 on the threaded build;
// flexmix: stepFlexmix(nrep = 10)); the table gives the log-likelihoods of the best answers (ours:
// −n·F with λ = 0, and the gate's ridge at 1e-8, essentially flexmix's unpenalised multinom) and the
// largest difference between the two answers' parameters (intercepts, slopes, σ), matched up to a
// relabelling (binary labels: logistic experts against flexmix's FLXMRglm(family = "binomial")).
// Run alone:
// node bench/experts_em.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../dist/node/index.js';
import { gaussian, MAX_REPEATS, medianMs, TIMED_MS, uniforms } from './sklearn.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// y = c_qᵀx + b_q + σ_q ε, x ~ N(0, I_d); the component uniform (constant priors) or, gated, the
// sector of (x₁, x₂) among Q equal angles.
function plantedMixture(n, d, Q, gated, seed) {
  const u = uniforms(seed);
  const C = Array.from({ length: Q }, () => Array.from({ length: d }, () => 2 * gaussian(u)));
  const X = new Float64Array(n * d),
    y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) X[i * d + j] = gaussian(u);
    const angle = Math.atan2(X[i * d + 1], X[i * d]) + Math.PI;
    const q = gated ? Math.min(Q - 1, Math.floor((angle / (2 * Math.PI)) * Q)) : Math.floor(u() * Q);
    let z = q - (Q - 1) / 2;
    for (let j = 0; j < d; j++) z += C[q][j] * X[i * d + j];
    y[i] = z + (0.3 + 0.2 * q) * gaussian(u);
  }
  return { X, y, n, d, Q };
}

// Labels y ∈ {0, 1} from Q logistic classifiers, the classifier chosen uniformly (constant
// priors): P(y = 1 | x) = σ(c_qᵀx + b_q), c_q ~ N(0, 4 I), b_q = q − (Q − 1)/2.
function plantedClassifiers(n, d, Q, seed) {
  const u = uniforms(seed);
  const C = Array.from({ length: Q }, () => Array.from({ length: d }, () => 2 * gaussian(u)));
  const X = new Float64Array(n * d),
    y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) X[i * d + j] = gaussian(u);
    const q = Math.floor(u() * Q);
    let z = q - (Q - 1) / 2;
    for (let j = 0; j < d; j++) z += C[q][j] * X[i * d + j];
    y[i] = u() < 1 / (1 + Math.exp(-z)) ? 1 : 0;
  }
  return { X, y, n, d, Q };
}

// The largest difference between our experts (intercepts, coef[j*Q + q], √variances for
// regressions) and flexmix's parameters (rows: intercept, d slopes, σ for regressions; one column
// per component), over relabellings.
function coefficientGap(model, peer, d, Q) {
  const ours = (q, r) => (r === 0 ? model.intercept[q] : r <= d ? model.coef[(r - 1) * Q + q] : Math.sqrt(model.variances[q]));
  const theirs = (q, r) => peer.coef[q * peer.rows + r];
  const last = peer.rows - 1; // d: no σ row (binomial experts), d + 1: σ
  const permutations = (list) =>
    list.length <= 1 ? [list] : list.flatMap((x, k) => permutations([...list.slice(0, k), ...list.slice(k + 1)]).map((p) => [x, ...p]));
  let best = Infinity;
  for (const p of permutations([...Array(Q).keys()])) {
    let worst = 0;
    for (let q = 0; q < Q; q++) for (let r = 0; r <= last; r++) worst = Math.max(worst, Math.abs(ours(q, r) - theirs(p[q], r)));
    best = Math.min(best, worst);
  }
  return best;
}

export async function benchExpertsEm(repeats = Number(process.env.BENCH_REPEATS ?? 7)) {
  if (spawnSync('/usr/bin/Rscript', ['-e', 'library(flexmix)'], {}).status !== 0) {
    console.error('flexmix not found (npm run bench installs r-cran-flexmix): the experts-em rows are left out');
    return [];
  }
  const dir = join(tmpdir(), 'supclust-bench-experts-em');
  mkdirSync(dir, { recursive: true });
  const cases = [
    { case: 'constant priors 1000 × 5, Q = 3', data: 'c1000', t: plantedMixture(1000, 5, 3, false, 41), concomitant: false },
    { case: 'constant priors 10000 × 10, Q = 3', data: 'c10000', t: plantedMixture(10000, 10, 3, false, 42), concomitant: false },
    { case: 'gated 1000 × 5, Q = 3', data: 'g1000', t: plantedMixture(1000, 5, 3, true, 43), concomitant: true },
    {
      case: 'logistic, constant priors 2000 × 3, Q = 2',
      data: 'l2000',
      t: plantedClassifiers(2000, 3, 2, 44),
      concomitant: false,
      binomial: true,
    },
  ];
  const tsv = ['case\tdata\tn\td\tQ\tconcomitant\tbinomial'];
  for (const c of cases) {
    const write = (suffix, a) => writeFileSync(join(dir, `${c.data}-${suffix}`), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    write('X.f64', c.t.X);
    write('y.f64', c.t.y);
    tsv.push([c.case, c.data, c.t.n, c.t.d, c.t.Q, c.concomitant ? 'TRUE' : 'FALSE', c.binomial ? 'TRUE' : 'FALSE'].join('\t'));
  }
  writeFileSync(join(dir, 'flexmix-em.tsv'), tsv.join('\n') + '\n');
  const simd = await load({ variant: 'simd' }),
    threaded = await load({ variant: 'simd-threaded' });
  const rows = [];
  for (const c of cases) {
    const peer = JSON.parse(
      execFileSync(
        '/usr/bin/Rscript',
        [join(root, 'bench/peers/flexmix_em.R'), dir, String(Math.min(repeats, 3)), String(TIMED_MS), String(MAX_REPEATS), c.case],
        { maxBuffer: 1 << 28 },
      ).toString(),
    );
    const { t } = c;
    const params = (restarts) => ({
      X: t.X,
      nRows: t.n,
      nCols: t.d,
      y: t.y,
      Q: t.Q,
      lambda: 0,
      gateLambda: 1e-8,
      restarts,
      seed: 1,
      mixing: c.concomitant ? 'gate' : 'constant',
      ...(c.binomial ? { loss: 'logistic' } : {}),
    });
    const one = await simd.fit('experts-em', params(1));
    const oneMs = await medianMs(Math.min(repeats, 3), () => simd.fit('experts-em', params(1)));
    const ten = await threaded.fit('experts-em', params(10));
    const tenMs = await medianMs(Math.min(repeats, 3), () => threaded.fit('experts-em', params(10)));
    rows.push({
      case: c.case,
      n: t.n,
      oursOneMs: oneMs,
      oursOneIterations: one.iterations,
      oursOneLogLik: -t.n * one.objective,
      flexmixOneMs: peer.singleMs,
      flexmixOneLogLik: peer.singleLogLik,
      oursTenMs: tenMs,
      oursLogLik: -t.n * ten.objective,
      startsAtBest: ten.starts?.atBest ?? 1,
      flexmixTenMs: peer.tenMs,
      flexmixLogLik: peer.bestLogLik,
      flexmixComponents: peer.components,
      flexmixRunLogLiks: peer.logLiks,
      parameterGap: peer.components === t.Q ? coefficientGap(ten, peer, t.d, t.Q) : NaN,
    });
  }
  simd.dispose();
  threaded.dispose();
  return rows;
}

export function printExpertsEm(rows) {
  if (!rows.length) return;
  const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  console.log('\nexperts-em beside flexmix (same bytes): one EM run (ours wasm simd, restarts 1; flexmix at its defaults) and ten');
  console.log('starts (ours simd-threaded, restarts 10; flexmix stepFlexmix(nrep = 10)), ms; log-likelihoods of the answers;');
  console.log("parameter gap: the largest difference between the two best answers' intercepts, slopes and σ, up to a relabelling\n");
  console.log(
    '| data | ours, 1 run | flexmix, 1 run | ratio | log-lik. ours / flexmix | ours, 10 starts | flexmix, 10 | ratio | best log-lik. ours / flexmix | parameter gap |',
  );
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---|---:|');
  for (const r of rows)
    console.log(
      `| ${r.case} | ${f(r.oursOneMs)} | ${f(r.flexmixOneMs)} | ${(r.flexmixOneMs / r.oursOneMs).toFixed(1)} | ${r.oursOneLogLik.toFixed(2)} / ${r.flexmixOneLogLik.toFixed(2)} | ` +
        `${f(r.oursTenMs)} | ${f(r.flexmixTenMs)} | ${(r.flexmixTenMs / r.oursTenMs).toFixed(1)} | ${r.oursLogLik.toFixed(2)} / ${r.flexmixLogLik.toFixed(2)} | ${r.parameterGap.toExponential(1)} |`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchExpertsEm();
  printExpertsEm(rows);
  writeFileSync(
    join(root, 'bench/results/experts-em.json'),
    JSON.stringify({ repeats: Number(process.env.BENCH_REPEATS ?? 7), rows }, null, 2),
  );
}
