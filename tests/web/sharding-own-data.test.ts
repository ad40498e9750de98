// Sharded calls on one's own data: crossValidate's and a cross-validated path's folds and
// stability's resamples in 2 and 3 shards, their parts joined (joinShards) and the call finished
// with them — the unsharded answer, bit for bit — through the API and through the command line
// (shards in separate processes, then supclust merge); parts of other runs, a shard given twice
// and a missing shard refused by name.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinShards, load, SupclustError, type ShardPart, type Supclust } from '../../dist/node/index.js';
import { root } from './helpers.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc.dispose());

const shardsOf = async (count: number, run: (i: number) => Promise<unknown>) =>
  (await Promise.all(Array.from({ length: count }, (_, i) => run(i)))) as ShardPart[];

describe('sharded calls through the API', () => {
  it('crossValidate: the joined parts give the unsharded answer, bit for bit', async () => {
    const d = await sc.generate('e1', { n: 90, d: 15, Q: 3, seed: 2 });
    const params = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y, Q: 3 };
    const options = { grid: { lambda: [1e-3, 1e-2, 1e-1] }, folds: 6 };
    const whole = await sc.crossValidate('ihc', params, options);
    for (const count of [2, 3]) {
      const parts = await shardsOf(count, (i) => sc.crossValidate('ihc', params, { ...options, shardIndex: i, shardCount: count }));
      expect(parts[0]).toMatchObject({ kind: 'crossValidate', method: 'ihc', shard: { index: 0, count } });
      parts[0].units.forEach((u, k) => expect(u === null).toBe(k % count !== 0));
      const joined = await sc.crossValidate('ihc', params, { ...options, ...joinShards(JSON.parse(JSON.stringify(parts))) });
      expect(joined).toEqual(whole);
    }
  });

  it('path (cross-validated) and stability: the same', async () => {
    const d = await sc.generate('e1', { n: 80, d: 12, Q: 3, seed: 5 });
    const params = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y };
    const whole = await sc.path('lasso', params, { nLambda: 15, folds: 5 });
    const parts = await shardsOf(2, (i) => sc.path('lasso', params, { nLambda: 15, folds: 5, shardIndex: i, shardCount: 2 }));
    expect(await sc.path('lasso', params, { nLambda: 15, folds: 5, ...joinShards(parts) })).toEqual(whole);
    const st = await sc.stability('ihc', { ...params, Q: 3 }, { resamples: 7 });
    const stParts = await shardsOf(3, (i) => sc.stability('ihc', { ...params, Q: 3 }, { resamples: 7, shardIndex: i, shardCount: 3 }));
    expect(stParts[1].units.filter((u) => u !== null)).toHaveLength(2); // resamples 1 and 4
    expect(await sc.stability('ihc', { ...params, Q: 3 }, { resamples: 7, ...joinShards(stParts) })).toEqual(st);
  });

  it('refuses parts of another run, a shard given twice and a missing shard, naming them', async () => {
    const d = await sc.generate('e1', { n: 60, d: 10, Q: 2, seed: 3 });
    const params = { X: d.X, nRows: d.nRows, nCols: d.nCols, y: d.y };
    const options = { grid: { lambda: [0.1, 0.01] }, folds: 4 };
    const parts = await shardsOf(2, (i) => sc.crossValidate('lasso', params, { ...options, shardIndex: i, shardCount: 2 }));
    const other = (await sc.crossValidate('lasso', params, { ...options, seed: 9, shardIndex: 1, shardCount: 2 })) as ShardPart;
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SupclustError);
        return (e as Error).message;
      }
      return '';
    };
    expect(refusal(() => joinShards([parts[0], other]))).toContain('is not a shard of the run of part 0');
    expect(refusal(() => joinShards([parts[0], parts[0]]))).toContain('shard 0 of 2 is given twice');
    expect(refusal(() => joinShards([parts[1]]))).toContain('shard 0 of 2 is missing');
    const wrong = await sc.crossValidate('lasso', params, { ...options, foldScores: [1, 2, 3] }).catch((e) => e);
    expect(wrong.field).toBe('foldScores');
  });
});

describe('sharded cv, path and stability from the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'supclust-shards-'));
  const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), ...args], { encoding: 'utf8', cwd: dir });
  beforeAll(() => {
    const rows = readFileSync(join(root, 'tests/cpp/fixtures/diabetes.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    writeFileSync(
      join(dir, 'data.csv'),
      ['age,sex,bmi,bp,s1,s2,s3,s4,s5,s6,y', ...rows.map((l) => l.trim().split(/\s+/).join(','))].join('\n') + '\n',
    );
  });

  it.each([
    ['cv', ['--method', 'ihc', '--Q', '3', '--standardize', '--grid', 'lambda=1e-3:1:3', '--folds', '6']],
    ['path', ['--method', 'lasso', '--standardize', '--nLambda', '12', '--folds', '4']],
    ['stability', ['--method', 'ihc', '--Q', '3', '--standardize', '--resamples', '5']],
  ])('%s in 2 and 3 processes merges into the unsharded run, bit for bit', (command, args) => {
    const whole = cli(
      command,
      'data.csv',
      '--target',
      'y',
      ...args,
      ...(command === 'stability' ? [] : ['--out', `${command}-whole.json`]),
    );
    expect(whole.status, whole.stderr).toBe(0);
    for (const count of [2, 3]) {
      const files = Array.from({ length: count }, (_, i) => `${command}-${count}-${i}.json`);
      files.forEach((f, i) => {
        const r = cli(command, 'data.csv', '--target', 'y', ...args, '--shard', `${i}/${count}`, '--out', f);
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toBe('');
      });
      const merged = cli('merge', ...files, ...(command === 'stability' ? [] : ['--out', `${command}-merged.json`]));
      expect(merged.status, merged.stderr).toBe(0);
      expect(merged.stdout).toBe(whole.stdout);
      if (command !== 'stability')
        expect(readFileSync(join(dir, `${command}-merged.json`), 'utf8')).toBe(readFileSync(join(dir, `${command}-whole.json`), 'utf8'));
    }
    if (command === 'cv') {
      const missing = cli('merge', 'cv-3-0.json', 'cv-3-2.json');
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('shard 1 of 3 is missing');
      const mixed = cli('merge', 'cv-2-0.json', 'cv-3-1.json');
      expect(mixed.status).toBe(1);
      expect(mixed.stderr).toContain('part 1 is not a shard of the run of part 0');
      writeFileSync(join(dir, 'changed.csv'), readFileSync(join(dir, 'data.csv'), 'utf8').replace('59,2', '58,2'));
      const moved = cli('merge', 'cv-2-0.json', 'cv-2-1.json', '--table', 'changed.csv');
      expect(moved.status).toBe(1);
      expect(moved.stderr).toContain('changed.csv is not the table the parts were computed on');
      expect(cli('cv', 'data.csv', '--target', 'y', ...args, '--shard', '0/2').stderr).toContain('--shard needs --out FILE');
    }
  });
});
