// What a user writes, compiled by tests/web/types.test.ts with `tsc --strict`: every line of
// the first part must compile; every line marked @ts-expect-error must fail to (if one
// compiled, tsc would report the directive as unused and the test fails).
import { tableFromArrays } from 'apache-arrow';
import { DATASETS, datasetHelp, joinShards, load, loadPangLee, logGrid, mse, readTable, selectRows, splitRows, tableMatrix, tokenize, wordFrequencies, type CrossValidationResult, type Dataset, type DatasetInfo, type FitParams, type Model, type ShardPart } from 'supclust';

export async function correct(X: Float64Array, y: Float64Array, labels: string[]) {
  const sc = await load();
  const m: Model = await sc.fit('ihc', { X, nRows: 100, nCols: 10, y, Q: 5, lambda: 1e-2, init: 'zero' });
  await sc.fit('oracle', { X, nRows: 100, nCols: 10, y, groups: [0, 1, 1] });
  await sc.fit('lasso', { X, nRows: 100, nCols: 10, y: labels, loss: 'logistic', lambda: 0.1 });
  const params: FitParams<'oscar'> = { X, nRows: 100, y, lambda1: 1, lambda2: 0.1 };
  await sc.fit('oscar', params);
  await sc.crossValidate('ihc', { X, nRows: 100, y, Q: 5 }, { grid: { lambda: logGrid(1, 1e-4, 5) }, folds: 5 });
  const classes = await sc.predictClass(m, X, 100);
  const p: Float64Array = await sc.predictProba(m, X, 100);
  const experts = await sc.fit('experts-am', { X, nRows: 100, y, Q: 3 });
  await sc.predict(experts, X, 100);
  const each: { answers: Float64Array; gate: Float64Array } = await sc.expertAnswers(experts, X, 100);
  // Tables of named columns: Arrow's, an object of columns, row objects; y and weights by name.
  const arrow = tableFromArrays({ a: new Float64Array(3), b: new Int32Array(3), price: [1, 2, 3], kind: ['x', 'y', 'x'] });
  const fromArrow = await sc.fit('ridge', { X: arrow, y: 'price', featureNames: ['a', 'b'] });
  await sc.predict(fromArrow, arrow);
  await sc.score(fromArrow, arrow, 'price');
  await sc.fit('lasso', { X: { a: [1, 2, 3], w: new Float64Array(3), kind: ['x', 'y', 'x'] }, y: 'kind', weights: 'w', loss: 'logistic', lambda: 0.1 });
  interface Sale { a: number; price: number }
  const sales: Sale[] = [{ a: 1, price: 2 }, { a: 2, price: 3 }];
  await sc.predictClass(await sc.fit('ihc', { X: sales, y: 'price', Q: 1 }), sales);
  const classifying = await sc.fit('experts-am', { X, nRows: 100, y: labels, Q: 2, loss: 'ova-logistic' });
  const best: number | undefined = (await sc.expertError(classifying, X, labels, 100)).error;  // class labels of any values
  await sc.fit('tasks-ssc', { X, nRows: 3, y: [[1, 0], [0, 1], [1, 1]], loss: 'squared', Q: 2 });
  await sc.crossValidate('ridge', { X, nRows: 100, y }, { grid: { lambda: [1, 0.1] }, metric: 'mae' });
  await sc.experiment('e1-n', { reps: 1 });
  const held: Dataset = await sc.dataset(X, 100, 10);
  await sc.fit('lasso', { X: held, y, lambda: 0.1 });
  await sc.crossValidate('ihc', { X: held, y, Q: 5 }, { grid: { lambda: [1, 0.1] } });
  await sc.predict(m, held);
  const path = await sc.path('lasso', { X: held, y });
  const top: number = path.top;
  const chosen: Model = path.points[path.points.length - 1].model;
  await sc.path('ihc', { X, nRows: 100, y, lambda: 1e-3 }, { over: 'Q', values: [1, 2, 3] });
  const stable = await sc.stability('ihc', { X, nRows: 100, y, Q: 5 }, { resamples: 10 });
  const consensus: number[] = stable.consensus;
  held.dispose();
  // The suggested weights spread into the fit they are for (docs/api.md).
  const start = sc.suggest('gflasso', { X, nRows: 100, y });
  const lambda2: number = start.lambda2;
  await sc.fit('gflasso', { X, nRows: 100, y, ...start });
  const pangLee: DatasetInfo = DATASETS['pang-lee'];
  const help: string = datasetHelp('pang-lee');
  // One's own table, a split and a metric; a sharded cross-validation joined.
  const t = tableMatrix(readTable('a,b,y\n1,2,3\n4,5,6\n'), { target: 'y' });
  const { train, test } = splitRows(t.nRows, { test: 0.5, seed: 2 });
  const fitted = await sc.fit('ridge', { X: selectRows(t.X, train, t.nCols), nRows: train.length, nCols: t.nCols, y: selectRows(t.y as Float64Array, train) as Float64Array });
  const error: number = mse(selectRows(t.y as Float64Array, test) as Float64Array, await sc.predict(fitted, selectRows(t.X, test, t.nCols), test.length));
  const part = await sc.crossValidate('ridge', { X, nRows: 100, y }, { grid: { lambda: [1] }, shardIndex: 0, shardCount: 2 });
  const parts: ShardPart[] = 'units' in part ? [part] : [];
  const joined: CrossValidationResult = await sc.crossValidate('ridge', { X, nRows: 100, y }, { grid: { lambda: [1] }, ...joinShards(parts) });
  const saved: Model = JSON.parse(JSON.stringify(m));
  await sc.predictProba(saved, X, 100);
  const words: string[] = tokenize('a text') ;
  const f = wordFrequencies(['one text', 'another one'], { words: 10, minDocuments: 1 });
  return [classes, p, words, f.vocabulary, loadPangLee, lambda2, pangLee, help, top, chosen, consensus];
}

export async function mistakes(X: Float64Array, y: Float64Array) {
  const sc = await load();
  const held = await sc.dataset(X, 100, 10);
  // @ts-expect-error: gflasso's suggestion holds lambda2 alone
  sc.suggest('gflasso', { X, nRows: 100, y }).lambda1;
  // @ts-expect-error: a dataset is not made from a dataset
  await sc.dataset(held);
  // @ts-expect-error: a dataset's sizes are read, not written
  held.nRows = 5;
  // @ts-expect-error: a table's target is named by its column's name
  await sc.fit('ridge', { X: { a: [1, 2] }, y: 0 });
  // @ts-expect-error: no such method
  await sc.fit('ihcc', { X, nRows: 100, y, Q: 5 });
  // @ts-expect-error: misspelt option
  await sc.fit('ihc', { X, nRows: 100, y, Q: 5, lamda: 0.1 });
  // @ts-expect-error: Q is a number
  await sc.fit('ihc', { X, nRows: 100, y, Q: '5' });
  // @ts-expect-error: no such loss
  await sc.fit('ihc', { X, nRows: 100, y, Q: 5, loss: 'logstic' });
  // @ts-expect-error: Q is required by ihc
  await sc.fit('ihc', { X, nRows: 100, y });
  // @ts-expect-error: ridge has no Q
  await sc.fit('ridge', { X, nRows: 100, y, Q: 5 });
  // @ts-expect-error: the grid searches numeric options of the method only
  await sc.crossValidate('ihc', { X, nRows: 100, y, Q: 5 }, { grid: { lambda1: [1] } });
  // @ts-expect-error: init is one of its choices
  await sc.fit('ihc', { X, nRows: 100, y, Q: 5, init: 'random' });
  // @ts-expect-error: X is required
  await sc.fit('lsk', { nRows: 100, y, Q: 5 });
  // @ts-expect-error: only the clustered-tasks methods take K targets per row
  await sc.fit('ihc', { X, nRows: 2, y: [[1, 0], [0, 1]], Q: 2 });
  // @ts-expect-error: no such metric
  await sc.crossValidate('ridge', { X, nRows: 100, y }, { grid: { lambda: [1] }, metric: 'mze' });
  // @ts-expect-error: no such table
  await sc.experiment('e1-x');
  // @ts-expect-error: glmnet's spelling is not ours
  await sc.path('lasso', { X, nRows: 100, y }, { nlambda: 10 });
  // @ts-expect-error: expertAnswers gives { answers, gate }, not the answers alone
  const flat: Float64Array = await sc.expertAnswers(await sc.fit('experts-em', { X, nRows: 100, y, Q: 2 }), X, 100);
  // @ts-expect-error: no such stability setting
  await sc.stability('ihc', { X, nRows: 100, y, Q: 5 }, { samples: 10 });
  // @ts-expect-error: a shard's call may return its part, not the whole result
  const whole: CrossValidationResult = await sc.crossValidate('ridge', { X, nRows: 100, y }, { grid: { lambda: [1] }, shardIndex: 1, shardCount: 2 });
}
