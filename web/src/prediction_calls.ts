// Predicting with a model: scores, experts' answers and errors, a metric's score, class
// probabilities and classes — computed by the module from the model's arrays.
import { fromLibrary, invalid } from './errors.js';
import { isRefusal } from './protocol.js';
import type { DataInput, ExpertError, Label, Model, PredictOptions, Supclust } from './types.js';
import { classIndicesOf } from './targets.js';
import { offsetOf, scored, type Session } from './session.js';
import * as v from './validate.js';

export function predictionCalls(
  session: Session,
): Pick<Supclust, 'predict' | 'expertAnswers' | 'expertError' | 'score' | 'predictProba' | 'predictClass'> {
  return {
    async predict(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions) {
      session.live();
      return (await session.answer(model, session.modelArrays(model), X, nRows, nCols, 'scores', undefined, options)).values!;
    },

    async expertAnswers(model: Model, X: DataInput, nRows?: number, nCols?: number) {
      session.live();
      const m = session.modelArrays(model);
      if (model.kind !== 'experts')
        throw invalid('model', `expertAnswers needs a model of kind 'experts' (this one is '${String(model.kind ?? 'features')}')`);
      const raw = await session.answer(model, m, X, nRows, nCols, 'answers');
      return { answers: raw.values!, gate: raw.gate! };
    },

    async expertError(model: Model, given: DataInput, column: ArrayLike<Label> | string, rowCount?: number, colCount?: number) {
      session.live();
      const m = session.modelArrays(model);
      const { X, y, nRows, nCols } = scored<ArrayLike<Label>>(model, given, column, rowCount, colCount);
      if (model.kind !== 'experts')
        throw invalid('model', `expertError needs a model of kind 'experts' (this one is '${String(model.kind ?? 'features')}')`);
      const targets = (): Float64Array => {
        // Its length is the library's to check (after X's columns).
        if (!Array.isArray(model.classes)) return v.finiteVector('y', y);
        return classIndicesOf(model.classes, y); // classifying experts
      };
      const raw = await session.answer(model, m, X, nRows, nCols, 'experts', targets);
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
      session.live();
      const m = session.modelArrays(model);
      const { X, y, nRows, nCols } = scored<ArrayLike<Label> | ArrayLike<number>[]>(model, given, column, rowCount, colCount);
      if (metric !== undefined && typeof metric !== 'string')
        throw invalid('metric', `must be the name of a metric (got ${v.describe(metric)})`);
      const { matrix, wire } = session.predictionInput(m, X, nRows, nCols, model.featureNames);
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
      const raw = await session.call({
        op: 'score',
        model: session.predictorOf(model, m),
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
      session.live();
      const m = session.modelArrays(model);
      if (model.loss !== 'logistic' && model.loss !== 'ova-logistic' && model.loss !== 'multinomial')
        throw invalid(
          'model',
          `predictProba needs a model fitted with a logistic or the multinomial loss (this one has loss '${String(model.loss)}')`,
        );
      return (await session.answer(model, m, X, nRows, nCols, 'probabilities', undefined, options)).values!;
    },

    async predictClass(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions) {
      session.live();
      const m = session.modelArrays(model);
      if (!Array.isArray(model.classes) || model.classes.length < 2)
        throw invalid(
          'model',
          'predictClass needs a classifier (a model fitted with a logistic or ova-* loss on class labels, which has classes; a model of K 0/1 targets gives predictProba)',
        );
      const classes = model.classes;
      return Array.from((await session.answer(model, m, X, nRows, nCols, 'classes', undefined, options)).classes!, (k) => classes[k]);
    },
  };
}
