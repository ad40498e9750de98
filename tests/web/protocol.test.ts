// One request per call across the boundary, refusals as the library's checks name them, and the
// inputs an outside catalogue found read late or accepted: a call reads its arrays as they were
// when it was made (shared memory too), suggest() answers at any representable scale, holes in
// featureNames and load({ module: null }) are refused, and a fit that would not fit beside the
// held datasets is refused up front.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';
import { variants } from './helpers.js';

async function refusalOf(p: Promise<unknown> | (() => unknown)): Promise<SupclustError> {
  const err = await (typeof p === 'function' ? Promise.resolve().then(p) : p).then(
    () => null,
    (e) => e,
  );
  expect(err, 'expected a SupclustError').toBeInstanceOf(SupclustError);
  expect(err.code, err.message).toBe('invalid-input');
  return err;
}

describe.each(variants)('the protocol on the %s build', (variant) => {
  let sc: Supclust;
  let X: Float64Array, y: Float64Array;
  const n = 40,
    d = 8;
  beforeAll(async () => {
    sc = await load({ variant });
    ({ X, y } = await sc.generate('e1', { n, d, Q: 2, seed: 3 }));
  });
  afterAll(() => sc?.dispose());

  it('refusals carry the field the library named and a message that leads with it', async () => {
    const cases: [() => Promise<unknown>, string][] = [
      [() => sc.fit('ihc', { X, nRows: n, y, Q: 0 }), 'Q'],
      [() => sc.fit('ihc', { X, nRows: n, y: y.map((v, i) => (i === 5 ? NaN : v)), Q: 2 }), 'y'],
      [() => sc.crossValidate('ihc', { X, nRows: n, y, Q: 2 }, { grid: { lambda: [1, -1] } }), 'grid.lambda'],
      [() => sc.crossValidate('ihc', { X, nRows: n, y, Q: 2, maxIterations: -1 }, { grid: { lambda: [1] } }), 'maxIterations'],
      [() => sc.crossValidate('ihc', { X, nRows: n, y, Q: 2 }, { grid: { lambda: [1] }, folds: 41 }), 'folds'],
      [() => sc.kmeans1d([1, 2, 3], 4 * 2 ** 40), 'Q'],
      [() => sc.generate('e1', { n: 10, rho: 1 }), 'rho'],
      [() => sc.experiment('e1-n', { reps: 1, fast: true, shard: { index: 0, count: 1 }, methods: ['Nope'] } as never), 'methods'],
    ];
    for (const [call, field] of cases) {
      const err = await refusalOf(call());
      expect(err.field, err.message).toBe(field);
      expect(err.message.startsWith(`${field}: `), err.message).toBe(true);
    }
  });

  it('a call reads its arrays when it is made, shared memory included', async () => {
    const shared = new Float64Array(new SharedArrayBuffer(X.byteLength));
    shared.set(X);
    const expected = await sc.fit('ridge', { X, nRows: n, y, lambda: 0.1 });
    const running = sc.fit('ridge', { X: shared, nRows: n, y, lambda: 0.1 });
    shared.fill(0); // after the call is made, before it runs (it waits for the worker)
    expect((await running).coef).toEqual(expected.coef);
  });

  it('suggest() scales exactly with the data, up to the largest representable entries, and refuses beyond them naming X', async () => {
    const base = sc.suggest('gem', { X, nRows: n, y }) as Record<string, number>;
    const suggested = sc.info.methods.find((m) => m.name === 'gem')!.options.filter((o) => o.suggested);
    expect(suggested.length).toBeGreaterThan(0);
    let refusals = 0;
    for (const k of [500, -500, 1000]) {
      const s = 2 ** k; // X · 2^k, y unchanged: a weight of degree g scales by 2^(g·k) (exact powers of two)
      const want = Object.fromEntries(suggested.map((o) => [o.name, base[o.name] * 2 ** ((o.degree ?? 1) * k)]));
      const params = { X: X.map((x) => x * s), nRows: n, y };
      if (Object.values(want).every(Number.isFinite)) {
        expect(sc.suggest('gem', params)).toEqual(want);
      } else {
        let err: unknown;
        try {
          sc.suggest('gem', params);
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(SupclustError);
        expect((err as SupclustError).field).toBe('X');
        refusals++;
      }
    }
    expect(refusals).toBe(1); // 2^1000: γ's curvature scale (degree 2) overflows
  });

  it('featureNames with holes are refused, naming the missing entry', async () => {
    const names = Array.from({ length: d }, (_, j) => `x${j}`);
    delete names[3];
    const err = await refusalOf(sc.fit('ridge', { X, nRows: n, y, featureNames: names }));
    expect(err.field).toBe('featureNames');
    expect(err.message).toMatch(/entry 3 is missing/);
    const ok = await sc.fit('ridge', { X, nRows: n, y, featureNames: Array.from({ length: d }, (_, j) => `x${j}`) });
    expect(ok.featureNames?.[3]).toBe('x3');
  });
});

describe('load', () => {
  it('refuses module: null rather than reading it as the default', async () => {
    const err = await refusalOf(load({ module: null } as never));
    expect(err.field).toBe('module');
  });
});

describe('held datasets and the memory pre-check', () => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant: 'simd' });
  });
  afterAll(() => sc?.dispose());

  it('a fit that would not fit beside the held datasets is refused up front, and the module goes on', async () => {
    // Two 720 MB datasets held (1.44 GB of wasm32's 2 GB): a fit on one needs its own copies of X
    // beside them, which the library's estimate counts with what is held.
    const nRows = 90_000,
      nCols = 1000;
    const big = () => {
      const a = new Float64Array(nRows * nCols);
      for (let i = 0; i < a.length; i += 997) a[i] = (i % 7) - 3;
      return a;
    };
    const a = await sc.dataset(big(), nRows, nCols),
      b = await sc.dataset(big(), nRows, nCols);
    const y = Float64Array.from({ length: nRows }, (_, i) => i % 5);
    const err = await refusalOf(sc.fit('ridge', { X: a, y, lambda: 1 }));
    expect(err.field).toBe('X');
    expect(err.message).toMatch(/beside the 1\.\d+ GB the held datasets occupy/);
    b.dispose();
    a.dispose();
    const small = await sc.generate('e1', { n: 30, d: 5, Q: 2, seed: 1 });
    expect((await sc.fit('ridge', { X: small.X, nRows: 30, y: small.y, lambda: 1 })).status).toBe('converged');
  }, 120_000);
});
