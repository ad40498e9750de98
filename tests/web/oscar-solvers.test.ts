// OSCAR's `solver` option through the public API (wasm, both builds): coordinate descent over
// clusters, ADMM and FISTA reach one optimum — its objective recomputed here from the model
// (1/(2n)‖y − b − Xw‖² + Σ_k (λ1 + λ2(d − k))|w|_(k)) — and one cluster pattern, on dense and CSR
// X; 'auto' reaches ADMM's optimum on a dense answer (its working set then solved by ADMM); a solver that cannot
// take the loss or a graph is refused naming 'solver', and the module stays usable.
import { describe, expect, it } from 'vitest';
import { SupclustError } from '../../dist/node/index.js';
import { rejected, withBothBuilds } from './helpers.js';

const both = withBothBuilds();

function oscarObjective(
  X: Float64Array,
  n: number,
  d: number,
  y: ArrayLike<number>,
  coef: ArrayLike<number>,
  b: number,
  l1: number,
  l2: number,
) {
  let loss = 0;
  for (let i = 0; i < n; i++) {
    let z = b;
    for (let j = 0; j < d; j++) z += X[i * d + j] * coef[j];
    loss += 0.5 * (y[i] - z) ** 2;
  }
  const sorted = Array.from(coef, Math.abs).sort((a, c) => c - a);
  return loss / n + sorted.reduce((s, v, k) => s + (l1 + l2 * (d - 1 - k)) * v, 0);
}

describe('oscar solvers', () => {
  it('cd, admm and fista reach one optimum and one pattern, dense and CSR', async () => {
    for (const sc of [both.simd, both.threaded]) {
      const data = await sc.generate('e1', { n: 120, d: 40, Q: 3, sigma: 0.5, seed: 4 });
      const { X, nRows: n, nCols: d, y } = data;
      const l1 = 0.05,
        l2 = 0.002;
      const csr = { indptr: new Int32Array(n + 1), indices: [] as number[], values: [] as number[] };
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < d; j++)
          if (X[i * d + j] !== 0) {
            csr.indices.push(j);
            csr.values.push(X[i * d + j]);
          }
        csr.indptr[i + 1] = csr.indices.length;
      }
      const sparseX = { indptr: csr.indptr, indices: Int32Array.from(csr.indices), values: Float64Array.from(csr.values) };
      const fits = [];
      for (const solver of ['cd', 'admm', 'fista', 'auto'])
        for (const given of [X, sparseX]) {
          const m = await sc.fit('oscar', {
            X: given,
            nRows: n,
            nCols: d,
            y,
            lambda1: l1,
            lambda2: l2,
            solver,
            tolerance: 1e-11,
            maxIterations: 200000,
          });
          expect(m.status, solver).toBe('converged');
          fits.push({ solver, m, f: oscarObjective(X, n, d, y, m.coef, m.intercept[0], l1, l2) });
        }
      const best = Math.min(...fits.map((x) => x.f));
      for (const { solver, m, f } of fits) {
        expect((f - best) / best, solver).toBeLessThan(1e-11);
        expect(Math.abs(m.objective - f) / f, solver).toBeLessThan(1e-11);
        expect(Array.from(m.groups), solver).toEqual(Array.from(fits[0].m.groups));
      }
      // A few clusters here: more than one group, fewer than the features.
      const groups = new Set(fits[0].m.groups).size;
      expect(groups).toBeGreaterThan(1);
      expect(groups).toBeLessThan(d);
    }
  });

  it("auto reaches ADMM's optimum when the answer is dense (ADMM on its working set)", async () => {
    const sc = both.simd;
    const data = await sc.generate('e1', { n: 40, d: 100, Q: 4, sigma: 0.5, seed: 11 });
    const params = { X: data.X, nRows: 40, nCols: 100, y: data.y, lambda1: 1e-2, lambda2: 1e-4, tolerance: 1e-12, maxIterations: 1000000 };
    const admm = await sc.fit('oscar', { ...params, solver: 'admm' });
    const auto = await sc.fit('oscar', params);
    expect(auto.params.solver).toBe('auto');
    expect(admm.status).toBe('converged');
    expect(auto.status).toBe('converged');
    expect(Array.from(admm.coef).filter((c) => c !== 0).length).toBeGreaterThan(25);
    const f = (m: typeof auto) => oscarObjective(data.X, 40, 100, data.y, m.coef, m.intercept[0], 1e-2, 1e-4);
    expect(Math.abs(f(auto) - f(admm)) / f(admm)).toBeLessThan(1e-11);
    expect(Math.abs(auto.objective - f(auto)) / f(auto)).toBeLessThan(1e-11);
    expect(Array.from(auto.coef, (c) => c !== 0)).toEqual(Array.from(admm.coef, (c) => c !== 0));
  });

  it("a solver that cannot take the loss or a graph is refused naming 'solver'", async () => {
    const sc = both.simd;
    const X = [
      [1, 2, 0],
      [3, 5, 1],
      [4, 4, 2],
      [6, 1, 0],
      [2, 2, 2],
    ];
    for (const solver of ['cd', 'admm']) {
      const e = await rejected(sc.fit('oscar', { X, y: [0, 1, 1, 0, 1], loss: 'logistic', lambda1: 0.1, solver }));
      expect(e).toBeInstanceOf(SupclustError);
      expect(e.field).toBe('solver');
      expect(e.message).toMatch(/squared loss/);
    }
    const graph = await rejected(sc.fit('oscar', { X, y: [1, 2, 3, 4, 2], lambda1: 0.1, graph: [[0, 1]], solver: 'cd' }));
    expect(graph.field).toBe('solver');
    const unknown = await rejected(sc.fit('oscar', { X, y: [1, 2, 3, 4, 2], lambda1: 0.1, solver: 'newton' }));
    expect(unknown.field).toBe('solver');
    expect((await sc.fit('oscar', { X, y: [0, 1, 1, 0, 1], loss: 'logistic', lambda1: 0.1, solver: 'fista' })).status).toBe('converged');
  });
});
