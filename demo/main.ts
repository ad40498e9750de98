// The demo: one E1 problem generated in the browser, fitted by IHC and LSK (and the Oracle,
// which knows the true groups), with the coefficients drawn against the truth.
import * as Plot from '@observablehq/plot';
import { load, type Model, type SyntheticData } from 'supclust';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// Okabe–Ito: a colour-blind-safe categorical palette.
const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#D55E00', '#0072B2', '#CC79A7', '#F0E442', '#000000'];
const METHODS = [
  { name: 'ihc', label: 'IHC' },
  { name: 'lsk', label: 'LSK (least squares + k-means)' },
  { name: 'oracle', label: 'Oracle (true groups)' },
];

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
  plots.replaceChildren(...fits.filter((f) => f.label !== METHODS[2].label).map(({ label, model }) => {
    const points = order.map((j, rank) => ({ rank, truth: data.coef[j], estimate: model.coef[j], group: `group ${model.groups[j] + 1}` }));
    const fig = document.createElement('figure');
    const title = document.createElement('h2');
    title.textContent = label;
    fig.append(title, Plot.plot({
      width: 520, height: 300, grid: true,
      x: { label: 'feature (sorted by true coefficient)' },
      y: { label: 'coefficient' },
      color: { range: PALETTE, legend: true },
      marks: [
        Plot.lineY(points, { x: 'rank', y: 'truth', curve: 'step', stroke: '#000', strokeWidth: 1.5 }),
        Plot.dot(points, { x: 'rank', y: 'estimate', fill: 'group', r: 3, tip: true }),
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
    const base = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
    const fits = [];
    for (const m of METHODS) {
      const t0 = performance.now();
      const model = await sc.fit(m.name, m.name === 'oracle' ? { ...base, groups: data.groups } : { ...base, Q: 5 });
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

for (const id of ['n', 'sigma', 'seed']) $(id).addEventListener('input', run);
$('refit').addEventListener('click', () => {
  const seed = $<HTMLInputElement>('seed');
  seed.value = String(Number(seed.value) + 1);
  void run();
});
void run();
