// Models across the boundary: a saved model as a warm start (column-major, as wasm reads it), and
// the module's raw answer as a plain, JSON-safe Model.
import { SupclustError, fromLibrary, invalid } from './errors.js';
import type { RawFit, WarmStartWire } from './protocol.js';
import { MODEL_SCHEMA_VERSION } from './types.js';
import type { Label, Model, ModelKind } from './types.js';
import * as v from './validate.js';

// A previous model as the starting point: its coefficients column-major (as wasm reads them).
export function warmStartOf(model: unknown, nFeatures: number, kind: ModelKind): WarmStartWire | undefined {
  if (model == null) return undefined;
  const m = model as Partial<Model>;
  if (typeof m === 'object' && m.schemaVersion !== undefined && m.schemaVersion !== MODEL_SCHEMA_VERSION)
    throw invalid(
      'warmStart',
      `must be a model of format ${MODEL_SCHEMA_VERSION}, the one this library reads (got schemaVersion ${String(m.schemaVersion)})`,
    );
  if (typeof m === 'object' && (m.kind ?? 'features') !== kind)
    throw invalid('warmStart', `must be a model of kind '${kind}', as this method fits (got a model of kind '${String(m.kind)}')`);
  if (
    typeof m !== 'object' ||
    !Array.isArray(m.coef) ||
    !Array.isArray(m.intercept) ||
    m.nFeatures !== nFeatures ||
    m.coef.length !== nFeatures * m.intercept.length ||
    m.intercept.length === 0
  )
    throw invalid('warmStart', `must be a model fitted on ${nFeatures} features`);
  const K = m.intercept.length,
    given = v.finiteVector('warmStart', m.coef),
    coef = new Float64Array(given.length);
  for (let j = 0; j < nFeatures; j++) for (let k = 0; k < K; k++) coef[k * nFeatures + j] = given[j * K + k];
  return { coef, intercept: v.finiteVector('warmStart', m.intercept) };
}

export interface ModelMeta {
  loss: string;
  params: Model['params'];
  classes?: Label[];
  featureNames?: string[];
  offset?: boolean;
}

// A column-major rows × cols array as a row-major plain array, built by push: packed (a filled
// `new Array(n)` is a holey one, slower to build and to read).
export function rowMajor(colMajor: ArrayLike<number>, rows: number, cols: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push(colMajor[c * rows + r]);
  return out;
}

// A typed array's entries as a plain array (Array.from on a typed array takes V8's generic
// iteration, slower than this loop).
export function plainOf(a: ArrayLike<number>): number[] {
  return rowMajor(a, a.length, 1);
}

export function toModel(method: string, nFeatures: number, raw: RawFit, meta: ModelMeta): Model {
  if (raw.status === 'invalid-input') throw fromLibrary(raw);
  if (raw.status === 'aborted') throw new SupclustError('aborted', 'the fit was aborted');
  const K = raw.outputs ?? 1;
  const coef = rowMajor(raw.coef as Float64Array, nFeatures, K);
  // Centroids come column-major: groups × outputs, or for tasks Q × nFeatures.
  const kind: ModelKind = raw.kind === 'experts' || raw.kind === 'tasks' ? raw.kind : 'features';
  const cm = raw.centroids as Float64Array,
    C = kind === 'tasks' ? nFeatures : K,
    G = C > 0 ? cm.length / C : 0;
  const centroids = rowMajor(cm, G, C);
  // An experts model's gate comes column-major nFeatures × Q.
  const gateIntercept = raw.gateIntercept as Float64Array | undefined,
    Q = gateIntercept?.length ?? 0;
  const gate =
    kind === 'experts' && Q > 0
      ? { coef: rowMajor(raw.gateCoef as Float64Array, nFeatures, Q), intercept: plainOf(gateIntercept!) }
      : undefined;
  const variances = raw.variances as Float64Array | undefined;
  return {
    schemaVersion: MODEL_SCHEMA_VERSION,
    method,
    loss: meta.loss,
    params: meta.params,
    ...(meta.classes ? { classes: meta.classes } : {}),
    ...(meta.featureNames ? { featureNames: meta.featureNames } : {}),
    ...(meta.offset ? { offset: true } : {}),
    kind,
    nFeatures,
    outputs: K,
    coef,
    intercept: plainOf(raw.intercept as Float64Array),
    groups: plainOf(raw.groups as Int32Array),
    centroids,
    status: raw.status,
    message: raw.message,
    iterations: raw.iterations ?? 0,
    objective: raw.objective ?? NaN,
    history: plainOf(raw.history as Float64Array),
    warnings: raw.warnings ?? [],
    ...(raw.starts ? { starts: { count: raw.starts, atBest: raw.startsAtBest ?? 0 } } : {}),
    ...(gate ? { gate } : {}),
    ...(variances?.length ? { variances: plainOf(variances) } : {}),
    ...(Number.isFinite(raw.criterion) ? { criterion: raw.criterion } : {}),
  };
}
