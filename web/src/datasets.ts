// The real datasets the papers' tables run on: where each comes from, how to cite it, its terms,
// and the folder its loader reads. Declared once: the loaders' errors, `supclust list`, the
// CLI's refusal without --data and docs/datasets.md (scripts/build.mjs) read it.

export interface DatasetInfo {
  /** The name the tables use (info.experiments[].dataset). */
  name: string;
  title: string;
  /** The folder the loader reads: given itself, or a folder containing it, as --data. */
  folder: string;
  /** Where the data were first published. */
  source: string;
  citation: string;
  terms: string;
  /** The files the loader reads, relative to the folder. */
  layout: string[];
  /** The loader (exported by 'supclust' in Node). */
  loader: string;
}

/** The four critics of the Pang & Lee scale dataset: its folders, and its reviews' authors. */
export const PANG_LEE_AUTHORS = ['Dennis+Schwartz', 'James+Berardinelli', 'Scott+Renshaw', 'Steve+Rhodes'] as const;

const NEWSGROUPS = {
  title: '20 Newsgroups, "bydate" version (the 10 groups of the 5 pairs)',
  folder: '20newsgroups-pairs',
  source: 'http://qwone.com/~jason/20Newsgroups/ (20news-bydate.tar.gz, by Jason Rennie)',
  citation: 'Ken Lang. NewsWeeder: learning to filter netnews. ICML 1995, 331–339.',
  terms: 'none stated',
  layout: [
    'train/GROUP.jsonl.gz and test/GROUP.jsonl.gz for each GROUP of rec.sport.baseball, rec.sport.hockey, rec.autos, ' +
      'rec.motorcycles, comp.sys.mac.hardware, comp.sys.ibm.pc.hardware, soc.religion.christian, talk.religion.misc, ' +
      'talk.politics.guns, talk.politics.mideast: gzipped JSON lines {"id", "text"}, one message each: the tarball\'s message files of that group and split, decoded as latin-1',
  ],
};

export const DATASETS: Record<string, DatasetInfo> = {
  'pang-lee': {
    name: 'pang-lee',
    title: 'Pang & Lee scale dataset v1.0 (5006 movie-review extracts by four critics, rated in [0, 1])',
    folder: 'pang-lee-scale',
    source: 'http://www.cs.cornell.edu/people/pabo/movie-review-data/ (scale_data.tar.gz, unpacked: its scaledata/ folder)',
    citation:
      'Bo Pang and Lillian Lee. Seeing stars: exploiting class relationships for sentiment categorization with respect to rating scales. ACL 2005, 115–124.',
    terms: "none stated; the dataset's README asks users to cite the paper",
    layout: [
      `CRITIC/subj.CRITIC, CRITIC/rating.CRITIC, CRITIC/id.CRITIC for each CRITIC of ${PANG_LEE_AUTHORS.join(', ')} (line i of the three files: one review)`,
    ],
    loader: 'loadPangLee',
  },
  '20ng-pairs': { name: '20ng-pairs', ...NEWSGROUPS, loader: 'loadNewsgroupPairs' },
  '20ng-topics': { name: '20ng-topics', ...NEWSGROUPS, loader: 'loadNewsgroupTopics' },
  reuters: {
    name: 'reuters',
    title: 'Reuters-21578, Distribution 1.0 (21 578 newswire stories of 1987)',
    folder: 'reuters21578',
    source: "David D. Lewis's distribution (README v1.2, 1997), e.g. the UCI KDD archive's reuters21578.tar.gz",
    citation: 'David D. Lewis. Reuters-21578 text categorization test collection, Distribution 1.0. 1997.',
    terms: "free distribution for research purposes only (Reuters Ltd. and Carnegie Group, Inc.; the collection's README)",
    layout: ["reut2-000.sgm.gz … reut2-021.sgm.gz: the distribution's 22 SGML files, each gzipped (gzip reut2-*.sgm)"],
    loader: 'loadReuters',
  },
  westbc: {
    name: 'westbc',
    title:
      "West et al. (2001) breast-cancer expression set (7129 genes, 49 tumours, lymph-node status): a stand-in for the DFG paper's breast-cancer data",
    folder: 'westbc',
    source: 'the R package TH.data (data set Westbc; Debian r-cran-th.data), exported as CSV',
    citation:
      'M. West et al. Predicting the clinical status of human breast cancer by using gene expression profiles. PNAS 98(20), 11462–11467, 2001.',
    terms: 'TH.data is GPL-3; no separate terms for the data',
    layout: [
      'westbc_expression.csv.gz: header tumour,x.1,…,x.7129, one row per tumour',
      'westbc_labels.csv: header tumour,nodal_status (negative or positive), the same order',
    ],
    loader: 'loadWestbc',
  },
};

/** The text a missing or wrong folder is refused with: what the table needs and where to get it. */
export function datasetHelp(name: string): string {
  const d = DATASETS[name];
  if (!d) return '';
  return `the ${d.title}, from ${d.source}; expected in a folder ${d.folder}/ (or that folder itself): ${d.layout.join('; ')}`;
}
