// The public API object, independent of where the module runs: validates every input, builds
// a request for the backend, and turns raw results into plain, JSON-safe values.
import { SupclustError, fromLibrary, invalid } from './errors.js';
import type { Backend } from './module.js';
import {
  isRefusal,
  type CallMatrix,
  type ExperimentRequest,
  type RawAnswers,
  type RawCrossValidation,
  type RawExperiment,
  type RawFit,
  type RawPath,
  type RawStability,
  type Request,
  type WarmStartWire,
} from './protocol.js';
import { Datasets, isDataset, ownCopy } from './dataset.js';
import { columnMatrix, columnNumbers, isColumnTable } from './columns.js';
import { MODEL_SCHEMA_VERSION } from './types.js';
import type {
  CallControl,
  DataInput,
  CrossValidationControl,
  ShardPart,
  ExpertError,
  CrossValidationOptions,
  CrossValidationResult,
  PathOptions,
  PathResult,
  StabilityResult,
  StabilitySettings,
  Dataset,
  ExperimentData,
  ExperimentOptions,
  ExperimentResult,
  GeneratorName,
  GeneratorOptions,
  FitParams,
  Info,
  KMeans1DResult,
  Label,
  MatrixInput,
  LossInfo,
  MethodInfo,
  MethodKinds,
  MethodName,
  Model,
  ModelKind,
  SparseGroupsResult,
  Supclust,
  SyntheticData,
  PredictOptions,
} from './types.js';
import { modelArrays as checkedArrays, vocabularyOf, type ModelArrays } from './model_arrays.js';
import * as v from './validate.js';
import { dataScales, logisticResiduals, suggestedValue } from './suggest.js';
import { VERSION } from './version.js';
import { hashOfData } from './merge.js';
import { callHash } from './shards.js';

/** What a prediction asks of a model. */
type PredictorAnswer = Extract<Request, { op: 'predict' }>['answer'];

const DATA_FIELDS = new Set(['X', 'nRows', 'nCols', 'y', 'yCols', 'weights', 'offset', 'warmStart', 'featureNames']);

export function createSupclust(backend: Backend, info: Info): Supclust {
  const methodNames = info.methods.map((m) => m.name as string);
  let disposed = false;
  const datasets = new Datasets((id) => backend.release(id));

  /** X as a call reads it: a held dataset's matrix and id, or the given arrays validated (`scanEntries`:
   * see v.matrix; false for the calls whose X the library checks). */
  function matrixOf(X: MatrixInput | Dataset, nRows?: number, nCols?: number, scanEntries = true): { matrix: v.Matrix; wire: CallMatrix } {
    if (isDataset(X)) {
      const { id, matrix } = datasets.lookup('X', X, nRows, nCols);
      return { matrix, wire: id };
    }
    const matrix = v.matrix('X', X, nRows, nCols, scanEntries);
    return { matrix, wire: v.wire(matrix) };
  }

  // A model's arrays, checked, and its kind, loss and classes against the library's declarations.
  const vocabulary = vocabularyOf(info);
  const modelArrays = (model: Model) => checkedArrays(model, vocabulary);

  // X for a prediction or a score: flat arrays without sizes take the model's feature count as
  // columns; the entries checked here (the library's prediction reads them as they come).
  // A table of named columns gives the model's features by name (every column for a model
  // without featureNames).
  function predictionInput(
    m: ModelArrays,
    X: DataInput,
    nRows?: number,
    nCols?: number,
    names?: readonly string[],
  ): { matrix: v.Matrix; wire: CallMatrix } {
    if (isColumnTable(X)) {
      sizesFromTable(nRows, nCols);
      const t = columnMatrix(X, { features: names, featuresField: 'X' });
      return predictionInput(m, t.X, t.nRows, t.nCols);
    }
    const rows = isDataset(X) || v.isRowList(X);
    const input = matrixOf(X, nRows, nCols ?? (rows || nRows !== undefined ? undefined : m.nFeatures));
    if (!isDataset(X)) checkMemory('X', `a ${input.matrix.nRows} × ${input.matrix.nCols} X`, 8 * v.designDoubles(input.matrix));
    return input;
  }

  function sizesFromTable(nRows: unknown, nCols: unknown) {
    if (nRows !== undefined) throw invalid('nRows', 'is read from the table of columns X: leave it out');
    if (nCols !== undefined) throw invalid('nCols', 'is read from the table of columns X: leave it out');
  }

  /** Params whose X is a table of named columns as the arrays a call reads (X then a matrix):
   * the features by featureNames (default: every column but y's and weights'), y and weights by
   * column name. */
  function fromTable<
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
  function scored<Y>(model: Model, X: DataInput, y: Y | string, nRows?: number, nCols?: number) {
    if (typeof y !== 'string') return { X, y: y as Y, nRows, nCols };
    if (!isColumnTable(X)) throw invalid('y', `names a column ('${y}'), which needs X as a table of named columns`);
    sizesFromTable(nRows, nCols);
    const t = columnMatrix(X, { features: model.featureNames, featuresField: 'X', target: y });
    return { X: t.X, y: t.y as unknown as Y, nRows: t.nRows, nCols: t.nCols };
  }

  // A model's answer on X, computed by the module (metrics/prediction.cpp, the one place
  // predictions are made); `y`, the experts' targets (class indices for classifying experts).
  async function answer(
    model: Model,
    m: ModelArrays,
    X: DataInput,
    nRows: number | undefined,
    nCols: number | undefined,
    what: PredictorAnswer,
    y?: () => Float64Array,
    options?: PredictOptions,
  ): Promise<RawAnswers> {
    const { matrix, wire } = predictionInput(m, X, nRows, nCols, model.featureNames);
    const predictor = predictorOf(model, m);
    const raw = await call({
      op: 'predict',
      model: predictor,
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

  // A model as the module reads it for a prediction or a score.
  function predictorOf(model: Model, m: ModelArrays) {
    return {
      kind: String(model.kind ?? 'features'),
      coef: m.coef,
      intercept: m.intercept,
      loss: model.loss === undefined ? '' : String(model.loss),
      classes: Array.isArray(model.classes) ? model.classes.length : 0,
      oneVsAll: info.losses.some((l) => l.name === model.loss && l.oneVsAll),
      gateCoef: m.gateCoef,
      gateIntercept: m.gateIntercept,
      offset: model.offset === true,
    };
  }

  // A prediction's row offsets (options.offset), as the request carries them: numbers here, their
  // presence against the model's the library's.
  // With X a table of named columns, the offset may name one of its columns.
  function offsetOf(options: PredictOptions | undefined, n: number, X?: DataInput): { offset?: Float64Array } {
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

  // Every call of a disposed instance is refused, those answered here (suggest) too.
  function live() {
    if (disposed) throw new SupclustError('disposed', 'this supclust instance was disposed; call load() again');
  }

  async function call(request: Request, signal?: AbortSignal, onProgress?: (a: number, b: number) => void): Promise<unknown> {
    live();
    if (signal?.aborted) throw new SupclustError('aborted', 'aborted before it started');
    return backend.call(request, { signal, onProgress });
  }

  /** Refuses data whose arrays alone would not fit in the module's memory, before they are copied
   * there (the library estimates what each call needs beyond them, and refuses by field). */
  function checkMemory(field: string, what: string, bytes: number) {
    if (bytes > 0.9 * info.addressableBytes)
      throw invalid(
        field,
        `${what} needs about ${gigabytes(bytes)} GB; a wasm32 module can address ${gigabytes(info.addressableBytes)} GB`,
      );
  }

  // The loss a call reads: the method's default, or a given name among its choices — checked
  // here, in the library's words (options.cpp), because the targets are read by it before the
  // library sees the options.
  function lossOf(method: string, spec: MethodInfo, given: unknown): LossInfo {
    const lossSpec = spec.options.find((o) => o.name === 'loss');
    const choices = lossSpec?.choices ?? ['squared'];
    if (given !== undefined && !choices.includes(String(given)))
      throw invalid(
        'loss',
        `option 'loss' of method '${method}' must be one of ${choices.map((c) => `'${c}'`).join(', ')} (got '${String(given)}')`,
      );
    return info.losses.find((l) => l.name === String(given ?? lossSpec?.default ?? 'squared')) as LossInfo;
  }

  function fitInputs(method: unknown, given: FitParams) {
    if (typeof method !== 'string' || !methodNames.includes(method))
      throw invalid('method', `unknown method '${String(method)}' (known: ${methodNames.join(', ')})`);
    const spec = info.methods.find((m) => m.name === method) as MethodInfo;
    if (given == null || typeof given !== 'object') throw invalid('params', 'must be an object with X and y');
    if (given.X === undefined) throw invalid('X', 'is required');
    const params = fromTable(given);
    const { matrix: X, wire } = matrixOf(params.X as MatrixInput | Dataset, params.nRows, params.nCols, false);
    if (!isDataset(params.X)) checkMemory('X', `a ${X.nRows} × ${X.nCols} X`, 8 * v.designDoubles(X));
    const rest = Object.fromEntries(
      Object.keys(params)
        .filter((k) => !DATA_FIELDS.has(k))
        .map((k) => [k, (params as unknown as Record<string, unknown>)[k]]),
    );
    const options = v.options(rest, spec.options);
    const loss = lossOf(method, spec, options.loss);
    const { y, yCols, classes } = targetsOf(method, spec, loss, params, X.nRows);
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
      method: method as MethodName,
      X,
      wire,
      y,
      yCols,
      weights,
      offset,
      options,
      meta: { loss: loss.name, params: used, classes, featureNames, offset: offset !== undefined },
    };
  }

  return {
    info,

    // The kernels: arguments converted here (arrays to Float64Array, numbers as numbers), their
    // ranges checked by the library (kernels/*: checkKMeans1DCall, …), which names the argument.
    async kmeans1d(values, Q) {
      const u = v.finiteVector('values', values);
      return unwrap(await call({ op: 'kmeans1d', values: u, Q: v.number('Q', Q) })) as KMeans1DResult;
    },

    async projectSparseGroups(values, s, Q) {
      const u = v.finiteVector('values', values);
      return unwrap(await call({ op: 'projectSparseGroups', values: u, s: v.number('s', s), Q: v.number('Q', Q) })) as SparseGroupsResult;
    },

    async proxOwl(values, weights) {
      const u = v.finiteVector('values', values),
        w = v.finiteVector('weights', weights);
      return (unwrap(await call({ op: 'proxOwl', values: u, weights: w })) as { values: Float64Array }).values;
    },

    async proxCliqueFusion(values, lambda1, lambda2) {
      const u = v.finiteVector('values', values);
      return (
        unwrap(
          await call({ op: 'proxCliqueFusion', values: u, lambda1: v.number('lambda1', lambda1), lambda2: v.number('lambda2', lambda2) }),
        ) as { values: Float64Array }
      ).values;
    },

    async dataset(X, nRows, nCols) {
      live();
      if (isDataset(X)) throw invalid('X', 'is already a dataset');
      let matrix: v.Matrix;
      if (isColumnTable(X)) {
        sizesFromTable(nRows, nCols);
        const t = columnMatrix(X);
        matrix = { data: t.X, nRows: t.nRows, nCols: t.nCols };
      } else {
        matrix = ownCopy(v.matrix('X', X, nRows, nCols), X);
      }
      // X and its per-row and per-column vectors (means, moments, a CSR's column starts), as a fit counts them.
      checkMemory('X', `a ${matrix.nRows} × ${matrix.nCols} dataset`, 8 * (v.designDoubles(matrix) + 8 * (matrix.nRows + matrix.nCols)));
      const { handle, id } = datasets.create(matrix);
      backend.hold(id, { X: v.wire(matrix), nRows: matrix.nRows, nCols: matrix.nCols });
      const held = await call({ op: 'hold', dataset: id });
      if (isRefusal(held)) {
        handle.dispose();
        throw fromLibrary(held);
      }
      return handle;
    },

    async fit<M extends MethodName>(method: M, params: FitParams<M>, given?: CallControl) {
      const control = v.control<CallControl>(given);
      const { X, wire, y, yCols, weights, offset, options, meta } = fitInputs(method, params as FitParams);
      const warm = warmStartOf((params as FitParams).warmStart, X.nCols, (info.methods.find((m) => m.name === method) as MethodInfo).kind);
      const onProgress = control.onProgress;
      const raw = (await call(
        { op: 'fit', method, X: wire, nRows: X.nRows, nCols: X.nCols, y, yCols, weights, offset, options, warmStart: warm },
        control.signal,
        onProgress && ((iteration, objective) => onProgress({ iteration, objective })),
      )) as RawFit;
      // The library's kind of this method's models (info.methods[].kind, as MethodKinds declares).
      return toModel(method, X.nCols, raw, meta) as Model<MethodKinds[M]>;
    },

    suggest(method, params) {
      live();
      const spec = info.methods.find((m) => m.name === method);
      if (!spec) throw invalid('method', `unknown method '${String(method)}'`);
      if (params == null || typeof params !== 'object') throw invalid('params', 'must be an object with X and y');
      if ((params as FitParams).X === undefined) throw invalid('X', 'is required');
      const p = fromTable(params as FitParams);
      const X = matrixOf(p.X as MatrixInput | Dataset, p.nRows, p.nCols).matrix;
      const loss = lossOf(method, spec, (p as { loss?: unknown }).loss);
      const { y, yCols, classes } = targetsOf(method, spec, loss, p, X.nRows);
      // One-vs-all: each class's indicator is a target.
      const K = loss.oneVsAll ? classes!.length : yCols;
      const standardize = (p as { standardize?: unknown }).standardize ?? false;
      if (typeof standardize !== 'boolean') throw invalid('standardize', 'must be a boolean');
      const weights = p.weights === undefined ? undefined : v.observationWeights(p.weights, X.nRows);
      const intercept = (p as { intercept?: unknown }).intercept ?? true;
      if (typeof intercept !== 'boolean') throw invalid('intercept', 'must be a boolean');
      if (!intercept && (loss.oneVsAll || (loss.classification && !loss.binary)))
        throw invalid(
          'intercept',
          `false needs a loss with a reflected target (squared, logistic or hinge on two classes); '${loss.name}' has none`,
        );
      // Offsets: the squared loss's targets are y − o (the fit's); the logistic losses' gradient is
      // read at their null model with the offsets (its residuals, about 0); the fit refuses the others'.
      const offset = p.offset === undefined ? undefined : v.finiteVector('offset', p.offset, X.nRows);
      const given = loss.oneVsAll ? Float64Array.from({ length: X.nRows * K }, (_, t) => (y[Math.floor(t / K)] === t % K ? 1 : 0)) : y;
      if (offset && loss.classification && !loss.name.endsWith('logistic'))
        throw invalid('offset', `is not taken with the '${loss.name}' loss`);
      const residuals = offset !== undefined && loss.classification;
      const targets = residuals
        ? logisticResiduals(given, K, offset, weights, intercept)
        : offset
          ? Float64Array.from(y, (t, i) => t - offset[Math.floor(i / K)])
          : given;
      const origin = intercept ? undefined : { target: loss.classification && !residuals ? 0.5 : 0 };
      const scales = dataScales(X, targets, K, standardize, weights, origin);
      const out: Record<string, number> = {};
      for (const o of spec.options)
        if (o.suggested) {
          out[o.name] = suggestedValue(scales, o.degree ?? 1, o.suggested.factor, X.nCols, o.suggested.power);
          if (!Number.isFinite(out[o.name]))
            throw invalid(
              o.degree === 2 || scales.gradientUnit[0] >= scales.gradientUnit[1] ? 'X' : 'y', // the larger unit
              `the suggested ${o.name} is beyond the double range at this data's scale; rescale the data`,
            );
        }
      return out as never;
    },

    async crossValidate(method, params, cvOptions: CrossValidationOptions, given?: CrossValidationControl): Promise<never> {
      const control = v.control<CrossValidationControl>(given);
      if (cvOptions == null || typeof cvOptions !== 'object') throw invalid('options', 'must be an object with a grid');
      const settingNames = info.requests.crossValidation.map((o) => o.name); // as the library declares them
      v.knownKeys('options', cvOptions, ['grid', ...settingNames]);
      if ((params as FitParams)?.warmStart !== undefined)
        throw invalid(
          'warmStart',
          'crossValidate takes no warm start (each fold starts as the method does; a fit along the grid warm-starts itself where that cannot change the answer)',
        );
      for (const name of Object.keys((cvOptions.grid ?? {}) as object))
        if ((params as unknown as Record<string, unknown>)?.[name] !== undefined)
          throw invalid(name, `is given both as a fixed option and in the grid: give it in one place`);
      const threads = v.integer('threads', cvOptions.threads ?? 0, 0);
      const { X, wire, y, yCols, weights, offset, options, meta } = fitInputs(method, params as FitParams);
      const grid = cvOptions.grid as Record<string, ArrayLike<number>>;
      if (grid == null || typeof grid !== 'object' || Object.keys(grid).length === 0)
        throw invalid('grid', 'must map at least one option name to a list of values');
      const gridNames = Object.keys(grid);
      const gridValues = gridNames.map((name) => v.finiteVector(`grid.${name}`, grid[name]));
      // The library checks the settings and fills their defaults.
      const settings = cvOptions as unknown as Record<string, unknown>;
      const cv = v.options(
        { ...Object.fromEntries(settingNames.map((name) => [name, settings[name]])), threads },
        info.requests.crossValidation,
      );
      const onProgress = control.onProgress;
      const raw = (await call(
        {
          op: 'crossValidate',
          method,
          X: wire,
          nRows: X.nRows,
          nCols: X.nCols,
          y,
          yCols,
          weights,
          offset,
          options,
          grid: { names: gridNames, values: gridValues },
          settings: cv,
        },
        control.signal,
        onProgress && ((done, total) => onProgress({ done, total })),
      )) as RawCrossValidation;
      if (raw.status === 'invalid-input') throw fromLibrary(raw);
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the cross-validation was aborted');
      const pointParams = raw.grid!.map((g) => Object.fromEntries(gridNames.map((name, i) => [name, g.values[i]])));
      if ((cv.shardCount as number) > 1)
        // a shard's part: its folds' scores at every grid point
        return shardPart(
          'crossValidate',
          method,
          cv,
          wire,
          X,
          y,
          { options, weights, offset, grid: { names: gridNames, values: gridValues }, settings: cv },
          raw.grid![0].scores.length,
          (k) => foldScores(raw.grid!.map((g) => g.scores[k])),
        ) as never;
      const points = raw.grid!.map((g, p) => ({ params: pointParams[p], mean: g.mean, std: g.std, se: g.se, scores: plainOf(g.scores) }));
      const best = points[raw.best!].params;
      const oneSe = raw.best1se! >= 0 ? { best1se: points[raw.best1se!].params, best1seIndex: raw.best1se! } : {};
      const result: CrossValidationResult = {
        method,
        metric: raw.metric!,
        higherIsBetter: raw.higherIsBetter!,
        grid: points,
        best,
        bestIndex: raw.best!,
        ...oneSe,
        model: toModel(method, X.nCols, raw.model!, { ...meta, params: { ...meta.params, ...best } }),
      };
      return result as never;
    },

    async path(method, params, pathOptions: PathOptions = {}, given?: CrossValidationControl) {
      const control = v.control<CrossValidationControl>(given);
      if (pathOptions == null || typeof pathOptions !== 'object' || Array.isArray(pathOptions))
        throw invalid('options', 'must be an object');
      const settingNames = info.requests.path.map((o) => o.name); // as the library declares them
      v.knownKeys('options', pathOptions, ['lambda', 'over', 'values', ...settingNames]);
      if ((params as FitParams)?.warmStart !== undefined)
        throw invalid('warmStart', 'path takes no warm start (each point starts from the one before, or as the method does)');
      const over = pathOptions.over;
      if (over !== undefined && typeof over !== 'string')
        throw invalid('over', `must be the name of a count option (got ${v.describe(over)})`);
      if (over === undefined && pathOptions.values !== undefined)
        throw invalid('values', 'is the sequence of a path over a count (give over), else give lambda');
      if (over !== undefined && pathOptions.lambda !== undefined) throw invalid('lambda', `a path over ${over} takes values, not lambda`);
      const { X, wire, y, yCols, weights, offset, options, meta } = fitInputs(method, params as FitParams);
      const sequenceGiven = over === undefined ? pathOptions.lambda : pathOptions.values;
      const sequence =
        sequenceGiven === undefined ? new Float64Array(0) : v.finiteVector(over === undefined ? 'lambda' : 'values', sequenceGiven);
      const settings = pathOptions as unknown as Record<string, unknown>;
      const checked = v.options(Object.fromEntries(settingNames.map((name) => [name, settings[name]])), info.requests.path);
      const onProgress = control.onProgress;
      const raw = (await call(
        {
          op: 'path',
          method,
          X: wire,
          nRows: X.nRows,
          nCols: X.nCols,
          y,
          yCols,
          weights,
          offset,
          options,
          sequence,
          settings: checked,
          ...(over === undefined ? {} : { over }),
        },
        control.signal,
        onProgress && ((done, total) => onProgress({ done, total })),
      )) as RawPath;
      if (raw.status === 'invalid-input') throw fromLibrary(raw);
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the path was aborted');
      if ((checked.shardCount as number) > 1)
        // a shard's part: its folds' scores at every point of the path
        return shardPart(
          'path',
          method,
          checked,
          wire,
          X,
          y,
          { options, weights, offset, sequence, over, settings: checked },
          raw.folds!,
          (k) => foldScores(raw.points!.map((p) => p.cv!.scores[k])),
        ) as never;
      const names = raw.weights!;
      const result: PathResult = {
        method,
        weight: names[raw.weight!],
        ray: Object.fromEntries(names.map((name, i) => [name, raw.ray![i]])),
        top: raw.top!,
        topKind: raw.topKind!,
        stopped: raw.stopped as PathResult['stopped'],
        ...(raw.bestCriterion! >= 0 ? { bestCriterion: raw.bestCriterion } : {}),
        ...(raw.folds! > 0
          ? {
              crossValidation: {
                metric: raw.metric!,
                higherIsBetter: raw.higherIsBetter!,
                folds: raw.folds!,
                best: raw.best!,
                best1se: raw.best1se!,
              },
            }
          : {}),
        points: raw.points!.map((p) => {
          const weights = Object.fromEntries(names.map((name, i) => [name, p.weights[i]]));
          return {
            lambda: p.value,
            params: weights,
            devianceRatio: p.devianceRatio,
            nonZeros: p.nonZeros,
            groups: p.groups,
            ...(Number.isFinite(p.criterion) ? { criterion: p.criterion } : {}),
            model: toModel(method, X.nCols, p.model, { ...meta, params: { ...meta.params, ...weights } }),
            ...(p.cv ? { cv: { mean: p.cv.mean, std: p.cv.std, se: p.cv.se, scores: plainOf(p.cv.scores) } } : {}),
          };
        }),
      };
      return result as never;
    },

    async stability(method, params, stabilityOptions: StabilitySettings = {}, given?: CrossValidationControl): Promise<never> {
      const control = v.control<CrossValidationControl>(given);
      if (stabilityOptions == null || typeof stabilityOptions !== 'object' || Array.isArray(stabilityOptions))
        throw invalid('options', 'must be an object');
      const settingNames = info.requests.stability.map((o) => o.name); // as the library declares them
      v.knownKeys('options', stabilityOptions, settingNames);
      if ((params as FitParams)?.warmStart !== undefined)
        throw invalid('warmStart', 'stability takes no warm start (each subsample is fitted as a fit would)');
      const { X, wire, y, yCols, weights, offset, options } = fitInputs(method, params as FitParams);
      const settings = v.options(stabilityOptions as Record<string, unknown>, info.requests.stability);
      const onProgress = control.onProgress;
      const raw = (await call(
        { op: 'stability', method, X: wire, nRows: X.nRows, nCols: X.nCols, y, yCols, weights, offset, options, settings },
        control.signal,
        onProgress && ((done, total) => onProgress({ done, total })),
      )) as RawStability;
      if (raw.status === 'invalid-input') throw fromLibrary(raw);
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the stability run was aborted');
      if ((settings.shardCount as number) > 1) {
        // a shard's part: its resamples' partitions
        const d = X.nCols;
        return shardPart('stability', method, settings, wire, X, y, { options, weights, offset, settings }, raw.resamples!, (r) =>
          raw.partitions![r * d] < 0 ? null : Array.from(raw.partitions!.subarray(r * d, (r + 1) * d)),
        ) as never;
      }
      const pairs = raw.pairs!,
        result: StabilityResult = {
          method,
          resamples: raw.resamples!,
          rows: raw.rows!,
          selection: plainOf(raw.selection!),
          pairs: Array.from(pairs.i, (i, k) => ({ i, j: pairs.j[k], frequency: pairs.frequency[k] })),
          ...(raw.coGrouping!.length ? { coGrouping: plainOf(raw.coGrouping!) } : {}),
          consensus: plainOf(raw.consensus!),
        };
      return result as never;
    },

    async predict(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions) {
      live();
      return (await answer(model, modelArrays(model), X, nRows, nCols, 'scores', undefined, options)).values!;
    },

    async expertAnswers(model: Model, X: DataInput, nRows?: number, nCols?: number) {
      live();
      const m = modelArrays(model);
      if (model.kind !== 'experts')
        throw invalid('model', `expertAnswers needs a model of kind 'experts' (this one is '${String(model.kind ?? 'features')}')`);
      const raw = await answer(model, m, X, nRows, nCols, 'answers');
      return { answers: raw.values!, gate: raw.gate! };
    },

    async expertError(model: Model, given: DataInput, column: ArrayLike<Label> | string, rowCount?: number, colCount?: number) {
      live();
      const m = modelArrays(model);
      const { X, y, nRows, nCols } = scored<ArrayLike<Label>>(model, given, column, rowCount, colCount);
      if (model.kind !== 'experts')
        throw invalid('model', `expertError needs a model of kind 'experts' (this one is '${String(model.kind ?? 'features')}')`);
      const targets = (): Float64Array => {
        // Its length is the library's to check (after X's columns).
        if (!Array.isArray(model.classes)) return v.finiteVector('y', y);
        return classIndicesOf(model.classes, y); // classifying experts
      };
      const raw = await answer(model, m, X, nRows, nCols, 'experts', targets);
      const result: ExpertError = { mse: raw.mse!, expert: raw.expert!, prediction: raw.prediction! };
      return Array.isArray(model.classes) ? { ...result, error: raw.error! } : result;
    },

    async score(
      model: Model,
      given: DataInput,
      column: ArrayLike<Label> | ArrayLike<number>[] | string,
      metric?: string,
      rowCount?: number,
      colCount?: number,
      options?: PredictOptions,
    ) {
      live();
      const m = modelArrays(model);
      const { X, y, nRows, nCols } = scored<ArrayLike<Label> | ArrayLike<number>[]>(model, given, column, rowCount, colCount);
      if (metric !== undefined && typeof metric !== 'string')
        throw invalid('metric', `must be the name of a metric (got ${v.describe(metric)})`);
      const { matrix, wire } = predictionInput(m, X, nRows, nCols, model.featureNames);
      // The targets as the library reads them: a classifier's labels as its class indices; rows of
      // K targets flattened; a flat n × K for a model of K outputs.
      let targets: Float64Array,
        yCols = 1;
      if (Array.isArray(model.classes)) {
        targets = classIndicesOf(model.classes, y);
      } else if (Array.isArray(y) && y.length > 0 && typeof y[0] === 'object') {
        yCols = v.lengthOf('y[0]', y[0]);
        targets = v.finiteVector(
          'y',
          (y as ArrayLike<number>[]).flatMap((row) => Array.from(row)),
        );
      } else {
        targets = v.finiteVector('y', y as ArrayLike<number>);
        if (m.outputs > 1 && model.kind !== 'experts' && targets.length === matrix.nRows * m.outputs) yCols = m.outputs;
      }
      const raw = await call({
        op: 'score',
        model: predictorOf(model, m),
        metric: metric ?? '',
        X: wire,
        nRows: matrix.nRows,
        nCols: matrix.nCols,
        y: targets,
        yCols,
        ...offsetOf(options, matrix.nRows, given),
      });
      if (isRefusal(raw)) throw fromLibrary(raw);
      return (raw as { value: number }).value;
    },

    async predictProba(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions) {
      live();
      const m = modelArrays(model);
      if (model.loss !== 'logistic' && model.loss !== 'ova-logistic' && model.loss !== 'multinomial')
        throw invalid(
          'model',
          `predictProba needs a model fitted with a logistic or the multinomial loss (this one has loss '${String(model.loss)}')`,
        );
      return (await answer(model, m, X, nRows, nCols, 'probabilities', undefined, options)).values!;
    },

    async predictClass(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions) {
      live();
      const m = modelArrays(model);
      if (!Array.isArray(model.classes) || model.classes.length < 2)
        throw invalid(
          'model',
          'predictClass needs a classifier (a model fitted with a logistic or ova-* loss on class labels, which has classes; a model of K 0/1 targets gives predictProba)',
        );
      const classes = model.classes;
      return Array.from((await answer(model, m, X, nRows, nCols, 'classes', undefined, options)).classes!, (k) => classes[k]);
    },

    async generate(name, options: GeneratorOptions = {}) {
      const names = Object.keys(info.generators);
      if (typeof name !== 'string' || !names.includes(name))
        throw invalid('name', `unknown generator '${String(name)}' (known: ${names.join(', ')})`);
      if (options == null || typeof options !== 'object') throw invalid('options', 'must be an object');
      v.knownKeys('options', options, info.generators[name as GeneratorName]);
      // The library checks the values and fills the generator's defaults.
      const o = v.options(options as Record<string, unknown>, info.requests.generators[name as GeneratorName]);
      const raw = await call({ op: 'generate', name, options: o });
      if (isRefusal(raw)) throw fromLibrary(raw);
      return raw as unknown as SyntheticData;
    },

    async experiment(id, options: ExperimentOptions = {}, given?: CrossValidationControl) {
      const control = v.control<CrossValidationControl>(given);
      const table = info.experiments.find((e) => e.id === id);
      if (!table) throw invalid('id', `unknown experiment '${String(id)}' (known: ${info.experiments.map((e) => e.id).join(', ')})`);
      if (options == null || typeof options !== 'object') throw invalid('options', 'must be an object');
      v.knownKeys('options', options, ['data', 'reps', 'seed', 'fast', 'threads', 'methods', 'shard']);
      let shard: { index: number; count: number } | undefined;
      if (options.shard !== undefined) {
        if (options.shard == null || typeof options.shard !== 'object') throw invalid('shard', 'must be { index, count }');
        v.knownKeys('shard', options.shard, ['index', 'count']);
        const count = v.integer('shard.count', options.shard.count, 1);
        shard = { index: v.integer('shard.index', options.shard.index, 0, count - 1), count };
      }
      const methods = options.methods ?? [];
      if (!Array.isArray(methods) || methods.some((m) => !table.methods.includes(m)))
        throw invalid('methods', `must list rows of ${id} (${table.methods.join(', ')})`);
      let data: ExperimentRequest['data'];
      if (table.dataset && options.data == null) throw invalid('data', `table '${id}' needs the ${table.dataset} dataset (X and y)`);
      if (!table.dataset && options.data != null) throw invalid('data', `table '${id}' generates its own data; pass none`);
      if (options.data != null) {
        // Tables whose columns are datasets take a list, one per column.
        const perColumn = table.column === 'dataset';
        if (perColumn !== Array.isArray(options.data))
          throw invalid(
            'data',
            perColumn
              ? `table '${id}' needs a list of ${table.values.length} datasets, one per column`
              : `table '${id}' takes one dataset, not a list`,
          );
        // Each dataset's fields are named within data: data.X, data[1].y.
        const one = (d: ExperimentData, at: string) => {
          if (d == null || typeof d !== 'object') throw invalid(at, 'must be an object with X and y');
          const m = v.matrix(`${at}.X`, d.X, d.nRows, d.nCols);
          checkMemory(at, `a ${m.nRows} × ${m.nCols} dataset`, 8 * v.designDoubles(m) * (3 + 2 * Math.min(info.threads, 8)));
          return { X: v.wire(m), nRows: m.nRows, nCols: m.nCols, y: v.finiteVector(`${at}.y`, d.y, m.nRows) };
        };
        data = Array.isArray(options.data) ? options.data.map((d, k) => one(d, `data[${k}]`)) : one(options.data, 'data');
      }
      const dataHash = data === undefined ? '' : hashOfData(Array.isArray(data) ? data : [data]);
      // The library checks the settings and fills their defaults (reps: the table's).
      const { reps, seed, fast, threads } = options;
      const settings = v.options(
        { reps: reps ?? table.reps, seed, fast, threads, ...(shard ? { shardIndex: shard.index, shardCount: shard.count } : {}) },
        info.requests.experiment,
      );
      const request: ExperimentRequest = { id, data, methods, settings };
      const onProgress = control.onProgress;
      const raw = (await call(
        { op: 'experiment', ...request },
        control.signal,
        onProgress && ((done, total) => onProgress({ done, total })),
      )) as RawExperiment;
      if (raw.status === 'invalid-input') throw fromLibrary(raw);
      if (raw.status === 'aborted') throw new SupclustError('aborted', 'the experiment was aborted');
      const result: ExperimentResult = {
        id,
        title: table.title,
        source: table.source,
        metric: table.metric,
        scale: table.scale,
        column: table.column,
        ...columnsOf(table),
        reps: raw.reps!,
        seconds: raw.seconds!,
        seed: raw.seed!,
        fast: raw.fast!,
        version: VERSION,
        dataHash,
        tasks: Array.from(raw.tasks!),
        totalTasks: raw.totalTasks!,
        ...(shard ? { shard } : {}),
        rows: raw.rows!.map((r) => ({
          method: r.method,
          msPerFit: r.msPerFit,
          cells: r.cells.map((c) => ({ mean: c.mean, std: c.std, values: Array.from(c.values) })),
          ...(r.paper.length ? { paper: r.paper.map((p) => ({ mean: p.mean, std: p.std })) } : {}),
        })),
      };
      return result;
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      backend.dispose();
    },
  };
}

// The columns of a table: one per metric (column 'metric'), one per value, or — a table with
// metrics and another column — every metric for each value, value-major. columnMetrics names
// each column's metric.
function columnsOf(table: { column: string; metric: string; values: ArrayLike<number>; metrics: ArrayLike<string> }): {
  columns: number[];
  columnLabels: string[];
  columnMetrics: string[];
} {
  const values = Array.from(table.values),
    metrics = Array.from(table.metrics);
  if (table.column === 'metric') return { columns: values, columnLabels: metrics, columnMetrics: metrics };
  if (metrics.length === 0)
    return { columns: values, columnLabels: values.map((v) => `${table.column} = ${v}`), columnMetrics: values.map(() => table.metric) };
  return {
    columns: values.flatMap((v) => metrics.map(() => v)),
    columnLabels: values.flatMap((v) => metrics.map((m) => `${table.column} = ${v} ${m}`)),
    columnMetrics: values.flatMap(() => metrics),
  };
}

const gigabytes = (bytes: number) => String(Number((bytes / 2 ** 30).toPrecision(3)));

// A kernel's result, or its refusal as a SupclustError.
function unwrap(raw: unknown): unknown {
  if (isRefusal(raw)) throw fromLibrary(raw);
  return raw;
}

// The targets as the library reads them: class labels mapped to 0..K−1 for the classification
// losses; finite numbers otherwise; or, for the clustered-tasks methods, K targets per row (rows
// of y, or yCols) with the 'squared' (real) or 'logistic' (0/1) loss, one task per column.
function targetsOf(
  method: string,
  spec: MethodInfo,
  loss: LossInfo,
  params: FitParams,
  n: number,
): { y: Float64Array; yCols: number; classes?: Label[] } {
  const rows = Array.isArray(params.y) && Array.isArray(params.y[0]);
  if (!rows && (params.yCols === undefined || params.yCols === 1)) {
    if (loss.classification) return { ...classLabels(params.y, n, loss), yCols: 1 };
    return { y: v.finiteVector('y', params.y, n), yCols: 1 };
  }
  if (spec.kind !== 'tasks')
    throw invalid('y', `several targets per row are read by the clustered-tasks methods only; method '${method}' takes one target per row`);
  if (loss.oneVsAll)
    throw invalid('loss', `'${loss.name}' reads one class label per row of y; with several targets per row use 'squared' or 'logistic'`);
  const t = v.targetRows(params.y, n, params.yCols);
  if (loss.binary)
    for (let i = 0; i < t.data.length; i++)
      if (t.data[i] !== 0 && t.data[i] !== 1)
        throw invalid('y', `must hold 0 or 1 for the logistic loss (row ${Math.floor(i / t.cols)}, column ${i % t.cols} is ${t.data[i]})`);
  return { y: t.data, yCols: t.cols };
}

// Class labels → 0..K−1 (sorted: numbers ascending, strings by code units), as the library
// reads classification targets. The logistic and hinge losses need two classes, one-vs-all at
// least two.
function classLabels(y: unknown, n: number, loss: LossInfo): { y: Float64Array; classes: Label[] } {
  const len = v.lengthOf('y', y);
  if (len !== n) throw invalid('y', `must have ${n} entries, one per row of X (got ${len})`);
  const a = y as ArrayLike<unknown>;
  const kind = typeof a[0];
  if (kind !== 'number' && kind !== 'string') throw invalid('y', `must hold class labels, numbers or strings (entry 0 is ${String(a[0])})`);
  const seen = new Set<Label>();
  for (let i = 0; i < n; i++) {
    const x = a[i];
    if (typeof x !== kind)
      throw invalid(
        'y',
        `must hold labels of one type (entry 0 is a ${kind}, entry ${i} is ${typeof x === 'string' ? `'${x}'` : String(x)})`,
      );
    if (kind === 'number' && !Number.isFinite(x as number)) throw invalid('y', `must be finite (entry ${i} is ${String(x)})`);
    seen.add(x as Label);
  }
  const classes = [...seen].sort((p, q) => (kind === 'number' ? (p as number) - (q as number) : p < q ? -1 : p > q ? 1 : 0));
  if (classes.length < 2)
    throw invalid('y', `needs at least two classes for a classifier (found only the class ${v.describe(classes[0])})`);
  if (loss.binary && classes.length !== 2)
    throw invalid(
      'y',
      `has ${classes.length} classes; the '${loss.name}' loss is binary${loss.name === 'logistic' ? " (use 'ova-logistic' for more)" : ''}`,
    );
  const index = new Map<Label, number>(classes.map((c, k) => [c, k]));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = index.get(a[i] as Label)!;
  return { y: out, classes };
}

// A model's labels y as its class indices (its length is the library's to check), refused naming y
// at the first label the model does not know.
function classIndicesOf(classes: readonly Label[], y: unknown): Float64Array {
  const index = new Map<Label, number>(classes.map((c, k) => [c, k]));
  const labels = y as ArrayLike<Label>;
  return Float64Array.from({ length: v.lengthOf('y', y) }, (_, i) => {
    const k = index.get(labels[i]);
    if (k === undefined) throw invalid('y', `entry ${i} (${String(labels[i])}) is not one of the model's classes`);
    return k;
  });
}

// A previous model as the starting point: its coefficients column-major (as wasm reads them).
function warmStartOf(model: unknown, nFeatures: number, kind: ModelKind): WarmStartWire | undefined {
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

interface ModelMeta {
  loss: string;
  params: Model['params'];
  classes?: Label[];
  featureNames?: string[];
  offset?: boolean;
}

// A column-major rows × cols array as a row-major plain array, built by push: packed (a filled
// `new Array(n)` is a holey one, slower to build and to read).
function rowMajor(colMajor: ArrayLike<number>, rows: number, cols: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push(colMajor[c * rows + r]);
  return out;
}

/** A shard's part: each unit's results as the module gave them, null for the units it left to
 * other shards (`unit(k)` reads unit k's results from the raw answer, null when it has none). */
function shardPart(
  kind: ShardPart['kind'],
  method: string,
  settings: Record<string, unknown>,
  wire: CallMatrix,
  X: v.Matrix,
  y: ArrayLike<number>,
  decided: Record<string, unknown>,
  units: number,
  unit: (k: number) => number[] | null,
): ShardPart {
  return {
    kind,
    method,
    call: callHash(kind, method, wire, X.nRows, X.nCols, y, decided),
    shard: { index: (settings.shardIndex as number | undefined) ?? 0, count: settings.shardCount as number },
    units: Array.from({ length: units }, (_, k) => unit(k)),
  };
}

/** A fold's scores at every point, or null when the module left the fold to another shard (NaN). */
const foldScores = (scores: number[]) => (scores.every(Number.isNaN) ? null : scores);

// A typed array's entries as a plain array (Array.from on a typed array takes V8's generic
// iteration, slower than this loop).
function plainOf(a: ArrayLike<number>): number[] {
  return rowMajor(a, a.length, 1);
}

function toModel(method: string, nFeatures: number, raw: RawFit, meta: ModelMeta): Model {
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
