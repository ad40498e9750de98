// Types entry of the package ("types" in package.json). At run time the "node" and "browser"
// conditions pick node/index.js or browser/index.js, which export the same names
// (tests/web/exports.test.ts): the loaders that read files (loadPangLee, loadWestbc,
// loadNewsgroupPairs, loadNewsgroupTopics, loadReuters) work in Node only; in browsers they throw a SupclustError.
export * from './node/index.js';
