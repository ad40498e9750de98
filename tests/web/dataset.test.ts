// Datasets held by the module (sc.dataset()): every call that names one answers exactly as the
// same call on the arrays (both builds, dense and CSR), the caller's later changes to its arrays
// never reach it, it survives an aborted call and a switch to a larger module (sent again), and a
// disposed, foreign or mis-sized dataset is refused naming its field with the module still usable.
import { describe, expect, it } from 'vitest';
import { load, SupclustError, type Dataset, type Supclust } from '../../dist/node/index.js';
import { variants } from './helpers.js';

const n = 80,
  d = 30;
// A design with a zero in most rows' entries, so that CSR and dense hold the same matrix.
const dense = Float64Array.from({ length: n * d }, (_, t) => ((t * 7919) % 13 < 5 ? 0 : Math.sin(0.37 * t) + ((t * 31) % 7) / 7));
const csr = (() => {
  const indptr = [0],
    indices: number[] = [],
    values: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) if (dense[i * d + j] !== 0) indices.push(j), values.push(dense[i * d + j]);
    indptr.push(indices.length);
  }
  return { indptr: Int32Array.from(indptr), indices: Int32Array.from(indices), values: Float64Array.from(values) };
})();
const w = Float64Array.from({ length: d }, (_, j) => (j < 10 ? 1 : j < 20 ? -1 : 0));
const y = Float64Array.from({ length: n }, (_, i) => {
  let s = 0;
  for (let j = 0; j < d; j++) s += dense[i * d + j] * w[j];
  return s + 0.1 * Math.cos(3 * i);
});
const labels = Array.from(y, (v) => (v > 0 ? 'up' : 'down'));

async function refusal(p: Promise<unknown>): Promise<SupclustError> {
  const e = await p.then(
    () => undefined,
    (err) => err,
  );
  expect(e).toBeInstanceOf(SupclustError);
  return e as SupclustError;
}

describe.each(variants)('datasets (%s)', (variant) => {
  let sc: Supclust;

  it('answer every call as the arrays do, dense and CSR', async () => {
    sc = await load({ variant });
    for (const [X, sizes] of [
      [dense, { nRows: n, nCols: d }],
      [csr, { nRows: n, nCols: d }],
    ] as const) {
      const held = await sc.dataset(X, sizes.nRows, sizes.nCols);
      expect([held.nRows, held.nCols, held.sparse]).toEqual([n, d, X === csr]);
      const given = { X, ...sizes };
      for (const [method, options] of [
        ['lasso', { lambda: 0.05 }],
        ['ihc', { Q: 3 }],
        ['oscar', { lambda1: 0.01, lambda2: 0.001 }],
      ] as const) {
        const a = await sc.fit(method, { ...given, y, ...options } as never),
          b = await sc.fit(method, { X: held, y, ...options } as never);
        expect(b.coef).toEqual(a.coef);
        expect(b.intercept).toEqual(a.intercept);
        expect(b.objective).toBe(a.objective);
        expect(await sc.predict(b, held)).toEqual(await sc.predict(a, X as never, n, d));
      }
      const la = await sc.fit('lasso', { ...given, y: labels, loss: 'logistic', lambda: 0.01 }),
        lb = await sc.fit('lasso', { X: held, y: labels, loss: 'logistic', lambda: 0.01 });
      expect(lb.coef).toEqual(la.coef);
      expect(await sc.predictClass(lb, held)).toEqual(await sc.predictClass(la, X as never, n, d));
      expect(await sc.predictProba(lb, held)).toEqual(await sc.predictProba(la, X as never, n, d));
      expect(sc.suggest('lasso', { X: held, y })).toEqual(sc.suggest('lasso', { ...given, y }));
      const grid = { grid: { lambda: [0.3, 0.1, 0.03] }, folds: 4, seed: 3 };
      const ca = await sc.crossValidate('lasso', { ...given, y }, grid),
        cb = await sc.crossValidate('lasso', { X: held, y }, grid);
      expect(cb.grid).toEqual(ca.grid);
      expect(cb.model.coef).toEqual(ca.model.coef);
      held.dispose();
    }
  });

  it("keep their own copy: a later change to the caller's arrays does not reach them", async () => {
    // Typed arrays (passed through validation), plain arrays and rows (validated into new ones),
    // CSR arrays: each changed after the dataset is made.
    const flat = dense.slice(),
      plain = Array.from(dense),
      rows = Array.from({ length: n }, (_, i) => Array.from(dense.subarray(i * d, (i + 1) * d)));
    const sparse = { indptr: csr.indptr.slice(), indices: csr.indices.slice(), values: csr.values.slice() };
    const cases: [string, () => void, Parameters<typeof sc.dataset>][] = [
      ['Float64Array', () => flat.fill(0), [flat, n, d]],
      ['number[]', () => plain.fill(0), [plain, n, d]],
      ['rows', () => rows.forEach((r) => r.fill(0)), [rows]],
      [
        'CSR',
        () => {
          sparse.values.fill(0);
          sparse.indices.reverse();
          sparse.indptr.fill(0);
        },
        [sparse, n, d],
      ],
    ];
    for (const [label, change, args] of cases) {
      const held = await sc.dataset(...args);
      const before = await sc.fit('lasso', { X: held, y, lambda: 0.05 });
      const predicted = await sc.predict(before, held); // the module's copy
      change();
      const after = await sc.fit('lasso', { X: held, y, lambda: 0.05 });
      expect(after.coef, label).toEqual(before.coef);
      expect(await sc.predict(before, held), label).toEqual(predicted);
      expect(
        before.coef.some((c) => c !== 0),
        label,
      ).toBe(true);
      held.dispose();
    }
  });

  it('are sent again to the module that replaces an aborted one, and to a larger module', async () => {
    const held = await sc.dataset(dense, n, d);
    const first = await sc.fit('ihc', { X: held, y, Q: 3 });
    const ctl = new AbortController();
    const aborted = await refusal(
      sc.fit(
        'ihc',
        { X: held, y, Q: 3, init: 'zero' },
        {
          signal: ctl.signal,
          onProgress: (p) => {
            if (p.iteration >= 1) ctl.abort();
          },
        },
      ),
    );
    expect(aborted.code).toBe('aborted');
    expect((await sc.fit('ihc', { X: held, y, Q: 3 })).coef).toEqual(first.coef);
    // gem lives in the library module: the worker is replaced, the dataset sent to the new one.
    const gemArrays = await sc.fit('gem', { X: dense, nRows: n, nCols: d, y, gamma: 1 });
    const other = await sc.dataset(dense, n, d);
    expect((await sc.fit('gem', { X: other, y, gamma: 1 })).coef).toEqual(gemArrays.coef);
    expect((await sc.fit('gem', { X: held, y, gamma: 1 })).coef).toEqual(gemArrays.coef);
    held.dispose();
    other.dispose();
  });

  it('refuse what they cannot be, naming the field, and the instance goes on', async () => {
    const held = await sc.dataset(dense, n, d);
    expect(Object.keys(held)).toEqual(['nRows', 'nCols', 'sparse']); // what Dataset documents, frozen
    expect(Object.isFrozen(held)).toBe(true);
    expect((await refusal(sc.fit('lasso', { X: held, nRows: n + 1, y, lambda: 0.1 }))).field).toBe('nRows');
    expect((await refusal(sc.fit('lasso', { X: held, nCols: d - 1, y, lambda: 0.1 }))).field).toBe('nCols');
    expect((await refusal(sc.fit('lasso', { X: held, y: y.subarray(1), lambda: 0.1 }))).field).toBe('y');
    expect((await refusal(sc.dataset(held as never))).field).toBe('X');
    const bad = dense.slice();
    bad[17] = NaN;
    expect((await refusal(sc.dataset(bad, n, d))).field).toBe('X');
    expect((await refusal(sc.dataset(dense, n + 1, d))).field).toBe('X');
    const sparse = await sc.dataset(csr, n, d);
    expect((await refusal(sc.fit('experts-am', { X: sparse, y, Q: 2 }))).field).toBe('X'); // a dense-only method
    sparse.dispose();
    held.dispose();
    held.dispose(); // twice: nothing more
    const gone = await refusal(sc.fit('lasso', { X: held, y, lambda: 0.1 }));
    expect([gone.field, gone.message]).toEqual(['X', 'X: the dataset was disposed']);
    await expect(
      sc.predict({ ...(await sc.fit('lasso', { X: dense, nRows: n, nCols: d, y, lambda: 0.1 })) }, held as Dataset),
    ).rejects.toThrow(/disposed/);
    const other = await load({ variant });
    const foreign = await other.dataset(dense, n, d);
    expect((await refusal(sc.fit('lasso', { X: foreign, y, lambda: 0.1 }))).field).toBe('X');
    other.dispose();
    expect((await sc.fit('lasso', { X: dense, nRows: n, nCols: d, y, lambda: 0.1 })).status).toBe('converged');
    sc.dispose();
  });
});
