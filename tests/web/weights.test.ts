// Observation weights through the public API on the real module: integer weights fit as the rows
// repeated (fit — the linear methods and the penalties family —, crossValidate's held-out scores,
// a path's top), the methods that do not take them
// and malformed lists refused naming weights, info.methods[].weights, the metric functions'
// weights against repeated rows, tableMatrix's weights column, and the command line's --weights
// equal to the API's call on the same bytes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accuracy,
  auc,
  load,
  logLoss,
  mae,
  mse,
  r2,
  readTable,
  selectRows,
  splitRows,
  tableMatrix,
  type ShardPart,
  type Supclust,
} from '../../dist/node/index.js';
import { hasGlmnet, mismatch, peerRun, rejected, root } from './helpers.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc.dispose());

// 40 rows × 5 columns from a seeded stream; y linear plus noise; integer weights 0..3.
let t = 11;
const next = () => (t = (Math.imul(t, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5;
const n = 40,
  d = 5;
const X = Float64Array.from({ length: n * d }, next);
const y = Float64Array.from({ length: n }, (_, i) => 2 * X[i * d] - X[i * d + 1] + 0.5 * X[i * d + 3] + 0.2 * next());
const labels = Array.from(y, (v) => (v > 0 ? 'up' : 'down'));
const weights = Float64Array.from({ length: n }, (_, i) => (i === 0 ? 2 : Math.floor((next() + 0.5) * 4)));

/** The rows i repeated weights[i] times. */
function repeated<T>(values: ArrayLike<T>, per = 1): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) for (let c = 0; c < weights[i]; c++) for (let k = 0; k < per; k++) out.push(values[i * per + k]);
  return out;
}
const N = repeated(y).length;

describe('observation weights', () => {
  it('fit as the rows repeated (ridge, lasso, elastic net; squared and logistic)', async () => {
    for (const [method, options] of [
      ['ridge', { lambda: 0.1 }],
      ['lasso', { lambda: 0.02 }],
      ['elasticnet', { lambda: 0.02, alpha: 0.5 }],
    ] as const)
      for (const target of ['y', 'labels'] as const) {
        const loss = target === 'y' ? {} : { loss: 'logistic' as const };
        const weighted = await sc.fit(method, {
          X,
          nRows: n,
          nCols: d,
          y: target === 'y' ? y : labels,
          weights,
          ...options,
          ...loss,
          tolerance: 1e-13,
        });
        const plain = await sc.fit(method, {
          X: Float64Array.from(repeated(X, d)),
          nRows: N,
          nCols: d,
          y: target === 'y' ? repeated(y) : repeated(labels),
          ...options,
          ...loss,
          tolerance: 1e-13,
        });
        expect(mismatch(weighted.coef, plain.coef, 1e-7, 1), `${method} ${target}`).toBe('');
        expect(mismatch(weighted.intercept, plain.intercept, 1e-7, 1), `${method} ${target}`).toBe('');
      }
  });

  it('fit as the rows repeated in the penalties family (OSCAR by FISTA, DFG by linearised fusion ADMM)', async () => {
    for (const [method, options] of [
      ['oscar', { lambda1: 0.02, lambda2: 0.005 }],
      [
        'gflasso',
        {
          lambda1: 0.02,
          lambda2: 0.005,
          graph: [
            [0, 1],
            [1, 2],
            [3, 4],
          ],
        },
      ],
      ['dfg', { lambda1: 0.02, lambda2: 0.002 }],
    ] as const) {
      const weighted = await sc.fit(method, { X, nRows: n, nCols: d, y, weights, ...options, tolerance: 1e-12, maxIterations: 1000000 });
      const plain = await sc.fit(method, {
        X: Float64Array.from(repeated(X, d)),
        nRows: N,
        nCols: d,
        y: repeated(y),
        ...options,
        tolerance: 1e-12,
        maxIterations: 1000000,
      });
      expect(weighted.status, method).toBe('converged');
      expect(mismatch(weighted.coef, plain.coef, 1e-6, 1), method).toBe('');
      expect(mismatch(weighted.intercept, plain.intercept, 1e-6, 1), method).toBe('');
    }
    const cd = await rejected(sc.fit('oscar', { X, nRows: n, nCols: d, y, weights, lambda1: 0.02, solver: 'cd' }));
    expect(cd.field).toBe('solver');
  });

  it('fit as the rows repeated in the grouping family (IHC from its starts, LSK, the oracle, squared and logistic; CG through equal rows)', async () => {
    for (const [method, options] of [
      ['ihc', { Q: 2, lambda: 0.05 }],
      ['lsk', { Q: 2, lambda: 0.05 }],
      ['oracle', { groups: [0, 1, 0, 1, 1], lambda: 0.05 }],
      ['cg', { Q: 2, lambda: 0.05 }],
    ] as const)
      for (const target of ['y', 'labels'] as const) {
        if (method === 'cg' && target === 'labels') continue; // the squared loss only
        const loss = target === 'y' ? {} : { loss: 'logistic' as const };
        const weighted = await sc.fit(method, { X, nRows: n, nCols: d, y: target === 'y' ? y : labels, weights, ...options, ...loss });
        const plain = await sc.fit(method, {
          X: Float64Array.from(repeated(X, d)),
          nRows: N,
          nCols: d,
          y: target === 'y' ? repeated(y) : repeated(labels),
          ...options,
          ...loss,
        });
        expect(weighted.status, `${method} ${target}`).toBe('converged');
        expect(weighted.groups, `${method} ${target}`).toEqual(plain.groups);
        expect(mismatch(weighted.coef, plain.coef, 1e-5, 1), `${method} ${target}`).toBe('');
        expect(mismatch(weighted.intercept, plain.intercept, 1e-5, 1), `${method} ${target}`).toBe('');
      }
  });

  it('are declared per method and refused by name where not taken or malformed', async () => {
    expect(
      sc.info.methods
        .filter((m) => m.weights)
        .map((m) => m.name)
        .sort(),
    ).toEqual([
      'adfg',
      'cg',
      'cgpg',
      'dfg',
      'elasticnet',
      'experts-am',
      'experts-em',
      'experts-oracle',
      'gem',
      'gflasso',
      'ihc',
      'ihcs',
      'iht',
      'lasso',
      'lem',
      'lsk',
      'ncfgs',
      'nctfgs',
      'oracle',
      'oscar',
      'ridge',
      'svm',
      'tasks-cg',
      'tasks-frobenius',
      'tasks-pg',
      'tasks-ssc',
      'tasks-trace',
    ]);
    const experts = await rejected(sc.fit('experts-pg', { X, nRows: n, nCols: d, y, weights, Q: 2 }));
    expect(experts.field).toBe('weights');
    expect(experts.message).toContain("method 'experts-pg' does not take observation weights");
    for (const bad of [
      weights.subarray(1),
      Float64Array.from(weights, (w, i) => (i === 3 ? -1 : w)),
      new Float64Array(n),
      Float64Array.from(weights, (w, i) => (i === 2 ? NaN : w)),
    ])
      expect((await rejected(sc.fit('lasso', { X, nRows: n, nCols: d, y, weights: bad, lambda: 0.1 }))).field).toBe('weights');
    // The module answers the next call.
    expect((await sc.fit('lasso', { X, nRows: n, nCols: d, y, weights, lambda: 0.1 })).status).toBe('converged');
  });

  it("weight the held-out scores of cross-validation and a path's top (equal to repeated rows' top)", async () => {
    const foldId = Array.from({ length: n }, (_, i) => i % 4);
    const cv = await sc.crossValidate('lasso', { X, nRows: n, nCols: d, y, weights }, { grid: { lambda: [0.05] }, foldId });
    for (let k = 0; k < 4; k++) {
      const train = Array.from({ length: n }, (_, i) => i).filter((i) => i % 4 !== k),
        held = Array.from({ length: n }, (_, i) => i).filter((i) => i % 4 === k);
      const m = await sc.fit('lasso', {
        X: Float64Array.from(train.flatMap((i) => Array.from(X.subarray(i * d, (i + 1) * d)))),
        nRows: train.length,
        nCols: d,
        y: train.map((i) => y[i]),
        weights: train.map((i) => weights[i]),
        lambda: 0.05,
      });
      const p = await sc.predict(m, Float64Array.from(held.flatMap((i) => Array.from(X.subarray(i * d, (i + 1) * d)))), held.length, d);
      expect(cv.grid[0].scores[k]).toBeCloseTo(
        mse(
          held.map((i) => y[i]),
          p,
          held.map((i) => weights[i]),
        ),
        10,
      );
    }
    // A shard's call names the weights: parts of a weighted run are not parts of the unweighted one.
    const part = async (w?: Float64Array) =>
      (await sc.crossValidate(
        'lasso',
        { X, nRows: n, nCols: d, y, ...(w ? { weights: w } : {}) },
        { grid: { lambda: [0.05] }, foldId, shardIndex: 0, shardCount: 2 },
      )) as ShardPart;
    expect((await part(weights)).call).not.toBe((await part()).call);
    expect((await part(weights)).call).toBe((await part(Float64Array.from(weights))).call);
    const weightedPath = await sc.path('lasso', { X, nRows: n, nCols: d, y, weights }, { nLambda: 3 });
    const repeatedPath = await sc.path(
      'lasso',
      { X: Float64Array.from(repeated(X, d)), nRows: N, nCols: d, y: repeated(y) },
      { nLambda: 3 },
    );
    expect(weightedPath.top).toBeCloseTo(repeatedPath.top, 12);
    expect(weightedPath.points[2].devianceRatio).toBeCloseTo(repeatedPath.points[2].devianceRatio, 8);
  });

  it('weight the metric functions as repeated rows would', () => {
    const p = Float64Array.from(y, (v, i) => v + (i % 3) * 0.1);
    expect(mse(y, p, weights)).toBeCloseTo(mse(repeated(y), repeated(p)), 14);
    expect(mae(y, p, weights)).toBeCloseTo(mae(repeated(y), repeated(p)), 14);
    expect(r2(y, p, weights)).toBeCloseTo(r2(repeated(y), repeated(p)), 14);
    const guess = Array.from(p, (v) => (v > 0.1 ? 'up' : 'down'));
    expect(accuracy(labels, guess, weights)).toBeCloseTo(accuracy(repeated(labels), repeated(guess)), 14);
    expect(auc(labels, p, undefined, weights)).toBeCloseTo(auc(repeated(labels), repeated(p)), 14);
    const proba = Float64Array.from({ length: 2 * n }, (_, t) =>
      t % 2 ? 1 / (1 + Math.exp(-p[t >> 1])) : 1 - 1 / (1 + Math.exp(-p[t >> 1])),
    );
    expect(logLoss(labels, proba, ['down', 'up'], weights)).toBeCloseTo(logLoss(repeated(labels), repeated(proba, 2), ['down', 'up']), 14);
    expect(() => mse(y, p, weights.subarray(2))).toThrow(/weights/);
    expect(() => mse(y, p, new Float64Array(n))).toThrow(/weights: must have a positive entry/);
  });

  it("read from a table column (not a feature) and from the command line's --weights, equal to the API", async () => {
    const text = 'a,b,w,y\n' + Array.from({ length: n }, (_, i) => `${X[i * d]},${X[i * d + 1]},${weights[i]},${y[i]}`).join('\n') + '\n';
    const m = tableMatrix(readTable(text), { target: 'y', weights: 'w' });
    expect(m.featureNames).toEqual(['a', 'b']);
    expect(Array.from(m.weights!)).toEqual(Array.from(weights));
    expect(() => tableMatrix(readTable(text.replace(/\n([^,]*),([^,]*),0,/, '\n$1,$2,-1,')), { target: 'y', weights: 'w' })).toThrow(
      /negative weight/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'supclust-weights-'));
    writeFileSync(join(dir, 'w.csv'), text);
    const r = spawnSync(
      process.execPath,
      [
        join(root, 'bin/supclust.mjs'),
        'fit',
        'w.csv',
        '--target',
        'y',
        '--weights',
        'w',
        '--method',
        'lasso',
        '--lambda',
        '0.01',
        '--json',
      ],
      { encoding: 'utf8', cwd: dir },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const api = await sc.fit('lasso', {
      X: m.X,
      nRows: m.nRows,
      nCols: m.nCols,
      y: m.y!,
      weights: m.weights,
      featureNames: m.featureNames,
      lambda: 0.01,
    });
    expect(out.model.coef).toEqual(api.coef);
    // fit --test: the held-out rows' scores weighted, recomputed here from the API's fit on the
    // same split; the heading names the weights.
    const tested = spawnSync(
      process.execPath,
      [
        join(root, 'bin/supclust.mjs'),
        'fit',
        'w.csv',
        '--target',
        'y',
        '--weights',
        'w',
        '--method',
        'lasso',
        '--lambda',
        '0.01',
        '--test',
        '0.25',
        '--json',
      ],
      { encoding: 'utf8', cwd: dir },
    );
    expect(tested.status, tested.stderr).toBe(0);
    const split = splitRows(m.nRows, { test: 0.25, seed: 1 });
    const trained = await sc.fit('lasso', {
      X: selectRows(m.X, split.train, m.nCols),
      nRows: split.train.length,
      nCols: m.nCols,
      y: selectRows(m.y as Float64Array, split.train),
      weights: selectRows(m.weights!, split.train),
      featureNames: m.featureNames,
      lambda: 0.01,
    });
    const heldY = selectRows(m.y as Float64Array, split.test),
      heldW = selectRows(m.weights!, split.test);
    const predicted = await sc.predict(trained, selectRows(m.X, split.test, m.nCols), split.test.length, m.nCols);
    const scores = JSON.parse(tested.stdout).test;
    expect(scores.mse).toBe(mse(heldY, predicted, heldW));
    expect(scores.r2).toBe(r2(heldY, predicted, heldW));
    const printed = spawnSync(
      process.execPath,
      [join(root, 'bin/supclust.mjs'), 'fit', 'w.csv', '--target', 'y', '--weights', 'w', '--method', 'lasso', '--lambda', '0.01'],
      { encoding: 'utf8', cwd: dir },
    );
    expect(printed.stdout).toContain("lasso on w.csv: 40 rows × 2 features, target 'y', rows weighted by 'w'");
    const refused = spawnSync(
      process.execPath,
      [join(root, 'bin/supclust.mjs'), 'fit', 'w.csv', '--target', 'y', '--weights', 'w', '--method', 'experts-pg', '--Q', '2'],
      { encoding: 'utf8', cwd: dir },
    );
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('weights');
    expect(readFileSync(join(dir, 'w.csv'), 'utf8')).toBe(text);
  });
});

// glmnet on the same bytes (Debian's r-cran-glmnet; `npm run bench` installs it): its weighted
// gaussian and binomial lasso, with penalty.factor and standardize = TRUE, each also with
// intercept = FALSE, with row offsets, and its weighted multinomial lasso with penalty.factor, at
// thresh 1e-14 —
// the objectives, recomputed here from each side's coefficients, within 1e-8 (relative), ours no
// higher (diabetes' collinear columns leave coefficients equal to ~1e-5 at equal objectives).
describe.skipIf(!hasGlmnet)('observation weights against glmnet', () => {
  it("give glmnet's fits on the same bytes", async () => {
    const { printed: peer, bytes, status, stderr } = peerRun('glmnet_weights.R');
    expect(status, stderr).toBe(0);
    const X = bytes('X'),
      y = bytes('y'),
      labels = bytes('labels'),
      w = bytes('w'),
      o = bytes('o'),
      n = y.length,
      d = 10;
    const data = { X, nRows: n, nCols: d, weights: w };
    // The weighted objective both minimise, (1/Σw) Σ wᵢ ℓᵢ + λ Σⱼ fⱼ sⱼ |βⱼ| (f the penalty factors
    // rescaled to sum to d, s the weighted deviations under standardize, else 1), from a model's
    // coefficients on X's scale.
    const W = w.reduce((a, b) => a + b, 0);
    const mean = Array.from({ length: d }, (_, j) => w.reduce((s, wi, i) => s + wi * X[i * d + j], 0) / W);
    const sd = mean.map((m, j) => Math.sqrt(w.reduce((s, wi, i) => s + wi * (X[i * d + j] - m) ** 2, 0) / W));
    const objective = (coef: number[], b: number, lambda: number, logistic: boolean, factors?: number[], offset?: ArrayLike<number>) => {
      let loss = 0;
      for (let i = 0; i < n; i++) {
        let z = b + (offset ? offset[i] : 0);
        for (let j = 0; j < d; j++) z += X[i * d + j] * coef[j];
        loss += w[i] * (logistic ? Math.log1p(Math.exp(-(2 * labels[i] - 1) * z)) : 0.5 * (y[i] - z) ** 2);
      }
      const f = factors ? factors.map((v) => (v * d) / factors.reduce((a, c) => a + c, 0)) : coef.map(() => 1);
      return loss / W + lambda * coef.reduce((s, c, j) => s + f[j] * (factors ? sd[j] : 1) * Math.abs(c), 0);
    };
    const factors = [0, 1, 2, 1, 1, 0.5, 1, 1, 3, 1];
    const cases = [
      { peer: peer.gaussian, params: { y, lambda: 0.5 }, lambda: 0.5, logistic: false },
      { peer: peer.binomial, params: { y: Array.from(labels), loss: 'logistic' as const, lambda: 0.01 }, lambda: 0.01, logistic: true },
      { peer: peer.factors, params: { y, lambda: 0.5, penaltyFactor: factors, standardize: true }, lambda: 0.5, logistic: false, factors },
      // intercept = FALSE: b = 0 on both sides (standardize still divides by the deviations about the means).
      { peer: peer.gaussianOrigin, params: { y, lambda: 0.5, intercept: false }, lambda: 0.5, logistic: false },
      {
        peer: peer.binomialOrigin,
        params: { y: Array.from(labels), loss: 'logistic' as const, lambda: 0.01, intercept: false },
        lambda: 0.01,
        logistic: true,
      },
      {
        peer: peer.factorsOrigin,
        params: { y, lambda: 0.5, penaltyFactor: factors, standardize: true, intercept: false },
        lambda: 0.5,
        logistic: false,
        factors,
      },
      // offset = o: each row's score plus its offset on both sides.
      {
        peer: peer.gaussianOffset,
        params: { y, lambda: 0.5, offset: o.map((v) => 20 * v) },
        lambda: 0.5,
        logistic: false,
        offset: o.map((v) => 20 * v),
      },
      {
        peer: peer.binomialOffset,
        params: { y: Array.from(labels), loss: 'logistic' as const, lambda: 0.01, offset: o },
        lambda: 0.01,
        logistic: true,
        offset: o,
      },
    ];
    for (const c of cases) {
      const ours = await sc.fit('lasso', { ...data, ...c.params, tolerance: 1e-13 });
      if ('intercept' in c.params) expect([ours.intercept[0], c.peer.intercept]).toEqual([0, 0]);
      const offset = 'offset' in c ? c.offset : undefined;
      const mine = objective(ours.coef, ours.intercept[0], c.lambda, c.logistic, c.factors, offset);
      const theirs = objective(c.peer.coef, c.peer.intercept, c.lambda, c.logistic, c.factors, offset);
      expect(Math.abs(mine - theirs) / theirs).toBeLessThan(1e-8);
      expect(mine).toBeLessThanOrEqual(theirs * (1 + 1e-12));
    }
    // The multinomial lasso (glmnet's default "ungrouped" penalty, each class's coefficient alone)
    // with weights and penalty factors: (1/Σw) Σ wᵢ [log Σₖ exp zᵢₖ − zᵢ,cᵢ] + λ Σⱼ fⱼ Σₖ |βⱼₖ|,
    // coef d × K row-major.
    const classes = bytes('classes'),
      K = 3,
      lambda = 0.02;
    const f = factors.map((v) => (v * d) / factors.reduce((a, c) => a + c, 0));
    const softmaxObjective = (coef: ArrayLike<number>, b: ArrayLike<number>) => {
      let loss = 0;
      for (let i = 0; i < n; i++) {
        const z = Array.from({ length: K }, (_, k) => {
          let s = b[k];
          for (let j = 0; j < d; j++) s += X[i * d + j] * coef[j * K + k];
          return s;
        });
        const top = Math.max(...z);
        loss += w[i] * (top + Math.log(z.reduce((s, v) => s + Math.exp(v - top), 0)) - z[classes[i]]);
      }
      let penalty = 0;
      for (let j = 0; j < d; j++) for (let k = 0; k < K; k++) penalty += f[j] * Math.abs(coef[j * K + k]);
      return loss / W + lambda * penalty;
    };
    const soft = await sc.fit('lasso', {
      ...data,
      y: Array.from(classes),
      loss: 'multinomial',
      lambda,
      penaltyFactor: factors,
      tolerance: 1e-13,
    });
    expect(soft.status).toBe('converged');
    const mine = softmaxObjective(soft.coef, soft.intercept),
      theirs = softmaxObjective(peer.multinomial.coef, peer.multinomial.intercept);
    expect(Math.abs(mine - theirs) / theirs).toBeLessThan(1e-8);
    expect(mine).toBeLessThanOrEqual(theirs * (1 + 1e-12));
    // The same zeros (the pattern both answers share), and a model that uses some features.
    expect(soft.coef.map((v) => v === 0)).toEqual(peer.multinomial.coef.map((v: number) => v === 0));
    expect(soft.coef.filter((v) => v !== 0).length).toBeGreaterThan(3);
  });
});
