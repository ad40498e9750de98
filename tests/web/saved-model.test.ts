// validateModel: a model saved as JSON and read back is accepted whole (every kind: features,
// classifiers of two and more classes, experts with their gate, tasks) and predicts as the
// fitted one; every corruption of a field is refused naming that field, with no module loaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, validateModel, SupclustError, type Model, type Supclust } from '../../dist/node/index.js';

let sc: Supclust;
const models: Record<string, Model> = {};
const n = 40,
  d = 5;
const X = Float64Array.from({ length: n * d }, (_, t) => Math.sin(1.7 * t + 0.3));
const y = Float64Array.from({ length: n }, (_, i) => X[i * d] + X[i * d + 1] - 2 * X[i * d + 3]);
const labels = Array.from(y, (v) => (v > 0.3 ? 'high' : v < -0.3 ? 'low' : 'mid'));

beforeAll(async () => {
  sc = await load({ variant: 'simd', module: 'library' });
  const names = ['a', 'b', 'c', 'd', 'e'];
  models.ihc = await sc.fit('ihc', { X, nRows: n, y, Q: 2, featureNames: names });
  models.logistic = await sc.fit('ridge', {
    X,
    nRows: n,
    y: labels.map((l) => (l === 'high' ? 'yes' : 'no')),
    loss: 'logistic',
    lambda: 0.1,
  });
  models.multinomial = await sc.fit('lasso', { X, nRows: n, y: labels, loss: 'multinomial', lambda: 0.01 });
  models.experts = await sc.fit('experts-am', { X, nRows: n, y, Q: 2, seed: 1 });
  models.tasks = await sc.fit('tasks-ssc', { X, nRows: n, y: labels, loss: 'ova-squared', Q: 2 });
});
afterAll(() => sc?.dispose());

const refusedField = (saved: unknown) => {
  try {
    validateModel(saved);
  } catch (e) {
    expect(e).toBeInstanceOf(SupclustError);
    return (e as SupclustError).field;
  }
  return 'accepted';
};

describe('validateModel', () => {
  it('accepts every kind of model saved as JSON, text or parsed, and it predicts as the fitted one', async () => {
    for (const [name, m] of Object.entries(models)) {
      const text = JSON.stringify(m);
      const read = validateModel(text);
      expect(read, name).toEqual(JSON.parse(text));
      expect(validateModel(JSON.parse(text)), name).toEqual(read);
      expect(await sc.predict(read, X, n), name).toEqual(await sc.predict(m, X, n));
    }
  });

  it('refuses each corruption naming its field', () => {
    const base = JSON.parse(JSON.stringify(models.ihc));
    const logistic = JSON.parse(JSON.stringify(models.logistic));
    const experts = JSON.parse(JSON.stringify(models.experts));
    const cases: [string, unknown][] = [
      ['model', '{ not json'],
      ['model', 42],
      ['model.schemaVersion', { ...base, schemaVersion: 2 }],
      ['model.method', { ...base, method: 'kmeans' }],
      ['model.kind', { ...base, kind: 'experts' }],
      ['model.loss', { ...base, loss: 'hinge' }],
      ['model.loss', { ...base, loss: 'poisson' }],
      ['model.params', { ...base, params: [] }],
      ['model.params', { ...base, params: { ...base.params, lamda: 1 } }],
      ['model.params', { ...base, params: { ...base.params, Q: { two: 2 } } }],
      ['model.coef', { ...base, coef: base.coef.slice(1) }],
      ['model.coef', { ...base, coef: [...base.coef.slice(1), 'x'] }],
      ['model.intercept', { ...base, intercept: [] }],
      ['model.nFeatures', { ...base, nFeatures: 0 }],
      ['model.intercept', { ...base, outputs: 2 }],
      ['model.outputs', { ...base, outputs: undefined }],
      ['model.featureNames', { ...base, featureNames: ['a', 'b'] }],
      ['model.featureNames', { ...base, featureNames: [1, 2, 3, 4, 5] }],
      ['model.groups', { ...base, groups: base.groups.slice(1) }],
      ['model.groups', { ...base, groups: base.groups.map(() => 7) }],
      ['model.groups', { ...base, groups: base.groups.map(() => -1) }],
      ['model.centroids', { ...base, centroids: 'none' }],
      ['model.status', { ...base, status: 'done' }],
      ['model.message', { ...base, message: undefined }],
      ['model.iterations', { ...base, iterations: 1.5 }],
      ['model.objective', { ...base, objective: 'low' }],
      ['model.history', { ...base, history: ['x'] }],
      ['model.classes', { ...logistic, classes: ['no', 'no'] }],
      ['model.classes', { ...base, classes: ['a', 'b'] }],
      ['model.gate', { ...base, gate: experts.gate }],
      ['model.gate.coef', { ...experts, gate: { ...experts.gate, coef: experts.gate.coef.slice(1) } }],
    ];
    for (const [field, saved] of cases) expect(refusedField(saved), `${field}: ${JSON.stringify(saved).slice(0, 80)}`).toBe(field);
    // JSON writes a numerical issue's NaN objective as null: read back, not refused.
    expect(refusedField({ ...base, status: 'numerical-issue', objective: null, history: [1, null] })).toBe('accepted');
  });
});
