// `supclust dfg-coefficients` (the DFG paper's Figure 3): the chosen point is the grid's lowest
// validation error, scored here through predict(), and every printed summary is recomputed from
// the JSON's coefficients and the generator's truth.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { load } from '../../dist/node/index.js';
import { root } from './helpers.js';

const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), ...args], { encoding: 'utf8' });
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;

describe('supclust dfg-coefficients', () => {
  it('chooses each row on the validation rows and summarises its coefficients by true group', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'supclust-dfg-')), 'dfg.json');
    const r = cli('dfg-coefficients', '--seed', '2', '--methods', 'Lasso,DFG', '--json', out);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    const sc = await load();
    const data = await sc.generate('e5', { dataset: 1, seed: 2 });
    const truth = Array.from(data.coef);
    expect(json.truth).toEqual(truth);
    // The lasso's choice: every grid point refitted here, scored by its predictions.
    const lassoRow = sc.info.experiments.find((e) => e.id === 'e5-1')!.rows.find((row) => row.label === 'Lasso')!;
    const scores: number[] = [];
    let chosen: Float64Array | undefined;
    for (const lambda of lassoRow.grid.lambda) {
      const m = await sc.fit('lasso', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, lambda });
      const p = await sc.predict(m, data.Xvalidation, data.nValidation, data.nCols);
      scores.push(mean(Array.from(p, (f, i) => (data.yvalidation[i] - f) ** 2)));
      if (lambda === json.rows[0].chosen.lambda) chosen = m.coef;
    }
    sc.dispose();
    const best = scores.indexOf(Math.min(...scores));
    expect(json.rows[0].chosen.lambda).toBe(lassoRow.grid.lambda[best]);
    expect(json.rows[0].validationMse).toBeCloseTo(scores[best], 10);
    expect(json.rows[0].coef).toEqual(Array.from(chosen!));
    // Each row's summaries, from its coefficients.
    const groups = [3, 2.8, 2, 0].map((v) => truth.flatMap((t, j) => (t === v ? [j] : [])));
    expect(groups.map((g) => g.length)).toEqual([10, 10, 10, 10]);
    for (const row of json.rows) {
      const w: number[] = row.coef;
      groups.forEach((g, k) => {
        const v = g.map((j) => w[j]);
        const m = mean(v);
        expect(row.groups[k].mean).toBeCloseTo(m, 12);
        expect(row.groups[k].sd).toBeCloseTo(Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / 9), 12);
      });
      expect(row.gapG1G2).toBeCloseTo(row.groups[0].mean - row.groups[1].mean, 12);
      const scale = Math.max(...w.map(Math.abs));
      const fused = groups[0].flatMap((i) => groups[1].filter((j) => Math.abs(w[i] - w[j]) <= 1e-6 * scale)).length;
      expect(row.fusedG1G2).toBe(fused / 100);
      // The DFG paper's MSE on the test rows: ‖X(β̂ − β*)‖²/n.
      let sse = 0;
      for (let i = 0; i < data.nTest; i++) {
        let f = 0;
        for (let j = 0; j < data.nCols; j++) f += data.Xtest[i * data.nCols + j] * (w[j] - truth[j]);
        sse += f * f;
      }
      expect(row.testMse).toBeCloseTo(sse / data.nTest, 10);
      expect(r.stdout).toContain(`| ${row.label} | ${row.groups[0].mean.toFixed(2)} ± ${row.groups[0].sd.toFixed(2)} |`);
    }
  }, 120_000);

  it('refuses a row the table does not have, naming the flag', () => {
    const r = cli('dfg-coefficients', '--methods', 'Ridge');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("--methods: e5-1 has no row 'Ridge'");
  });
});
