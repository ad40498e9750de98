// experiment() through the API: both builds give the same table; validation.
import { describe, expect, it } from 'vitest';
import { SupclustError } from '../../dist/node/index.js';
import { withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

describe('experiment', () => {
  it('lists the tables and runs one the same way on both builds', async () => {
    const ids = builds.simd.info.experiments.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['e1-n', 'e1-sigma']));
    const options = { reps: 2, fast: true, methods: ['Oracle', 'IHC'] };
    const seen: number[] = [];
    const a = await builds.simd.experiment('e1-n', options);
    const b = await builds.threaded.experiment('e1-n', options, { onProgress: (p) => seen.push(p.done) });
    expect(a.rows.map((r) => r.method)).toEqual(['Oracle', 'IHC']);
    expect(a.columns).toEqual([50, 75, 100, 125, 150]);
    expect(a.rows.map((r) => r.cells.map((c) => c.values))).toEqual(b.rows.map((r) => r.cells.map((c) => c.values)));
    expect(a.rows[1].paper).toHaveLength(a.columns.length);
    expect(seen.at(-1)).toBe(10);
  });

  it('rejects unknown tables and rows naming the field', async () => {
    const bad = async (p: Promise<unknown>, field: string) => {
      const e = await p.catch((x) => x);
      expect(e).toBeInstanceOf(SupclustError);
      expect(e.field).toBe(field);
    };
    await bad(builds.simd.experiment('e9'), 'id');
    await bad(builds.simd.experiment('e1-n', { methods: ['Nope'] }), 'methods');
    await bad(builds.simd.experiment('e1-n', { reps: 0 }), 'reps');
    await bad(builds.simd.experiment('movies'), 'data');
    await bad(builds.simd.experiment('e1-n', { data: { X: [[1]], y: [1] } }), 'data');
    await bad(
      builds.simd.experiment('movies', {
        data: {
          X: [
            [1, 2],
            [3, NaN],
          ],
          y: [1, 2],
        },
      }),
      'data.X',
    ); // named within data
    // The module is still usable after the refusals.
    expect((await builds.simd.experiment('e1-n', { reps: 1, fast: true, methods: ['Oracle'] })).rows).toHaveLength(1);
  });

  it('runs a real-data table on supplied rows: LS test MSE ≈ σ²(1 + d/n_train)', async () => {
    // y = X w + N(0, σ²) with σ = 0.1, d = 10 and 400 rows: least squares on the 320 training
    // rows has an expected test MSE of about σ²(1 + d/(n − d − 1)) ≈ 0.0103, × 100 in the table.
    const g = await builds.simd.generate('e1', { n: 400, d: 10, Q: 2, sigma: 0.1, seed: 3 });
    const data = { X: g.X, y: g.y, nRows: g.nRows, nCols: g.nCols };
    const options = { reps: 2, fast: true, methods: ['LS', 'Lasso'], data };
    const a = await builds.simd.experiment('movies', options);
    const b = await builds.threaded.experiment('movies', { ...options, threads: 2 });
    expect(a.metric).toBe('test-mse');
    expect(a.scale).toBe(100);
    expect(a.columns).toEqual([0.2]);
    expect(a.rows.map((r) => r.cells[0].values)).toEqual(b.rows.map((r) => r.cells[0].values));
    for (const v of a.rows[0].cells[0].values) {
      expect(v).toBeGreaterThan(0.7);
      expect(v).toBeLessThan(1.5);
    }
  });

  it('runs the MAE table on CSR rows as on the dense matrix: Ridge test MAE ≈ σ·√(2/π)·√(1 + d/n_train)', async () => {
    // As above; the absolute error of N(0, s²) has mean s·√(2/π): about 0.081 × 100 here.
    const g = await builds.simd.generate('e1', { n: 400, d: 10, Q: 2, sigma: 0.1, seed: 4 });
    const indptr = Int32Array.from({ length: g.nRows + 1 }, (_, i) => i * g.nCols);
    const indices = Int32Array.from({ length: g.nRows * g.nCols }, (_, t) => t % g.nCols);
    const options = { reps: 2, fast: true, methods: ['Ridge', 'Lasso'] };
    const dense = await builds.simd.experiment('movies-mae', { ...options, data: { X: g.X, y: g.y, nRows: g.nRows, nCols: g.nCols } });
    const sparse = await builds.threaded.experiment('movies-mae', {
      ...options,
      threads: 2,
      data: { X: { indptr, indices, values: g.X }, y: g.y, nRows: g.nRows, nCols: g.nCols },
    });
    expect(dense.metric).toBe('test-mae');
    for (const [r, row] of dense.rows.entries())
      for (const [k, v] of row.cells[0].values.entries()) expect(sparse.rows[r].cells[0].values[k]).toBeCloseTo(v, 9);
    const ridge = dense.rows.find((r) => r.method === 'Ridge')!; // rows come in the table's order
    for (const v of ridge.cells[0].values) {
      expect(v).toBeGreaterThan(6);
      expect(v).toBeLessThan(10.5);
    }
  });
});
