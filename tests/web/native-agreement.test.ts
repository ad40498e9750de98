// The wasm builds, through the public TypeScript API, give the native library's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type Supclust } from '../../dist/node/index.js';
import { mismatch, nativeAnswers, variants } from './helpers.js';

const answers = nativeAnswers();

describe.each(variants)('%s build agrees with native to 1e-10', (variant) => {
  let sc: Supclust;
  beforeAll(async () => { sc = await load({ variant }); });
  afterAll(() => sc.dispose());

  it('reports its variant', () => {
    expect(sc.info.variant).toBe(variant);
    expect(sc.info.threads).toBeGreaterThanOrEqual(1);
    if (variant === 'simd') expect(sc.info.threads).toBe(1);
  });

  for (const prob of answers.problems) {
    it(`seed ${prob.seed}, n = ${prob.n}: generator, kernels and every method`, async () => {
      const data = await sc.generate('e1', { n: prob.n, d: 100, Q: 5, sigma: 0.5, seed: prob.seed });
      expect(mismatch(data.y, prob.y, 0)).toBe('');  // the generator is bit-identical

      const km = await sc.kmeans1d(data.y, 4);
      expect(mismatch([km.sse], [prob.kmeans.sse])).toBe('');
      expect(Array.from(km.labels)).toEqual(prob.kmeans.labels);
      expect(mismatch(km.centroids, prob.kmeans.centroids)).toBe('');
      const sg = await sc.projectSparseGroups(data.y, 20, 3);
      expect(mismatch(sg.values, prob.sparse.values)).toBe('');

      const options = [
        { lambda: 0.1 }, { Q: 5 }, { Q: 5, refit: true, lambda: 0.01 }, { Q: 5 },
        { Q: 5, lambda: 0.01, init: 'zero' }, { Q: 4, s: 50 }, { groups: data.groups },
      ];
      for (const [c, expected] of prob.fits.entries()) {
        const m = await sc.fit(expected.method, { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...options[c] });
        const scale = Math.max(...expected.coef.map(Math.abs));
        expect(m.status, expected.method).toBe(expected.status);
        expect(m.iterations, expected.method).toBe(expected.iterations);
        expect(m.groups, expected.method).toEqual(expected.groups);
        expect(mismatch(m.coef, expected.coef, 1e-10, scale), expected.method).toBe('');
        expect(mismatch(m.intercept, [expected.intercept], 1e-10, scale), expected.method).toBe('');
        expect(mismatch([m.objective], [expected.objective]), expected.method).toBe('');
      }
    });
  }
});
