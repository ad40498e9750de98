// Your data: a CSV dropped or picked (parsed in the page, never uploaded), a target and
// features, λ (and optionally Q) cross-validated for the chosen method (Q by the library's
// one-standard-error choice), and the groups of features with their shared weights and how often
// half-samples keep each group together (sc.stability): a table, a chart of the coefficients, the
// CV curve, and a download with everything needed to use the model (intercept, centring and
// scaling, Q, λ, the CV error, the groups' stability). Anything that depends on the file is cleared when the file, the load or the
// target changes, so nothing on screen belongs to another file.
import type { CrossValidationResult, MethodName, StabilityResult } from 'supclust';
import { methodsFor, type Context } from './context.js';
import { $, download, el } from './dom.js';
import { LABELS } from './explain.js';
import { usable, whyNotNumeric, type DesignMatrix } from './csv.js';
import { tableReader, type DescribedTable } from './tableClient.js';
import type { Baseline } from './dataBaselines.js';
import { fitData, runSummary, showDataResult } from './dataRun.js';

export interface FeatureGroup {
  group: number;
  weight: number;
  features: string[];
  /** Groups of two or more non-zero features: the mean share of half-samples in which each pair
   * of them shares one non-zero weight (sc.stability's co-grouping); absent otherwise. */
  stability?: number;
}

export function groupsOf(fit: CrossValidationResult, features: string[]): FeatureGroup[] {
  const m = fit.model,
    groups = new Map<string, FeatureGroup>();
  m.coef.forEach((c, j) => {
    const key = c.toPrecision(12);
    if (!groups.has(key)) groups.set(key, { group: 0, weight: c, features: [] });
    groups.get(key)!.features.push(features[j]);
  });
  return [...groups.values()].sort((a, b) => b.weight - a.weight).map((g, i) => ({ ...g, group: i + 1 }));
}

export interface Fitted {
  matrix: DesignMatrix;
  fit: CrossValidationResult;
  groups: FeatureGroup[];
  target: string;
  folds: number;
  /** The mean of y and ridge, cross-validated on the method's folds. */
  baselines: Baseline[];
}

/** Each group's stability: the mean co-grouping frequency of its pairs (d × d, row-major, as
 * sc.stability gives it for d ≤ 256), for groups of two or more features with a non-zero weight. */
export function withStability(groups: FeatureGroup[], features: string[], st: StabilityResult): FeatureGroup[] {
  if (!st.coGrouping) return groups;
  const d = features.length,
    index = new Map(features.map((f, j) => [f, j]));
  return groups.map((g) => {
    if (g.weight === 0 || g.features.length < 2) return g;
    const js = g.features.map((f) => index.get(f)!);
    let sum = 0,
      pairs = 0;
    for (let a = 0; a < js.length; a++) for (let b = a + 1; b < js.length; b++, pairs++) sum += st.coGrouping![js[a] * d + js[b]];
    return { ...g, stability: sum / pairs };
  });
}

/** Everything a user needs to apply the model: ŷ = intercept + Σ_j weight_j (x_j − mean_j)/scale_j. */
export function modelRecord(f: Fitted) {
  const point = f.fit.grid[f.fit.bestIndex];
  return {
    method: f.fit.method,
    target: f.target,
    rows: f.matrix.nRows,
    skippedRows: f.matrix.skipped,
    chosen: f.fit.best,
    Q: f.fit.model.params.Q ?? null,
    lambda: f.fit.best.lambda ?? f.fit.model.params.lambda ?? null,
    cv: { folds: f.folds, metric: f.fit.metric, mean: point.mean, std: point.std },
    baselines: f.baselines.map((b) => ({
      name: b.name,
      cvMean: b.mean,
      cvSe: b.se,
      ...(b.lambda !== undefined ? { lambda: b.lambda } : {}),
    })),
    intercept: f.fit.model.intercept[0],
    features: f.matrix.features.map((name, j) => ({
      name,
      weight: f.fit.model.coef[j],
      group: f.groups.find((g) => g.features.includes(name))!.group,
      mean: f.matrix.means[j],
      scale: f.matrix.scales[j],
    })),
    prediction: 'intercept + Σ weight · (x − mean) / scale (mean 0 and scale 1 when not standardised)',
    groups: f.groups,
  };
}

export function csvRecord(f: Fitted): string {
  const r = modelRecord(f);
  return [
    `# method=${r.method}; target=${JSON.stringify(r.target)}; Q=${r.Q}; lambda=${r.lambda}; cv_${r.cv.metric}=${r.cv.mean} ± ${r.cv.std} (${r.cv.folds} folds); intercept=${r.intercept}`,
    `# prediction = ${r.prediction}`,
    'feature,group,weight,mean,scale',
    ...r.features.map((x) => `${JSON.stringify(x.name)},${x.group},${x.weight},${x.mean},${x.scale}`),
  ].join('\n');
}

/** The numeric columns offered as the target (the state's, else the last) and as features (a
 * column numbering the rows offered but not ticked); the file described in words. */
function offerColumns(csv: DescribedTable, state: Context['state'], target: HTMLSelectElement, featuresBox: HTMLElement): string {
  const columns = csv.summary,
    numeric = columns.filter((c) => usable(c, csv.rows));
  if (numeric.length < 2) throw new Error('the file needs at least two numeric columns (a target and a feature)');
  if (!numeric.some((c) => c.name === state.target)) state.target = numeric[numeric.length - 1].name;
  target.replaceChildren(...numeric.map((c) => el('option', { value: c.name, textContent: c.name, selected: c.name === state.target })));
  target.value = state.target;
  // A column numbering the rows is offered but not ticked: it is an index, not a measurement.
  featuresBox.replaceChildren(
    el('legend', { textContent: 'features' }),
    ...numeric
      .filter((c) => c.name !== state.target)
      .map((c) =>
        el(
          'label',
          {},
          el('input', { type: 'checkbox', value: c.name, checked: !c.rowId }),
          ` ${c.name}${c.missing ? ` (${c.missing} missing)` : ''}${c.rowId ? ' (numbers the rows: left out)' : ''}` +
            (c.badRows.length
              ? ` (${c.badRows.length === 1 ? 'one cell is' : `${c.badRows.length} cells are`} not a number: ${whyNotNumeric(c).replace(/^column '[^']*', /, '')}; ` +
                `${c.badRows.length === 1 ? 'its row is' : 'their rows are'} skipped when it is used)`
              : ''),
        ),
      ),
  );
  const bad = columns.filter((c) => !c.numeric && usable(c, csv.rows)).map(whyNotNumeric);
  const skipped = columns.filter((c) => !usable(c, csv.rows)).map(whyNotNumeric);
  return (
    `${csv.rows} rows, ${csv.columns} columns` +
    (csv.decimal === ',' ? ', numbers written with a decimal comma (3,5 = 3.5).' : '.') +
    (bad.length ? ` Offered, their bad cells’ rows skipped when used: ${bad.join('; ')}.` : '') +
    (skipped.length ? ` Not numeric, so not offered: ${skipped.join('; ')}.` : '')
  );
}

/** The settings' controls (method, Q, whether Q is cross-validated, standardisation), shown
 * from the state and saved to it; `standardised` after a change of scaling (the matrix changes),
 * `changed` after any other (the result on screen no longer matches). */
function mountSettings(ctx: Context, on: { standardised: () => void; changed: () => void }) {
  const { sc, state } = ctx;
  const method = $<HTMLSelectElement>('data-method'),
    Q = $<HTMLInputElement>('data-Q'),
    standardise = $<HTMLInputElement>('data-standardise'),
    cvQ = $<HTMLInputElement>('data-cvQ');
  const offered = methodsFor(sc, 'regression').filter((m) => ['ihc', 'lsk', 'oscar', 'lasso', 'ridge', 'ihcs'].includes(m.name));
  if (!offered.some((m) => m.name === state.dataMethod)) state.dataMethod = 'ihc'; // the select shows what is used
  method.replaceChildren(
    ...offered.map((m) => el('option', { value: m.name, textContent: LABELS[m.name] ?? m.name, selected: m.name === state.dataMethod })),
  );
  method.value = state.dataMethod;
  Q.value = String(state.dataQ);
  standardise.checked = state.standardise;
  cvQ.checked = state.dataCvQ;
  const hasQ = () => offered.find((m) => m.name === method.value)!.options.some((o) => o.name === 'Q');
  const showQ = () => {
    Q.disabled = cvQ.disabled = !hasQ();
  };
  showQ();
  standardise.addEventListener('change', () => {
    state.standardise = standardise.checked;
    ctx.save();
    on.standardised();
  });
  method.addEventListener('change', () => {
    state.dataMethod = method.value;
    showQ();
    ctx.save();
    on.changed();
  });
  cvQ.addEventListener('change', () => {
    state.dataCvQ = cvQ.checked;
    ctx.save();
    on.changed();
  });
  Q.addEventListener('change', () => {
    state.dataQ = Math.max(1, Math.min(20, Math.round(Number(Q.value)) || 1));
    Q.value = String(state.dataQ);
    ctx.save();
    on.changed();
  });
  return { offered, hasQ };
}

export function mountData(ctx: Context) {
  const { sc, state } = ctx;
  const file = $<HTMLInputElement>('data-file'),
    drop = $('data-drop'),
    status = $('data-status');
  const target = $<HTMLSelectElement>('data-target'),
    featuresBox = $('data-features'),
    method = $<HTMLSelectElement>('data-method');
  const standardise = $<HTMLInputElement>('data-standardise'),
    cvQ = $<HTMLInputElement>('data-cvQ');
  const runButton = $<HTMLButtonElement>('data-run');
  // The file is read, described and turned into a matrix in the table's worker (tableWorker.ts).
  const reader = tableReader();
  let csv: DescribedTable | undefined, fitted: Fitted | undefined, abort: AbortController | undefined;

  const { offered, hasQ } = mountSettings(ctx, {
    standardised: () => clear(),
    changed: () => markStale(),
  });

  /** A result on screen computed with other settings: dimmed and labelled until the next run. */
  function markStale() {
    if (!fitted) return;
    for (const id of ['data-result', 'data-figures']) $(id).classList.add('stale');
    document.body.dataset.data = 'stale';
    status.textContent = 'The result below was computed with other settings: press Run to fit these.';
  }

  /** Forgets the results (table, figures, downloads) of an earlier file, target or run. */
  function clear() {
    abort?.abort();
    fitted = undefined;
    $('data-result').replaceChildren();
    $('data-figures').replaceChildren();
    $<HTMLButtonElement>('data-csv').disabled = $<HTMLButtonElement>('data-json').disabled = true;
  }

  function showColumns(name: string) {
    if (!csv) return;
    status.textContent = `${name}: ${offerColumns(csv, state, target, featuresBox)}`;
    runButton.disabled = false;
    document.body.dataset.data = 'loaded';
  }

  async function read(f: File) {
    clear();
    csv = undefined;
    runButton.disabled = true;
    target.replaceChildren();
    featuresBox.replaceChildren(el('legend', { textContent: 'features' }));
    try {
      status.textContent = `Reading ${f.name}…`;
      csv = await reader.read(await f.text());
      showColumns(f.name);
    } catch (e) {
      csv = undefined;
      runButton.disabled = true;
      status.textContent = `Could not use ${f.name}: ${(e as Error).message}`;
      document.body.dataset.data = 'error';
    }
  }

  async function run() {
    if (!csv) return;
    clear();
    const mine = (abort = new AbortController());
    const features = [...featuresBox.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
    try {
      const matrix = await reader.matrix(target.value, features, standardise.checked);
      if (mine.signal.aborted) return;
      const settings = {
        method: method.value as MethodName,
        info: offered.find((m) => m.name === method.value)!,
        searchQ: hasQ() && cvQ.checked,
        Q: state.dataQ,
      };
      document.body.dataset.data = 'running';
      const run = await fitData(sc, matrix, settings, mine.signal, (text) => {
        status.textContent = text;
      });
      fitted = {
        matrix,
        fit: run.fit,
        groups: withStability(groupsOf(run.fit, matrix.features), matrix.features, run.stability),
        target: target.value,
        folds: run.folds,
        baselines: run.baselines,
      };
      status.textContent = runSummary(matrix, settings, run);
      showDataResult(matrix, settings, run, fitted.groups, target.value, standardise.checked);
      $<HTMLButtonElement>('data-csv').disabled = $<HTMLButtonElement>('data-json').disabled = false;
      for (const id of ['data-result', 'data-figures']) $(id).classList.remove('stale');
      document.body.dataset.data = 'done';
    } catch (e) {
      if ((e as { code?: string }).code === 'aborted') return; // a new file or run took over
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.data = 'error';
    }
  }

  file.addEventListener('change', () => {
    if (file.files?.[0]) void read(file.files[0]);
  });
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f) void read(f);
  });
  target.addEventListener('change', () => {
    state.target = target.value;
    ctx.save();
    clear();
    showColumns('the file');
  });
  featuresBox.addEventListener('change', clear);
  runButton.addEventListener('click', () => void run());
  $('data-example').addEventListener('click', async () => {
    // A synthetic example: 12 features in 3 hidden groups, as a CSV (the same path as a file).
    const g = await sc.generate('e1', { n: 200, d: 12, Q: 3, sigma: 0.5, seed: 7 });
    const head = [...Array.from({ length: 12 }, (_, j) => `x${j + 1}`), 'y'];
    const lines = [head.join(',')];
    for (let i = 0; i < g.nRows; i++)
      lines.push([...Array.from(g.X.subarray(i * 12, i * 12 + 12), (x) => x.toFixed(5)), g.y[i].toFixed(5)].join(','));
    await read(new File([lines.join('\n')], 'example.csv', { type: 'text/csv' }));
  });
  $('data-csv').addEventListener('click', () => {
    if (fitted) download('groups.csv', 'text/csv', csvRecord(fitted));
  });
  $('data-json').addEventListener('click', () => {
    if (fitted) download('groups.json', 'application/json', JSON.stringify(modelRecord(fitted), null, 2));
  });
}
