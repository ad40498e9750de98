// Sparse X (CSR) through the public API: validation naming the field (in TypeScript and, for a
// caller that bypasses it, in the library), nothing lost after a refusal, cross-validation and
// the memory estimate on sparse data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';
import { mismatch, rejected } from './helpers.js';

// A 7 × 5 matrix with an empty row (2) and an empty column (3).
const rows = [
  [1, 0, 2, 0, 0],
  [0, 3, 0, 0, 1],
  [0, 0, 0, 0, 0],
  [4, 0, 0, 0, 5],
  [0, 1, 1, 0, 0],
  [2, 0, 0, 0, 3],
  [0, 0, 6, 0, 1],
];
const csrOf = (m: number[][]) => {
  const indptr = [0],
    indices: number[] = [],
    values: number[] = [];
  for (const r of m) {
    r.forEach((x, j) => {
      if (x !== 0) {
        indices.push(j);
        values.push(x);
      }
    });
    indptr.push(values.length);
  }
  return { indptr, indices, values };
};
const y = [1.5, -0.5, 0.2, 3, 0.7, 1.1, 2.4];

describe('sparse X through the API', () => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant: 'simd' });
  });
  afterAll(() => sc.dispose());

  it('says which methods take sparse input', () => {
    const sparse = Object.fromEntries(sc.info.methods.map((m) => [m.name, m.sparse]));
    for (const name of [
      'ridge',
      'lsk',
      'ihc',
      'ihcs',
      'iht',
      'oracle',
      'lasso',
      'elasticnet',
      'svm',
      'oscar',
      'gflasso',
      'ncfgs',
      'dfg',
      'cg',
      'cgpg',
    ])
      expect(sparse[name], name).toBe(true);
  });

  it('the SVM reads CSR rows as it reads the dense matrix: the same certified optimum, the labels mapped back', async () => {
    const { indptr, indices, values } = csrOf(rows);
    const labels = y.map((v) => (v > y.reduce((a, b) => a + b, 0) / y.length ? 'high' : 'low'));
    const a = await sc.fit('svm', { X: { indptr, indices, values }, nRows: 7, nCols: 5, y: labels, lambda: 0.05, tolerance: 1e-12 });
    const b = await sc.fit('svm', { X: rows, y: labels, lambda: 0.05, tolerance: 1e-12 });
    expect([a.status, b.status]).toEqual(['converged', 'converged']);
    expect(Math.abs(a.objective - b.objective)).toBeLessThan(1e-10 * b.objective);
    expect(await sc.predictClass(a, { indptr, indices, values }, 7, 5)).toEqual(await sc.predictClass(b, rows));
  });

  it('plain arrays and typed arrays give the dense model', async () => {
    const { indptr, indices, values } = csrOf(rows);
    const a = await sc.fit('ridge', { X: { indptr, indices, values }, nRows: 7, nCols: 5, y, lambda: 0.1 });
    const b = await sc.fit('ridge', {
      X: { indptr: Int32Array.from(indptr), indices: Int32Array.from(indices), values: Float64Array.from(values) },
      nRows: 7,
      nCols: 5,
      y,
      lambda: 0.1,
    });
    const c = await sc.fit('ridge', { X: rows, y, lambda: 0.1 });
    expect(mismatch(a.coef, c.coef, 1e-12)).toBe('');
    expect(mismatch(b.coef, c.coef, 1e-12)).toBe('');
    expect(mismatch(a.intercept, c.intercept, 1e-12)).toBe('');
    expect(a.coef[3]).toBe(0); // the empty column: ridge gives it nothing
  });

  it('bad CSR is named by field, and the next call works', async () => {
    const good = csrOf(rows);
    const cases: [Record<string, unknown>, string][] = [
      [{ X: good, nCols: 5 }, 'nRows: is required when X is sparse'],
      [{ X: good, nRows: 7 }, 'nCols: is required when X is sparse'],
      [{ X: { ...good, indptr: good.indptr.slice(1) }, nRows: 7, nCols: 5 }, 'X.indptr: must have 8 entries'],
      [{ X: { ...good, indptr: [1, ...good.indptr.slice(1)] }, nRows: 7, nCols: 5 }, 'X.indptr: must start at 0'],
      [
        { X: { ...good, indptr: good.indptr.map((v, i) => (i === 2 ? 1 : v)) }, nRows: 7, nCols: 5 },
        'X.indptr: must be non-decreasing (entry 2 is 1 after 2)',
      ],
      [
        { X: { ...good, indices: good.indices.map((j, t) => (t === 0 ? 5 : j)) }, nRows: 7, nCols: 5 },
        'X.indices: entry 0 (row 0) is 5, outside the columns 0..4',
      ],
      [
        { X: { ...good, indices: good.indices.map((j, t) => (t === 1 ? 0 : j)) }, nRows: 7, nCols: 5 },
        'X.indices: must be strictly increasing within each row (row 0 has 0 then 0)',
      ],
      [
        { X: { ...good, indices: good.indices.map((j, t) => (t === 0 ? 2 : t === 1 ? 0 : j)) }, nRows: 7, nCols: 5 },
        'X.indices: must be strictly increasing',
      ],
      [{ X: { ...good, indices: [...good.indices, 1] }, nRows: 7, nCols: 5 }, 'X.indices: must have indptr[nRows] = 12 entries (got 13)'],
      [{ X: { ...good, values: good.values.slice(1) }, nRows: 7, nCols: 5 }, 'X.values: must have indptr[nRows] = 12 entries (got 11)'],
      [
        { X: { ...good, values: good.values.map((v, t) => (t === 4 ? NaN : v)) }, nRows: 7, nCols: 5 },
        'X.values: must be finite (entry 4 is NaN)',
      ],
      [
        { X: { ...good, indices: good.indices.map((j, t) => (t === 2 ? 1.5 : j)) }, nRows: 7, nCols: 5 },
        'X.indices: must hold 32-bit integers (entry 2 is 1.5)',
      ],
    ];
    for (const [data, message] of cases) {
      const e = await rejected(sc.fit('ridge', { y, lambda: 0.1, ...data } as never));
      expect(e, message).toBeInstanceOf(SupclustError);
      expect(e.code).toBe('invalid-input');
      expect(e.message.startsWith(message), `${e.message} / ${message}`).toBe(true);
    }
    const m = await sc.fit('ridge', { X: good, nRows: 7, nCols: 5, y, lambda: 0.1 });
    expect(m.status).toBe('converged');
  });

  // Typed arrays' indices and values are not read in TypeScript: the library's one pass over X
  // refuses them, naming the same field, entry, row and column (fit and crossValidate alike).
  it('bad typed CSR is named by the library, and the next call works', async () => {
    const good = csrOf(rows);
    const typed = (indices: number[], values: number[]) => ({
      indptr: Int32Array.from(good.indptr),
      indices: Int32Array.from(indices),
      values: Float64Array.from(values),
    });
    const at = (t: number, v: number) => good.values.map((x, k) => (k === t ? v : x));
    // Entry 4 is row 3's first (rows 0 and 1 hold two each, row 2 none): column 0; entry 5 column 4.
    const cases: [ReturnType<typeof typed>, string][] = [
      [
        typed(
          good.indices.map((j, t) => (t === 0 ? 5 : j)),
          good.values,
        ),
        'X.indices: entry 0 (row 0) is 5, outside the columns 0..4',
      ],
      [
        typed(
          good.indices.map((j, t) => (t === 1 ? 0 : j)),
          good.values,
        ),
        'X.indices: must be strictly increasing within each row (row 0 has 0 then 0)',
      ],
      [typed(good.indices, at(4, NaN)), 'X.values: must be finite (entry 4, row 3, column 0 is NaN)'],
      [typed(good.indices, at(5, -Infinity)), 'X.values: must be finite (entry 5, row 3, column 4 is -Infinity)'],
    ];
    for (const [X, message] of cases) {
      for (const e of [
        await rejected(sc.fit('ridge', { X, nRows: 7, nCols: 5, y, lambda: 0.1 })),
        await rejected(sc.crossValidate('ridge', { X, nRows: 7, nCols: 5, y }, { grid: { lambda: [0.1, 1] }, folds: 2 })),
      ]) {
        expect(e, message).toBeInstanceOf(SupclustError);
        expect(e.code).toBe('invalid-input');
        expect(e.message, message).toBe(message);
      }
    }
    const m = await sc.fit('ridge', { X: typed(good.indices, good.values), nRows: 7, nCols: 5, y, lambda: 0.1 });
    expect(m.status).toBe('converged');
  });

  it('cross-validates on sparse data as on the dense matrix', async () => {
    const X = csrOf(rows.concat(rows, rows));
    const yy = y.concat(
      y.map((v) => v + 0.1),
      y.map((v) => v - 0.2),
    );
    const options = { grid: { lambda: [1, 0.1, 0.01] }, folds: 3, seed: 2 };
    const a = await sc.crossValidate('lasso', { X, nRows: 21, nCols: 5, y: yy }, options);
    const b = await sc.crossValidate('lasso', { X: rows.concat(rows, rows), y: yy }, options);
    expect(a.bestIndex).toBe(b.bestIndex);
    expect(
      mismatch(
        a.grid.map((g) => g.mean),
        b.grid.map((g) => g.mean),
        1e-10,
      ),
    ).toBe('');
    expect(mismatch(a.model.coef, b.model.coef, 1e-10)).toBe('');
  });

  it('estimates memory from the non-zeros: a 10⁶ × 10⁶ design with a few entries is accepted', async () => {
    const n = 1_000_000,
      indptr = new Int32Array(n + 1);
    for (let i = 1; i <= n; i++) indptr[i] = Math.min(i, 4);
    const X = { indptr, indices: Int32Array.from([0, 1, 2, 999_999]), values: Float64Array.from([1, 2, 3, 4]) };
    const yy = new Float64Array(n);
    yy[0] = 1;
    // Dense, the same shape is refused up front (8 TB).
    const e = await rejected(sc.fit('lasso', { X: new Float64Array(4), nRows: n, nCols: n, y: yy, lambda: 0.1 }));
    expect(e.message).toMatch(/^X: /);
    const m = await sc.fit('lasso', { X, nRows: n, nCols: n, y: yy, lambda: 1e-3 });
    expect(m.status).toBe('converged');
    expect(m.coef.length).toBe(n);
  });
});
