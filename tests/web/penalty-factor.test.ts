// penaltyFactor through the public API: a number list crosses as declared ('numbers' in info);
// a zero factor leaves its feature unpenalised (at a weight that zeroes the others, its
// coefficient is the one-column least-squares slope, computed here); the caller's array is left
// as it was and the model records the factors; malformed lists are refused naming the option.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';
import { rejected } from './helpers.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

describe('penaltyFactor', () => {
  it('is declared by the lasso, the elastic net and the fusion penalties as a list of numbers >= 0', () => {
    for (const name of ['lasso', 'elasticnet', 'gflasso', 'ncfgs', 'nctfgs', 'dfg', 'adfg']) {
      const o = sc.info.methods.find((m) => m.name === name)!.options.find((x) => x.name === 'penaltyFactor');
      expect(o?.kind, name).toBe('numbers');
      expect(o?.min, name).toBe(0);
    }
    for (const name of ['ridge', 'oscar'])
      expect(
        sc.info.methods.find((m) => m.name === name)!.options.some((x) => x.name === 'penaltyFactor'),
        name,
      ).toBe(false);
  });

  it("weighs GFLasso's ℓ1 term: without its pairwise term it is the lasso with the same factors", async () => {
    const data = await sc.generate('e1', { n: 80, d: 10, Q: 2, sigma: 0.5, seed: 7 });
    const factors = [0, 1, 2, 0.5, 1, 1, 3, 0, 1, 1];
    const lasso = await sc.fit('lasso', { X: data.X, nCols: data.nCols, y: data.y, lambda: 0.1, penaltyFactor: factors, tolerance: 1e-12 });
    const fused = await sc.fit('gflasso', {
      X: data.X,
      nCols: data.nCols,
      y: data.y,
      lambda1: 0.1,
      lambda2: 0,
      penaltyFactor: factors,
      tolerance: 1e-10,
      maxIterations: 1000000,
    });
    expect(fused.status).toBe('converged');
    expect(Math.max(...fused.coef.map((c, j) => Math.abs(c - lasso.coef[j])))).toBeLessThan(1e-5);
    expect(
      (await rejected(sc.fit('gflasso', { X: data.X, nCols: data.nCols, y: data.y, lambda1: 0.1, penaltyFactor: [1, 2] }))).field,
    ).toBe('penaltyFactor');
  });

  it('a zero factor keeps its feature: the least-squares slope of that column alone', async () => {
    const data = await sc.generate('e1', { n: 80, d: 10, Q: 2, sigma: 0.5, seed: 5 });
    const d = data.nCols,
      n = data.nRows;
    const factors = new Float64Array(d).fill(1);
    factors[4] = 0;
    const m = await sc.fit('lasso', { X: data.X, nCols: d, y: data.y, lambda: 1e3, penaltyFactor: factors, tolerance: 1e-12 });
    expect(m.status).toBe('converged');
    const x = Array.from({ length: n }, (_, i) => data.X[i * d + 4]);
    const mx = x.reduce((a, b) => a + b, 0) / n,
      my = data.y.reduce((a, b) => a + b, 0) / n;
    const slope = x.reduce((s, xi, i) => s + (xi - mx) * (data.y[i] - my), 0) / x.reduce((s, xi) => s + (xi - mx) ** 2, 0);
    expect(Math.abs(m.coef[4] - slope)).toBeLessThan(1e-9 * Math.abs(slope));
    expect(Math.abs(m.intercept[0] - (my - slope * mx))).toBeLessThan(1e-9 * Math.max(1, Math.abs(my)));
    for (let j = 0; j < d; j++) if (j !== 4) expect(m.coef[j], `feature ${j}`).toBe(0);
    // The caller's array is as it was; the model records the factors as given.
    expect(factors.length).toBe(d);
    expect(factors[4]).toBe(0);
    expect(m.params.penaltyFactor).toEqual(Array.from(factors));
    // A plain array gives the same fit; all ones, the plain lasso.
    const again = await sc.fit('lasso', {
      X: data.X,
      nCols: d,
      y: data.y,
      lambda: 1e3,
      penaltyFactor: Array.from(factors),
      tolerance: 1e-12,
    });
    expect(Array.from(again.coef)).toEqual(Array.from(m.coef));
    const ones = await sc.fit('lasso', { X: data.X, nCols: d, y: data.y, lambda: 0.05, penaltyFactor: new Array(d).fill(1) });
    const plain = await sc.fit('lasso', { X: data.X, nCols: d, y: data.y, lambda: 0.05 });
    for (let j = 0; j < d; j++) expect(Math.abs(ones.coef[j] - plain.coef[j])).toBeLessThan(1e-10);
  });

  it('malformed factors are refused naming penaltyFactor, and the module stays usable', async () => {
    const X = [
        [1, 2, 0],
        [3, 5, 1],
        [4, 4, 2],
        [6, 1, 0],
        [2, 2, 2],
      ],
      y = [1, 2, 3, 4, 2];
    const cases: [unknown, RegExp][] = [
      [[1, 1], /one entry per feature/],
      [[1, -1, 1], /entry 1/],
      [[1, NaN, 1], /finite/],
      [[0, 0, 0], /positive entry/],
      [['a', 1, 1], /./],
      [1, /array of numbers/],
      [[[0, 1]], /flat array/],
    ];
    for (const [given, message] of cases) {
      const e = await rejected(sc.fit('lasso', { X, y, lambda: 0.1, penaltyFactor: given as number[] }));
      expect(e, JSON.stringify(given)).toBeInstanceOf(SupclustError);
      expect(e.field, JSON.stringify(given)).toBe('penaltyFactor');
      expect(e.message, JSON.stringify(given)).toMatch(message);
    }
    expect((await sc.fit('lasso', { X, y, lambda: 0.1, penaltyFactor: [0, 1, 2] })).status).toBe('converged');
    // One-vs-all squared takes them too (each class's column fitted apart: tests/cpp/methods/penalty_factor_test).
    const ova = await sc.fit('lasso', { X, y: ['a', 'b', 'c', 'a', 'b'], loss: 'ova-squared', lambda: 10, penaltyFactor: [0, 1, 1] });
    expect(ova.status).toBe('converged');
    for (let k = 0; k < 3; k++) expect(ova.coef[1 * 3 + k]).toBe(0); // a huge λ zeroes the penalised features
  });
});
