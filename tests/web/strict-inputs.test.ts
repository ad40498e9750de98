// Inputs that were accepted silently, on both builds: each is now a SupclustError naming its
// field, and the instance stays usable for the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Model, type Supclust } from '../../dist/node/index.js';
import { variants } from './helpers.js';

async function expectInvalid(p: Promise<unknown>, field: string | RegExp) {
  const err = await p.then(() => null, (e) => e);
  expect(err, 'expected a SupclustError').toBeInstanceOf(SupclustError);
  expect(err.code, err.message).toBe('invalid-input');
  if (typeof field === 'string') expect(err.field, err.message).toBe(field);
  else expect(err.field, err.message).toMatch(field);
}

describe.each(variants)('strict inputs on the %s build', (variant) => {
  let sc: Supclust;
  let X: Float64Array, y: Float64Array;
  const n = 40, d = 8;
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
    const labels = Array.from(y, (v, i) => i % 3);
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
    await expectInvalid(sc.fit('oracle', { X, nRows: n, y, groups: [[0, 1], [1, 0], [0, 1], [1, 0]] } as never), 'groups');
    await expectInvalid(sc.fit('gflasso', { X, nRows: n, y, lambda1: 0.01, lambda2: 0.01, graph: [0, 1, 2, 3] } as never), 'graph');
    expect((await sc.fit('gflasso', { X, nRows: n, y, lambda1: 0.01, lambda2: 0.01, graph: [[0, 1], [2, 3]] })).status).toBe('converged');
  });

  it('unknown keys of the cross-validation, experiment and generator options are refused by name', async () => {
    const signal = new AbortController().signal;
    await expectInvalid(sc.crossValidate('ridge', { X, nRows: n, y }, { grid: { lambda: [0.1, 1] }, folds: 5, signal, bogus: 3 } as never), 'options.signal');
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

  it('the SVM refuses data it cannot rescale, naming X, and the module stays usable', async () => {
    const labels = Array.from(y, (v) => (v > 0 ? 1 : 0));
    await expectInvalid(sc.fit('svm', { X: X.map((x) => x * 1e300), nRows: n, y: labels, loss: 'hinge' }), 'X');
    expect((await sc.fit('svm', { X, nRows: n, y: labels, loss: 'hinge' })).status).toBe('converged');
  });

  it('more outputs than the module can hold are refused up front naming y', async () => {
    const K = 200_000, rows = 20, cols = 2000;
    const big = new Float64Array(rows * cols).map((_, t) => ((t * 7919) % 13) - 6);
    const targets = new Float64Array(rows * K);
    for (let i = 0; i < rows; i++) targets[i * K + (i % K)] = 1;
    await expectInvalid(sc.fit('tasks-frobenius', { X: big, nRows: rows, nCols: cols, y: targets, yCols: K, loss: 'squared' }), 'y');
    expect((await sc.fit('ridge', { X, nRows: n, y, lambda: 0.1 })).status).toBe('converged');
  });

  it('a loss the method does not have is refused naming loss, in the library\'s words, before the targets are read', async () => {
    const labels = Float64Array.from(y, (_, i) => i % 2);
    for (const [method, extra] of [['ihc', { Q: 2 }], ['lasso', { lambda: 0.01 }], ['cg', { Q: 2 }]] as const) {
      const loss = method === 'cg' ? 'logistic' : 'logstic';
      await expectInvalid(sc.fit(method, { X, nRows: n, y, ...extra, loss } as never), 'loss');
      await expectInvalid(sc.fit(method, { X, nRows: n, y: labels, ...extra, loss } as never), 'loss');
      const cvParams = { X, nRows: n, y, loss, ...(method === 'lasso' ? {} : { Q: 2 }) };
      const err = await sc.crossValidate(method, cvParams as never, { grid: { lambda: [0.01, 0.1] } }).then(() => null, (e) => e);
      expect(err).toBeInstanceOf(SupclustError);
      expect(err.message).toMatch(new RegExp(`^loss: option 'loss' of method '${method}' must be one of '.*' \\(got '${loss}'\\)$`));
      expect(() => sc.suggest(method, { X, nRows: n, y, loss } as never)).toThrow(err.message);
    }
    // The same sentence as the library's for any other choice option (options.cpp), quoted names aside.
    const library = await sc.fit('ihc', { X, nRows: n, y, Q: 2, init: 'bogus' } as never).then(() => null, (e) => e);
    const mine = await sc.fit('ihc', { X, nRows: n, y, Q: 2, loss: 'bogus' } as never).then(() => null, (e) => e);
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
      await expectInvalid(sc.fit('lasso', { X, nRows: 40, y, lambda: 0.1, warmStart: { ...m1, coef: m1.coef.map((c, i) => (i ? c : bad)) } as never }), 'warmStart');
    await expectInvalid(sc.crossValidate('lasso', { X, nRows: 40, y, warmStart: m1 }, { grid: { lambda: [1, 0.1] } }), 'warmStart');
    await expectInvalid(sc.crossValidate('ridge', { X, nRows: 40, y, lambda: -1 }, { grid: { lambda: [1] } }), 'lambda');
  });

  it('a classifying table refuses real-valued targets', async () => {
    const err = await sc.experiment('breast-cancer', { reps: 1, fast: true, methods: ['Lasso'], data: { X, nRows: 40, nCols: 8, y } }).catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.field).toBe('data');
    expect(err.message).toMatch(/y must hold 0\/1 labels/);
  });
});
