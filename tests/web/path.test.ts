// Regularisation paths through the API in Node: glmnet's sequence from the top computed here,
// points equal to cold fits, a ray of weights, held data, both builds alike, progress, abort and
// refusals by field.
import { describe, expect, it } from 'vitest';
import { SupclustError } from '../../dist/node/index.js';
import { mismatch, withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

/** max_j |Σ_i (x_ij − x̄_j)(y_i − ȳ)| / n, by hand. */
function lassoTop(X: Float64Array, y: ArrayLike<number>, n: number, d: number): number {
  let ybar = 0;
  for (let i = 0; i < n; i++) ybar += y[i] / n;
  let top = 0;
  for (let j = 0; j < d; j++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += X[i * d + j] * (y[i] - ybar); // Σ x̄_j (y_i − ȳ) = 0
    top = Math.max(top, Math.abs(s) / n);
  }
  return top;
}

describe('path', () => {
  it("runs glmnet's sequence from the lasso's top, each point a cold fit's answer", async () => {
    const sc = builds.simd;
    const n = 80,
      d = 30;
    const data = await sc.generate('e1', { n, d, Q: 4, sigma: 0.5, seed: 2 });
    const params = { X: data.X, nRows: n, nCols: d, y: data.y };
    const r = await sc.path('lasso', params);
    const top = lassoTop(data.X, data.y, n, d);
    expect(r.weight).toBe('lambda');
    expect(r.topKind).toBe('exact');
    expect(Math.abs(r.top - top)).toBeLessThan(1e-13 * top);
    expect(r.points[0].lambda).toBe(r.top);
    expect(r.points[0].nonZeros).toBe(0);
    expect(r.points[0].model.coef.every((c) => c === 0)).toBe(true);
    // n > d: the last point of 100 would be 1e-4 × top; the path may stop early (glmnet's rules).
    expect(r.points.length).toBeGreaterThan(5);
    expect(r.points.length === 100 || r.stopped !== '').toBe(true);
    r.points.forEach((p, k) => expect(Math.abs(p.lambda - top * 1e-4 ** (k / 99))).toBeLessThan(1e-12 * top));
    for (const k of [1, 10, r.points.length - 1]) {
      const p = r.points[k];
      const cold = await sc.fit('lasso', { ...params, lambda: p.lambda });
      expect(mismatch(p.model.coef, cold.coef, 1e-6, 1)).toBe('');
      expect(Math.abs(p.model.objective - cold.objective)).toBeLessThan(1e-9 * Math.max(1, cold.objective));
      expect(p.model.params.lambda).toBe(p.lambda);
      // Its model predicts as any model does.
      const z = await sc.predict(p.model, data.X.subarray(0, 3 * d), 3);
      for (let i = 0; i < 3; i++) {
        let s = p.model.intercept[0];
        for (let j = 0; j < d; j++) s += data.X[i * d + j] * p.model.coef[j];
        expect(z[i]).toBeCloseTo(s, 12);
      }
      // The deviance ratio is 1 − RSS/TSS.
      const fitted = await sc.predict(p.model, data.X, n);
      let rss = 0,
        tss = 0,
        ybar = 0;
      for (let i = 0; i < n; i++) ybar += data.y[i] / n;
      for (let i = 0; i < n; i++) (rss += (data.y[i] - fitted[i]) ** 2), (tss += (data.y[i] - ybar) ** 2);
      expect(p.devianceRatio).toBeCloseTo(1 - rss / tss, 10);
    }
  });

  it("moves OSCAR's two weights together, on held data, alike on both builds", async () => {
    const n = 60,
      d = 20;
    const data = await builds.simd.generate('e1', { n, d, Q: 3, sigma: 0.5, seed: 5 });
    const given = { X: data.X, nRows: n, nCols: d, y: data.y, lambda1: 2, lambda2: 0.1 };
    const a = await builds.simd.path('oscar', given, { nLambda: 8 });
    const held = await builds.threaded.dataset(data.X, n, d);
    const b = await builds.threaded.path('oscar', { ...given, X: held, nRows: undefined, nCols: undefined }, { nLambda: 8 });
    held.dispose();
    expect(a.ray).toEqual({ lambda1: 1, lambda2: 0.05 });
    expect(a.topKind).toBe('exact');
    for (const p of a.points) expect(p.params.lambda2).toBe(p.params.lambda1 * 0.05);
    expect(b.points.map((p) => p.model.coef)).toEqual(a.points.map((p) => p.model.coef));
    // Groups: the distinct non-zero values.
    for (const p of a.points) expect(p.groups).toBe(new Set(p.model.coef.filter((c) => c !== 0)).size);
  });

  it('takes a given sequence, reports progress per point, aborts, and refuses by field', async () => {
    const sc = builds.simd;
    const data = await sc.generate('e1', { n: 50, d: 10, Q: 2, sigma: 1, seed: 1 });
    const base = { X: data.X, nRows: 50, nCols: 10, y: data.y },
      params = { ...base, Q: 2 };
    const seen: number[] = [];
    const r = await sc.path('ihc', params, { lambda: [1, 0.1, 0.01], devianceRatioChange: 0 }, { onProgress: (p) => seen.push(p.done) });
    expect(r.points.map((p) => p.lambda)).toEqual([1, 0.1, 0.01]);
    expect(r.topKind).toBe('scale');
    // Points done, from 0 to all three (the worker passes progress on at most every few ms).
    expect([seen[0], seen.at(-1)]).toEqual([0, 3]);
    expect(seen.every((done, k) => k === 0 || done >= seen[k - 1])).toBe(true);
    // A start-dependent method's points are its plain fits.
    const cold = await sc.fit('ihc', { ...params, lambda: 0.1 });
    expect(r.points[1].model.coef).toEqual(cold.coef);
    const controller = new AbortController();
    const aborted = await sc.path('lasso', base, {}, { signal: controller.signal, onProgress: () => controller.abort() }).catch((e) => e);
    expect(aborted).toBeInstanceOf(SupclustError);
    expect(aborted.code).toBe('aborted');
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => [e.code, e.field],
      );
    expect(await refusal(sc.path('lasso', base, { lambda: [0.1, 1] }))).toEqual(['invalid-input', 'lambda']);
    expect(await refusal(sc.path('lasso', base, { lambda: [1, NaN] }))).toEqual(['invalid-input', 'lambda']);
    expect(await refusal(sc.path('lasso', base, { nLambda: 0 }))).toEqual(['invalid-input', 'nLambda']);
    expect(await refusal(sc.path('lasso', base, { nlambda: 10 } as never))).toEqual(['invalid-input', 'options.nlambda']);
    expect(await refusal(sc.path('lasso', base, [] as never))).toEqual(['invalid-input', 'options']);
    expect(await refusal(sc.path('lasso', { ...base, warmStart: r.points[0].model } as never))).toEqual(['invalid-input', 'warmStart']);
    expect(await refusal(sc.path('gflasso', { ...base, lambda2: 1 }))).toEqual(['invalid-input', 'lambda']);
    // The module serves the next call.
    expect((await sc.path('lasso', base, { nLambda: 2 })).points).toHaveLength(2);
  });

  it("runs over Q with the information criterion, each point from IHC's own start and the previous answer", async () => {
    const sc = builds.simd;
    const data = await sc.generate('e1', { n: 150, d: 100, Q: 5, sigma: 0.5, seed: 3 });
    const params = { X: data.X, nRows: 150, nCols: 100, y: data.y, lambda: 1e-3 };
    const r = await sc.path('ihc', params, { over: 'Q', values: [2, 5, 8] });
    expect(r.weight).toBe('Q');
    expect(r.points.map((p) => p.params.Q)).toEqual([2, 5, 8]);
    expect(r.points[r.bestCriterion!].groups).toBe(5);
    expect(r.points[0].model.coef).toEqual((await sc.fit('ihc', { ...params, Q: 2 })).coef);
    // Q = 5: the lower of the fit from IHC's own start and the one from the Q = 2 answer.
    const own = await sc.fit('ihc', { ...params, Q: 5, starts: 1 });
    const fromPrevious = await sc.fit('ihc', { ...params, Q: 5, warmStart: r.points[0].model });
    const five = fromPrevious.objective < own.objective ? fromPrevious : own;
    expect(r.points[1].model.coef).toEqual(five.coef);
    // EBIC by hand: n log(RSS/n) + groups · log n + 2 log S(d, groups) (every coefficient non-zero;
    // S, the partitions of d features into that many groups, by its recurrence).
    const z = await sc.predict(five, data.X, 150);
    let rss = 0;
    for (let i = 0; i < 150; i++) rss += (data.y[i] - z[i]) ** 2;
    const G = r.points[1].groups,
      S = [1, ...new Array(G).fill(0)];
    for (let m = 1; m <= 100; m++) {
      for (let j = Math.min(m, G); j >= 1; j--) S[j] = j * S[j] + S[j - 1];
      S[0] = 0;
    }
    expect(r.points[1].nonZeros).toBe(100);
    expect(r.points[1].criterion! / (150 * Math.log(rss / 150) + G * Math.log(150) + 2 * Math.log(S[G]))).toBeCloseTo(1, 10);
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => [e.code, e.field],
      );
    expect(await refusal(sc.path('ihc', params, { over: 'Q', values: [3, 2] }))).toEqual(['invalid-input', 'values']);
    expect(await refusal(sc.path('ihc', params, { over: 'lambda' }))).toEqual(['invalid-input', 'over']);
    expect(await refusal(sc.path('ihc', params, { values: [1, 2] }))).toEqual(['invalid-input', 'values']);
  });

  it("cross-validated: each fold's scores those of crossValidate over the same sequence, the 1-SE choice by its rule", async () => {
    const sc = builds.simd;
    const n = 90,
      d = 25;
    const data = await sc.generate('e1', { n, d, Q: 3, sigma: 1, seed: 4, task: 'classification' });
    const params = { X: data.X, nRows: n, nCols: d, y: data.y, loss: 'logistic' as const };
    const r = await sc.path('lasso', params, { nLambda: 15, folds: 3, seed: 5 });
    const cv = r.crossValidation!;
    expect([cv.metric, cv.folds, cv.higherIsBetter]).toEqual(['error', 3, false]);
    // The same folds (stratified by default on both sides), one warm-started chunk per fold.
    const grid = await sc.crossValidate('lasso', params, {
      grid: { lambda: r.points.map((p) => p.lambda) },
      folds: 3,
      seed: 5,
      chunk: r.points.length,
      threads: 1,
    });
    r.points.forEach((p, j) =>
      p.cv!.scores.forEach((score, k) => expect(Math.abs(score - grid.grid[j].scores[k]), `point ${j} fold ${k}`).toBeLessThan(1e-12)),
    );
    expect(cv.best).toBe(grid.bestIndex);
    const best = r.points[cv.best].cv!;
    expect(cv.best1se).toBe(r.points.findIndex((p) => p.cv!.mean <= best.mean + best.se));
    expect(cv.best1se).toBeLessThanOrEqual(cv.best);
    // foldId honoured: the folds given, as crossValidate reads them.
    const foldId = Array.from({ length: n }, (_, i) => (i * 7) % 3);
    const given = await sc.path('lasso', params, { nLambda: 15, foldId, metric: 'deviance' });
    const byGrid = await sc.crossValidate('lasso', params, {
      grid: { lambda: given.points.map((p) => p.lambda) },
      foldId,
      metric: 'deviance',
      chunk: given.points.length,
      threads: 1,
    });
    expect(given.crossValidation!.folds).toBe(3);
    given.points.forEach((p, j) =>
      p.cv!.scores.forEach((score, k) => expect(Math.abs(score - byGrid.grid[j].scores[k])).toBeLessThan(1e-9 * byGrid.grid[j].scores[k])),
    );
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => [e.code, e.field],
      );
    expect(await refusal(sc.path('lasso', params, { folds: 1 }))).toEqual(['invalid-input', 'folds']);
    expect(await refusal(sc.path('lasso', params, { folds: 3, metric: 'r2' }))).toEqual(['invalid-input', 'metric']);
    expect((await sc.path('lasso', params, { nLambda: 3 })).crossValidation).toBeUndefined();
  });
});
