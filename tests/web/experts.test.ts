// Experts through the API in Node: the model's shape (kind, Q outputs, a label per training
// sample, a gate), expertAnswers' n × Q answers and gate probabilities and predict's gated mixture
// recomputed by hand, expertError's best answers and MSE against
// a direct computation, cross-validation scored by the best answer, classifying experts by AM and
// by PG (each expert's label by hand, the best-answer error against those labels, better than
// one classifier), the E3/E4 tables' shapes, the threaded build's side-by-side starts giving the
// single-thread answer, and bad input named with the module still usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

describe('experts', () => {
  it('fit Q predictors whose answers predict() and expertError() give', async () => {
    const data = await sc.generate('experts', { n: 300, d: 4, Q: 3, sigma: 0.05, nTest: 40, seed: 5 });
    expect(data.nCols).toBe(4);
    const m = await sc.fit('experts-am', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 3, lambda: 1e-6 });
    expect(m.kind).toBe('experts');
    expect(m.outputs).toBe(3);
    expect(m.coef.length).toBe(4 * 3);
    expect(m.groups.length).toBe(300);
    expect(m.centroids.length).toBe(0);
    expect(sc.info.methods.find((x) => x.name === 'experts-am')?.kind).toBe('experts');
    expect(sc.info.methods.find((x) => x.name === 'ridge')?.kind).toBe('features');

    const { answers: Z, gate } = await sc.expertAnswers(m, data.Xtest, data.nTest, data.nCols);
    const mixed = await sc.predict(m, data.Xtest, data.nTest, data.nCols);
    expect(Z.length).toBe(40 * 3);
    expect(gate.length).toBe(40 * 3);
    expect(m.gate!.coef.length).toBe(4 * 3);
    expect(m.gate!.intercept.length).toBe(3);
    expect(mixed.length).toBe(40);
    for (let i = 0; i < 40; i++) {
      // The gate: softmax(xᵀV + a) over the experts; the mixture: Σ_q π_q ŷ_q.
      const scores = [0, 1, 2].map(
        (q) => m.gate!.intercept[q] + [0, 1, 2, 3].reduce((t, j) => t + data.Xtest[i * 4 + j] * m.gate!.coef[j * 3 + q], 0),
      );
      const top = Math.max(...scores),
        e = scores.map((t) => Math.exp(t - top)),
        sum = e[0] + e[1] + e[2];
      let mixture = 0;
      for (let q = 0; q < 3; q++) {
        let s = m.intercept[q];
        for (let j = 0; j < 4; j++) s += data.Xtest[i * 4 + j] * m.coef[j * 3 + q];
        expect(Z[i * 3 + q]).toBeCloseTo(s, 10);
        expect(gate[i * 3 + q]).toBeCloseTo(e[q] / sum, 12);
        mixture += (e[q] / sum) * s;
      }
      expect(mixed[i]).toBeCloseTo(mixture, 10);
    }
    const err = await sc.expertError(m, data.Xtest, data.ytest, data.nTest, data.nCols);
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const answers = [0, 1, 2].map((q) => Z[i * 3 + q]);
      const best = answers.reduce((b, z, q) => (Math.abs(z - data.ytest[i]) < Math.abs(answers[b] - data.ytest[i]) ? q : b), 0);
      expect(err.expert[i]).toBe(best);
      expect(err.prediction[i]).toBe(answers[best]);
      total += (answers[best] - data.ytest[i]) ** 2;
    }
    expect(err.mse).toBeCloseTo(total / 40, 14);
    // The experts are found: the best answer errs by about the noise (σ = 0.05).
    expect(err.mse).toBeLessThan(4 * 0.05 ** 2);
    // The training partition matches the generator's up to a relabelling.
    const agree = new Map<string, number>();
    for (let i = 0; i < 300; i++) agree.set(`${m.groups[i]}-${data.groups[i]}`, (agree.get(`${m.groups[i]}-${data.groups[i]}`) ?? 0) + 1);
    expect([...agree.values()].filter((c) => c > 10).length).toBe(3);
  });

  it('experts-em: the soft mixture with its variances, a gate or constant priors, and its starts', async () => {
    // Two regressions on x ∈ R², the expert chosen by the sign of x₁ (a gate can tell it).
    let s = 777;
    const normal = () => {
      const u = ((s = (s * 1103515245 + 12345) % 2147483648) + 1) / 2147483649,
        w = (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
    };
    const make = (n: number) => {
      const X = new Float64Array(2 * n),
        y = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        X[2 * i] = normal();
        X[2 * i + 1] = normal();
        y[i] = X[2 * i] > 0 ? 3 * X[2 * i + 1] + 1 : -3 * X[2 * i + 1] - 1 + 0.2 * normal();
      }
      return { X, y, n };
    };
    const train = make(400),
      test = make(400);
    const m = await sc.fit('experts-em', { X: train.X, nRows: 400, nCols: 2, y: train.y, Q: 2 });
    expect(m.kind).toBe('experts');
    expect(m.variances!.length).toBe(2);
    expect(m.starts!.count).toBe(10);
    expect(m.starts!.atBest).toBeGreaterThanOrEqual(1);
    // BIC = 2n F + p log n, p = Q(d + 2) + (Q − 1)(d + 1) = 8 + 3 with the gate.
    expect(m.criterion!).toBeCloseTo(2 * 400 * m.objective + 11 * Math.log(400), 8);
    const byQ = await sc.path(
      'experts-em',
      { X: train.X, nRows: 400, nCols: 2, y: train.y, restarts: 3 },
      { over: 'Q', values: [1, 2, 3] },
    );
    expect(byQ.points.map((p) => p.criterion ?? NaN)).toEqual(byQ.points.map((p) => p.model.criterion ?? NaN));
    expect(byQ.points[byQ.bestCriterion!].lambda).toBe(2);
    // The papers' method, Q chosen by the held-out error of its gated prediction.
    const cvQ = await sc.path(
      'experts-am',
      { X: train.X, nRows: 400, nCols: 2, y: train.y },
      { over: 'Q', values: [1, 2, 3], folds: 5, experts: 'gated' },
    );
    expect(cvQ.points[cvQ.crossValidation!.best1se].lambda).toBe(2);
    await expect(
      sc.path('experts-am', { X: train.X, nRows: 400, nCols: 2, y: train.y }, {
        over: 'Q',
        values: [1, 2],
        folds: 5,
        experts: 'gate',
      } as never),
    ).rejects.toMatchObject({ field: 'experts' });
    for (let t = 1; t < m.history.length; t++)
      expect(m.history[t]).toBeLessThanOrEqual(m.history[t - 1] + 1e-12 * Math.abs(m.history[t - 1]));
    // Constant priors can only average the two experts: about E(3x₂ + 1)² = 10. The gate errs
    // only on rows near x₁ = 0, where its softmax is not yet 0 or 1: a tenth of that at most.
    const mse = (z: Float64Array) => z.reduce((t, v, i) => t + (v - test.y[i]) ** 2, 0) / test.n;
    const gated = mse(await sc.predict(m, test.X, 400, 2));
    const constant = await sc.fit('experts-em', { X: train.X, nRows: 400, nCols: 2, y: train.y, Q: 2, mixing: 'constant' });
    expect(constant.gate!.coef.every((v) => v === 0)).toBe(true);
    const averaged = mse(await sc.predict(constant, test.X, 400, 2));
    expect(averaged).toBeGreaterThan(5);
    expect(gated).toBeLessThan(averaged / 10);
  });

  it("experts-em with loss 'logistic': a gated mixture of two classifiers where one classifier is at chance", async () => {
    // Two logistic classifiers with opposite slopes on x₂, the expert chosen by the sign of x₁.
    let s = 4242;
    const uniform = () => ((s = (s * 1103515245 + 12345) % 2147483648) + 1) / 2147483649;
    const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const make = (n: number) => {
      const X = new Float64Array(2 * n),
        y: string[] = [];
      for (let i = 0; i < n; i++) {
        X[2 * i] = normal();
        X[2 * i + 1] = normal();
        const z = (X[2 * i] > 0 ? 4 : -4) * X[2 * i + 1];
        y.push(uniform() < 1 / (1 + Math.exp(-z)) ? 'yes' : 'no');
      }
      return { X, y };
    };
    const train = make(500),
      test = make(500);
    const m = await sc.fit('experts-em', { X: train.X, nRows: 500, nCols: 2, y: train.y, Q: 2, loss: 'logistic' });
    expect(m.classes).toEqual(['no', 'yes']);
    expect(m.variances).toBeUndefined();
    // BIC = 2n F + p log n, p = Q(d + 1) + (Q − 1)(d + 1) = 6 + 3 with the gate (no variances).
    expect(m.criterion!).toBeCloseTo(2 * 500 * m.objective + 9 * Math.log(500), 8);
    // predictProba: Σ_q π_q(x) σ(z_q), from the experts' answers — each expert's class scores
    // (−z, z) — and the gate's probabilities.
    const { answers, gate } = await sc.expertAnswers(m, test.X, 500, 2);
    expect(answers.length).toBe(500 * 4);
    const P = await sc.predictProba(m, test.X, 500, 2);
    for (let i = 0; i < 500; i++) {
      let p = 0;
      for (let q = 0; q < 2; q++) {
        expect(answers[i * 4 + 2 * q]).toBe(-answers[i * 4 + 2 * q + 1]);
        p += gate[i * 2 + q] / (1 + Math.exp(-answers[i * 4 + 2 * q + 1]));
      }
      expect(P[2 * i + 1]).toBeCloseTo(p, 12);
      expect(P[2 * i] + P[2 * i + 1]).toBeCloseTo(1, 12);
    }
    // The planted rule's own accuracy on these rows, the gated mixture's, and one classifier's.
    const accuracy = (labels: readonly string[]) => labels.filter((c, i) => c === test.y[i]).length / 500;
    const truth = accuracy(test.y.map((_, i) => ((test.X[2 * i] > 0 ? 4 : -4) * test.X[2 * i + 1] > 0 ? 'yes' : 'no')));
    const mixture = accuracy((await sc.predictClass(m, test.X, 500, 2)) as string[]);
    const single = await sc.fit('ridge', { X: train.X, nRows: 500, nCols: 2, y: train.y, loss: 'logistic', lambda: 1e-3 });
    expect(mixture).toBeGreaterThan(truth - 0.05);
    expect(mixture).toBeGreaterThan(accuracy((await sc.predictClass(single, test.X, 500, 2)) as string[]) + 0.2);
    // A path over Q chooses the two experts by the BIC.
    const byQ = await sc.path(
      'experts-em',
      { X: train.X, nRows: 500, nCols: 2, y: train.y, loss: 'logistic', restarts: 3 },
      { over: 'Q', values: [1, 2, 3] },
    );
    expect(byQ.points[byQ.bestCriterion!].lambda).toBe(2);
    // expertError by hand from the experts' scores z_q: expert q names 'yes' when z_q > 0; a row's
    // expert is the first naming its class, else the one of largest margin (z or −z); `error` the
    // rate of rows no expert names; score 'error' is the same.
    const e = await sc.expertError(m, test.X, test.y, 500, 2);
    let unnamed = 0;
    for (let i = 0; i < 500; i++) {
      const yes = test.y[i] === 'yes';
      const z = [answers[i * 4 + 1], answers[i * 4 + 3]],
        margin = z.map((v) => (yes ? v : -v));
      const naming = z.findIndex((v) => v > 0 === yes);
      const expert = naming >= 0 ? naming : margin[1] > margin[0] ? 1 : 0;
      if (naming < 0) unnamed++;
      expect(e.expert[i]).toBe(expert);
      expect(e.prediction[i]).toBe(z[expert] > 0 ? 1 : 0);
    }
    expect(e.mse).toBeNaN();
    expect(e.error).toBe(unnamed / 500);
    expect(await sc.score(m, test.X, test.y, 'error', 500, 2)).toBe(unnamed / 500);
    // Cross-validation on two folds (the first 200 rows, the rest): each fold's score is the model
    // fitted on the other rows, scored on its own — best answers ('error'), or the gated mixture
    // (its class error from predictClass, its deviance −mean log P(y) from predictProba).
    const params = { X: train.X, nRows: 500, nCols: 2, y: train.y, Q: 2, loss: 'logistic' };
    const foldId = Array.from({ length: 500 }, (_, i) => (i < 200 ? 0 : 1));
    const folds = [
      { fit: [200, 500], held: [0, 200] },
      { fit: [0, 200], held: [200, 500] },
    ];
    const best = await sc.crossValidate('experts-em', params, { grid: { lambda: [1e-3] }, foldId, metric: 'error' });
    const gatedError = await sc.crossValidate('experts-em', params, {
      grid: { lambda: [1e-3] },
      foldId,
      metric: 'error',
      experts: 'gated',
    });
    const gatedDeviance = await sc.crossValidate('experts-em', params, {
      grid: { lambda: [1e-3] },
      foldId,
      metric: 'deviance',
      experts: 'gated',
    });
    for (const [k, { fit, held }] of folds.entries()) {
      const rows = (r: number[]) => ({ X: train.X.subarray(2 * r[0], 2 * r[1]), y: train.y.slice(r[0], r[1]), n: r[1] - r[0] });
      const a = rows(fit),
        h = rows(held);
      const foldModel = await sc.fit('experts-em', { ...params, X: a.X, nRows: a.n, y: a.y, lambda: 1e-3 });
      expect(best.grid[0].scores[k]).toBe((await sc.expertError(foldModel, h.X, h.y, h.n, 2)).error);
      const labels = await sc.predictClass(foldModel, h.X, h.n, 2);
      expect(gatedError.grid[0].scores[k]).toBeCloseTo(labels.filter((c, i) => c !== h.y[i]).length / h.n, 14);
      const P = await sc.predictProba(foldModel, h.X, h.n, 2);
      const deviance = -h.y.reduce((sum, c, i) => sum + Math.log(P[2 * i + (c === 'yes' ? 1 : 0)]), 0) / h.n;
      expect(gatedDeviance.grid[0].scores[k]).toBeCloseTo(deviance, 10);
    }
  });

  it("experts-em with loss 'multinomial': softmax experts over three classes, gated", async () => {
    // Class k's score ±a_k x₂ with a = (−4, 0, 4), the sign the expert's, chosen by the sign of x₁:
    // one softmax classifier cannot tell the outer classes apart.
    let s = 777;
    const uniform = () => ((s = (s * 1103515245 + 12345) % 2147483648) + 1) / 2147483649;
    const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const names = ['low', 'mid', 'top'];
    const make = (n: number) => {
      const X = new Float64Array(2 * n),
        y: string[] = [];
      for (let i = 0; i < n; i++) {
        X[2 * i] = normal();
        X[2 * i + 1] = normal();
        const z = (X[2 * i] > 0 ? 4 : -4) * X[2 * i + 1],
          e = [Math.exp(-z), 1, Math.exp(z)],
          u = uniform() * (e[0] + e[1] + e[2]);
        y.push(names[u < e[0] ? 0 : u < e[0] + e[1] ? 1 : 2]);
      }
      return { X, y };
    };
    const train = make(500),
      test = make(500);
    const m = await sc.fit('experts-em', { X: train.X, nRows: 500, nCols: 2, y: train.y, Q: 2, loss: 'multinomial', restarts: 4 });
    expect(m.classes).toEqual(names);
    expect(m.outputs).toBe(6);
    expect(m.variances).toBeUndefined();
    // BIC = 2n F + p log n, p = Q(K − 1)(d + 1) + (Q − 1)(d + 1) = 12 + 3.
    expect(m.criterion!).toBeCloseTo(2 * 500 * m.objective + 15 * Math.log(500), 8);
    // predictProba: Σ_q π_q(x) softmax(z_q), from each expert's three class scores and the gate.
    const { answers, gate } = await sc.expertAnswers(m, test.X, 500, 2);
    expect(answers.length).toBe(500 * 6);
    const P = await sc.predictProba(m, test.X, 500, 2);
    const labels = (await sc.predictClass(m, test.X, 500, 2)) as string[];
    // A saved model (its JSON) predicts the same.
    expect(await sc.predictProba(JSON.parse(JSON.stringify(m)), test.X, 500, 2)).toEqual(P);
    for (let i = 0; i < 500; i++) {
      const p = [0, 0, 0];
      for (let q = 0; q < 2; q++) {
        const z = answers.slice(i * 6 + 3 * q, i * 6 + 3 * q + 3),
          e = Array.from(z, (v) => Math.exp(v)),
          sum = e[0] + e[1] + e[2];
        for (let k = 0; k < 3; k++) p[k] += (gate[i * 2 + q] * e[k]) / sum;
      }
      for (let k = 0; k < 3; k++) expect(P[3 * i + k]).toBeCloseTo(p[k], 12);
      expect(labels[i]).toBe(names[p.indexOf(Math.max(...p))]);
    }
    const accuracy = (got: readonly string[]) => got.filter((c, i) => c === test.y[i]).length / 500;
    const truth = accuracy(test.y.map((_, i) => names[(test.X[2 * i] > 0 ? 4 : -4) * test.X[2 * i + 1] > 0 ? 2 : 0]));
    const single = await sc.fit('ridge', { X: train.X, nRows: 500, nCols: 2, y: train.y, loss: 'multinomial', lambda: 1e-3 });
    expect(accuracy(labels)).toBeGreaterThan(truth - 0.05);
    expect(accuracy(labels)).toBeGreaterThan(accuracy((await sc.predictClass(single, test.X, 500, 2)) as string[]) + 0.15);
    // The gated mixture's held-out deviance on two folds: −mean log P(y) from each fold's own fit.
    const params = { X: train.X, nRows: 500, nCols: 2, y: train.y, Q: 2, loss: 'multinomial', restarts: 2 };
    const foldId = Array.from({ length: 500 }, (_, i) => (i < 200 ? 0 : 1));
    const gated = await sc.crossValidate('experts-em', params, { grid: { lambda: [1e-3] }, foldId, metric: 'deviance', experts: 'gated' });
    for (const [k, [from, to]] of [
      [200, 500],
      [0, 200],
    ].entries()) {
      const heldFrom = k === 0 ? 0 : 200,
        heldTo = k === 0 ? 200 : 500,
        n = heldTo - heldFrom;
      const foldModel = await sc.fit('experts-em', {
        ...params,
        X: train.X.subarray(2 * from, 2 * to),
        nRows: to - from,
        y: train.y.slice(from, to),
        lambda: 1e-3,
      });
      const Ph = await sc.predictProba(foldModel, train.X.subarray(2 * heldFrom, 2 * heldTo), n, 2);
      const deviance = -train.y.slice(heldFrom, heldTo).reduce((sum, c, i) => sum + Math.log(Ph[3 * i + names.indexOf(c)]), 0) / n;
      expect(gated.grid[0].scores[k]).toBeCloseTo(deviance, 10);
    }
    // One-vs-all classifying experts still have no gated scores.
    await expect(
      sc.crossValidate(
        'experts-am',
        { X: train.X, nRows: 500, nCols: 2, y: train.y, Q: 2, loss: 'ova-logistic' },
        { grid: { lambda: [1e-3] }, foldId, experts: 'gated' },
      ),
    ).rejects.toThrow(/experts/);
  });

  it('cross-validate λ by the best answer', async () => {
    const data = await sc.generate('experts', { n: 200, d: 5, Q: 2, sigma: 0.1, seed: 6 });
    const cv = await sc.crossValidate(
      'experts-am',
      { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 2 },
      { grid: { lambda: [1e-4, 10] }, folds: 3 },
    );
    expect(cv.model.kind).toBe('experts');
    expect(cv.grid.length).toBe(2);
    // A huge ridge shrinks both experts towards zero: its best answers err far more.
    expect(cv.grid[0].mean).toBeLessThan(cv.grid[1].mean);
    expect(cv.best.lambda).toBe(1e-4);
  });

  it('classifying experts (LwCS §7.1.2): Q labels per row, the best one scored', async () => {
    // Two linear classifiers over 4 classes; each row labelled by one of them (seeded, noiseless).
    let s = 12345;
    const normal = () => {
      const u = ((s = (s * 1103515245 + 12345) % 2147483648) + 1) / 2147483649,
        w = (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
    };
    const n = 600,
      d = 6,
      K = 4,
      names = ['a', 'b', 'c', 'd'];
    const V = [0, 1].map(() => Array.from({ length: d * K }, () => 4 * normal()));
    const X = new Float64Array(n * d),
      y: string[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < d; j++) X[i * d + j] = normal();
      const v = V[i % 2];
      let best = 0,
        bestScore = -Infinity;
      for (let k = 0; k < K; k++) {
        let z = 0;
        for (let j = 0; j < d; j++) z += X[i * d + j] * v[j * K + k];
        if (z > bestScore) {
          bestScore = z;
          best = k;
        }
      }
      y.push(names[best]);
    }
    const m = await sc.fit('experts-am', { X, nRows: n, nCols: d, y, loss: 'ova-logistic', Q: 2, lambda: 1e-3 });
    expect(m.kind).toBe('experts');
    expect(m.outputs).toBe(2 * K);
    expect(m.classes).toEqual(names);
    // Each expert's label: the largest of its K scores.
    const expertLabels = (Z: Float64Array) =>
      Array.from({ length: 2 * n }, (_, t) => {
        let best = 0;
        for (let k = 1; k < K; k++) if (Z[t * K + k] > Z[t * K + best]) best = k;
        return names[best];
      });
    const { answers: Z, gate } = await sc.expertAnswers(m, X, n, d),
      labels = expertLabels(Z);
    expect(labels.length).toBe(2 * n);
    // The gated prediction: the mixture Σ_q π_q P_q of the experts' normalised probabilities, and
    // its most probable class.
    const P = await sc.predictProba(m, X, n, d),
      gated = await sc.predictClass(m, X, n, d);
    expect(P.length).toBe(n * K);
    expect(gated.length).toBe(n);
    for (let i = 0; i < n; i++) {
      const mixture = new Array(K).fill(0);
      for (let q = 0; q < 2; q++) {
        const sig = Array.from({ length: K }, (_, k) => 1 / (1 + Math.exp(-Z[i * 2 * K + q * K + k]))),
          total = sig.reduce((a, b) => a + b);
        for (let k = 0; k < K; k++) mixture[k] += (gate[i * 2 + q] * sig[k]) / total;
      }
      for (let k = 0; k < K; k++) expect(P[i * K + k]).toBeCloseTo(mixture[k], 12);
      expect(gated[i]).toBe(names[mixture.indexOf(Math.max(...mixture))]);
    }
    const e = await sc.expertError(m, X, y, n, d);
    const missed = y.filter((c, i) => labels[2 * i] !== c && labels[2 * i + 1] !== c).length;
    expect(e.error).toBeCloseTo(missed / n, 15);
    expect(Number.isNaN(e.mse)).toBe(true);
    for (let i = 0; i < n; i++) if (labels[2 * i + e.expert[i]] === y[i]) expect(names[e.prediction[i]]).toBe(y[i]);
    const single = await sc.fit('ridge', { X, nRows: n, nCols: d, y, loss: 'ova-logistic', lambda: 1e-3 });
    const singleLabels = await sc.predictClass(single, X, n, d);
    const singleError = y.filter((c, i) => singleLabels[i] !== c).length / n;
    expect(e.error!).toBeLessThan(singleError / 2); // two answers from two classifiers, against one
    // A model saved before gates: its answers, but no gated prediction.
    const gateless = { ...m, gate: undefined };
    await expect(sc.predict(gateless, X, n, d)).rejects.toThrow(/model\.gate/);
    expect((await sc.expertAnswers(gateless, X, n, d)).gate.length).toBe(0);
    await expect(
      sc.expertError(
        m,
        X,
        y.map((c, i) => (i === 3 ? 'z' : c)),
        n,
        d,
      ),
    ).rejects.toThrow(/y: entry 3/);
    await expect(sc.fit('experts-am', { X, nRows: n, nCols: d, y, loss: 'ova-logistic', Q: 4 })).rejects.toThrow(/'Q'/);
    // PG on the per-sample classifiers (W^i, b^i), then AM: the same model shape, two answers
    // that beat one classifier too, and each row's labels its experts' argmax.
    const pg = await sc.fit('experts-pg', { X, nRows: n, nCols: d, y, loss: 'ova-logistic', Q: 2, lambda: 1e-3 });
    expect(pg.kind).toBe('experts');
    expect(pg.outputs).toBe(2 * K);
    expect(pg.classes).toEqual(names);
    expect(pg.status).toBe('converged');
    const pgLabels = expertLabels((await sc.expertAnswers(pg, X, n, d)).answers);
    const pgError = (await sc.expertError(pg, X, y, n, d)).error!;
    expect(pgError).toBeCloseTo(y.filter((c, i) => pgLabels[2 * i] !== c && pgLabels[2 * i + 1] !== c).length / n, 15);
    expect(pgError).toBeLessThan(singleError / 2);
    await expect(sc.fit('experts-pg', { X, nRows: n, nCols: d, y, loss: 'ova-logistic', Q: 4 })).rejects.toThrow(/'Q'/);
    const cv = await sc.crossValidate(
      'experts-am',
      { X, nRows: n, nCols: d, y, loss: 'ova-logistic', Q: 2, restarts: 2 },
      { grid: { lambda: [1e-3, 1e-1] }, folds: 3 },
    );
    expect(cv.metric).toBe('error');
    for (const g of cv.grid) expect(g.mean).toBeLessThan(singleError);
  });

  it('run the E3 and E4 tables', async () => {
    for (const id of ['e3', 'e4']) {
      const table = sc.info.experiments.find((e) => e.id === id)!;
      expect(table.column).toBe(id === 'e3' ? 'noise proportion' : 'noise dimensions');
      const r = await sc.experiment(id, { reps: 1, fast: true, methods: ['Oracle', 'AM'] });
      expect(r.rows.map((row) => row.method)).toEqual(['Oracle', 'AM']);
      expect(r.columns.length).toBe(table.values.length);
      for (const row of r.rows) for (const cell of row.cells) expect(Number.isFinite(cell.mean)).toBe(true);
      expect(r.rows[0].paper?.length).toBe(table.values.length);
    }
  }, 120000);

  it("run AM's starts and RC's runs side by side, and CG's factorisations on a team, on the threaded build, with the single-thread answer", async () => {
    const threaded = await load({ variant: 'simd-threaded' });
    try {
      const data = await sc.generate('experts', { n: 400, d: 5, noiseDims: 20, Q: 3, sigma: 0.3, seed: 8 });
      // CG at λ = 1e-3 factorises its 400 × 400 system (blocks of 48 columns, the rows below
      // and the later entries shared by 16-row tiles).
      for (const method of ['experts-am', 'experts-rc', 'experts-cg']) {
        const lambda = method === 'experts-cg' ? 1e-3 : 1e-2;
        const options = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 3, lambda, restarts: 6, seed: 3 };
        const seen: { iteration: number; objective: number }[] = [];
        const a = await sc.fit(method, options);
        const b = await threaded.fit(method, options, { onProgress: (p) => seen.push(p) });
        expect(b.groups).toEqual(a.groups);
        expect(b.coef).toEqual(a.coef);
        expect(b.objective).toBe(a.objective);
        expect(seen.length).toBeGreaterThan(0);
      }
    } finally {
      threaded.dispose();
    }
  });

  it("experts-am's exchange search: on by default, never above the papers' AM from the same starts, and its objective its partition's", async () => {
    // Three experts in 20 dimensions, no noise columns: AM alone stops far above the planted mixture.
    const data = await sc.generate('experts', { n: 300, d: 20, Q: 3, sigma: 0.1, seed: 3, nTest: 0 });
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 3, lambda: 1e-3 };
    const exchanged = await sc.fit('experts-am', base),
      papers = await sc.fit('experts-am', { ...base, exchange: false });
    expect(await sc.fit('experts-am', { ...base, exchange: true })).toEqual(exchanged);
    expect(exchanged.status).toBe('converged');
    expect(exchanged.objective).toBeLessThan(papers.objective / 10);
    // F recomputed from the model: each sample's squared error under its own expert plus λ‖c_q‖².
    const { nRows: n, nCols: d } = data;
    let f = 0;
    for (let i = 0; i < n; i++) {
      const q = exchanged.groups![i];
      let z = exchanged.intercept[q],
        c2 = 0;
      for (let j = 0; j < d; j++) {
        const c = exchanged.coef[j * 3 + q];
        z += data.X[i * d + j] * c;
        c2 += c * c;
      }
      f += (data.y[i] - z) ** 2 + 1e-3 * c2;
    }
    expect(Math.abs(f / (2 * n) - exchanged.objective)).toBeLessThan(1e-9 * exchanged.objective);
  });

  it('name bad input and stay usable', async () => {
    const data = await sc.generate('experts', { n: 20, d: 3, Q: 2, seed: 7 });
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
    const named = async (p: Promise<unknown>, field: string) => {
      const e = await p.catch((x: unknown) => x);
      expect(e).toBeInstanceOf(SupclustError);
      expect((e as SupclustError).field).toBe(field);
    };
    await named(sc.fit('experts-am', { ...base, Q: 21 }), 'Q');
    await named(sc.fit('experts-am', { ...base, Q: 0 }), 'Q');
    await named(sc.fit('experts-am', { ...base, Q: 2, exchange: 1 as unknown as boolean }), 'exchange');
    await named(sc.fit('experts-cg', { ...base, Q: 2, lambda: 0 }), 'lambda');
    await named(sc.fit('experts-oracle', { ...base, Q: 2, groups: [0, 1] }), 'groups');
    const X = Float64Array.from(data.X);
    X[5] = NaN;
    await named(sc.fit('experts-am', { ...base, X, Q: 2 }), 'X');
    const m = await sc.fit('experts-am', { ...base, Q: 2 });
    await named(sc.predictClass(m, data.X, data.nRows, data.nCols), 'model');
    await named(sc.expertError(m, data.X, [1, 2], data.nRows, data.nCols), 'y');
    // experts-pg's per-sample classifiers: 4 × n × (d + 1) × K doubles (here 3.0 GB) are refused
    // before any is allocated, naming X; the module goes on.
    const wide = 500,
      rows = 1000,
      classes = 200;
    await named(
      sc.fit('experts-pg', {
        X: new Float64Array(rows * wide).map((_, i) => Math.sin(i)),
        nRows: rows,
        nCols: wide,
        y: Array.from({ length: rows }, (_, i) => i % classes),
        loss: 'ova-logistic',
        Q: 2,
      }),
      'X',
    );
    const ridge = await sc.fit('ridge', { ...base, lambda: 1 });
    await named(sc.expertError(ridge, data.X, data.y, data.nRows, data.nCols), 'model');
    expect(m.status).toBe('converged');
  });
});
