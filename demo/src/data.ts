import type { MethodName } from 'supclust';
// Your data: a CSV dropped or picked (parsed in the page, never uploaded), a target and
// features, λ cross-validated for the chosen method with Q groups, and the groups of features
// with their shared weights, downloadable as CSV or JSON.
import { logGrid, type CrossValidationResult } from 'supclust';
import { LABELS, methodsFor, structureOptions, type Context } from './context.js';
import { $, download, el, formatNumber, table } from './dom.js';
import { parseCsv, summarise, toMatrix, type CsvTable, type DesignMatrix } from './csv.js';

export interface FeatureGroup { group: number; weight: number; features: string[] }

export function groupsOf(fit: CrossValidationResult, features: string[]): FeatureGroup[] {
  const m = fit.model, groups = new Map<string, FeatureGroup>();
  m.coef.forEach((c, j) => {
    const key = c.toPrecision(12);
    if (!groups.has(key)) groups.set(key, { group: 0, weight: c, features: [] });
    groups.get(key)!.features.push(features[j]);
  });
  return [...groups.values()].sort((a, b) => b.weight - a.weight).map((g, i) => ({ ...g, group: i + 1 }));
}

export function mountData(ctx: Context) {
  const { sc, state } = ctx;
  const file = $<HTMLInputElement>('data-file'), drop = $('data-drop'), status = $('data-status');
  const target = $<HTMLSelectElement>('data-target'), featuresBox = $('data-features'), method = $<HTMLSelectElement>('data-method');
  const Q = $<HTMLInputElement>('data-Q'), standardise = $<HTMLInputElement>('data-standardise');
  let csv: CsvTable | undefined, groups: FeatureGroup[] = [], fitted: { matrix: DesignMatrix; fit: CrossValidationResult } | undefined;

  method.replaceChildren(...methodsFor(sc, 'regression').filter((m) => ['ihc', 'lsk', 'oscar', 'lasso', 'ridge', 'ihcs'].includes(m.name))
    .map((m) => el('option', { value: m.name, textContent: LABELS[m.name] ?? m.name, selected: m.name === state.dataMethod })));
  Q.value = String(state.dataQ);
  standardise.checked = state.standardise;
  standardise.addEventListener('change', () => { state.standardise = standardise.checked; ctx.save(); });
  method.addEventListener('change', () => { state.dataMethod = method.value; ctx.save(); });
  Q.addEventListener('change', () => { state.dataQ = Math.max(1, Math.min(20, Math.round(Number(Q.value)) || 1)); Q.value = String(state.dataQ); ctx.save(); });

  function showColumns(name: string) {
    if (!csv) return;
    const numeric = summarise(csv).filter((c) => c.numeric);
    if (numeric.length < 2) throw new Error('the file needs at least two numeric columns (a target and a feature)');
    if (!numeric.some((c) => c.name === state.target)) state.target = numeric[numeric.length - 1].name;
    target.replaceChildren(...numeric.map((c) => el('option', { value: c.name, textContent: c.name, selected: c.name === state.target })));
    featuresBox.replaceChildren(el('legend', { textContent: 'features' }), ...numeric.filter((c) => c.name !== state.target).map((c) =>
      el('label', {}, el('input', { type: 'checkbox', value: c.name, checked: true }), ` ${c.name}${c.missing ? ` (${c.missing} missing)` : ''}`)));
    const skipped = summarise(csv).filter((c) => !c.numeric).map((c) => `'${c.name}'`);
    status.textContent = `${name}: ${csv.rows.length} rows, ${csv.columns.length} columns.` +
      (skipped.length ? ` Not numeric, so not offered: ${skipped.join(', ')}.` : '');
    $<HTMLButtonElement>('data-run').disabled = false;
    document.body.dataset.data = 'loaded';
  }

  async function read(f: File) {
    try {
      csv = parseCsv(await f.text());
      showColumns(f.name);
    } catch (e) {
      csv = undefined;
      status.textContent = `Could not use ${f.name}: ${(e as Error).message}`;
      document.body.dataset.data = 'error';
    }
  }

  async function run() {
    if (!csv) return;
    const features = [...featuresBox.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
    try {
      const matrix = toMatrix(csv, target.value, features, standardise.checked);
      const info = sc.info.methods.find((m) => m.name === method.value)!;
      const options = structureOptions(info, Math.min(state.dataQ, matrix.nCols), matrix.nCols);
      const grid: Record<string, number[]> = info.options.some((x) => x.name === 'lambda1') ? { lambda1: logGrid(1, 1e-4, 5), lambda2: logGrid(1e-2, 1e-4, 3) } : { lambda: logGrid(1, 1e-5, 6) };
      document.body.dataset.data = 'running';
      status.textContent = 'Cross-validating…';
      const folds = Math.min(5, matrix.nRows);
      const fit = await sc.crossValidate(method.value as MethodName, { X: matrix.X, nRows: matrix.nRows, nCols: matrix.nCols, y: matrix.y, ...options }, { grid, folds });
      fitted = { matrix, fit };
      groups = groupsOf(fit, matrix.features);
      const chosen = Object.entries(fit.best).map(([n, v]) => `${n} = ${formatNumber(v)}`).join(', ');
      status.textContent = `${LABELS[method.value] ?? method.value}: ${matrix.nRows} rows` + (matrix.skipped ? ` (${matrix.skipped} with missing values skipped)` : '') +
        `, ${folds}-fold CV chose ${chosen} (CV MSE ${formatNumber(fit.grid[fit.bestIndex].mean)}).`;
      $('data-result').replaceChildren(table(`${groups.length} groups of features, by shared weight${standardise.checked ? ' (per standard deviation of the feature)' : ''}`,
        ['group', 'shared weight', 'size', 'features'], groups.map((g) => [g.group, formatNumber(g.weight), g.features.length, g.features.join(', ')]),
        groups.map((g) => ({ group: String(g.group), weight: String(g.weight) }))));
      $<HTMLButtonElement>('data-csv').disabled = $<HTMLButtonElement>('data-json').disabled = false;
      document.body.dataset.data = 'done';
    } catch (e) {
      status.textContent = `Error: ${(e as Error).message}`;
      document.body.dataset.data = 'error';
    }
  }

  file.addEventListener('change', () => { if (file.files?.[0]) void read(file.files[0]); });
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f) void read(f);
  });
  target.addEventListener('change', () => { state.target = target.value; ctx.save(); showColumns('the file'); });
  $('data-run').addEventListener('click', () => void run());
  $('data-example').addEventListener('click', async () => {
    // A synthetic example: 12 features in 3 hidden groups, as a CSV (the same path as a file).
    const g = await sc.generate('e1', { n: 200, d: 12, Q: 3, sigma: 0.5, seed: 7 });
    const head = [...Array.from({ length: 12 }, (_, j) => `x${j + 1}`), 'y'];
    const lines = [head.join(',')];
    for (let i = 0; i < g.nRows; i++) lines.push([...Array.from(g.X.subarray(i * 12, i * 12 + 12), (x) => x.toFixed(5)), g.y[i].toFixed(5)].join(','));
    await read(new File([lines.join('\n')], 'example.csv', { type: 'text/csv' }));
  });
  $('data-csv').addEventListener('click', () => download('groups.csv', 'text/csv',
    ['group,weight,feature', ...groups.flatMap((g) => g.features.map((f) => `${g.group},${g.weight},${JSON.stringify(f)}`))].join('\n')));
  $('data-json').addEventListener('click', () => download('groups.json', 'application/json', JSON.stringify({
    method: fitted?.fit.method, chosen: fitted?.fit.best, target: state.target,
    standardised: fitted ? fitted.matrix.scales.some((s) => s !== 1) : false, groups,
  }, null, 2)));
}
