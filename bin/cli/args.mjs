// The command line's arguments: Node's util.parseArgs with each command's declared flags, the
// method's options as flags generated from the library's declarations (info.methods[].options,
// info.requests), and the readers of typed values. A flag or command the CLI does not know is a
// UsageError (exit code 2, with the command's usage); a value the library refuses is a
// SupclustError (exit code 1).
import { parseArgs } from 'node:util';
import { SupclustError } from '../../dist/node/index.js';

export class UsageError extends Error {
  constructor(message, usage) {
    super(message);
    this.usage = usage;
  }
}

/** parseArgs, strict: an unknown flag or a missing value is a UsageError naming it (an unknown
 * flag with the closest known one, when one is close). */
export function parse(args, options, usage) {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    if (!String(e.code).startsWith('ERR_PARSE_ARGS')) throw e;
    const unknown = /Unknown option '--([^']+)'/.exec(e.message)?.[1];
    const near = unknown && closest(unknown, Object.keys(options));
    throw new UsageError(
      e.message.replace(/\. To specify a positional argument.*$/s, '') + (near ? `: did you mean --${near}?` : ''),
      usage,
    );
  }
}

/** The name among `names` within two edits of `name` (case aside), the closest; none otherwise. */
function closest(name, names) {
  const distance = (a, b) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length];
  };
  let best,
    bestDistance = 3;
  for (const n of names) {
    const dist = distance(name.toLowerCase(), n.toLowerCase());
    if (dist < bestDistance) (best = n), (bestDistance = dist);
  }
  return best;
}

/** A refusal of the library whose field is one of the command's flags, said with the flag. */
export function asFlags(e, flags) {
  if (!(e instanceof SupclustError) || !e.field || !Object.hasOwn(flags, e.field) || !e.message.startsWith(`${e.field}:`)) return e;
  return new SupclustError(e.code, `--${e.field}${e.message.slice(e.field.length)}`, e.field);
}

export const invalid = (flag, message) => new SupclustError('invalid-input', `--${flag}: ${message}`, flag);

export function integerFlag(values, name) {
  if (values[name] === undefined) return undefined;
  const v = Number(values[name]);
  if (!Number.isInteger(v)) throw invalid(name, `must be an integer (got ${values[name]})`);
  return v;
}

export function numberFlag(values, name) {
  if (values[name] === undefined) return undefined;
  const v = Number(values[name]);
  if (values[name].trim() === '' || !Number.isFinite(v)) throw invalid(name, `must be a number (got ${values[name]})`);
  return v;
}

/** --shard I/N. */
export function shardFlag(values) {
  if (values.shard === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(String(values.shard));
  if (!m) throw invalid('shard', `must be I/N with 0 ≤ I < N (got ${values.shard})`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

/** The flags of declared options (OptionInfo[]): numbers and choices take a value, booleans are
 * flags with a --no-<name> twin, vectors take a comma list. `rename` maps a declared name to its
 * flag (a method option that a command's own setting shadows). */
export function optionFlags(declared, rename = (name) => name) {
  const flags = {};
  for (const o of declared) {
    const flag = rename(o.name);
    if (o.kind === 'boolean') {
      flags[flag] = { type: 'boolean' };
      flags[`no-${flag}`] = { type: 'boolean' };
    } else flags[flag] = { type: 'string' };
  }
  return flags;
}

/** The values of declared options found among the parsed flags, typed by their kind. Vectors by
 * feature (penaltyFactor) take d values, or name=value pairs (the other features: 1); edges take
 * a:b pairs of feature names or indices. */
export function optionValues(declared, values, featureNames, rename = (name) => name) {
  const out = {};
  for (const o of declared) {
    const flag = rename(o.name);
    if (o.kind === 'boolean') {
      if (values[flag] && values[`no-${flag}`]) throw invalid(flag, `given with --no-${flag}`);
      if (values[flag]) out[o.name] = true;
      if (values[`no-${flag}`]) out[o.name] = false;
      continue;
    }
    const text = values[flag];
    if (text === undefined) continue;
    if (o.kind === 'number' || o.kind === 'integer') out[o.name] = numberFlag(values, flag);
    else if (o.kind === 'choice') out[o.name] = text;
    else if (o.kind === 'edges') out[o.name] = text.split(',').map((pair) => pair.split(':').map((f) => feature(flag, f, featureNames)));
    else out[o.name] = vector(flag, text, featureNames, o.kind === 'labels' ? 0 : 1);
  }
  return out;
}

function feature(flag, name, featureNames) {
  const j = featureNames.indexOf(name.trim());
  if (j >= 0) return j;
  if (/^\d+$/.test(name.trim()) && Number(name) < featureNames.length) return Number(name);
  throw invalid(flag, `'${name}' is neither a feature name nor a feature index (0 … ${featureNames.length - 1})`);
}

function vector(flag, text, featureNames, fill) {
  const parts = text.split(',');
  if (parts.every((p) => p.includes('='))) {
    const v = new Array(featureNames.length).fill(fill);
    for (const p of parts) {
      const [name, value] = p.split('=');
      v[feature(flag, name, featureNames)] = toNumber(flag, value);
    }
    return v;
  }
  return parts.map((p) => toNumber(flag, p));
}

function toNumber(flag, text) {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v)) throw invalid(flag, `'${text}' is not a number`);
  return v;
}

/** The help lines of declared options: flag, kind, default and what it is. */
export function optionHelp(declared, rename = (name) => name) {
  return declared
    .map((o) => {
      const flag = rename(o.name);
      const value =
        o.kind === 'boolean'
          ? ''
          : o.kind === 'choice'
            ? ` ${o.choices.map((c) => c || "''").join('|')}`
            : o.kind === 'numbers' || o.kind === 'labels'
              ? ' v,v,…|name=v,…'
              : o.kind === 'edges'
                ? ' a:b,…'
                : ` ${o.kind === 'integer' ? 'N' : 'X'}`;
      const name = `--${flag}${value}${o.kind === 'boolean' ? ` (--no-${flag})` : ''}`;
      const fallback = o.required ? 'required' : o.default === undefined ? '' : `default ${o.default === '' ? "''" : o.default}`;
      return `    ${name.padEnd(34)} ${o.doc}${fallback ? ` (${fallback})` : ''}`;
    })
    .join('\n');
}
