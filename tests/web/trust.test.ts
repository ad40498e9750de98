// The API's contract at its edges (issue: trustworthy API), on both builds: multiclass
// prediction layout against X·W + b by hand, integers beyond int32, extreme magnitudes, sizes
// beyond the DPs' memory and the address space, error fields and codes, class labels of any
// values, and abort by signal in Node while a long call runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Model, type Supclust } from '../../dist/node/index.js';
import { variants } from './helpers.js';

async function errorOf(p: Promise<unknown>): Promise<SupclustError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err, 'expected a SupclustError').toBeInstanceOf(SupclustError);
  return err as SupclustError;
}

async function expectInvalid(p: Promise<unknown>, field: string) {
  const err = await errorOf(p);
  expect(err.code, err.message).toBe('invalid-input');
  expect(err.field, err.message).toBe(field);
  expect(err.message.startsWith(`${field}: `), err.message).toBe(true);
}

/** X·W + b by hand, row-major n × K, from a model's documented layout coef[j·K + k]. */
function byHand(model: Model, X: Float64Array, n: number): number[] {
  const d = model.nFeatures,
    K = model.outputs,
    out: number[] = [];
  for (let i = 0; i < n; i++)
    for (let k = 0; k < K; k++) {
      let z = model.intercept[k];
      for (let j = 0; j < d; j++) z += X[i * d + j] * model.coef[j * K + k];
      out.push(z);
    }
  return out;
}

describe.each(variants)('trustworthy API on the %s build', (variant) => {
  let sc: Supclust;
  beforeAll(async () => {
    sc = await load({ variant });
  });
  afterAll(() => sc?.dispose());

  it('predicts n × K row-major, as X·W + b computed by hand (K = 3), and classifies the waveform data', async () => {
    const tiny: Model = {
      ...(await sc.fit('ridge', { X: [[1], [2], [3]], y: [0, 1, 2], loss: 'ova-squared' })),
      coef: [1, 10, 100],
      intercept: [0, 0, 0],
    };
    expect(Array.from(await sc.predict(tiny, [[1], [2]]))).toEqual([1, 10, 100, 2, 20, 200]);
    const w = await sc.generate('waveform', { n: 1500, seed: 3, nTest: 500 });
    const m = await sc.fit('ridge', { X: w.X, nRows: 1500, nCols: 40, y: w.y, loss: 'ova-squared', lambda: 1e-2 });
    expect(m.outputs).toBe(3);
    expect(m.classes).toEqual([0, 1, 2]);
    const Z = await sc.predict(m, w.Xtest, 500);
    const expected = byHand(m, w.Xtest, 500);
    expect(Z.length).toBe(1500);
    Z.forEach((z, i) => expect(Math.abs(z - expected[i])).toBeLessThan(1e-9 * (1 + Math.abs(expected[i]))));
    const classes = await sc.predictClass(m, w.Xtest, 500);
    let hits = 0;
    classes.forEach((c, i) => {
      if (c === w.ytest[i]) hits++;
    });
    expect(hits / 500).toBeGreaterThan(0.8); // chance is 1/3
  });

  it('rejects integers beyond 2^31 − 1 and seeds beyond 2^53 by name', async () => {
    const data = await sc.generate('e1', { n: 30, d: 10, Q: 3, seed: 6 });
    const base = { X: data.X, nRows: 30, nCols: 10, y: data.y, Q: 3 };
    await expectInvalid(sc.fit('ihc', { ...base, Q: 2 ** 31 }), 'Q');
    await expectInvalid(sc.fit('ihc', { ...base, Q: 1e12 }), 'Q');
    await expectInvalid(sc.fit('ihc', { ...base, maxIterations: 1e12 }), 'maxIterations');
    await expectInvalid(sc.fit('ihcs', { ...base, s: 2 ** 32 + 1 }), 's');
    await expectInvalid(sc.fit('ihc', { ...base, seed: 1e300 }), 'seed');
    await expectInvalid(sc.kmeans1d([1, 2, 3], 2 ** 32 + 2), 'Q');
    await expectInvalid(sc.projectSparseGroups([1, 2, 3], 2 ** 32 + 1, 1), 's');
    await expectInvalid(
      sc.crossValidate('ridge', { X: data.X, nRows: 30, nCols: 10, y: data.y }, { grid: { lambda: [1] }, seed: 2 ** 53 + 2 }),
      'seed',
    );
    await expectInvalid(sc.generate('e1', { n: 30, seed: 1e300 }), 'seed');
    await expectInvalid(sc.experiment('e1-n', { reps: 2 ** 31 }), 'reps');
    const ok = await sc.fit('ihc', { ...base, seed: 2 ** 53, maxIterations: 2 ** 31 - 1 });
    expect(ok.status).toBe('converged');
  });

  it('fits data scaled by 1e±300 as the scaled problem, and never says converged with a broken answer', async () => {
    const data = await sc.generate('e1', { n: 60, d: 20, Q: 3, seed: 3 });
    const X = data.X,
      y = data.y;
    for (const method of ['ridge', 'lsk', 'ihc', 'oscar'] as const) {
      const Q = method === 'lsk' || method === 'ihc' ? { Q: 3 } : {};
      const base = await sc.fit(method, { X, nRows: 60, nCols: 20, y, ...Q } as any);
      for (const c of [1e300, 1e-300]) {
        const m = await sc.fit(method, { X: X.map((x) => x * c), nRows: 60, nCols: 20, y, ...Q } as any);
        expect(m.status).toBe('converged');
        expect(m.coef).toHaveLength(20);
        expect(Math.abs(m.objective / base.objective - 1)).toBeLessThan(1e-4);
        if (method !== 'ihc')
          m.coef.forEach((w, j) => expect(Math.abs(w * c - base.coef[j])).toBeLessThan(1e-6 * (1 + Math.abs(base.coef[j]))));
      }
      // An objective beyond the double range is reported, with the (finite) model.
      const big = await sc.fit(method, { X, nRows: 60, nCols: 20, y: y.map((t) => t * 1e300), ...Q } as any);
      expect(big.status).toBe('numerical-issue');
      expect(big.message).toMatch(/objective/);
      expect(big.coef).toHaveLength(20);
      big.coef.forEach((w) => expect(Number.isFinite(w)).toBe(true));
    }
  });

  it('keeps kmeans1d exact at the edges and optimal on mixed magnitudes', async () => {
    const same = await sc.kmeans1d([0.1, 0.1, 0.1], 2);
    expect(Array.from(same.centroids)).toEqual([0.1]);
    expect(same.sse).toBe(0);
    const huge = await sc.kmeans1d([1e308, 1.7e308], 1);
    expect(huge.centroids[0]).toBeCloseTo(1.35e308, -300);
    expect(Array.from(await sc.proxOwl([1e308, 1e308, -1.7e308], [0, 0, 0]))).toEqual([1e308, 1e308, -1.7e308]);
    const sparse = await sc.projectSparseGroups([1.7e308, 1.7e308, 1e308], 2, 1);
    expect(Array.from(sparse.values)).toEqual([1.7e308, 1.7e308, 0]);
    // Random mixed magnitudes against an exact DP whose segment costs are two-pass sums.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 300; trial++) {
      const d = 2 + Math.floor(random() * 8),
        Q = 1 + Math.floor(random() * d);
      const u = Array.from({ length: d }, () => (random() < 0.5 ? -1 : 1) * (1 + 9 * random()) * 10 ** (-12 + 20 * random()));
      const r = await sc.kmeans1d(u, Q);
      const ours = sseOf(u, Array.from(r.labels));
      const best = twoPassOptimum(u, Q),
        squares = u.reduce((s, x) => s + x * x, 0);
      expect(ours, `trial ${trial}: ${JSON.stringify(u)}, Q = ${Q}`).toBeLessThanOrEqual(best * (1 + 1e-6) + 1e-26 * squares);
    }
  });

  it('refuses sizes beyond the DP memory and the address space by name, before any work', async () => {
    const v = Float64Array.from({ length: 65538 }, (_, i) => i);
    await expectInvalid(sc.kmeans1d(v, 65536), 'Q');
    await expectInvalid(sc.fit('lsk', { X: v, nRows: 1, nCols: 65538, y: [1], Q: 65536 }), 'Q');
    const err = await errorOf(sc.fit('cg', { X: new Float64Array(40000 * 2), nRows: 40000, nCols: 2, y: new Float64Array(40000), Q: 2 }));
    expect(err.field).toBe('X');
    expect(err.message).toMatch(/^X: method 'cg' on 40000 × 2 data needs about [\d.]+ GB; a wasm32 module can address 2 GB/);
    await expectInvalid(sc.generate('e1', { n: 1e7 }), 'n');
    await expectInvalid(sc.fit('ridge', { X: { length: 1e10 } as any, nRows: 1e5, y: [1] }), 'X');
    // The instance is still fine.
    expect((await sc.kmeans1d([1, 2, 10, 11], 2)).sse).toBe(1);
  });

  it('names the field of every bad input and keeps the message leading with it', async () => {
    const data = await sc.generate('e1', { n: 30, d: 10, Q: 3, seed: 6 });
    const base = { X: data.X, nRows: 30, nCols: 10, y: data.y, Q: 3 };
    await expectInvalid(sc.fit('ihc', { ...base, X: new BigInt64Array(300) as any }), 'X');
    await expectInvalid(sc.fit('ihc', { X: [] as number[], y: [], Q: 3 }), 'X');
    await expectInvalid(sc.fit('ihc', { ...base, y: Array.from(data.y, (t, i) => (i === 0 ? 'b' : t)) as any }), 'y');
    await expectInvalid(
      sc.fit(
        'ihc',
        JSON.parse(JSON.stringify({ ...base, X: Array.from(data.X), y: Array.from(data.y) }).replace('{', '{"__proto__":{"Q":1},')),
      ),
      '__proto__',
    );
    await expectInvalid(sc.fit('ihc', { ...base, Q: 0 }), 'Q');
    await expectInvalid(sc.fit('ihc', { ...base, lamda: 1 } as any), 'lamda');
    const m = await sc.fit('ridge', { X: data.X, nRows: 30, nCols: 10, y: data.y });
    await expectInvalid(sc.predict({ ...m, intercept: [0, 0] }, data.X, 30), 'model.intercept');
    await expectInvalid(sc.predict(m, data.X.subarray(0, 33), 3), 'X');
    const movies = await sc.generate('e1', { n: 100, d: 20, Q: 3, seed: 1 });
    await expectInvalid(
      sc.experiment('movies', { reps: 1, fast: true, data: { X: movies.X, nRows: 100, nCols: 20, y: movies.y } }),
      'data',
    );
  });

  it('maps class labels of any values, and predicts classes and probabilities', async () => {
    const data = await sc.generate('e1', { n: 200, d: 10, Q: 3, seed: 8, task: 'classification', nTest: 100 });
    const y = Array.from(data.y, (t) => (t === 1 ? 'spam' : 'ham'));
    const names = Array.from({ length: 10 }, (_, j) => `word${j}`);
    const m = await sc.fit('ihc', { X: data.X, nRows: 200, nCols: 10, y, Q: 3, loss: 'logistic', lambda: 1e-3, featureNames: names });
    expect(m.classes).toEqual(['ham', 'spam']);
    expect(m.featureNames).toEqual(names);
    expect(m).toMatchObject({
      schemaVersion: 1,
      loss: 'logistic',
      params: { Q: 3, lambda: 1e-3, loss: 'logistic', init: 'lsk', maxIterations: 500 },
    });
    const back = JSON.parse(JSON.stringify(m)) as Model;
    const P = await sc.predictProba(back, data.Xtest, 100);
    const Z = byHand(m, data.Xtest, 100);
    const labels = await sc.predictClass(back, data.Xtest, 100);
    let hits = 0;
    for (let i = 0; i < 100; i++) {
      expect(P[2 * i] + P[2 * i + 1]).toBeCloseTo(1, 12);
      expect(P[2 * i + 1]).toBeCloseTo(1 / (1 + Math.exp(-Z[i])), 12);
      expect(labels[i]).toBe(Z[i] > 0 ? 'spam' : 'ham');
      if ((labels[i] === 'spam') === (data.ytest[i] === 1)) hits++;
    }
    expect(hits).toBeGreaterThan(80);
    // Same fit as with the 0/1 labels themselves.
    const numeric = await sc.fit('ihc', { X: data.X, nRows: 200, nCols: 10, y: data.y, Q: 3, loss: 'logistic', lambda: 1e-3 });
    expect(numeric.coef).toEqual(m.coef);
    await expectInvalid(
      sc.fit('ridge', { X: data.X, nRows: 200, nCols: 10, y: y.map((t, i) => (i % 3 ? t : 'eggs')), loss: 'logistic' }),
      'y',
    );
    await expectInvalid(sc.predictProba({ ...numeric, loss: 'squared', classes: undefined }, data.Xtest, 100), 'model'); // a regression model has no classes
  });
});

describe('one-vs-all classifiers and cross-validated models', () => {
  it('give probabilities, classes, params and progress computed here another way', async () => {
    const sc = await load({ variant: 'simd' });
    const w = await sc.generate('waveform', { n: 600, seed: 5, nTest: 200 });
    const labels = Array.from(w.y, (t) => ['a', 'b', 'c'][t]);
    const m = await sc.fit('ridge', { X: w.X, nRows: 600, nCols: 40, y: labels, loss: 'ova-logistic', lambda: 1e-2 });
    expect(m.classes).toEqual(['a', 'b', 'c']);
    const P = await sc.predictProba(m, w.Xtest, 200),
      C = await sc.predictClass(m, w.Xtest, 200);
    const Z = byHand(m, w.Xtest, 200);
    for (let i = 0; i < 200; i++) {
      const s = [0, 1, 2].map((k) => 1 / (1 + Math.exp(-Z[3 * i + k])));
      const total = s[0] + s[1] + s[2];
      for (let k = 0; k < 3; k++) expect(P[3 * i + k]).toBeCloseTo(s[k] / total, 12);
      expect(C[i]).toBe(['a', 'b', 'c'][s.indexOf(Math.max(...s))]);
    }
    // A cross-validated model records the chosen values among its params; progress counts
    // every fit (folds × grid points) and ends at the total.
    const seen: { done: number; total: number }[] = [];
    const grid = { lambda: [1e-3, 1e-2, 1e-1] };
    const cv = await sc.crossValidate(
      'ridge',
      { X: w.X, nRows: 600, nCols: 40, y: w.y },
      { grid, folds: 4 },
      { onProgress: (p) => seen.push(p) },
    );
    expect(cv.model.params.lambda).toBe(cv.best.lambda);
    expect(cv.model.params.loss).toBe('squared');
    expect(new Set(seen.map((p) => p.total))).toEqual(new Set([12]));
    expect(seen.at(-1)!.done).toBe(12);
    sc.dispose();
  });
});

describe('a long call in Node', () => {
  it('is aborted by AbortSignal.timeout within 0.5 s while timers keep firing, and the next call works', async () => {
    const sc = await load();
    const big = await sc.generate('e1', { n: 400, d: 300, seed: 2 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = performance.now();
    const err = await errorOf(
      sc.crossValidate(
        'oscar',
        { X: big.X, nRows: 400, nCols: 300, y: big.y },
        { grid: { lambda1: [1e-3, 1e-2, 1e-1, 1], lambda2: [1e-4, 1e-3, 1e-2] }, folds: 5 },
        { signal: AbortSignal.timeout(100) },
      ),
    );
    const elapsed = performance.now() - t0;
    clearInterval(timer);
    expect(err.code).toBe('aborted');
    expect(elapsed).toBeLessThan(500);
    expect(ticks).toBeGreaterThan(3); // the event loop ran while the solver worked
    const m = await sc.fit('lsk', { X: big.X, nRows: 400, nCols: 300, y: big.y, Q: 5 });
    expect(m.status).toBe('converged');
    sc.dispose();
    const after = await errorOf(sc.fit('lsk', { X: big.X, nRows: 400, nCols: 300, y: big.y, Q: 5 }));
    expect(after.code).toBe('disposed');
  });
});

function sseOf(u: number[], labels: number[]): number {
  const sums = new Map<number, [number, number]>();
  labels.forEach((l, i) => {
    const s = sums.get(l) ?? [0, 0];
    s[0] += u[i];
    s[1] += 1;
    sums.set(l, s);
  });
  return u.reduce((t, x, i) => {
    const [s, c] = sums.get(labels[i])!;
    return t + (x - s / c) ** 2;
  }, 0);
}

function twoPassOptimum(values: number[], Q: number): number {
  const u = [...values].sort((a, b) => a - b),
    d = u.length;
  const cost = (i: number, j: number) => {
    let mean = 0;
    for (let k = i; k <= j; k++) mean += u[k];
    mean /= j - i + 1;
    let c = 0;
    for (let k = i; k <= j; k++) c += (u[k] - mean) ** 2;
    return c;
  };
  let prev = Array.from({ length: d }, (_, j) => cost(0, j)),
    best = prev[d - 1];
  for (let q = 1; q < Math.min(Q, d); q++) {
    const cur = new Array<number>(d).fill(Infinity);
    for (let j = q; j < d; j++) for (let i = q; i <= j; i++) cur[j] = Math.min(cur[j], prev[i - 1] + cost(i, j));
    prev = cur;
    best = Math.min(best, cur[d - 1]);
  }
  return best;
}

describe('the call queue', () => {
  it('drops an aborted queued call without touching the running one, and keeps order', async () => {
    const sc = await load({ variant: 'simd' });
    const big = await sc.generate('e1', { n: 300, d: 200, seed: 4 });
    const data = { X: big.X, nRows: 300, nCols: 200, y: big.y };
    const expected = await sc.crossValidate('oscar', data, { grid: { lambda1: [1e-2, 1e-1], lambda2: [1e-3] }, folds: 3 });
    const order: string[] = [];
    const done: number[] = [];
    let twoFits: () => void;
    const reachedTwo = new Promise<void>((r) => {
      twoFits = r;
    });
    const running = sc
      .crossValidate(
        'oscar',
        data,
        { grid: { lambda1: [1e-2, 1e-1], lambda2: [1e-3] }, folds: 3 },
        {
          onProgress: (p) => {
            done.push(p.done);
            if (p.done >= 2) twoFits();
          },
        },
      )
      .then((r) => {
        order.push('cv');
        return r;
      });
    const ctl = new AbortController();
    const queued = sc.fit('lsk', { ...data, Q: 5 }, { signal: ctl.signal }).catch((e) => e);
    const after = sc.fit('ridge', data).then((m) => {
      order.push('ridge');
      return m;
    });
    await reachedTwo;
    const t0 = performance.now();
    ctl.abort();
    const err = await queued;
    expect(err.code).toBe('aborted');
    expect(performance.now() - t0).toBeLessThan(50); // dropped from the queue, not waited for
    const cv = await running; // the running call was not restarted: same answer
    expect(cv.best).toEqual(expected.best);
    expect(cv.grid.map((g) => g.mean)).toEqual(expected.grid.map((g) => g.mean));
    await after;
    expect(order).toEqual(['cv', 'ridge']);
    // Never restarted: a terminated worker would have started the cross-validation over.
    done.forEach((x, i) => {
      if (i > 0) expect(x).toBeGreaterThanOrEqual(done[i - 1]);
    });
    sc.dispose();
  });
});

describe('messages for failures inside the module', async () => {
  const { trapMessage, fromLibrary } = await import('../../dist/errors.js');
  it('never shows a bare number, unwind or the ASSERTIONS hint', () => {
    expect(trapMessage(5312968)).toMatch(/^the module ran out of memory \(wasm32 can address at most 2 GB\)/);
    expect(trapMessage(new Error('Aborted(Cannot enlarge memory arrays to size 2147549184 bytes (OOM).)'))).toMatch(/ran out of memory/);
    const abort = trapMessage(new Error('Aborted(). Build with -s ASSERTIONS=1 for more info.'));
    expect(abort).not.toMatch(/ASSERTIONS/);
    expect(abort).toMatch(/the instance was restarted/);
    expect(trapMessage('unwind')).toMatch(/stopped inside a solver/);
  });
  // The field is named by the library's check and its message composed there (tests/cpp/base/refusal_test.cpp);
  // the error carries both as they are.
  it('carries a library refusal as it came', () => {
    const e = fromLibrary({ field: 'Q', message: "Q: option 'Q' of method 'ihc' must be an integer" });
    expect([e.code, e.field, e.message]).toEqual(['invalid-input', 'Q', "Q: option 'Q' of method 'ihc' must be an integer"]);
    expect(fromLibrary({ field: '', message: 'aborted' }).field).toBeUndefined();
  });
});
