// One's own table from the command line: fit (with a held-out test share or a cross-validated
// penalty), predict from a saved model, cv over a grid, a regularisation path and stability —
// each the API call of the same name on the table's columns (readTable, tableMatrix). The
// method's options are flags generated from its declaration (info.methods[].options), the
// call's settings from info.requests.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  accuracy,
  auc,
  describeColumns,
  joinShards,
  load,
  logGrid,
  mse,
  r2,
  readTable,
  selectRows,
  splitRows,
  SupclustError,
  tableMatrix,
} from '../../dist/node/index.js';
import { invalid, numberFlag, optionFlags, optionHelp, optionValues, shardFlag, UsageError } from './args.mjs';
import { progress } from './progress.mjs';

/** The flags every command on a table takes. */
const TABLE_FLAGS = {
  target: { type: 'string' },
  weights: { type: 'string' },
  offset: { type: 'string' },
  drop: { type: 'string', multiple: true },
  features: { type: 'string' },
  delimiter: { type: 'string' },
  decimal: { type: 'string' },
  'skip-missing': { type: 'boolean' },
  json: { type: 'boolean' },
};
const TABLE_HELP = `  the table: CSV or TSV with a header row (separator guessed among , ; tab |), or JSON rows
    --target COLUMN                    the column to predict (numbers: regression; labels: classes)
    --weights COLUMN                   observation weights (≥ 0): row i counts w_i times (the methods
                                       with weights in supclust list --json; not a feature)
    --offset COLUMN                    row offsets added to every score, a known part the fit does not
                                       estimate (glmnet's offset; not a feature); predict then needs one
    --drop COLUMN[,COLUMN…]            columns left out of the features (repeatable)
    --features A,B,…                   the feature columns (default: all but the target and --drop)
    --delimiter C                      the separator, when the guess is wrong
    --decimal ,                        numbers written with a decimal comma (3,5); default '.'
    --skip-missing                     leave out rows with a missing cell (default: refused, naming it)
    --json                             print the result as JSON (stdout) instead of text`;

/** The method's flags, and its options' names renamed where a setting of the call shadows them. */
export function methodFlags(info, method, settings = []) {
  const m = info.methods.find((x) => x.name === method);
  if (!m) throw new SupclustError('invalid-input', `--method: unknown method '${method}' (supclust list names them)`, 'method');
  const shadowed = new Set(settings.map((o) => o.name));
  const rename = (name) => (shadowed.has(name) ? `fit-${name}` : name);
  return { method: m, rename, flags: { ...optionFlags(m.options, rename), ...optionFlags(settings) } };
}

export function methodHelp(info, method, settings = []) {
  const { method: m, rename } = methodFlags(info, method, settings);
  return (
    `  ${m.name}'s options (${m.summary}):\n${optionHelp(m.options, rename)}` +
    (settings.length ? `\n  the call's settings:\n${optionHelp(settings)}` : '')
  );
}

function readTableFile(file, flags) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SupclustError('invalid-input', `${file}: cannot read it (${e.code ?? e.message})`, 'table');
  }
  try {
    return readTable(text, flags.delimiter ? { delimiter: flags.delimiter === 'tab' ? '\t' : flags.delimiter } : {});
  } catch (e) {
    if (e instanceof SupclustError) throw new SupclustError('invalid-input', `${file}: ${e.message}`, e.field);
    throw e;
  }
}

/** A table refusal of the API in the command line's words: a flag's own refusal with its flag,
 * a cell's prefixed by the file, with the flags that help (`missing`: what replaces the API's
 * advice for a missing cell). */
function inFlags(e, file, missing) {
  if (!(e instanceof SupclustError)) return e;
  if (['target', 'weights', 'offset', 'drop', 'features', 'decimal'].includes(e.field) && e.message.startsWith(`${e.field}:`))
    return new SupclustError(e.code, `--${e.message}`, e.field);
  const words = e.message
    .replace(missing[0], missing[1])
    .replace('(drop the column to leave it out)', `(--drop ${e.field} leaves it out)`)
    .replace("with decimal: ','", 'with --decimal ,');
  return new SupclustError(e.code, `${file}: ${words}`, e.field);
}

const listFlag = (values) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** The table's design matrix and the fit's data, with notes on columns that look wrong. */
function tableData(file, flags, { target = true } = {}) {
  if (target && !flags.target) throw new UsageError('--target COLUMN is required (the column to predict)');
  const table = readTableFile(file, flags);
  let m;
  try {
    m = tableMatrix(table, {
      target: target ? flags.target : undefined,
      weights: flags.weights,
      offset: flags.offset,
      drop: listFlag(flags.drop),
      features: flags.features ? listFlag([flags.features]) : undefined,
      missing: flags['skip-missing'] ? 'skip' : 'error',
      decimal: flags.decimal ?? '.',
    });
  } catch (e) {
    throw inFlags(e, file, ["(missing: 'skip')", '(--skip-missing)']);
  }
  const notes = [];
  if (m.skipped) notes.push(`${m.skipped} of ${table.rows.length} rows left out for a missing cell (--skip-missing)`);
  for (const c of describeColumns(table, { decimal: flags.decimal ?? '.' }).filter((c) => m.featureNames.includes(c.name))) {
    if (c.rowId) notes.push(`column '${c.name}' counts the rows 1, 2, …: an identifier? --drop ${c.name}`);
    else if (c.constant) notes.push(`column '${c.name}' is constant: it cannot inform the fit`);
  }
  return { file, table, m, notes, weights: flags.weights, offset: flags.offset };
}

/** The fit's parameters: the table's X and y, the method's flags, and for a target of labels a
 * classifier's loss when none is given (two labels: logistic; more: multinomial where the method
 * offers it, else one-vs-all logistic). */
function fitParams(info, method, flags, data, settings = []) {
  const { method: m, rename } = methodFlags(info, method, settings);
  const params = {
    X: data.m.X,
    nRows: data.m.nRows,
    nCols: data.m.nCols,
    y: data.m.y,
    featureNames: data.m.featureNames,
    ...(data.m.weights ? { weights: data.m.weights } : {}),
    ...(data.m.offset ? { offset: data.m.offset } : {}),
    ...optionValues(m.options, flags, data.m.featureNames, rename),
  };
  if (!(data.m.y instanceof Float64Array) && params.loss === undefined) {
    const loss = m.options.find((o) => o.name === 'loss');
    const labels = new Set(data.m.y).size,
      want = labels === 2 ? ['logistic', 'hinge', 'ova-logistic'] : ['multinomial', 'ova-logistic', 'ova-hinge', 'ova-squared'];
    const chosen = want.find((l) => loss?.choices?.includes(l));
    if (!chosen)
      throw invalid('target', `'${flags.target}' holds labels (${labels} classes) and ${method} has no classifier loss for them`);
    params.loss = chosen;
    data.notes.push(`target '${flags.target}' holds ${labels} labels: loss ${chosen} (give --loss to choose)`);
  }
  return params;
}

const number = (v) =>
  Number.isInteger(v)
    ? String(v)
    : Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-3)
      ? v.toExponential(4)
      : v.toPrecision(6).replace(/\.?0+$/, '');
const cell = (v) => (typeof v === 'string' && /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));
const csvText = (header, rows) => [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';

/** The model's feature names (x1, x2, … when it was fitted without). */
const namesOf = (model) => model.featureNames ?? Array.from({ length: model.nFeatures }, (_, j) => `x${j + 1}`);
/** A model of groups of features (not experts or tasks; models saved before kinds had none). */
const ofFeatures = (model) => model.kind !== 'experts' && model.kind !== 'tasks';

/** The model's answers' columns: coef (one output), each class's, each expert's. */
function outputLabels(model) {
  if (model.kind === 'experts') return Array.from({ length: model.outputs }, (_, q) => `expert_${q + 1}`);
  if (model.outputs === 1) return ['coef'];
  return Array.from({ length: model.outputs }, (_, k) => `coef_${model.classes?.[k] ?? k + 1}`);
}

/** Features models: the features by group (model.groups, values model.centroids: on the
 * standardized columns when fitted with standardize). Group g is model.groups' g − 1 (the values
 * ascend); listed from the largest value down. */
export function featureGroups(model) {
  const K = model.outputs,
    names = namesOf(model);
  const G = model.centroids.length / K;
  const groups = Array.from({ length: G }, (_, g) => ({ group: g + 1, value: model.centroids.slice(g * K, (g + 1) * K), features: [] }));
  model.groups.forEach((g, j) => groups[g].features.push(names[j]));
  return groups.filter((g) => g.features.length).reverse();
}

/** The coefficients table: a row per feature (with its group for features models) and the intercept. */
function coefTable(model) {
  const names = namesOf(model),
    K = model.outputs,
    features = ofFeatures(model);
  const gate = model.gate?.coef.length ? Array.from({ length: model.gate.intercept.length }, (_, q) => `gate_${q + 1}`) : [];
  const header = ['feature', ...(features ? ['group'] : []), ...outputLabels(model), ...gate];
  const rows = names.map((f, j) => [
    f,
    ...(features ? [model.groups[j] + 1] : []),
    ...model.coef.slice(j * K, (j + 1) * K),
    ...gate.map((_, q) => model.gate.coef[j * gate.length + q]),
  ]);
  rows.push(['(intercept)', ...(features ? [''] : []), ...model.intercept, ...(gate.length ? model.gate.intercept : [])]);
  return { header, rows };
}

/** The model in words: status, the chosen values, the groups (or experts, or task clusters). */
function describeModel(model) {
  const lines = [
    `${model.status}${model.iterations ? ` after ${model.iterations} iteration${model.iterations === 1 ? '' : 's'}` : ''} · objective ${number(model.objective)}`,
  ];
  for (const w of model.warnings ?? []) lines.push(`warning: ${w}`);
  const shown = Object.entries(model.params).filter(
    ([k, v]) => typeof v === 'number' && ['lambda', 'Q', 's', 'gamma', 'alpha', 'lambda1', 'lambda2', 'centres', 'gateLambda'].includes(k),
  );
  if (shown.length) lines.push(shown.map(([k, v]) => `${k} = ${number(v)}`).join(', '));
  if (model.kind === 'experts') {
    const { header, rows } = coefTable(model);
    lines.push(
      `${model.outputs} experts; training rows per expert: ${Array.from({ length: model.outputs }, (_, q) => model.groups.filter((g) => g === q).length).join(', ')}`,
    );
    lines.push(table([header, ...rows.map((r) => r.map((v) => (typeof v === 'number' ? number(v) : v)))]));
  } else if (model.kind === 'tasks') {
    const clusters = new Map();
    model.groups.forEach((q, k) => {
      if (!clusters.has(q)) clusters.set(q, []);
      clusters.get(q).push(String(model.classes?.[k] ?? k + 1));
    });
    lines.push(
      `${model.outputs} tasks in ${clusters.size} clusters:`,
      ...[...clusters.values()].map((ts, i) => `  cluster ${i + 1}: ${ts.join(', ')}`),
    );
  } else {
    if (model.classes)
      lines.push(
        model.outputs === 1
          ? `classes ${model.classes.join(', ')}: the coefficients score '${model.classes[1]}'`
          : `classes ${model.classes.join(', ')}: one column of values per class, in that order`,
      );
    lines.push(`intercept ${model.intercept.map(number).join(', ')}`);
    const groups = featureGroups(model);
    const scale = model.params.standardize ? ' (standardized)' : '';
    lines.push(
      table([
        [
          'group',
          `${model.outputs === 1 ? 'value' : `values (${model.classes ? model.classes.join(', ') : 'per output'})`}${scale}`,
          'size',
          'features',
        ],
        ...groups.map((g) => [String(g.group), g.value.map(number).join(', '), String(g.features.length), g.features.join(', ')]),
      ]),
    );
  }
  return lines.join('\n');
}

/** The path's point a rule chooses: cross-validated, the one-standard-error choice (1se) or the
 * best mean (min); else the least EBIC, or the last point. */
function chosenPoint(path, rule) {
  const cv = path.crossValidation;
  return cv ? (rule === '1se' ? cv.best1se : cv.best) : (path.bestCriterion ?? path.points.length - 1);
}

/** A cross-validated path whose best mean is at its last point: the best may lie beyond it. */
function pathEdgeNote(path) {
  const cv = path.crossValidation;
  if (!cv || path.points.length < 3 || cv.best !== path.points.length - 1) return undefined;
  return (
    `the best mean is at the path's last point (${path.weight} = ${number(path.points[cv.best].lambda)}${path.stopped ? `, where it stopped early: ${path.stopped}` : ''}): ` +
    `a smaller ${path.weight} may score better — supclust path --lambdaMinRatio (default 1e-4 or 1e-2 of the top), or supclust cv --grid ${path.weight}=…`
  );
}

/** Left-aligned columns, the last one free. */
function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r) =>
      r
        .map((v, c) => (c === r.length - 1 ? String(v) : String(v).padEnd(widths[c] + 2)))
        .join('')
        .trimEnd(),
    )
    .join('\n');
}

/** Held-out scores: mse and r2 for regression; error, accuracy and (two classes) auc for classes;
 * each row counted by its weight when the table has weights, its offset added when it has offsets. */
async function testScores(sc, model, { X, nRows, y, weights, offset }) {
  const given = offset ? { offset } : undefined;
  if (!model.classes) {
    const p = await sc.predict(model, X, nRows, model.nFeatures, given);
    if (p.length !== nRows) return { mse: await sc.score(model, X, y, 'mse', nRows, model.nFeatures, given) };
    return { mse: mse(y, p, weights), r2: r2(y, p, weights) };
  }
  const predicted = await sc.predictClass(model, X, nRows, model.nFeatures, given),
    out = { accuracy: accuracy(y, predicted, weights) };
  if (model.classes.length === 2 && model.loss !== 'hinge')
    out.auc = auc(
      y,
      (await sc.predictProba(model, X, nRows, model.nFeatures, given)).filter((_, t) => t % 2 === 1),
      undefined,
      weights,
    );
  return out;
}

function write(file, text, what) {
  writeFileSync(file, text);
  process.stderr.write(`${what} → ${file}\n`);
}

function saveOutputs(flags, model) {
  if (flags.out) write(flags.out, JSON.stringify(model, null, 1), 'model');
  if (flags.coef) {
    const { header, rows } = coefTable(model);
    write(flags.coef, csvText(header, rows), 'coefficients');
  }
}

const heading = (method, data, params) =>
  `${method} on ${data.file}: ${data.m.nRows} rows × ${data.m.nCols} features, target '${data.m.target}'${params.loss ? ` (loss ${params.loss})` : ''}` +
  (data.weights ? `, rows weighted by '${data.weights}'` : '') +
  (data.offset ? `, offsets '${data.offset}'` : '');

const MODEL_FLAGS = { method: { type: 'string' }, out: { type: 'string' }, coef: { type: 'string' } };

export const fit = {
  defaultMethod: 'ihc',
  summary: 'fit a method to a table: its groups, status and (--cv) its chosen penalty; the model and coefficients to files',
  usage: `supclust fit <table> --target COLUMN [--method M] [method options: --Q 3 --lambda 0.1 …]
                    [--cv [--folds 5] [--rule 1se|min] [--metric M]] [--test SHARE [--split-seed S]]
                    [--out model.json] [--coef coef.csv] [--json]`,
  help: `${TABLE_HELP}
  the fit:
    --method M                         a method of supclust list (default ihc)
    --cv                               choose the method's penalty weight by cross-validating its path
    --folds N, --rule 1se|min, --metric M   the cross-validation's folds (5), choice (1se: the simplest
                                       point within one standard error of the best) and score
    --test SHARE                       hold out this share of the rows (or a count), fit on the rest and
                                       score the held-out rows (classes: stratified)
    --split-seed S                     the held-out rows' seed (default 1)
    --out FILE, --coef FILE            the model as JSON (supclust predict reads it); its coefficients as CSV
  supclust fit --help --method M lists M's options.`,
  options: {
    ...TABLE_FLAGS,
    ...MODEL_FLAGS,
    cv: { type: 'boolean' },
    folds: { type: 'string' },
    rule: { type: 'string' },
    metric: { type: 'string' },
    test: { type: 'string' },
    'split-seed': { type: 'string' },
  },
  methodOptions: () => [],
  positionals: 1,
  async run(flags, [file], sc) {
    const method = flags.method ?? fit.defaultMethod,
      data = tableData(file, flags);
    const params = fitParams(sc.info, method, flags, data);
    let train = params,
      held;
    if (flags.test !== undefined) {
      const labels = data.m.y instanceof Float64Array ? undefined : data.m.y;
      const split = splitRows(data.m.nRows, {
        test: numberFlag(flags, 'test'),
        seed: numberFlag(flags, 'split-seed') ?? 1,
        stratify: labels,
      });
      train = {
        ...params,
        X: selectRows(data.m.X, split.train, data.m.nCols),
        y: selectRows(data.m.y, split.train),
        nRows: split.train.length,
        ...(data.m.weights ? { weights: selectRows(data.m.weights, split.train) } : {}),
        ...(data.m.offset ? { offset: selectRows(data.m.offset, split.train) } : {}),
      };
      held = {
        X: selectRows(data.m.X, split.test, data.m.nCols),
        y: Array.from(selectRows(data.m.y, split.test)),
        nRows: split.test.length,
        rows: split.test.map((i) => data.m.rows[i]),
        weights: data.m.weights && selectRows(data.m.weights, split.test),
        offset: data.m.offset && selectRows(data.m.offset, split.test),
      };
    }
    let model, chosen;
    if (flags.cv) {
      const bar = progress('path points');
      const rule = ruleFlag(flags);
      const path = await sc.path(
        method,
        train,
        { folds: numberFlag(flags, 'folds') ?? 5, ...(flags.metric ? { metric: flags.metric } : {}) },
        { onProgress: bar.onProgress },
      );
      const cv = path.crossValidation,
        point = path.points[chosenPoint(path, rule)];
      model = point.model;
      chosen = {
        rule,
        weight: path.weight,
        value: point.lambda,
        metric: cv.metric,
        folds: cv.folds,
        mean: point.cv.mean,
        se: point.cv.se,
        best: { value: path.points[cv.best].lambda, mean: path.points[cv.best].cv.mean },
      };
      const edge = pathEdgeNote(path);
      if (edge) data.notes.push(edge);
      bar.end(`${path.points.length} path points × ${cv.folds} folds`);
    } else model = await sc.fit(method, train);
    const test = held && { rows: held.nRows, ...(await testScores(sc, model, held)) };
    saveOutputs(flags, model);
    if (flags.json) {
      console.log(
        JSON.stringify(
          {
            method,
            file,
            rows: data.m.nRows,
            features: data.m.featureNames,
            target: data.m.target,
            notes: data.notes,
            ...(chosen ? { cv: chosen } : {}),
            ...(test ? { test, trainRows: data.m.nRows - test.rows, testRows: held.rows } : {}),
            groups: ofFeatures(model) ? featureGroups(model) : undefined,
            model,
          },
          null,
          1,
        ),
      );
      return;
    }
    const lines = [heading(method, data, params), ...data.notes.map((n) => `note: ${n}`), describeModel(model)];
    if (chosen)
      lines.push(
        `${chosen.weight} = ${number(chosen.value)} chosen by ${chosen.folds}-fold cross-validation (${chosen.rule === '1se' ? 'the one-standard-error rule' : 'the best mean'}): ` +
          `${chosen.metric} ${number(chosen.mean)} ± ${number(chosen.se)}; the best mean ${number(chosen.best.mean)} at ${number(chosen.best.value)}`,
      );
    if (test)
      lines.push(
        `test (${test.rows} held-out rows; the model fitted on the others): ${Object.entries(test)
          .filter(([k]) => k !== 'rows')
          .map(([k, v]) => `${k} ${number(v)}`)
          .join(', ')}`,
      );
    console.log(lines.join('\n'));
  },
};

export const predict = {
  summary: 'predict the rows of a table from a saved model (classes for classifiers; --proba: probabilities)',
  usage: 'supclust predict <model.json> <table> [--out predictions.csv] [--proba] [--id COLUMN] [--json]',
  loads: true,
  help: `    --out FILE                         write the predictions there (default: stdout), one row per table row
    --proba                            classifiers: each class's probability beside the class
    --id COLUMN                        copy this column of the table (a row's name or key) before the predictions
    --offset COLUMN                    the rows' offsets, for a model fitted with --offset (required then)
    --delimiter C, --decimal ,, --json the table's separator and decimal mark; JSON instead of CSV
  The table needs the model's feature columns (by name; others are ignored); a missing cell is refused.`,
  options: {
    out: { type: 'string' },
    proba: { type: 'boolean' },
    id: { type: 'string' },
    offset: { type: 'string' },
    delimiter: { type: 'string' },
    decimal: { type: 'string' },
    json: { type: 'boolean' },
  },
  positionals: 2,
  async run(flags, [modelFile, file], sc) {
    let model;
    try {
      model = JSON.parse(readFileSync(modelFile, 'utf8'));
    } catch (e) {
      throw new SupclustError('invalid-input', `${modelFile}: not a saved model (${e.code ?? e.message})`, 'model');
    }
    const table = readTableFile(file, flags);
    const features = model.featureNames ?? table.columns.slice(0, model.nFeatures);
    let X, nRows, offset;
    try {
      ({ X, nRows, offset } = tableMatrix(table, { features, offset: flags.offset, missing: 'error', decimal: flags.decimal ?? '.' }));
    } catch (e) {
      // every row gets a prediction: a missing cell cannot be skipped
      throw inFlags(e, file, [
        "; leave such rows out (missing: 'skip') or fill them in",
        '; fill it in (a prediction reads every feature of its row)',
      ]);
    }
    const idColumn = flags.id === undefined ? -1 : table.columns.indexOf(flags.id);
    if (flags.id !== undefined && idColumn < 0)
      throw invalid('id', `no column named '${flags.id}' (the columns: ${table.columns.map((c) => `'${c}'`).join(', ')})`);
    if (model.offset === true && !offset)
      throw invalid('offset', `the model was fitted with row offsets: give the table's with --offset COLUMN`);
    const given = offset ? { offset } : undefined;
    let header, rows;
    if (model.classes) {
      const classes = await sc.predictClass(model, X, nRows, model.nFeatures, given);
      const proba = flags.proba ? await sc.predictProba(model, X, nRows, model.nFeatures, given) : undefined,
        K = proba ? proba.length / nRows : 0;
      header = ['prediction', ...(proba ? Array.from({ length: K }, (_, k) => `p_${model.classes[k]}`) : [])];
      rows = classes.map((c, i) => [c, ...(proba ? Array.from(proba.subarray(i * K, (i + 1) * K)) : [])]);
    } else {
      if (flags.proba) throw invalid('proba', `the model (loss ${model.loss}) has no classes`);
      const p = await sc.predict(model, X, nRows, model.nFeatures, given),
        K = p.length / nRows;
      header = K === 1 ? ['prediction'] : Array.from({ length: K }, (_, k) => `prediction_${k + 1}`);
      rows = Array.from({ length: nRows }, (_, i) => Array.from(p.subarray(i * K, (i + 1) * K)));
    }
    if (idColumn >= 0) {
      header.unshift(flags.id);
      rows.forEach((r, i) => r.unshift(table.rows[i][idColumn]));
    }
    const text = flags.json
      ? JSON.stringify(rows.map((r) => Object.fromEntries(header.map((h, k) => [h, r[k]])))) + '\n'
      : csvText(header, rows);
    if (flags.out) write(flags.out, text, `${nRows} predictions`);
    else process.stdout.write(text);
  },
};

/** --grid name=a,b,c or name=from:to:count (log-spaced, logGrid). */
function gridFlag(values) {
  if (!values?.length)
    throw new UsageError('--grid NAME=VALUES is required, e.g. --grid lambda=1e-4:1:9 (9 log-spaced values) or --grid Q=2,3,4');
  const grid = {};
  for (const g of values) {
    const m = /^([A-Za-z0-9]+)=(.+)$/.exec(g);
    if (!m) throw invalid('grid', `'${g}' is not NAME=a,b,c or NAME=from:to:count`);
    const range = /^([^:]+):([^:]+):(\d+)$/.exec(m[2]);
    grid[m[1]] = range
      ? logGrid(Number(range[1]), Number(range[2]), Number(range[3]))
      : m[2].split(',').map((v) => {
          const x = Number(v);
          if (v.trim() === '' || !Number.isFinite(x)) throw invalid('grid', `'${v}' in ${m[1]}'s values is not a number`);
          return x;
        });
  }
  return grid;
}

/** The settings a command reads from flags: the declared ones but the shards' (--shard I/N). */
const SHARD_SETTINGS = new Set(['shardIndex', 'shardCount', 'foldScores', 'partitions']);
const settingsOf = (declared) => declared.filter((o) => !SHARD_SETTINGS.has(o.name));

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const SHARD_HELP = `    --shard I/N                        run shard I of N (folds, or resamples, k with k mod N = I) and write its part to --out;
                                       supclust merge joins the parts (docs/sharding.md)`;

/** A command that calls one sharded API call (cv, path, stability): its call from the parsed
 * flags and the table (what a shard runs and a merge redoes), run whole, as a shard's part, or
 * finished from the joined parts. */
function sharded(command) {
  return {
    ...command,
    options: { ...command.options, shard: { type: 'string' } },
    methodOptions: (info) => settingsOf(command.settings(info)),
    positionals: 1,
    async run(flags, [file], sc) {
      const call = command.call(sc, flags, file),
        shard = shardFlag(flags);
      const bar = progress(command.unit);
      if (shard) {
        if (!flags.out) throw new UsageError('--shard needs --out FILE (the part, for supclust merge)');
        const part = await command.api(sc, call, { shardIndex: shard.index, shardCount: shard.count }, bar.onProgress);
        bar.end(`shard ${shard.index}/${shard.count}: ${part.units.filter((u) => u).length} of ${part.units.length} ${command.units}`);
        const { out: _, coef: __, shard: ___, json: ____, ...redo } = flags;
        write(
          flags.out,
          JSON.stringify({
            kind: 'supclust-part',
            command: command.name,
            version: sc.info.version,
            file,
            path: resolve(file),
            tableHash: sha256(file),
            flags: redo,
            part,
          }),
          'part',
        );
        return;
      }
      const r = await command.api(sc, call, {}, bar.onProgress);
      bar.end(command.done(r));
      await command.print(flags, call, r, sc);
    },
  };
}

/** supclust merge on the parts of a sharded cv, path or stability: the table read again (--table:
 * from another place) and checked against the parts' hash, the call redone with the joined parts. */
export async function mergeParts(files, parts, flags) {
  const first = parts[0];
  parts.forEach((p, i) => {
    if (p.kind !== 'supclust-part') throw invalid('partials', `${files[i]} is not a part of supclust cv, path or stability --shard`);
    if (
      p.command !== first.command ||
      JSON.stringify(p.flags) !== JSON.stringify(first.flags) ||
      p.tableHash !== first.tableHash ||
      p.version !== first.version
    )
      throw invalid('partials', `${files[i]} is not a shard of the run of ${files[0]} (another command, flags, table or supclust version)`);
  });
  const command = OWN_DATA[first.command],
    file = flags.table ?? first.path;
  if (sha256(file) !== first.tableHash) throw invalid('table', `${file} is not the table the parts were computed on (its bytes differ)`);
  const sc = await load();
  try {
    if (first.version !== sc.info.version)
      throw invalid('partials', `the parts were computed by supclust ${first.version}, this is ${sc.info.version}`);
    const call = command.call(sc, first.flags, file);
    call.data.file = flags.table ?? first.file; // named as the shards named it
    const r = await command.api(sc, call, joinShards(parts.map((p) => p.part)));
    const outputs = { ...first.flags, out: flags.out, coef: flags.coef, json: false };
    await command.print(outputs, call, r, sc);
    if (flags.json)
      write(flags.json, JSON.stringify({ method: call.method, file: call.data.file, rows: call.data.m.nRows, ...r }, null, 1), 'result');
  } finally {
    sc.dispose();
  }
}

/** --rule: 1se (the simplest point within one standard error of the best mean; default) or min. */
function ruleFlag(flags) {
  const rule = flags.rule ?? '1se';
  if (rule !== '1se' && rule !== 'min') throw invalid('rule', `must be 1se or min (got ${rule})`);
  return rule;
}

/** The call's method, table, fit parameters and the API's options (settings read from flags). */
function tableCall(sc, flags, file, command, declared) {
  const method = flags.method ?? command.defaultMethod,
    data = tableData(file, flags),
    settings = settingsOf(declared);
  const params = fitParams(sc.info, method, flags, data, settings);
  return { method, data, params, options: optionValues(settings, flags, data.m.featureNames) };
}

export const cv = sharded({
  name: 'cv',
  defaultMethod: 'ihc',
  unit: 'fits',
  units: 'folds',
  summary: "cross-validate a method over a grid of its options: each point's score, the best and the one-standard-error choice",
  usage: `supclust cv <table> --target COLUMN --method M --grid NAME=VALUES [--grid …] [settings: --folds 5 --seed 1 --metric M] [--out model.json] [--json]
       supclust cv <table> … --shard I/N --out part-I.json        (a shard's folds; supclust merge joins the parts)`,
  help: `${TABLE_HELP}
    --grid NAME=a,b,c | NAME=from:to:count   values of an option (from:to:count: log-spaced); repeat for a product
    --rule 1se|min                     the model saved and shown: refitted at the one-standard-error choice (default) or the best mean
    --out FILE, --coef FILE            that model, refitted on every row
${SHARD_HELP}
  supclust cv --help --method M lists M's options and the settings.`,
  options: { ...TABLE_FLAGS, ...MODEL_FLAGS, grid: { type: 'string', multiple: true }, rule: { type: 'string' } },
  settings: (info) => info.requests.crossValidation,
  call(sc, flags, file) {
    const c = tableCall(sc, flags, file, cv, cv.settings(sc.info));
    return { ...c, grid: gridFlag(flags.grid), rule: ruleFlag(flags) };
  },
  api: (sc, c, extra, onProgress) => sc.crossValidate(c.method, c.params, { grid: c.grid, ...c.options, ...extra }, { onProgress }),
  done: (r) => `${r.grid.length} grid points`,
  async print(flags, { method, data, params, grid, rule }, r, sc) {
    // The model saved: the refit at the one-standard-error choice (--rule 1se, where the grid has
    // an order of simplicity) or at the best mean (the call's own refit).
    const oneSe = rule === '1se' && r.best1se && r.best1seIndex !== r.bestIndex;
    const model = oneSe ? await sc.fit(method, { ...params, ...r.best1se }) : r.model;
    saveOutputs(flags, model);
    if (flags.json) {
      console.log(JSON.stringify({ method, file: data.file, rows: data.m.nRows, notes: data.notes, rule, ...r, model }, null, 1));
      return;
    }
    const names = Object.keys(grid);
    const rows = r.grid.map((g, i) => [
      ...names.map((n) => number(g.params[n])),
      number(g.mean),
      number(g.se),
      (i === r.bestIndex ? 'best' : '') + (i === r.best1seIndex ? `${i === r.bestIndex ? ', ' : ''}1-SE` : ''),
    ]);
    console.log(
      [
        heading(method, data, params),
        ...data.notes.map((n) => `note: ${n}`),
        table([[...names, r.metric, 'se', ''], ...rows]),
        `best: ${names.map((n) => `${n} = ${number(r.best[n])}`).join(', ')}` +
          (r.best1se ? `; one-standard-error choice: ${names.map((n) => `${n} = ${number(r.best1se[n])}`).join(', ')}` : ''),
        `the model refitted on every row at the ${oneSe ? 'one-standard-error choice' : 'best mean'}:`,
        describeModel(model),
      ].join('\n'),
    );
  },
});

export const path = sharded({
  name: 'path',
  defaultMethod: 'lasso',
  unit: 'path points',
  units: 'folds',
  summary: "a regularisation path (glmnet's sequence from the top, warm-started), cross-validated with --folds",
  usage: `supclust path <table> --target COLUMN --method M [settings: --nLambda 100 --folds 5 …] [--over Q --values 1,2,3] [--rule 1se|min] [--out model.json] [--json]
       supclust path <table> … --folds K --shard I/N --out part-I.json   (a shard's folds; supclust merge joins the parts)`,
  help: `${TABLE_HELP}
    --over NAME --values a,b,c         sweep a count (Q, s, centres) instead of the penalty weight
    --rule 1se|min                     cross-validated: the point saved by --out (default 1se)
    --out FILE, --coef FILE            that point's model (not cross-validated: the least EBIC, else the last point)
${SHARD_HELP}
  supclust path --help --method M lists M's options and the settings.`,
  options: { ...TABLE_FLAGS, ...MODEL_FLAGS, over: { type: 'string' }, values: { type: 'string' }, rule: { type: 'string' } },
  settings: (info) => info.requests.path,
  call(sc, flags, file) {
    const c = tableCall(sc, flags, file, path, path.settings(sc.info));
    return {
      ...c,
      rule: ruleFlag(flags),
      over: flags.over,
      options: {
        ...c.options,
        ...(flags.over ? { over: flags.over } : {}),
        ...(flags.values ? { values: flags.values.split(',').map(Number) } : {}),
      },
    };
  },
  api: (sc, c, extra, onProgress) => sc.path(c.method, c.params, { ...c.options, ...extra }, { onProgress }),
  done: (r) => `${r.points.length} path points`,
  print(flags, { method, data, params, rule, over }, r) {
    const cvr = r.crossValidation,
      at = chosenPoint(r, rule);
    saveOutputs(flags, r.points[at].model);
    if (flags.json) {
      console.log(JSON.stringify({ method, file: data.file, rows: data.m.nRows, notes: data.notes, chosen: at, ...r }, null, 1));
      return;
    }
    const swept = over ?? r.weight;
    const rows = r.points.map((p, i) => [
      number(over ? p.model.params[over] : p.lambda),
      String(p.nonZeros),
      String(p.groups),
      number(p.devianceRatio),
      ...(cvr ? [`${number(p.cv.mean)} ± ${number(p.cv.se)}`] : p.criterion !== undefined ? [number(p.criterion)] : []),
      cvr
        ? [i === cvr.best ? 'best' : '', i === cvr.best1se ? '1-SE' : ''].filter(Boolean).join(', ')
        : i === r.bestCriterion
          ? 'least EBIC'
          : '',
    ]);
    const edge = over ? undefined : pathEdgeNote(r);
    console.log(
      [
        heading(method, data, params),
        ...data.notes.map((n) => `note: ${n}`),
        ...(edge ? [`note: ${edge}`] : []),
        over
          ? `over ${over}: ${r.points.map((p) => p.model.params[over]).join(', ')}`
          : `${r.weight}'s top ${number(r.top)} (${r.topKind})${r.stopped ? `; stopped early by ${r.stopped}` : ''}`,
        table([
          [
            swept,
            'non-zero',
            'groups',
            'deviance ratio',
            ...(cvr ? [`${cvr.metric} (${cvr.folds} folds)`] : rows[0].length > 5 ? ['EBIC'] : []),
            '',
          ],
          ...rows,
        ]),
        `the point saved (${cvr ? (rule === '1se' ? 'one-standard-error choice' : 'best mean') : r.bestCriterion !== undefined ? 'least EBIC' : 'last'}):`,
        describeModel(r.points[at].model),
      ].join('\n'),
    );
  },
});

export const stability = sharded({
  name: 'stability',
  defaultMethod: 'ihc',
  unit: 'fits',
  units: 'resamples',
  summary: 'refit on subsamples: how often each feature is selected and each pair shares a value, the consensus groups',
  usage: `supclust stability <table> --target COLUMN --method M [method options] [settings: --resamples 100 --fraction 0.5 --threshold 0.5] [--json]
       supclust stability <table> … --shard I/N --out part-I.json   (a shard's resamples; supclust merge joins the parts)`,
  help: `${TABLE_HELP}
${SHARD_HELP}
  supclust stability --help --method M lists M's options and the settings.`,
  options: { ...TABLE_FLAGS, method: { type: 'string' }, out: { type: 'string' } },
  settings: (info) => info.requests.stability,
  call: (sc, flags, file) => tableCall(sc, flags, file, stability, stability.settings(sc.info)),
  api: (sc, c, extra, onProgress) => sc.stability(c.method, c.params, { ...c.options, ...extra }, { onProgress }),
  done: (r) => `${r.resamples} subsamples`,
  print(flags, { method, data, params }, r) {
    const names = data.m.featureNames;
    if (flags.json) {
      console.log(JSON.stringify({ method, file: data.file, notes: data.notes, features: names, ...r }, null, 1));
      return;
    }
    const groups = new Map();
    r.consensus.forEach((g, j) => {
      if (g >= 0) {
        if (!groups.has(g)) groups.set(g, []);
        groups.get(g).push(names[j]);
      }
    });
    const order = names.map((_, j) => j).sort((a, b) => r.selection[b] - r.selection[a]);
    console.log(
      [
        heading(method, data, params),
        ...data.notes.map((n) => `note: ${n}`),
        `${r.resamples} subsamples of ${r.rows} rows`,
        table([['feature', 'selected'], ...order.map((j) => [names[j], number(r.selection[j])])]),
        `pairs sharing one value in at least the threshold's share of fits: ${r.pairs.length}`,
        ...r.pairs
          .slice()
          .sort((a, b) => b.frequency - a.frequency)
          .slice(0, 20)
          .map((p) => `  ${names[p.i]} & ${names[p.j]}: ${number(p.frequency)}`),
        'consensus groups:',
        ...[...groups.values()].map((fs, i) => `  ${i + 1}: ${fs.join(', ')}`),
      ].join('\n'),
    );
  },
});

const OWN_DATA = { cv, path, stability };
