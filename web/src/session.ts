// One instance's state — its backend, the library's declarations, its datasets, whether it was
// disposed — and the input handling every call shares: X as a call reads it (arrays, a held
// dataset or a table of named columns), a fit's inputs checked and built into a request, a
// model's answer on X, and the request's round trip.
import { SupclustError, fromLibrary, invalid } from './errors.js';
import type { Backend } from './module.js';
import { isRefusal, type CallMatrix, type RawAnswers, type Request } from './protocol.js';
import { Datasets, isDataset } from './dataset.js';
import { columnMatrix, columnNumbers, isColumnTable } from './columns.js';
import type { DataInput, Dataset, FitParams, Info, LossInfo, MatrixInput, MethodInfo, MethodName, Model, PredictOptions } from './types.js';
import { modelArrays as checkedArrays, vocabularyOf, type ModelArrays } from './model_arrays.js';
import { targetsOf } from './targets.js';
import * as v from './validate.js';

/** What a prediction asks of a model. */
type PredictorAnswer = Extract<Request, { op: 'predict' }>['answer'];

const DATA_FIELDS = new Set(['X', 'nRows', 'nCols', 'y', 'yCols', 'weights', 'offset', 'warmStart', 'featureNames']);

const gigabytes = (bytes: number) => String(Number((bytes / 2 ** 30).toPrecision(3)));

export class Session {
  readonly datasets: Datasets;
  private readonly methodNames: string[];
  private readonly vocabulary: ReturnType<typeof vocabularyOf>;
  private disposed = false;

  constructor(
    readonly backend: Backend,
    readonly info: Info,
  ) {
    this.methodNames = info.methods.map((m) => m.name as string);
    this.datasets = new Datasets((id) => backend.release(id));
    this.vocabulary = vocabularyOf(info);
  }

  /** Every call of a disposed instance is refused, those answered here (suggest) too. */
  live() {
    if (this.disposed) throw new SupclustError('disposed', 'this supclust instance was disposed; call load() again');
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.backend.dispose();
  }

  async call(request: Request, signal?: AbortSignal, onProgress?: (a: number, b: number) => void): Promise<unknown> {
    this.live();
    if (signal?.aborted) throw new SupclustError('aborted', 'aborted before it started');
    return this.backend.call(request, { signal, onProgress });
  }

  /** Refuses data whose arrays alone would not fit in the module's memory, before they are copied
   * there (the library estimates what each call needs beyond them, and refuses by field). */
  checkMemory(field: string, what: string, bytes: number) {
    if (bytes > 0.9 * this.info.addressableBytes)
      throw invalid(
        field,
        `${what} needs about ${gigabytes(bytes)} GB; a wasm32 module can address ${gigabytes(this.info.addressableBytes)} GB`,
      );
  }

  /** A method's declaration, the method refused by name when the library has none. */
  methodInfo(method: unknown): MethodInfo {
    if (typeof method !== 'string' || !this.methodNames.includes(method))
      throw invalid('method', `unknown method '${String(method)}' (known: ${this.methodNames.join(', ')})`);
    return this.info.methods.find((m) => m.name === method) as MethodInfo;
  }

  /** A model's arrays, checked, and its kind, loss and classes against the library's declarations. */
  modelArrays(model: Model): ModelArrays {
    return checkedArrays(model, this.vocabulary);
  }

  /** X as a call reads it: a held dataset's matrix and id, or the given arrays validated (`scanEntries`:
   * see v.matrix; false for the calls whose X the library checks). */
  matrixOf(X: MatrixInput | Dataset, nRows?: number, nCols?: number, scanEntries = true): { matrix: v.Matrix; wire: CallMatrix } {
    if (isDataset(X)) {
      const { id, matrix } = this.datasets.lookup('X', X, nRows, nCols);
      return { matrix, wire: id };
    }
    const matrix = v.matrix('X', X, nRows, nCols, scanEntries);
    return { matrix, wire: v.wire(matrix) };
  }

  /** X for a prediction or a score: flat arrays without sizes take the model's feature count as
   * columns; the entries checked here (the library's prediction reads them as they come).
   * A table of named columns gives the model's features by name (every column for a model
   * without featureNames). */
  predictionInput(
    m: ModelArrays,
    X: DataInput,
    nRows?: number,
    nCols?: number,
    names?: readonly string[],
  ): { matrix: v.Matrix; wire: CallMatrix } {
    if (isColumnTable(X)) {
      sizesFromTable(nRows, nCols);
      const t = columnMatrix(X, { features: names, featuresField: 'X' });
      return this.predictionInput(m, t.X, t.nRows, t.nCols);
    }
    const rows = isDataset(X) || v.isRowList(X);
    const input = this.matrixOf(X, nRows, nCols ?? (rows || nRows !== undefined ? undefined : m.nFeatures));
    if (!isDataset(X)) this.checkMemory('X', `a ${input.matrix.nRows} × ${input.matrix.nCols} X`, 8 * v.designDoubles(input.matrix));
    return input;
  }

  /** A model's answer on X, computed by the module (metrics/prediction.cpp, the one place
   * predictions are made); `y`, the experts' targets (class indices for classifying experts). */
  async answer(
    model: Model,
    m: ModelArrays,
    X: DataInput,
    nRows: number | undefined,
    nCols: number | undefined,
    what: PredictorAnswer,
    y?: () => Float64Array,
    options?: PredictOptions,
  ): Promise<RawAnswers> {
    const { matrix, wire } = this.predictionInput(m, X, nRows, nCols, model.featureNames);
    const raw = await this.call({
      op: 'predict',
      model: this.predictorOf(model, m),
      answer: what,
      X: wire,
      nRows: matrix.nRows,
      nCols: matrix.nCols,
      ...(y ? { y: y() } : {}),
      ...offsetOf(options, matrix.nRows, X),
    });
    if (isRefusal(raw)) throw fromLibrary(raw);
    return raw as RawAnswers;
  }

  /** A model as the module reads it for a prediction or a score. */
  predictorOf(model: Model, m: ModelArrays) {
    return {
      kind: String(model.kind ?? 'features'),
      coef: m.coef,
      intercept: m.intercept,
      loss: model.loss === undefined ? '' : String(model.loss),
      classes: Array.isArray(model.classes) ? model.classes.length : 0,
      oneVsAll: this.info.losses.some((l) => l.name === model.loss && l.oneVsAll),
      gateCoef: m.gateCoef,
      gateIntercept: m.gateIntercept,
      offset: model.offset === true,
    };
  }

  /** The loss a call reads: the method's default, or a given name among its choices — checked
   * here, in the library's words (options.cpp), because the targets are read by it before the
   * library sees the options. */
  lossOf(method: string, spec: MethodInfo, given: unknown): LossInfo {
    const lossSpec = spec.options.find((o) => o.name === 'loss');
    const choices = lossSpec?.choices ?? ['squared'];
    if (given !== undefined && !choices.includes(String(given)))
      throw invalid(
        'loss',
        `option 'loss' of method '${method}' must be one of ${choices.map((c) => `'${c}'`).join(', ')} (got '${String(given)}')`,
      );
    return this.info.losses.find((l) => l.name === String(given ?? lossSpec?.default ?? 'squared')) as LossInfo;
  }

  /** A fit's inputs as its request carries them (fit, crossValidate, path and stability read
   * these): X, the targets, weights, offsets, the method's options, and what the model records. */
  fitInputs(method: unknown, given: FitParams) {
    const spec = this.methodInfo(method);
    if (given == null || typeof given !== 'object') throw invalid('params', 'must be an object with X and y');
    if (given.X === undefined) throw invalid('X', 'is required');
    const params = fromTable(given);
    const { matrix: X, wire } = this.matrixOf(params.X as MatrixInput | Dataset, params.nRows, params.nCols, false);
    if (!isDataset(params.X)) this.checkMemory('X', `a ${X.nRows} × ${X.nCols} X`, 8 * v.designDoubles(X));
    const rest = Object.fromEntries(
      Object.keys(params)
        .filter((k) => !DATA_FIELDS.has(k))
        .map((k) => [k, (params as unknown as Record<string, unknown>)[k]]),
    );
    const options = v.options(rest, spec.options);
    const loss = this.lossOf(spec.name, spec, options.loss);
    const { y, yCols, classes } = targetsOf(spec.name, spec, loss, params, X.nRows);
    // Observation weights: numbers here, their range and the method's taking them the library's.
    const weights = params.weights === undefined ? undefined : v.finiteVector('weights', params.weights, X.nRows);
    // Row offsets: numbers here, the losses and methods taking them the library's.
    const offset = params.offset === undefined ? undefined : v.finiteVector('offset', params.offset, X.nRows);
    const featureNames =
      params.featureNames === undefined ? undefined : v.strings('featureNames', params.featureNames, X.nCols, 'column of X');
    const used: Model['params'] = {};
    for (const o of spec.options) {
      const given = options[o.name];
      if (given instanceof Int32Array && o.kind === 'edges')
        used[o.name] = Array.from({ length: given.length / 2 }, (_, e) => [given[2 * e], given[2 * e + 1]]);
      else if (given instanceof Int32Array || given instanceof Float64Array) used[o.name] = Array.from(given);
      else if (given !== undefined) used[o.name] = given;
      else if (o.default !== undefined) used[o.name] = o.default;
    }
    return {
      method: spec.name as MethodName,
      X,
      wire,
      y,
      yCols,
      weights,
      offset,
      options,
      /** The fields every request on a fit's data carries, as the module reads them. */
      data: { X: wire, nRows: X.nRows, nCols: X.nCols, y, yCols, weights, offset, options },
      meta: { loss: loss.name, params: used, classes, featureNames, offset: offset !== undefined },
    };
  }
}

/** Refuses nRows and nCols beside a table of named columns, which gives both. */
export function sizesFromTable(nRows: unknown, nCols: unknown) {
  if (nRows !== undefined) throw invalid('nRows', 'is read from the table of columns X: leave it out');
  if (nCols !== undefined) throw invalid('nCols', 'is read from the table of columns X: leave it out');
}

/** Params whose X is a table of named columns as the arrays a call reads (X then a matrix):
 * the features by featureNames (default: every column but y's and weights'), y and weights by
 * column name. */
export function fromTable<
  P extends {
    X: unknown;
    y?: unknown;
    weights?: unknown;
    offset?: unknown;
    featureNames?: readonly string[];
    nRows?: number;
    nCols?: number;
  },
>(params: P): P {
  const column = (f: 'y' | 'weights' | 'offset') => (typeof params[f] === 'string' ? (params[f] as string) : undefined);
  if (!isColumnTable(params.X)) {
    for (const f of ['y', 'weights', 'offset'] as const)
      if (column(f) !== undefined) throw invalid(f, `names a column ('${column(f)}'), which needs X as a table of named columns`);
    return params;
  }
  sizesFromTable(params.nRows, params.nCols);
  const t = columnMatrix(params.X, {
    features: params.featureNames,
    target: column('y'),
    weights: column('weights'),
    offset: column('offset'),
  });
  return {
    ...params,
    X: t.X,
    nRows: t.nRows,
    nCols: t.nCols,
    featureNames: t.featureNames,
    y: t.y ?? params.y,
    weights: t.weights ?? params.weights,
    offset: t.offset ?? params.offset,
  };
}

/** A score's or expertError's X and y, y possibly a column of the table X. */
export function scored<Y>(model: Model, X: DataInput, y: Y | string, nRows?: number, nCols?: number) {
  if (typeof y !== 'string') return { X, y: y as Y, nRows, nCols };
  if (!isColumnTable(X)) throw invalid('y', `names a column ('${y}'), which needs X as a table of named columns`);
  sizesFromTable(nRows, nCols);
  const t = columnMatrix(X, { features: model.featureNames, featuresField: 'X', target: y });
  return { X: t.X, y: t.y as unknown as Y, nRows: t.nRows, nCols: t.nCols };
}

/** A prediction's row offsets (options.offset), as the request carries them: numbers here, their
 * presence against the model's the library's. With X a table of named columns, the offset may
 * name one of its columns. */
export function offsetOf(options: PredictOptions | undefined, n: number, X?: DataInput): { offset?: Float64Array } {
  if (options === undefined) return {};
  if (options == null || typeof options !== 'object')
    throw invalid('options', `must be an object such as { offset } (got ${v.describe(options)})`);
  v.knownKeys('options', options, ['offset']);
  if (typeof options.offset === 'string') {
    if (!isColumnTable(X)) throw invalid('offset', `names a column ('${options.offset}'), which needs X as a table of named columns`);
    return { offset: columnNumbers(X, options.offset, 'offset') };
  }
  return options.offset === undefined ? {} : { offset: v.finiteVector('offset', options.offset, n) };
}

/** A kernel's or a call's result, or its refusal as a SupclustError. */
export function unwrap(raw: unknown): unknown {
  if (isRefusal(raw)) throw fromLibrary(raw);
  return raw;
}
