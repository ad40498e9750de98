// Clustered tasks through the API in Node: the model's shape (kind, one predictor per class,
// a cluster per task, the Q centres row-major over the features) with the centres recomputed by
// hand from the penalty's closed form, predict's n × K scores and predictClass by hand, the
// generator's truth recovered, cross-validation and Q chosen by held-out error, the tables' shapes, K targets per row (the
// one-vs-all problem given as columns gives the same model; independent probabilities), and bad
// input named with the module still usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

function ari(a: number[], b: number[]): number {
  const n = a.length,
    pairs = (x: number) => (x * (x - 1)) / 2;
  const table = new Map<string, number>(),
    ra = new Map<number, number>(),
    rb = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    table.set(`${a[i]},${b[i]}`, (table.get(`${a[i]},${b[i]}`) ?? 0) + 1);
    ra.set(a[i], (ra.get(a[i]) ?? 0) + 1);
    rb.set(b[i], (rb.get(b[i]) ?? 0) + 1);
  }
  const index = [...table.values()].reduce((s, x) => s + pairs(x), 0);
  const sa = [...ra.values()].reduce((s, x) => s + pairs(x), 0),
    sb = [...rb.values()].reduce((s, x) => s + pairs(x), 0);
  const expected = (sa * sb) / pairs(n),
    max = (sa + sb) / 2;
  return (index - expected) / (max - expected);
}

describe('clustered tasks', () => {
  it('fit one predictor per class around Q centres that predict() and predictClass() use', async () => {
    const data = await sc.generate('tasks', { n: 2000, d: 30, Q: 3, tasks: 6, sigma: 0, taskSpread: 0.05, nTest: 50, seed: 2 });
    const { nCols: d } = data;
    const within = 0.05,
      between = 1e-3,
      mean = 1e-3;
    const m = await sc.fit('tasks-ssc', {
      X: data.X,
      nRows: data.nRows,
      nCols: d,
      y: data.y,
      loss: 'ova-logistic',
      Q: 3,
      within,
      between,
      mean,
    });
    expect(m.kind).toBe('tasks');
    expect(m.outputs).toBe(6);
    expect(m.classes).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.groups.length).toBe(6);
    expect(m.centroids.length).toBe(3 * d);
    expect(sc.info.methods.find((x) => x.name === 'tasks-ssc')?.kind).toBe('tasks');
    expect(ari(m.groups, Array.from(data.groups))).toBe(1); // the generator's clusters, found

    // Centres by the closed form: V = W(α(M − Γ) + βΓ), α = λ_W/(λ_W + λ_B), β = λ_W/(λ_W + λ_M).
    const alpha = within / (within + between),
      beta = within / (within + mean),
      K = 6;
    const size = [0, 1, 2].map((q) => m.groups.filter((g) => g === q).length);
    for (let q = 0; q < 3; q++)
      for (let j = 0; j < d; j++) {
        let inCluster = 0,
          all = 0;
        for (let k = 0; k < K; k++) {
          all += m.coef[j * K + k];
          if (m.groups[k] === q) inCluster += m.coef[j * K + k];
        }
        const v = alpha * (inCluster / size[q] - all / K) + beta * (all / K);
        expect(m.centroids[q * d + j]).toBeCloseTo(v, 12);
      }

    const Z = await sc.predict(m, data.Xtest, data.nTest, d);
    expect(Z.length).toBe(50 * K);
    const classes = await sc.predictClass(m, data.Xtest, data.nTest, d);
    for (let i = 0; i < 50; i++) {
      let best = 0;
      for (let k = 0; k < K; k++) {
        let s = m.intercept[k];
        for (let j = 0; j < d; j++) s += data.Xtest[i * d + j] * m.coef[j * K + k];
        expect(Z[i * K + k]).toBeCloseTo(s, 10);
        if (s > Z[i * K + best]) best = k;
      }
      expect(classes[i]).toBe(best);
    }
  });

  // OM is the best of all partitions: tests/cpp/families/tasks/clustered_tasks_test.cpp.
  it("the hard model's predictors are its centres, class by class (the coef layout)", async () => {
    const data = await sc.generate('tasks', { n: 300, d: 10, Q: 2, tasks: 4, seed: 7 });
    const pg = await sc.fit('tasks-pg', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, loss: 'ova-logistic', Q: 2 });
    for (let k = 0; k < 4; k++) for (let j = 0; j < 10; j++) expect(pg.coef[j * 4 + k]).toBe(pg.centroids[pg.groups[k] * 10 + j]);
  });

  it("tasks-pg's two starts: the lower objective of the paper's start alone and ours, counted", async () => {
    // The enumeration against both: tests/cpp/methods/nonconvex_defaults_test.cpp.
    for (const seed of [1, 2, 3, 4]) {
      const data = await sc.generate('tasks', { n: 120, d: 5, Q: 3, tasks: 8, seed, nTest: 0 });
      const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, loss: 'ova-squared' as const, Q: 3, lambda: 1e-3 };
      const both = await sc.fit('tasks-pg', base),
        paper = await sc.fit('tasks-pg', { ...base, metricStart: false });
      expect(both.objective).toBeLessThanOrEqual(paper.objective * (1 + 1e-12));
      expect(both.starts?.count).toBe(2);
      expect(both.warnings).toEqual([]); // two fixed starts: nothing more starts would add
      expect(paper.starts).toBeUndefined();
      expect(both.iterations).toBeGreaterThan(paper.iterations);
    }
  });

  it('cross-validate the weights; the tables have their columns', async () => {
    const data = await sc.generate('tasks', { n: 200, d: 10, Q: 2, tasks: 4, seed: 3 });
    const cv = await sc.crossValidate(
      'tasks-ssc',
      { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, loss: 'ova-logistic', Q: 2 },
      { grid: { within: [1e-2, 1e-1] }, folds: 3 },
    );
    expect(cv.model.kind).toBe('tasks');
    expect(cv.grid.length).toBe(2);
    const t = await sc.experiment('tasks-n', { reps: 1, fast: true, methods: ['OM ridge', 'SSC logistic'] });
    expect(t.columns.length).toBe(10);
    expect(t.rows.map((r) => r.method)).toEqual(['OM ridge', 'SSC logistic']);
    for (const row of t.rows)
      for (const [c, cell] of row.cells.entries()) {
        expect(cell.mean).toBeGreaterThanOrEqual(c % 2 === 0 ? 0 : -100);
        expect(cell.mean).toBeLessThanOrEqual(100);
      }
    expect(sc.info.experiments.find((e) => e.id === '20ng-topics')).toBeDefined();
  });

  it("choose Q by held-out error: a cross-validated path over Q, each fold's score a fit on its training rows", async () => {
    // Eight regression tasks (K target columns) whose predictors are four planted centres.
    const n = 300,
      d = 10,
      K = 8;
    const { X } = await sc.generate('e1', { n, d, Q: 2, seed: 5 });
    let state = 7;
    const normal = () => {
      // Box–Muller on a Lehmer generator: the same draws everywhere
      const u = () => (state = (state * 48271) % 2147483647) / 2147483647;
      return Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    };
    const centres = Array.from({ length: 4 }, () => Array.from({ length: d }, normal));
    const W = Array.from({ length: K }, (_, k) => centres[k % 4]);
    const Y = Array.from({ length: n }, (_, i) => W.map((w) => w.reduce((s, c, j) => s + c * X[i * d + j], 0) + 0.5 * normal()));
    const foldId = Array.from({ length: n }, (_, i) => i % 5);
    const p = await sc.path(
      'tasks-pg',
      { X, nRows: n, nCols: d, y: Float64Array.from(Y.flat()), yCols: K, loss: 'squared', lambda: 1e-3 },
      { over: 'Q', values: [1, 2, 3, 4, 5, 6], foldId },
    );
    expect(p.points.map((q) => q.lambda)).toEqual([1, 2, 3, 4, 5, 6]);
    // Fold 2 at Q = 4 by hand: the fit on the other folds' rows, its held-out mean squared error.
    const train = foldId.flatMap((f, i) => (f === 2 ? [] : [i])),
      held = foldId.flatMap((f, i) => (f === 2 ? [i] : []));
    const rows = (idx: number[]) => Float64Array.from(idx.flatMap((i) => Array.from(X.subarray(i * d, (i + 1) * d))));
    const m = await sc.fit('tasks-pg', {
      X: rows(train),
      nRows: train.length,
      nCols: d,
      y: Float64Array.from(train.flatMap((i) => Y[i])),
      yCols: K,
      loss: 'squared',
      lambda: 1e-3,
      Q: 4,
    });
    const scores = await sc.predict(m, rows(held), held.length, d);
    const mse = held.reduce((s, i, r) => s + Y[i].reduce((t, v, k) => t + (scores[r * K + k] - v) ** 2, 0), 0) / (held.length * K);
    expect(Math.abs(p.points[3].cv!.scores[2] - mse) / mse).toBeLessThan(1e-12);
    // The choices: the least mean error, and the fewest clusters within one standard error of it —
    // the four planted ones.
    const means = p.points.map((q) => q.cv!.mean);
    const best = means.indexOf(Math.min(...means));
    expect(p.crossValidation!.best).toBe(best);
    expect(p.crossValidation!.best1se).toBe(means.findIndex((v) => v <= means[best] + p.points[best].cv!.se));
    expect(p.points[p.crossValidation!.best1se].lambda).toBe(4);
  });

  it('take K targets per row (rows of y or yCols): one-hot columns are the one-vs-all problem', async () => {
    const data = await sc.generate('tasks', { n: 300, d: 8, Q: 2, tasks: 4, nTest: 20, seed: 4 });
    const { nRows: n, nCols: d } = data,
      K = 4;
    const oneHot = (on: number, off: number) => Array.from(data.y, (c) => Array.from({ length: K }, (_, k) => (k === c ? on : off)));
    const base = { X: data.X, nRows: n, nCols: d, Q: 2 };
    const ova = await sc.fit('tasks-cg', { ...base, y: data.y, loss: 'ova-squared' });
    const rows = await sc.fit('tasks-cg', { ...base, y: oneHot(1, -1), loss: 'squared' });
    const flat = await sc.fit('tasks-cg', { ...base, y: Float64Array.from(oneHot(1, -1).flat()), yCols: K, loss: 'squared' });
    for (const m of [rows, flat]) {
      expect(m.outputs).toBe(K);
      expect(m.classes).toBeUndefined();
      expect(m.groups).toEqual(ova.groups);
      m.coef.forEach((w, i) => expect(w).toBeCloseTo(ova.coef[i], 9));
    }
    // 0/1 targets with the logistic loss: each task's own sigmoid, not normalised over tasks.
    const lg = await sc.fit('tasks-ssc', { ...base, y: oneHot(1, 0), loss: 'logistic', lambda: 1e-2 });
    const Z = await sc.predict(lg, data.Xtest, data.nTest, d),
      P = await sc.predictProba(lg, data.Xtest, data.nTest, d);
    expect(P.length).toBe(20 * K);
    P.forEach((p, i) => expect(p).toBeCloseTo(1 / (1 + Math.exp(-Z[i])), 14));
    await expect(sc.predictClass(lg, data.Xtest, data.nTest, d)).rejects.toThrow(/predictProba/);
    const cv = await sc.crossValidate(
      'tasks-frobenius',
      { X: data.X, nRows: n, nCols: d, y: oneHot(1, -1), loss: 'squared' },
      { grid: { lambda: [1e-1, 1e-3] }, folds: 3 },
    );
    expect(cv.metric).toBe('mse');
    expect(cv.model.outputs).toBe(K);
  });

  it('names bad input and stays usable', async () => {
    const data = await sc.generate('tasks', { n: 100, d: 5, Q: 2, tasks: 4, seed: 1 });
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, loss: 'ova-logistic' as const };
    const refused = async (p: Promise<unknown>, field: string) => {
      const e = await p.then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(SupclustError);
      expect((e as SupclustError).message).toContain(field);
    };
    await refused(sc.fit('tasks-ssc', { ...base, Q: 5 }), "'Q'");
    await refused(sc.fit('tasks-ssc', { ...base, Q: 2, within: 0 }), 'within');
    await refused(sc.fit('tasks-cg', { ...base, Q: 2 } as never), 'loss');
    await refused(sc.fit('tasks-trace', { ...base, mu: -1 }), 'mu');
    const targets = Array.from(data.y, (c) => [c === 0 ? 1 : 0, c === 1 ? 1 : 0]);
    await refused(sc.fit('tasks-ssc', { ...base, Q: 2, y: targets }), "loss: 'ova-logistic'");
    await refused(sc.fit('tasks-ssc', { ...base, Q: 2, y: targets, loss: 'logistic', yCols: 3 }), 'yCols');
    await refused(sc.fit('tasks-ssc', { ...base, Q: 2, y: targets.map(([a, b]) => [a, b / 2]), loss: 'logistic' }), 'y: must hold 0 or 1');
    await refused(sc.fit('tasks-ssc', { ...base, Q: 2, y: targets.flat().slice(1), yCols: 2, loss: 'squared' }), 'y: must have');
    await refused(sc.fit('tasks-ssc', { ...base, Q: 2, y: targets.slice(1), loss: 'squared' }), 'y: must have one row of targets');
    await refused(sc.fit('ridge', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: targets }), 'clustered-tasks methods only');
    await refused(sc.generate('tasks', { n: 10, Q: 5, tasks: 4 }), 'Q');
    await refused(sc.generate('tasks', { n: 10, taskSpread: -1 }), 'taskSpread');
    const m = await sc.fit('tasks-ssc', { ...base, Q: 2 });
    expect(m.groups.length).toBe(4);
  });
});
