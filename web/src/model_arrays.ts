// A model's arrays as a prediction sends them to the module (which computes every answer:
// metrics/prediction.cpp), checked against each other first: what must hold before the copy.
import { invalid } from './errors.js';
import { MODEL_SCHEMA_VERSION, type Model } from './types.js';
import { describe, finiteVector } from './validate.js';

export interface ModelArrays {
  nFeatures: number;
  outputs: number;
  coef: Float64Array; // row-major nFeatures × outputs, as in Model.coef
  intercept: Float64Array;
  gateCoef: Float64Array; // experts: row-major nFeatures × Q, as in Model.gate.coef (empty: no gate)
  gateIntercept: Float64Array;
}

/** What a model may name, as the library declares it (info.methods' kinds, info.losses). */
export interface ModelVocabulary {
  kinds: readonly string[];
  losses: readonly string[];
  regression: readonly string[];
}

/** The vocabulary of a description (info(), or the generated DESCRIPTION). */
export const vocabularyOf = (d: {
  methods: readonly { kind: string }[];
  losses: readonly { name: string; classification: boolean }[];
}): ModelVocabulary => ({
  kinds: [...new Set(d.methods.map((m) => m.kind))],
  losses: d.losses.map((l) => l.name),
  regression: d.losses.filter((l) => !l.classification).map((l) => l.name),
});

/** A model's arrays, checked against each other, and its kind, loss and classes against what the
 * library knows (each mistake names the model's field). */
export function modelArrays(model: Model, known: ModelVocabulary): ModelArrays {
  if (model == null || typeof model !== 'object') throw invalid('model', 'must be a model returned by fit()');
  if (model.schemaVersion !== MODEL_SCHEMA_VERSION)
    throw invalid(
      'model.schemaVersion',
      `must be ${MODEL_SCHEMA_VERSION}, the model format this library reads (got ${String(model.schemaVersion)}): refit the model with this version`,
    );
  if (model.kind !== undefined && !known.kinds.includes(model.kind as string))
    throw invalid('model.kind', `must be one of ${known.kinds.map((k) => `'${k}'`).join(', ')} (got ${describe(model.kind)})`);
  if (model.loss !== undefined && !known.losses.includes(model.loss as string))
    throw invalid('model.loss', `must be one of ${known.losses.map((k) => `'${k}'`).join(', ')} (got ${describe(model.loss)})`);
  if (model.classes !== undefined && known.regression.includes(model.loss as string))
    throw invalid('model.classes', `a model of loss '${String(model.loss)}' (regression) has no classes`);
  if (model.classes !== undefined) {
    const classes = model.classes as unknown;
    if (!Array.isArray(classes)) throw invalid('model.classes', `must be an array of class labels (got ${describe(classes)})`);
    const seen = new Set<unknown>();
    for (let k = 0; k < classes.length; k++) {
      // every index, holes included
      const c: unknown = classes[k];
      if (!(typeof c === 'string' || (typeof c === 'number' && Number.isFinite(c))))
        throw invalid('model.classes', `entry ${k} must be a string or a finite number (got ${k in classes ? describe(c) : 'a hole'})`);
      if (seen.has(c)) throw invalid('model.classes', `entry ${k} (${String(c)}) repeats an earlier class`);
      if (k > 0 && typeof c !== typeof classes[0])
        throw invalid('model.classes', `must hold labels of one type (entry 0 is a ${typeof classes[0]}, entry ${k} a ${typeof c})`);
      seen.add(c);
    }
    if (classes.length < 2) throw invalid('model.classes', `must hold at least two classes (got ${classes.length})`);
  }
  const intercept = finiteVector('model.intercept', model.intercept);
  const outputs = model.outputs ?? intercept.length;
  if (intercept.length !== outputs)
    throw invalid('model.intercept', `must have one entry per output (${outputs}), got ${intercept.length}`);
  const coef = finiteVector('model.coef', model.coef);
  const nFeatures = model.nFeatures ?? coef.length / outputs;
  if (typeof nFeatures !== 'number' || !Number.isInteger(nFeatures) || nFeatures < 1)
    throw invalid('model.nFeatures', `must be a positive integer (got ${describe(nFeatures)})`);
  if (coef.length !== nFeatures * outputs)
    throw invalid('model.coef', `must have nFeatures × outputs = ${nFeatures} × ${outputs} entries (got ${coef.length})`);
  if (Array.isArray(model.classes)) {
    // A classifier's scores: one per class (K ≥ 2; a binary logistic model has one), or, for
    // classifying experts, Q blocks of one per class (binary experts: one score each).
    const K = model.classes.length;
    // Classifying experts: Q blocks of K scores, or Q scores for two classes (Q from the model's
    // params when it has them).
    const experts = model.params?.Q;
    const fits =
      model.kind === 'experts'
        ? K >= 2 &&
          (typeof experts === 'number' ? outputs === experts * K || (K === 2 && outputs === experts) : outputs % K === 0 || K === 2)
        : outputs === K || (K === 2 && outputs === 1);
    if (!fits) throw invalid('model.classes', `has ${K} classes, which do not match the model's ${outputs} outputs`);
  }
  let gateCoef: Float64Array = new Float64Array(0),
    gateIntercept: Float64Array = new Float64Array(0);
  if (model.gate !== undefined) {
    if (model.kind !== 'experts')
      throw invalid('model.gate', `only an experts model has a gate (this one is '${String(model.kind ?? 'features')}')`);
    if (model.gate == null || typeof model.gate !== 'object')
      throw invalid('model.gate', `must be { coef, intercept } (got ${describe(model.gate)})`);
    gateIntercept = finiteVector('model.gate.intercept', model.gate.intercept);
    // The experts: Q blocks of K class scores, or (binary experts) Q scores; else Q answers.
    const K = Array.isArray(model.classes) ? model.classes.length : 1;
    const Q = K === 2 && gateIntercept.length === outputs ? outputs : outputs / K;
    if (gateIntercept.length !== Q)
      throw invalid('model.gate.intercept', `must have one entry per expert (${Q}), got ${gateIntercept.length}`);
    gateCoef = finiteVector('model.gate.coef', model.gate.coef);
    if (gateCoef.length !== nFeatures * Q)
      throw invalid('model.gate.coef', `must have nFeatures × experts = ${nFeatures} × ${Q} entries (got ${gateCoef.length})`);
  }
  return { nFeatures, outputs, coef, intercept, gateCoef, gateIntercept };
}
