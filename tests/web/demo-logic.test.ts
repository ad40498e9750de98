// The demo's pure parts: the URL-state codec, the CSV → matrix path and the adjusted Rand index.
import { describe, expect, it } from 'vitest';
import { parseCsv, summarise, toMatrix } from '../../demo/src/csv.js';
import { adjustedRand } from '../../demo/src/partition.js';
import { DEFAULTS, decodeState, encodeState } from '../../demo/src/state.js';

describe('URL state', () => {
  it('round-trips every control and leaves defaults out of the URL', () => {
    expect(encodeState(DEFAULTS)).toBe('');
    const s = { ...DEFAULTS, view: 'tables' as const, n: 80, sigma: 0.25, rho: 0.5, task: 'classification' as const, seed: 42,
      method: 'oscar', lambda: 0.003, table: 'e1-sigma', reps: 7, fast: false, rows: ['Oracle', 'IHC+hops λ=1e-4'],
      dataMethod: 'lasso', dataQ: 4, target: 'price (USD)', standardise: false };
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
    expect(decodeState('?d=3&Q=9').Q).toBe(3);  // never more groups than features
    expect(decodeState('?n=33.7').n).toBe(34);
  });
});

describe('CSV → matrix', () => {
  const csv = 'id,size,rooms,city,price\n1,50,2,Paris,100\n2,,3,Lyon,150\n3,70,NA,Nice,160\n4,80,4,Lyon,210\n5,65,3,Paris,170\n6,90,5,Nice,260\n7,40,1,Lyon,80\n';

  it('reads numbers, skips rows with missing values and standardises', () => {
    const t = parseCsv(csv);
    expect(t.columns).toEqual(['id', 'size', 'rooms', 'city', 'price']);
    const cols = Object.fromEntries(summarise(t).map((c) => [c.name, c]));
    expect(cols.size).toMatchObject({ numeric: true, missing: 1 });
    expect(cols.city).toMatchObject({ numeric: false, firstBad: { row: 1, value: 'Paris' } });
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

  it('says clearly what is wrong', () => {
    const t = parseCsv(csv);
    expect(() => toMatrix(t, 'price', ['size', 'city'], false)).toThrow("column 'city' is not numeric (row 1 has 'Paris')");
    expect(() => toMatrix(t, 'price', [], false)).toThrow('at least one feature');
    expect(() => toMatrix(t, 'price', ['price'], false)).toThrow('cannot also be a feature');
    expect(() => toMatrix(parseCsv('a,b\n1,2\n1,3\n1,4\n1,5\n1,6\n'), 'b', ['a'], true)).toThrow("column 'a' is constant");
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow(/row 1 has 3 fields/);
    expect(() => parseCsv('a,b\n')).toThrow('no data rows');
    expect(() => parseCsv('')).toThrow('empty');
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
});
