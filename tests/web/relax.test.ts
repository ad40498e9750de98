// relax through the API in Node: a relaxed lasso equals least squares with an intercept on its
// support, solved here by hand (normal equations by Gaussian elimination); a relaxed GFLasso shares
// one least-squares value per group; a cross-validated path with relax scores and returns relaxed
// models on the penalised path; what cannot be relaxed is refused naming relax; and glmnet's
// relax = TRUE on the same bytes gives the same relaxed fits.
import { describe, expect, it } from 'vitest';
import type { SupclustError } from '../../dist/node/index.js';
import { hasGlmnet, peerRun, withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

/** Least squares of y on [1, Z] (Z's columns: each group's column sums), by hand: [intercept, θ_1..θ_G]. */
function leastSquaresOnGroups(X: Float64Array, y: ArrayLike<number>, n: number, d: number, groups: number[][]): number[] {
  const G = groups.length,
    p = G + 1;
  const A = Array.from({ length: n }, (_, i) => [1, ...groups.map((g) => g.reduce((s, j) => s + X[i * d + j], 0))]);
  const M = Array.from({ length: p }, (_, a) => [
    ...Array.from({ length: p }, (_, b) => A.reduce((s, row) => s + row[a] * row[b], 0)),
    A.reduce((s, row, i) => s + row[a] * y[i], 0),
  ]);
  for (let c = 0; c < p; c++) {
    // elimination with partial pivoting
    const pivot = M.slice(c).reduce((best, row, k) => (Math.abs(row[c]) > Math.abs(M[best][c]) ? c + k : best), c);
    [M[c], M[pivot]] = [M[pivot], M[c]];
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= p; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, c) => row[p] / row[c]);
}

/** The features of each distinct non-zero coefficient. */
function groupsOf(coef: number[]): number[][] {
  const byValue = new Map<number, number[]>();
  coef.forEach((w, j) => {
    if (w !== 0) byValue.set(w, [...(byValue.get(w) ?? []), j]);
  });
  return [...byValue.values()];
}

function expectLeastSquares(
  model: { coef: number[]; intercept: number[] },
  penalisedCoef: number[],
  X: Float64Array,
  y: ArrayLike<number>,
  n: number,
  d: number,
) {
  const groups = groupsOf(penalisedCoef);
  const [b, ...theta] = leastSquaresOnGroups(X, y, n, d, groups);
  const expected = new Array<number>(d).fill(0);
  groups.forEach((g, k) =>
    g.forEach((j) => {
      expected[j] = theta[k];
    }),
  );
  const scale = Math.max(1, ...expected.map(Math.abs));
  model.coef.forEach((w, j) => expect(Math.abs(w - expected[j])).toBeLessThan(1e-8 * scale));
  expect(Math.abs(model.intercept[0] - b)).toBeLessThan(1e-8 * Math.max(1, Math.abs(b)));
}

describe('relax', () => {
  const n = 90,
    d = 12;
  const X = new Float64Array(n * d).map((_, k) => Math.sin(1.7 * k + 0.3) + Math.cos(0.61 * k * k));
  const y = Array.from({ length: n }, (_, i) => 2 * X[i * d] - X[i * d + 1] + X[i * d + 5] + 0.4 * Math.sin(5 * i));

  it('refits the lasso by least squares on its support, on both builds', async () => {
    for (const sc of [builds.simd, builds.threaded]) {
      const params = { X, nRows: n, nCols: d, y, lambda: 0.05, tolerance: 1e-12 };
      const penalised = await sc.fit('lasso', params);
      const nonZeros = penalised.coef.filter((w) => w !== 0).length;
      expect(nonZeros).toBeGreaterThan(2);
      expect(nonZeros).toBeLessThan(d);
      const relaxed = await sc.fit('lasso', { ...params, relax: true });
      expect(relaxed.status).toBe('converged');
      expect(relaxed.params.relax).toBe(true);
      expectLeastSquares(relaxed, penalised.coef, X, y, n, d);
      // The saved model predicts with the relaxed coefficients.
      const z = await sc.predict(relaxed, X.subarray(0, d), 1);
      const byHand = relaxed.intercept[0] + relaxed.coef.reduce((s, w, j) => s + w * X[j], 0);
      expect(Math.abs(z[0] - byHand)).toBeLessThan(1e-12 * Math.max(1, Math.abs(byHand)));
    }
  });

  it('refits GFLasso with one value per group it formed', async () => {
    const sc = builds.simd;
    const data = await sc.generate('e1', { n: 100, d: 12, Q: 2, sigma: 0.3, seed: 5 });
    const params = { X: data.X, nRows: 100, nCols: 12, y: data.y, lambda1: 0.01, lambda2: 0.02, tolerance: 1e-12 };
    const penalised = await sc.fit('gflasso', params);
    const groups = groupsOf(penalised.coef);
    expect(groups.some((g) => g.length > 1)).toBe(true);
    const relaxed = await sc.fit('gflasso', { ...params, relax: true });
    expectLeastSquares(relaxed, penalised.coef, data.X, data.y, 100, 12);
    expect(relaxed.centroids.length).toBe(penalised.centroids.length);
  });

  it('on a cross-validated path: the penalised path, relaxed models scored and returned', async () => {
    const sc = builds.simd;
    const params = { X, nRows: n, nCols: d, y, tolerance: 1e-12 };
    const plain = await sc.path('lasso', params, { nLambda: 15, folds: 5, seed: 3 });
    const relaxed = await sc.path('lasso', { ...params, relax: true }, { nLambda: 15, folds: 5, seed: 3 });
    expect(relaxed.points.map((p) => [p.lambda, p.nonZeros, p.devianceRatio])).toEqual(
      plain.points.map((p) => [p.lambda, p.nonZeros, p.devianceRatio]),
    );
    for (const k of [3, relaxed.crossValidation!.best1se, relaxed.points.length - 1])
      expectLeastSquares(relaxed.points[k].model, plain.points[k].model.coef, X, y, n, d);
    // Relaxed models fit the training rows at least as well on the same support: their scores differ.
    expect(relaxed.points.some((p, k) => p.cv!.mean !== plain.points[k].cv!.mean)).toBe(true);
  });

  it('is refused naming relax where it cannot apply', async () => {
    const sc = builds.simd;
    const labels = Array.from({ length: n }, (_, i) => i % 3);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: SupclustError) => [e.code, e.field],
      );
    expect(await refusal(sc.fit('lasso', { X, nRows: n, nCols: d, y: labels, loss: 'multinomial', lambda: 0.01, relax: true }))).toEqual([
      'invalid-input',
      'relax',
    ]);
    expect(await refusal(sc.fit('ridge', { X, nRows: n, nCols: d, y, relax: true } as never))).toEqual(['invalid-input', 'relax']);
    expect((await sc.fit('lasso', { X, nRows: n, nCols: d, y, lambda: 0.05 })).status).toBe('converged'); // the module goes on
    // Above the top nothing is refitted: the intercept alone, at the log-odds for the logistic loss.
    const labels01 = y.map((v) => (v > 0 ? 1 : 0)),
      share = labels01.reduce((a: number, b) => a + b, 0) / n;
    const top = await sc.fit('lasso', { X, nRows: n, nCols: d, y: labels01, loss: 'logistic', lambda: 1e6, relax: true });
    expect(top.status).toBe('converged');
    expect(top.coef.every((w) => w === 0)).toBe(true);
    expect(Math.abs(top.intercept[0] - Math.log(share / (1 - share)))).toBeLessThan(1e-9);
  });
});

// glmnet (Debian's r-cran-glmnet; `npm run bench` installs it) with relax = TRUE on diabetes' raw
// columns: a gaussian lasso at λ = 2 and a binomial one at λ = 0.02, thresh 1e-14. The supports
// agree, and the relaxed fits' losses, recomputed here from each side's coefficients, agree within
// 1e-9 (relative), ours no higher; the coefficients within 1e-4 of the largest (diabetes' collinear
// columns leave the least-squares coefficients ill-conditioned at equal losses).
describe.skipIf(!hasGlmnet)('relax against glmnet', () => {
  it("gives glmnet's relaxed fits on the same bytes", async () => {
    const sc = builds.simd;
    const { printed: peer, bytes, status, stderr } = peerRun('glmnet_relax.R');
    expect(status, stderr).toBe(0);
    const X = bytes('X'),
      y = bytes('y'),
      labels = bytes('labels'),
      n = y.length,
      d = 10;
    const loss = (coef: number[], b: number, logistic: boolean) => {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        let z = b;
        for (let j = 0; j < d; j++) z += X[i * d + j] * coef[j];
        sum += logistic ? Math.log1p(Math.exp(-(2 * labels[i] - 1) * z)) : 0.5 * (y[i] - z) ** 2;
      }
      return sum / n;
    };
    const cases = [
      { peer: peer.gaussian, params: { y, lambda: 2 }, logistic: false },
      { peer: peer.binomial, params: { y: Array.from(labels), loss: 'logistic' as const, lambda: 0.02 }, logistic: true },
    ];
    for (const c of cases) {
      const ours = await sc.fit('lasso', { X, nRows: n, nCols: d, ...c.params, tolerance: 1e-13, relax: true });
      expect(ours.status).toBe('converged');
      const support = (coef: number[]) => coef.map((w) => w !== 0);
      expect(support(ours.coef)).toEqual(support(c.peer.penalised.coef));
      const mine = loss(ours.coef, ours.intercept[0], c.logistic),
        theirs = loss(c.peer.relaxed.coef, c.peer.relaxed.intercept, c.logistic);
      expect(Math.abs(mine - theirs) / theirs).toBeLessThan(1e-9);
      expect(mine).toBeLessThanOrEqual(theirs * (1 + 1e-12));
      const scale = Math.max(...c.peer.relaxed.coef.map(Math.abs));
      ours.coef.forEach((w, j) => expect(Math.abs(w - c.peer.relaxed.coef[j])).toBeLessThan(1e-4 * scale));
    }
  });
});
