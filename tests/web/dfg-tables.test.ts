// The DFG paper's real-data tables through the API: the loaders against the counts of
// ../shared/data/README.md, and breast-cancer / 20ng-pairs on both builds (skipped when the data
// is not there): figures in %, the same on both builds, bad data named.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNewsgroupPairs, loadNewsgroupTopics, loadWestbc, NEWSGROUP_PAIRS, SupclustError } from '../../dist/node/index.js';
import { root, withBothBuilds } from './helpers.js';

const data = join(root, '../shared/data');
const builds = withBothBuilds();

describe.skipIf(!existsSync(join(data, 'westbc')))('breast-cancer', () => {
  it('loads Westbc (49 × 7129, 24 positive) and runs the table the same way on both builds', async () => {
    const w = loadWestbc(data);
    expect([w.nRows, w.nCols, w.genes[0], w.genes[7128]]).toEqual([49, 7129, 'x.1', 'x.7129']);
    expect(w.y.reduce((a, b) => a + b, 0)).toBe(24);
    expect(w.X[0]).toBe(-0.20373543424255583); // the file's first value, bit for bit
    const options = { reps: 2, fast: true, methods: ['Lasso', 'DFG+graph'], data: w };
    const a = await builds.simd.experiment('breast-cancer', options),
      b = await builds.threaded.experiment('breast-cancer', options);
    expect(a.columnLabels).toEqual(['accuracy', 'sensitivity', 'specificity']);
    for (const row of a.rows)
      for (const cell of row.cells) for (const v of cell.values) expect(v).toBeGreaterThanOrEqual(0), expect(v).toBeLessThanOrEqual(100);
    expect(b.rows.map((r) => r.cells.map((c) => c.values))).toEqual(a.rows.map((r) => r.cells.map((c) => c.values)));
    expect(a.rows[1].paper?.[0]).toEqual({ mean: 82.3, std: 4.5 }); // DFG with the graph, Table 3
    const err = await builds.simd.experiment('breast-cancer', { ...options, data: [w] }).catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.field).toBe('data');
  });
});

describe.skipIf(!existsSync(join(data, '20newsgroups-pairs')))('20ng-pairs', () => {
  it('loads the five pairs (README counts) and runs one accuracy column per pair', async () => {
    const pairs = loadNewsgroupPairs(data, { words: 1000 });
    expect(pairs.map((p) => p.nRows)).toEqual([
      597 + 397 + 600 + 399,
      594 + 396 + 598 + 398,
      578 + 385 + 590 + 392,
      599 + 398 + 377 + 251,
      546 + 364 + 564 + 376,
    ]);
    expect(pairs[0].y.reduce((a, b) => a + b, 0)).toBe(600 + 399); // hockey = 1
    expect(pairs[3].groups).toEqual(['soc.religion.christian', 'talk.religion.misc']);
    const t = await builds.simd.experiment('20ng-pairs', { reps: 1, fast: true, methods: ['Lasso'], data: pairs });
    expect(t.columnLabels).toEqual(['dataset = 1', 'dataset = 2', 'dataset = 3', 'dataset = 4', 'dataset = 5']);
    for (const cell of t.rows[0].cells) expect(cell.mean).toBeGreaterThan(50), expect(cell.mean).toBeLessThanOrEqual(100);
    // ADFG's row searches the grid docs/replication.md states: the paper's λ points for a summed
    // loss over ≈ 400 rows, λ2 and λ3 two decades lower (its adaptive weights), γ ∈ {0, 1}.
    const table = builds.simd.info.experiments.find((e) => e.id === '20ng-pairs');
    const adfg = table?.rows.find((r) => r.label === 'ADFG');
    const per400 = (xs: number[]) => xs.map((x) => x / 400);
    expect(adfg?.method).toBe('adfg');
    expect(adfg?.grid).toEqual({
      lambda1: per400([1e2, 1, 1e-2, 1e-4]),
      lambda2: per400([1e-2, 1e-4, 1e-6]),
      lambda3: per400([1e-4, 1e-6, 1e-8]),
      gamma: [0, 1],
    });
    const err = await builds.simd
      .experiment('20ng-pairs', { reps: 1, fast: true, methods: ['Lasso'], data: pairs.slice(0, 4) })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect(err.message).toMatch(/needs 5 datasets/);
  });
});

describe.skipIf(!existsSync(join(data, '20newsgroups-pairs')))('20ng-topics', () => {
  it('loads perGroup messages of each group, classes in pair order, all of them when perGroup is large', () => {
    const few = loadNewsgroupTopics(data, { words: 300, perGroup: 7 });
    expect(few.groups).toEqual(NEWSGROUP_PAIRS.flat());
    expect(few.nRows).toBe(70);
    expect(Array.from(few.y)).toEqual(Array.from({ length: 70 }, (_, i) => Math.floor(i / 7)));
    // Word frequencies: each row's entries are shares of its words (at most 1 in all).
    for (let i = 0; i < 70; i++) {
      let sum = 0;
      for (let t = few.X.indptr[i]; t < few.X.indptr[i + 1]; t++) sum += few.X.values[t];
      expect(sum).toBeLessThanOrEqual(1 + 1e-12);
    }
    // Train then test files: every message of the ten groups (the README's totals, 5643 + 3756).
    const all = loadNewsgroupTopics(data, { words: 300, perGroup: 1e6 });
    expect(all.nRows).toBe(5643 + 3756);
    expect(Array.from(all.y).filter((c) => c === 0).length).toBe(597 + 397); // baseball, the README's counts
  });

  it("reads all of each message's header block, its Subject only, or none of it", async () => {
    const { withHeaders } = await import('../../dist/node/newsgroups.js');
    const message = 'From: a@b.edu (Ann)\nSubject: Re: brakes\nOrganization: Univ\nLines: 3\n\nThe pads wore out.\n';
    expect(withHeaders(message, 'all')).toBe(message);
    expect(withHeaders(message, 'subject')).toBe(' Re: brakes\n\nThe pads wore out.\n');
    expect(withHeaders(message, 'none')).toBe('\n\nThe pads wore out.\n');
    // Through the loader: 'organization', a line of nearly every header block, is in nearly
    // every message with the headers and in few without them.
    const share = (headers: 'all' | 'subject' | 'none') => {
      const t = loadNewsgroupTopics(data, { words: 2000, perGroup: 50, headers });
      const j = t.vocabulary.indexOf('organization');
      if (j < 0) return 0;
      let docs = 0;
      for (let i = 0; i < t.nRows; i++) for (let k = t.X.indptr[i]; k < t.X.indptr[i + 1]; k++) if (t.X.indices[k] === j) docs++;
      return docs / t.nRows;
    };
    expect(share('all')).toBeGreaterThan(0.9);
    expect(share('none')).toBeLessThan(0.2);
    // The default reads the bodies alone (docs/replication.md: the protocol nearest the papers).
    const byDefault = loadNewsgroupTopics(data, { words: 500, perGroup: 20 }),
      none = loadNewsgroupTopics(data, { words: 500, perGroup: 20, headers: 'none' });
    expect(byDefault.vocabulary).toEqual(none.vocabulary);
    expect(byDefault.X.values).toEqual(none.X.values);
    expect(share('subject')).toBeLessThan(0.2);
    expect(() => loadNewsgroupPairs(data, { headers: 'some' as never })).toThrow(/headers: must be 'all', 'subject' or 'none'/);
  });
});
