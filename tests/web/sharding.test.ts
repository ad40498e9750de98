// Sharded tables (docs/sharding.md): four shards run as separate processes and merged equal the
// unsharded run bit for bit; partials of another run, a missing shard and a shard given twice
// are refused by name; each recipe's command, run locally for every shard index, merges into
// the same table.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeExperiments, SupclustError, type ExperimentResult } from '../../dist/node/index.js';
import { root } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'supclust-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = join(root, 'bin/supclust.mjs');
const run = (args: string[]) =>
  execFileSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ExperimentResult;
const table = ['replicate', 'e1-n', '--reps', '3', '--fast', '--methods', 'Oracle,LS,IHC', '--threads', '1'];

/** The cells as JSON writes them: values, means and deviations (NaN as null), not timings. */
const cellsOf = (r: ExperimentResult) => JSON.parse(JSON.stringify(r.rows.map((row) => ({ method: row.method, cells: row.cells }))));

function refused(f: () => unknown, field: string, text: RegExp) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SupclustError);
    expect((e as SupclustError).field).toBe(field);
    expect((e as Error).message).toMatch(text);
    return;
  }
  throw new Error('expected a refusal');
}

describe('sharded tables', () => {
  it('four shards in four processes merge into the unsharded run, bit for bit', () => {
    run([...table, '--json', 'whole.json']);
    for (let i = 0; i < 4; i++) run([...table, '--shard', `${i}/4`, '--json', `part-${i}.json`]);
    const printed = run([
      'merge',
      'part-2.json',
      'part-0.json',
      'part-3.json',
      'part-1.json',
      '--json',
      'merged.json',
      '--csv',
      'merged.csv',
    ]);
    const whole = read('whole.json'),
      merged = read('merged.json');
    expect(cellsOf(merged)).toEqual(cellsOf(whole));
    expect(merged.tasks).toEqual(whole.tasks);
    expect(merged.totalTasks).toBe(15);
    expect(printed).toContain('| Oracle |');
    expect(readFileSync(join(dir, 'merged.csv'), 'utf8').split('\n')[0]).toBe('method,column,value,mean,std,paper_mean,paper_std');
    // The shards hold 4, 4, 4 and 3 of the 15 repetitions; alone, a shard's means are NaN.
    expect([0, 1, 2, 3].map((i) => read(`part-${i}.json`).tasks.length)).toEqual([4, 4, 4, 3]);
    expect(read('part-0.json').rows[0].cells[0].mean).toBeNull();
  });

  it('refuses a missing shard, a shard given twice and a partial of another run, naming them', () => {
    const parts = [0, 1, 2, 3].map((i) => read(`part-${i}.json`));
    refused(() => mergeExperiments(parts.slice(0, 3)), 'tasks', /repetition \d of column \d \(n = \d+\) is in no partial/);
    refused(() => mergeExperiments([...parts, parts[1]]), 'tasks', /held by partials 1 and 4/);
    run([...table, '--seed', '2', '--shard', '3/4', '--json', 'other-seed.json']);
    refused(() => mergeExperiments([...parts.slice(0, 3), read('other-seed.json')]), 'seed', /partial 3 has seed 2, partial 0 has 1/);
    refused(() => mergeExperiments([...parts.slice(0, 3), { ...parts[3], fast: false }]), 'fast', /not shards of one run/);
    refused(() => mergeExperiments([...parts.slice(0, 3), { ...parts[3], version: '0.0.1' }]), 'version', /not shards of one run/);
    expect(() => run(['merge', 'part-0.json', 'part-1.json'])).toThrow(/is in no partial/);
  });

  it.each([
    ['slurm.sh', 'SLURM_ARRAY_TASK_ID', 8],
    ['kubernetes-job.yaml', 'JOB_COMPLETION_INDEX', 8],
    ['parallel.sh', '{}', 2],
  ] as const)('the recipe %s runs its command for every shard index, and the partials merge', (file, variable, count) => {
    const path = join(root, 'docs/recipes', file),
      text = readFileSync(path, 'utf8');
    if (file.endsWith('.sh')) execFileSync('bash', ['-n', path]); // the script parses
    const line = text.split('\n').find((l) => l.includes('supclust replicate'))!;
    const command = line.slice(line.indexOf('supclust replicate') + 'supclust replicate'.length).trim();
    expect(command).toContain(`${count}`);
    const sub = join(dir, file);
    execFileSync('mkdir', ['-p', sub]);
    for (let i = 0; i < count; i++) {
      // The recipe's own arguments with the shard index filled in (up to GNU parallel's ":::"),
      // the table then made small for the test (later flags win).
      const own = command.replaceAll(`\${${variable}}`, String(i)).replaceAll(variable, String(i)).split(' ::: ')[0].split(/\s+/);
      expect(own[0]).toBe('e3');
      expect(own).toContain(`${i}/${count}`);
      execFileSync(process.execPath, [cli, 'replicate', ...own, '--reps', '2', '--fast', '--methods', 'AM'], { cwd: sub, stdio: 'pipe' });
    }
    const out = execFileSync(process.execPath, [cli, 'merge', ...Array.from({ length: count }, (_, i) => `part-${i}.json`)], {
      cwd: sub,
      encoding: 'utf8',
    });
    expect(out).toContain('| AM |');
  });
});
