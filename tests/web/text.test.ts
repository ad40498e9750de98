// Word-frequency covariates (text.ts) against hand-computed answers, and the Pang & Lee loader
// against the counts in ../shared/data/README.md (skipped when the data is not there).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPangLee, SupclustError, tokenize, wordFrequencies } from '../../dist/node/index.js';
import { root } from './helpers.js';

describe('wordFrequencies', () => {
  it('tokenises as scikit-learn does: runs of two or more word characters, lower-cased', () => {
    expect(tokenize("A cliché, good-spirited film: it's 2 GOOD_ok 42")).toEqual([
      'cliché',
      'good',
      'spirited',
      'film',
      'it',
      'good_ok',
      '42',
    ]);
  });

  it('drops stop words and rare words, ranks by mean TF-IDF and divides counts by kept tokens', () => {
    const docs = ['the film was good good', 'a bad film', 'good acting and a bad plot', 'film film plot'];
    const f = wordFrequencies(docs, { minDocuments: 2 });
    // Kept (df ≥ 2, not stop words): film (df 3), good (2), bad (2), plot (2). idf = ln(5/(1+df)) + 1.
    const idf = (df: number) => Math.log(5 / (1 + df)) + 1;
    const tfidf = (row: Record<string, number>) => {
      const v = Object.fromEntries(Object.entries(row).map(([w, k]) => [w, k * idf({ film: 3, good: 2, bad: 2, plot: 2 }[w]!)]));
      const norm = Math.hypot(...Object.values(v));
      return Object.fromEntries(Object.entries(v).map(([w, x]) => [w, x / norm]));
    };
    const rows = [
      tfidf({ film: 1, good: 2 }),
      tfidf({ bad: 1, film: 1 }),
      tfidf({ good: 1, bad: 1, plot: 1 }),
      tfidf({ film: 2, plot: 1 }),
    ];
    const mean = (w: string) => rows.reduce((s, r) => s + (r[w] ?? 0), 0) / 4;
    const expected = ['film', 'good', 'bad', 'plot'].sort((a, b) => mean(b) - mean(a) || (a < b ? -1 : 1));
    expect(f.vocabulary).toEqual(expected);
    expect(f.nRows).toBe(4);
    expect(f.nCols).toBe(4);
    // CSR: row i's columns strictly increasing, each row's frequencies summing to 1.
    const at = (i: number, w: string) => {
      const j = f.vocabulary.indexOf(w);
      for (let t = f.X.indptr[i]; t < f.X.indptr[i + 1]; t++) if (f.X.indices[t] === j) return f.X.values[t];
      return 0;
    };
    expect(f.X.indptr.length).toBe(5);
    for (let i = 0; i < 4; i++) {
      let sum = 0;
      for (let t = f.X.indptr[i]; t < f.X.indptr[i + 1]; t++) {
        if (t > f.X.indptr[i]) expect(f.X.indices[t]).toBeGreaterThan(f.X.indices[t - 1]);
        sum += f.X.values[t];
      }
      expect(sum).toBeCloseTo(1, 15);
    }
    expect(at(0, 'bad')).toBe(0);
    expect(at(0, 'good')).toBeCloseTo(2 / 3, 15);
    expect(at(0, 'film')).toBeCloseTo(1 / 3, 15);
    expect(at(2, 'plot')).toBeCloseTo(1 / 3, 15);
    expect(at(3, 'film')).toBeCloseTo(2 / 3, 15);
    expect(wordFrequencies(docs, { minDocuments: 2, words: 2 }).vocabulary).toEqual(expected.slice(0, 2));
    // per: 'corpus': the counts over the mean count of kept words per document, (3 + 2 + 3 + 3)/4.
    const c = wordFrequencies(docs, { minDocuments: 2, per: 'corpus' });
    expect(c.X.indptr).toEqual(f.X.indptr);
    expect(c.X.indices).toEqual(f.X.indices);
    const counts = [0, 1, 2, 3].flatMap((i) => {
      const cols = Array.from({ length: f.X.indptr[i + 1] - f.X.indptr[i] }, (_, k) => f.vocabulary[f.X.indices[f.X.indptr[i] + k]]);
      const byWord: Record<string, number>[] = [
        { film: 1, good: 2 },
        { bad: 1, film: 1 },
        { good: 1, bad: 1, plot: 1 },
        { film: 2, plot: 1 },
      ];
      return cols.map((w) => byWord[i][w] / (11 / 4));
    });
    expect(Array.from(c.X.values)).toEqual(counts.map((x) => expect.closeTo(x, 15)));
  });

  it('names the field of bad options', () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SupclustError);
        return (e as SupclustError).field;
      }
      return 'no error';
    };
    expect(field(() => wordFrequencies([]))).toBe('documents');
    expect(field(() => wordFrequencies(['a b'], { words: 0 }))).toBe('words');
    expect(field(() => wordFrequencies(['film'], { minDocuments: 2 }))).toBe('minDocuments');
    expect(field(() => wordFrequencies(['a b'], { per: 'row' as 'corpus' }))).toBe('per');
  });
});

const data = join(root, '../shared/data');
describe.skipIf(!existsSync(join(data, 'pang-lee-scale')))('loadPangLee', () => {
  it('reads the 5006 reviews in author order with ratings in [0, 1]', () => {
    const d = loadPangLee(data, { words: 300 });
    expect(d.nRows).toBe(5006);
    expect(d.nCols).toBe(300);
    const count = (a: string) => d.authors.filter((x) => x === a).length;
    expect([count('Dennis+Schwartz'), count('James+Berardinelli'), count('Scott+Renshaw'), count('Steve+Rhodes')]).toEqual([
      1027, 1307, 902, 1770,
    ]);
    expect(new Set(d.ids).size).toBe(5006);
    expect(Math.min(...d.y)).toBe(0);
    expect(Math.max(...d.y)).toBe(1);
    // Steve+Rhodes' first review (the README's example): id 11790, rating 0.1.
    expect(d.ids[1027 + 1307 + 902]).toBe('11790');
    expect(d.y[1027 + 1307 + 902]).toBe(0.1);
    // Each row is a distribution over the kept words (or empty).
    for (let i = 0; i < d.nRows; i += 97) {
      let s = 0;
      for (let t = d.X.indptr[i]; t < d.X.indptr[i + 1]; t++) s += d.X.values[t];
      expect(s === 0 || Math.abs(s - 1) < 1e-12).toBe(true);
    }
    expect(() => loadPangLee(join(root, 'docs'))).toThrow(/dir: no Pang & Lee data/);
  });
});
