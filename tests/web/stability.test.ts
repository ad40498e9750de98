// Stable groups through the API in Node: the frequencies are those of a loop of plain fits on the
// same subsamples (the subsample rule: rows drawn as subsampleRows draws them, recomputed natively
// in tests/cpp/methods/stability_test.cpp; here the planted truth), both builds alike, refusals by field.
import { describe, expect, it } from 'vitest';
import { withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

describe('stability', () => {
  it('finds the planted groups stable, alike on both builds and thread counts', async () => {
    const n = 300,
      d = 24;
    const data = await builds.simd.generate('e1', { n, d, Q: 3, sigma: 0.3, seed: 2 });
    const params = { X: data.X, nRows: n, nCols: d, y: data.y, Q: 3, lambda: 1e-3 };
    const a = await builds.simd.stability('ihc', params, { resamples: 30 });
    const b = await builds.threaded.stability('ihc', params, { resamples: 30, threads: 2 });
    expect(b).toEqual(a);
    expect(a.resamples).toBe(30);
    expect(a.rows).toBe(150);
    expect(a.coGrouping).toHaveLength(d * d);
    for (let i = 0; i < d; i++) {
      expect(a.selection[i]).toBe(1);
      for (let j = i + 1; j < d; j++) expect(a.coGrouping![i * d + j]).toBe(data.coef[i] === data.coef[j] ? 1 : 0);
    }
    // The consensus is the truth's partition; the pairs are those of one true value.
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) expect(a.consensus[i] === a.consensus[j]).toBe(data.coef[i] === data.coef[j]);
    expect(a.pairs.every((p) => p.i < p.j && data.coef[p.i] === data.coef[p.j] && p.frequency === 1)).toBe(true);
  });

  it('reports progress and refuses by field', async () => {
    const sc = builds.simd;
    const data = await sc.generate('e1', { n: 60, d: 10, Q: 2, seed: 1 });
    const base = { X: data.X, nRows: 60, nCols: 10, y: data.y },
      params = { ...base, Q: 2 };
    const seen: number[] = [];
    await sc.stability('ihc', params, { resamples: 4 }, { onProgress: (p) => seen.push(p.done / p.total) });
    expect(seen.at(-1)).toBe(1);
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => [e.code, e.field],
      );
    expect(await refusal(sc.stability('ihc', params, { fraction: 0 }))).toEqual(['invalid-input', 'fraction']);
    expect(await refusal(sc.stability('ihc', params, { resample: 3 } as never))).toEqual(['invalid-input', 'options.resample']);
    expect(await refusal(sc.stability('ihc', params, [] as never))).toEqual(['invalid-input', 'options']);
    expect(await refusal(sc.stability('experts-am', { ...params, Q: 2 }))).toEqual(['invalid-input', 'method']);
    expect((await sc.stability('lasso', { ...base, lambda: 0.01 }, { resamples: 3 })).selection).toHaveLength(10);
  });
});
