// The command line on one's own table: fit, predict, cv, path and stability on CSV files made
// here from the diabetes fixture (clean, a bad cell, decimal commas with ';', a constant column,
// string labels) and a table of 2000 columns — their output, files and exit codes, each answer
// equal bit for bit to the API's on the same bytes; unknown commands and flags exit 2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { load, readTable, selectRows, splitRows, tableMatrix, type Supclust } from '../../dist/node/index.js';
import { root } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'supclust-own-data-'));
const file = (name: string) => join(dir, name);
const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), ...args], { encoding: 'utf8', cwd: dir });
const NAMES = ['age', 'sex', 'bmi', 'bp', 's1', 's2', 's3', 's4', 's5', 's6'];

let rows: string[][];
let sc: Supclust;

beforeAll(async () => {
  rows = readFileSync(join(root, 'tests/cpp/fixtures/diabetes.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/));
  const csv = (header: string[], body: string[][], sep = ',') => [header, ...body].map((r) => r.join(sep)).join('\n') + '\n';
  writeFileSync(file('diabetes.csv'), csv([...NAMES, 'y'], rows));
  writeFileSync(
    file('bad.csv'),
    csv(
      [...NAMES, 'y'],
      rows.map((r, i) => (i === 6 ? r.map((v, j) => (j === 2 ? 'abc' : v)) : r)),
    ),
  );
  writeFileSync(
    file('commas.csv'),
    csv(
      [...NAMES, 'y'],
      rows.map((r) => r.map((v) => v.replace('.', ','))),
      ';',
    ),
  );
  writeFileSync(
    file('constant.csv'),
    csv(
      ['const', ...NAMES, 'y'],
      rows.map((r) => ['1', ...r]),
    ),
  );
  const median = [...rows.map((r) => Number(r[10]))].sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  writeFileSync(
    file('labels.csv'),
    csv(
      [...NAMES, 'progression'],
      rows.map((r) => [...r.slice(0, 10), Number(r[10]) > median ? 'high' : 'low']),
    ),
  );
  // 60 rows × 2000 columns from a seeded stream; y from the first three.
  let t = 7;
  const next = () => (t = (Math.imul(t, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5;
  const wide = Array.from({ length: 60 }, () => Array.from({ length: 2000 }, () => next().toFixed(6)));
  writeFileSync(
    file('wide.csv'),
    csv(
      [...Array.from({ length: 2000 }, (_, j) => `f${j}`), 'y'],
      wide.map((r) => [...r, String(3 * Number(r[0]) - 2 * Number(r[1]) + Number(r[2]) + 0.1 * next())]),
    ),
  );
  sc = await load({ variant: 'simd' });
  return () => sc.dispose();
});

const table = (name: string, target?: string) => tableMatrix(readTable(readFileSync(file(name), 'utf8')), { target });
/** The diabetes table's data as the command line reads it, for the API's call. */
const diabetes = () => {
  const m = table('diabetes.csv', 'y');
  return { X: m.X, nRows: m.nRows, nCols: m.nCols, y: m.y!, featureNames: m.featureNames };
};
/** A command's --json output, once it exited 0. */
const json = (...args: string[]) => {
  const r = cli(...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('supclust fit and predict on a CSV', () => {
  it('prints the groups, writes the model and its coefficients, and equals the API bit for bit (fit, then predict in another process)', async () => {
    const r = cli('fit', 'diabetes.csv', '--target', 'y', '--Q', '3', '--standardize', '--out', 'model.json', '--coef', 'coef.csv');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("ihc on diabetes.csv: 442 rows × 10 features, target 'y'");
    const saved = JSON.parse(readFileSync(file('model.json'), 'utf8'));
    const m = table('diabetes.csv', 'y');
    const api = await sc.fit('ihc', {
      X: m.X,
      nRows: m.nRows,
      nCols: m.nCols,
      y: m.y!,
      featureNames: m.featureNames,
      Q: 3,
      standardize: true,
    });
    expect(saved.coef).toEqual(api.coef);
    expect(saved.intercept).toEqual(api.intercept);
    expect(saved.featureNames).toEqual(NAMES);
    // Each printed group: its features, size and (standardized) value, from the model's groups.
    for (let g = 0; g < api.centroids.length; g++) {
      const members = NAMES.filter((_, j) => api.groups[j] === g);
      expect(r.stdout).toContain(`${members.length}     ${members.join(', ')}`);
    }
    const coef = readTable(readFileSync(file('coef.csv'), 'utf8'));
    expect(coef.columns).toEqual(['feature', 'group', 'coef']);
    expect(coef.rows.map((row) => Number(row[2]))).toEqual([...api.coef, api.intercept[0]]);
    // The group column: the model's group of each feature, numbered from 1 (values ascending).
    expect(coef.rows.slice(0, 10).map((row) => Number(row[1]))).toEqual(api.groups.map((g) => g + 1));
    const p = cli('predict', 'model.json', 'diabetes.csv', '--out', 'pred.csv');
    expect(p.status, p.stderr).toBe(0);
    const predicted = readTable(readFileSync(file('pred.csv'), 'utf8'));
    expect(predicted.columns).toEqual(['prediction']);
    expect(Float64Array.from(predicted.rows, (row) => Number(row[0]))).toEqual(await sc.predict(api, m.X, m.nRows, m.nCols));
    // Without --out: the same CSV on stdout; --id copies a column before the predictions.
    expect(cli('predict', 'model.json', 'diabetes.csv').stdout).toBe(readFileSync(file('pred.csv'), 'utf8'));
    const withId = readTable(cli('predict', 'model.json', 'diabetes.csv', '--id', 'age').stdout);
    expect(withId.columns).toEqual(['age', 'prediction']);
    expect(withId.rows.map((row) => row[0])).toEqual(rows.map((r) => r[0]));
    expect(withId.rows.map((row) => row[1])).toEqual(predicted.rows.map((row) => row[0]));
  });

  it('fits string labels as classes and predicts labels and probabilities', async () => {
    const r = cli(
      'fit',
      'labels.csv',
      '--target',
      'progression',
      '--method',
      'ridge',
      '--lambda',
      '0.01',
      '--standardize',
      '--out',
      'classes.json',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.notes).toContain("target 'progression' holds 2 labels: loss logistic (give --loss to choose)");
    expect(out.model.classes).toEqual(['high', 'low']);
    const m = table('labels.csv', 'progression');
    const api = await sc.fit('ridge', {
      X: m.X,
      nRows: m.nRows,
      nCols: m.nCols,
      y: m.y!,
      featureNames: m.featureNames,
      loss: 'logistic',
      lambda: 0.01,
      standardize: true,
    });
    expect(out.model.coef).toEqual(api.coef);
    const p = cli('predict', 'classes.json', 'labels.csv', '--proba');
    expect(p.status, p.stderr).toBe(0);
    const predicted = readTable(p.stdout);
    expect(predicted.columns).toEqual(['prediction', 'p_high', 'p_low']);
    expect(predicted.rows.map((row) => row[0])).toEqual(await sc.predictClass(api, m.X, m.nRows, m.nCols));
    expect(Float64Array.from(predicted.rows.flatMap((row) => [Number(row[1]), Number(row[2])]))).toEqual(
      await sc.predictProba(api, m.X, m.nRows, m.nCols),
    );
  });

  it('holds out a test share and chooses λ by a cross-validated path (one-standard-error rule)', async () => {
    const r = cli('fit', 'diabetes.csv', '--target', 'y', '--method', 'lasso', '--standardize', '--cv', '--folds', '4', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const m = table('diabetes.csv', 'y');
    const path = await sc.path(
      'lasso',
      { X: m.X, nRows: m.nRows, nCols: m.nCols, y: m.y!, featureNames: m.featureNames, standardize: true },
      { folds: 4 },
    );
    const chosen = path.points[path.crossValidation!.best1se];
    expect(out.cv).toMatchObject({
      rule: '1se',
      weight: 'lambda',
      value: chosen.lambda,
      mean: chosen.cv!.mean,
      se: chosen.cv!.se,
      folds: 4,
    });
    expect(out.model.coef).toEqual(chosen.model.coef);
    const t = cli(
      'fit',
      'diabetes.csv',
      '--target',
      'y',
      '--method',
      'ridge',
      '--lambda',
      '0.1',
      '--test',
      '0.25',
      '--split-seed',
      '3',
      '--json',
    );
    expect(t.status, t.stderr).toBe(0);
    const fitted = JSON.parse(t.stdout),
      held = fitted.test;
    expect(held.rows).toBe(111); // round(0.25 × 442)
    expect(held.r2).toBeGreaterThan(0.3);
    // The held-out rows and their scores recomputed here: the split, a fit on the other rows, and
    // the squared errors summed by hand from the saved model's coefficients.
    const split = splitRows(442, { test: 0.25, seed: 3 });
    expect(fitted.testRows).toEqual(split.test.map((i) => i + 1));
    expect(fitted.trainRows).toBe(331);
    const train = await sc.fit('ridge', {
      X: selectRows(m.X, split.train, 10) as Float64Array,
      nRows: 331,
      nCols: 10,
      y: selectRows(m.y as Float64Array, split.train) as Float64Array,
      featureNames: m.featureNames,
      lambda: 0.1,
    });
    expect(fitted.model.coef).toEqual(train.coef);
    const truth = split.test.map((i) => (m.y as Float64Array)[i]);
    const predicted = split.test.map((i) => train.intercept[0] + train.coef.reduce((z, w, j) => z + w * m.X[i * 10 + j], 0));
    const sse = truth.reduce((a, v, k) => a + (v - predicted[k]) ** 2, 0),
      mean = truth.reduce((a, v) => a + v, 0) / truth.length;
    expect(held.mse).toBeCloseTo(sse / truth.length, 8);
    expect(held.r2).toBeCloseTo(1 - sse / truth.reduce((a, v) => a + (v - mean) ** 2, 0), 12);
    expect(held.mse).toBeGreaterThan(0);
  });

  it('refuses a bad cell naming column, row and cell, with a hint for decimal commas; notes a constant column', () => {
    const bad = cli('fit', 'bad.csv', '--target', 'y');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("bad.csv: column 'bmi', row 7: 'abc' is not a number (--drop bmi leaves it out)");
    const commas = cli('fit', 'commas.csv', '--target', 'y');
    expect(commas.status).toBe(1);
    // ';' found as the separator; age and sex are whole numbers, bmi the first with a decimal comma.
    expect(commas.stderr).toContain(
      "column 'bmi', row 1: '32,1' is not a number: a decimal comma? write 3.5, not 3,5, or read the table with --decimal ,",
    );
    // Read with --decimal ,: the same fit as the table written with points.
    const decimal = JSON.parse(
      cli('fit', 'commas.csv', '--target', 'y', '--method', 'ridge', '--lambda', '0.1', '--decimal', ',', '--json').stdout,
    );
    const points = JSON.parse(cli('fit', 'diabetes.csv', '--target', 'y', '--method', 'ridge', '--lambda', '0.1', '--json').stdout);
    expect(decimal.model.coef).toEqual(points.model.coef);
    const constant = cli('fit', 'constant.csv', '--target', 'y', '--Q', '2', '--standardize');
    expect(constant.status, constant.stderr).toBe(0);
    expect(constant.stdout).toContain("note: column 'const' is constant: it cannot inform the fit");
    const dropped = cli('fit', 'bad.csv', '--target', 'y', '--drop', 'bmi', '--method', 'ridge', '--json');
    expect(dropped.status, dropped.stderr).toBe(0);
    expect(JSON.parse(dropped.stdout).features).toEqual(NAMES.filter((n) => n !== 'bmi'));
    writeFileSync(file('gap.csv'), readFileSync(file('diabetes.csv'), 'utf8').replace('\n48,1,21.6', '\n48,,21.6'));
    const gap = cli('fit', 'gap.csv', '--target', 'y', '--method', 'ridge');
    expect(gap.status).toBe(1);
    expect(gap.stderr).toContain(
      "gap.csv: column 'sex', row 2: the cell is missing (''); leave such rows out (--skip-missing) or fill them in",
    );
    expect(cli('fit', 'gap.csv', '--target', 'y', '--method', 'ridge', '--skip-missing').stdout).toContain(
      'note: 1 of 442 rows left out for a missing cell',
    );
    const target = cli('fit', 'diabetes.csv', '--target', 'outcome');
    expect(target.status).toBe(1);
    expect(target.stderr).toContain("--target: no column named 'outcome'");
  });

  it('fits a table of 2000 columns', () => {
    const r = cli('fit', 'wide.csv', '--target', 'y', '--method', 'lasso', '--lambda', '0.01', '--coef', 'wide-coef.csv', '--json');
    expect(r.status, r.stderr).toBe(0);
    const coef = readTable(readFileSync(file('wide-coef.csv'), 'utf8'));
    expect(coef.rows).toHaveLength(2001);
    const w = coef.rows.map((row) => Number(row[2]));
    expect(w[0]).toBeGreaterThan(1);
    expect(w[1]).toBeLessThan(-1);
  });
});

describe('supclust cv, path and stability on a CSV', () => {
  it('cv: every grid point, the best and the one-standard-error choice, as crossValidate', async () => {
    const r = cli(
      'cv',
      'diabetes.csv',
      '--target',
      'y',
      '--method',
      'ihc',
      '--standardize',
      '--grid',
      'Q=1,2,3,4',
      '--grid',
      'lambda=1e-3:1:3',
      '--folds',
      '4',
      '--rule',
      'min',
      '--json',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const m = table('diabetes.csv', 'y');
    const api = await sc.crossValidate(
      'ihc',
      { X: m.X, nRows: m.nRows, nCols: m.nCols, y: m.y!, featureNames: m.featureNames, standardize: true } as never,
      { grid: { Q: [1, 2, 3, 4], lambda: [1e-3, Math.sqrt(1e-3), 1] }, folds: 4 },
    );
    expect(out.grid.map((g: { mean: number }) => g.mean)).toEqual(api.grid.map((g) => g.mean));
    expect(out.best).toEqual(api.best);
    expect(out.best1se).toEqual(api.best1se);
    expect(out.model.coef).toEqual(api.model.coef);
    // The default rule: the model refitted at the one-standard-error choice, as fit() gives it.
    const oneSe = JSON.parse(
      cli(
        'cv',
        'diabetes.csv',
        '--target',
        'y',
        '--method',
        'ihc',
        '--standardize',
        '--grid',
        'Q=1,2,3,4',
        '--grid',
        'lambda=1e-3:1:3',
        '--folds',
        '4',
        '--json',
      ).stdout,
    );
    expect(api.best1se).not.toEqual(api.best); // the case where the two rules differ
    const refit = await sc.fit('ihc', {
      X: m.X,
      nRows: m.nRows,
      nCols: m.nCols,
      y: m.y!,
      featureNames: m.featureNames,
      standardize: true,
      ...api.best1se,
    } as never);
    expect(oneSe.model.coef).toEqual(refit.coef);
    const text = cli('cv', 'diabetes.csv', '--target', 'y', '--method', 'ridge', '--grid', 'lambda=0.01,0.1,1');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/best: lambda = /);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no carriage return or escape (a progress line) reaches a piped stderr
    expect(text.stderr).not.toMatch(/[\r\x1b]/);
    // On a terminal (script(1), of Debian's essential bsdutils, gives the command one) the bar is
    // redrawn in place, then the summary.
    const tty = spawnSync(
      'script',
      [
        '-qec',
        `${process.execPath} ${join(root, 'bin/supclust.mjs')} cv diabetes.csv --target y --method ridge --grid lambda=0.01,0.1,1`,
        '/dev/null',
      ],
      { encoding: 'utf8', cwd: dir },
    );
    expect(tty.status, tty.stderr).toBe(0);
    expect(tty.stdout).toMatch(/\r\[#+\.*\] \d+\/15 fits/);
    expect(tty.stdout).toMatch(/3 grid points in \d+\.\d s/);
    const noGrid = cli('cv', 'diabetes.csv', '--target', 'y', '--method', 'ridge');
    expect(noGrid.status).toBe(2);
    expect(noGrid.stderr).toContain('--grid NAME=VALUES is required');
  });

  it('path: the points and the cross-validated choice, as sc.path', async () => {
    const out = json('path', 'diabetes.csv', '--target', 'y', '--method', 'lasso', '--standardize', '--nLambda', '30', '--folds', '3');
    const api = await sc.path('lasso', { ...diabetes(), standardize: true }, { nLambda: 30, folds: 3 });
    expect(out.points.map((p: { lambda: number }) => p.lambda)).toEqual(api.points.map((p) => p.lambda));
    expect(out.chosen).toBe(api.crossValidation!.best1se);
    const text = cli('path', 'diabetes.csv', '--target', 'y', '--method', 'lasso', '--nLambda', '10');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain("lambda's top");
    const overQ = cli('path', 'diabetes.csv', '--target', 'y', '--method', 'ihc', '--standardize', '--over', 'Q', '--values', '1,2,3');
    expect(overQ.status, overQ.stderr).toBe(0);
    expect(overQ.stdout).toContain('over Q: 1, 2, 3');
    expect(overQ.stdout).not.toContain('NaN');
    // IHC's ridge weight has no top: its path may end before the best; the output says so.
    const edge = cli('fit', 'diabetes.csv', '--target', 'y', '--Q', '3', '--cv', '--folds', '4');
    expect(edge.status, edge.stderr).toBe(0);
    expect(edge.stdout).toContain("note: the best mean is at the path's last point");
  });

  it('stability: selection shares and consensus groups, as sc.stability', async () => {
    const out = json('stability', 'diabetes.csv', '--target', 'y', '--method', 'ihc', '--Q', '3', '--standardize', '--resamples', '8');
    const { featureNames: _, ...data } = diabetes();
    const api = await sc.stability('ihc', { ...data, Q: 3, standardize: true }, { resamples: 8 });
    expect(out.selection).toEqual(api.selection);
    expect(out.consensus).toEqual(api.consensus);
  });
});

describe('supclust usage errors', () => {
  it('an unknown command, flag or a missing argument exits 2 naming it, with the usage', () => {
    const flag = cli('fit', 'diabetes.csv', '--target', 'y', '--bogus', '1');
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--bogus'");
    expect(flag.stderr).toContain('usage: supclust fit <table>');
    expect(cli('fit', 'diabetes.csv', '--target', 'y', '--lamda', '1').stderr).toContain(
      "Unknown option '--lamda': did you mean --lambda?",
    );
    // A refusal of an option is said with its flag.
    const noQ = cli('fit', 'diabetes.csv', '--target', 'y');
    expect(noQ.status).toBe(1);
    expect(noQ.stderr).toMatch(/^supclust: --Q: /m);
    // Output read by a reader that stops early: no stack trace.
    const piped = spawnSync('bash', ['-c', `node ${join(root, 'bin/supclust.mjs')} list | head -1`], { encoding: 'utf8' });
    expect(piped.stderr).toBe('');
    // A flag of another method is unknown too.
    expect(cli('fit', 'diabetes.csv', '--target', 'y', '--method', 'lasso', '--Q', '3').stderr).toContain("Unknown option '--Q'");
    const command = cli('fitt', 'diabetes.csv');
    expect(command.status).toBe(2);
    expect(command.stderr).toContain("unknown command 'fitt'");
    const target = cli('fit', 'diabetes.csv');
    expect(target.status).toBe(2);
    expect(target.stderr).toContain('--target COLUMN is required');
    expect(cli('predict', 'model.json').status).toBe(2);
    const method = cli('fit', 'diabetes.csv', '--target', 'y', '--method', 'kmeans');
    expect(method.status).toBe(1);
    expect(method.stderr).toContain("--method: unknown method 'kmeans'");
  });

  it("--help describes each command, and with --method the method's options from its declaration", async () => {
    const top = cli('--help');
    expect(top.status).toBe(0);
    for (const c of [
      'fit',
      'predict',
      'cv',
      'path',
      'stability',
      'list',
      'replicate',
      'merge',
      'prior-paths',
      'word-clusters',
      'dfg-coefficients',
    ])
      expect(top.stdout).toMatch(new RegExp(`^  ${c} +\\S`, 'm'));
    const listed = JSON.parse(cli('list', '--json').stdout);
    expect(listed.methods.map((m: { name: string }) => m.name)).toEqual(sc.info.methods.map((m) => m.name));
    const help = cli('fit', '--help', '--method', 'ihc');
    expect(help.status).toBe(0);
    for (const o of sc.info.methods.find((x) => x.name === 'ihc')!.options) expect(help.stdout).toContain(`--${o.name}`);
    expect(help.stdout).toContain('--no-exchange');
    const cvHelp = cli('cv', '--help', '--method', 'ihc');
    // The method's seed is shadowed by the folds' seed: it becomes --fit-seed.
    expect(cvHelp.stdout).toContain('--fit-seed N');
    expect(cvHelp.stdout).toContain('--folds N');
  });
});
