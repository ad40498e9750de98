/** Error codes of every failure the API reports. */
export type SupclustErrorCode = 'invalid-input' | 'aborted' | 'load-failed' | 'internal';

/** The one error type thrown by supclust. `field` names the offending input when known. */
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

export const invalid = (field: string, message: string): SupclustError =>
  new SupclustError('invalid-input', `${field}: ${message}`, field);

/** The field a library message names ("option 'Q' of …", "X must …", "y: …"). */
export function fieldOf(message: string): string | undefined {
  const option = /option '([^']+)'/.exec(message);
  if (option) return option[1];
  const lead = /^([A-Za-z][A-Za-z0-9]*)\b/.exec(message);
  return lead ? lead[1] : undefined;
}
