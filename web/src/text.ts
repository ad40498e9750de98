// Word-frequency covariates from documents: the papers' movie-review preprocessing (IHC paper
// §5.2: "word frequencies as covariates … eliminating stop words, rare words and words with
// small TF-IDF on the whole corpus"; DataCube §4.2.2: "the empirical distribution over words").
// Each step uses a documented, widely used definition rather than one of our own:
//   1. tokens: scikit-learn's default token pattern (runs of two or more letters, digits or
//      underscores), lower-cased;
//   2. stop words: the English list of the `stopword` package (copied in at build time);
//   3. rare words: those in fewer than `minDocuments` documents (scikit-learn's min_df);
//   4. TF-IDF as scikit-learn's TfidfVectorizer computes it by default (raw counts times the
//      smooth idf ln((1 + n) / (1 + df)) + 1, each document l2-normalised); the `words` words
//      with the largest mean TF-IDF over the corpus are kept (ties: alphabetical order);
//   5. covariates: x_ij = count of kept word j in document i / count of kept words in i
//      (`per: 'document'`, the default), or / the corpus's mean count of kept words per
//      document (`per: 'corpus'`: the counts themselves, on the frequencies' scale), built
//      straight into CSR (a review uses a few dozen of the 5000 words; no dense matrix).
import { englishStopWords } from './stopwords.generated.js';
import { invalid } from './errors.js';

export interface TextFeatureOptions {
  /** Words to keep, by mean TF-IDF (default 5000). */
  words?: number;
  /** Drop words found in fewer documents (default 5). */
  minDocuments?: number;
  /** Words to drop (default: the `stopword` package's English list). */
  stopWords?: readonly string[];
  /** Each count divided by its document's count of kept words ('document', default: relative
   * frequencies) or by the corpus's mean count per document ('corpus': counts, one scale for all). */
  per?: 'document' | 'corpus';
}

export interface TextFeatures {
  /** Word frequencies, nRows documents × nCols words, in CSR (fit, crossValidate and predict
   * take it as it is; row i's words in column order). */
  X: { indptr: Int32Array; indices: Int32Array; values: Float64Array };
  nRows: number;
  nCols: number;
  /** vocabulary[j]: the word of column j (columns in order of decreasing mean TF-IDF). */
  vocabulary: string[];
}

const TOKEN = /[\p{L}\p{N}_]{2,}/gu;

/** The tokens of a document, as scikit-learn's default analyzer finds them. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

export function wordFrequencies(documents: readonly string[], options: TextFeatureOptions = {}): TextFeatures {
  if (!Array.isArray(documents) || documents.length === 0) throw invalid('documents', 'must be a non-empty array of strings');
  if (documents.some((d) => typeof d !== 'string')) throw invalid('documents', 'must contain only strings');
  const words = options.words ?? 5000,
    minDocuments = options.minDocuments ?? 5;
  if (!Number.isInteger(words) || words < 1) throw invalid('words', `must be an integer >= 1 (got ${String(words)})`);
  if (!Number.isInteger(minDocuments) || minDocuments < 1)
    throw invalid('minDocuments', `must be an integer >= 1 (got ${String(minDocuments)})`);
  const per = options.per ?? 'document';
  if (per !== 'document' && per !== 'corpus') throw invalid('per', `must be 'document' or 'corpus' (got ${String(per)})`);
  const stop = new Set(options.stopWords ?? englishStopWords);

  // Term counts per document and document frequencies.
  const counts: Map<string, number>[] = documents.map((doc) => {
    const c = new Map<string, number>();
    for (const t of tokenize(doc)) if (!stop.has(t)) c.set(t, (c.get(t) ?? 0) + 1);
    return c;
  });
  const df = new Map<string, number>();
  for (const c of counts) for (const t of c.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const candidates = [...df.keys()].filter((t) => df.get(t)! >= minDocuments);
  if (candidates.length === 0) throw invalid('minDocuments', `no word is in ${minDocuments} or more documents`);

  // Mean TF-IDF of each candidate (documents l2-normalised over the candidates).
  const n = documents.length;
  const idf = new Map(candidates.map((t) => [t, Math.log((1 + n) / (1 + df.get(t)!)) + 1]));
  const meanTfidf = new Map<string, number>(candidates.map((t) => [t, 0]));
  for (const c of counts) {
    let norm = 0;
    for (const [t, k] of c) if (idf.has(t)) norm += (k * idf.get(t)!) ** 2;
    if (norm === 0) continue;
    norm = Math.sqrt(norm);
    for (const [t, k] of c) if (idf.has(t)) meanTfidf.set(t, meanTfidf.get(t)! + (k * idf.get(t)!) / norm / n);
  }
  const vocabulary = candidates.sort((a, b) => meanTfidf.get(b)! - meanTfidf.get(a)! || (a < b ? -1 : a > b ? 1 : 0)).slice(0, words);

  const column = new Map(vocabulary.map((t, j) => [t, j]));
  const d = vocabulary.length,
    indptr = new Int32Array(n + 1),
    indices: number[] = [],
    counted: number[] = [];
  const totals = new Float64Array(n); // kept words per document
  counts.forEach((c, i) => {
    const row: [number, number][] = [];
    for (const [t, k] of c) {
      const j = column.get(t);
      if (j !== undefined) {
        row.push([j, k]);
        totals[i] += k;
      }
    }
    row.sort((a, b) => a[0] - b[0]);
    for (const [j, k] of row) {
      indices.push(j);
      counted.push(k);
    }
    indptr[i + 1] = indices.length;
  });
  const corpusMean = totals.reduce((a, b) => a + b, 0) / n;
  const values = new Float64Array(counted.length);
  for (let i = 0; i < n; i++)
    for (let t = indptr[i]; t < indptr[i + 1]; t++) values[t] = counted[t] / (per === 'document' ? totals[i] : corpusMean);
  return { X: { indptr, indices: Int32Array.from(indices), values }, nRows: n, nCols: d, vocabulary };
}
