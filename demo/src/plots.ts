// The demo's figures, drawn with Observable Plot in the Okabe–Ito palette (colour-blind safe).
import * as Plot from '@observablehq/plot';
import type { ExperimentResult, Model } from 'supclust';
import { contingency } from './partition.js';

export const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#D55E00', '#0072B2', '#CC79A7', '#F0E442', '#000000'];
const colorOf = (i: number) => PALETTE[i % PALETTE.length];

function figure(label: string, plot: Element): HTMLElement {
  const f = document.createElement('figure');
  f.setAttribute('aria-label', label);
  const cap = document.createElement('figcaption');
  cap.textContent = label;
  f.append(cap, plot);
  return f;
}

/** True coefficients (black steps) and the estimates, features sorted by true value. */
export function coefficients(truth: ArrayLike<number>, model: Model, label: string, width: number): HTMLElement {
  const order = Array.from({ length: truth.length }, (_, j) => j).sort((i, j) => truth[i] - truth[j]);
  const G = model.centroids.length / model.outputs;
  const points = order.map((j, rank) => ({ rank, feature: j + 1, truth: truth[j], estimate: model.coef[j * model.outputs], group: model.groups[j] + 1 }));
  const byGroup = G <= PALETTE.length;
  return figure(label, Plot.plot({
    width, height: 280, grid: true,
    x: { label: 'feature (sorted by true coefficient)' }, y: { label: 'coefficient' },
    color: byGroup ? { type: 'ordinal', range: PALETTE, legend: true, tickFormat: (g: number) => `group ${g}` }
      : { type: 'linear', scheme: 'viridis', legend: true, label: 'estimate' },
    marks: [
      Plot.lineY(points, { x: 'rank', y: 'truth', curve: 'step', stroke: '#000', strokeWidth: 1.5 }),
      Plot.dot(points, { x: 'rank', y: 'estimate', fill: byGroup ? 'group' : 'estimate', r: 3, tip: true,
        title: (p: { feature: number; truth: number; estimate: number }) => `feature ${p.feature}\ntrue ${p.truth.toFixed(3)}\nestimate ${p.estimate.toFixed(3)}` }),
    ],
  }));
}

/** How the found groups cover the true ones: counts of features per (true, found) pair. */
export function partition(truth: ArrayLike<number>, found: ArrayLike<number>, ari: number, width: number): HTMLElement {
  const cells = [...contingency(truth, found)].map(([key, count]) => {
    const [t, f] = key.split(',').map(Number);
    return { truth: String(t + 1), found: String(f + 1), count };
  });
  // Group numbers in numeric order (an ordinal scale would sort the strings: 1, 10, 11, 2 …).
  const domain = (values: ArrayLike<number>) => [...new Set(Array.from(values))].sort((a, b) => a - b).map((g) => String(g + 1));
  const columns = domain(found), rows = domain(truth);
  return figure(`Partition: true groups × found groups (adjusted Rand ${ari.toFixed(3)})`, Plot.plot({
    width: Math.min(width, Math.max(320, 60 + 34 * columns.length)), height: Math.max(220, 60 + 26 * rows.length),
    marginLeft: 50, marginBottom: 40, padding: 0.05,
    x: { label: 'found group', domain: columns }, y: { label: 'true group', domain: rows },
    color: { scheme: 'blues', domain: [0, Math.max(...cells.map((c) => c.count))], legend: true, label: 'features' },
    marks: [
      Plot.cell(cells, { x: 'found', y: 'truth', fill: 'count', inset: 0.5 }),
      Plot.text(cells, { x: 'found', y: 'truth', text: 'count', fill: (c: { count: number }) => (c.count > 12 ? 'white' : 'black') }),
    ],
  }));
}

/** The objective at each iteration. */
export function trace(model: Model, width: number): HTMLElement {
  const points = model.history.map((f, i) => ({ iteration: i, objective: f }));
  const positive = points.every((p) => p.objective > 0);
  return figure(`Objective trace (${model.iterations} iterations)`, Plot.plot({
    width: Math.min(width, 420), height: 260, grid: true,
    x: { label: 'iteration' }, y: { label: 'objective', type: positive ? 'log' : 'linear' },
    marks: [Plot.line(points, { x: 'iteration', y: 'objective', stroke: PALETTE[4] }), Plot.dot(points.slice(-1), { x: 'iteration', y: 'objective', fill: PALETTE[4] })],
  }));
}

export interface PathPoint { lambda: number; feature: number; coef: number; group: number }

/** Coefficients along the λ grid, each feature coloured by its true group. */
export function path(points: PathPoint[], stats: { lambda: number; groups: number; error: number }[], width: number): HTMLElement[] {
  return [
    figure('Coefficient paths (colour: true group)', Plot.plot({
      width, height: 320, grid: true,
      x: { type: 'log', label: 'λ (strong → weak)', reverse: true }, y: { label: 'coefficient' },
      color: { type: 'ordinal', range: PALETTE, legend: true, tickFormat: (g: number) => `true group ${g + 1}` },
      marks: [Plot.line(points, { x: 'lambda', y: 'coef', z: 'feature', stroke: 'group', strokeOpacity: 0.7 })],
    })),
    figure('Distinct values and error along the path', Plot.plot({
      width, height: 220, grid: true,
      x: { type: 'log', label: 'λ', reverse: true }, y: { type: 'log', label: 'distinct values (dots) · ‖w* − ŵ‖ (line)' },
      marks: [
        Plot.dot(stats, { x: 'lambda', y: 'groups', fill: PALETTE[0], r: 3, tip: true }),
        Plot.line(stats, { x: 'lambda', y: 'error', stroke: PALETTE[4] }),
      ],
    })),
  ];
}

/** A table's error curves with ±1 std bars, and the paper's figures as hollow diamonds. */
export function experiment(r: ExperimentResult, width: number): HTMLElement {
  const ours = r.rows.flatMap((row) => row.cells.map((c, i) => ({ method: row.method, x: r.columns[i], mean: c.mean, lo: Math.max(c.mean - c.std, c.mean / 20), hi: c.mean + c.std })));
  const paper = r.rows.flatMap((row) => (row.paper ?? []).map((c, i) => ({ method: row.method, x: r.columns[i], mean: c.mean })));
  const domain = r.rows.map((row) => row.method);
  return figure(`${r.title} — ours (lines, ±1 std) and the paper (◇)`, Plot.plot({
    width, height: 360, grid: true,
    x: { label: r.column, type: r.column === 'sigma' ? 'log' : 'linear' },
    y: { type: 'log', label: r.metric === 'test-mse' ? 'test MSE' : r.metric === 'test-mae' ? 'test MAE' : '‖w* − ŵ‖' },
    color: { domain, range: domain.map((_, i) => colorOf(i)), legend: true },
    marks: [
      Plot.ruleX(ours, { x: 'x', y1: 'lo', y2: 'hi', stroke: 'method', dx: 0 }),
      Plot.line(ours, { x: 'x', y: 'mean', stroke: 'method', marker: 'circle' }),
      Plot.dot(paper, { x: 'x', y: 'mean', stroke: 'method', symbol: 'diamond', r: 6, strokeWidth: 1.5, tip: true }),
    ],
  }));
}
