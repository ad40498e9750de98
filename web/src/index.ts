// Types entry of the package ("types" in package.json). At run time the "node" and "browser"
// conditions pick node/index.js or browser/index.js, which export the same API (loadPangLee,
// which reads files, exists in Node only; in browsers it throws a SupclustError).
export { load } from './node/index.js';
export { logGrid } from './grid.js';
export * from './types.js';
export { SupclustError } from './errors.js';
export type { SupclustErrorCode } from './errors.js';
export { wordFrequencies, tokenize } from './text.js';
export type { TextFeatureOptions, TextFeatures } from './text.js';
export { loadPangLee, PANG_LEE_AUTHORS } from './node/pang_lee.js';
export type { PangLeeData } from './node/pang_lee.js';
