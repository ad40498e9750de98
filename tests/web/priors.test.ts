// GEM and LEM through the API in Node, both builds: the hidden variables of the paper's
// artificial data found (groups equal the generator's, centres ascending), LEM's exact ties,
// the paper's algorithm beside ours, bad options named with the module still usable, and the
// E6 tables' value-major metric columns.
import { describe, expect, it } from 'vitest';
import { SupclustError } from '../../dist/node/index.js';
import { mismatch, withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

describe('gem and lem', () => {
  it('find the three hidden variables of E6 and agree across builds', async () => {
    const data = await builds.simd.generate('e6', { n: 400, task: 'regression', sigma: 0.5, seed: 4 });
    const params = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, gamma: 100 };
    for (const method of ['gem', 'lem'] as const) {
      const a = await builds.simd.fit(method, params), b = await builds.threaded.fit(method, params);
      expect(a.status).toBe('converged');
      // The generator's groups are 0, 1, 2 in ascending order of value, as the fit's centres.
      expect(Array.from(a.groups)).toEqual(Array.from(data.groups));
      expect(a.centroids.length).toBe(3);
      expect(a.centroids[0]).toBeLessThan(a.centroids[1]);
      expect(mismatch(a.coef, b.coef, 1e-7, Math.max(...a.coef.map(Math.abs)))).toBe('');
      if (method === 'lem') expect(a.coef.every((w, j) => w === a.centroids[a.groups[j]])).toBe(true);
    }
  });

  it('run the paper\'s algorithm too, its objective never increasing', async () => {
    const data = await builds.simd.generate('e6', { n: 100, task: 'classification', seed: 2 });
    const params = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, loss: 'logistic' as const, gamma: 0.1, lambda: 1e-3 };
    const ours = await builds.simd.fit('gem', params), paper = await builds.simd.fit('gem', { ...params, algorithm: 'paper' });
    expect(ours.status).toBe('converged');
    for (const m of [ours, paper]) for (let k = 1; k < m.history.length; k++) expect(m.history[k]).toBeLessThanOrEqual(m.history[k - 1]);
    expect(paper.centroids.length).toBeLessThanOrEqual(3);
  });

  it('name bad options and stay usable', async () => {
    const data = await builds.simd.generate('e6', { n: 40, task: 'regression', seed: 1 });
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
    for (const [extra, field] of [[{ centres: 0 }, /centres/], [{ gamma: -1 }, /gamma/], [{ loss: 'logistic' }, /^y/],
      [{ algorithm: 'lloyd' }, /algorithm/]] as const) {
      const err = await builds.simd.fit('lem', { ...base, ...extra } as never).catch((e) => e);
      expect(err).toBeInstanceOf(SupclustError);
      expect(err.message).toMatch(field);
    }
    expect((await builds.simd.fit('gem', { ...base, gamma: 1 })).status).toBe('converged');
  });
});

describe('E6 tables', () => {
  it('report every metric for each training fraction, value-major', async () => {
    const t = await builds.threaded.experiment('e6-classification', { reps: 1, fast: true, methods: ['GEM', 'reference'] });
    expect(t.column).toBe('train fraction');
    expect(t.columnLabels.slice(0, 2)).toEqual(['train fraction = 0.01 accuracy', 'train fraction = 0.01 auc']);
    expect(t.columns.length).toBe(12);
    expect(t.columns.slice(0, 4)).toEqual([0.01, 0.01, 0.02, 0.02]);
    for (const row of t.rows) {
      expect(row.cells.length).toBe(12);
      for (const c of row.cells) expect(c.mean > 0.5 && c.mean <= 1).toBe(true);
    }
  });
});
