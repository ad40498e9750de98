// Fitting: holding a dataset in the module, a fit, and the weights suggested from the data's scales.
import { fromLibrary, invalid } from './errors.js';
import { isRefusal, type RawFit } from './protocol.js';
import { isDataset, ownCopy } from './dataset.js';
import { columnMatrix, isColumnTable } from './columns.js';
import type { CallControl, Dataset, FitParams, MatrixInput, MethodKinds, MethodName, Model, Supclust } from './types.js';
import { toModel, warmStartOf } from './raw_model.js';
import { targetsOf } from './targets.js';
import { fromTable, sizesFromTable, type Session } from './session.js';
import * as v from './validate.js';
import { dataScales, logisticResiduals, suggestedValue } from './suggest.js';

export function fitCalls(session: Session): Pick<Supclust, 'dataset' | 'fit' | 'suggest'> {
  return {
    async dataset(X, nRows, nCols) {
      session.live();
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
      session.checkMemory(
        'X',
        `a ${matrix.nRows} × ${matrix.nCols} dataset`,
        8 * (v.designDoubles(matrix) + 8 * (matrix.nRows + matrix.nCols)),
      );
      const { handle, id } = session.datasets.create(matrix);
      session.backend.hold(id, { X: v.wire(matrix), nRows: matrix.nRows, nCols: matrix.nCols });
      const held = await session.call({ op: 'hold', dataset: id });
      if (isRefusal(held)) {
        handle.dispose();
        throw fromLibrary(held);
      }
      return handle;
    },

    async fit<M extends MethodName>(method: M, params: FitParams<M>, given?: CallControl) {
      const control = v.control<CallControl>(given);
      const { X, data, meta } = session.fitInputs(method, params as FitParams);
      const warm = warmStartOf((params as FitParams).warmStart, X.nCols, session.methodInfo(method).kind);
      const onProgress = control.onProgress;
      const raw = (await session.call(
        { op: 'fit', method, ...data, warmStart: warm },
        control.signal,
        onProgress && ((iteration, objective) => onProgress({ iteration, objective })),
      )) as RawFit;
      // The library's kind of this method's models (info.methods[].kind, as MethodKinds declares).
      return toModel(method, X.nCols, raw, meta) as Model<MethodKinds[M]>;
    },

    suggest(method, params) {
      session.live();
      const spec = session.methodInfo(method);
      if (params == null || typeof params !== 'object') throw invalid('params', 'must be an object with X and y');
      if ((params as FitParams).X === undefined) throw invalid('X', 'is required');
      const p = fromTable(params as FitParams);
      const X = session.matrixOf(p.X as MatrixInput | Dataset, p.nRows, p.nCols).matrix;
      const loss = session.lossOf(method, spec, (p as { loss?: unknown }).loss);
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
  };
}
