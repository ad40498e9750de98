// The demo's pure parts: the URL-state codec, the CSV → matrix path, the adjusted Rand index,
// number formatting, the sparse-groups problem, the one-standard-error choice of Q, and the
// downloaded model record (applied by hand to raw rows, against the library's predictions).
import { describe, expect, it } from 'vitest';
import type { StabilityResult, SyntheticData } from '../../dist/index.js';
import { load } from '../../dist/node/index.js';
import { describeTable, parseCsv, summarise, toMatrix, usable, whyNotNumeric } from '../../demo/src/csv.js';
import { groupsOf, modelRecord, withStability } from '../../demo/src/data.js';
import { foldIds, meanBaseline, ridgeBaseline } from '../../demo/src/dataBaselines.js';
import { axisFormat, formatLambda, formatNumber, logAxisFormat } from '../../demo/src/format.js';
import { errorOf } from '../../demo/src/path.js';
import { withZeroGroup } from '../../demo/src/problem.js';
import { adjustedRand, bestMatching, contingency, distinctPartition, matchedOrder } from '../../demo/src/partition.js';
import { tally, tallySentence, verdict, winners } from '../../demo/src/claims.js';
import { DEFAULTS, decodeState, encodeState } from '../../demo/src/state.js';
import { csvOf, markdownOf } from '../../demo/src/tables.js';
import type { ExperimentResult } from '../../dist/index.js';

describe('URL state', () => {
  it('round-trips every control and leaves defaults out of the URL', () => {
    expect(encodeState(DEFAULTS)).toBe('');
    const s = {
      ...DEFAULTS,
      view: 'tables' as const,
      n: 80,
      sigma: 0.25,
      rho: 0.5,
      task: 'classification' as const,
      seed: 42,
      method: 'oscar',
      lambda: 0.003,
      lambda2: 2e-4,
      table: 'e1-sigma',
      reps: 7,
      fast: false,
      rows: ['Oracle', 'IHC+hops λ=1e-4'],
      dataMethod: 'lasso',
      dataQ: 4,
      target: 'price (USD)',
      standardise: true,
      zero: true,
      overlays: ['oracle'],
      dataCvQ: true,
    };
    const q = encodeState(s);
    expect(q.startsWith('?')).toBe(true);
    expect(decodeState(q)).toEqual(s);
    expect(decodeState(encodeState(decodeState(q)))).toEqual(s);
  });

  it('falls back to defaults for bad values and clamps numbers to their ranges', () => {
    const s = decodeState('?n=abc&d=1e9&Q=50&sigma=-3&lambda=0&view=nope&task=x&fast=maybe&rows=,&method=<script>&zzz=1');
    expect(s.n).toBe(DEFAULTS.n);
    expect(s.d).toBe(500);
    expect(s.Q).toBe(20);
    expect(s.sigma).toBe(0);
    expect(s.lambda).toBe(1e-6);
    expect(s.view).toBe('play');
    expect(s.task).toBe('regression');
    expect(s.fast).toBe(DEFAULTS.fast);
    expect(s.rows).toEqual(DEFAULTS.rows);
    expect(s.method).toBe('ihc');
    expect(decodeState('?d=3&Q=9').Q).toBe(3); // never more groups than features
    expect(decodeState('?n=33.7').n).toBe(34);
  });

  it('keeps an empty list of overlays apart from the default, and drops unknown ones', () => {
    const none = { ...DEFAULTS, overlays: [] };
    expect(encodeState(none)).toBe('?overlays=');
    expect(decodeState(encodeState(none)).overlays).toEqual([]);
    expect(decodeState('?overlays=lasso,bogus,oracle').overlays).toEqual(['oracle', 'lasso']);
  });
});

describe('number formats', () => {
  it('writes λ one way everywhere', () => {
    expect([1e-4, 0.000251, 0.0316, 0.01, 1, 10, 12345, 1e-6].map(formatLambda)).toEqual([
      '1e-4',
      '2.51e-4',
      '0.0316',
      '0.01',
      '1',
      '10',
      '1.23e4',
      '1e-6',
    ]);
    expect([0.27183, 100, 1.5e-5].map(formatNumber)).toEqual(['0.272', '100', '1.5e-5']);
  });

  it('labels ticks a tenth of the span apart with distinct, prefix-free text', () => {
    const lo = 0.2137,
      hi = 0.2245,
      f = axisFormat(lo, hi);
    const ticks = Array.from({ length: 11 }, (_, i) => lo + (i * (hi - lo)) / 10).map(f);
    expect(new Set(ticks).size).toBe(11);
    for (const t of ticks) expect(t).toMatch(/^-?[\d.]+(e-?\d+)?$/);
    expect(logAxisFormat(0.1, 20)(2)).toBe('2');
    expect(logAxisFormat(0.1, 20)(3)).toBe('');
    expect(logAxisFormat(1e-6, 10)(0.2)).toBe(''); // over more than three decades, powers of ten only
    expect(logAxisFormat(1e-6, 10)(1e-3)).toBe('1e-3');
  });
});

describe('error against the truth', () => {
  it('is the Euclidean distance for regression and the angle in degrees for classification', () => {
    expect(errorOf('regression', [1, 2, 2], [1, 0, 0])).toBe(Math.sqrt(8));
    expect(errorOf('classification', [1, 0], [0, 3])).toBeCloseTo(90, 12);
    expect(errorOf('classification', [1, 1], [5, 5])).toBeCloseTo(0, 6); // scale does not count
    expect(errorOf('classification', [1, 0], [-2, 0])).toBeCloseTo(180, 12);
    expect(errorOf('classification', [1, 0], [1, 1])).toBeCloseTo(45, 12);
    expect(errorOf('classification', [1, 0], [0, 0])).toBe(90); // a zero estimate: no direction
  });
});

describe('sparse-groups problem', () => {
  it('zeroes the group of smallest |value| and moves y and ytest by exactly its part of Xw*', () => {
    const X = Float64Array.from([1, 2, 3, 4, 5, 6]),
      Xtest = Float64Array.from([-1, 0.5, 2, 2, 1, -3]);
    const data = {
      X,
      nRows: 2,
      nCols: 3,
      y: Float64Array.from([10, 20]),
      Xtest,
      nTest: 2,
      ytest: Float64Array.from([1, 2]),
      coef: Float64Array.from([2, -0.5, 2]),
      groups: Int32Array.from([0, 1, 0]),
    } as unknown as SyntheticData;
    const z = withZeroGroup(data);
    expect(Array.from(z.coef)).toEqual([2, 0, 2]);
    expect(Array.from(z.y)).toEqual([10 - 2 * -0.5, 20 - 5 * -0.5]);
    expect(Array.from(z.ytest)).toEqual([1 - 0.5 * -0.5, 2 - 1 * -0.5]);
    expect(z.X).toBe(X);
  });
});

describe('Your data', () => {
  it('rates each group by the mean co-grouping frequency of its pairs', () => {
    const features = ['a', 'b', 'c', 'd'];
    // Pairs (a, b) 1, (a, c) 0.5, (b, c) 0.9; d alone; a zero group is not rated.
    const co = [1, 1, 0.5, 0, 1, 1, 0.9, 0, 0.5, 0.9, 1, 0, 0, 0, 0, 1];
    const groups = [
      { group: 1, weight: 2, features: ['a', 'b', 'c'] },
      { group: 2, weight: -1, features: ['d'] },
    ];
    const rated = withStability(groups, features, { coGrouping: co } as unknown as StabilityResult);
    expect(rated[0].stability).toBeCloseTo((1 + 0.5 + 0.9) / 3, 15);
    expect(rated[1].stability).toBeUndefined();
    expect(
      withStability([{ group: 1, weight: 0, features: ['a', 'b'] }], features, { coGrouping: co } as unknown as StabilityResult)[0]
        .stability,
    ).toBeUndefined();
  });

  it('downloads a record that reproduces the model’s predictions on raw rows', async () => {
    const sc = await load({ variant: 'simd' });
    const rows = Array.from({ length: 40 }, (_, i) => [Math.sin(i) * 10 + 50, (i % 7) * 3, Math.cos(3 * i)]);
    const text = ['a,b,c,y', ...rows.map(([a, b, c], i) => `${a},${b},${c},${2 * a + 2 * b - c + Math.sin(7 * i)}`)].join('\n');
    const matrix = toMatrix(parseCsv(text), 'y', ['a', 'b', 'c'], true);
    const fit = await sc.crossValidate(
      'ihc',
      { X: matrix.X, nRows: matrix.nRows, nCols: 3, y: matrix.y, Q: 2 },
      { grid: { lambda: [1e-3, 1e-2] }, folds: 4 },
    );
    const record = modelRecord({ matrix, fit, groups: groupsOf(fit, matrix.features), target: 'y', folds: 4, baselines: [] });
    const predicted = await sc.predict(fit.model, matrix.X, matrix.nRows);
    rows.forEach((raw, i) => {
      const byHand = record.intercept + record.features.reduce((s, f, j) => s + (f.weight * (raw[j] - f.mean)) / f.scale, 0);
      expect(byHand).toBeCloseTo(predicted[i], 9);
    });
    expect(record.Q).toBe(2);
    expect(record.lambda).toBe(fit.best.lambda);
    expect(record.cv).toEqual({ folds: 4, metric: fit.metric, mean: fit.grid[fit.bestIndex].mean, std: fit.grid[fit.bestIndex].std });
    sc.dispose();
  });
});

describe("CSV → matrix (the page: the library's reader, rows with a missing value skipped, standardised on request)", () => {
  const csv =
    'id,size,rooms,city,price\n1,50,2,Paris,100\n2,,3,Lyon,150\n3,70,NA,Nice,160\n4,80,4,Lyon,210\n5,65,3,Paris,170\n6,90,5,Nice,260\n7,40,1,Lyon,80\n';

  it('reads numbers, skips rows with missing values and standardises', () => {
    const t = parseCsv(csv);
    const cols = Object.fromEntries(summarise(t).map((c) => [c.name, c]));
    expect(cols.id.rowId).toBe(true);
    expect(whyNotNumeric(cols.city)).toBe("column 'city', row 1: 'Paris' is not a number");
    const m = toMatrix(t, 'price', ['size', 'rooms'], false);
    expect(m.skipped).toBe(2);
    expect(m.nRows).toBe(5);
    expect(Array.from(m.y)).toEqual([100, 210, 170, 260, 80]);
    expect(Array.from(m.X)).toEqual([50, 2, 80, 4, 65, 3, 90, 5, 40, 1]);
    const z = toMatrix(t, 'price', ['size', 'rooms'], true);
    // size over the kept rows (50, 80, 65, 90, 40): mean 65, sample sd √(1700/4); the first
    // row becomes (50 − 65)/√425.
    expect(z.means[0]).toBe(65);
    expect(z.scales[0]).toBeCloseTo(Math.sqrt(1700 / 4), 12);
    expect(z.X[0]).toBeCloseTo(-15 / Math.sqrt(1700 / 4), 12);
  });

  it("reads decimal commas when that makes more columns numbers, and skips the rows of a column's few bad cells", () => {
    const commas = parseCsv('a;b;y\n3,5;1;2\n4,25;2;3\n-1,5;3;4\n0;4;5\n2;5;6\n');
    expect(describeTable(commas).decimal).toBe(',');
    expect(describeTable(parseCsv(csv)).decimal).toBe('.');
    expect(Array.from(toMatrix(commas, 'y', ['a', 'b'], false, ',').X)).toEqual([3.5, 1, 4.25, 2, -1.5, 3, 0, 4, 2, 5]);
    // 120 rows, 1 and 2 bad cells in b (1 % of 120 is 1): b is usable with one, not with two.
    const rows = (bad: number[]) =>
      parseCsv(['a,b,y', ...Array.from({ length: 120 }, (_, i) => `${i % 7},${bad.includes(i + 1) ? 'oops' : i % 5},${i}`)].join('\n'));
    const one = rows([9]),
      two = rows([9, 50]);
    expect(usable(summarise(one)[1], 120)).toBe(true);
    expect(usable(summarise(two)[1], 120)).toBe(false);
    const m = toMatrix(one, 'y', ['a', 'b'], false);
    expect(m.skipped).toBe(1);
    expect(m.nRows).toBe(119);
    expect(Array.from(m.y)).not.toContain(8); // row 9 holds y = 8
    expect(() => toMatrix(two, 'y', ['a', 'b'], false)).toThrow("column 'b', row 9: 'oops' is not a number");
  });

  it('says clearly what is wrong', () => {
    const t = parseCsv(csv);
    expect(() => toMatrix(t, 'price', ['size', 'city'], false)).toThrow("column 'city', row 1: 'Paris' is not a number");
    expect(() => toMatrix(t, 'price', [], false)).toThrow('at least one feature');
    expect(() => toMatrix(t, 'price', ['price'], false)).toThrow('cannot also be a feature');
    expect(() => toMatrix(t, 'city', ['size'], false)).toThrow("the target 'city' is not numeric");
    expect(() => toMatrix(parseCsv('a,b\n1,2\n1,3\n1,4\n1,5\n1,6\n'), 'b', ['a'], true)).toThrow("column 'a' is constant");
  });
});

describe('adjusted Rand index', () => {
  it('matches hand-computed cases', () => {
    expect(adjustedRand([0, 0, 1, 1], [5, 5, 2, 2])).toBe(1);
    // Contingency [[2,1],[0,1]] with rows (3,1), columns (2,2): index 1, expected 3·2/6 = 1,
    // max (3 + 2)/2 = 2.5 → ARI 0.
    expect(adjustedRand([0, 0, 0, 1], [0, 0, 1, 1])).toBeCloseTo(0, 15);
    // [[2,0],[1,1],[0,2]]… a = (0,0,1,1,2,2), b = (0,0,0,1,1,1): index 2, rows 3, cols 6,
    // expected 3·6/15 = 1.2, max 4.5 → (2 − 1.2)/(4.5 − 1.2) = 0.2424…
    expect(adjustedRand([0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 1])).toBeCloseTo(0.8 / 3.3, 12);
  });

  it('scores an estimate by its distinct values (8 significant digits, whole rows when K > 1)', () => {
    // d = 5, K = 1: 1.5 twice, 1.5 + 1e-12 (equal to 8 digits), 2 and −2: three values.
    const one = distinctPartition([1.5, 2, 1.5, 1.5 + 1e-12, -2], 1);
    expect(one.groups).toBe(3);
    expect(Array.from(one.labels)).toEqual([0, 1, 0, 0, 2]);
    // d = 3, K = 2 (row-major): rows (1, 2), (1, 3), (1, 2): two distinct rows, though column 0 has one value.
    const rows = distinctPartition([1, 2, 1, 3, 1, 2], 2);
    expect(rows.groups).toBe(2);
    expect(Array.from(rows.labels)).toEqual([0, 1, 0]);
  });
});

describe('matching found groups to true ones', () => {
  /** The most items any one-to-one matching of found to true groups shares, by trying every permutation. */
  function bestShared(truth: number[], found: number[]): number {
    const rows = [...new Set(truth)],
      cols = [...new Set(found)],
      counts = contingency(truth, found);
    const n = Math.max(rows.length, cols.length);
    let best = 0;
    const permute = (left: number[], chosen: number[]) => {
      if (!left.length) {
        best = Math.max(
          best,
          chosen.reduce((s, j, i) => s + (i < rows.length && j < cols.length ? (counts.get(`${rows[i]},${cols[j]}`) ?? 0) : 0), 0),
        );
        return;
      }
      for (const j of left)
        permute(
          left.filter((x) => x !== j),
          [...chosen, j],
        );
    };
    permute(
      Array.from({ length: n }, (_, j) => j),
      [],
    );
    return best;
  }
  it('puts a relabelled recovery on the diagonal', () => {
    expect(matchedOrder([0, 0, 1, 1, 2, 2], [2, 2, 0, 0, 1, 1])).toEqual([2, 0, 1]);
    // Extra found groups follow the matched ones; a found group may stay unmatched.
    expect(matchedOrder([0, 0, 1, 1], [3, 3, 1, 2])).toEqual([3, 1, 2]);
  });
  it('shares as many items as the best of all matchings, on 200 random pairs of partitions', () => {
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    for (let t = 0; t < 200; t++) {
      const m = 2 + rand(5),
        R = 1 + rand(5),
        C = 1 + rand(6);
      const truth = Array.from({ length: 3 * m + rand(20) }, () => rand(R)),
        found = truth.map(() => rand(C));
      const pairs = bestMatching(truth, found),
        counts = contingency(truth, found);
      // One-to-one, in the true groups' order, as many pairs as the smaller side has groups.
      expect(new Set(pairs.map(([, f]) => f)).size).toBe(pairs.length);
      expect(pairs.map(([t]) => t)).toEqual([...pairs.map(([t]) => t)].sort((a, b) => a - b));
      expect(pairs.length).toBe(Math.min(new Set(truth).size, new Set(found).size));
      expect(pairs.reduce((s, [t, f]) => s + (counts.get(`${t},${f}`) ?? 0), 0)).toBe(bestShared(truth, found));
      expect([...matchedOrder(truth, found)].sort((a, b) => a - b)).toEqual([...new Set(found)].sort((a, b) => a - b));
    }
  });
});

describe('claims', () => {
  const rows = [
    { method: 'ihc', name: 'IHC', error: 31.5, test: 2.0 },
    { method: 'ridge', name: 'ridge', error: 30.1, test: 2.0004 },
    { method: 'lasso', name: 'the lasso', error: 39.4, test: 3 },
  ];
  it('name the least values as the page prints them (3 significant digits: ties are ties)', () => {
    expect(winners(rows, 'error').map((r) => r.name)).toEqual(['ridge']);
    expect(winners(rows, 'test').map((r) => r.name)).toEqual(['IHC', 'ridge']);
    expect(verdict(rows, 3, 'test MSE')).toBe('Seed 3: ridge is closest to w*; IHC and ridge predict best (test MSE).');
    const clear = [{ ...rows[0], error: 1, test: 1 }, rows[1], rows[2]];
    expect(verdict(clear, 1, 'test MSE')).toBe('Seed 1: IHC is closest to w* and predicts best (test MSE).');
  });
  it('count wins over seeds, a tie for each tied fit', () => {
    const t = tally([rows, [{ ...rows[0], error: 1, test: 1 }, rows[1], rows[2]]]);
    expect([...t.error]).toEqual([
      ['IHC', 1],
      ['ridge', 1],
      ['the lasso', 0],
    ]);
    expect([...t.test]).toEqual([
      ['IHC', 2],
      ['ridge', 1],
      ['the lasso', 0],
    ]);
    expect(tallySentence(t, 1, 'test MSE')).toBe(
      'Over seeds 1–2 (the same problem otherwise, the baselines cross-validated on each): ' +
        'closest to w* — IHC 1, ridge 1, the lasso 0; best test MSE — IHC 2, ridge 1, the lasso 0.',
    );
  });
});

describe("Your data's baselines", () => {
  it('score the mean of y fold by fold (by hand) and ridge as a cross-validation at its λ does', async () => {
    // Folds {0, 1} and {2, 3}: held (0, 0) against the training mean 3 → 9; held (1, 5) against 0 → 13.
    const m = meanBaseline([0, 0, 1, 5], Int32Array.from([0, 0, 1, 1]), 2);
    expect(m.mean).toBe(11);
    expect(m.se).toBeCloseTo(Math.sqrt(8) / Math.sqrt(2), 14);
    // The folds: every row once, dealt in the library's shuffled order, sizes differing by one at most.
    const id = foldIds(23, 5);
    expect(Array.from({ length: 5 }, (_, f) => id.filter((x) => x === f).length).sort()).toEqual([4, 4, 5, 5, 5]);
    const sc = await load({ variant: 'simd' });
    const g = await sc.generate('e1', { n: 60, d: 8, Q: 2, sigma: 1, seed: 3 });
    const matrix = { X: g.X, y: g.y, nRows: 60, nCols: 8, features: [], skipped: 0, means: [], scales: [] };
    const folds = foldIds(60, 5),
      ridge = await ridgeBaseline(sc, matrix, folds, new AbortController().signal);
    const cv = await sc.crossValidate(
      'ridge',
      { X: g.X, nRows: 60, nCols: 8, y: g.y },
      { grid: { lambda: [ridge.lambda!] }, foldId: folds },
    );
    expect(ridge.mean).toBeCloseTo(cv.grid[0].mean, 8);
    expect(ridge.se).toBeCloseTo(cv.grid[0].se, 8);
    // Ridge beats the mean here (y depends on X).
    expect(ridge.mean).toBeLessThan(meanBaseline(g.y, folds, 5).mean);
    sc.dispose();
  });
});

describe('a table copied as markdown and CSV', () => {
  // Two rows, two columns; the paper has figures for the first row only.
  const result = {
    id: 'e1-n',
    column: 'n',
    columns: [50, 100],
    columnLabels: ['n = 50', 'n = 100'],
    columnMetrics: ['coef-error', 'coef-error'],
    fast: true,
    rows: [
      {
        method: 'IHC',
        cells: [
          { mean: 1.234, std: 0.5, values: [] },
          { mean: 0.1, std: 0.02, values: [] },
        ],
        paper: [
          { mean: 1.5, std: 0.4 },
          { mean: 0.2, std: 0.05 },
        ],
        msPerFit: 3,
      },
      {
        method: 'LS',
        cells: [
          { mean: 2, std: 1, values: [] },
          { mean: NaN, std: NaN, values: [] },
        ],
        msPerFit: 1,
      },
    ],
  } as unknown as ExperimentResult;
  it('marks fast-grid cells and says which grids, in both', () => {
    expect(markdownOf(result)).toBe(
      [
        '| method | n = 50 | n = 100 |',
        '|---|---:|---:|',
        '| IHC | 1.23 ± 0.50 † (1.50 ± 0.40) | 0.10 ± 0.02 † (0.20 ± 0.05) |',
        '| LS | 2.00 ± 1.00 † (–) | – † (–) |',
        '',
        "† fast grids: fewer cross-validation points than the paper's.",
      ].join('\n'),
    );
    expect(csvOf(result).split('\n')).toEqual([
      'method,column,value,mean,std,paper_mean,paper_std,grids',
      '"IHC",n,50,1.234,0.5,1.5,0.4,fast',
      '"IHC",n,100,0.1,0.02,0.2,0.05,fast',
      '"LS",n,50,2,1,,,fast',
      '"LS",n,100,NaN,NaN,,,fast',
    ]);
    expect(markdownOf({ ...result, fast: false } as ExperimentResult)).not.toContain('†');
    expect(csvOf({ ...result, fast: false } as ExperimentResult)).toContain(',full');
  });
});
