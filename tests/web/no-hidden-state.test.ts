// No public call's answer depends on an earlier call, on both builds: a fit after another fit
// on related data (signs flipped, rows or columns permuted, labels swapped, one ulp changed)
// equals, bit for bit, the same fit on an instance that never saw the first data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type FitParams, type Model, type Supclust } from '../../dist/node/index.js';
import { variants } from './helpers.js';

interface Problem {
  X: Float64Array;
  nRows: number;
  nCols: number;
  y: Float64Array;
}

const same = (a: Model, b: Model, what: string) => {
  expect(a.status, what).toBe(b.status);
  expect(a.iterations, what).toBe(b.iterations);
  expect(Object.is(a.objective, b.objective), `${what}: objective ${a.objective} vs ${b.objective}`).toBe(true);
  expect(a.coef, what).toEqual(b.coef);
  expect(a.intercept, what).toEqual(b.intercept);
  expect(a.groups, what).toEqual(b.groups);
};

const negated = (p: Problem): Problem => ({ ...p, X: p.X.map((x) => -x) });
const columnNegated = (p: Problem, j: number): Problem => ({ ...p, X: p.X.map((x, t) => (t % p.nCols === j ? -x : x)) });
const targetsNegated = (p: Problem, rows: number[]): Problem => ({ ...p, y: p.y.map((v, i) => (rows.includes(i) ? -v : v)) });
const rowsSwapped = (p: Problem, a: number, b: number): Problem => {
  const X = p.X.slice(),
    y = p.y.slice(),
    d = p.nCols;
  for (let j = 0; j < d; j++) [X[a * d + j], X[b * d + j]] = [X[b * d + j], X[a * d + j]];
  [y[a], y[b]] = [y[b], y[a]];
  return { ...p, X, y };
};
const labelsSwapped = (p: Problem, a: number, b: number): Problem => {
  const y = p.y.slice();
  [y[a], y[b]] = [y[b], y[a]];
  return { ...p, y };
};
const columnsPermuted = (p: Problem, order: number[]): Problem => ({
  ...p,
  X: p.X.map((_, t) => p.X[Math.floor(t / p.nCols) * p.nCols + order[t % p.nCols]]),
});
const oneUlp = (p: Problem, t: number): Problem => {
  const X = p.X.slice();
  const bits = new BigInt64Array(X.buffer, t * 8, 1);
  bits[0] += 1n;
  return { ...p, X };
};

// The methods that shared work across calls before (ridge fits, Gram matrices, CG
// relaxations), with options that make each fit quick.
const cases: [string, Record<string, unknown>][] = [
  ['ridge', { lambda: 0.05 }],
  ['lsk', { Q: 3, lambda: 0.05 }],
  ['ihc', { Q: 3, lambda: 0.01 }],
  ['cg', { Q: 3, lambda: 0.05 }],
  ['cgpg', { Q: 3, lambda: 0.05 }],
  ['iht', { s: 4, lambda: 0.01 }],
  ['ihcs', { Q: 2, s: 6, lambda: 0.01 }],
  ['oscar', { lambda1: 0.01, lambda2: 0.001 }],
  ['gflasso', { lambda1: 0.01, lambda2: 0.001 }],
  ['ncfgs', { lambda1: 0.01, lambda2: 0.001 }],
  ['dfg', { lambda1: 0.01, lambda2: 0.0005 }],
  ['adfg', { lambda1: 0.01, lambda2: 0.0005 }],
];

describe.each(variants)('no hidden state on the %s build', (variant) => {
  let sc: Supclust;
  let base: Problem, classes: Problem;
  beforeAll(async () => {
    sc = await load({ variant });
    const e1 = await sc.generate('e1', { n: 40, d: 12, Q: 3, seed: 3 });
    base = { X: e1.X, nRows: 40, nCols: 12, y: e1.y };
    const t = await sc.generate('tasks', { n: 120, d: 6, Q: 2, tasks: 4, seed: 5 });
    classes = { X: t.X, nRows: 120, nCols: 6, y: t.y };
  });
  afterAll(() => sc?.dispose());

  // The six derived problems that returned the first problem's fit from a sign-blind memo.
  const derived: [string, (p: Problem) => Problem][] = [
    ['−X', negated],
    ['one column negated', (p) => columnNegated(p, 2)],
    ['two targets negated', (p) => targetsNegated(p, [3, 17])],
    ['−y', (p) => ({ ...p, y: p.y.map((v) => -v) })],
  ];
  it.each(cases)("%s after a fit on related data equals a fresh instance's fit", async (method, options) => {
    for (const [name, derive] of derived) {
      const b = derive(base);
      await sc.fit(method as any, { ...base, ...options } as FitParams);
      const after = await sc.fit(method as any, { ...b, ...options } as FitParams);
      const fresh = await load({ variant });
      try {
        same(after, await fresh.fit(method as any, { ...b, ...options } as FitParams), `${method} on ${name}`);
      } finally {
        fresh.dispose();
      }
    }
  });

  it.each([
    ['ridge', {}],
    ['tasks-ssc', { Q: 2 }],
    ['tasks-cg', { Q: 2 }],
    ['tasks-frobenius', {}],
    ['tasks-trace', { mu: 0.01 }],
    ['tasks-pg', { Q: 2 }],
  ])("%s on one-vs-all labels with two rows swapped equals a fresh instance's fit", async (method, options) => {
    const b = labelsSwapped(classes, 0, 1);
    const params = { loss: 'ova-squared', lambda: 0.01, ...options };
    await sc.fit(method as any, { ...classes, ...params } as FitParams);
    const after = await sc.fit(method as any, { ...b, ...params } as FitParams);
    const fresh = await load({ variant });
    try {
      same(after, await fresh.fit(method as any, { ...b, ...params } as FitParams), `${method} on swapped labels`);
    } finally {
      fresh.dispose();
    }
  });

  it('a randomized sequence of related problems: each fit equals the fit of an instance that saw them in reverse', async () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = (k: number) => Math.floor(next() * k);
    const problems: Problem[] = [];
    for (let t = 0; t < 12; t++) {
      const kind = pick(5);
      const p =
        kind === 0
          ? targetsNegated(base, [pick(40), pick(40)])
          : kind === 1
            ? rowsSwapped(base, pick(40), pick(40))
            : kind === 2
              ? columnsPermuted(
                  base,
                  [...Array(12).keys()].sort(() => next() - 0.5),
                )
              : kind === 3
                ? oneUlp(base, pick(40 * 12))
                : columnNegated(base, pick(12));
      problems.push(p);
    }
    const methods: [string, Record<string, unknown>][] = [
      ['ridge', { lambda: 0.05 }],
      ['lsk', { Q: 3, lambda: 0.05 }],
      ['cg', { Q: 3, lambda: 0.05 }],
      ['gflasso', { lambda1: 0.01, lambda2: 0.001 }],
    ];
    const forward: Model[] = [];
    for (const p of problems) for (const [m, o] of methods) forward.push(await sc.fit(m as any, { ...p, ...o } as FitParams));
    const other = await load({ variant });
    try {
      for (let i = problems.length - 1; i >= 0; i--)
        for (let k = methods.length - 1; k >= 0; k--) {
          const [m, o] = methods[k];
          same(forward[i * methods.length + k], await other.fit(m as any, { ...problems[i], ...o } as FitParams), `${m} on problem ${i}`);
        }
    } finally {
      other.dispose();
    }
  });
});
