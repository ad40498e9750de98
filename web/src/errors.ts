/** Error codes of every failure the API reports. */
export type SupclustErrorCode = 'invalid-input' | 'aborted' | 'load-failed' | 'disposed' | 'internal';

/** The one error type thrown by supclust. `field` names the offending input when known; the
 * message then starts with it ("Q: must be …"). */
export class SupclustError extends Error {
  readonly code: SupclustErrorCode;
  readonly field?: string;
  constructor(code: SupclustErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'SupclustError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}

export const invalid = (field: string, message: string): SupclustError => new SupclustError('invalid-input', `${field}: ${message}`, field);

/** A refusal from the C++ library as an invalid-input error: the field its check named and its
 * message, which starts with that field (base/refusal.hpp). */
export function fromLibrary(refusal: { message: string; field?: string }): SupclustError {
  return new SupclustError('invalid-input', refusal.message, refusal.field || undefined);
}

/** What a failure inside the wasm module means to a user (never a bare number or 'unwind'). */
export function trapMessage(e: unknown): string {
  const text = typeof e === 'number' ? '' : String((e as Error)?.message ?? e);
  if (typeof e === 'number' || /bad_alloc|Cannot enlarge memory|OOM|out of memory|Array buffer allocation failed/i.test(text))
    return 'the module ran out of memory (wasm32 can address at most 2 GB); use smaller data, fewer threads or fewer folds';
  if (/unwind|Aborted|ASSERTIONS|RuntimeError|unreachable/i.test(text))
    return `the module stopped inside a solver (${text.replace(/\s*Build with -s ASSERTIONS=1.*$/s, '').slice(0, 200)}); the instance was restarted`;
  return `the solver failed: ${text.slice(0, 300)}`;
}
