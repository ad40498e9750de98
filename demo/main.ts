// The demo: one E1 problem generated in the browser, fitted by IHC and LSK (and the Oracle,
// which knows the true groups), with the coefficients drawn against the truth.
import * as Plot from '@observablehq/plot';
import { load, logGrid, type Model, type SyntheticData } from 'supclust';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// Okabe–Ito: a colour-blind-safe categorical palette.
const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#D55E00', '#0072B2', '#CC79A7', '#F0E442', '#000000'];
// The method drawn beside IHC, with the options the demo uses for it.
const RIVALS: Record<string, { label: string; options: Record<string, unknown> }> = {
  lsk: { label: 'LSK (least squares + k-means)', options: { Q: 5 } },
  cgpg: { label: 'CGPG (conditional gradient, then IHC)', options: { Q: 5, lambda: 1e-2, cgIterations: 300 } },
  cg: { label: 'CG (conditional gradient, rounded)', options: { Q: 5, lambda: 1e-2, maxIterations: 300 } },
  oscar: { label: 'OSCAR', options: { lambda1: 0.05, lambda2: 0.002 } },
  lasso: { label: 'Lasso', options: { lambda: 0.05 } },
  ridge: { label: 'Least squares', options: { lambda: 0 } },
  ihcs: { label: 'IHCS (s = 100)', options: { Q: 5, s: 100 } },
};
const ORACLE = 'Oracle (true groups)';

const runtime = $('runtime');
const sc = await load().catch((e) => {
  runtime.textContent = `Could not start supclust: ${e.message}`;
  throw e;
});
runtime.textContent = `wasm build: ${sc.info.variant} · SIMD on · ${sc.info.threads} thread${sc.info.threads > 1 ? 's' : ''}` +
  (sc.info.variant === 'simd' ? ' — threads need a cross-origin isolated page (COOP: same-origin, COEP: require-corp)' : '');
runtime.dataset.variant = sc.info.variant;

const distance = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Math.sqrt(Array.from(a).reduce((s, x, i) => s + (x - b[i]) ** 2, 0));

function draw(data: SyntheticData, fits: { label: string; model: Model }[]) {
  const order = Array.from(data.coef.keys()).sort((i, j) => data.coef[i] - data.coef[j]);
  const plots = $('plots');
  plots.replaceChildren(...fits.filter((f) => f.label !== ORACLE).map(({ label, model }) => {
    const G = model.centroids.length / model.outputs;
    const points = order.map((j, rank) => ({ rank, truth: data.coef[j], estimate: model.coef[j], group: model.groups[j] + 1 }));
    const fig = document.createElement('figure');
    const title = document.createElement('h2');
    title.textContent = `${label} — ${G} group${G > 1 ? 's' : ''}`;
    // Up to eight groups: one Okabe–Ito colour each; more (OSCAR, lasso…): colour by value.
    const color = G <= PALETTE.length
      ? { type: 'ordinal' as const, range: PALETTE, legend: true, tickFormat: (g: number) => `group ${g}` }
      : { type: 'linear' as const, scheme: 'viridis' as const, legend: true, label: 'estimate' };
    fig.append(title, Plot.plot({
      width: 520, height: 300, grid: true,
      x: { label: 'feature (sorted by true coefficient)' },
      y: { label: 'coefficient' },
      color,
      marks: [
        Plot.lineY(points, { x: 'rank', y: 'truth', curve: 'step', stroke: '#000', strokeWidth: 1.5 }),
        Plot.dot(points, { x: 'rank', y: 'estimate', fill: G <= PALETTE.length ? 'group' : 'estimate', r: 3, tip: true }),
      ],
    }));
    return fig;
  }));
}

let generation = 0;
async function run() {
  const mine = ++generation;
  document.body.dataset.state = 'running';
  const n = Number($<HTMLInputElement>('n').value), sigma = Number($<HTMLInputElement>('sigma').value);
  const seed = Math.max(0, Math.floor(Number($<HTMLInputElement>('seed').value) || 0));
  $('n-value').textContent = String(n);
  $('sigma-value').textContent = String(sigma);
  try {
    const data = await sc.generate('e1', { n, d: 100, Q: 5, sigma, seed });
    current = data;
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
    const rival = $<HTMLSelectElement>('rival').value;
    const runs = [
      { name: 'ihc', label: 'IHC', options: { Q: 5 } },
      { name: rival, ...RIVALS[rival] },
      { name: 'oracle', label: ORACLE, options: { groups: data.groups } },
    ];
    const fits = [];
    for (const m of runs) {
      const t0 = performance.now();
      const model = await sc.fit(m.name, { ...base, ...m.options });
      fits.push({ ...m, model, ms: performance.now() - t0, error: distance(model.coef, data.coef) });
    }
    if (mine !== generation) return;  // a newer request superseded this one
    $('errors').querySelector('tbody')!.replaceChildren(...fits.map((f) => {
      const tr = document.createElement('tr');
      tr.dataset.method = f.name;
      for (const text of [f.label, f.error.toFixed(3), String(new Set(f.model.groups).size), String(f.model.iterations), `${f.ms.toFixed(1)} ms`]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }));
    draw(data, fits);
    document.body.dataset.state = 'done';
  } catch (e) {
    runtime.textContent = `Error: ${(e as Error).message}`;
    document.body.dataset.state = 'error';
  }
}

// Cross-validation of IHC's λ on the current problem, in the worker (threads when isolated).
let current: SyntheticData | undefined;
let cvAbort: AbortController | undefined;
async function crossValidate() {
  if (!current) return;
  const out = $('cv-result'), bar = $<HTMLProgressElement>('cv-progress');
  cvAbort = new AbortController();
  $<HTMLButtonElement>('cv-cancel').disabled = false;
  document.body.dataset.cv = 'running';
  const t0 = performance.now();
  try {
    const r = await sc.crossValidate('ihc', { X: current.X, nRows: current.nRows, nCols: current.nCols, y: current.y, Q: 5 },
      { grid: { lambda: logGrid(10, 1e-4, 9) }, folds: 5, seed: 1 },
      { signal: cvAbort.signal, onProgress: (p) => { bar.value = p.done / p.total; } });
    out.textContent = `chosen λ = ${r.best.lambda.toPrecision(3)} (5-fold CV MSE ${r.grid[r.bestIndex].mean.toFixed(3)} ± ` +
      `${r.grid[r.bestIndex].std.toFixed(3)}), ${r.grid.length} grid points in ${(performance.now() - t0).toFixed(0)} ms on ` +
      `${sc.info.threads} thread${sc.info.threads > 1 ? 's' : ''}`;
    out.dataset.lambda = String(r.best.lambda);
    document.body.dataset.cv = 'done';
  } catch (e) {
    out.textContent = (e as Error).message;
    document.body.dataset.cv = (e as { code?: string }).code === 'aborted' ? 'cancelled' : 'error';
  } finally {
    $<HTMLButtonElement>('cv-cancel').disabled = true;
  }
}
$('cv-run').addEventListener('click', () => void crossValidate());
$('cv-cancel').addEventListener('click', () => cvAbort?.abort());

for (const id of ['n', 'sigma', 'seed', 'rival']) $(id).addEventListener('input', run);
$('refit').addEventListener('click', () => {
  const seed = $<HTMLInputElement>('seed');
  seed.value = String(Number(seed.value) + 1);
  void run();
});
void run();
