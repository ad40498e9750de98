// `supclust word-clusters` (LwCS Table 5, DataCube Table 6) on the Pang & Lee reviews: every
// printed figure recomputed from a fit made here and from the JSON's own lists (skipped when the
// data is not there).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { load, loadPangLee } from '../../dist/node/index.js';
import { root } from './helpers.js';

const data = join(root, '../shared/data');
const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/supclust.mjs'), ...args], { encoding: 'utf8' });

interface Cluster {
  weight: number;
  words: string[];
}

/** Spearman's ρ, computed here: ranks with ties at their mean, then Pearson's r of the ranks. */
function spearman(a: number[], b: number[]): number {
  const rank = (v: number[]) => v.map((x) => v.filter((y) => y < x).length + (v.filter((y) => y === x).length + 1) / 2);
  const [ra, rb] = [rank(a), rank(b)];
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(ra), mean(rb)];
  const dot = (u: number[], mu: number, v: number[], mv: number) => u.reduce((s, x, i) => s + (x - mu) * (v[i] - mv), 0);
  return dot(ra, ma, rb, mb) / Math.sqrt(dot(ra, ma, ra, ma) * dot(rb, mb, rb, mb));
}

describe.skipIf(!existsSync(join(data, 'pang-lee-scale')))('word clusters on the movie reviews', () => {
  it.each([
    ['lwcs', 5623, 'corpus', 15],
    ['datacube', 5000, 'document', 10],
  ] as const)(
    '%s: the clusters, the paper comparison and the claim recomputed',
    async (paper, words, per, Q) => {
      const out = join(mkdtempSync(join(tmpdir(), 'supclust-words-')), 'words.json');
      const r = cli('word-clusters', '--data', data, '--paper', paper, '--lambda', '1e-6', '--json', out);
      expect(r.status, r.stderr).toBe(0);
      const json = JSON.parse(readFileSync(out, 'utf8'));
      const clusters: Cluster[] = json.clusters;
      // The fit, made here with the row's options: each cluster is one group of the model, its weight
      // every member's coefficient, and the groups are listed by ascending weight.
      const d = loadPangLee(data, { words, per });
      const sc = await load();
      const base = { X: d.X, y: d.y, nRows: d.nRows, nCols: d.nCols, Q, lambda: 1e-6 };
      const m = await sc.fit('ihc', { ...base, ...json.params, lambda: 1e-6 });
      const lsk = await sc.fit('lsk', base);
      sc.dispose();
      expect(json.params.Q).toBe(Q);
      expect(clusters).toHaveLength(Q);
      expect(clusters.map((c) => c.words.length).reduce((a, b) => a + b, 0)).toBe(d.nCols);
      expect(new Set(clusters.flatMap((c) => c.words))).toEqual(new Set(d.vocabulary));
      for (let i = 1; i < Q; i++) expect(clusters[i].weight).toBeGreaterThan(clusters[i - 1].weight);
      const column = new Map(d.vocabulary.map((w, j) => [w, j]));
      for (const c of clusters)
        for (const w of c.words) {
          const j = column.get(w)!;
          expect(m.coef[j], w).toBe(c.weight);
          expect(m.centroids[m.groups[j]]).toBe(c.weight);
        }
      expect(json.iterations).toBe(m.iterations);
      // Moved from the start: the words whose cluster's rank by weight differs in LSK's fit.
      const rankOf = (model: { centroids: ArrayLike<number>; groups: ArrayLike<number> }, j: number) =>
        Array.from(model.centroids).filter((c) => c < model.centroids[model.groups[j]]).length;
      expect(json.moved).toBe(d.vocabulary.filter((_w, j) => rankOf(m, j) !== rankOf(lsk, j)).length);
      // The paper's clusters: sizes and where its words fall, from the JSON's own lists.
      const clusterOf = new Map(clusters.flatMap((c, i) => c.words.map((w) => [w, i] as const)));
      const index = (c: number) => (c > 0 ? c - 1 : Q + c);
      for (const p of json.printed) {
        expect(p.ourSizes).toEqual(p.clusters.map((c: number) => clusters[index(c)].words.length));
        const known = (p.words as string[]).filter((w) => clusterOf.has(w));
        expect(p.inVocabulary).toBe(known.length);
        const ranks = p.clusters.map(index);
        expect(p.inTheseClusters).toBe(known.filter((w) => ranks.includes(clusterOf.get(w))).length);
        const side = Math.sign(clusters[index(p.clusters[0])].weight);
        expect(p.sameSign).toBe(known.filter((w) => Math.sign(clusters[clusterOf.get(w)!].weight) === side).length);
        expect(r.stdout).toContain(`| ${p.paperSizes.join(', ')} | ${p.ourSizes.join(', ')} | ${p.words.length} | ${p.inVocabulary} |`);
      }
      const rho = spearman(
        clusters.map((c) => Math.abs(c.weight)),
        clusters.map((c) => c.words.length),
      );
      expect(json.spearman).toBeCloseTo(rho, 12);
      expect(r.stdout).toContain(`over the ${Q} clusters: ${rho.toFixed(2)}`);
    },
    60_000,
  );

  it('refuses an unknown paper, naming the flag', () => {
    const r = cli('word-clusters', '--data', data, '--paper', 'ihc');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--paper must be lwcs or datacube');
  });
});
