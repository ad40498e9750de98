// The own-table sharding recipes run by real engines: docs/recipes/cv-parallel.sh by GNU parallel,
// and docs/recipes/cv-slurm.sh as an array job on a one-node Slurm cluster started here
// (tests/cluster/slurm.sh: munged, slurmctld, slurmd) — each ending in the merged model and table,
// equal bit for bit to the unsharded `supclust cv` on the same flags. `npx supclust` resolves to
// this checkout through a node_modules link in the run's folder. Skipped where the engines are not
// installed (bash scripts/bootstrap --cluster installs them; npm test does).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './helpers.js';

const has = (command: string) => spawnSync('bash', ['-c', `command -v ${command}`]).status === 0;
const isRoot = process.getuid?.() === 0;

/** A folder holding data.csv (the diabetes fixture) and node_modules/supclust → this checkout. */
function workspace(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `supclust-${name}-`));
  const rows = readFileSync(join(root, 'tests/cpp/fixtures/diabetes.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  writeFileSync(
    join(dir, 'data.csv'),
    ['age,sex,bmi,bp,s1,s2,s3,s4,s5,s6,y', ...rows.map((l) => l.trim().split(/\s+/).join(','))].join('\n') + '\n',
  );
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules/supclust'));
  symlinkSync(join(root, 'bin/supclust.mjs'), join(dir, 'node_modules/.bin/supclust'));
  return dir;
}

/** The recipe's cv command without its shard: what one process would run. */
function unsharded(recipe: string, dir: string) {
  const line = readFileSync(join(root, 'docs/recipes', recipe), 'utf8')
    .split('\n')
    .find((l) => l.includes('supclust cv data.csv'))!;
  const args = line
    .slice(line.indexOf('supclust cv') + 'supclust cv'.length)
    .split(' --shard')[0]
    .trim()
    .split(/\s+/);
  const r = spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), 'cv', ...args, '--out', 'whole.json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe.skipIf(!has('parallel'))('GNU parallel runs docs/recipes/cv-parallel.sh', () => {
  it('four shards side by side, then the merge: the unsharded model and table', () => {
    const dir = workspace('parallel');
    const expected = unsharded('cv-parallel.sh', dir);
    const out = execFileSync('bash', [join(root, 'docs/recipes/cv-parallel.sh')], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe(expected);
    expect(readFileSync(join(dir, 'model.json'), 'utf8')).toBe(readFileSync(join(dir, 'whole.json'), 'utf8'));
  });
});

describe.skipIf(!has('sbatch') || !has('munged') || !isRoot)('Slurm runs docs/recipes/cv-slurm.sh', () => {
  const cluster = mkdtempSync(join(tmpdir(), 'supclust-slurm-'));
  const env = { ...process.env, SLURM_CONF: join(cluster, 'slurm.conf') };
  afterAll(() => {
    spawnSync('bash', [join(root, 'tests/cluster/slurm.sh'), 'stop', cluster]);
  });

  it('an array job on a one-node cluster, then the merge: the unsharded model and table', () => {
    execFileSync('bash', [join(root, 'tests/cluster/slurm.sh'), 'start', cluster], { stdio: 'pipe' });
    const dir = workspace('slurm');
    const expected = unsharded('cv-slurm.sh', dir);
    const submitted = spawnSync('sbatch', ['--wait', join(root, 'docs/recipes/cv-slurm.sh')], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 300000,
    });
    expect(submitted.status, `${submitted.stdout}${submitted.stderr}`).toBe(0);
    expect(submitted.stdout).toMatch(/^Submitted batch job \d+/);
    const parts = [0, 1, 2, 3].map((i) => `part-${i}.json`);
    const merged = spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), 'merge', ...parts, '--out', 'model.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(expected);
    expect(readFileSync(join(dir, 'model.json'), 'utf8')).toBe(readFileSync(join(dir, 'whole.json'), 'utf8'));
    // Each array task logged its shard's summary line.
    for (let i = 0; i < 4; i++) expect(readFileSync(join(dir, `shard-${i}.log`), 'utf8')).toContain(`shard ${i}/4: 2 of 8 folds`);
  }, 300000);
});
