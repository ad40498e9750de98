// Cross-validation through the API in Node: same choice on both builds and any thread count,
// progress, abort, validation, and the refit.
import { describe, expect, it } from 'vitest';
import { logGrid, SupclustError } from '../../dist/node/index.js';
import { withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

describe('crossValidate', () => {
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
    const r = await builds.threaded.crossValidate('ihc', params, { grid: { lambda: logGrid(1, 1e-3, 8) } },
      { onProgress: (p) => seen.push(p.done / p.total) });
    expect(r.grid).toHaveLength(8);
    expect(seen.at(-1)).toBe(1);
    const ctl = new AbortController();
    const err = await builds.threaded.crossValidate('ihc', params, { grid: { lambda: logGrid(1, 1e-3, 40) } },
      { signal: ctl.signal, onProgress: (p) => { if (p.done >= 1) ctl.abort(); } }).catch((e) => e);
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
});
