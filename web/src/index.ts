// Types entry of the package ("types" in package.json). At run time the "node" and "browser"
// conditions pick node/index.js or browser/index.js, which export the same API.
export { load } from './node/index.js';
export { logGrid } from './grid.js';
export * from './types.js';
export { SupclustError } from './errors.js';
export type { SupclustErrorCode } from './errors.js';
