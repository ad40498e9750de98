// What is posted to the worker: each typed array copied to its own buffer and transferred
// (forPosting), large ones into buffers the worker sent back (BufferPool), the caller's arrays
// untouched; and views of larger buffers answer as the same values in arrays of their own.
import { describe, expect, it } from 'vitest';
import { BufferPool, forPosting, ownBuffersOf } from '../../dist/posting.js';
import { load } from '../../dist/node/index.js';
import { variants, withBothBuilds } from './helpers.js';

describe('forPosting', () => {
  it('copies every typed array to a buffer of its own, transfers those, and leaves the request it was given alone', () => {
    const big = Float64Array.from({ length: 1000 }, (_, i) => i / 7);
    const view = big.subarray(10, 30);
    const whole = Float64Array.of(1, 2, 3);
    const request = { op: 'fit', X: view, y: whole, options: { groups: new Int32Array(big.buffer, 8, 4), Q: 3 }, list: [view] };
    const { request: out, transfer } = forPosting(request);
    expect(out).not.toBe(request);
    expect(request.X).toBe(view); // the caller's object is unchanged
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

  it('copies views of shared memory as they are at the call, and leaves a request without arrays as it is', () => {
    const shared = new Float64Array(new SharedArrayBuffer(800)).map((_, i) => i);
    const request = { values: shared.subarray(2, 12), Q: 2 };
    const posted = forPosting(request);
    shared.fill(-1); // a later write does not reach the copy
    expect(Array.from(posted.request.values)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    expect(posted.request.values.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(posted.transfer).toEqual([posted.request.values.buffer]);
    expect(forPosting({ Q: 2, name: 'e1' })).toEqual({ request: { Q: 2, name: 'e1' }, transfer: [] });
  });
});

describe('BufferPool', () => {
  const both = withBothBuilds();

  it('copies large arrays into the smallest spare buffer of their size to twice it, small ones into their own', () => {
    const pool = new BufferPool();
    const big = BufferPool.MIN_BYTES; // bytes
    const spare = [new ArrayBuffer(3 * big), new ArrayBuffer(big + 8), new ArrayBuffer(big / 2)];
    pool.give(spare); // the last is below the size kept
    const X = Float64Array.from({ length: big / 8 }, (_, i) => i * 0.5),
      small = Int32Array.of(4, 5, 6);
    const { request, transfer } = forPosting({ X, small }, pool);
    expect(request.X.buffer).toBe(spare[1]); // big + 8 bytes: fits, and is the smallest that does
    expect(request.X.length).toBe(X.length);
    expect(Array.from(request.X)).toEqual(Array.from(X));
    expect(request.small.buffer.byteLength).toBe(12);
    expect(transfer).toEqual([spare[1], request.small.buffer]);
    // The next copy of the same size: 3 × big is more than twice it, so a new buffer.
    const again = forPosting({ X }, pool);
    expect(again.request.X.buffer).not.toBe(spare[0]);
    expect(again.request.X.buffer.byteLength).toBe(big);
    // Kept up to its limit, the oldest dropped first.
    const limited = new BufferPool(2 * big);
    const [a, b, c] = [new ArrayBuffer(big), new ArrayBuffer(big), new ArrayBuffer(big)];
    limited.give([a, b, c]);
    expect(limited.take(big)).not.toBe(a);
    expect([b, c]).toContain(limited.take(big));
  });

  it.each(variants)(
    'lets a sequence of large calls, each posted in buffers the last ones sent back, answer as a fresh instance on the %s build',
    async (variant) => {
      const sc = variant === 'simd' ? both.simd : both.threaded;
      // X of 160, 120 (a spare 160 KB buffer serves it), 240 and again 160 KB.
      const problems = await Promise.all([200, 150, 300, 200].map((n, k) => sc.generate('e1', { n, seed: 30 + k })));
      const fits = [];
      for (const p of problems) fits.push(await sc.fit('lasso', { X: p.X, nRows: p.nRows, nCols: p.nCols, y: p.y, lambda: 0.05 }));
      const fresh = await load({ variant });
      try {
        for (const [k, p] of problems.entries()) {
          const f = await fresh.fit('lasso', { X: p.X, nRows: p.nRows, nCols: p.nCols, y: p.y, lambda: 0.05 });
          expect(Array.from(fits[k].coef), `problem ${k}`).toEqual(Array.from(f.coef));
          expect(Array.from(fits[k].intercept)).toEqual(Array.from(f.intercept));
        }
      } finally {
        fresh.dispose();
      }
      expect(problems[0].X.length * 8).toBeGreaterThanOrEqual(BufferPool.MIN_BYTES); // large enough to be pooled
    },
  );

  it('finds the unshared buffers a message views, each once', () => {
    const x = new Float64Array(8),
      shared = new Float64Array(new SharedArrayBuffer(64));
    const found = ownBuffersOf({ a: x, b: x.subarray(2), c: [x, { d: new Int32Array(4) }], s: shared, n: 3 });
    expect(found.size).toBe(2);
    expect(found.has(x.buffer)).toBe(true);
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
