// The Play problem: E1's generator (X, y = Xw* + σε, w* with Q values), and for "sparse
// groups" the true group of smallest |value| set to zero. That change needs no new noise:
// y − X_g w*_g = X w*' + σε exactly, on the training and the test samples alike.
import type { Supclust, SyntheticData } from 'supclust';
import type { Sparsity } from './context.js';
import type { DemoState } from './state.js';

export const problemKey = (s: DemoState) =>
  JSON.stringify([s.n, s.d, s.Q, s.sigma, s.rho, s.task, s.seed, s.zero && s.task === 'regression']);

/** Sets the coefficients of one true group to zero and moves y and ytest accordingly. */
export function withZeroGroup(data: SyntheticData): SyntheticData {
  const { nCols: d } = data;
  let smallest = 0; // a feature of the group of smallest |value| (every group shares one value)
  for (let j = 1; j < d; j++) if (Math.abs(data.coef[j]) < Math.abs(data.coef[smallest])) smallest = j;
  const group = data.groups[smallest];
  const removed = Float64Array.from(data.coef, (c, j) => (data.groups[j] === group ? c : 0));
  const shift = (X: Float64Array, y: Float64Array) =>
    Float64Array.from(y, (v, i) => {
      let s = 0;
      for (let j = 0; j < d; j++) s += X[i * d + j] * removed[j];
      return v - s;
    });
  return {
    ...data,
    coef: Float64Array.from(data.coef, (c, j) => (data.groups[j] === group ? 0 : c)),
    y: shift(data.X, data.y),
    ytest: shift(data.Xtest, data.ytest),
  };
}

export async function generateProblem(sc: Supclust, s: DemoState): Promise<SyntheticData> {
  const data = await sc.generate('e1', { n: s.n, d: s.d, Q: s.Q, sigma: s.sigma, rho: s.rho, task: s.task, seed: s.seed, nTest: 1000 });
  return s.zero && s.task === 'regression' ? withZeroGroup(data) : data;
}

/** What IHCS and IHT are given: the true number of non-zeros (all d without a zero group) and
 * of non-zero groups. */
export const sparsityOf = (data: SyntheticData): Sparsity => ({
  s: data.coef.reduce((k, c) => k + (c !== 0 ? 1 : 0), 0),
  groups: new Set(Array.from(data.coef).filter((c) => c !== 0)).size,
});
