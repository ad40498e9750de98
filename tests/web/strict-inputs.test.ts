// Inputs that were accepted silently, on both builds: each is now a SupclustError naming its
// field, and the instance stays usable for the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Model, type Supclust } from '../../dist/node/index.js';
import { variants } from './helpers.js';

async function expectInvalid(p: Promise<unknown>, field: string | RegExp) {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err, 'expected a SupclustError').toBeInstanceOf(SupclustError);
  expect(err.code, err.message).toBe('invalid-input');
  if (typeof field === 'string') expect(err.field, err.message).toBe(field);
  else expect(err.field, err.message).toMatch(field);
}

describe.each(variants)('strict inputs on the %s build', (variant) => {
  let sc: Supclust;
  let X: Float64Array, y: Float64Array;
  const n = 40,
    d = 8;
  beforeAll(async () => {
    sc = await load({ variant });
    const data = await sc.generate('e1', { n, d, Q: 2, seed: 2 });
    X = data.X;
    y = data.y;
  });
  afterAll(() => sc?.dispose());

  it('a boolean for a number option is refused in every method that has one, and a number for a boolean', async () => {
    let checked = 0;
    for (const method of sc.info.methods) {
      for (const option of method.options) {
        if (option.kind !== 'number' && option.kind !== 'integer') continue;
        if (!['lambda', 'Q', 'maxIterations', 'gamma', 'within', 'mu', 'lambda1'].includes(option.name)) continue;
        await expectInvalid(sc.fit(method.name, { X, nRows: n, y, [option.name]: true } as never), option.name);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    await expectInvalid(sc.fit('lsk', { X, nRows: n, y, Q: 2, refit: 1 } as never), 'refit');
    await expectInvalid(sc.fit('experts-pg', { X, nRows: n, y, Q: 2, refine: 0 } as never), 'refine');
    const ok = await sc.fit('lsk', { X, nRows: n, y, Q: 2, refit: true });
    expect(ok.params.refit).toBe(true);
  });

  it('a warm start with another number of outputs, or of another kind, is refused', async () => {
    const labels = Array.from(y, (_v, i) => i % 3);
    const three = await sc.fit('ridge', { X, nRows: n, y: labels, loss: 'ova-squared', lambda: 0.1 });
    expect(three.outputs).toBe(3);
    await expectInvalid(sc.fit('ridge', { X, nRows: n, y, lambda: 0.1, warmStart: three }), 'warmStart');
    const experts = await sc.fit('experts-am', { X, nRows: n, y, Q: 2, restarts: 1 });
    await expectInvalid(sc.fit('lasso', { X, nRows: n, y, lambda: 0.01, warmStart: experts }), 'warmStart');
    const tasks = await sc.fit('tasks-frobenius', { X, nRows: n, y: labels, loss: 'ova-squared', lambda: 0.1 });
    await expectInvalid(sc.fit('ridge', { X, nRows: n, y: labels, loss: 'ova-squared', lambda: 0.1, warmStart: tasks }), 'warmStart');
    const plain = await sc.fit('lasso', { X, nRows: n, y, lambda: 0.01 });
    expect((await sc.fit('lasso', { X, nRows: n, y, lambda: 0.02, warmStart: plain })).status).toBe('converged');
  });

  it('groups given as pairs and a graph given flat are refused', async () => {
    await expectInvalid(
      sc.fit('oracle', {
        X,
        nRows: n,
        y,
        groups: [
          [0, 1],
          [1, 0],
          [0, 1],
          [1, 0],
        ],
      } as never),
      'groups',
    );
    await expectInvalid(sc.fit('gflasso', { X, nRows: n, y, lambda1: 0.01, lambda2: 0.01, graph: [0, 1, 2, 3] } as never), 'graph');
    expect(
      (
        await sc.fit('gflasso', {
          X,
          nRows: n,
          y,
          lambda1: 0.01,
          lambda2: 0.01,
          graph: [
            [0, 1],
            [2, 3],
          ],
        })
      ).status,
    ).toBe('converged');
  });

  it('unknown keys of the cross-validation, experiment and generator options are refused by name', async () => {
    const signal = new AbortController().signal;
    await expectInvalid(
      sc.crossValidate('ridge', { X, nRows: n, y }, { grid: { lambda: [0.1, 1] }, folds: 5, signal, bogus: 3 } as never),
      'options.signal',
    );
    await expectInvalid(sc.crossValidate('ridge', { X, nRows: n, y }, { grid: { lambda: [0.1, 1] }, bogus: 3 } as never), 'options.bogus');
    await expectInvalid(sc.experiment('e1-n', { reps: 1, bogus: 1 } as never), 'options.bogus');
    await expectInvalid(sc.experiment('e1-n', { reps: 1, fast: 1 } as never), 'fast');
    await expectInvalid(sc.generate('e1', { n: 10, bogus: 1 } as never), 'options.bogus');
  });

  it('a model without a schemaVersion, or of another, is refused by every prediction function', async () => {
    const m = await sc.fit('ridge', { X, nRows: n, y, lambda: 0.1 });
    const { schemaVersion: _, ...none } = m;
    for (const model of [none, { ...m, schemaVersion: 2 }] as Model[]) {
      await expectInvalid(sc.predict(model, X, n), 'model.schemaVersion');
      await expectInvalid(sc.predictClass(model, X, n), 'model.schemaVersion');
    }
    expect((await sc.predict(m, X, n)).length).toBe(n);
  });

  it('predictions and scores refuse non-finite X, and models whose kind, loss or classes the library does not know', async () => {
    const m = await sc.fit('ridge', { X, nRows: n, y, lambda: 0.1 });
    for (const bad of [NaN, Infinity]) {
      const Xbad = X.slice();
      Xbad[5] = bad;
      await expectInvalid(sc.predict(m, Xbad, n), 'X');
      await expectInvalid(sc.score(m, Xbad, y, undefined, n), 'X');
    }
    await expectInvalid(sc.predict({ ...m, kind: 'bogus' } as never, X, n), 'model.kind');
    await expectInvalid(sc.predict({ ...m, loss: 'nope' } as never, X, n), 'model.loss');
    await expectInvalid(sc.score({ ...m, loss: undefined } as never, X, y, undefined, n), 'model.loss'); // a score needs its loss
    const c = await sc.fit('lasso', { X, nRows: n, y: Array.from(y, (t) => (t > 0 ? 'up' : 'down')), loss: 'logistic', lambda: 0.01 });
    // biome-ignore lint/suspicious/noSparseArray: a hole is one of the bad labels
    for (const classes of [['up', 'up'], [NaN, 1], ['up', null], 'ab', [, 'up'], ['up'], ['up', 1]])
      await expectInvalid(sc.predictClass({ ...c, classes } as never, X, n), 'model.classes');
    // A warm start of another model format.
    await expectInvalid(sc.fit('lasso', { X, nRows: n, y, lambda: 0.1, warmStart: { ...m, schemaVersion: 2 } as never }), 'warmStart');
    expect((await sc.predictClass(c, X, n)).every((l) => l === 'up' || l === 'down')).toBe(true);
  });

  it('a call aborted while the larger module it needs compiles leaves the queue working', async () => {
    const s2 = await load({ variant, module: 'core' });
    try {
      const abort = new AbortController();
      const pending = s2.fit('gem', { X, nRows: n, y, gamma: 0.1 }, { signal: abort.signal });
      abort.abort();
      expect(
        (
          await pending.then(
            () => null,
            (e) => e,
          )
        )?.code,
      ).toBe('aborted');
      // The next call on the core answers (before: it waited on a worker the switch dropped, and
      // failed after the 20 s start timeout).
      const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('the next call hung')), 10_000));
      const next = (await Promise.race([s2.fit('ridge', { X, nRows: n, y, lambda: 0.1 }), timer])) as Model;
      expect(next.coef).toHaveLength(d);
      expect((await s2.fit('gem', { X, nRows: n, y, gamma: 0.1 })).coef).toHaveLength(d); // the larger module, on demand
    } finally {
      s2.dispose();
    }
  });

  it('a sparse X of 2^27 columns is refused up front by its memory, naming X, and the module goes on', async () => {
    const X27 = { indptr: Int32Array.of(0, 1, 2, 3), indices: Int32Array.of(0, 1, 2), values: Float64Array.of(1, 2, 3) };
    await expectInvalid(sc.fit('lasso', { X: X27, nRows: 3, nCols: 2 ** 27, y: [1, 2, 4], lambda: 0.1 }), 'X');
    expect((await sc.fit('ridge', { X, nRows: n, y, lambda: 0.1 })).coef).toHaveLength(d);
  });

  it('the SVM refuses data it cannot rescale, naming X, and the module stays usable', async () => {
    const labels = Array.from(y, (v) => (v > 0 ? 1 : 0));
    await expectInvalid(sc.fit('svm', { X: X.map((x) => x * 1e300), nRows: n, y: labels, loss: 'hinge' }), 'X');
    expect((await sc.fit('svm', { X, nRows: n, y: labels, loss: 'hinge' })).status).toBe('converged');
  });

  it('more outputs than the module can hold are refused up front naming y', async () => {
    const K = 200_000,
      rows = 20,
      cols = 2000;
    const big = new Float64Array(rows * cols).map((_, t) => ((t * 7919) % 13) - 6);
    const targets = new Float64Array(rows * K);
    for (let i = 0; i < rows; i++) targets[i * K + (i % K)] = 1;
    await expectInvalid(sc.fit('tasks-frobenius', { X: big, nRows: rows, nCols: cols, y: targets, yCols: K, loss: 'squared' }), 'y');
    expect((await sc.fit('ridge', { X, nRows: n, y, lambda: 0.1 })).status).toBe('converged');
  });

  it("a loss the method does not have is refused naming loss, in the library's words, before the targets are read", async () => {
    const labels = Float64Array.from(y, (_, i) => i % 2);
    for (const [method, extra] of [
      ['ihc', { Q: 2 }],
      ['lasso', { lambda: 0.01 }],
      ['cg', { Q: 2 }],
    ] as const) {
      const loss = method === 'cg' ? 'logistic' : 'logstic';
      await expectInvalid(sc.fit(method, { X, nRows: n, y, ...extra, loss } as never), 'loss');
      await expectInvalid(sc.fit(method, { X, nRows: n, y: labels, ...extra, loss } as never), 'loss');
      const cvParams = { X, nRows: n, y, loss, ...(method === 'lasso' ? {} : { Q: 2 }) };
      const err = await sc.crossValidate(method, cvParams as never, { grid: { lambda: [0.01, 0.1] } }).then(
        () => null,
        (e) => e,
      );
      expect(err).toBeInstanceOf(SupclustError);
      expect(err.message).toMatch(new RegExp(`^loss: option 'loss' of method '${method}' must be one of '.*' \\(got '${loss}'\\)$`));
      expect(() => sc.suggest(method, { X, nRows: n, y, loss } as never)).toThrow(err.message);
    }
    // The same sentence as the library's for any other choice option (options.cpp), quoted names aside.
    const library = await sc.fit('ihc', { X, nRows: n, y, Q: 2, init: 'bogus' } as never).then(
      () => null,
      (e) => e,
    );
    const mine = await sc.fit('ihc', { X, nRows: n, y, Q: 2, loss: 'bogus' } as never).then(
      () => null,
      (e) => e,
    );
    const shape = (m: string) => m.replace(/^\w+:/, 'F:').replace(/'[^']*'(, '[^']*')*/g, "'…'");
    expect(library.field).toBe('init');
    expect(shape(mine.message)).toBe(shape(library.message));
    expect((await sc.fit('lasso', { X, nRows: n, y, lambda: 0.01 })).status).toBe('converged');
  });

  it('GEM and LEM need gamma; ADFG refuses a gamma its ADMM system cannot resolve', async () => {
    await expectInvalid(sc.fit('gem', { X, nRows: n, y } as never), 'gamma');
    await expectInvalid(sc.fit('lem', { X, nRows: n, y } as never), 'gamma');
    await expectInvalid(sc.fit('adfg', { X, nRows: n, y, lambda1: 1e-3, lambda2: 1e-3, lambda3: 1e-3, gamma: 8 }), 'gamma');
  });
});

describe('strict inputs, from an outside catalogue', () => {
  let sc: Supclust;
  let X: Float64Array, y: Float64Array;
  beforeAll(async () => {
    sc = await load({ variant: 'simd' });
    const d = await sc.generate('e1', { n: 40, d: 8, Q: 2, seed: 1 });
    X = d.X;
    y = d.y;
  });
  afterAll(() => sc?.dispose());

  it('generate refuses the options its generator does not read', async () => {
    await expectInvalid(sc.generate('e5', { d: 10 } as never), 'options.d');
    await expectInvalid(sc.generate('waveform', { n: 10, sigma: 2 }), 'options.sigma');
    await expectInvalid(sc.generate('e1', { n: 10, nValidation: 5 }), 'options.nValidation');
    await expectInvalid(sc.generate('tasks', { n: 10, noiseDims: 2 }), 'options.noiseDims');
    expect(sc.info.generators.e5).toContain('dataset');
    expect((await sc.generate('e5', { n: 10, dataset: 2, nValidation: 5 })).nValidation).toBe(5);
  });

  it('a classifier whose classes do not match its outputs is refused', async () => {
    const m = await sc.fit('ridge', { X, nRows: 40, y: Array.from(y, (_, i) => i % 3), loss: 'ova-logistic' });
    await expectInvalid(sc.predictClass({ ...m, classes: [0, 1] }, X, 40), 'model.classes');
    await expectInvalid(sc.predictProba({ ...m, classes: [0, 1, 2, 3] }, X, 40), 'model.classes');
    expect((await sc.predictClass(m, X, 40)).every((c) => [0, 1, 2].includes(c as number))).toBe(true);
  });

  it('a warm start of non-numbers, a warm start given to crossValidate, and an option both fixed and in the grid are refused', async () => {
    const m1 = await sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1 });
    for (const bad of [null, '0.5', true])
      await expectInvalid(
        sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1, warmStart: { ...m1, coef: m1.coef.map((c, i) => (i ? c : bad)) } as never }),
        'warmStart',
      );
    await expectInvalid(sc.crossValidate('lasso', { X, nRows: 40, y, warmStart: m1 }, { grid: { lambda: [1, 0.1] } }), 'warmStart');
    await expectInvalid(sc.crossValidate('ridge', { X, nRows: 40, y, lambda: -1 }, { grid: { lambda: [1] } }), 'lambda');
  });

  it('a model whose classes do not match its experts or its loss is refused naming model.classes', async () => {
    const labels = Float64Array.from({ length: 40 }, (_, i) => i % 3);
    const ova = await sc.fit('experts-am', { X, nRows: 40, y: labels, Q: 2, loss: 'ova-logistic' });
    expect(ova.outputs).toBe(2 * 3); // Q blocks of K scores
    await expectInvalid(sc.predict({ ...ova, classes: ova.classes!.slice(0, 2) }, X, 40), 'model.classes'); // 6 = 3 × 2 would pass a divisibility check
    await expectInvalid(sc.predictClass({ ...ova, classes: ova.classes!.slice(0, 2) }, X, 40), 'model.classes');
    const regression = await sc.fit('experts-am', { X, nRows: 40, y, Q: 2 });
    await expectInvalid(sc.expertError({ ...regression, classes: [0, 1] }, X, y, 40), 'model.classes');
  });

  it('a classifying table refuses real-valued targets', async () => {
    const err = await sc
      .experiment('breast-cancer', { reps: 1, fast: true, methods: ['Lasso'], data: { X, nRows: 40, nCols: 8, y } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.field).toBe('data.y');
    expect(err.message).toMatch(/data\.y: must hold 0\/1 labels/);
    // One class only: a classifying table's specificity or sensitivity would be 0/0.
    const oneClass = await sc
      .experiment('breast-cancer', { reps: 1, fast: true, methods: ['Lasso'], data: { X, nRows: 40, nCols: 8, y: new Float64Array(40) } })
      .catch((e) => e);
    expect(oneClass).toBeInstanceOf(SupclustError);
    expect(oneClass.field).toBe('data.y');
    expect(oneClass.message).toMatch(/both labels 0 and 1/);
    // The dataset's own fields are named within data.
    const nan = Float64Array.from(X, (v, k) => (k === 5 ? NaN : v));
    await expectInvalid(
      sc.experiment('breast-cancer', { reps: 1, fast: true, methods: ['Lasso'], data: { X: nan, nRows: 40, nCols: 8, y } }),
      'data.X',
    );
    await expectInvalid(
      sc.experiment('breast-cancer', { reps: 1, fast: true, methods: ['Lasso'], data: { X, nRows: 40, nCols: 8, y: y.subarray(1) } }),
      'data.y',
    );
  });

  it('a control argument that is not { signal?, onProgress? } is refused by field, and the instance goes on', async () => {
    const before = await sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1 });
    for (const signal of ['stop', {}, 42, true, null])
      await expectInvalid(sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1 }, { signal } as never), 'signal');
    await expectInvalid(sc.fit('lasso', { X, nRows: 40, y }, { onProgress: 5 } as never), 'onProgress');
    await expectInvalid(
      sc.crossValidate('lasso', { X, nRows: 40, y }, { grid: { lambda: [1] } }, { onProgress: 'x' } as never),
      'onProgress',
    );
    await expectInvalid(sc.fit('lasso', { X, nRows: 40, y }, { signl: AbortSignal.abort() } as never), 'control.signl');
    await expectInvalid(sc.fit('lasso', { X, nRows: 40, y }, 'x' as never), 'control');
    await expectInvalid(sc.fit('lasso', { X, nRows: 40, y }, null as never), 'control');
    await expectInvalid(sc.fit('lasso', { X, nRows: 40, y }, [] as never), 'control');
    // Nothing was left queued: the next calls run, and give the same answer to the bit.
    await sc.dataset(X, 40, 8).then((d) => d.dispose());
    expect((await sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1 })).coef).toEqual(before.coef);
  });

  it('load() refuses options it does not know, and options that are not an object', async () => {
    await expectInvalid(load({ thread: false } as never), 'options.thread');
    await expectInvalid(load('simd' as never), 'options');
    await expectInvalid(load([] as never), 'options');
    await expectInvalid(load({ threads: null } as never), 'threads');
  });

  it('a dataset larger than the module can address is refused up front, naming X', async () => {
    const csr = { indptr: [0, 1, 2, 3], indices: [0, 1, 2], values: [1, 2, 3] };
    await expectInvalid(sc.dataset(csr, 3, 2 ** 28), 'X');
    expect((await sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1 })).status).toBe('converged');
  });

  it('cross-validation refuses folds whose training rows lack a class, naming y, as fit refuses one class', async () => {
    const labels = Array.from({ length: 40 }, (_, i) => (i === 0 ? 1 : 0));
    await expectInvalid(sc.fit('svm', { X: X.slice(8), nRows: 39, y: labels.slice(1) }), 'y');
    for (const [method, loss] of [
      ['svm', undefined],
      ['lasso', 'logistic'],
      ['ridge', 'logistic'],
      ['ridge', 'ova-logistic'],
    ] as const) {
      const err = await sc
        .crossValidate(method, { X, nRows: 40, y: labels, ...(loss ? { loss } : {}) } as never, { grid: { lambda: [0.1] }, folds: 3 })
        .catch((e) => e);
      expect(err, `${method} ${loss}`).toBeInstanceOf(SupclustError);
      expect(err.field).toBe('y');
      expect(err.message).toMatch(/lack a class/);
    }
    // Twenty rows of each class: every fold's training rows hold both.
    const balanced = Array.from({ length: 40 }, (_, i) => i % 2);
    expect((await sc.crossValidate('svm', { X, nRows: 40, y: balanced }, { grid: { lambda: [0.1] }, folds: 4 })).grid).toHaveLength(1);
  });

  it('one class is named in the refusal, and strings are quoted in messages', async () => {
    const err = await sc.fit('svm', { X, nRows: 40, y: Array(40).fill(0) }).catch((e) => e);
    expect(err.message).toMatch(/found only the class 0\)/);
    const held = await sc.dataset(X, 40, 8);
    const e2 = await sc.fit('lasso', { X: held, nRows: '40', y } as never).catch((e) => e);
    expect(e2.field).toBe('nRows');
    expect(e2.message).toMatch(/is '40' but/);
    held.dispose();
    const e3 = await sc.fit('lasso', { X, nRows: 40, y, lambda: [0.1] } as never).catch((e) => e);
    expect(e3.message).toMatch(/got an array of 1/);
  });

  it("a disposed instance refuses the calls answered on the caller's side too", async () => {
    const s2 = await load({ variant: 'simd' });
    const m = await s2.fit('ridge', { X, nRows: 40, y });
    s2.dispose();
    for (const p of [
      s2.predict(m, X, 40),
      s2.predictProba(m, X, 40),
      s2.predictClass(m, X, 40),
      s2.expertError(m, X, y, 40),
      s2.dataset(X, 40, 8),
    ]) {
      const err = await p.then(
        () => null,
        (e) => e,
      );
      expect(err).toBeInstanceOf(SupclustError);
      expect(err.code).toBe('disposed');
    }
    expect(() => s2.suggest('oscar', { X, nRows: 40, y })).toThrow(/disposed/);
  });

  it('X as rows of typed arrays is read as rows, as number[][] is', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => Array.from(X.subarray(8 * i, 8 * i + 8)));
    const typed = rows.map((r) => Float64Array.from(r));
    const a = await sc.fit('lasso', { X: rows, y, lambda: 0.1 }),
      b = await sc.fit('lasso', { X: typed, y, lambda: 0.1 });
    expect(b.coef).toEqual(a.coef);
    expect(await sc.predict(a, typed)).toEqual(await sc.predict(a, rows));
    await expectInvalid(sc.fit('lasso', { X: [typed[0], typed[1].subarray(1)], y: [1, 2] }), 'X');
  });
});
