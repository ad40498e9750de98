// A saved model read back (JSON text or the parsed object) and checked completely before use:
// its format version, its method and what that method's models are (kind, loss), every array's
// size against the others, the feature names, the groups and the fit's report — each mistake a
// SupclustError naming the model's field. Needs no module: the declarations are the generated
// description's.
import { invalid } from './errors.js';
import { DESCRIPTION } from './library.generated.js';
import { modelArrays, vocabularyOf } from './model_arrays.js';
import type { Model, Status } from './types.js';
import { describe, strings } from './validate.js';

// Every Status, and nothing else (tsc refuses a key missing or extra).
const STATUSES = Object.keys({ converged: true, 'max-iterations': true, 'numerical-issue': true } satisfies Record<Status, true>);
const isObject = (x: unknown): x is Record<string, unknown> => x != null && typeof x === 'object' && !Array.isArray(x);

/** An array of numbers (`integers`: ≥ 0; `orNull`: null too, JSON's spelling of NaN and ±Infinity). */
function numbers(field: string, x: unknown, { integers = false, orNull = false } = {}): number[] {
  if (!Array.isArray(x)) throw invalid(field, `must be an array of numbers (got ${describe(x)})`);
  for (let i = 0; i < x.length; i++) {
    const ok =
      (orNull && x[i] === null) ||
      (typeof x[i] === 'number' && (integers ? Number.isInteger(x[i]) && x[i] >= 0 : !Number.isNaN(x[i]) || orNull));
    if (!ok)
      throw invalid(field, `entry ${i} must be ${integers ? 'an integer ≥ 0' : 'a number'} (got ${i in x ? describe(x[i]) : 'a hole'})`);
  }
  return x;
}

/** A saved model (its JSON text, or the object JSON.parse gave) checked completely, returned as
 * a Model; refused with a SupclustError naming the field otherwise. */
export function validateModel(saved: unknown): Model {
  let model: unknown = saved;
  if (typeof saved === 'string') {
    try {
      model = JSON.parse(saved);
    } catch (e) {
      throw invalid('model', `is not JSON: ${(e as Error).message}`);
    }
  }
  if (!isObject(model)) throw invalid('model', `must be a model object (got ${describe(model)})`);
  const m = model as unknown as Model;
  const arrays = modelArrays(m, vocabularyOf(DESCRIPTION)); // version, kind, loss, classes, coef, intercept, gate
  const spec = DESCRIPTION.methods.find((s) => s.name === m.method);
  if (!spec) throw invalid('model.method', `must be one of the library's methods (got ${describe(m.method)})`);
  if ((m.kind ?? 'features') !== spec.kind)
    throw invalid('model.kind', `a '${m.method}' model is of kind '${spec.kind}' (got ${describe(m.kind)})`);
  const losses = spec.options.find((o) => o.name === 'loss')?.choices;
  if (typeof m.loss !== 'string' || (losses && !losses.includes(m.loss)))
    throw invalid(
      'model.loss',
      `must be one of ${(losses ?? ['a loss']).map((l) => `'${l}'`).join(', ')} for '${m.method}' (got ${describe(m.loss)})`,
    );
  if (!isObject(m.params)) throw invalid('model.params', `must be an object of the options used (got ${describe(m.params)})`);
  for (const [name, value] of Object.entries(m.params)) {
    if (!spec.options.some((o) => o.name === name)) throw invalid('model.params', `'${name}' is not an option of '${m.method}'`);
    const flat = Array.isArray(value) ? value.flat() : [value];
    if (!flat.every((x) => ['number', 'boolean', 'string'].includes(typeof x)))
      throw invalid('model.params', `'${name}' must hold numbers, booleans or strings (got ${describe(value)})`);
  }
  if (m.outputs !== arrays.outputs)
    throw invalid('model.outputs', `must be ${arrays.outputs}, the intercept's length (got ${describe(m.outputs)})`);
  if (m.featureNames !== undefined) strings('model.featureNames', m.featureNames, arrays.nFeatures, 'feature');
  if (m.offset !== undefined && typeof m.offset !== 'boolean')
    throw invalid('model.offset', `must be a boolean (fitted with row offsets) (got ${describe(m.offset)})`);
  const groups = numbers('model.groups', m.groups, { integers: true }),
    centroids = numbers('model.centroids', m.centroids);
  if (spec.kind === 'features') {
    if (groups.length !== arrays.nFeatures)
      throw invalid('model.groups', `must have one group per feature (${arrays.nFeatures}), got ${groups.length}`);
    const G = centroids.length / arrays.outputs;
    if (!Number.isInteger(G))
      throw invalid('model.centroids', `must hold groups × outputs values (outputs ${arrays.outputs}, got ${centroids.length})`);
    const beyond = groups.findIndex((g) => g >= G);
    if (beyond >= 0) throw invalid('model.groups', `entry ${beyond} is group ${groups[beyond]}, but the centroids hold ${G} groups`);
  }
  if (typeof m.status !== 'string' || !STATUSES.includes(m.status))
    throw invalid('model.status', `must be one of ${STATUSES.map((s) => `'${s}'`).join(', ')} (got ${describe(m.status)})`);
  if (typeof m.message !== 'string') throw invalid('model.message', `must be a string (got ${describe(m.message)})`);
  if (!Number.isInteger(m.iterations) || m.iterations < 0)
    throw invalid('model.iterations', `must be an integer ≥ 0 (got ${describe(m.iterations)})`);
  // A numerical issue's objective may be NaN or infinite: null in JSON.
  if (typeof m.objective !== 'number' && m.objective !== null)
    throw invalid('model.objective', `must be a number (got ${describe(m.objective)})`);
  numbers('model.history', m.history, { orNull: true });
  return m;
}
