// Loader of the 20 Newsgroups pairs in ../shared/data/20newsgroups-pairs ("bydate", 10 groups,
// <split>/<group>.jsonl.gz, one {id, text} per line): the DFG paper's five binary problems of
// close topics (after Yang et al. 2012), each the word frequencies of its two groups' messages —
// train and test files together, since the tables re-split them — with y = 1 for the second
// group. `headers` says what of each message's header block (its lines up to the first empty
// one: From, Subject, Organization, Lines, …) is read: all of it, its Subject only, or none
// (the default: the body alone, the protocol nearest the papers' levels, docs/replication.md).
// Node only (it reads files).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { invalid } from '../errors.js';
import { datasetHelp } from '../datasets.js';
import { NEWSGROUP_PAIRS } from '../newsgroup_pairs.js';
import { wordFrequencies, type TextFeatureOptions, type TextFeatures } from '../text.js';

export { NEWSGROUP_PAIRS };

export interface NewsgroupPair extends TextFeatures {
  /** 0 for a message of groups[0], 1 for groups[1]. */
  y: Float64Array;
  groups: readonly [string, string];
}

/** What of a message's header block is read as words. */
export type NewsgroupHeaders = 'all' | 'subject' | 'none';
/** The loaders' default: the message bodies alone. */
export const DEFAULT_NEWSGROUP_HEADERS: NewsgroupHeaders = 'none';
export interface NewsgroupOptions extends TextFeatureOptions {
  headers?: NewsgroupHeaders;
}

/** The message with its header block kept whole, cut to its Subject, or dropped. */
export function withHeaders(text: string, headers: NewsgroupHeaders): string {
  if (headers === 'all') return text;
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end),
    body = end < 0 ? '' : text.slice(end);
  if (headers === 'none') return body;
  const subject = /^Subject:(.*)$/im.exec(head);
  return `${subject ? subject[1] : ''}${body}`;
}

function headersOf(options: { headers?: unknown }): NewsgroupHeaders {
  const h = options.headers ?? DEFAULT_NEWSGROUP_HEADERS;
  if (h !== 'all' && h !== 'subject' && h !== 'none') throw invalid('headers', `must be 'all', 'subject' or 'none' (got ${String(h)})`);
  return h;
}

function messages(root: string, group: string, limit = Infinity): string[] {
  const out: string[] = [];
  for (const split of ['train', 'test']) {
    if (out.length >= limit) break;
    const file = join(root, split, `${group}.jsonl.gz`);
    if (!existsSync(file)) throw invalid('dir', `no 20 Newsgroups data under ${root} (missing ${file}): ${datasetHelp('20ng-pairs')}`);
    const lines = gunzipSync(readFileSync(file))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.length > 0);
    lines.forEach((line, i) => {
      if (out.length >= limit) return;
      const record = JSON.parse(line) as { text?: unknown };
      if (typeof record.text !== 'string') throw invalid('dir', `${file} line ${i + 1} has no text`);
      out.push(record.text);
    });
  }
  return out;
}

function rootOf(dir: string): string {
  return existsSync(join(dir, '20newsgroups-pairs')) ? join(dir, '20newsgroups-pairs') : dir;
}

/** `dir`: the `20newsgroups-pairs` folder, or a folder that contains it (e.g. ../shared/data).
 * The five pairs in the paper's order; `options` as wordFrequencies' (default 5000 words), and
 * `headers` (default DEFAULT_NEWSGROUP_HEADERS, 'none'). */
export function loadNewsgroupPairs(dir: string, options: NewsgroupOptions = {}): NewsgroupPair[] {
  const headers = headersOf(options);
  const { headers: _h, ...textOptions } = options;
  const root = rootOf(dir);
  return NEWSGROUP_PAIRS.map((groups) => {
    const a = messages(root, groups[0]),
      b = messages(root, groups[1]);
    const y = new Float64Array(a.length + b.length);
    y.fill(1, a.length);
    return {
      ...wordFrequencies(
        [...a, ...b].map((t) => withHeaders(t, headers)),
        textOptions,
      ),
      y,
      groups,
    };
  });
}

export interface NewsgroupTopics extends TextFeatures {
  /** The class of each message: the index of its group in `groups`. */
  y: Float64Array;
  /** The ten groups in pair order: classes 2p and 2p + 1 are NEWSGROUP_PAIRS[p]. */
  groups: string[];
}

/** The stand-in for the DataCube paper's 20 Newsgroups topics (its Table 4; table '20ng-topics'):
 * the first `perGroup` messages (default 140, the paper's 2800 over 20 groups; train file first)
 * of each of the ten groups, classes in pair order, word frequencies over `options.words`
 * (default 5000) words chosen by TF-IDF; `headers` as loadNewsgroupPairs'. */
export function loadNewsgroupTopics(dir: string, options: NewsgroupOptions & { perGroup?: number } = {}): NewsgroupTopics {
  const headers = headersOf(options);
  const perGroup = options.perGroup ?? 140;
  if (!Number.isInteger(perGroup) || perGroup < 1) throw invalid('perGroup', `must be an integer >= 1 (got ${String(perGroup)})`);
  const root = rootOf(dir);
  const groups = NEWSGROUP_PAIRS.flat();
  const texts: string[] = [],
    labels: number[] = [];
  groups.forEach((group, k) => {
    for (const text of messages(root, group, perGroup)) {
      texts.push(withHeaders(text, headers));
      labels.push(k);
    }
  });
  const { perGroup: _unused, headers: _h, ...textOptions } = options;
  return { ...wordFrequencies(texts, textOptions), y: Float64Array.from(labels), groups };
}
