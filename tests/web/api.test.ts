// The public API in Node: models, prediction, progress, abort, and input validation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';
import { root, variants } from './helpers.js';

async function expectInvalid(p: Promise<unknown>, field: string) {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err, `expected an error naming ${field}`).toBeInstanceOf(SupclustError);
  expect(err.code).toBe('invalid-input');
  expect(err.field).toBe(field);
  expect(err.message).toContain(field);
}

describe.each(variants)('API on the %s build', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc.dispose());

  it('has the package version and lists the methods with their options', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(sc.info.version).toBe(pkg.version);
    expect(sc.info.simd).toBe(true);
    const names = sc.info.methods.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['ridge', 'lsk', 'ihc', 'ihcs', 'oracle']));
    const ihc = sc.info.methods.find((m) => m.name === 'ihc')!;
    expect(ihc.options.find((o) => o.name === 'Q')).toMatchObject({ kind: 'integer', required: true, min: 1 });
    expect(ihc.options.find((o) => o.name === 'init')).toMatchObject({ kind: 'choice', default: 'lsk', choices: ['lsk', 'zero'] });
  });

  it('fits, predicts as X·w + b, and models survive JSON', async () => {
    const data = await sc.generate('e1', { n: 150, seed: 4, nTest: 20 });
    const m = await sc.fit('ihc', { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5 });
    expect(m.groups.length).toBe(100);
    expect(new Set(m.coef).size).toBeLessThanOrEqual(5);
    m.coef.forEach((w, j) => expect(w).toBe(m.centroids[m.groups[j]]));
    // Six starts by default; a warning exactly when one of them reached the returned objective.
    expect(m.starts?.count).toBe(6);
    expect(m.starts!.atBest).toBeGreaterThanOrEqual(1);
    expect(m.warnings).toEqual(m.starts!.atBest === 1 ? [expect.stringMatching(/reached from 1 of 6 starts/)] : []);
    // One start (the paper's IHC): no count of starts, no warning.
    const one = await sc.fit('ihc', { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5, starts: 1, exchange: false });
    expect(one.starts).toBeUndefined();
    expect(one.warnings).toEqual([]);
    const copy = JSON.parse(JSON.stringify(m));
    const yhat = await sc.predict(copy, data.Xtest, 20);
    for (let i = 0; i < 20; i++) {
      let z = m.intercept[0];
      for (let j = 0; j < 100; j++) z += data.Xtest[i * 100 + j] * m.coef[j];
      expect(Math.abs(yhat[i] - z)).toBeLessThan(1e-9 * (1 + Math.abs(z)));
    }
    // Test error close to the noise level (σ = 0.5): the groups were found.
    let mse = 0;
    for (let i = 0; i < 20; i++) mse += (yhat[i] - data.ytest[i]) ** 2 / 20;
    expect(mse).toBeLessThan(1);
  });

  it('generates every paper problem with its defaults', async () => {
    const e5 = await sc.generate('e5', { dataset: 2, seed: 3 });
    expect([e5.nRows, e5.nCols, e5.nValidation, e5.nTest]).toEqual([100, 40, 100, 100]);
    expect(e5.Xvalidation.length).toBe(100 * 40);
    expect(Array.from(e5.coef.slice(0, 10))).toEqual(new Array(10).fill(2.8));
    const e6 = await sc.generate('e6', { n: 200 });
    expect([e6.nCols, e6.X.length]).toEqual([150, 200 * 150]);
    expect(new Set(e6.y)).toEqual(new Set([0, 1]));
    const wave = await sc.generate('waveform', { n: 300 });
    expect(wave.nCols).toBe(40);
    expect(new Set(wave.y)).toEqual(new Set([0, 1, 2]));
    expect(wave.coef.length).toBe(0);
    const e2 = await sc.generate('e2', { n: 50 });
    const values = [...new Set(e2.coef)].sort((a, b) => a - b);
    expect(values.length).toBe(5); // the table's Q; evenly spaced, symmetric, unit norm
    values.forEach((v, q) => expect(v).toBeCloseTo(values[4] * (-1 + q / 2), 12));
    expect(Math.hypot(...e2.coef)).toBeCloseTo(1, 12);
  });

  it('starts from a warm start: a converged model restarts at its own optimum', async () => {
    const g = await sc.generate('e1', { n: 150, d: 30, Q: 3, sigma: 0.5, seed: 4, rho: 0.3 });
    const data = { X: g.X, nRows: g.nRows, nCols: g.nCols, y: g.y };
    const lasso = await sc.fit('lasso', { ...data, lambda: 0.05 });
    const again = await sc.fit('lasso', { ...data, lambda: 0.05, warmStart: lasso });
    expect(again.iterations).toBeLessThan(lasso.iterations);
    again.coef.forEach((c, j) => expect(Math.abs(c - lasso.coef[j])).toBeLessThan(1e-5));
    // IHC from a model of a different λ: a fixed point of the projected gradient stays one.
    const ihc = await sc.fit('ihc', { ...data, Q: 3, lambda: 1e-3 });
    const warm = await sc.fit('ihc', { ...data, Q: 3, lambda: 1e-3, warmStart: ihc });
    expect(warm.objective).toBeLessThanOrEqual(ihc.objective * (1 + 1e-9));
    expect(warm.iterations).toBeLessThanOrEqual(ihc.iterations);
    await expectInvalid(sc.fit('lasso', { ...data, lambda: 0.05, warmStart: { ...lasso, nFeatures: 29 } }), 'warmStart');
    await expectInvalid(sc.generate('e1', { n: 10, rho: 1 }), 'rho');
  });

  it('accepts X as rows of numbers', async () => {
    const X = [
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
    ];
    const m = await sc.fit('ridge', { X, y: [1, 2, 3, 4] });
    // Least squares with intercept through these 4 points is exact: y = 1·x1 + 2·x2 + b? check residual.
    const yhat = await sc.predict(m, X);
    const residual = [1, 2, 3, 4].map((y, i) => y - yhat[i]);
    // Normal equations: residuals orthogonal to each column and to the intercept.
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);
    expect(Math.abs(dot(residual, [1, 1, 1, 1]))).toBeLessThan(1e-12);
    expect(
      Math.abs(
        dot(
          residual,
          X.map((r) => r[0]),
        ),
      ),
    ).toBeLessThan(1e-12);
    expect(
      Math.abs(
        dot(
          residual,
          X.map((r) => r[1]),
        ),
      ),
    ).toBeLessThan(1e-12);
  });

  it('reports progress and stops on abort', async () => {
    const data = await sc.generate('e1', { n: 150, seed: 5 });
    const seen: number[] = [];
    const m = await sc.fit(
      'ihc',
      { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5, init: 'zero' },
      { onProgress: (p) => seen.push(p.objective) },
    );
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0]).toBeGreaterThanOrEqual(m.objective);
    const ctl = new AbortController();
    const err = await sc
      .fit(
        'ihc',
        { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5, init: 'zero' },
        {
          signal: ctl.signal,
          onProgress: (p) => {
            if (p.iteration >= 1) ctl.abort();
          },
        },
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.code).toBe('aborted');
    // An exception thrown by the caller's onProgress comes back as itself, and nothing breaks.
    const before = await sc.fit('ihc', { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5 });
    const boom = await sc
      .fit(
        'ihc',
        { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5 },
        {
          onProgress: () => {
            throw new Error('boom');
          },
        },
      )
      .catch((e) => e);
    expect(boom.message).toBe('boom');
    const again = await sc.fit('ihc', { X: data.X, nRows: 150, nCols: 100, y: data.y, Q: 5 });
    expect(again).toEqual(before);
  });

  it('rejects invalid input naming the field, and the next call still works', async () => {
    const data = await sc.generate('e1', { n: 30, d: 10, Q: 3, seed: 6 });
    const base = { X: data.X, nRows: 30, nCols: 10, y: data.y, Q: 3 };
    const nanX = Float64Array.from(data.X);
    nanX[17] = NaN;
    const infY = Float64Array.from(data.y);
    infY[3] = Infinity;
    await expectInvalid(sc.fit('ihc', { ...base, X: nanX }), 'X');
    // A typed X is checked once, by the library's pass over it: the entry named as row, column.
    const infX = Float64Array.from(data.X);
    infX[17] = -Infinity;
    await expect(sc.fit('ihc', { ...base, X: nanX })).rejects.toMatchObject({
      field: 'X',
      message: 'X: must be finite (row 1, column 7 is NaN)',
    });
    await expect(sc.crossValidate('ihc', { ...base, X: infX }, { grid: { lambda: [1e-3, 1e-2] } })).rejects.toMatchObject({
      field: 'X',
      message: 'X: must be finite (row 1, column 7 is -Infinity)',
    });
    await expectInvalid(sc.fit('ihc', { ...base, y: infY }), 'y');
    await expectInvalid(sc.fit('ihc', { ...base, nCols: 11 }), 'X');
    await expectInvalid(sc.fit('ihc', { ...base, y: data.y.subarray(1) }), 'y');
    await expectInvalid(sc.fit('ihc', { ...base, X: new Float64Array(0) }), 'X');
    await expectInvalid(sc.fit('ihc', { ...base, y: [] }), 'y');
    await expectInvalid(sc.fit('ihc', { ...base, X: [[1, 2], [3]] }), 'X');
    await expectInvalid(sc.fit('ihc', { ...base, Q: 0 }), 'Q');
    await expectInvalid(sc.fit('ihc', { ...base, Q: 2.5 }), 'Q');
    await expectInvalid(sc.fit('ihc', { ...base, Q: undefined }), 'Q');
    await expectInvalid(sc.fit('ihc', { ...base, lambda: -1 }), 'lambda');
    await expectInvalid(sc.fit('ihc', { ...base, lambda: NaN }), 'lambda');
    await expectInvalid(sc.fit('ihc', { ...base, init: 'random' }), 'init');
    await expectInvalid(sc.fit('ihc', { ...base, lamda: 1 }), 'lamda');
    await expectInvalid(sc.fit('ihcs', { ...base, s: 2 }), 's');
    await expectInvalid(sc.fit('oracle', { X: data.X, nRows: 30, nCols: 10, y: data.y, groups: [0, 1] }), 'groups');
    await expectInvalid(sc.fit('nope', base), 'method');
    // suggest() answers in the page, and names the known methods as fit() does.
    expect(() => sc.suggest('nope' as never, base)).toThrow(/^method: unknown method 'nope' \(known: ridge, lasso, .*ihc/);
    await expectInvalid(sc.kmeans1d([1, NaN], 2), 'values');
    await expectInvalid(sc.kmeans1d([], 2), 'values');
    await expectInvalid(sc.kmeans1d([1, 2], 0), 'Q');
    await expectInvalid(sc.projectSparseGroups([1, 2, 3], 1, 2), 's');
    await expectInvalid(sc.proxOwl([1, 2, 3], [1, 2, 0]), 'weights');
    await expectInvalid(sc.proxOwl([1, 2, 3], [1, -1, -2]), 'weights');
    await expectInvalid(sc.proxOwl([1, 2, 3], [1, 1]), 'weights');
    await expectInvalid(sc.generate('e1', { n: 10, d: 3, Q: 4 }), 'Q');
    await expectInvalid(sc.generate('e1', {}), 'n');
    await expectInvalid(sc.generate('e5', { dataset: 3 }), 'dataset');
    await expectInvalid(sc.generate('e6', { task: 'ranking' as any }), 'task');
    await expectInvalid(sc.generate('e7' as any, { n: 10 }), 'name');
    await expectInvalid(sc.predict({ schemaVersion: 1, coef: [1, 2], intercept: [0] } as any, [[1, 2, 3]]), 'X');
    const ok = await sc.fit('ihc', base);
    expect(ok.status).not.toBe('invalid-input');
    expect(ok.coef.length).toBe(10);
  });
});

describe('loading', () => {
  it('picks the threaded build in Node by default and honours threads: false', async () => {
    const a = await load();
    const b = await load({ threads: false });
    expect(a.info.variant).toBe('simd-threaded');
    expect(b.info.variant).toBe('simd');
    a.dispose();
    b.dispose();
    await expect(a.kmeans1d([1, 2], 1)).rejects.toThrow(/disposed/);
  });
  it('caps the threads at a count, with the same answers', async () => {
    const X = Array.from({ length: 60 }, (_, i) => Array.from({ length: 8 }, (_, j) => Math.sin(5 * i + 3 * j)));
    const y = X.map((r) => r[0] - r[5]);
    const cv = (sc: Awaited<ReturnType<typeof load>>) =>
      sc.crossValidate('ihc', { X, y, Q: 2 }, { grid: { lambda: [1, 0.1, 0.01] }, folds: 3 });
    const [whole, one, single] = await Promise.all([load(), load({ variant: 'simd-threaded', threads: 1 }), load({ threads: 1 })]);
    const two = await load({ threads: 2 });
    try {
      expect([whole.info.variant, one.info.variant, single.info.variant, two.info.variant]).toEqual([
        'simd-threaded',
        'simd-threaded',
        'simd',
        'simd-threaded',
      ]);
      expect(one.info.threads).toBe(1); // the cap reached the module
      expect(two.info.threads).toBe(Math.min(2, whole.info.threads));
      const [a, b, c] = await Promise.all([cv(whole), cv(one), cv(single)]);
      expect(b.scores).toEqual(a.scores);
      expect(c.scores).toEqual(a.scores);
    } finally {
      for (const sc of [whole, one, single, two]) sc.dispose();
    }
    for (const bad of [0, 9, 1.5, Number.NaN])
      await expect(load({ threads: bad })).rejects.toMatchObject({ code: 'invalid-input', field: 'threads' });
  });
  it('rejects an unknown variant', async () => {
    await expect(load({ variant: 'fast' as any })).rejects.toMatchObject({ code: 'invalid-input', field: 'variant' });
  });
});
