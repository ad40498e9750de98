// What is posted to the worker: each typed array copied to its own buffer and transferred
// (forPosting), the caller's arrays untouched; and views of larger buffers answer as the same
// values in arrays of their own.
import { describe, expect, it } from 'vitest';
import { forPosting } from '../../dist/posting.js';
import { variants, withBothBuilds } from './helpers.js';

describe('forPosting', () => {
  it('copies every typed array to a buffer of its own, transfers those, and leaves the request it was given alone', () => {
    const big = Float64Array.from({ length: 1000 }, (_, i) => i / 7);
    const view = big.subarray(10, 30);
    const whole = Float64Array.of(1, 2, 3);
    const request = { op: 'fit', X: view, y: whole, options: { groups: new Int32Array(big.buffer, 8, 4), Q: 3 }, list: [view] };
    const { request: out, transfer } = forPosting(request);
    expect(out).not.toBe(request);
    expect(request.X).toBe(view);  // the caller's object is unchanged
    expect(out.X).toBeInstanceOf(Float64Array);
    expect(out.X.buffer.byteLength).toBe(20 * 8);
    expect(out.X.byteOffset).toBe(0);
    expect(Array.from(out.X)).toEqual(Array.from(view));
    expect(out.y).not.toBe(whole);
    expect(Array.from(out.y)).toEqual([1, 2, 3]);
    expect(out.options.groups).toBeInstanceOf(Int32Array);
    expect(out.options.groups.buffer.byteLength).toBe(16);
    expect(Array.from(out.options.groups)).toEqual(Array.from(new Int32Array(big.buffer, 8, 4)));
    expect(out.options.Q).toBe(3);
    expect(out.list[0]).not.toBe(view);
    expect(Array.from(out.list[0])).toEqual(Array.from(view));
    expect(transfer).toEqual([out.X.buffer, out.y.buffer, out.options.groups.buffer, out.list[0].buffer]);
    // Transferring detaches the copies only.
    structuredClone(out, { transfer });
    expect(out.X.length).toBe(0);
    expect(view.length).toBe(20);
    expect(whole.length).toBe(3);
    expect(big.length).toBe(1000);
  });

  it('leaves views of shared memory shared, and a request without arrays as it is', () => {
    const shared = new Float64Array(new SharedArrayBuffer(800));
    const request = { values: shared.subarray(0, 10), Q: 2 };
    const posted = forPosting(request);
    expect(posted.request.values).toBe(request.values);
    expect(posted.transfer).toEqual([]);
    expect(forPosting({ Q: 2, name: 'e1' })).toEqual({ request: { Q: 2, name: 'e1' }, transfer: [] });
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
