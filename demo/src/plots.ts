// The demo's figures, drawn with Observable Plot: the Okabe–Ito palette (colour-blind safe) for
// up to 8 series, then Paul Tol's muted colours, each series with its own marker as well.
// Every figure has a title, a caption saying how to read it, and SVG/PNG export.
import * as Plot from '@observablehq/plot';
import type { CrossValidationResult, ExperimentResult, Model } from 'supclust';
import { CAPTIONS, LABELS } from './explain.js';
import { exportButtons } from './export.js';
import { axisFormat, formatLambda, logAxisFormat } from './format.js';
import { contingency, matchedOrder } from './partition.js';

export const PALETTE = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#D55E00',
  '#0072B2',
  '#CC79A7',
  '#F0E442',
  '#000000',
  '#882255',
  '#44AA99',
  '#999933',
  '#AA4499',
  '#332288',
  '#88CCEE',
  '#117733',
  '#DDCC77',
];
const SYMBOLS = ['circle', 'square', 'triangle', 'diamond', 'star', 'cross', 'wye'];
const colorOf = (i: number) => PALETTE[i % PALETTE.length];

export function figure(label: string, caption: string, plot: Element): HTMLElement {
  const f = document.createElement('figure');
  f.setAttribute('aria-label', label);
  // The chart is one image named by its title; Plot's named marks are groups within it (an
  // aria-label needs a role that takes one).
  const svgs = plot.tagName.toLowerCase() === 'svg' ? [plot] : [...plot.querySelectorAll('svg')];
  const chart = svgs.reduce<Element | undefined>(
    (a, b) => (!a || b.querySelectorAll('*').length > a.querySelectorAll('*').length ? b : a),
    undefined,
  );
  if (chart) {
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', label);
  }
  for (const g of plot.querySelectorAll('g[aria-label]')) g.setAttribute('role', 'group');
  const title = document.createElement('figcaption');
  title.textContent = label;
  const how = document.createElement('p');
  how.className = 'how';
  how.textContent = caption;
  f.append(title, plot, how);
  title.append(exportButtons(f, label));
  return f;
}

/** The y-axis of values spanning [lo, hi]: log when positive over more than a decade. */
function valueAxis(values: number[], label: string): Plot.ScaleOptions {
  const lo = Math.min(...values),
    hi = Math.max(...values);
  const log = lo > 0 && hi / lo > 10;
  return log ? { type: 'log', label, tickFormat: logAxisFormat(lo, hi) } : { type: 'linear', label, tickFormat: axisFormat(lo, hi) };
}

/** A colour scale whose ramp legend keeps room for its end labels (Plot passes a scale's
 * extra options to its legend; the default margins of 0 clip the first label, "0"). */
const ramp = (options: Plot.ScaleOptions): Plot.ScaleOptions => ({ ...options, marginLeft: 12, marginRight: 16 }) as Plot.ScaleOptions;

export interface Overlay {
  name: string;
  model: Model;
}

/** The features in the order of their true coefficients, each with the model's estimate, its
 * error and its group, and the overlays' estimates: what the coefficients figure and the errors
 * figure draw (the same x-axis). */
function byTruth(truth: ArrayLike<number>, model: Model, overlays: Overlay[]) {
  const order = Array.from({ length: truth.length }, (_, j) => j).sort((i, j) => truth[i] - truth[j]);
  const points = order.map((j, rank) => {
    const estimate = model.coef[j * model.outputs];
    return { rank, feature: j + 1, truth: truth[j], estimate, error: estimate - truth[j], group: model.groups[j] + 1 };
  });
  const others = overlays.flatMap((o) =>
    order.map((j, rank) => {
      const estimate = o.model.coef[j * o.model.outputs];
      return { rank, estimate, error: estimate - truth[j], method: LABELS[o.name] ?? o.name };
    }),
  );
  const byGroup = model.centroids.length / model.outputs <= PALETTE.length;
  // The overlays' hollow markers, one per baseline drawn.
  const symbol: Plot.ScaleOptions | undefined = others.length
    ? { legend: true, domain: overlays.map((o) => LABELS[o.name] ?? o.name), range: ['times', 'plus', 'diamond2'] }
    : undefined;
  return { points, others, byGroup, symbol };
}

/** True coefficients (black steps), the estimates, and optionally the baselines (hollow marks). */
export function coefficients(truth: ArrayLike<number>, model: Model, label: string, width: number, overlays: Overlay[] = []): HTMLElement {
  const { points, others, byGroup, symbol } = byTruth(truth, model, overlays);
  return figure(
    label,
    CAPTIONS.coefficients,
    Plot.plot({
      width,
      height: 300,
      grid: true,
      x: { label: 'feature (sorted by true coefficient)' },
      y: { label: 'coefficient', tickFormat: axisFormat(Math.min(...points.map((p) => p.truth)), Math.max(...points.map((p) => p.truth))) },
      color: byGroup
        ? { type: 'ordinal', range: PALETTE, legend: true, tickFormat: (g: number) => `group ${g}` }
        : ramp({ type: 'linear', scheme: 'viridis', legend: true, label: 'estimate' }),
      symbol,
      marks: [
        Plot.dot(others, { x: 'rank', y: 'estimate', symbol: 'method', stroke: '#777', r: 3, strokeWidth: 1 }),
        Plot.lineY(points, { x: 'rank', y: 'truth', curve: 'step', stroke: '#000', strokeWidth: 1.5 }),
        Plot.dot(points, {
          x: 'rank',
          y: 'estimate',
          fill: byGroup ? 'group' : 'estimate',
          r: 3,
          tip: true,
          title: (p: { feature: number; truth: number; estimate: number }) =>
            `feature ${p.feature}\ntrue ${p.truth.toFixed(3)}\nestimate ${p.estimate.toFixed(3)}`,
        }),
      ],
    }),
  );
}

/** Each estimate's error ŵ_j − w*_j, features in the order of the coefficients figure, on an axis
 * symmetric about 0 (the error line): a grouped fit's dots lie flat on it, shrinkage shows as
 * errors of the opposite sign to the coefficient, scatter as spread. */
export function coefficientErrors(
  truth: ArrayLike<number>,
  model: Model,
  label: string,
  width: number,
  overlays: Overlay[] = [],
): HTMLElement {
  const { points, others, byGroup, symbol } = byTruth(truth, model, overlays);
  const reach = Math.max(1e-12, ...points.map((p) => Math.abs(p.error)), ...others.map((p) => Math.abs(p.error)));
  return figure(
    label,
    CAPTIONS.coefficientErrors,
    Plot.plot({
      width,
      height: 220,
      grid: true,
      x: { label: 'feature (sorted by true coefficient)' },
      y: { label: 'ŵ − w*', domain: [-reach, reach], tickFormat: axisFormat(-reach, reach) },
      color: byGroup ? { type: 'ordinal', range: PALETTE, tickFormat: (g: number) => `group ${g}` } : { type: 'linear', scheme: 'viridis' },
      symbol,
      marks: [
        Plot.ruleY([0], { stroke: '#000', strokeWidth: 1.5 }),
        Plot.dot(others, { x: 'rank', y: 'error', symbol: 'method', stroke: '#777', r: 3, strokeWidth: 1 }),
        Plot.dot(points, {
          x: 'rank',
          y: 'error',
          fill: byGroup ? 'group' : 'error',
          r: 3,
          tip: true,
          title: (p: { feature: number; error: number }) => `feature ${p.feature}\nŵ − w* ${p.error.toFixed(4)}`,
        }),
      ],
    }),
  );
}

/** How the found groups cover the true ones: counts of features (or samples) per (true, found) pair. */
export function partition(truth: ArrayLike<number>, found: ArrayLike<number>, ari: number, width: number, unit = 'features'): HTMLElement {
  const cells = [...contingency(truth, found)].map(([key, count]) => {
    const [t, f] = key.split(',').map(Number);
    return { truth: String(t + 1), found: String(f + 1), count };
  });
  // Group numbers in numeric order (an ordinal scale would sort the strings: 1, 10, 11, 2 …).
  const domain = (values: ArrayLike<number>) => [...new Set(Array.from(values))].sort((a, b) => a - b).map((g) => String(g + 1));
  // Found groups in the order of their matches to the true groups: a recovery is a diagonal.
  const columns = matchedOrder(truth, found).map((g) => String(g + 1)),
    rows = domain(truth);
  const caption = unit === 'features' ? CAPTIONS.partition : unit === 'classes' ? CAPTIONS.tasksPartition : CAPTIONS.expertsPartition;
  return figure(
    `Partition: true groups × found groups (adjusted Rand ${ari.toFixed(3)})`,
    caption,
    Plot.plot({
      width: Math.min(width, Math.max(320, 60 + 34 * columns.length)),
      height: Math.max(220, 60 + 26 * rows.length),
      marginLeft: 50,
      marginBottom: 40,
      padding: 0.05,
      x: { label: 'found group', domain: columns },
      y: { label: 'true group', domain: rows },
      color: ramp({ scheme: 'blues', domain: [0, Math.max(...cells.map((c) => c.count))], legend: true, label: unit }),
      marks: [
        Plot.cell(cells, { x: 'found', y: 'truth', fill: 'count', inset: 0.5 }),
        Plot.text(cells, { x: 'found', y: 'truth', text: 'count', fill: (c: { count: number }) => (c.count > 12 ? 'white' : 'black') }),
      ],
    }),
  );
}

export interface TaskPoint {
  x: number;
  y: number;
  found: number;
  truth: number;
  centre?: boolean;
}

/** Clustered tasks: the classes' predictors in the plane of their first two principal directions,
 * coloured by the cluster found, marked by the true one, with the centres as light squares. */
export function tasksMap(points: TaskPoint[], width: number): HTMLElement {
  const tasks = points.filter((p) => !p.centre),
    centres = points.filter((p) => p.centre);
  const xs = points.map((p) => p.x),
    ys = points.map((p) => p.y);
  return figure(
    'The classes’ predictors, in their first two principal directions',
    CAPTIONS.tasksMap,
    Plot.plot({
      width: Math.min(width, 560),
      height: 360,
      grid: true,
      inset: 12,
      x: { label: 'first direction', tickFormat: axisFormat(Math.min(...xs), Math.max(...xs)) },
      y: { label: 'second direction', tickFormat: axisFormat(Math.min(...ys), Math.max(...ys)) },
      color: { type: 'ordinal', range: PALETTE, legend: true, tickFormat: (g: number) => `cluster ${g}` },
      symbol: { legend: true, tickFormat: (g: number) => `true cluster ${g}` },
      marks: [
        Plot.dot(centres, { x: 'x', y: 'y', fill: 'found', symbol: 'square', r: 6, fillOpacity: 0.35 }),
        Plot.dot(tasks, { x: 'x', y: 'y', stroke: 'found', symbol: 'truth', r: 5, strokeWidth: 1.5 }),
      ],
    }),
  );
}

/** The experts' charts' colour (the expert found) and marker (the true expert), with legends. */
const EXPERT_SCALES = {
  color: { type: 'ordinal', range: PALETTE, legend: true, tickFormat: (g: number) => `expert ${g}` },
  symbol: { legend: true, tickFormat: (g: number) => `true expert ${g}` },
} as const;

export interface ExpertPoint {
  answer: number;
  y: number;
  found: number;
  truth: number;
}

/** Experts: each training sample's target against its expert's answer, coloured by the expert
 * found and marked by the true one; on the diagonal when the expert explains the sample. */
export function expertsScatter(points: ExpertPoint[], width: number): HTMLElement {
  const lo = Math.min(...points.map((p) => Math.min(p.answer, p.y))),
    hi = Math.max(...points.map((p) => Math.max(p.answer, p.y)));
  return figure(
    'Targets against the answer of each sample’s expert',
    CAPTIONS.expertsScatter,
    Plot.plot({
      width: Math.min(width, 560),
      height: 360,
      grid: true,
      x: { label: 'answer of the expert found', domain: [lo, hi], tickFormat: axisFormat(lo, hi) },
      y: { label: 'target y', domain: [lo, hi], tickFormat: axisFormat(lo, hi) },
      ...EXPERT_SCALES,
      marks: [
        Plot.line(
          [
            [lo, lo],
            [hi, hi],
          ],
          { stroke: '#999', strokeDasharray: '4,3' },
        ),
        Plot.dot(points, { x: 'answer', y: 'y', stroke: 'found', symbol: 'truth', r: 2.5 }),
      ],
    }),
  );
}

export interface ExpertLine {
  expert: number;
  intercept: number;
  slope: number;
}

/** Experts in data space (one dimension): each training sample at (x, y), coloured by the expert
 * found and marked by the true one, each expert found as its line b_q + c_q x (solid, its colour)
 * and each true expert as c*_q x (dashed, grey), both cut at the frame. */
export function expertsDataSpace(
  points: { x: number; y: number; found: number; truth: number }[],
  found: ExpertLine[],
  truth: ExpertLine[],
  width: number,
): HTMLElement {
  const xs = points.map((p) => p.x),
    ys = points.map((p) => p.y);
  const x0 = Math.min(...xs),
    x1 = Math.max(...xs),
    y0 = Math.min(...ys),
    y1 = Math.max(...ys);
  const segment = (l: ExpertLine) => [
    { x: x0, y: l.intercept + l.slope * x0, expert: l.expert },
    { x: x1, y: l.intercept + l.slope * x1, expert: l.expert },
  ];
  return figure(
    'The samples and the experts in data space',
    CAPTIONS.expertsDataSpace,
    Plot.plot({
      width: Math.min(width, 560),
      height: 360,
      grid: true,
      x: { label: 'x', domain: [x0, x1], tickFormat: axisFormat(x0, x1) },
      y: { label: 'target y', domain: [y0, y1], tickFormat: axisFormat(y0, y1) },
      ...EXPERT_SCALES,
      marks: [
        ...truth.map((l) =>
          Plot.line(segment(l), { x: 'x', y: 'y', stroke: '#999', strokeDasharray: '4,3', strokeWidth: 1.5, clip: true }),
        ),
        Plot.dot(points, { x: 'x', y: 'y', stroke: 'found', symbol: 'truth', r: 2.5, strokeOpacity: 0.7 }),
        ...found.map((l) => Plot.line(segment(l), { x: 'x', y: 'y', stroke: 'expert', strokeWidth: 2.5, clip: true })),
      ],
    }),
  );
}

/** The paper's Figure 8: a histogram of the fitted coefficients, stacked by the group found. */
export function weightHistogram(model: Model, label: string, width: number): HTMLElement {
  const points = Array.from({ length: model.coef.length / model.outputs }, (_, j) => ({
    coef: model.coef[j * model.outputs],
    group: model.groups[j] + 1,
  }));
  const G = model.centroids.length / model.outputs;
  return figure(
    label,
    CAPTIONS.histogram,
    Plot.plot({
      width: Math.min(width, 520),
      height: 240,
      grid: true,
      x: { label: 'coefficient', tickFormat: axisFormat(Math.min(...points.map((p) => p.coef)), Math.max(...points.map((p) => p.coef))) },
      y: { label: 'features' },
      color:
        G <= PALETTE.length
          ? { type: 'ordinal', range: PALETTE, legend: true, tickFormat: (g: number) => `group ${g}` }
          : ramp({ type: 'linear', scheme: 'viridis', legend: true, label: 'group' }),
      marks: [
        Plot.rectY(points, Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x: 'coef', fill: 'group', thresholds: 40 })),
        Plot.ruleY([0]),
      ],
    }),
  );
}

/** The objective as the solver recorded it: every iteration, or every few (ADMM checks every 5). */
export function trace(model: Model, width: number): HTMLElement {
  // Where the objective moves only in its far digits (a polish of a near-optimum), the chart
  // shows its excess over the last value, so that the ticks differ and fit.
  const last = model.history[model.history.length - 1],
    lo = Math.min(...model.history),
    hi = Math.max(...model.history);
  const excess = hi > lo && hi - lo < 1e-4 * Math.max(Math.abs(lo), Math.abs(hi));
  const points = model.history.map((f, i) => ({ step: i, objective: excess ? f - last : f }));
  const everyIteration = model.history.length === model.iterations + 1;
  const label = everyIteration
    ? `Objective at each of ${model.iterations} iterations`
    : `Objective at ${model.history.length} evaluations over ${model.iterations} iterations`;
  return figure(
    label,
    CAPTIONS.trace,
    Plot.plot({
      width: Math.min(width, 420),
      height: 260,
      grid: true,
      marginLeft: 60,
      x: { label: everyIteration ? 'iteration' : 'evaluation' },
      y: valueAxis(
        points.map((p) => p.objective),
        excess ? `objective − ${last.toPrecision(8)}` : 'objective',
      ),
      marks: [
        Plot.line(points, { x: 'step', y: 'objective', stroke: PALETTE[4] }),
        Plot.dot(points, { x: 'step', y: 'objective', fill: PALETTE[4], r: points.length > 60 ? 0 : 2.5 }),
      ],
    }),
  );
}

export interface PathPoint {
  lambda: number;
  feature: number;
  coef: number;
  group: number;
}
export interface PathStat {
  lambda: number;
  groups: number;
  error: number;
}
/** A learnt centre along the path (GEM, LEM: their centres c_k). */
export interface CentrePoint {
  lambda: number;
  centre: number;
  value: number;
}

/** Error along λ with the current λ ringed: the Play view's small chart and the Paths view's. */
export function errorPath(
  stats: PathStat[],
  current: number,
  errorName: string,
  width: number,
  title = `${errorName} along λ`,
  penalty = 'λ',
): HTMLElement {
  const here = stats.filter((s) => s.lambda === current);
  return figure(
    title,
    CAPTIONS.errorPath,
    Plot.plot({
      width,
      height: 220,
      grid: true,
      marginLeft: 56,
      x: { type: 'log', label: `${penalty} (strong → weak)`, reverse: true, tickFormat: formatLambda },
      y: valueAxis(
        stats.map((s) => s.error),
        errorName,
      ),
      marks: [
        Plot.line(stats, { x: 'lambda', y: 'error', stroke: PALETTE[4] }),
        Plot.dot(stats, {
          x: 'lambda',
          y: 'error',
          fill: PALETTE[4],
          r: 2.5,
          tip: true,
          title: (s: PathStat) =>
            `${penalty} = ${formatLambda(s.lambda)}\n${errorName} ${s.error.toPrecision(3)}\n${s.groups} distinct values`,
        }),
        Plot.dot(here, { x: 'lambda', y: 'error', stroke: PALETTE[3], r: 7, strokeWidth: 2 }),
      ],
    }),
  );
}

export interface MapCell {
  lambda1: number;
  lambda2: number;
  ari: number;
  error: number;
  groups: number;
}

/** A two-penalty method over λ1 × λ2: adjusted Rand of its groups, and its distance to w*; the
 * cell nearest Play's weights outlined. */
export function penaltyMap(
  cells: MapCell[],
  current: { lambda1: number; lambda2: number },
  errorName: string,
  width: number,
): HTMLElement[] {
  const columns = [...new Set(cells.map((c) => c.lambda2))].map(formatLambda),
    rows = [...new Set(cells.map((c) => c.lambda1))].map(formatLambda);
  const data = cells.map((c) => ({ ...c, x: formatLambda(c.lambda2), y: formatLambda(c.lambda1) }));
  const distance = (c: MapCell) => Math.abs(Math.log10(c.lambda1 / current.lambda1)) + Math.abs(Math.log10(c.lambda2 / current.lambda2));
  const nearest = data.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  const errors = cells.map((c) => Math.max(1e-6, c.error));
  const [lo, hi] = [Math.min(...errors), Math.max(...errors)];
  // Dark cells get white text: adjusted Rand above 0.6, errors in the upper 40% of the log range.
  const dark = (key: 'ari' | 'error') => (c: MapCell) =>
    (key === 'ari' ? c.ari > 0.6 : Math.log(Math.max(1e-6, c.error) / lo) > 0.6 * Math.log(hi / lo)) ? 'white' : 'black';
  const one = (key: 'ari' | 'error', label: string, color: Plot.ScaleOptions, text: (c: MapCell) => string) =>
    figure(
      label,
      key === 'ari' ? CAPTIONS.mapRand : CAPTIONS.mapError,
      Plot.plot({
        width: Math.min(width, 560),
        height: 60 + 34 * rows.length,
        marginLeft: 56,
        marginBottom: 44,
        padding: 0.04,
        x: { label: 'λ2 (pairwise weight, strong → weak)', domain: columns },
        y: { label: 'λ1 (ℓ1 weight)', domain: rows },
        color: ramp(color),
        marks: [
          Plot.cell(data, {
            x: 'x',
            y: 'y',
            fill: key === 'ari' ? 'ari' : (c: MapCell) => Math.max(1e-6, c.error),
            inset: 0.5,
            tip: true,
            title: (c: MapCell) =>
              `λ1 = ${formatLambda(c.lambda1)}, λ2 = ${formatLambda(c.lambda2)}\nadjusted Rand ${c.ari.toFixed(3)}\n${errorName} ${c.error.toPrecision(3)}\n${c.groups} distinct values`,
          }),
          Plot.text(data, { x: 'x', y: 'y', text, fontSize: 9, fill: dark(key) }),
          Plot.cell([nearest], { x: 'x', y: 'y', stroke: '#000', strokeWidth: 2.5, fill: 'none' }),
        ],
      }),
    );
  return [
    one(
      'ari',
      'Adjusted Rand of the groups over λ1 × λ2 (outlined: Play’s weights)',
      { scheme: 'blues', domain: [0, 1], legend: true, label: 'adjusted Rand' },
      (c) => c.ari.toFixed(2),
    ),
    one(
      'error',
      `${errorName} over λ1 × λ2 (outlined: Play’s weights)`,
      { type: 'log', scheme: 'oranges', domain: [lo, hi], legend: true, label: errorName, tickFormat: formatLambda },
      (c) => Number(c.error.toPrecision(2)).toString(),
    ),
  ];
}

/** A cross-validated path: the mean held-out score ± its standard error at each point, the best
 * point (ring), the one-standard-error choice (square) and Play's value (dashed). */
export function cvPath(
  cv: { metric: string; points: { lambda: number; mean: number; se: number }[]; best: number; best1se: number },
  current: number,
  penalty: string,
  width: number,
): HTMLElement {
  const label = `cross-validated ${cv.metric}`;
  return figure(
    `Cross-validated ${cv.metric} along the path (ring: least; square: one-standard-error choice)`,
    CAPTIONS.cvPath,
    Plot.plot({
      width,
      height: 240,
      grid: true,
      marginLeft: 56,
      x: { type: 'log', label: `${penalty} (strong → weak)`, reverse: true, tickFormat: formatLambda },
      y: valueAxis(
        cv.points.flatMap((p) => [p.mean - p.se, p.mean + p.se]).filter((v) => v > 0),
        label,
      ),
      marks: [
        Plot.ruleX(cv.points, {
          x: 'lambda',
          y1: (p: { mean: number; se: number }) => p.mean - p.se,
          y2: (p: { mean: number; se: number }) => p.mean + p.se,
          stroke: '#999',
        }),
        Plot.line(cv.points, { x: 'lambda', y: 'mean', stroke: PALETTE[4] }),
        Plot.dot(cv.points, {
          x: 'lambda',
          y: 'mean',
          fill: PALETTE[4],
          r: 2.5,
          tip: true,
          title: (p: { lambda: number; mean: number; se: number }) =>
            `${penalty} = ${formatLambda(p.lambda)}\n${cv.metric} ${p.mean.toPrecision(4)} ± ${p.se.toPrecision(2)}`,
        }),
        Plot.dot([cv.points[cv.best]], { x: 'lambda', y: 'mean', stroke: PALETTE[3], r: 7, strokeWidth: 2 }),
        Plot.dot([cv.points[cv.best1se]], { x: 'lambda', y: 'mean', stroke: '#000', symbol: 'square', r: 6, strokeWidth: 1.5 }),
        Plot.ruleX([current], { stroke: '#999', strokeDasharray: '4,3' }),
      ],
    }),
  );
}

/** Coefficients along the penalty's grid (λ, or GEM's and LEM's γ), each feature coloured by its
 * true group, the learnt centres (GEM, LEM) as thick black lines, and the distinct values. */
export function path(
  points: PathPoint[],
  stats: PathStat[],
  current: number,
  errorName: string,
  width: number,
  penalty = 'λ',
  centres: CentrePoint[] = [],
): HTMLElement[] {
  const groups = new Set(points.map((p) => p.group)).size;
  return [
    figure(
      `Coefficient paths (colour: true group${centres.length ? '; black: the learnt centres' : ''})`,
      centres.length ? CAPTIONS.priorPath : CAPTIONS.path,
      Plot.plot({
        width,
        height: 320,
        grid: true,
        x: { type: 'log', label: `${penalty} (strong → weak)`, reverse: true, tickFormat: formatLambda },
        y: { label: 'coefficient' },
        color: { type: 'ordinal', range: PALETTE, legend: groups <= PALETTE.length, tickFormat: (g: number) => `true group ${g + 1}` },
        marks: [
          Plot.line(points, { x: 'lambda', y: 'coef', z: 'feature', stroke: 'group', strokeOpacity: 0.7 }),
          Plot.line(centres, { x: 'lambda', y: 'value', z: 'centre', stroke: '#222', strokeWidth: 3 }),
          Plot.ruleX([current], { stroke: '#999', strokeDasharray: '4,3' }),
        ],
      }),
    ),
    errorPath(stats, current, errorName, width, `${errorName} along the path (ring: Play’s ${penalty})`, penalty),
  ];
}

/** A table's error curves with ±1 std bars, and the paper's figures as hollow diamonds. */
/** Our curves beside the paper's figures; a table with several metrics per value (E6: accuracy
 * and AUC for each α) gets one figure per metric. */
export function experiment(r: ExperimentResult, width: number): HTMLElement[] {
  const metrics = [...new Set(r.columnMetrics)];
  if (metrics.length === 1)
    return [
      experimentFigure(
        r,
        r.columns.map((_, i) => i),
        metricName(metrics[0]),
        r.title,
        width,
      ),
    ];
  return metrics.map((m) =>
    experimentFigure(
      r,
      r.columns.map((_, i) => i).filter((i) => r.columnMetrics[i] === m),
      metricName(m),
      `${r.title}: ${metricName(m)}`,
      width,
    ),
  );
}

const metricName = (m: string) =>
  (
    ({ 'test-mse': 'test MSE', 'test-mae': 'test MAE', 'coef-error': '‖w* − ŵ‖', accuracy: 'accuracy', auc: 'AUC' }) as Record<
      string,
      string
    >
  )[m] ?? m;

function experimentFigure(r: ExperimentResult, cells: number[], metric: string, title: string, width: number): HTMLElement {
  const ours = r.rows.flatMap((row) =>
    cells.map((i) => {
      const c = row.cells[i];
      return { method: row.method, x: r.columns[i], mean: c.mean, lo: Math.max(c.mean - c.std, c.mean / 20), hi: c.mean + c.std };
    }),
  );
  const paper = r.rows.flatMap((row) =>
    cells.filter((i) => row.paper?.[i]).map((i) => ({ method: row.method, x: r.columns[i], mean: row.paper![i].mean })),
  );
  const domain = r.rows.map((row) => row.method);
  return figure(
    `${title} — ours (lines, ±1 std) and the paper (◇)`,
    CAPTIONS.experiment,
    Plot.plot({
      width,
      height: 380,
      grid: true,
      x: { label: r.column, type: r.column === 'sigma' || r.column === 'train fraction' ? 'log' : 'linear' },
      y: valueAxis(
        ours.map((p) => p.mean),
        metric,
      ),
      color: { domain, range: domain.map((_, i) => colorOf(i)), legend: true },
      symbol: { domain, range: domain.map((_, i) => SYMBOLS[Math.floor(i / 8) % SYMBOLS.length]) },
      marks: [
        Plot.ruleX(ours, { x: 'x', y1: 'lo', y2: 'hi', stroke: 'method' }),
        Plot.line(ours, { x: 'x', y: 'mean', stroke: 'method' }),
        Plot.dot(ours, { x: 'x', y: 'mean', fill: 'method', symbol: 'method', r: 3.5 }),
        Plot.dot(paper, { x: 'x', y: 'mean', stroke: 'method', symbol: 'diamond', r: 6, strokeWidth: 1.5, tip: true }),
      ],
    }),
  );
}

/** Your data: each feature's coefficient, coloured by its group, numbered as in the table
 * (`groupOf(j)`: 1 = the largest shared weight). */
export function featureWeights(names: string[], model: Model, groupOf: (j: number) => number, width: number): HTMLElement {
  const rows = names.map((name, j) => ({ name, weight: model.coef[j], group: groupOf(j) }));
  const G = new Set(rows.map((r) => r.group)).size;
  return figure(
    'Coefficients of the features, by group found',
    CAPTIONS.groups,
    Plot.plot({
      width,
      height: Math.max(160, 40 + 18 * rows.length),
      marginLeft: Math.min(180, 10 + 7 * Math.max(...names.map((n) => n.length))),
      x: { label: 'coefficient', grid: true },
      y: {
        label: null,
        domain: rows
          .slice()
          .sort((a, b) => b.weight - a.weight)
          .map((r) => r.name),
      },
      color:
        G <= PALETTE.length
          ? {
              type: 'ordinal',
              domain: [...new Set(rows.map((r) => r.group))].sort((a, b) => a - b),
              range: PALETTE,
              legend: true,
              tickFormat: (g: number) => `group ${g}`,
            }
          : { scheme: 'viridis', legend: true },
      marks: [Plot.barX(rows, { y: 'name', x: 'weight', fill: 'group', tip: true }), Plot.ruleX([0])],
    }),
  );
}

/** Your data: the cross-validated error over the grid (one line per Q when Q is searched too). */
export function cvCurve(cv: CrossValidationResult, width: number): HTMLElement {
  const key = Object.keys(cv.best).find((k) => k.startsWith('lambda')) ?? Object.keys(cv.best)[0];
  const points = cv.grid.map((p, i) => ({
    x: p.params[key],
    mean: p.mean,
    lo: p.mean - p.std,
    hi: p.mean + p.std,
    series:
      Object.entries(p.params)
        .filter(([k]) => k !== key)
        .map(([k, v]) => `${k} = ${formatLambda(v)}`)
        .join(', ') || cv.method,
    best: i === cv.bestIndex,
  }));
  const series = [...new Set(points.map((p) => p.series))];
  return figure(
    `Cross-validated ${cv.metric.toUpperCase()} against ${key === 'lambda' ? 'λ' : key}`,
    CAPTIONS.cv,
    Plot.plot({
      width,
      height: 260,
      grid: true,
      marginLeft: 60,
      x: { type: 'log', label: key === 'lambda' ? 'λ' : key, tickFormat: formatLambda },
      y: valueAxis(
        points.map((p) => p.mean),
        `CV ${cv.metric.toUpperCase()}`,
      ),
      color: { domain: series, range: series.map((_, i) => colorOf(i)), legend: series.length > 1 },
      marks: [
        Plot.ruleX(points, { x: 'x', y1: 'lo', y2: 'hi', stroke: 'series', strokeOpacity: 0.5 }),
        Plot.line(points, { x: 'x', y: 'mean', stroke: 'series', marker: 'circle' }),
        Plot.dot(
          points.filter((p) => p.best),
          { x: 'x', y: 'mean', stroke: '#000', r: 7, strokeWidth: 2 },
        ),
      ],
    }),
  );
}
