// One's own data: the table reader (CSV, TSV, ';' files, JSON rows), the design matrix with its
// refusals, the seeded split and the metric functions — the metrics against sc.score on the same
// predictions (the module's definitions) and against values worked by hand.
import { describe, expect, it } from 'vitest';
import {
  accuracy,
  auc,
  describeColumns,
  errorRate,
  load,
  logLoss,
  mae,
  mse,
  r2,
  readTable,
  selectRows,
  shuffledRows,
  splitRows,
  SupclustError,
  tableMatrix,
  whyNotNumeric,
} from '../../dist/node/index.js';

const houses =
  'id,size,rooms,city,price\n1,50,2,Paris,100\n2,,3,Lyon,150\n3,70,NA,Nice,160\n4,80,4,Lyon,210\n5,65,3,Paris,170\n6,90,5,Nice,260\n7,40,1,Lyon,80\n';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SupclustError);
    return e as SupclustError;
  }
  throw new Error('no refusal');
};

describe('readTable', () => {
  it('reads CSV, TSV, ;-separated text and JSON rows to the same table', () => {
    const csv = readTable('a,b,label\n1,2.5,x\n3,-4e-1,y\n');
    expect(csv).toEqual({
      columns: ['a', 'b', 'label'],
      rows: [
        ['1', '2.5', 'x'],
        ['3', '-4e-1', 'y'],
      ],
    });
    expect(readTable('a\tb\tlabel\n1\t2.5\tx\n3\t-4e-1\ty\n')).toEqual(csv);
    expect(readTable('a;b;label\n1;2.5;x\n3;-4e-1;y\n')).toEqual(csv);
    expect(readTable('\uFEFFa,b,label\r\n1,2.5,x\r\n3,-4e-1,y\r\n\r\n')).toEqual(csv);
    expect(readTable('[{"a":1,"b":2.5,"label":"x"},{"a":3,"b":-0.4,"label":"y"}]').rows[1]).toEqual(['3', '-0.4', 'y']);
    expect(readTable('[["a","b","label"],[1,2.5,"x"],[3,null,"y"]]')).toEqual({
      columns: ['a', 'b', 'label'],
      rows: [
        ['1', '2.5', 'x'],
        ['3', '', 'y'],
      ],
    });
    // Objects with different keys: the union, in order of first appearance; absent keys are missing.
    expect(readTable('[{"a":1},{"b":2,"a":3}]')).toEqual({
      columns: ['a', 'b'],
      rows: [
        ['1', ''],
        ['3', '2'],
      ],
    });
  });

  it('refuses what is not a table, saying where', () => {
    expect(refusal(() => readTable('a,b\n1,2,3\n')).message).toContain('data row 1 has 3 cells, the header 2');
    expect(refusal(() => readTable('a,b\n')).message).toContain('no data rows');
    expect(refusal(() => readTable('')).message).toContain('empty');
    expect(refusal(() => readTable('a,a\n1,2\n')).message).toContain("column 'a': two columns have this name");
    expect(refusal(() => readTable('[{"a":1}, 3]')).message).toContain('row 2 is not an object');
    expect(refusal(() => readTable('[{"a":[1,2]}]')).message).toContain(
      "column 'a', row 1: a cell must be a number, a string or null (got an array)",
    );
    expect(refusal(() => readTable('{"a": 1')).message).toContain('not JSON');
  });
});

describe('tableMatrix', () => {
  const t = readTable(houses);

  it('describes each column', () => {
    const cols = Object.fromEntries(describeColumns(t).map((c) => [c.name, c]));
    expect(cols.size).toMatchObject({ numeric: true, missing: 1, rowId: false, constant: false });
    expect(cols.rooms).toMatchObject({ numeric: true, missing: 1 });
    expect(cols.city).toMatchObject({ numeric: false, firstBad: { row: 1, value: 'Paris' } });
    expect(cols.size.badRows).toEqual([]);
    // Every bad cell's row, missing cells (n/a, ?) apart.
    expect(describeColumns(readTable('a,b\n1,x\n2,n/a\n3,4\n4,5 kg\n5,?\n'))[1]).toMatchObject({
      numeric: false,
      missing: 2,
      badRows: [1, 4],
    });
    expect(cols.id.rowId).toBe(true);
    expect(describeColumns(readTable('a,b\n2,1\n2,3\n'))[0].constant).toBe(true);
    expect(whyNotNumeric(cols.city)).toBe("column 'city', row 1: 'Paris' is not a number");
    const commas = describeColumns(readTable('a;b\n3,5;1\n4,5;2\n'));
    expect(whyNotNumeric(commas[0])).toBe(
      "column 'a', row 1: '3,5' is not a number: a decimal comma? write 3.5, not 3,5, or read the table with decimal: ','",
    );
    // Read with decimal: ',' the same cells are numbers, and a '.' is not.
    const read = tableMatrix(readTable('a;b\n3,5;1\n-,25;2e1\n'), { target: 'b', decimal: ',' });
    expect(Array.from(read.X)).toEqual([3.5, -0.25]);
    expect(read.y).toEqual(Float64Array.from([1, 20]));
    expect(describeColumns(readTable('a;b\n3.5;1\n'), { decimal: ',' })[0].firstBad).toEqual({ row: 1, value: '3.5' });
    expect(refusal(() => tableMatrix(readTable('a;b\n1;2\n'), { decimal: ';' as never })).field).toBe('decimal');
    // A ';' file read with ',' given as the separator: one cell holding the others.
    const joined = describeColumns(readTable('a;b,c\n1;2,3\n', { delimiter: ',' }));
    expect(whyNotNumeric(joined[0])).toContain("cells joined by ';'? give that separator");
  });

  it('builds X row-major from the feature columns, the target as numbers or labels', () => {
    const m = tableMatrix(t, { target: 'price', features: ['size', 'rooms'], missing: 'skip' });
    expect(m.rows).toEqual([1, 4, 5, 6, 7]);
    expect(m.skipped).toBe(2);
    expect(Array.from(m.X)).toEqual([50, 2, 80, 4, 65, 3, 90, 5, 40, 1]);
    expect(m.y).toEqual(Float64Array.from([100, 210, 170, 260, 80]));
    expect(m).toMatchObject({ nRows: 5, nCols: 2, featureNames: ['size', 'rooms'], target: 'price' });
    // Default features: every column but the target and those dropped.
    const all = tableMatrix(t, { target: 'price', drop: ['id', 'city'], missing: 'skip' });
    expect(all.featureNames).toEqual(['size', 'rooms']);
    // String labels stay labels; no target: X alone.
    const labels = tableMatrix(t, { target: 'city', features: ['id'] });
    expect(labels.y).toEqual(['Paris', 'Lyon', 'Nice', 'Lyon', 'Paris', 'Nice', 'Lyon']);
    const x = tableMatrix(t, { features: ['price', 'id'] });
    expect(x.y).toBeUndefined();
    expect(x.X[1]).toBe(1);
  });

  it('refuses a cell that is not a number, a missing cell and unknown columns, naming them', () => {
    const bad = refusal(() => tableMatrix(t, { target: 'price', missing: 'skip' }));
    expect(bad.field).toBe('city');
    expect(bad.message).toBe("column 'city', row 1: 'Paris' is not a number (drop the column to leave it out)");
    const gap = refusal(() => tableMatrix(t, { target: 'price', features: ['size'] }));
    expect(gap.field).toBe('size');
    expect(gap.message).toContain("column 'size', row 2: the cell is missing ('')");
    expect(refusal(() => tableMatrix(t, { target: 'cost' })).message).toContain(
      "target: no column named 'cost' (the columns: 'id', 'size'",
    );
    expect(refusal(() => tableMatrix(t, { target: 'price', drop: ['town'] })).field).toBe('drop');
    expect(refusal(() => tableMatrix(t, { target: 'price', features: ['price'] })).message).toContain('cannot also be a feature');
    expect(refusal(() => tableMatrix(readTable('a,b\n1,2\n'), { target: 'a', drop: ['b'] })).message).toContain(
      'no feature column is left',
    );
    expect(refusal(() => tableMatrix(readTable('a,b\nNA,2\n'), { target: 'a', missing: 'skip' })).message).toContain(
      'every row has a missing cell',
    );
  });
});

describe('splitRows', () => {
  it('deals every row once, the same for a seed, another for another seed', () => {
    const a = splitRows(103, { test: 0.25, seed: 7 });
    expect(a.test).toHaveLength(26);
    expect(a.train).toHaveLength(77);
    expect([...a.train, ...a.test].sort((p, q) => p - q)).toEqual(Array.from({ length: 103 }, (_, i) => i));
    expect(splitRows(103, { test: 0.25, seed: 7 })).toEqual(a);
    expect(splitRows(103, { test: 0.25, seed: 8 }).test).not.toEqual(a.test);
    expect(splitRows(103, { test: 10, seed: 7 }).test).toEqual(shuffledRows(103, 7).slice(93));
  });

  it("keeps each class's share in the test rows when stratified", () => {
    const labels = Array.from({ length: 100 }, (_, i) => (i < 80 ? 'a' : i < 95 ? 'b' : 'c'));
    const s = splitRows(100, { test: 0.2, seed: 3, stratify: labels });
    const count = (rows: number[], l: string) => rows.filter((i) => labels[i] === l).length;
    // round(0.2 × 80) = 16, round(0.2 × 15) = 3, round(0.2 × 5) = 1.
    expect([count(s.test, 'a'), count(s.test, 'b'), count(s.test, 'c')]).toEqual([16, 3, 1]);
    expect(new Set([...s.train, ...s.test]).size).toBe(100);
  });

  it('refuses impossible splits and selects rows', () => {
    expect(refusal(() => splitRows(10, { test: 1.5 })).field).toBe('test');
    expect(refusal(() => splitRows(10, { test: 10 })).field).toBe('test');
    expect(refusal(() => splitRows(3, { test: 0.1 })).message).toContain('at least one test');
    expect(refusal(() => splitRows(10, { stratify: [1, 2] })).field).toBe('stratify');
    expect(refusal(() => splitRows(10, { seed: -1 })).field).toBe('seed');
    const X = Float64Array.from([1, 2, 3, 4, 5, 6]);
    expect(selectRows(X, [2, 0], 2)).toEqual(Float64Array.from([5, 6, 1, 2]));
    expect(selectRows(['x', 'y', 'z'], [1, 1])).toEqual(['y', 'y']);
    expect(refusal(() => selectRows(X, [3], 2)).field).toBe('rows');
  });
});

describe('metrics', () => {
  it('equal hand-worked values', () => {
    const y = [1, 2, 3, 4],
      p = [1.5, 2, 2, 5];
    expect(mse(y, p)).toBe((0.25 + 0 + 1 + 1) / 4);
    expect(mae(y, p)).toBe((0.5 + 0 + 1 + 1) / 4);
    expect(r2(y, p)).toBeCloseTo(1 - 2.25 / 5, 15);
    expect(r2([2, 2], [2, 2])).toBe(1);
    expect(r2([2, 2], [2, 3])).toBe(0);
    expect(accuracy(['a', 'b', 'b'], ['a', 'a', 'b'])).toBeCloseTo(2 / 3, 15);
    expect(errorRate(['a', 'b', 'b'], ['a', 'a', 'b'])).toBeCloseTo(1 / 3, 15);
    // Positives (label 1) score 0.8, 0.4; negatives 0.4, 0.1: of the 4 pairs, 3 won and 1 tie.
    expect(auc([1, 1, 0, 0], [0.8, 0.4, 0.4, 0.1])).toBe(3.5 / 4);
    expect(auc(['yes', 'yes', 'no', 'no'], [0.8, 0.4, 0.4, 0.1], 'no')).toBe(0.5 / 4);
    expect(logLoss(['b', 'a'], [0.25, 0.75, 0.5, 0.5], ['a', 'b'])).toBeCloseTo(-(Math.log(0.75) + Math.log(0.5)) / 2, 15);
    expect(refusal(() => mse([1, 2], [1])).field).toBe('predicted');
    expect(refusal(() => mse([1, NaN], [1, 2])).field).toBe('y');
    expect(refusal(() => auc([1, 1], [0.1, 0.2])).message).toContain('exactly two labels');
    expect(refusal(() => logLoss(['c'], [0.5, 0.5], ['a', 'b'])).message).toContain('not one of the classes');
  });

  it("equal sc.score on the same predictions (the module's definitions)", async () => {
    const sc = await load({ variant: 'simd' });
    const reg = await sc.generate('e1', { n: 80, d: 12, seed: 4, nTest: 60 });
    const m = await sc.fit('ridge', { X: reg.X, nRows: reg.nRows, nCols: reg.nCols, y: reg.y, lambda: 0.1 });
    const XT = reg.Xtest,
      yT = Array.from(reg.ytest),
      pred = await sc.predict(m, XT, reg.nTest, reg.nCols);
    for (const [name, f] of [
      ['mse', mse],
      ['mae', mae],
      ['r2', r2],
    ] as const)
      expect(f(yT, pred), name).toBeCloseTo(await sc.score(m, XT, yT, name, reg.nTest, reg.nCols), 12);
    const cls = await sc.generate('e1', { n: 120, d: 12, seed: 5, nTest: 90, task: 'classification' });
    const c = await sc.fit('ridge', { X: cls.X, nRows: cls.nRows, nCols: cls.nCols, y: cls.y, loss: 'logistic', lambda: 0.05 });
    const Xc = cls.Xtest,
      yc = Array.from(cls.ytest),
      nc = cls.nTest;
    const classes = await sc.predictClass(c, Xc, nc, cls.nCols),
      proba = await sc.predictProba(c, Xc, nc, cls.nCols);
    const scores = await sc.predict(c, Xc, nc, cls.nCols);
    expect(accuracy(yc, classes)).toBeCloseTo(await sc.score(c, Xc, yc, 'accuracy', nc, cls.nCols), 14);
    expect(errorRate(yc, classes)).toBeCloseTo(await sc.score(c, Xc, yc, 'error', nc, cls.nCols), 14);
    expect(auc(yc, scores)).toBeCloseTo(await sc.score(c, Xc, yc, 'auc', nc, cls.nCols), 14);
    expect(logLoss(yc, proba, c.classes!)).toBeCloseTo(await sc.score(c, Xc, yc, 'deviance', nc, cls.nCols), 10);
    sc.dispose();
  });
});
