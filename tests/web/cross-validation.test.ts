// Cross-validation through the API in Node: same choice on both builds and any thread count,
// progress, abort, validation, and the refit.
import { describe, expect, it } from 'vitest';
import { logGrid, SupclustError } from '../../dist/node/index.js';
import { withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

describe('crossValidate', () => {
  it("reports each point's standard error and the one-standard-error choice, and honours foldId", async () => {
    const sc = builds.simd;
    const data = await sc.generate('e1', { n: 60, d: 20, Q: 3, sigma: 2, seed: 1 });
    const params = { X: data.X, nRows: 60, nCols: 20, y: data.y };
    const r = await sc.crossValidate('ridge', params, { grid: { lambda: logGrid(10, 1e-3, 12) } });
    const best = r.grid[r.bestIndex];
    for (const g of r.grid) expect(g.se).toBeCloseTo(g.std / Math.sqrt(g.scores.length), 14);
    // The largest λ whose mean is within one SE of the minimum, computed here from the grid.
    const within = r.grid.filter((g) => g.mean <= best.mean + best.se).map((g) => g.params.lambda);
    expect(r.best1se).toEqual({ lambda: Math.max(...within) });
    expect(r.best1se!.lambda).toBeGreaterThanOrEqual(r.best.lambda);
    expect(r.grid[r.best1seIndex!].params).toEqual(r.best1se);
    // foldId: two folds, the first 20 rows and the rest; each score is that fold's error.
    const foldId = Array.from({ length: 60 }, (_, i) => (i < 20 ? 0 : 1));
    const byId = await sc.crossValidate('ridge', params, { grid: { lambda: [0.5] }, foldId });
    expect(byId.grid[0].scores).toHaveLength(2);
    const m = await sc.fit('ridge', { X: data.X.subarray(20 * 20), nRows: 40, nCols: 20, y: data.y.subarray(20), lambda: 0.5 });
    const z = await sc.predict(m, data.X.subarray(0, 20 * 20), 20);
    const mse = z.reduce((s, v, i) => s + (v - data.y[i]) ** 2, 0) / 20;
    expect(byId.grid[0].scores[0]).toBeCloseTo(mse, 10);
    const err = await sc.crossValidate('ridge', params, { grid: { lambda: [0.5] }, foldId: foldId.slice(1) }).catch((e) => e);
    expect([err.code, err.field]).toEqual(['invalid-input', 'foldId']);
    // sc.score: the held fold's score as cross-validation scored it, and the MSE by hand.
    const held = { X: data.X.subarray(0, 20 * 20), nRows: 20 };
    expect(await sc.score(m, held.X, data.y.subarray(0, 20), undefined, 20)).toBeCloseTo(byId.grid[0].scores[0], 12);
    expect(await sc.score(m, held.X, data.y.subarray(0, 20), 'mse', 20)).toBeCloseTo(mse, 10);
    const sst = Array.from(data.y.subarray(0, 20)).reduce((s, v, _, a) => s + (v - a.reduce((t, u) => t + u, 0) / 20) ** 2, 0);
    expect(await sc.score(m, held.X, data.y.subarray(0, 20), 'r2', 20)).toBeCloseTo(1 - (20 * mse) / sst, 10);
  });

  it('scores a classifier of string labels, and refuses by field', async () => {
    const sc = builds.simd;
    const data = await sc.generate('e1', { n: 80, d: 10, Q: 2, sigma: 1, seed: 6, task: 'classification' });
    const y = Array.from(data.y, (t) => (t ? 'yes' : 'no'));
    const m = await sc.fit('lasso', { X: data.X, nRows: 80, nCols: 10, y, loss: 'logistic', lambda: 0.01 });
    const labels = await sc.predictClass(m, data.X, 80);
    const accuracy = labels.filter((l, i) => l === y[i]).length / 80;
    expect(await sc.score(m, data.X, y, 'accuracy', 80)).toBeCloseTo(accuracy, 14);
    expect(await sc.score(m, data.X, y, undefined, 80)).toBeCloseTo(1 - accuracy, 14);
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => [e.code, e.field],
      );
    expect(await refusal(sc.score(m, data.X, y, 'mse', 80))).toEqual(['invalid-input', 'metric']);
    expect(
      await refusal(
        sc.score(
          m,
          data.X,
          y.map((l, i) => (i === 5 ? 'maybe' : l)),
          undefined,
          80,
        ),
      ),
    ).toEqual(['invalid-input', 'y']);
    expect(await refusal(sc.score(m, data.X, y.slice(1), undefined, 80))).toEqual(['invalid-input', 'y']);
    expect(await refusal(sc.score(m, data.X, y.slice(0, 40), undefined, 40, 20))).toEqual(['invalid-input', 'X']);
  });

  it('chooses the same values on both builds and with 1 or 2 threads', async () => {
    const data = await builds.simd.generate('e1', { n: 100, d: 40, Q: 4, sigma: 1, seed: 3 });
    const params = { X: data.X, nRows: 100, nCols: 40, y: data.y, Q: 4 };
    const options = { grid: { lambda: logGrid(10, 1e-4, 6) }, folds: 5, seed: 2 };
    const a = await builds.simd.crossValidate('ihc', params, options);
    const b = await builds.threaded.crossValidate('ihc', params, { ...options, threads: 2 });
    const c = await builds.threaded.crossValidate('ihc', params, { ...options, threads: 1 });
    expect(builds.threaded.info.threads).toBeGreaterThanOrEqual(1);
    expect(a.best).toEqual(b.best);
    expect(b.grid).toEqual(c.grid);
    expect(a.grid.map((g) => g.mean)).toEqual(b.grid.map((g) => g.mean));
    expect(a.metric).toBe('mse');
    expect(a.grid).toHaveLength(6);
    for (const g of a.grid) expect(g.mean).toBeGreaterThanOrEqual(a.grid[a.bestIndex].mean);
    // The model is the refit on all rows at the chosen values.
    const direct = await builds.simd.fit('ihc', { ...params, ...a.best });
    expect(a.model.coef).toEqual(direct.coef);
  });

  it('reports progress, and aborts', async () => {
    const data = await builds.simd.generate('e1', { n: 150, d: 60, Q: 4, sigma: 1, seed: 4 });
    const params = { X: data.X, nRows: 150, nCols: 60, y: data.y, Q: 4 };
    const seen: number[] = [];
    const r = await builds.threaded.crossValidate(
      'ihc',
      params,
      { grid: { lambda: logGrid(1, 1e-3, 8) } },
      { onProgress: (p) => seen.push(p.done / p.total) },
    );
    expect(r.grid).toHaveLength(8);
    expect(seen.at(-1)).toBe(1);
    const ctl = new AbortController();
    const err = await builds.threaded
      .crossValidate(
        'ihc',
        params,
        { grid: { lambda: logGrid(1, 1e-3, 40) } },
        {
          signal: ctl.signal,
          onProgress: (p) => {
            if (p.done >= 1) ctl.abort();
          },
        },
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.code).toBe('aborted');
    const after = await builds.threaded.fit('ihc', params);
    expect(after.status).not.toBe('invalid-input');
  });

  it('rejects bad grids and options naming the field', async () => {
    const data = await builds.simd.generate('e1', { n: 30, d: 10, Q: 3, seed: 5 });
    const params = { X: data.X, nRows: 30, nCols: 10, y: data.y, Q: 3 };
    const cases: [unknown, string][] = [
      [{ grid: {} }, 'grid'],
      [{ grid: { lambda: [1, NaN] } }, 'grid.lambda'],
      [{ grid: { lambda: [-1] } }, 'grid.lambda'],
      [{ grid: { init: [1] } }, 'grid'],
      [{ grid: { lambda: [1] }, folds: 1 }, 'folds'],
      [{ grid: { lambda: [1] }, folds: 31 }, 'folds'],
      [{ grid: { lambda: [1] }, metric: 'error' }, 'metric'],
      [{ grid: { lambda: [1] }, chunk: 0 }, 'chunk'],
    ];
    for (const [options, field] of cases) {
      const err = await builds.simd.crossValidate('ihc', params, options as any).catch((e) => e);
      expect(err, JSON.stringify(options)).toBeInstanceOf(SupclustError);
      expect(err.code).toBe('invalid-input');
      expect(err.field, JSON.stringify(options)).toBe(field);
    }
  });

  it('logGrid spans its ends on a log scale', () => {
    const g = logGrid(100, 1e-2, 5);
    expect(g).toEqual([100, 10, 1, 0.1, 0.01].map((x, i) => (i === 4 ? 0.01 : expect.closeTo(x, 12))));
    expect(() => logGrid(0, 1, 3)).toThrow(SupclustError);
  });

  it("logGrid's exp and log (the same bits in every engine) are within one ulp of V8's", async () => {
    const { exp, log } = await import('../../dist/grid.js');
    const ulp = (x: number) => {
      const b = new DataView(new ArrayBuffer(8));
      b.setFloat64(0, Math.abs(x));
      b.setBigUint64(0, b.getBigUint64(0) + 1n);
      return b.getFloat64(0) - Math.abs(x);
    };
    let seed = 1;
    const uniform = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let worst = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = (uniform() - 0.5) * 1400,
        y = Math.exp((uniform() - 0.5) * 1400),
        near1 = 0.7 + 0.7 * uniform();
      worst = Math.max(worst, Math.abs(exp(x) - Math.exp(x)) / ulp(Math.exp(x)));
      for (const z of [y, near1]) if (Math.log(z) !== 0) worst = Math.max(worst, Math.abs(log(z) - Math.log(z)) / ulp(Math.log(z)));
    }
    expect(worst).toBeLessThanOrEqual(1);
    expect([exp(0), log(1), exp(-Infinity), exp(710), log(0), log(-1), log(Number.MIN_VALUE)]).toEqual([
      1,
      0,
      0,
      Infinity,
      -Infinity,
      NaN,
      Math.log(Number.MIN_VALUE),
    ]);
  });
});
