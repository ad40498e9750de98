// Types entry of the package ("types" in package.json). At run time the "node" and "browser"
// conditions pick node/index.js or browser/index.js, which export the same API (loadPangLee,
// loadWestbc, loadNewsgroupPairs and loadReuters, which read files, exist in Node only; in browsers they throw a SupclustError).
export { load } from './node/index.js';
export { logGrid } from './grid.js';
export { mergeExperiments } from './merge.js';
export * from './types.js';
export { SupclustError } from './errors.js';
export type { SupclustErrorCode } from './errors.js';
export { wordFrequencies, tokenize } from './text.js';
export type { TextFeatureOptions, TextFeatures } from './text.js';
export { loadPangLee, PANG_LEE_AUTHORS } from './node/pang_lee.js';
export type { PangLeeData } from './node/pang_lee.js';
export { loadWestbc } from './node/westbc.js';
export { loadReuters } from './node/reuters.js';
export type { ReutersData, ReutersOptions } from './node/reuters.js';
export { loadNewsgroupPairs, loadNewsgroupTopics, NEWSGROUP_PAIRS } from './node/newsgroups.js';
export type { NewsgroupPair, NewsgroupTopics } from './node/newsgroups.js';
export type { WestbcData } from './node/westbc.js';
