// X as a table of named columns (an Apache Arrow table built by apache-arrow itself, an object of
// columns, an array of row objects): every call that reads data gives the answer it gives for
// the same numbers as a row-major matrix built here by hand, the feature names come from the
// columns, y and weights are named by column, a prediction reads the model's columns by name
// whatever the table's order, and a bad cell is refused naming its column and row.
import { makeVector, tableFromArrays, vectorFromArray, Dictionary, Int32, Utf8, Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type SupclustError, type Supclust } from '../../dist/node/index.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

// 60 rows: three numeric features of different kinds, a text column and two targets.
const n = 60;
const a = Float64Array.from({ length: n }, (_, i) => Math.sin(1.3 * i));
const b = Int32Array.from({ length: n }, (_, i) => ((i * 7) % 11) - 5);
const big = BigInt64Array.from({ length: n }, (_, i) => BigInt((i * 13) % 17));
const price = Float64Array.from({ length: n }, (_, i) => 2 * a[i] - 0.5 * b[i] + 0.1 * Number(big[i]) + 0.01 * Math.cos(i));
const kind = Array.from({ length: n }, (_, i) => (price[i] > 0 ? 'dear' : 'cheap'));
const weight = Float64Array.from({ length: n }, (_, i) => 1 + (i % 3));
const city = Array.from({ length: n }, (_, i) => ['Lyon', 'Oslo', 'Kyiv'][i % 3]);
const arrow = tableFromArrays({ city, a, b, big, price, kind, weight });

// The same numbers by hand: row-major, the columns a, b, big.
const features = ['a', 'b', 'big'];
const X = new Float64Array(n * 3);
for (let i = 0; i < n; i++) {
  X[3 * i] = a[i];
  X[3 * i + 1] = b[i];
  X[3 * i + 2] = Number(big[i]);
}
const rowsOf = () =>
  Array.from({ length: n }, (_, i) => ({
    city: city[i],
    a: a[i],
    b: b[i],
    big: Number(big[i]),
    price: price[i],
    kind: kind[i],
    weight: weight[i],
  }));
const withoutTime = <T extends object>(m: T) => ({ ...m, seconds: 0 });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('accepted');
    },
    (e: SupclustError) => e,
  );

describe('X as a table of named columns', () => {
  it('fits as the matrix of the named columns, by every kind of table', async () => {
    const byHand = await sc.fit('ihc', { X, nRows: n, nCols: 3, y: price, Q: 2, featureNames: features });
    const tables = [arrow, { a, b, big, price }, rowsOf()];
    for (const table of tables) {
      const m = await sc.fit('ihc', { X: table, y: 'price', featureNames: features, Q: 2 });
      expect(withoutTime(m)).toEqual(withoutTime(byHand));
    }
    // Default features: every column but y's and weights' (the text column must then be left out).
    const m = await sc.fit('ihc', { X: { a, b, big, price }, y: 'price', Q: 2 });
    expect(m.featureNames).toEqual(features);
    expect(withoutTime(m)).toEqual(withoutTime(byHand));
  });

  it("predicts and scores by the model's column names, in any order and beside other columns", async () => {
    const m = await sc.fit('ridge', { X: arrow, y: 'price', featureNames: features, lambda: 0.1 });
    const want = await sc.predict(m, X, n);
    expect(await sc.predict(m, arrow)).toEqual(want);
    expect(await sc.predict(m, { big, city, b, a })).toEqual(want);
    expect(await sc.score(m, arrow, 'price')).toBe(await sc.score(m, X, price, undefined, n));
    // A model fitted without names reads every column, in the table's order.
    const plain = await sc.fit('ridge', { X, nRows: n, nCols: 3, y: price, lambda: 0.1 });
    expect(await sc.predict(plain, { a, b, big })).toEqual(want);
    expect((await refusal(sc.predict(m, { a, b }))).field).toBe('X');
  });

  it('reads text targets as class labels, and weights by column', async () => {
    const m = await sc.fit('lasso', { X: arrow, y: 'kind', weights: 'weight', featureNames: features, loss: 'logistic', lambda: 0.01 });
    const byHand = await sc.fit('lasso', {
      X,
      nRows: n,
      nCols: 3,
      y: kind,
      weights: weight,
      loss: 'logistic',
      lambda: 0.01,
      featureNames: features,
    });
    expect(withoutTime(m)).toEqual(withoutTime(byHand));
    expect(m.classes).toEqual(['cheap', 'dear']);
    expect(await sc.predictClass(m, rowsOf())).toEqual(await sc.predictClass(byHand, X, n));
    // A dictionary-encoded (categorical) column, as DuckDB and Arquero give text.
    const codes = Int32Array.from(kind, (k) => (k === 'cheap' ? 0 : 1));
    const categorical = makeVector({
      type: new Dictionary(new Utf8(), new Int32()),
      data: codes,
      dictionary: vectorFromArray(['cheap', 'dear'], new Utf8()),
    } as never);
    const table = new Table({
      a: arrow.getChild('a')!,
      b: arrow.getChild('b')!,
      big: arrow.getChild('big')!,
      kind: categorical,
      weight: arrow.getChild('weight')!,
    });
    expect(withoutTime(await sc.fit('lasso', { X: table, y: 'kind', weights: 'weight', loss: 'logistic', lambda: 0.01 }))).toEqual(
      withoutTime(byHand),
    );
  });

  it('runs paths, cross-validation, suggestions and held datasets from tables', async () => {
    const params = { X, nRows: n, nCols: 3, y: price };
    const table = { X: arrow, y: 'price', featureNames: features };
    const [p1, p2] = [await sc.path('lasso', params, { nLambda: 8 }), await sc.path('lasso', table, { nLambda: 8 })];
    expect(p2.points.map((p) => p.model.coef)).toEqual(p1.points.map((p) => p.model.coef));
    const grid = { grid: { lambda: [1, 0.1] }, folds: 3, seed: 1 };
    expect((await sc.crossValidate('ridge', table, grid)).scores).toEqual((await sc.crossValidate('ridge', params, grid)).scores);
    expect(sc.suggest('gflasso', table)).toEqual(sc.suggest('gflasso', params));
    const held = await sc.dataset({ a, b, big });
    expect(withoutTime(await sc.fit('ridge', { X: held, y: price, lambda: 1 }))).toEqual(
      withoutTime(await sc.fit('ridge', { ...params, lambda: 1 })),
    );
    held.dispose();
  });

  it('refuses a bad cell naming its column and row, and stays usable', async () => {
    const gap = tableFromArrays({ a: vectorFromArray([1, 2, null, 4]), y: [1, 2, 3, 4] });
    let e = await refusal(sc.fit('ridge', { X: gap, y: 'y' }));
    expect([e.code, e.field]).toEqual(['invalid-input', 'X']);
    expect(e.message).toContain("column 'a', row 3: missing");
    e = await refusal(sc.fit('ridge', { X: arrow, y: 'price' })); // the text column among the features
    expect(e.message).toContain("column 'city', row 1: 'Lyon' is not a finite number");
    e = await refusal(sc.fit('ridge', { X: { a: [1, Number.NaN, 3], y: [1, 2, 3] }, y: 'y' }));
    expect(e.message).toContain("column 'a', row 2: NaN");
    expect((await refusal(sc.fit('ridge', { X: arrow, y: 'cost' }))).field).toBe('y');
    expect((await refusal(sc.fit('ridge', { X: arrow, y: 'price', featureNames: ['a', 'price'] }))).field).toBe('featureNames');
    expect((await refusal(sc.fit('ridge', { X: arrow, y: 'price', featureNames: features, nRows: n }))).field).toBe('nRows');
    expect((await refusal(sc.fit('ridge', { X, nRows: n, y: 'price' }))).field).toBe('y');
    expect((await refusal(sc.fit('ridge', { X: { a: [1, 2], b: [1, 2, 3] }, y: [1, 2] }))).field).toBe('X');
    expect((await refusal(sc.fit('ridge', { X: { a: [1, 2] }, y: [1, 2], weights: 'w' }))).field).toBe('weights');
    expect((await sc.fit('ridge', { X: { a: [1, 2, 3] }, y: [1, 2, 4] })).status).toBe('converged');
  });
});
