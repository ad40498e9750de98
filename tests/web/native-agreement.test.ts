// The wasm builds, through the public TypeScript API, give the native library's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type Supclust } from '../../dist/node/index.js';
import { mismatch, nativeAnswers, variants } from './helpers.js';

const answers = nativeAnswers();

describe.each(variants)('%s build agrees with native to 1e-10', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc.dispose());

  it('reports its variant', () => {
    expect(sc.info.variant).toBe(variant);
    expect(sc.info.threads).toBeGreaterThanOrEqual(1);
    if (variant === 'simd') expect(sc.info.threads).toBe(1);
  });

  it('every generator gives the native data bit for bit', async () => {
    for (const name of ['e1', 'e2', 'e5', 'e6', 'waveform', 'experts', 'tasks'] as const) {
      // The native run's options, those this generator reads (it refuses the others).
      const all = { n: 30, nTest: 5, nValidation: 4, sigma: 1.5, seed: 1, d: 100, Q: name === 'e2' ? 10 : 5 };
      const g = await sc.generate(name, Object.fromEntries(Object.entries(all).filter(([k]) => sc.info.generators[name].includes(k))));
      const expected = answers.generators[name];
      expect(mismatch(g.X, expected.X, 0), name).toBe('');
      expect(mismatch(g.y, expected.y, 0), name).toBe('');
      expect(mismatch(g.ytest, expected.ytest, 0), name).toBe('');
    }
  });

  for (const prob of answers.problems) {
    it(`seed ${prob.seed}, n = ${prob.n}: generator, kernels and every method`, async () => {
      const data = await sc.generate('e1', { n: prob.n, d: 100, Q: 5, sigma: 0.5, seed: prob.seed });
      expect(mismatch(data.y, prob.y, 0)).toBe(''); // the generator is bit-identical

      const km = await sc.kmeans1d(data.y, 4);
      expect(mismatch([km.sse], [prob.kmeans.sse])).toBe('');
      expect(Array.from(km.labels)).toEqual(prob.kmeans.labels);
      expect(mismatch(km.centroids, prob.kmeans.centroids)).toBe('');
      const sg = await sc.projectSparseGroups(data.y, 20, 3);
      expect(mismatch(sg.values, prob.sparse.values)).toBe('');
      const weights = Array.from({ length: prob.n }, (_, k) => 0.5 + 0.05 * (prob.n - 1 - k)); // OSCAR's
      expect(mismatch(await sc.proxOwl(data.y, weights), prob.owl)).toBe('');
      expect(mismatch(await sc.proxCliqueFusion(data.y, 0.5, 0.05), prob.cliqueFusion)).toBe('');

      // The same cases as tests/native/answers.cpp, in the same order.
      const options: Record<string, unknown>[] = [
        { lambda: 0.1 },
        { Q: 5 },
        { Q: 5, refit: true, lambda: 0.01 },
        { Q: 5 },
        { Q: 5, lambda: 0.01, init: 'zero' },
        { Q: 4, s: 50 },
        { groups: data.groups },
        { lambda: 0.5 },
        { lambda: 0.5, alpha: 0.5 },
        { lambda1: 0.2, lambda2: 0.01 },
        { s: 30 },
        { Q: 5, lambda: 0.05, cgIterations: 100 },
        { Q: 5, lambda: 0.1, loss: 'logistic' },
        { Q: 3, lambda: 0.01, loss: 'ova-squared' },
        { lambda1: 0.2, lambda2: 0.002 },
        { lambda1: 0.2, lambda2: 0.002, dcTolerance: 1e-12 },
        { lambda1: 0.2, lambda2: 0.0005 },
        { lambda1: 0.2, lambda2: 0.002, tau: 1, dcTolerance: 1e-12 },
        {
          lambda1: 0.2,
          lambda2: 0.002,
          lambda3: 0.0001,
          gamma: 1,
          tolerance: 1e-9,
          graph: Array.from({ length: 99 }, (_, j) => [j, j + 1]),
        },
        { lambda1: 0.02, lambda2: 0.0005, loss: 'logistic' },
        { lambda1: 0.2, lambda2: 0.05, graph: Array.from({ length: 99 }, (_, j) => [j, j + 1]) },
        { gamma: 0.05, init: 'gradient' },
        { gamma: 0.05 },
        { gamma: 0.1, lambda: 0.01, loss: 'logistic' },
        { gamma: 0.05, algorithm: 'paper' },
      ];
      const labels = (loss: unknown) =>
        loss === 'logistic'
          ? data.y.map((v) => (v > 0 ? 1 : 0))
          : loss === 'ova-squared'
            ? data.y.map((v) => (v > 5 ? 2 : v > -5 ? 1 : 0))
            : data.y;
      expect(options.length).toBe(prob.fits.length);
      // FISTA's momentum restarts, fusion ADMM's Anderson extrapolation and the logistic loss's
      // exp/log1p (glibc vs musl) let trajectories part at the last bit, so those fits are
      // compared at their certificate's accuracy (ADFG's certificate tightened to 1e-9 for it);
      // every other fit must follow the native one step for step.
      // LEM's rounds run FISTA too; the paper's line searches compare objectives to the last bit.
      const certified = (c: number) =>
        ['oscar', 'gflasso', 'ncfgs', 'nctfgs', 'dfg', 'adfg', 'lem'].includes(prob.fits[c].method) ||
        options[c].loss === 'logistic' ||
        options[c].algorithm === 'paper';
      for (const [c, expected] of prob.fits.entries()) {
        const what = `${expected.method} ${JSON.stringify(options[c]).slice(0, 60)}`;
        const m = await sc.fit(expected.method, {
          X: data.X,
          nRows: data.nRows,
          nCols: data.nCols,
          y: labels(options[c].loss),
          ...options[c],
        });
        const K = expected.outputs,
          d = data.nCols;
        const coef = Array.from({ length: d * K }, (_, i) => expected.coef[(i % K) * d + Math.floor(i / K)]);
        const scale = Math.max(...coef.map(Math.abs));
        expect(m.outputs, what).toBe(K);
        expect(m.status, what).toBe(expected.status);
        const rel = certified(c) ? 1e-7 : 1e-10;
        if (!certified(c)) {
          expect(m.iterations, what).toBe(expected.iterations);
          expect(m.groups, what).toEqual(expected.groups);
        }
        expect(mismatch(m.coef, coef, rel, scale), what).toBe('');
        expect(mismatch(m.intercept, expected.intercepts, rel, scale), what).toBe('');
        expect(mismatch([m.objective], [expected.objective], rel), what).toBe('');
      }
    });
  }
});

describe.each(variants)('%s build fits the native experts', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc?.dispose());

  it('every experts method (and AM with column screening) gives the native partition and predictors', async () => {
    const data = await sc.generate('experts', { n: 150, d: 5, Q: 3, sigma: 0.3, noiseDims: 5, seed: 3, nTest: 0 });
    const methods = ['experts-am', 'experts-pg', 'experts-cg', 'experts-rc', 'experts-oracle', 'experts-am', 'experts-em'] as const; // the sixth screened
    for (const [c, expected] of answers.expertsProblem.fits.entries()) {
      const method = methods[c];
      expect(expected.method).toBe(method);
      expect(expected.status).not.toBe('invalid-input');
      const m = await sc.fit(method, {
        X: data.X,
        nRows: data.nRows,
        nCols: data.nCols,
        y: data.y,
        Q: 3,
        lambda: 0.01,
        ...(method === 'experts-oracle' ? { groups: data.groups } : { seed: 2 }),
        ...(c === 5 ? { screen: 3, screenColumns: 4 } : {}),
      } as never);
      const d = data.nCols,
        Q = 3;
      expect(m.kind).toBe('experts');
      expect(m.outputs).toBe(Q);
      const coef = Array.from({ length: d * Q }, (_, i) => expected.coef[(i % Q) * d + Math.floor(i / Q)]);
      expect(m.status, method).toBe(expected.status);
      expect(m.iterations, method).toBe(expected.iterations);
      expect(m.groups, method).toEqual(expected.groups);
      expect(mismatch(m.coef, coef, 1e-10, Math.max(...coef.map(Math.abs))), method).toBe('');
      expect(mismatch(m.intercept, expected.intercepts, 1e-10, Math.max(...coef.map(Math.abs))), method).toBe('');
      expect(mismatch([m.objective], [expected.objective], 1e-10), method).toBe('');
      // The gate (column-major natively) and EM's variances.
      const gate = Array.from({ length: d * Q }, (_, i) => expected.gateCoef[(i % Q) * d + Math.floor(i / Q)]);
      expect(mismatch(m.gate!.coef, gate, 1e-8, Math.max(...gate.map(Math.abs))), method).toBe('');
      expect(mismatch(m.gate!.intercept, expected.gateIntercept, 1e-8, Math.max(...gate.map(Math.abs))), method).toBe('');
      expect(mismatch(m.variances ?? [], expected.variances, 1e-10), method).toBe('');
    }
  });
});

describe.each(variants)('%s build fits the native classifying experts', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc?.dispose());

  it('experts-am and experts-pg with the one-vs-all logistic loss give the native partition and classifiers', async () => {
    const data = await sc.generate('tasks', { n: 200, d: 8, Q: 3, tasks: 6, sigma: 1, seed: 4, nTest: 0 });
    expect(answers.classifyingExperts.map((e: { method: string }) => e.method)).toEqual(['experts-am', 'experts-pg']);
    for (const expected of answers.classifyingExperts) {
      const m = await sc.fit(expected.method, {
        X: data.X,
        nRows: data.nRows,
        nCols: data.nCols,
        y: data.y,
        loss: 'ova-logistic',
        Q: 2,
        lambda: 0.01,
        seed: 2,
        restarts: 3,
      });
      // AM's experts come from warm-started refits run far past their stopping rule and agree to
      // 1e-15; PG's from one cold trust-region fit per group on its partition, stopped at
      // ‖∇‖∞ ≤ 1e-9‖∇F(0)‖∞: the builds stop at points of that ball, an intercept of −22.3 (a
      // nearly separable class: its curvature Σ p(1 − p) is small) 3.7e-8 apart here, with F the
      // same to 1e-16.
      const d = data.nCols,
        QK = 12,
        method = expected.method,
        tol = method === 'experts-pg' ? 1e-8 : 1e-9;
      expect(m.kind, method).toBe('experts');
      expect(m.outputs, method).toBe(QK);
      const coef = Array.from({ length: d * QK }, (_, i) => expected.coef[(i % QK) * d + Math.floor(i / QK)]);
      expect(m.status, method).toBe(expected.status);
      expect(m.iterations, method).toBe(expected.iterations);
      expect(m.groups, method).toEqual(expected.groups);
      expect(mismatch(m.coef, coef, tol, Math.max(...coef.map(Math.abs))), method).toBe('');
      expect(mismatch(m.intercept, expected.intercepts, tol, Math.max(...coef.map(Math.abs))), method).toBe('');
      expect(mismatch([m.objective], [expected.objective], 1e-12), method).toBe('');
    }
  });
});

describe.each(variants)('%s build fits the native clustered tasks', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc?.dispose());

  it('every tasks method gives the native partition, predictors and centres', async () => {
    const data = await sc.generate('tasks', { n: 200, d: 8, Q: 3, tasks: 6, sigma: 1, seed: 4, nTest: 0 });
    for (const expected of answers.tasksProblem.fits) {
      const clustered = !['tasks-frobenius', 'tasks-trace'].includes(expected.method);
      const m = await sc.fit(expected.method, {
        X: data.X,
        nRows: data.nRows,
        nCols: data.nCols,
        y: data.y,
        loss: expected.loss,
        [expected.option]: expected.value,
        ...(clustered ? { Q: 3 } : {}),
      } as never);
      const d = data.nCols,
        K = 6,
        Q = clustered ? 3 : K;
      expect(m.kind).toBe('tasks');
      expect(m.outputs).toBe(K);
      const coef = Array.from({ length: d * K }, (_, i) => expected.coef[(i % K) * d + Math.floor(i / K)]);
      const centroids = Array.from({ length: Q * d }, (_, i) => expected.centroids[(i % d) * Q + Math.floor(i / d)]);
      const scale = Math.max(...coef.map(Math.abs));
      expect(m.status, expected.method).toBe(expected.status);
      expect(m.groups, expected.method).toEqual(expected.groups);
      // The trace norm's SVD runs through each build's libm (hypot, sqrt): FISTA's restarts
      // then take other steps to the same certified optimum, agreeing to its tolerance.
      const tol = expected.method === 'tasks-trace' ? 1e-7 : 1e-10;
      if (expected.method !== 'tasks-trace') expect(m.iterations, expected.method).toBe(expected.iterations);
      expect(mismatch(m.coef, coef, tol, scale), expected.method).toBe('');
      expect(mismatch(m.centroids, centroids, tol, scale), expected.method).toBe('');
      expect(mismatch(m.intercept, expected.intercepts, tol, scale), expected.method).toBe('');
      expect(mismatch([m.objective], [expected.objective], 1e-10), expected.method).toBe('');
    }
  });
});

describe.each(variants)('%s build on a sparse (CSR) design', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc.dispose());
  const sp = answers.sparseProblem;
  const csr = { indptr: Int32Array.from(sp.indptr), indices: Int32Array.from(sp.indices), values: Float64Array.from(sp.values) };
  const dense = new Float64Array(sp.nRows * sp.nCols);
  for (let i = 0; i < sp.nRows; i++)
    for (let t = sp.indptr[i]; t < sp.indptr[i + 1]; t++) dense[i * sp.nCols + sp.indices[t]] = sp.values[t];
  const mean = sp.y.reduce((a: number, b: number) => a + b, 0) / sp.nRows;
  const binary = sp.y.map((v: number) => (v > mean ? 1 : 0));
  // The same cases as tests/native/answers.cpp's sparseProblem, in the same order.
  const options: Record<string, unknown>[] = [
    { lambda: 0.1 },
    { lambda: 0.2 },
    { Q: 4 },
    { lambda1: 0.2, lambda2: 0.01 },
    { Q: 3, lambda: 0.1, loss: 'logistic' },
    { lambda: 0.02, alpha: 0.5, loss: 'logistic' },
  ];

  it('gives the native models, and the models of the same matrix given dense', async () => {
    expect(options.length).toBe(sp.fits.length);
    for (const [c, expected] of sp.fits.entries()) {
      const what = `${expected.method} ${JSON.stringify(options[c])}`;
      const y = options[c].loss ? binary : sp.y;
      const m = await sc.fit(expected.method, { X: csr, nRows: sp.nRows, nCols: sp.nCols, y, ...options[c] });
      const scale = Math.max(...expected.coef.map(Math.abs));
      // exp/log1p differ at the last bit between the native libc and wasm (see above).
      const rel = options[c].loss || ['oscar', 'gflasso'].includes(expected.method) ? 1e-7 : 1e-10;
      expect(m.status, what).toBe(expected.status);
      expect(mismatch(m.coef, expected.coef, rel, scale), what).toBe('');
      expect(mismatch(m.intercept, [expected.intercept], rel, scale), what).toBe('');
      expect(mismatch([m.objective], [expected.objective], rel), what).toBe('');
      const d = await sc.fit(expected.method, { X: dense, nRows: sp.nRows, nCols: sp.nCols, y, ...options[c] });
      expect(mismatch(m.coef, d.coef, 1e-10, scale), `${what} sparse vs dense`).toBe('');
      expect(mismatch(m.intercept, d.intercept, 1e-10, scale), `${what} sparse vs dense`).toBe('');
      expect(m.groups, what).toEqual(d.groups);
      // Predictions read CSR as the dense rows.
      expect(mismatch(await sc.predict(m, csr, sp.nRows, sp.nCols), await sc.predict(m, dense, sp.nRows, sp.nCols), 1e-12), what).toBe('');
    }
  });
});
