// standardize through the public API: declared once for every method; a fit with it equals the
// plain fit on X's columns divided by their standard deviations (computed here by hand), its
// coefficients divided by them in the model's layout; the scale warning; suggest on the
// standardized columns; a value that is not a boolean refused naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';
import { mismatch, rejected } from './helpers.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

// Population standard deviations (1/n) by hand; 1 for a constant column.
function deviations(X: number[][]): number[] {
  const n = X.length;
  return X[0].map((_, j) => {
    const mean = X.reduce((s, r) => s + r[j], 0) / n;
    const sd = Math.sqrt(X.reduce((s, r) => s + (r[j] - mean) ** 2, 0) / n);
    return sd > 0 ? sd : 1;
  });
}

describe('standardize', () => {
  it('every method declares it: a boolean, false by default', () => {
    for (const m of sc.info.methods) {
      const o = m.options.find((x) => x.name === 'standardize');
      expect(o, m.name).toBeDefined();
      expect(o!.kind, m.name).toBe('boolean');
      expect(o!.default, m.name).toBe(false);
    }
  });

  it('ihc and lasso on columns of different units equal the fits on the hand-scaled columns, mapped back', async () => {
    const data = await sc.generate('e1', { n: 60, d: 12, Q: 3, sigma: 0.5, seed: 4 });
    const d = data.nCols;
    const X = Array.from({ length: data.nRows }, (_, i) => Array.from({ length: d }, (_, j) => data.X[i * d + j] * (1 + 7 * (j % 3))));
    const s = deviations(X);
    const scaled = X.map((r) => r.map((x, j) => x / s[j]));
    for (const [method, options] of [
      ['ihc', { Q: 3 }],
      ['lasso', { lambda: 0.05 }],
      ['ihc', { Q: 2, loss: 'ova-squared' }],
    ] as const) {
      const y = 'loss' in options ? Array.from(data.y, (v) => (v > 1 ? 2 : v > -1 ? 1 : 0)) : data.y;
      const a = await sc.fit(method, { X, y, ...options, standardize: true });
      const b = await sc.fit(method, { X: scaled, y, ...options });
      expect(a.params.standardize).toBe(true);
      const K = b.outputs;
      expect(a.outputs).toBe(K);
      // coef[j*K + k] on X's scale: the standardized coefficient over s_j.
      expect(
        mismatch(
          a.coef,
          Array.from(b.coef, (c, t) => c / s[Math.floor(t / K)]),
          1e-9,
        ),
        method,
      ).toBe('');
      expect(mismatch(a.intercept, b.intercept, 1e-9), method).toBe('');
      expect(Array.from(a.groups), method).toEqual(Array.from(b.groups));
      expect(mismatch(a.centroids, b.centroids, 1e-9), method).toBe(''); // the shared weights per standard deviation
      expect(mismatch(await sc.predict(a, X), await sc.predict(b, scaled), 1e-9), method).toBe('');
      expect(a.warnings, method).toEqual([]);
    }
  });

  it('a fit on columns whose scales differ a thousandfold warns, naming the columns and the option', async () => {
    const data = await sc.generate('e1', { n: 50, d: 6, Q: 2, sigma: 0.5, seed: 2 });
    const X = Array.from({ length: 50 }, (_, i) => Array.from({ length: 6 }, (_, j) => data.X[i * 6 + j] * (j === 3 ? 1000 : 1)));
    const plain = await sc.fit('ridge', { X, y: data.y, lambda: 0.1 });
    expect(plain.warnings.length).toBe(1);
    expect(plain.warnings[0]).toMatch(/column 3/);
    expect(plain.warnings[0]).toMatch(/standardize: true/);
    expect((await sc.fit('ridge', { X, y: data.y, lambda: 0.1, standardize: true })).warnings).toEqual([]);
    expect((await sc.fit('ridge', { X: data.X, nCols: 6, y: data.y, lambda: 0.1 })).warnings).toEqual([]);
  });

  it('suggest with standardize reads the standardized columns', async () => {
    const data = await sc.generate('e1', { n: 40, d: 8, Q: 2, sigma: 0.5, seed: 3 });
    const X = Array.from({ length: 40 }, (_, i) => Array.from({ length: 8 }, (_, j) => data.X[i * 8 + j] * 2 ** j * 3));
    const s = deviations(X);
    const scaled = X.map((r) => r.map((x, j) => x / s[j]));
    for (const method of ['gem', 'gflasso', 'oscar'] as const) {
      const a = sc.suggest(method, { X, y: data.y, standardize: true });
      const b = sc.suggest(method, { X: scaled, y: data.y });
      expect(Object.keys(a).length, method).toBeGreaterThan(0);
      for (const k of Object.keys(b))
        expect(mismatch([a[k as keyof typeof a] as number], [b[k as keyof typeof b] as number], 1e-12), `${method}.${k}`).toBe('');
    }
  });

  it('suggest with standardize leaves a column of one value out, as the fit does', async () => {
    // 0.1 · 40 / 40 misses 0.1 in the last bit: divided by its rounding-size deviation the column
    // would count as a unit-variance feature. Its curvature share is 0 and its correlation 0.
    const data = await sc.generate('e1', { n: 40, d: 8, Q: 2, sigma: 0.5, seed: 3 });
    const X = Array.from({ length: 40 }, (_, i) => Array.from({ length: 8 }, (_, j) => (j === 2 ? 0.1 : data.X[i * 8 + j])));
    const s = deviations(X);
    const scaled = X.map((r) => r.map((x, j) => (j === 2 ? x : x / s[j])));
    const a = sc.suggest('gem', { X, y: data.y, standardize: true }),
      b = sc.suggest('gem', { X: scaled, y: data.y });
    for (const k of Object.keys(b))
      expect(mismatch([a[k as keyof typeof a] as number], [b[k as keyof typeof b] as number], 1e-12), k).toBe('');
  });

  it('a standardize that is not a boolean is refused naming it, and the module stays usable', async () => {
    const X = [
        [1, 2],
        [3, 5],
        [4, 4],
        [6, 1],
      ],
      y = [1, 2, 3, 4];
    const e = await rejected(sc.fit('ridge', { X, y, standardize: 1 as unknown as boolean }));
    expect(e).toBeInstanceOf(SupclustError);
    expect(e.field).toBe('standardize');
    expect(() => sc.suggest('gem', { X, y, standardize: 'yes' as unknown as boolean })).toThrow(/standardize/);
    expect((await sc.fit('ridge', { X, y, lambda: 0.1, standardize: true })).status).toBe('converged');
  });
});

describe('rowsOf', () => {
  it("gives predictProba's rows as views, each summing to 1 in the classes' order", async () => {
    const { rowsOf } = await import('../../dist/node/index.js');
    const X = [
        [1, 0],
        [2, 1],
        [0, 3],
        [4, 4],
        [3, 0],
        [1, 5],
      ],
      y = ['a', 'b', 'c', 'a', 'b', 'c'];
    const m = await sc.fit('ridge', { X, y, loss: 'ova-logistic', lambda: 0.1 });
    const p = await sc.predictProba(m, X);
    const rows = rowsOf(p, m.classes!.length);
    expect(rows.length).toBe(6);
    for (const [i, row] of rows.entries()) {
      expect(row.length).toBe(3);
      expect(Math.abs(row.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      expect(row[1]).toBe(p[i * 3 + 1]);
    }
    rows[0][0] = 42; // a view, not a copy
    expect(p[0]).toBe(42);
    expect(() => rowsOf(p, 4)).toThrow(/multiple of 4/);
    expect(() => rowsOf(p, 0)).toThrow(/width/);
  });
});
