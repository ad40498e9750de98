// Row offsets through the API (glmnet's offset and newoffset): a model fitted with them says so,
// its predictions, probabilities, classes and scores need the new rows' and add them (recomputed
// here from the coefficients), a saved model keeps the flag; cross-validation and a path take
// them; the losses and methods that take none, and malformed offsets, are refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, validateModel, type Supclust } from '../../dist/node/index.js';

let sc: Supclust;
beforeAll(async () => { sc = await load({ variant: 'simd' }); });
afterAll(() => sc?.dispose());

const n = 40, d = 3;
const X = Array.from({ length: n }, (_, i) => [Math.sin(i), Math.cos(2 * i), ((i * 7) % 5) - 2]);
const offset = Array.from({ length: n }, (_, i) => 0.7 * Math.sin(0.9 * i + 1));
const labels = X.map((r, i) => (r[0] - r[1] + 1.5 * offset[i] > 0 ? 1 : 0));
const y = X.map((r, i) => 2 * r[0] - r[2] + 3 * offset[i] + 0.1 * Math.cos(5 * i));
const refusal = async (f: () => Promise<unknown>) => {
  try { await f(); } catch (e) { return e as SupclustError; }
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
    const a = await sc.fit('ihc', { X, y, Q: 2, offset }), b = await sc.fit('ihc', { X, y: shifted, Q: 2 });
    expect(a.coef).toEqual(b.coef);
    expect(a.intercept).toEqual(b.intercept);
    const cvA = await sc.crossValidate('lasso', { X, y, offset }, { grid: { lambda: [0.3, 0.03] }, folds: 4 });
    const cvB = await sc.crossValidate('lasso', { X, y: shifted }, { grid: { lambda: [0.3, 0.03] }, folds: 4 });
    expect(cvA.grid.map((g) => g.mean)).toEqual(cvB.grid.map((g) => g.mean).map((v) => expect.closeTo(v, 12)));
    const path = await sc.path('lasso', { X, y: labels, loss: 'logistic', offset }, { nLambda: 5 });
    expect(path.points[0].model.coef.every((c) => c === 0)).toBe(true);
    expect(path.points.at(-1)!.model.offset).toBe(true);
  });

  it('make suggest read the squared loss\'s targets as y − o', () => {
    const shifted = y.map((v, i) => v - offset[i]);
    expect(sc.suggest('gflasso', { X, y, offset })).toEqual(sc.suggest('gflasso', { X, y: shifted }));
    expect(sc.suggest('gflasso', { X, y, offset })).not.toEqual(sc.suggest('gflasso', { X, y }));
  });

  it('are refused by name where not taken, and when malformed', async () => {
    const classes = X.map((_, i) => i % 3);
    expect((await refusal(() => sc.fit('lasso', { X, y: classes, loss: 'multinomial', lambda: 0.01, offset }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('svm', { X, y: labels, lambda: 0.1, offset }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('experts-am', { X, y, Q: 2, offset }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('lasso', { X, y, lambda: 0.1, offset: offset.slice(2) }))).field).toBe('offset');
    expect((await refusal(() => sc.fit('lasso', { X, y, lambda: 0.1, offset: offset.map((v, i) => (i === 4 ? NaN : v)) }))).field).toBe('offset');
    expect((await sc.fit('lasso', { X, y, lambda: 0.1, offset })).status).toBe('converged');
  });
});
