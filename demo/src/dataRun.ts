// Your data's run on a matrix read from the file: λ (and optionally Q) cross-validated for the
// chosen method, Q by the library's one-standard-error choice and refitted on all rows, the mean
// and ridge on the same folds, and sc.stability on half-samples; then its words, tables
// (against the baselines, the groups) and figures.
import { logGrid, type CrossValidationResult, type MethodInfo, type MethodName, type StabilityResult, type Supclust } from 'supclust';
import { structureOptions } from './context.js';
import type { DesignMatrix } from './csv.js';
import type { FeatureGroup } from './data.js';
import { foldIds, meanBaseline, ridgeBaseline, type Baseline } from './dataBaselines.js';
import { $, el, table, widthOf } from './dom.js';
import { LABELS } from './explain.js';
import { formatLambda, formatNumber } from './format.js';
import * as plots from './plots.js';

/** Half-samples refitted to tell a stable group from an accident of the sample. */
export const STABILITY_RESAMPLES = 50;

export interface DataSettings {
  method: MethodName;
  info: MethodInfo;
  /** Q searched by cross-validation (else fixed at Q). */
  searchQ: boolean;
  Q: number;
}

export interface DataRun {
  /** The cross-validation over the grid, and the fit reported (its 1-SE point when Q is searched). */
  cv: CrossValidationResult;
  fit: CrossValidationResult;
  grid: Record<string, number[]>;
  folds: number;
  baselines: Baseline[];
  stability: StabilityResult;
}

/** The run, its stages told to `say`. */
export async function fitData(
  sc: Supclust,
  matrix: DesignMatrix,
  settings: DataSettings,
  signal: AbortSignal,
  say: (text: string) => void,
): Promise<DataRun> {
  const { info, method, searchQ } = settings;
  const Qs = Array.from({ length: Math.min(8, matrix.nCols) }, (_, i) => i + 1);
  const options = structureOptions(info, Math.min(settings.Q, matrix.nCols), Math.ceil(matrix.nCols / 2));
  const lambdas: Record<string, number[]> = info.options.some((x) => x.name === 'lambda1')
    ? { lambda1: logGrid(1, 1e-4, 5), lambda2: logGrid(1e-2, 1e-4, 3) }
    : { lambda: logGrid(1, 1e-5, 6) };
  const grid = searchQ ? { Q: Qs, ...lambdas } : lambdas;
  for (const name of Object.keys(grid)) delete (options as Record<string, unknown>)[name]; // each option in one place
  say('Cross-validating…');
  const folds = Math.min(5, matrix.nRows),
    foldId = foldIds(matrix.nRows, folds);
  const data = { X: matrix.X, nRows: matrix.nRows, nCols: matrix.nCols, y: matrix.y, ...options };
  const cv = await sc.crossValidate(method, data, { grid, foldId }, { signal });
  let fit = cv;
  if (searchQ) {
    // Q by the library's one-standard-error choice (the fewest groups, then the largest λ), refitted on all rows
    const index = cv.best1seIndex ?? cv.bestIndex;
    if (index !== cv.bestIndex) {
      const params = cv.grid[index].params;
      const model = await sc.fit(method, { ...data, ...params }, { signal });
      fit = { ...cv, best: params, bestIndex: index, model };
    }
  }
  say('Cross-validating ridge on the same folds…');
  const baselines = [meanBaseline(matrix.y, foldId, folds), await ridgeBaseline(sc, matrix, foldId, signal)];
  say('Refitting on half-samples: which groups hold…');
  const stability = await sc.stability(method, { ...data, ...fit.best }, { resamples: STABILITY_RESAMPLES }, { signal });
  return { cv, fit, grid, folds, baselines, stability };
}

/** The chosen weights in words: "Q = 3, λ = 0.01". */
const chosenText = (run: DataRun) =>
  Object.entries(run.fit.best)
    .map(([n, v]) => `${n} = ${n.startsWith('lambda') ? formatLambda(v) : formatNumber(v)}`)
    .join(', ');

/** The status line after a run: rows used, the folds' choice (and the lowest beside the 1-SE
 * point), the intercept. */
export function runSummary(matrix: DesignMatrix, settings: DataSettings, run: DataRun): string {
  const { cv, fit, folds } = run;
  return (
    `${LABELS[settings.method] ?? settings.method}: ${matrix.nRows} rows` +
    (matrix.skipped ? ` (${matrix.skipped} with a missing or bad cell skipped)` : '') +
    `, ${folds}-fold CV chose ${chosenText(run)} (CV MSE ${formatNumber(fit.grid[fit.bestIndex].mean)}` +
    (fit.bestIndex !== cv.bestIndex
      ? `; the fewest groups within one standard error of the lowest, ${formatNumber(cv.grid[cv.bestIndex].mean)} at Q = ${cv.best.Q}`
      : '') +
    `); intercept ${formatNumber(fit.model.intercept[0])}.` +
    (settings.info.name === 'ihcs' ? ` IHCS keeps at most s = ${Math.ceil(matrix.nCols / 2)} features (half).` : '')
  );
}

/** The method against the baselines on the same folds, the warnings (a weight at an end of its
 * grid, no better than the mean), the groups' table and the figures. */
export function showDataResult(
  matrix: DesignMatrix,
  settings: DataSettings,
  run: DataRun,
  groups: FeatureGroup[],
  target: string,
  standardised: boolean,
) {
  const { fit, grid, folds, baselines } = run;
  const label = LABELS[settings.method] ?? settings.method;
  const point = fit.grid[fit.bestIndex];
  const worse = point.mean >= baselines[0].mean;
  const compared = Object.assign(
    table(
      `Held-out MSE on the same ${folds} folds (mean ± its standard error)`,
      ['model', 'CV MSE', 'by the method'],
      [
        [`${label} (${chosenText(run)})`, `${formatNumber(point.mean)} ± ${formatNumber(point.se)}`, ''],
        ...baselines.map((b) => [
          b.name + (b.lambda !== undefined ? `, λ = ${formatLambda(b.lambda)}` : ''),
          `${formatNumber(b.mean)} ± ${formatNumber(b.se)}`,
          point.mean < b.mean ? 'beaten' : 'not beaten',
        ]),
      ],
      [
        { role: 'method', mean: String(point.mean) },
        ...baselines.map((b, i) => ({ role: i === 0 ? 'mean' : 'ridge', mean: String(b.mean) })),
      ],
    ),
    { id: 'data-baselines' },
  );
  // A weight chosen at an end of its grid: the best may lie beyond what was tried.
  const edges = Object.entries(fit.best)
    .filter(([name, v]) => name.startsWith('lambda') && grid[name] && (v === Math.max(...grid[name]) || v === Math.min(...grid[name])))
    .map(([name, v]) => `${name} = ${formatLambda(v)}`);
  const warning = (textContent: string) => el('p', { className: 'warning', textContent });
  $('data-result').replaceChildren(
    compared,
    ...(edges.length
      ? [warning(`⚠ Cross-validation chose ${edges.join(' and ')}, an end of the values tried: the best may lie beyond them.`)]
      : []),
    ...(worse
      ? [
          warning(
            `⚠ The model predicts held-out rows no better than the mean of ${target} does: ` +
              'its groups describe the noise of this sample, not an effect.',
          ),
        ]
      : []),
    Object.assign(
      table(
        `${groups.length} groups of features, by shared weight${standardised ? ' (per standard deviation of the feature)' : ''}` +
          `; kept together: the share of ${STABILITY_RESAMPLES} half-samples in which each pair of the group shares one weight`,
        ['group', 'shared weight', 'size', 'features', 'kept together'],
        groups.map((g) => [
          g.group,
          formatNumber(g.weight),
          g.features.length,
          g.features.join(', '),
          g.stability === undefined ? '—' : `${Math.round(100 * g.stability)} %`,
        ]),
        groups.map((g) => ({ group: String(g.group), weight: String(g.weight) })),
      ),
      { id: 'data-groups' },
    ),
  );
  const figures = $('data-figures'),
    width = widthOf(figures, 560);
  const groupOf = new Map(groups.flatMap((g) => g.features.map((f) => [f, g.group] as const)));
  figures.replaceChildren(
    plots.featureWeights(matrix.features, fit.model, (j) => groupOf.get(matrix.features[j])!, width),
    plots.cvCurve(fit, width),
  );
}
