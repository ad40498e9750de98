// Row offsets through the API (glmnet's offset and newoffset): a model fitted with them says so,
// its predictions, probabilities, classes and scores need the new rows' and add them (recomputed
// here from the coefficients), a saved model keeps the flag; cross-validation and a path take
// them; the losses and methods that take none, and malformed offsets, are refused naming the field;
// a table's offset column (fit, predict, tableMatrix) and the command line's --offset equal the
// API's calls on the same numbers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  load,
  mse,
  readTable,
  selectRows,
  splitRows,
  type SupclustError,
  tableMatrix,
  validateModel,
  type Supclust,
} from '../../dist/node/index.js';
import { root } from './helpers.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

const n = 40,
  d = 3;
const X = Array.from({ length: n }, (_, i) => [Math.sin(i), Math.cos(2 * i), ((i * 7) % 5) - 2]);
const offset = Array.from({ length: n }, (_, i) => 0.7 * Math.sin(0.9 * i + 1));
const labels = X.map((r, i) => (r[0] - r[1] + 1.5 * offset[i] > 0 ? 1 : 0));
const y = X.map((r, i) => 2 * r[0] - r[2] + 3 * offset[i] + 0.1 * Math.cos(5 * i));
const refusal = async (f: () => Promise<unknown>) => {
  try {
    await f();
  } catch (e) {
    return e as SupclustError;
  }
  throw new Error('expected a refusal');
};

describe('row offsets', () => {
  it('are needed by the predictions of a model fitted with them, and added to every score', async () => {
    const m = await sc.fit('lasso', { X, y: labels, loss: 'logistic', lambda: 0.01, offset });
    expect(m.offset).toBe(true);
    expect((await refusal(() => sc.predict(m, X))).field).toBe('offset');
    const scores = await sc.predict(m, X, undefined, undefined, { offset });
    const proba = await sc.predictProba(m, X, undefined, undefined, { offset });
    const classes = await sc.predictClass(m, X, undefined, undefined, { offset });
    for (let i = 0; i < n; i++) {
      const z = m.intercept[0] + X[i].reduce((s, x, j) => s + x * m.coef[j], 0) + offset[i];
      expect(scores[i]).toBeCloseTo(z, 12);
      expect(proba[2 * i + 1]).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
      expect(classes[i]).toBe(z > 0 ? 1 : 0);
    }
    // The error rate on the training rows, with their offsets.
    const errors = classes.filter((c, i) => c !== labels[i]).length / n;
    expect(await sc.score(m, X, labels, 'error', undefined, undefined, { offset })).toBeCloseTo(errors, 14);
    // A saved model keeps the flag; a model without offsets refuses them.
    expect(validateModel(JSON.stringify(m)).offset).toBe(true);
    expect((await refusal(async () => validateModel({ ...m, offset: 'yes' }))).field).toBe('model.offset');
    const plain = await sc.fit('lasso', { X, y: labels, loss: 'logistic', lambda: 0.01 });
    expect(plain.offset).toBeUndefined();
    expect((await refusal(() => sc.predict(plain, X, undefined, undefined, { offset }))).field).toBe('offset');
    expect((await refusal(() => sc.predict(m, X, undefined, undefined, { offset: offset.slice(1) }))).field).toBe('offset');
    expect((await refusal(() => sc.predict(m, X, undefined, undefined, { offset, other: 1 } as never))).field).toBe('options.other');
  });

  it('fit the squared loss as the targets less the offsets, in cross-validation and a path too', async () => {
    const shifted = y.map((v, i) => v - offset[i]);
    const a = await sc.fit('ihc', { X, y, Q: 2, offset }),
      b = await sc.fit('ihc', { X, y: shifted, Q: 2 });
    expect(a.coef).toEqual(b.coef);
    expect(a.intercept).toEqual(b.intercept);
    const cvA = await sc.crossValidate('lasso', { X, y, offset }, { grid: { lambda: [0.3, 0.03] }, folds: 4 });
    const cvB = await sc.crossValidate('lasso', { X, y: shifted }, { grid: { lambda: [0.3, 0.03] }, folds: 4 });
    expect(cvA.grid.map((g) => g.mean)).toEqual(cvB.grid.map((g) => g.mean).map((v) => expect.closeTo(v, 12)));
    const path = await sc.path('lasso', { X, y: labels, loss: 'logistic', offset }, { nLambda: 5 });
    expect(path.points[0].model.coef.every((c) => c === 0)).toBe(true);
    expect(path.points.at(-1)!.model.offset).toBe(true);
  });

  it("make suggest read the squared loss's targets as y − o, and the logistic gradient at the null model with offsets", async () => {
    const shifted = y.map((v, i) => v - offset[i]);
    expect(sc.suggest('gflasso', { X, y, offset })).toEqual(sc.suggest('gflasso', { X, y: shifted }));
    expect(sc.suggest('gflasso', { X, y, offset })).not.toEqual(sc.suggest('gflasso', { X, y }));
    // GFLasso's suggested λ2 is its declared factor times the gradient scale ‖Xcᵀ r‖∞/n over d^power,
    // the scale a lasso path reports as its top (computed by the library at the null model's
    // Newton-solved intercept, with the offsets and weights).
    const { factor, power } = sc.info.methods.find((m) => m.name === 'gflasso')!.options.find((o) => o.name === 'lambda2')!.suggested!;
    const weights = X.map((_, i) => 0.5 + (i % 4));
    for (const extra of [{}, { weights }, { intercept: false }, { weights, intercept: false }]) {
      const params = { X, y: labels, loss: 'logistic' as const, offset, ...extra };
      const top = (await sc.path('lasso', params, { nLambda: 2 })).top;
      const suggested = sc.suggest('gflasso', params).lambda2!;
      expect(Math.abs(suggested / ((factor * top) / d ** power) - 1), JSON.stringify(Object.keys(extra))).toBeLessThan(1e-10);
    }
    expect((await refusal(async () => sc.suggest('svm', { X, y: labels, offset }))).field).toBe('offset');
  });

  it('are refused by name where not taken, and when malformed', async () => {
    const classes = X.map((_, i) => i % 3);
    expect((await refusal(() => sc.fit('lasso', { X, y: classes, loss: 'multinomial', lambda: 0.01, offset }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('svm', { X, y: labels, lambda: 0.1, offset }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('experts-am', { X, y, Q: 2, offset }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('lasso', { X, y, lambda: 0.1, offset: offset.slice(2) }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('lasso', { X, y, lambda: 0.1, offset: offset.map((v, i) => (i === 4 ? NaN : v)) }))).field).toBe(
      'offset',
    );
    expect((await sc.fit('lasso', { X, y, lambda: 0.1, offset })).status).toBe('converged');
  });

  it("name a table's column in fit and predict, tableMatrix and the command line", async () => {
    const rows = X.map((r, i) => ({ a: r[0], b: r[1], c: r[2], o: offset[i], y: y[i] }));
    const byName = await sc.fit('lasso', { X: rows, y: 'y', offset: 'o', lambda: 0.05 });
    const byArray = await sc.fit('lasso', { X, y, offset, lambda: 0.05 });
    expect(byName.featureNames).toEqual(['a', 'b', 'c']);
    expect(byName.coef).toEqual(byArray.coef);
    expect(byName.intercept).toEqual(byArray.intercept);
    expect(await sc.predict(byName, rows, undefined, undefined, { offset: 'o' })).toEqual(
      await sc.predict(byArray, X, undefined, undefined, { offset }),
    );
    expect(await sc.score(byName, rows, 'y', 'mse', undefined, undefined, { offset: 'o' })).toBe(
      await sc.score(byArray, X, y, 'mse', undefined, undefined, { offset }),
    );
    expect((await refusal(() => sc.predict(byName, rows, undefined, undefined, { offset: 'p' }))).field).toBe('offset');
    expect((await refusal(() => sc.predict(byArray, X, undefined, undefined, { offset: 'o' }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('lasso', { X, y, offset: 'o', lambda: 0.05 }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('lasso', { X: rows, y: 'y', offset: 'y', lambda: 0.05 }))).field).toBe('offset');
    // The same numbers through a CSV file and the command line.
    const text = 'a,b,c,o,y\n' + rows.map((r) => [r.a, r.b, r.c, r.o, r.y].join(',')).join('\n') + '\n';
    const m = tableMatrix(readTable(text), { target: 'y', offset: 'o' });
    expect(m.featureNames).toEqual(['a', 'b', 'c']);
    expect(Array.from(m.offset!)).toEqual(offset);
    expect(() => tableMatrix(readTable(text), { target: 'y', offset: 'y' })).toThrow(/cannot also be the offset/);
    const dir = mkdtempSync(join(tmpdir(), 'supclust-offset-'));
    writeFileSync(join(dir, 'o.csv'), text);
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), ...args], { encoding: 'utf8', cwd: dir });
    const fitted = cli(
      'fit',
      'o.csv',
      '--target',
      'y',
      '--offset',
      'o',
      '--method',
      'lasso',
      '--lambda',
      '0.05',
      '--out',
      'm.json',
      '--json',
    );
    expect(fitted.status, fitted.stderr).toBe(0);
    expect(JSON.parse(fitted.stdout).model.coef).toEqual(byArray.coef);
    const predicted = cli('predict', 'm.json', 'o.csv', '--offset', 'o', '--json');
    expect(predicted.status, predicted.stderr).toBe(0);
    expect(JSON.parse(predicted.stdout).map((r: { prediction: number }) => r.prediction)).toEqual(
      Array.from(await sc.predict(byArray, X, undefined, undefined, { offset })),
    );
    const without = cli('predict', 'm.json', 'o.csv');
    expect(without.status).not.toBe(0);
    expect(without.stderr).toContain('--offset');
    // fit --test: the held-out rows scored with their own offsets, recomputed from the API's fit on
    // the same split.
    const tested = cli(
      'fit',
      'o.csv',
      '--target',
      'y',
      '--offset',
      'o',
      '--method',
      'lasso',
      '--lambda',
      '0.05',
      '--test',
      '0.25',
      '--json',
    );
    expect(tested.status, tested.stderr).toBe(0);
    const split = splitRows(n, { test: 0.25, seed: 1 });
    const Xf = Float64Array.from(X.flat());
    const trained = await sc.fit('lasso', {
      X: selectRows(Xf, split.train, d),
      nRows: split.train.length,
      nCols: d,
      y: selectRows(Float64Array.from(y), split.train),
      featureNames: ['a', 'b', 'c'],
      offset: selectRows(Float64Array.from(offset), split.train),
      lambda: 0.05,
    });
    const heldOffset = selectRows(Float64Array.from(offset), split.test);
    const p = await sc.predict(trained, selectRows(Xf, split.test, d), split.test.length, d, { offset: heldOffset });
    expect(JSON.parse(tested.stdout).test.mse).toBe(mse(selectRows(Float64Array.from(y), split.test), p));
  });
});
