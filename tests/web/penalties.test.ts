// The penalty family through the API in Node: GFLasso's prox (a hand-checked example, bad
// input named), fits of every penalty method on both builds (certificate status, ties, sparse ≡
// dense), the graph option (edge lists in, pairs back, bad edges named) and the memory refusal.
import { describe, expect, it } from 'vitest';
import { SupclustError } from '../../dist/node/index.js';
import { mismatch, withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

/** Fits on both builds: converged, and the same model to `rel` of the largest coefficient. */
type PenaltyMethod = 'gflasso' | 'ncfgs' | 'nctfgs' | 'dfg' | 'adfg';
async function onBothBuilds(method: PenaltyMethod, params: Record<string, unknown>, rel: number) {
  const a = await builds.simd.fit(method, params as never),
    b = await builds.threaded.fit(method, params as never);
  expect(a.status).toBe('converged');
  expect(mismatch(a.coef, b.coef, rel, Math.max(...a.coef.map(Math.abs)))).toBe('');
  return a;
}

/** A refused fit: a SupclustError naming `field`. */
async function expectRefused(method: PenaltyMethod, params: Record<string, unknown>, field: RegExp) {
  const err = await builds.simd.fit(method, params as never).catch((e) => e);
  expect(err).toBeInstanceOf(SupclustError);
  expect(err.message).toMatch(field);
}

describe('proxCliqueFusion', () => {
  it('gives the hand-checked prox and names a bad weight', async () => {
    for (const sc of [builds.simd, builds.threaded]) {
      // v = (3, −1, 2.5), λ1 = λ2 = 0.5: order 3 > 2.5 > −1, shifts λ2(d − 1 − 2k) = (1, 0, −1):
      // (2, 2.5, 0) → pooled (2.25, 2.25, 0) → soft-thresholded by 0.5.
      expect(Array.from(await sc.proxCliqueFusion([3, -1, 2.5], 0.5, 0.5))).toEqual([1.75, 0, 1.75]);
      expect(Array.from(await sc.proxCliqueFusion([3, -1, 2.5], 0, 0.5))).toEqual([2.25, 0, 2.25]);
      const err = await sc.proxCliqueFusion([1, 2], 0, -1).catch((e) => e);
      expect(err).toBeInstanceOf(SupclustError);
      expect(err.message).toMatch(/^lambda2/);
      expect(Array.from(await sc.proxCliqueFusion([1, 2], 0, 10))).toEqual([1.5, 1.5]); // still usable
    }
  });
});

describe('gflasso', () => {
  it('fuses coefficients, agrees across builds, and gives the same model for CSR X', async () => {
    const data = await builds.simd.generate('e1', { n: 80, d: 30, Q: 3, sigma: 0.5, seed: 4 });
    const params = { X: data.X, nRows: 80, nCols: 30, y: data.y, lambda1: 0.05, lambda2: 0.002 };
    const a = await onBothBuilds('gflasso', params, 1e-9);
    expect(a.centroids.length).toBeLessThan(30);
    const scale = Math.max(...a.coef.map(Math.abs));
    const indptr = new Int32Array(81),
      indices = new Int32Array(80 * 30);
    for (let i = 0; i <= 80; i++) indptr[i] = 30 * i;
    for (let k = 0; k < indices.length; k++) indices[k] = k % 30;
    const c = await builds.simd.fit('gflasso', { ...params, X: { indptr, indices, values: data.X } });
    expect(mismatch(c.coef, a.coef, 1e-9, scale)).toBe('');
    await expectRefused('gflasso', { ...params, lambda2: -1 }, /lambda2/);
  });
});

describe('ncfgs', () => {
  // Its DC steps never increase the objective: tests/cpp/families/penalties/ncfgs_test.cpp.
  it('agrees across builds and names a bad option', async () => {
    const data = await builds.simd.generate('e1', { n: 60, d: 25, Q: 3, sigma: 0.5, seed: 2 });
    const params = { X: data.X, nRows: 60, nCols: 25, y: data.y, lambda1: 0.05, lambda2: 0.004, dcTolerance: 1e-12 };
    await onBothBuilds('ncfgs', params, 1e-7);
    await expectRefused('ncfgs', { ...params, dcIterations: 0 }, /dcIterations/);
  });
});

describe('dfg', () => {
  it('groups, agrees across builds, and fits the logistic loss to its certificate', async () => {
    const data = await builds.simd.generate('e1', { n: 100, d: 20, Q: 3, sigma: 0.3, seed: 5 });
    const params = { X: data.X, nRows: 100, nCols: 20, y: data.y, lambda1: 0, lambda2: 0.05 };
    const a = await onBothBuilds('dfg', params, 1e-7);
    expect(a.centroids.length).toBeLessThan(20);
    const labels = data.y.map((v) => (v > 0 ? 1 : 0));
    const b = await onBothBuilds('dfg', { ...params, y: labels, loss: 'logistic', lambda1: 0.001, lambda2: 0.0005 }, 1e-6);
    expect(b.loss).toBe('logistic');
    expect(b.centroids.length).toBeLessThan(20);
    await expectRefused('dfg', { ...params, y: labels, loss: 'ova-logistic' }, /loss/);
  });

  it('runs its passes on the threads from 16 384 split rows on, with the same answer to the bit', async () => {
    // d = 140: 19 460 rows, so the threaded build's fit runs on a WorkTeam (2+ threads where the
    // machine has them) while the simd build runs the same fixed chunks on one: the same bits.
    const data = await builds.simd.generate('e1', { n: 60, d: 140, Q: 4, sigma: 0.5, seed: 11 });
    const params = { X: data.X, nRows: 60, nCols: 140, y: data.y, lambda1: 1e-3, lambda2: 1e-4, tolerance: 1e-8 };
    const a = await builds.simd.fit('dfg', params),
      b = await builds.threaded.fit('dfg', params);
    expect(a.status).toBe('converged');
    expect(a.iterations).toBeGreaterThan(5);
    expect(b.iterations).toBe(a.iterations);
    expect(Array.from(b.coef)).toEqual(Array.from(a.coef));
    expect(b.objective).toBe(a.objective);
  });

  it('returns w = 0 at once when the ℓ1 term alone answers the gradient', async () => {
    const data = await builds.simd.generate('e1', { n: 50, d: 12, Q: 3, sigma: 0.5, seed: 7 });
    // ∂F/∂w at 0 is −Xcᵀ(y − ȳ)/n: λ1 just above its largest entry certifies w = 0.
    let largest = 0;
    const mean = data.y.reduce((s, v) => s + v, 0) / 50;
    for (let j = 0; j < 12; j++) {
      let g = 0,
        colMean = 0;
      for (let i = 0; i < 50; i++) colMean += data.X[i * 12 + j] / 50;
      for (let i = 0; i < 50; i++) g += ((data.X[i * 12 + j] - colMean) * (data.y[i] - mean)) / 50;
      largest = Math.max(largest, Math.abs(g));
    }
    const params = { X: data.X, nRows: 50, nCols: 12, y: data.y, lambda2: 1e-3 };
    const above = await builds.threaded.fit('dfg', { ...params, lambda1: 1.001 * largest });
    expect(above.iterations).toBe(0);
    expect(above.status).toBe('converged');
    expect(Math.max(...above.coef.map(Math.abs))).toBe(0);
    expect(above.intercept[0]).toBeCloseTo(mean, 12);
    const below = await builds.threaded.fit('dfg', { ...params, lambda1: 0.9 * largest, lambda2: 1e-9 });
    expect(below.iterations).toBeGreaterThan(0);
    expect(Math.max(...below.coef.map(Math.abs))).toBeGreaterThan(1e-6);
  });
});

describe('nctfgs and adfg', () => {
  it('ncTFGS and ADFG agree across builds; bad τ and γ are named', async () => {
    const data = await builds.simd.generate('e1', { n: 60, d: 25, Q: 3, sigma: 0.5, seed: 3 });
    const base = { X: data.X, nRows: 60, nCols: 25, y: data.y };
    await onBothBuilds('nctfgs', { ...base, lambda1: 0.05, lambda2: 0.01, tau: 0.5, dcTolerance: 1e-12 }, 1e-6);
    await expectRefused('nctfgs', { ...base, tau: 0 }, /'tau'/);
    const b = await onBothBuilds('adfg', { ...base, lambda1: 0.01, lambda2: 0.002, lambda3: 0.0002, gamma: 1 }, 1e-6);
    expect(b.centroids.length).toBeLessThan(25);
    await expectRefused('adfg', { ...base, gamma: -0.5 }, /'gamma'/);
  });
});

describe('the graph option', () => {
  it('takes pairs, reports them back, names a bad edge, and the instance stays usable', async () => {
    const data = await builds.simd.generate('e1', { n: 60, d: 12, Q: 3, sigma: 0.5, seed: 6 });
    const base = { X: data.X, nRows: 60, nCols: 12, y: data.y, lambda1: 0.01, lambda2: 0.05 };
    const chain = Array.from({ length: 11 }, (_, j) => [j, j + 1] as [number, number]);
    for (const method of ['gflasso', 'ncfgs', 'nctfgs', 'dfg', 'adfg'] as const) {
      const m = await onBothBuilds(method, { ...base, graph: chain }, 1e-6);
      expect(m.params.graph).toEqual(chain);
      await expectRefused(method, { ...base, graph: [...chain, [3, 12]] }, /^graph: .*edge 11 \(3, 12\) is out of range/);
      await expectRefused(method, { ...base, graph: [...chain, [1, 0]] }, /^graph: .*edge 11 \(1, 0\) repeats edge 0/);
      await expectRefused(method, { ...base, graph: [[1, 2, 3]] }, /^graph/);
    }
    // On a chain GFLasso fuses neighbours only: a chain with one edge gone splits the fit there.
    const cut = await builds.simd.fit('gflasso', { ...base, lambda2: 100, graph: chain.filter(([i]) => i !== 5) });
    expect(new Set(cut.coef.slice(0, 6)).size).toBe(1);
    expect(new Set(cut.coef.slice(6)).size).toBe(1);
  });

  it('refuses ADFG beyond the address space by name, from the values it would split', async () => {
    // d = 4500: E = d(d − 1)/2 = 10 122 750 pairs. T3 in blocks is 2E values (72 bytes each: 8 of
    // ADMM's state, 64 of the pair-sum prox's), T2 is E rows (24 bytes, and 8 of state each), and
    // four d × d matrices: 176·E + 32·d² = 2 429 604 000 bytes = 2.26 GB > 0.9 × 2 GB.
    const d = 4500,
      X = new Float64Array(5 * d).map((_, k) => Math.sin(k)),
      y = [1, 2, 3, 4, 5];
    const err = await builds.simd.fit('adfg', { X, nRows: 5, nCols: d, y, lambda1: 0.1 }).catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.message).toMatch(/^X: method 'adfg' with 4500 features \(its pairwise terms\) needs about 2\.26 GB/);
    // The module is still usable: the paper's scale (d = 300) fits.
    const small = await builds.simd.fit('adfg', { X: X.subarray(0, 5 * 300), nRows: 5, nCols: 300, y, lambda1: 0.1, maxIterations: 20 });
    expect(small.coef.length).toBe(300);
  });
});

describe('E5 tables', () => {
  it("report the DFG MSE, S and the groups' adjusted Rand index as labelled columns, the same on both builds", async () => {
    const info = builds.simd.info.experiments.find((e) => e.id === 'e5-2')!;
    expect(info.metrics).toEqual(['dfg-mse', 'grouping-score', 'grouping-ari']);
    expect(info.selection).toBe('validation');
    const options = { reps: 2, fast: true, methods: ['Lasso', 'GFLasso'] };
    const a = await builds.simd.experiment('e5-2', options),
      b = await builds.threaded.experiment('e5-2', options);
    expect(a.columnLabels).toEqual(['dfg-mse', 'grouping-score', 'grouping-ari']);
    expect(a.rows.map((r) => r.method)).toEqual(['Lasso', 'GFLasso']);
    for (const row of a.rows) {
      expect(row.cells[0].mean).toBeGreaterThan(0);
      for (const v of row.cells[1].values) expect(v).toBeGreaterThanOrEqual(0), expect(v).toBeLessThanOrEqual(1);
      for (const v of row.cells[2].values) expect(v).toBeGreaterThanOrEqual(-1), expect(v).toBeLessThanOrEqual(1);
    }
    expect(a.rows[1].paper?.[0].mean).toBe(0.462); // GFLasso's MSE on dataset 2 in the paper
    expect(b.rows.map((r) => r.cells.map((c) => c.values))).toEqual(a.rows.map((r) => r.cells.map((c) => c.values)));
  });
});
