// The supclust command line: list, replicate with a markdown table and JSON, clear errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS, load } from '../../dist/node/index.js';
import { root } from './helpers.js';

const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), ...args], { encoding: 'utf8' });

describe('supclust CLI', () => {
  it('lists the methods and the tables', () => {
    const r = cli('list');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('e1-n');
    expect(r.stdout).toContain('e1-sigma');
    for (const m of ['ihc', 'oscar', 'gflasso', 'ncfgs', 'dfg']) expect(r.stdout).toMatch(new RegExp(`^  ${m} +\\S`, 'm'));
  });

  it("lists each table's rows run by default apart from those run only when named", async () => {
    const list = cli('list').stdout;
    const sc = await load({ variant: 'simd' });
    const tables = sc.info.experiments;
    sc.dispose();
    const e5 = tables.find((e) => e.id === 'e5-1')!;
    const named = e5.rows.filter((row) => row.onRequest).map((row) => row.label);
    expect(named).toEqual(['ADFG floor 1e-3', 'ADFG floor 1e-1']);
    for (const e of tables) {
      const [byDefault, onRequest] = [false, true].map((flag) =>
        e.rows
          .filter((row) => row.onRequest === flag)
          .map((row) => row.label)
          .join(', '),
      );
      expect(list, e.id).toContain(`rows: ${byDefault}; figures:`);
      if (onRequest) expect(list, e.id).toContain(`on request (--methods): ${onRequest}`);
    }
  });

  it('replicates a table as markdown and JSON, with progress on stderr', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'supclust-cli-')), 'e1.json');
    const r = cli('replicate', 'e1-sigma', '--reps', '2', '--fast', '--methods', 'Oracle,IHC', '--json', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\| method \| sigma = 0\.05 \| sigma = 0\.1 \| sigma = 0\.5 \| sigma = 1 \| ms per fit \|/);
    // Each cell: ours · the paper's · their gap in standard errors, (o − p)/√(s_o²/2 + s_p²/50)
    // (2 repetitions here; the IHC paper states 50), recomputed from the JSON.
    const json0 = JSON.parse(readFileSync(out, 'utf8'));
    const ihc = json0.rows[1],
      c = ihc.cells[0],
      p = ihc.paper[0];
    const g = (c.mean - p.mean) / Math.sqrt(c.std ** 2 / 2 + p.std ** 2 / 50);
    expect(p).toEqual({ mean: 0.87, std: 0.27 });
    expect(r.stdout).toContain(
      `| IHC | ${c.mean.toFixed(2)} ± ${c.std.toFixed(2)} · 0.87 ± 0.27 · ${g >= 0 ? '+' : '−'}${Math.abs(g).toFixed(1)} |`,
    );
    expect(r.stdout).toContain('(n = 2 and 50)');
    // Not a terminal: no redrawn bar, one summary line.
    expect(r.stderr).toMatch(/^e1-sigma: 8 repetitions in \d+\.\d s$/m);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no carriage return or escape (a progress line) reaches a piped stderr
    expect(r.stderr).not.toMatch(/[\r\x1b]/);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.rows.map((row: { method: string }) => row.method)).toEqual(['Oracle', 'IHC']);
    expect(json.rows[0].cells[0].values).toHaveLength(2);
  });

  it('explains bad input', () => {
    const unknown = cli('replicate', 'e9');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("unknown experiment 'e9'");
    const reps = cli('replicate', 'e1-n', '--reps', 'many');
    expect(reps.status).toBe(1);
    expect(reps.stderr).toContain('--reps: must be an integer (got many)');
    const nothing = cli('nothing');
    expect(nothing.status).toBe(2);
    expect(nothing.stderr).toContain("unknown command 'nothing'");
  });

  it("names each real-data table's dataset: its source, folder and layout, and the file it could not find", () => {
    const tables = [
      ['movies', 'pang-lee'],
      ['breast-cancer', 'westbc'],
      ['20ng-pairs', '20ng-pairs'],
      ['20ng-topics', '20ng-topics'],
      ['reuters-usa', 'reuters'],
    ];
    const list = cli('list').stdout;
    const empty = mkdtempSync(join(tmpdir(), 'supclust-no-data-'));
    for (const [id, name] of tables) {
      const d = DATASETS[name];
      expect(list, id).toContain(`the folder ${d.folder}/`);
      expect(list, id).toContain(d.source);
      const bare = cli('replicate', id);
      expect(bare.status, id).toBe(1);
      for (const part of ['--data DIR', d.folder, d.source, d.layout[0], 'docs/datasets.md'])
        expect(bare.stderr, `${id}: ${part}`).toContain(part);
      const missing = cli('replicate', id, '--data', empty);
      expect(missing.status, id).toBe(1);
      expect(missing.stderr, id).toContain(`missing ${empty}`);
      expect(missing.stderr, id).toContain(d.source);
    }
    // docs/datasets.md (generated from the same declaration) names each one's source, citation and terms.
    const page = readFileSync(join(root, 'docs/datasets.md'), 'utf8');
    for (const d of Object.values(DATASETS)) for (const fact of [d.folder, d.source, d.citation, d.terms]) expect(page).toContain(fact);
  });
  it("draws the priors paper's Figure 3: GEM's and LEM's weights along γ, each printed count recomputed from the weights", () => {
    const out = join(mkdtempSync(join(tmpdir(), 'supclust-paths-')), 'paths.json');
    const r = cli('prior-paths', '--n', '120', '--seed', '2', '--json', out);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.gammas).toHaveLength(11);
    for (let i = 1; i < json.gammas.length; i++) expect(json.gammas[i]).toBeGreaterThan(json.gammas[i - 1]);
    for (const method of ['gem', 'lem']) {
      const path = json.paths[method];
      for (const p of path) {
        // At a centre: LEM exactly, GEM within 1e-3 of the largest |centre| (as the table says).
        const tie = method === 'lem' ? 0 : 1e-3 * Math.max(...p.centroids.map(Math.abs));
        const at = p.centroids.map(
          (_: number, k: number) =>
            p.coef.filter((w: number, j: number) => p.groups[j] === k && Math.abs(w - p.centroids[k]) <= tie).length,
        );
        expect(p.atCentre).toEqual(at);
        expect(p.offCentre).toBe(p.coef.length - at.reduce((a: number, b: number) => a + b, 0));
        const gaps = p.coef.map((w: number, j: number) => w - p.centroids[p.groups[j]]).filter((g: number) => Math.abs(g) > tie);
        const rms = gaps.length ? Math.sqrt(gaps.reduce((a: number, g: number) => a + g * g, 0) / gaps.length) : 0;
        expect(Math.abs(p.spread - rms)).toBeLessThanOrEqual(1e-12 * Math.max(rms, 1e-300));
        expect(p.centroids).toEqual([...p.centroids].sort((a: number, b: number) => a - b));
      }
      expect(r.stdout).toContain(
        `${path[0].centroids.map((c: number) => c.toFixed(3)).join(', ')} · ${path[0].atCentre.join('/')} · ${path[0].offCentre} off`,
      );
    }
    // The figure's reading: the priors pull the weights onto their centres as γ grows — LEM ties
    // all 150 at the largest γ, GEM ties none at the smallest (it never ties exactly).
    expect(json.paths.lem.at(-1).offCentre).toBe(0);
    expect(json.paths.gem[0].offCentre).toBe(150);
    expect(cli('prior-paths', '--task', 'clustering').stderr).toContain('--task must be classification or regression');
  });
});
