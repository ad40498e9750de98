// sc.suggest: the penalty weights' suggested values, factor × scale / d^power as each option
// declares (info.methods[].options[].suggested), recomputed here by hand on dense and CSR X and
// for one-vs-all targets, and with observation weights equal to the rows repeated; and what they are for: at its suggestion every method fits the Play
// problem better than least squares (smaller ‖w* − ŵ‖) and groups features least squares
// leaves apart (a higher adjusted Rand index of the distinct values with the truth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type SupclustError, type MethodName, type Supclust } from '../../dist/node/index.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

// By hand, from the definitions.
function scales(X: number[][], targets: number[][]) {
  const n = X.length,
    d = X[0].length;
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const cols = Array.from({ length: d }, (_, j) => X.map((r) => r[j]));
  let gradient = 0;
  for (const t of targets) {
    const tc = t.map((x) => x - mean(t));
    for (const c of cols) {
      const xc = c.map((x) => x - mean(c));
      gradient = Math.max(gradient, Math.abs(xc.reduce((s, x, i) => s + x * tc[i], 0)) / n);
    }
  }
  const curvature = cols.reduce((s, c) => s + c.reduce((a, x) => a + (x - mean(c)) ** 2, 0), 0) / (n * d);
  return { gradient, curvature };
}

function adjustedRand(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const pairs = (k: number) => (k * (k - 1)) / 2,
    table = new Map<string, number>(),
    ra = new Map<number, number>(),
    rb = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    table.set(`${a[i]},${b[i]}`, (table.get(`${a[i]},${b[i]}`) ?? 0) + 1);
    ra.set(a[i], (ra.get(a[i]) ?? 0) + 1);
    rb.set(b[i], (rb.get(b[i]) ?? 0) + 1);
  }
  let index = 0,
    sa = 0,
    sb = 0;
  for (const k of table.values()) index += pairs(k);
  for (const k of ra.values()) sa += pairs(k);
  for (const k of rb.values()) sb += pairs(k);
  const expected = (sa * sb) / pairs(a.length),
    max = (sa + sb) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}
const distinct = (w: ArrayLike<number>) => {
  const seen = new Map<string, number>();
  return Array.from(w, (x) => {
    const k = x.toPrecision(8);
    if (!seen.has(k)) seen.set(k, seen.size);
    return seen.get(k)!;
  });
};

describe('suggest', () => {
  it('is factor × scale / d^power for every declared option, on dense and CSR X', () => {
    const X = [
        [1, 0, 2],
        [0, 3, 1],
        [2, 1, 0],
        [1, 1, 4],
        [0, 2, 2],
      ],
      y = [1, 2, 0.5, 3, 1.5];
    const s = scales(X, [y]);
    const declared = sc.info.methods.flatMap((m) => m.options.filter((o) => o.suggested).map((o) => [m.name, o] as const));
    expect(declared.length).toBeGreaterThanOrEqual(9);
    for (const [method, o] of declared) {
      const loss = method === 'dfg' || method === 'adfg' || method === 'gem' || method === 'lem' ? {} : { loss: 'squared' as const };
      const want = (o.suggested!.factor * (o.degree === 2 ? s.curvature : s.gradient)) / 3 ** o.suggested!.power;
      const got = sc.suggest(method, { X, y, ...loss } as never) as Record<string, number>;
      expect(got[o.name], `${method}.${o.name}`).toBeCloseTo(want, 12);
    }
    // CSR: the same numbers.
    const indptr = [0],
      indices: number[] = [],
      values: number[] = [];
    for (const row of X) {
      row.forEach((x, j) => {
        if (x !== 0) {
          indices.push(j);
          values.push(x);
        }
      });
      indptr.push(indices.length);
    }
    const csr = sc.suggest('gflasso', { X: { indptr, indices, values }, nRows: 5, nCols: 3, y }) as Record<string, number>;
    expect(csr.lambda2).toBeCloseTo((sc.suggest('gflasso', { X, y }) as Record<string, number>).lambda2, 14);
    // Methods without declared suggestions suggest nothing.
    expect(sc.suggest('ihc', { X, y, Q: 2 })).toEqual({});
  });

  it('takes one-vs-all classes as indicator targets, and names bad input', () => {
    const X = [
        [1, 0],
        [0, 3],
        [2, 1],
        [1, 1],
        [0, 2],
        [3, 0],
      ],
      y = ['a', 'b', 'c', 'a', 'b', 'c'];
    const onehot = ['a', 'b', 'c'].map((c) => y.map((l) => (l === c ? 1 : 0)));
    const want = (1e-3 * scales(X, onehot).gradient) / 2;
    expect((sc.suggest('gflasso', { X, y, loss: 'ova-logistic' }) as Record<string, number>).lambda2).toBeCloseTo(want, 14);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as SupclustError;
      }
      throw new Error('expected a refusal');
    };
    expect(err(() => sc.suggest('gflasso', { X, y: [1, 2], loss: 'squared' } as never)).field).toBe('y');
    expect(err(() => sc.suggest('gflasso', { X, y, loss: 'hinge' } as never)).field).toBe('loss');
    expect(err(() => sc.suggest('nope' as MethodName, { X, y } as never)).field).toBe('method');
  });

  it('reads observation weights as the rows repeated (dense, CSR, standardized), and names bad ones', () => {
    const X = [
        [1, 0, 2],
        [0, 3, 1],
        [2, 1, 0],
        [1, 1, 4],
        [0, 2, 2],
      ],
      y = [1, 2, 0.5, 3, 1.5],
      weights = [2, 0, 1, 3, 1];
    const rows = X.flatMap((r, i) => Array.from({ length: weights[i] }, () => r)),
      ys = y.flatMap((v, i) => Array.from({ length: weights[i] }, () => v));
    for (const standardize of [false, true])
      for (const method of ['gflasso', 'nctfgs', 'adfg'] as const) {
        const plain = sc.suggest(method, { X: rows, y: ys, standardize } as never) as Record<string, number>;
        const weighted = sc.suggest(method, { X, y, weights, standardize } as never) as Record<string, number>;
        for (const k of Object.keys(plain)) expect(weighted[k], `${method}.${k}`).toBeCloseTo(plain[k], 13);
        expect(Object.keys(weighted).sort()).toEqual(Object.keys(plain).sort());
      }
    const indptr = [0],
      indices: number[] = [],
      values: number[] = [];
    for (const row of X) {
      row.forEach((x, j) => {
        if (x !== 0) {
          indices.push(j);
          values.push(x);
        }
      });
      indptr.push(indices.length);
    }
    const csr = sc.suggest('adfg', { X: { indptr, indices, values }, nRows: 5, nCols: 3, y, weights }) as Record<string, number>;
    const dense = sc.suggest('adfg', { X, y, weights }) as Record<string, number>;
    expect(csr.lambda2).toBeCloseTo(dense.lambda2, 14);
    expect(csr.lambda3).toBeCloseTo(dense.lambda3, 14);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as SupclustError;
      }
      throw new Error('expected a refusal');
    };
    for (const bad of [
      [1, 2],
      [1, -1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [1, NaN, 1, 1, 1],
    ])
      expect(err(() => sc.suggest('gflasso', { X, y, weights: bad })).field).toBe('weights');
  });

  it('reads the scales about the origin without an intercept (the gradient at b = 0), and refuses a loss without a reflected target', () => {
    const X = [
        [1, 0, 2],
        [0, 3, 1],
        [2, 1, 0],
        [1, 1, 4],
        [0, 2, 2],
      ],
      y = [1, 2, 0.5, 3, 1.5],
      labels = [1, 0, 0, 1, 1];
    const n = 5,
      d = 3,
      cols = [0, 1, 2].map((j) => X.map((r) => r[j]));
    // λmax without an intercept: max_j |Σᵢ x_ij (tᵢ − c)| / n, c the null model's target at b = 0 (0; ½ for 0/1 labels).
    const top = (t: number[], c: number) => Math.max(...cols.map((col) => Math.abs(col.reduce((s, x, i) => s + x * (t[i] - c), 0)) / n));
    const curvature = cols.reduce((s, col) => s + col.reduce((a, x) => a + x * x, 0), 0) / (n * d);
    for (const method of ['gflasso', 'nctfgs', 'adfg'] as const) {
      const o = sc.info.methods.find((m) => m.name === method)!.options.filter((x) => x.suggested);
      const got = sc.suggest(method, { X, y, intercept: false } as never) as Record<string, number>;
      for (const x of o)
        expect(got[x.name], `${method}.${x.name}`).toBeCloseTo(
          (x.suggested!.factor * (x.degree === 2 ? curvature : top(y, 0))) / d ** x.suggested!.power,
          12,
        );
    }
    const logistic = sc.suggest('gflasso', { X, y: labels, loss: 'logistic', intercept: false }) as Record<string, number>;
    expect(logistic.lambda2).toBeCloseTo((1e-3 * top(labels, 0.5)) / d, 14);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as SupclustError;
      }
      throw new Error('expected a refusal');
    };
    expect(
      err(() => sc.suggest('gflasso', { X, y: ['a', 'b', 'c', 'a', 'b'], loss: 'ova-logistic', intercept: false } as never)).field,
    ).toBe('intercept');
  });

  it('answers 0 for a zero scale at any unit, and refuses a weight beyond the double range naming X', () => {
    // X at ±1e308 (its unit 2^1023) against a target of x·0: the gradient scale is 0 (0 · ∞ was NaN).
    const X = [
      [1e308, 1],
      [-1e308, 2],
      [1e308, 3],
      [-1e308, 4],
    ];
    const gradientZero = sc.suggest('gflasso', { X, y: [5, 5, 5, 5] }) as Record<string, number>;
    expect(gradientZero.lambda2).toBe(0);
    // The same X against y = ±2e8 with column 0's signs: λ2 = 1e-3 · |Σ x(y − ȳ)| / n / d = 1e-3 · 2e316 / 2: beyond.
    let refusal: SupclustError | undefined;
    try {
      sc.suggest('gflasso', { X, y: [2e8, -2e8, 2e8, -2e8] });
    } catch (e) {
      refusal = e as SupclustError;
    }
    expect(refusal?.field).toBe('X');
    expect(refusal?.message).toMatch(/lambda2 is beyond the double range/);
  });
});

describe('at its suggestion, each method on the Play problem', () => {
  // The demo's default problem: E1 with n = 150, d = 100, Q = 5, σ = 0.5, seed 1.
  it('estimates w* better than least squares and groups features it leaves apart', async () => {
    const data = await sc.generate('e1', { n: 150, d: 100, Q: 5, sigma: 0.5, seed: 1 });
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
    const error = (w: ArrayLike<number>) => Math.sqrt(Array.from(w).reduce((s, x, j) => s + (x - data.coef[j]) ** 2, 0));
    const ls = await sc.fit('ridge', base);
    const lsError = error(ls.coef),
      lsRand = adjustedRand(data.groups, distinct(ls.coef));
    const methods = sc.info.methods.filter((m) => m.options.some((o) => o.suggested));
    expect(methods.map((m) => m.name).sort()).toEqual(['adfg', 'dfg', 'gem', 'gflasso', 'lem', 'ncfgs', 'nctfgs', 'oscar']);
    for (const m of methods) {
      const suggested = sc.suggest(m.name, base);
      const centres = m.options.some((o) => o.name === 'centres') ? { centres: 5 } : {};
      const fit = await sc.fit(m.name, { ...base, ...centres, ...suggested } as never);
      expect(fit.status, m.name).toBe('converged');
      expect(error(fit.coef), m.name).toBeLessThan(lsError);
      // GEM's weights sit near their centres, not at them: its own assignment is scored.
      const labels = m.name === 'gem' ? fit.groups : distinct(fit.coef);
      expect(adjustedRand(data.groups, labels), m.name).toBeGreaterThan(lsRand);
    }
  });
});
