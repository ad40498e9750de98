#!/usr/bin/env node
// Our fits beside scikit-learn's (Debian's python3-sklearn) and glmnet's (Debian's
// r-cran-glmnet; `npm run bench` installs both), on the same bytes in the same run: lasso and
// elastic net (theirs: coordinate descent), logistic ℓ2 (ours: trust-region Newton; scikit-learn:
// lbfgs) and ℓ1 (ours: proximal Newton, newGLMNET; scikit-learn: liblinear), the linear SVM
// (ours and liblinear's LinearSVC: dual coordinate descent, both regularising the bias of the rows
// as given — ours with bias 'liblinear', also at tolerance 1e-9 — LinearSVC at its default tol and at 1e-10); dense and sparse (CSR, scipy.sparse
// and dgCMatrix for them) at text shapes — a synthetic 500 × 5000 word-count design, a 2000 × 5000
// one 1 % non-zero (the SVM) and the movie reviews' own 5006 × 5623 frequencies (when
// ../shared/data is present) — and on dense
// Gaussian designs, wide (500 × 5000: the lasso and elastic net at 0.1 and 0.01 λmax) and tall
// (2000 × 500: the logistic fits), and a large sparse one (5000 × 20000, 1 % non-zero, 200 words
// in the rule, CSR: the lasso and elastic net at 0.01 λmax). Each answer is evaluated in one objective (sklearn_fits.py
// and glmnet_fits.R list them), so the table shows the time ratios and the objective gaps
// (liblinear's logistic ℓ1 also penalises the intercept: its answer solves a slightly different
// problem, which the gap shows); with standardize, beside glmnet's standardize = TRUE (the
// penalty on the coefficients times the columns' deviations), with penalty factors beside
// glmnet's penalty.factor (both rescale them to sum to d), and with observation weights beside
// scikit-learn's sample_weight and glmnet's weights (each objective the weighted mean loss). Ours also natively on the same bytes (bench/native_fits.cpp:
// each row's wasm / native). Run alone (node bench/sklearn.mjs) or from run.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, loadPangLee } from '../dist/node/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function uniforms(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}
// A word's count in a document: 1 + geometric(1/2).
export function count(u) {
  let c = 1;
  while (u() < 0.5) c++;
  return c;
}
export function gaussian(u) {
  const a = u() || 1e-300,
    b = u();
  return Math.sqrt(-2 * Math.log(a)) * Math.cos(2 * Math.PI * b);
}
// Dense Gaussian features, or text-like counts (a share `density` of the entries non-zero);
// labels from a noisy linear rule, and a regression target (the rule's score).
export function design(n, d, text, seed, density = 0.05) {
  const u = uniforms(seed),
    X = new Float64Array(n * d),
    w = new Float64Array(d),
    y = new Float64Array(n),
    t = new Float64Array(n);
  for (let j = 0; j < d; j++) w[j] = text ? (u() < 0.1 ? [-2, -1, 1, 2][Math.floor(u() * 4)] : 0) : 0.3 * gaussian(u);
  for (let i = 0; i < n; i++) {
    let z = gaussian(u);
    for (let j = 0; j < d; j++) {
      if (text) {
        if (u() < density) X[i * d + j] = count(u);
      } else X[i * d + j] = gaussian(u);
      z += X[i * d + j] * w[j];
    }
    y[i] = z > (text ? 0.5 : 0) ? 1 : 0;
    t[i] = z;
  }
  return { X, y, target: t, n, d };
}

// A text-like design made directly as CSR (too large to hold dense): each entry non-zero with
// probability `density`, counts 1 + geometric(1/2); the rule's weights as design()'s on a share
// `support` of the features, labels and target as there.
export function sparseDesign(n, d, seed, density, support) {
  const u = uniforms(seed),
    w = new Float64Array(d),
    y = new Float64Array(n),
    target = new Float64Array(n);
  for (let j = 0; j < d; j++) w[j] = u() < support ? [-2, -1, 1, 2][Math.floor(u() * 4)] : 0;
  const indptr = new Int32Array(n + 1),
    indices = [],
    values = [];
  for (let i = 0; i < n; i++) {
    let z = gaussian(u);
    for (let j = 0; j < d; j++) {
      if (u() >= density) continue;
      const c = count(u);
      indices.push(j);
      values.push(c);
      z += c * w[j];
    }
    indptr[i + 1] = indices.length;
    y[i] = z > 0.5 ? 1 : 0;
    target[i] = z;
  }
  return { n, d, y, target, csr: { indptr, indices: Int32Array.from(indices), values: Float64Array.from(values) } };
}

export function toCsr({ X, n, d }) {
  const indptr = new Int32Array(n + 1),
    indices = [],
    values = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++)
      if (X[i * d + j] !== 0) {
        indices.push(j);
        values.push(X[i * d + j]);
      }
    indptr[i + 1] = indices.length;
  }
  return { indptr, indices: Int32Array.from(indices), values: Float64Array.from(values) };
}

// X w + b for dense or CSR data.
export function scores(t, coef, b) {
  const z = new Float64Array(t.n).fill(b);
  if (t.csr) {
    const { indptr, indices, values } = t.csr;
    for (let i = 0; i < t.n; i++) for (let k = indptr[i]; k < indptr[i + 1]; k++) z[i] += values[k] * coef[indices[k]];
  } else {
    for (let i = 0; i < t.n; i++) for (let j = 0; j < t.d; j++) z[i] += t.X[i * t.d + j] * coef[j];
  }
  return z;
}

// The objective of each fit (sklearn_fits.py), in the caller's parametrisation.
// With observation weights (c.weights) each row's loss counts wᵢ times: (1/Σw) Σ wᵢ ℓᵢ.
export function objective(t, c, coef, b) {
  const z = scores(t, coef, b);
  let loss = 0,
    l1 = 0,
    l2 = 0;
  const logistic = c.fit.startsWith('logistic'),
    svm = c.fit === 'svm';
  const y = logistic || svm ? t.y : t.target;
  const w = (i) => (c.weights ? c.weights[i] : 1),
    total = c.weights ? c.weights.reduce((a, v) => a + v, 0) : t.n;
  if (svm) {
    let hinge = 0,
      w2 = b * b;
    for (let i = 0; i < t.n; i++) hinge += w(i) * Math.max(0, 1 - (2 * y[i] - 1) * z[i]);
    for (let j = 0; j < t.d; j++) w2 += coef[j] ** 2;
    return hinge / total + (c.lambda / 2) * w2;
  }
  for (let i = 0; i < t.n; i++) {
    if (logistic) {
      const m = -(2 * y[i] - 1) * z[i];
      loss += w(i) * (m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m)));
    } else loss += w(i) * 0.5 * (z[i] - y[i]) ** 2;
  }
  const s = c.standardize ? deviations(t) : null; // standardize: the penalty reads coef_j · s_j
  const f = c.factors ? rescaledFactors(c.factors) : null; // penalty factors: each coefficient's penalty times f_j
  for (let j = 0; j < t.d; j++) {
    const w = s ? coef[j] * s[j] : coef[j];
    l1 += (f ? f[j] : 1) * Math.abs(w);
    l2 += (f ? f[j] : 1) * 0.5 * w ** 2;
  }
  const a = c.fit === 'elasticnet' ? c.alpha : c.fit.endsWith('l2') ? 0 : 1;
  return loss / total + c.lambda * (a * l1 + (1 - a) * l2);
}

// Observation weights of n rows: 0.5, 1, …, 2.5 in turn (the bench's weighted cases).
const weightsOf = (n) => Array.from({ length: n }, (_, i) => 0.5 + ((7 * (i + 1)) % 5) / 2);

// Penalty factors as glmnet and supclust read them: rescaled to sum to d.
function rescaledFactors(f) {
  const sum = f.reduce((a, b) => a + b, 0);
  return f.map((x) => (x * f.length) / sum);
}
// Factors of a d-feature design: 0 (unpenalised) for every 50th feature, else 0.5, 1 or 2.
const factorsOf = (d) => Array.from({ length: d }, (_, j) => (j % 50 === 0 ? 0 : [0.5, 1, 2][j % 3]));

// The columns' standard deviations (1/n; 1 for a constant column), as standardize reads them.
const deviationsOf = new WeakMap();
export function deviations(t) {
  if (deviationsOf.has(t)) return deviationsOf.get(t);
  const mean = new Float64Array(t.d),
    squares = new Float64Array(t.d),
    stored = new Float64Array(t.d);
  const each = (f) => {
    if (t.csr) {
      const { indptr, indices, values } = t.csr;
      for (let i = 0; i < t.n; i++) for (let k = indptr[i]; k < indptr[i + 1]; k++) f(indices[k], values[k]);
    } else for (let i = 0; i < t.n; i++) for (let j = 0; j < t.d; j++) f(j, t.X[i * t.d + j]);
  };
  each((j, x) => {
    mean[j] += x / t.n;
    stored[j]++;
  });
  each((j, x) => {
    squares[j] += (x - mean[j]) ** 2;
  });
  const s = Float64Array.from(squares, (q, j) => Math.sqrt((q + (t.n - stored[j]) * mean[j] ** 2) / t.n) || 1);
  deviationsOf.set(t, s);
  return s;
}

// λmax of the ℓ1 fits: ‖Xcᵀ(y − ȳ)‖∞ / n (the smallest λ whose answer is w = 0); standardized:
// of the columns divided by their deviations.
export function lambdaMax(t, y, standardize = false) {
  const mean = y.reduce((a, b) => a + b, 0) / t.n,
    g = new Float64Array(t.d);
  if (t.csr) {
    const { indptr, indices, values } = t.csr;
    for (let i = 0; i < t.n; i++) for (let k = indptr[i]; k < indptr[i + 1]; k++) g[indices[k]] += values[k] * (y[i] - mean);
  } else {
    for (let i = 0; i < t.n; i++) for (let j = 0; j < t.d; j++) g[j] += t.X[i * t.d + j] * (y[i] - mean);
  }
  const s = standardize ? deviations(t) : null;
  return Math.max(...g.map((x, j) => Math.abs(s ? x / s[j] : x))) / t.n;
}

// Every fit, ours and the peers', is timed by one rule: two untimed warm-up fits, then at least
// `repeats` timed ones and more until they add up to TIMED_MS, at most MAX_REPEATS; the median.
// (A fast fit's median over seven calls moves by a third between runs on a shared VM.) The peers'
// scripts take the three numbers as arguments.
export const TIMED_MS = 250,
  MAX_REPEATS = 31;
// Ours (native and wasm) is timed in this many rounds per case, alternated.
const OUR_ROUNDS = 3;
const middle = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
export async function medianMs(repeats, f) {
  for (let w = 0; w < 2; w++) await f();
  const t = [];
  let total = 0;
  while (t.length < repeats || (total < TIMED_MS && t.length < MAX_REPEATS)) {
    const a = performance.now();
    await f();
    t.push(performance.now() - a);
    total += t[t.length - 1];
  }
  return middle(t);
}

function datasets() {
  const gauss = design(300, 200, false, 11),
    text = design(500, 5000, true, 12);
  const sparse = design(2000, 5000, true, 15, 0.01);
  const out = {
    gauss,
    wide: design(500, 5000, false, 13),
    tall: design(2000, 500, false, 14),
    text,
    'text-csr': { ...text, csr: toCsr(text) },
    sparse: { n: sparse.n, d: sparse.d, y: sparse.y, target: sparse.target, csr: toCsr(sparse) },
    big: sparseDesign(5000, 20000, 16, 0.01, 0.01),
  };
  const data = join(root, '../shared/data');
  if (existsSync(join(data, 'pang-lee-scale'))) {
    const m = loadPangLee(data, { words: 5623 });
    out.movies = { csr: m.X, n: m.nRows, d: m.nCols, target: m.y, y: m.y.map((r) => (r > 0.5 ? 1 : 0)) };
  } else console.error('../shared/data/pang-lee-scale not found: the movie rows are left out');
  return out;
}

export async function benchSklearn(repeats = Number(process.env.BENCH_REPEATS ?? 7)) {
  const dir = join(tmpdir(), 'supclust-bench');
  mkdirSync(dir, { recursive: true });
  const data = datasets();
  for (const [name, t] of Object.entries(data)) {
    const write = (suffix, a) => writeFileSync(join(dir, `${name}-${suffix}`), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    write('y.f64', Float64Array.from(t.y));
    write('target.f64', Float64Array.from(t.target));
    if (t.csr) {
      write('indptr.i32', t.csr.indptr);
      write('indices.i32', t.csr.indices);
      write('values.f64', t.csr.values);
    } else write('X.f64', t.X);
  }
  const cases = [];
  const add = (data, fit, lambda, extra = {}) => cases.push({ data, fit, lambda, ...extra });
  add('gauss', 'logistic-l2', 1e-2);
  add('gauss', 'logistic-l1', 1e-2);
  add('gauss', 'svm', 1e-2);
  const wideMax = lambdaMax(data.wide, data.wide.target);
  for (const at of [0.1, 0.01]) {
    add('wide', 'lasso', at * wideMax, { at });
    add('wide', 'elasticnet', 2 * at * wideMax, { alpha: 0.5, at }); // ℓ1 weight λα = at · λmax
  }
  add('tall', 'logistic-l2', 1e-3);
  add('tall', 'logistic-l1', 0.05 * lambdaMax(data.tall, data.tall.y), { at: 0.05 });
  add('sparse', 'svm', 1e-3); // 2000 × 5000, 1 % non-zero, CSR
  const bigMax = lambdaMax(data.big, data.big.target); // 5000 × 20000, 1 % non-zero, CSR
  add('big', 'lasso', 0.01 * bigMax, { at: 0.01 });
  add('big', 'elasticnet', 0.02 * bigMax, { alpha: 0.5, at: 0.01 });
  // standardize beside glmnet's standardize = TRUE (scikit-learn has none: its column stays empty).
  add('text', 'lasso', 0.05 * lambdaMax(data.text, data.text.target, true), { standardize: true });
  add('tall', 'logistic-l1', 0.05 * lambdaMax(data.tall, data.tall.y, true), { at: 0.05, standardize: true });
  // Observation weights beside scikit-learn's sample_weight and glmnet's weights.
  add('wide', 'lasso', 0.1 * wideMax, { at: 0.1, weights: weightsOf(data.wide.n) });
  add('tall', 'logistic-l2', 1e-3, { weights: weightsOf(data.tall.n) });
  add('tall', 'logistic-l1', 0.05 * lambdaMax(data.tall, data.tall.y), { at: 0.05, weights: weightsOf(data.tall.n) });
  add('gauss', 'svm', 1e-2, { weights: weightsOf(data.gauss.n) });
  // penaltyFactor beside glmnet's penalty.factor (scikit-learn has none).
  add('wide', 'lasso', 0.1 * wideMax, { at: 0.1, factors: factorsOf(data.wide.d) });
  add('tall', 'logistic-l1', 0.05 * lambdaMax(data.tall, data.tall.y), { at: 0.05, factors: factorsOf(data.tall.d) });
  for (const name of ['text', 'text-csr', 'movies']) {
    const t = data[name];
    if (!t) continue;
    const movie = name === 'movies';
    add(name, 'lasso', 0.05 * lambdaMax(t, t.target));
    add(name, 'elasticnet', 0.1 * lambdaMax(t, t.target), { alpha: 0.5 });
    add(name, 'logistic-l2', movie ? 1e-4 : 1e-2);
    add(name, 'logistic-l1', movie ? 0.05 * lambdaMax(t, t.y) : 2e-3);
    add(name, 'svm', 1e-3);
  }
  for (const c of cases) {
    const t = data[c.data];
    // Our call: the method and options each run of ours (wasm and native) is given.
    const method = c.fit === 'logistic-l2' ? 'ridge' : c.fit === 'elasticnet' ? 'elasticnet' : c.fit === 'svm' ? 'svm' : 'lasso';
    const options =
      c.fit === 'svm'
        ? { lambda: c.lambda, bias: 'liblinear' }
        : {
            loss: c.fit.startsWith('logistic') ? 'logistic' : 'squared',
            lambda: c.lambda,
            ...(c.alpha ? { alpha: c.alpha } : {}),
            ...(c.standardize ? { standardize: true } : {}),
            ...(c.factors ? { penaltyFactor: c.factors } : {}),
          };
    // The target's file: labels for the logistic fits and the SVM, the regression target for the others.
    const y = `${c.data}-${c.fit.startsWith('logistic') || c.fit === 'svm' ? 'y' : 'target'}.f64`;
    Object.assign(c, {
      method,
      options,
      y,
      reps: c.data === 'movies' ? Math.min(repeats, 3) : repeats,
      n: t.n,
      d: t.d,
      sparse: !!t.csr,
      case: `${c.fit} ${t.n}×${t.d}${c.data === 'movies' ? ' movies' : c.data.startsWith('text') ? ' text' : c.data === 'sparse' || c.data === 'big' ? ' 1%' : ''} ${t.csr ? 'CSR' : 'dense'}${c.at ? ` ${c.at} λmax` : ''}${c.standardize ? ' standardized' : ''}${c.factors ? ' penalty factors' : ''}${c.weights ? ' weighted' : ''}`,
    });
  }
  // BENCH_CASES (a regular expression): only the cases whose names match it.
  if (process.env.BENCH_CASES) cases.splice(0, cases.length, ...cases.filter((c) => new RegExp(process.env.BENCH_CASES).test(c.case)));

  // The contenders of a case run one after another, the peers in processes of their own given
  // the case's name, then ours: a shared VM's speed drifts over minutes (by a third at times),
  // and a case timed by every contender within the same few seconds keeps that drift out of its
  // ratios.
  const args = (c) => [dir, String(repeats), String(TIMED_MS), String(MAX_REPEATS), c.case];
  const one = (file, argv) => JSON.parse(execFileSync(file, argv, { maxBuffer: 1 << 28 }).toString())[0];
  const hasSklearn = spawnSync('/usr/bin/python3', ['-c', 'import sklearn, scipy'], {}).status === 0;
  if (!hasSklearn) console.error('scikit-learn not found (npm run bench installs python3-sklearn): its column is empty');
  const sklearnFit = (c) =>
    hasSklearn && !c.standardize && !c.factors ? one('/usr/bin/python3', [join(root, 'bench/peers/sklearn_fits.py'), ...args(c)]) : null;
  // glmnet: the squared and logistic fits (it has no SVM).
  for (const [k, c] of cases.entries()) {
    if (c.factors) {
      c.factorsFile = `case${k}-pf.f64`;
      writeFileSync(join(dir, c.factorsFile), new Uint8Array(Float64Array.from(c.factors).buffer));
    }
    if (c.weights) {
      c.weightsFile = `case${k}-w.f64`;
      writeFileSync(join(dir, c.weightsFile), new Uint8Array(Float64Array.from(c.weights).buffer));
    }
  }
  writeFileSync(join(dir, 'sklearn-cases.json'), JSON.stringify(cases));
  const tsv = [
    'case\tfit\tdata\tn\td\tsparse\tlambda\talpha\ty\tstandardize\tfactors\tweights',
    ...cases
      .filter((c) => c.fit !== 'svm')
      .map((c) =>
        [
          c.case,
          c.fit,
          c.data,
          c.n,
          c.d,
          c.sparse ? 'TRUE' : 'FALSE',
          c.lambda,
          c.alpha ?? 1,
          c.y,
          c.standardize ? 'TRUE' : 'FALSE',
          c.factorsFile ?? '',
          c.weightsFile ?? '',
        ].join('\t'),
      ),
  ];
  writeFileSync(join(dir, 'glmnet-cases.tsv'), tsv.join('\n') + '\n');
  const hasGlmnet = spawnSync('/usr/bin/Rscript', ['-e', 'library(glmnet)'], {}).status === 0;
  if (!hasGlmnet) console.error('glmnet not found (npm run bench installs r-cran-glmnet): its column is empty');
  const glmnetFit = (c) =>
    hasGlmnet && c.fit !== 'svm' ? one('/usr/bin/Rscript', [join(root, 'bench/peers/glmnet_fits.R'), ...args(c)]) : null;
  // Ours natively (build/native/supclust_native_fits, bench/native_fits.cpp) on the same bytes.
  const nativeFits = join(root, 'build/native/supclust_native_fits');
  writeFileSync(
    join(dir, 'native-cases.tsv'),
    [
      'case\tmethod\toptions\tdata\tn\td\tsparse\ty\trepeats\tweights',
      ...cases.map((c) =>
        [
          c.case,
          c.method,
          Object.entries(c.options)
            .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
            .join(';'),
          c.data,
          c.n,
          c.d,
          c.sparse,
          c.y,
          c.reps,
          c.weightsFile ?? '',
        ].join('\t'),
      ),
    ].join('\n') + '\n',
  );
  const hasNative = existsSync(nativeFits);
  if (!hasNative) console.error('build/native/supclust_native_fits not found (node scripts/build.mjs native): the native column is empty');
  const nativeFit = (c) => (hasNative ? one(nativeFits, [dir, String(TIMED_MS), String(MAX_REPEATS), c.case]) : null);

  const sc = await load({ variant: 'simd' });
  const rows = [];
  // Each design also held by the module (sc.dataset, made before the timing as the peers' own
  // matrices are): a fit on it skips the copies and checks of X and reuses what an earlier fit
  // derived from X (its columns), as a grid, path or cross-validation does.
  const held = {};
  for (const [name, t] of Object.entries(data)) held[name] = await sc.dataset(t.csr ?? t.X, t.n, t.d);
  for (const c of cases) {
    const [theirs, g] = [sklearnFit(c), glmnetFit(c)];
    const t = data[c.data];
    const { method, options, reps } = c;
    const y = c.fit.startsWith('logistic') || c.fit === 'svm' ? t.y : t.target;
    const weighted = c.weights ? { weights: c.weights } : {};
    // Ours natively, then in wasm with X as arrays and held, in OUR_ROUNDS rounds: each time and
    // each wasm / native ratio is the median over the rounds (one round's pair can straddle a
    // change of the VM's speed).
    let m, nat;
    const rounds = [];
    for (let r = 0; r < OUR_ROUNDS; r++) {
      nat = nativeFit(c);
      const wasmMs = await medianMs(reps, async () => {
        m = await sc.fit(method, { X: t.csr ?? t.X, nRows: t.n, nCols: t.d, y, ...weighted, ...options });
      });
      let h;
      const heldMs = await medianMs(reps, async () => {
        h = await sc.fit(method, { X: held[c.data], y, ...weighted, ...options });
      });
      if (objective(t, c, h.coef, h.intercept[0]) !== objective(t, c, m.coef, m.intercept[0]))
        throw new Error(`${c.case}: the held dataset's fit differs from the arrays'`);
      rounds.push({ wasmMs, heldMs, nativeMs: nat?.ms ?? NaN, nativeHeldMs: nat?.heldMs ?? NaN });
    }
    const ours = objective(t, c, m.coef, m.intercept[0]);
    const over = (key) => middle(rounds.map((r) => r[key]));
    const [wasmMs, heldMs] = [over('wasmMs'), over('heldMs')];
    // The SVM also at a relative duality gap of 1e-9: its default (1e-6) stops above LinearSVC at
    // tol 1e-10, so equal accuracy is compared there.
    let tight;
    const tightMs =
      c.fit === 'svm'
        ? await medianMs(reps, async () => {
            tight = await sc.fit(method, { X: t.csr ?? t.X, nRows: t.n, nCols: t.d, y, ...weighted, ...options, tolerance: 1e-9 });
          })
        : NaN;
    const tightObjective = tight ? objective(t, c, tight.coef, tight.intercept[0]) : NaN;
    const theirObjective = theirs ? objective(t, c, theirs.coef, theirs.intercept) : NaN;
    const scored = (fit) => (fit ? { ms: fit.ms, objective: objective(t, c, fit.coef, fit.intercept) } : { ms: NaN, objective: NaN });
    const [gd, gt] = [scored(g?.default), scored(g?.tight)];
    const st = scored(theirs?.tight); // LinearSVC at tol 1e-10
    const nativeObjective = nat ? objective(t, c, nat.coef, nat.intercept) : NaN;
    rows.push({
      case: c.case,
      wasmMs,
      heldMs,
      iterations: m.iterations,
      status: m.status,
      objective: ours,
      nativeMs: over('nativeMs'),
      nativeHeldMs: over('nativeHeldMs'),
      nativeIterations: nat?.iterations,
      nativeGap: nativeObjective - ours,
      wasmOverNative: middle(rounds.map((r) => r.wasmMs / r.nativeMs)),
      heldOverNativeHeld: middle(rounds.map((r) => r.heldMs / r.nativeHeldMs)),
      rounds,
      tightMs,
      tightIterations: tight?.iterations,
      tightStatus: tight?.status,
      tightObjective,
      sklearnSolver: theirs?.solver,
      sklearnMs: theirs?.ms ?? NaN,
      sklearnObjective: theirObjective,
      sklearnOverWasm: (theirs?.ms ?? NaN) / wasmMs,
      objectiveGap: theirObjective - ours,
      glmnetMs: gd.ms,
      glmnetObjective: gd.objective,
      glmnetOverWasm: gd.ms / wasmMs,
      glmnetGap: gd.objective - ours,
      glmnetTightMs: gt.ms,
      glmnetTightObjective: gt.objective,
      glmnetTightOverWasm: gt.ms / wasmMs,
      glmnetTightGap: gt.objective - ours,
      sklearnTightMs: st.ms,
      sklearnTightObjective: st.objective,
      sklearnTightOverWasm: st.ms / wasmMs,
      sklearnTightGap: st.objective - ours,
      sklearnTightOverTight: st.ms / tightMs,
      sklearnTightGapToTight: st.objective - tightObjective,
    });
  }
  for (const d of Object.values(held)) d.dispose();
  sc.dispose();
  return rows;
}

export function printSklearn(rows) {
  const f = (x) => (Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  const ratio = (x) => (Number.isNaN(x) ? '–' : x.toFixed(2) + '×'),
    gap = (x) => (Number.isNaN(x) ? '–' : x.toExponential(2));
  console.log('\nFits beside scikit-learn and glmnet (same bytes; each answer in one objective), ms; ratio = peer / wasm;');
  console.log("gap = peer's objective − ours; glmnet at its default thresh (1e-7) and at 1e-12; the tight peer:");
  console.log('glmnet at 1e-12, or for the SVM LinearSVC at tol 1e-10; held: ours on X held by the module (sc.dataset);');
  console.log('native: ours natively on the same bytes (supclust_native_fits), wasm / native with X given and held\n');
  console.log(
    '| fit | supclust wasm simd | held | native | wasm / native (held) | objective | scikit-learn | ratio | gap | glmnet | ratio | gap | tight peer | ratio | gap |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const svm = r.case.startsWith('svm'),
      tightMs = svm ? r.sklearnTightMs : r.glmnetTightMs;
    const tightRatio = svm ? r.sklearnTightOverWasm : r.glmnetTightOverWasm,
      tightGap = svm ? r.sklearnTightGap : r.glmnetTightGap;
    console.log(
      `| ${r.case} | ${f(r.wasmMs)} (${r.iterations} its${svm ? `; at 1e-9 ${f(r.tightMs)}, ${r.tightIterations} its, LinearSVC 1e-10 ${ratio(r.sklearnTightOverTight)}, gap ${gap(r.sklearnTightGapToTight)}` : ''}) | ${f(r.heldMs)} | ${f(r.nativeMs)} | ${f(r.wasmOverNative)} (${f(r.heldOverNativeHeld)}) | ${r.objective.toPrecision(10)} | ${f(r.sklearnMs)} (${r.sklearnSolver ?? '–'}) | ${ratio(r.sklearnOverWasm)} | ${gap(r.objectiveGap)} | ${f(r.glmnetMs)} | ${ratio(r.glmnetOverWasm)} | ${gap(r.glmnetGap)} | ${f(tightMs)} | ${ratio(tightRatio)} | ${gap(tightGap)} |`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await benchSklearn();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const machine = { cpu: cpus()[0]?.model, cores: cpus().length, node: process.version };
  // With BENCH_CASES the file keeps its other cases: the ones run replace theirs in place.
  const file = join(root, 'bench/results/sklearn.json'),
    byCase = new Map(rows.map((r) => [r.case, r]));
  const before = process.env.BENCH_CASES && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).rows : [];
  const merged = [...before.map((r) => byCase.get(r.case) ?? r), ...rows.filter((r) => !before.some((b) => b.case === r.case))];
  writeFileSync(file, JSON.stringify({ machine, date: new Date().toISOString(), rows: merged }, null, 2));
  printSklearn(rows);
}
