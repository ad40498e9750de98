// The DFG paper's five 20 Newsgroups pairs of close topics (after Yang et al. 2012), in its
// Table 4 order: shared by the Node loader and the browser entry.
export const NEWSGROUP_PAIRS = [
  ['rec.sport.baseball', 'rec.sport.hockey'],
  ['rec.autos', 'rec.motorcycles'],
  ['comp.sys.mac.hardware', 'comp.sys.ibm.pc.hardware'],
  ['soc.religion.christian', 'talk.religion.misc'],
  ['talk.politics.guns', 'talk.politics.mideast'],
] as const;
