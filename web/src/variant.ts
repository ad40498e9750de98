import { SupclustError } from './errors.js';
import type { LoadOptions, Variant } from './types.js';
import { describe, knownKeys } from './validate.js';

// load()'s options by name (typed against LoadOptions: a key missing or extra here fails tsc).
const LOAD_OPTIONS: Record<keyof LoadOptions, true> = { threads: true, variant: true, module: true, baseUrl: true, createWorker: true };

/** The build to load: threaded when allowed and available, unless the caller decides. Refuses
 * options that are not an object or name no option of load(). */
export function chooseVariant(
  opts: LoadOptions,
  threadsAvailable: boolean,
  why = 'the threaded build needs SharedArrayBuffer (in browsers: a cross-origin isolated page, served with COOP: same-origin and COEP: require-corp)',
): Variant {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts))
    throw new SupclustError('invalid-input', `options: must be an object (got ${describe(opts)})`, 'options');
  knownKeys('options', opts, Object.keys(LOAD_OPTIONS));
  if (opts.variant !== undefined) {
    if (opts.variant !== 'simd' && opts.variant !== 'simd-threaded')
      throw new SupclustError('invalid-input', `variant: must be 'simd' or 'simd-threaded' (got ${String(opts.variant)})`, 'variant');
    if (opts.variant === 'simd-threaded' && !threadsAvailable) throw new SupclustError('load-failed', why);
    return opts.variant;
  }
  const t = opts.threads === undefined ? 'auto' : typeof opts.threads === 'number' ? threadLimitOf(opts)! > 1 : opts.threads; // null is not 'auto'
  if (t !== 'auto' && t !== true && t !== false)
    throw new SupclustError('invalid-input', `threads: must be 'auto', true, false or a count of threads (got ${String(t)})`, 'threads');
  if (t === true && !threadsAvailable) throw new SupclustError('load-failed', why);
  return (t === 'auto' ? threadsAvailable : t) ? 'simd-threaded' : 'simd';
}

/** load({ threads: n }): the cap on the threads every call uses (an integer in [1, 8]); undefined
 * for the other values of threads. */
export function threadLimitOf(opts: LoadOptions): number | undefined {
  if (typeof opts.threads !== 'number') return undefined;
  if (!Number.isInteger(opts.threads) || opts.threads < 1 || opts.threads > 8)
    throw new SupclustError(
      'invalid-input',
      `threads: a count of threads must be an integer from 1 to 8, the threaded build's pool (got ${opts.threads})`,
      'threads',
    );
  return opts.threads;
}
