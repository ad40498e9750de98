// Typed arrays that view part of a larger buffer: what is posted to the worker is the viewed
// bytes alone (compactViews), and the answers are those of the same values in arrays of their own.
import { describe, expect, it } from 'vitest';
import { compactViews } from '../../dist/compact_views.js';
import { variants, withBothBuilds } from './helpers.js';

describe('compactViews', () => {
  it('copies a partial view down to its own bytes and leaves the request it was given alone', () => {
    const big = Float64Array.from({ length: 1000 }, (_, i) => i / 7);
    const view = big.subarray(10, 30);
    const whole = Float64Array.of(1, 2, 3);
    const request = { op: 'fit', X: view, y: whole, options: { groups: new Int32Array(big.buffer, 8, 4), Q: 3 }, list: [view] };
    const out = compactViews(request);
    expect(out).not.toBe(request);
    expect(request.X).toBe(view);  // the caller's object is unchanged
    expect(out.X).toBeInstanceOf(Float64Array);
    expect(out.X.buffer.byteLength).toBe(20 * 8);
    expect(out.X.byteOffset).toBe(0);
    expect(Array.from(out.X)).toEqual(Array.from(view));
    expect(out.y).toBe(whole);  // a whole buffer is posted as it is
    expect(out.options.groups).toBeInstanceOf(Int32Array);
    expect(out.options.groups.buffer.byteLength).toBe(16);
    expect(Array.from(out.options.groups)).toEqual(Array.from(new Int32Array(big.buffer, 8, 4)));
    expect(out.options.Q).toBe(3);
    expect(out.list[0]).not.toBe(view);
    expect(Array.from(out.list[0])).toEqual(Array.from(view));
  });

  it('keeps views that together cover their buffer, and requests without partial views, as they are', () => {
    const buffer = new Float64Array(8);
    const halves = { a: buffer.subarray(0, 4), b: buffer.subarray(4) };
    expect(compactViews(halves)).toBe(halves);
    const plain = { values: new Float64Array(5), Q: 2 };
    expect(compactViews(plain)).toBe(plain);
  });

  it('leaves views of shared memory shared', () => {
    const shared = new Float64Array(new SharedArrayBuffer(800));
    const request = { values: shared.subarray(0, 10) };
    expect(compactViews(request).values).toBe(request.values);
  });
});

describe('partial views', () => {
  const both = withBothBuilds();

  it.each(variants)('answer as the same values in arrays of their own on the %s build', async (variant) => {
    const sc = variant === 'simd' ? both.simd : both.threaded;
    const data = await sc.generate('e1', { n: 150, seed: 9 });
    // X and y placed at odd offsets inside one larger buffer.
    const pool = new Float64Array(data.X.length + data.y.length + 1000);
    pool.set(data.X, 123);
    pool.set(data.y, 123 + data.X.length + 17);
    const X = pool.subarray(123, 123 + data.X.length);
    const y = pool.subarray(123 + data.X.length + 17, 123 + data.X.length + 17 + data.y.length);
    const fromViews = await sc.fit('ihc', { X, nRows: 150, nCols: 100, y, Q: 5 });
    const fromCopies = await sc.fit('ihc', { X: Float64Array.from(data.X), nRows: 150, nCols: 100, y: Float64Array.from(data.y), Q: 5 });
    expect(Array.from(fromViews.coef)).toEqual(Array.from(fromCopies.coef));
    expect(fromViews.objective).toBe(fromCopies.objective);
    const values = pool.subarray(500, 700);
    const k = await sc.kmeans1d(values, 4);
    const kCopy = await sc.kmeans1d(Float64Array.from(values), 4);
    expect(Array.from(k.labels)).toEqual(Array.from(kCopy.labels));
    expect(k.sse).toBe(kCopy.sse);
    expect(k.sse).toBeGreaterThan(0);
  });
});
