// Model selection: cross-validation over a grid, the regularisation path, and stability over
// subsamples — each, with shardCount, a shard's part for joinShards.
import { SupclustError, fromLibrary, invalid } from './errors.js';
import type { CallMatrix, RawCrossValidation, RawPath, RawStability } from './protocol.js';
import type {
  CrossValidationControl,
  CrossValidationOptions,
  CrossValidationResult,
  FitParams,
  PathOptions,
  PathResult,
  ShardPart,
  StabilityResult,
  StabilitySettings,
  Supclust,
} from './types.js';
import { plainOf, toModel } from './raw_model.js';
import type { Session } from './session.js';
import * as v from './validate.js';
import { callHash } from './shards.js';

export function selectionCalls(session: Session): Pick<Supclust, 'crossValidate' | 'path' | 'stability'> {
  return { ...crossValidateCall(session), ...pathCall(session), ...stabilityCall(session) };
}

function crossValidateCall(session: Session): Pick<Supclust, 'crossValidate'> {
  return {
    async crossValidate(method, params, cvOptions: CrossValidationOptions, given?: CrossValidationControl): Promise<never> {
      const control = v.control<CrossValidationControl>(given);
      if (cvOptions == null || typeof cvOptions !== 'object') throw invalid('options', 'must be an object with a grid');
      const settingNames = session.info.requests.crossValidation.map((o) => o.name); // as the library declares them
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
      const { X, wire, y, weights, offset, options, data, meta } = session.fitInputs(method, params as FitParams);
      const grid = cvOptions.grid as Record<string, ArrayLike<number>>;
      if (grid == null || typeof grid !== 'object' || Object.keys(grid).length === 0)
        throw invalid('grid', 'must map at least one option name to a list of values');
      const gridNames = Object.keys(grid);
      const gridValues = gridNames.map((name) => v.finiteVector(`grid.${name}`, grid[name]));
      // The library checks the settings and fills their defaults.
      const settings = cvOptions as unknown as Record<string, unknown>;
      const cv = v.options(
        { ...Object.fromEntries(settingNames.map((name) => [name, settings[name]])), threads },
        session.info.requests.crossValidation,
      );
      const onProgress = control.onProgress;
      const raw = (await session.call(
        {
          op: 'crossValidate',
          method,
          ...data,
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
  };
}

function pathCall(session: Session): Pick<Supclust, 'path'> {
  return {
    async path(method, params, pathOptions: PathOptions = {}, given?: CrossValidationControl) {
      const control = v.control<CrossValidationControl>(given);
      if (pathOptions == null || typeof pathOptions !== 'object' || Array.isArray(pathOptions))
        throw invalid('options', 'must be an object');
      const settingNames = session.info.requests.path.map((o) => o.name); // as the library declares them
      v.knownKeys('options', pathOptions, ['lambda', 'over', 'values', ...settingNames]);
      if ((params as FitParams)?.warmStart !== undefined)
        throw invalid('warmStart', 'path takes no warm start (each point starts from the one before, or as the method does)');
      const over = pathOptions.over;
      if (over !== undefined && typeof over !== 'string')
        throw invalid('over', `must be the name of a count option (got ${v.describe(over)})`);
      if (over === undefined && pathOptions.values !== undefined)
        throw invalid('values', 'is the sequence of a path over a count (give over), else give lambda');
      if (over !== undefined && pathOptions.lambda !== undefined) throw invalid('lambda', `a path over ${over} takes values, not lambda`);
      const { X, wire, y, weights, offset, options, data, meta } = session.fitInputs(method, params as FitParams);
      const sequenceGiven = over === undefined ? pathOptions.lambda : pathOptions.values;
      const sequence =
        sequenceGiven === undefined ? new Float64Array(0) : v.finiteVector(over === undefined ? 'lambda' : 'values', sequenceGiven);
      const settings = pathOptions as unknown as Record<string, unknown>;
      const checked = v.options(Object.fromEntries(settingNames.map((name) => [name, settings[name]])), session.info.requests.path);
      const onProgress = control.onProgress;
      const raw = (await session.call(
        {
          op: 'path',
          method,
          ...data,
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
  };
}

function stabilityCall(session: Session): Pick<Supclust, 'stability'> {
  return {
    async stability(method, params, stabilityOptions: StabilitySettings = {}, given?: CrossValidationControl): Promise<never> {
      const control = v.control<CrossValidationControl>(given);
      if (stabilityOptions == null || typeof stabilityOptions !== 'object' || Array.isArray(stabilityOptions))
        throw invalid('options', 'must be an object');
      const settingNames = session.info.requests.stability.map((o) => o.name); // as the library declares them
      v.knownKeys('options', stabilityOptions, settingNames);
      if ((params as FitParams)?.warmStart !== undefined)
        throw invalid('warmStart', 'stability takes no warm start (each subsample is fitted as a fit would)');
      const { X, wire, y, weights, offset, options, data } = session.fitInputs(method, params as FitParams);
      const settings = v.options(stabilityOptions as Record<string, unknown>, session.info.requests.stability);
      const onProgress = control.onProgress;
      const raw = (await session.call(
        { op: 'stability', method, ...data, settings },
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
  };
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
