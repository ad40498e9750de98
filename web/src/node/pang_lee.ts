// Loader of the Pang & Lee "scale dataset v1.0" (5006 movie-review extracts by four critics,
// each with a rating in [0, 1]): reads the folder as distributed, builds the word-frequency
// covariates of text.ts and returns the ratings as the target. Node only (it reads files).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { invalid } from '../errors.js';
import { datasetHelp, PANG_LEE_AUTHORS } from '../datasets.js';
import { wordFrequencies, type TextFeatureOptions, type TextFeatures } from '../text.js';

export { PANG_LEE_AUTHORS };

export interface PangLeeData extends TextFeatures {
  /** The normalised rating of each review, in [0, 1]. */
  y: Float64Array;
  /** The critic of each review. */
  authors: string[];
  /** The id of each review's source page. */
  ids: string[];
}

const lines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0);

/** `dir`: the `pang-lee-scale` folder, or a folder that contains it (e.g. ../shared/data). */
export function loadPangLee(dir: string, options: TextFeatureOptions = {}): PangLeeData {
  const root = existsSync(join(dir, 'pang-lee-scale')) ? join(dir, 'pang-lee-scale') : dir;
  const documents: string[] = [],
    ratings: number[] = [],
    authors: string[] = [],
    ids: string[] = [];
  for (const author of PANG_LEE_AUTHORS) {
    const file = (kind: string) => join(root, author, `${kind}.${author}`);
    if (!existsSync(file('subj')))
      throw invalid('dir', `no Pang & Lee data under ${root} (missing ${file('subj')}): ${datasetHelp('pang-lee')}`);
    const text = lines(file('subj')),
      rating = lines(file('rating')),
      id = lines(file('id'));
    if (text.length !== rating.length || text.length !== id.length)
      throw invalid('dir', `${author}: subj, rating and id files have ${text.length}, ${rating.length} and ${id.length} lines`);
    rating.forEach((r, i) => {
      const value = Number(r);
      if (!Number.isFinite(value)) throw invalid('dir', `${file('rating')} line ${i + 1} is not a number`);
      ratings.push(value);
    });
    documents.push(...text);
    ids.push(...id);
    for (let i = 0; i < text.length; i++) authors.push(author);
  }
  return { ...wordFrequencies(documents, options), y: Float64Array.from(ratings), authors, ids };
}
