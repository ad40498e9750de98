// The demo as a new user meets it (production build, Debian chromium): explained, presets that
// work, charts that read correctly, Paths that agree with Play, Your data without stale state,
// URL state that matches the controls, tab history, export, and a phone layout.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { root } from '../web/helpers.js';
import { load, logGrid } from '../../dist/node/index.js';
import { adjustedRand, distinctPartition } from '../../demo/src/partition.js';
import { isolatedDemo, longTasks, openDemoPage, watchLongTasks } from './server.js';

const env = isolatedDemo();

const open = (query: string, viewport?: { width: number; height: number }) => openDemoPage(env, query, viewport);
const done = (page: Page, key: string, value = 'done') =>
  page.waitForFunction(([k, v]) => document.body.dataset[k as string] === v, [key, value] as const, { timeout: 60_000 });

/** Summary rows: method → { error, ari (first row only), test }. */
const summary = (page: Page) =>
  page.$$eval('#play-summary tbody tr', (rows) =>
    Object.fromEntries(
      rows.map((r) => {
        const d = (r as HTMLElement).dataset;
        return [d.method, { error: Number(d.error), ari: d.ari ? Number(d.ari) : NaN, test: Number(d.test) }];
      }),
    ),
  );

describe('weight-grouping priors in Play', () => {
  it('fits GEM with γ = λ and Q centres, and draws the histogram of its coefficients', async () => {
    const page = await open('?method=gem&lambda=0.01');
    expect(await page.textContent('#play-about')).toMatch(/^GEM .*weight-grouping priors/);
    expect(await page.$eval('#play-summary tr[data-method="gem"]', (e) => (e as HTMLElement).dataset.status)).toBe('converged');
    const bars = await page.$$eval('#play-figures figure[aria-label$="histogram of the coefficients"] svg rect', (r) => r.length);
    expect(bars).toBeGreaterThanOrEqual(3);
    await page.close();
  });
});

describe('the tour', () => {
  it('takes four states in four clicks, each explained, the active step marked', async () => {
    const page = await open('');
    const steps = await page.$$eval('#tour button', (b) => b.map((x) => x.textContent));
    expect(steps).toEqual(['1 · IHC finds the groups', '2 · n < d', '3 · Experts split the samples', '4 · Tasks in clusters']);
    await page.click('#tour button[data-step="1"]');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.getElementById('play-n-value')?.textContent === '80',
    );
    expect(new URL(page.url()).searchParams.get('n')).toBe('80');
    expect(await page.textContent('#tour-note')).toContain('Fewer samples than features');
    expect(await page.getAttribute('#tour button[data-step="1"]', 'aria-pressed')).toBe('true');
    await page.click('#tour button[data-step="2"]');
    await done(page, 'experts');
    expect(await page.getAttribute('#tab-experts', 'aria-selected')).toBe('true');
    await page.click('#tour button[data-step="3"]');
    await done(page, 'tasks');
    expect(await page.getAttribute('#tab-tasks', 'aria-selected')).toBe('true');
    await page.click('#tour button[data-step="0"]');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.getElementById('play-n-value')?.textContent === '150',
    );
    expect(await page.getAttribute('#tab-play', 'aria-selected')).toBe('true');
    expect(await page.getAttribute('#tour button[data-step="1"]', 'aria-pressed')).toBe('false');
    // The first step's claim: IHC finds the 5 groups exactly on this problem.
    expect((await summary(page)).ihc.ari).toBe(1);
    await page.close();
  });
});

describe('explained', () => {
  it('says what the method does, how to read each figure, and what the columns mean', async () => {
    const page = await open('');
    expect(await page.textContent('#play-about')).toMatch(/^IHC .*at most Q distinct values.*IHC paper/);
    const captions = await page.$$eval('#play-figures figure .how', (ps) => ps.map((p) => p.textContent ?? ''));
    expect(captions.length).toBeGreaterThanOrEqual(3);
    for (const c of captions) expect(c.length).toBeGreaterThan(40);
    const terms = await page.$$eval('#play-glossary dt', (d) => d.map((x) => x.textContent));
    expect(terms).toEqual(expect.arrayContaining(['‖w* − ŵ‖', 'adjusted Rand', 'test MSE']));
    // The baselines are drawn over the truth (hollow marks), and can be hidden.
    const marks = () =>
      [...document.querySelectorAll('#play-figures > figure:first-child svg [aria-label="dot"]')].reduce(
        (s, g) => s + g.children.length,
        0,
      );
    const before = await page.evaluate(marks);
    await page.uncheck('input[name="overlay"][value="lasso"]');
    await page.uncheck('input[name="overlay"][value="ridge"]');
    // The redrawn figure has d = 100 marks fewer per hidden baseline (and no more than that).
    await page.waitForFunction(
      (expected) =>
        document.body.dataset.state === 'done' &&
        [...document.querySelectorAll('#play-figures > figure:first-child svg [aria-label="dot"]')].reduce(
          (s, g) => s + g.children.length,
          0,
        ) <= expected,
      before - 200,
      { timeout: 30_000 },
    );
    expect(await page.evaluate(marks)).toBe(before - 200);
    expect(page.url()).toContain('overlays=');
    await page.close();
  });

  it('has presets that set working hyperparameters: classification and sparse groups recover the groups', async () => {
    const page = await open('?task=classification'); // the default problem, as labels: too few for d = 100
    expect(await page.textContent('#play-summary .warning')).toContain('“classification” preset');
    await page.selectOption('#play-preset', 'classification'); // d = 20: wait for that problem's summary
    await page.waitForFunction(() => document.body.dataset.state === 'done' && document.getElementById('play-summary')?.dataset.d === '20');
    const cls = await summary(page);
    expect(cls.ihc.ari).toBeGreaterThan(0.9);
    expect(cls.ihc.error).toBeLessThan(5); // degrees from the true direction
    expect(await page.textContent('#play-preset-note')).toContain('angle');
    expect(await page.$$eval('#play-summary .warning', (w) => w.length)).toBe(0);
    await page.selectOption('#play-preset', 'sparse');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.querySelector('#play-summary tr[data-method="ihcs"]'),
    );
    const sparse = await summary(page);
    expect(sparse.ihcs.ari).toBeGreaterThan(0.9);
    expect(sparse.ihcs.test).toBeLessThan(1.5 * sparse.oracle.test);
    expect(page.url()).toContain('zero=1');
    await page.close();
  });
});

describe('two-penalty methods', () => {
  it('get a λ2 slider of their own, kept in the URL', async () => {
    const page = await open('?method=gflasso');
    expect(await page.isVisible('#play-lambda2')).toBe(true);
    expect(await page.textContent('#play-about')).toContain('GFLasso');
    await page.locator('#play-lambda2').fill('-3');
    await page.waitForFunction(() => document.body.dataset.state === 'done' && location.search.includes('lambda2=0.001'));
    expect(await page.textContent('#play-lambda2-value')).toBe('1e-3');
    await page.selectOption('#play-method', 'ihc');
    await page.waitForFunction(
      () => document.querySelector('#play-summary tr[data-method="ihc"]') && document.body.dataset.state === 'done',
    );
    expect(await page.isHidden('#play-lambda2')).toBe(true);
    await page.close();
  });
});

describe('charts', () => {
  it('labels the objective trace with distinct values and keeps the heatmap legend inside its svg', async () => {
    let page = await open('?method=oscar'); // a convex fit's objective trace
    const trace = await page.$eval('#play-figures figure[aria-label^="Objective"]', (f) => ({
      label: f.getAttribute('aria-label') ?? '',
      ticks: [...f.querySelectorAll('[aria-label="y-axis tick label"] text')].map((t) => t.textContent ?? '').filter((t) => t !== ''), // minor log ticks are unlabelled
    }));
    expect(trace.ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(trace.ticks).size).toBe(trace.ticks.length);
    for (const t of trace.ticks) expect(t).not.toMatch(/[kmµ]$/);
    expect(trace.label).toMatch(/evaluations over \d+ iterations|each of \d+ iterations/);
    await page.close();
    page = await open('?Q=12&d=120&n=300'); // IHC: a partition of 12 groups
    const inside = await page.$eval('#play-figures figure[aria-label^="Partition"]', (f) => {
      const legend = f.querySelector('svg')!,
        box = legend.getBoundingClientRect();
      return [...legend.querySelectorAll('text')].every((t) => {
        const r = t.getBoundingClientRect();
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      });
    });
    expect(inside).toBe(true);
    await page.close();
  });

  it('gives every row of an 11-row table its own colour, and exports figures as SVG and PNG', async () => {
    const rows = 'Oracle,LS,LSK,IHC,IHC+hops,IHC+hops λ=1e-4,IHC+starts,OSCAR,CG,CGPG,CGPG+primal';
    const page = await open(`?view=tables&reps=1&rows=${encodeURIComponent(rows)}`);
    await page.click('#table-run');
    await done(page, 'table');
    const swatches = await page.$$eval('#table-figures figure svg', (s) => s.length);
    expect(swatches).toBeGreaterThanOrEqual(1);
    const colours = await page.$$eval('#table-figures figure [aria-label="line"] path', (ps) => ps.map((p) => p.getAttribute('stroke')));
    expect(colours.length).toBe(11);
    expect(new Set(colours).size).toBe(11);
    const svgDownload = page.waitForEvent('download');
    await page.click('#table-figures figure button.export:text("SVG")');
    const svg = await svgDownload;
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    const text = readFileSync(await svg.path()!, 'utf8');
    expect(text.startsWith('<svg')).toBe(true);
    expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
    const pngDownload = page.waitForEvent('download');
    await page.click('#table-figures figure button.export:text("PNG")');
    const png = readFileSync(await (await pngDownload).path()!);
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    await page.close();
  });
});

describe('pairwise penalties', () => {
  it('say where they form no groups, and group on their own preset', async () => {
    const page = await open('');
    await page.selectOption('#play-method', 'oscar');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && !!document.querySelector('#play-summary tr[data-method="oscar"]'),
      null,
      { timeout: 60_000 },
    );
    const oscar = await page.$eval('#play-summary tr[data-method="oscar"]', (r) => ({ ...(r as HTMLElement).dataset }));
    expect(Number(oscar.ari)).toBeLessThan(0.2);
    expect(await page.textContent('#play-summary')).toContain(
      `OSCAR does not group on this problem at these weights: its estimate has ${oscar.groups} distinct values`,
    );
    // The preset's claim: GFLasso ties the coefficients into (nearly) the true groups there.
    await page.selectOption('#play-preset', 'penalties');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && !!document.querySelector('#play-summary tr[data-method="gflasso"]'),
      null,
      { timeout: 60_000 },
    );
    expect(Number(await page.$eval('#play-summary tr[data-method="gflasso"]', (r) => (r as HTMLElement).dataset.ari))).toBeGreaterThan(0.5);
    expect(await page.textContent('#play-summary')).not.toContain('does not group');
    // Its error chart sweeps λ2, the weight that groups, and meets Play's fit at Play's λ2.
    await done(page, 'errorPath');
    expect(await page.textContent('#play-error-path figcaption')).toContain('along λ2');
    expect(await page.getAttribute('#play-error-path', 'data-agrees')).toBe('true');
    // For classes (near-separable labels) each gets a small ridge, and converges.
    await page.selectOption('#play-preset', 'classification');
    for (const method of ['oscar', 'dfg']) {
      await page.selectOption('#play-method', method);
      await page.waitForFunction(
        (m) => document.body.dataset.state === 'done' && !!document.querySelector(`#play-summary tr[data-method="${m}"]`),
        method,
        { timeout: 60_000 },
      );
      expect(await page.$eval(`#play-summary tr[data-method="${method}"]`, (r) => (r as HTMLElement).dataset.status), method).toBe(
        'converged',
      );
    }
    await page.close();
  }, 120_000);

  it('are mapped over λ1 × λ2 on the worker: every cell a fit, the best one as a fit in Node finds it', async () => {
    const page = await open('?n=300&d=30&Q=3&sigma=0.1&method=gflasso&lambda=0.000001&lambda2=0.003');
    await page.click('#tab-path');
    expect(await page.isVisible('#map-box')).toBe(true);
    await page.click('#map-run');
    await done(page, 'map');
    const cells = await page.$$eval('#map-figures figure:first-of-type g[aria-label="cell"]', (g) =>
      g.map((x) => x.querySelectorAll('rect').length),
    );
    expect(cells[0]).toBe(56);
    const best = JSON.parse((await page.getAttribute('#map-figures', 'data-best'))!);
    expect(best.ari).toBeGreaterThan(0.9);
    const sc = await load({ variant: 'simd' });
    const data = await sc.generate('e1', { n: 300, d: 30, Q: 3, sigma: 0.1, seed: 1, nTest: 1000 });
    const fit = await sc.fit('gflasso', {
      X: data.X,
      nRows: data.nRows,
      nCols: data.nCols,
      y: data.y,
      lambda1: best.lambda1,
      lambda2: best.lambda2,
    });
    sc.dispose();
    expect(Math.hypot(...Array.from(fit.coef, (c, j) => c - data.coef[j]))).toBeCloseTo(best.error, 6);
    expect(adjustedRand(data.groups, distinctPartition(fit.coef, 1).labels)).toBe(best.ari);
    // Not for methods with one weight.
    await page.click('#tab-play');
    await page.selectOption('#play-method', 'ihc');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && !!document.querySelector('#play-summary tr[data-method="ihc"]'),
      null,
      { timeout: 60_000 },
    );
    expect(await page.isHidden('#map-box')).toBe(true);
    await page.close();
  }, 120_000);
});

describe('Paths and Play', () => {
  it('agree at Play’s λ, and the paths are marked stale when the problem changes', async () => {
    const page = await open('?n=120&seed=3');
    await done(page, 'errorPath');
    expect(await page.getAttribute('#play-error-path', 'data-agrees')).toBe('true');
    const playError = (await summary(page)).ihc.error;
    await page.click('#tab-path');
    await page.click('#path-run');
    await done(page, 'path');
    expect(Number(await page.getAttribute('#path-figures', 'data-at-play'))).toBe(playError);
    // Its cross-validation: the least mean and the one-standard-error choice, as sc.path's own
    // cross-validation in Node finds them on the same grid (the slider's 29 values and Play's λ).
    const cv = JSON.parse((await page.getAttribute('#path-figures', 'data-cv'))!);
    const sc = await load({ variant: 'simd' });
    const data = await sc.generate('e1', { n: 120, d: 100, Q: 5, sigma: 0.5, seed: 3, nTest: 1000 });
    const grid = [...new Set([...logGrid(10, 1e-6, 29), 1e-4])].sort((a, b) => b - a);
    const p = await sc.path(
      'ihc',
      { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 5, lambda: 10 },
      { lambda: grid, folds: 5, devianceRatioChange: 0, devianceRatioMax: 1 },
    );
    sc.dispose();
    expect(cv).toEqual({ best: p.points[p.crossValidation!.best].lambda, best1se: p.points[p.crossValidation!.best1se].lambda });
    expect(await page.textContent('#path-status')).toMatch(/^5-fold cross-validation \(mse\) on the training samples: least at λ = /);
    expect(
      await page.$$eval('#path-figures figure[aria-label^="Cross-validated mse along the path"] svg', (f) => f.length),
    ).toBeGreaterThan(0);
    expect(await page.isHidden('#path-stale')).toBe(true);
    await page.click('#tab-play');
    await page.fill('#play-seed', '4');
    await page.dispatchEvent('#play-seed', 'input');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && (document.getElementById('play-seed') as HTMLInputElement).value === '4',
    );
    await page.click('#tab-path');
    expect(await page.isVisible('#path-stale')).toBe(true);
    await page.close();
  });

  it('draw GEM’s weights along γ with the centres it learns (the priors paper’s Figure 3)', async () => {
    const page = await open('?method=gem&lambda=0.01&Q=4');
    await done(page, 'errorPath');
    await page.click('#tab-path');
    await page.click('#path-run');
    await done(page, 'path');
    expect(await page.$$eval('#path-figures > figure', (f) => f.map((x) => x.getAttribute('aria-label')))).toEqual([
      'Coefficient paths (colour: true group; black: the learnt centres)',
      '‖w* − ŵ‖ along the path (ring: Play’s γ)',
    ]);
    expect(await page.textContent('#path-figures')).toContain('γ (strong → weak)');
    // One thick line per centre (Play's Q is GEM's number of centres), beside one thin line per feature.
    const centres = await page.$$eval(
      '#path-figures > figure:first-of-type [aria-label="line"] path',
      (ps) => ps.filter((p) => (p.getAttribute('stroke') ?? p.parentElement?.getAttribute('stroke')) === '#222').length,
    );
    expect(centres).toBe(4);
    expect(await page.textContent('#path-status')).toMatch(/at Play’s γ = /);
    await page.close();
  });
});

describe('experts in data space', () => {
  it('draws the samples and the experts found and true as lines when there is one dimension, one click away', async () => {
    const page = await open('?view=experts');
    await done(page, 'experts');
    // Five dimensions by default: no data-space figure, a button that sets one dimension.
    expect(await page.$$('#experts-figures figure[data-lines]')).toHaveLength(0);
    await page.click('#experts-data-space button');
    await page.waitForFunction(
      () => document.body.dataset.experts === 'done' && document.querySelector('#experts-figures figure[data-lines]'),
      undefined,
      { timeout: 60_000 },
    );
    expect(new URL(page.url()).searchParams.get('expertsD')).toBe('1');
    expect([await page.textContent('#experts-d-value'), await page.textContent('#experts-noise-value')]).toEqual(['1', '0']);
    expect(await page.$$eval('#experts-figures > figure', (f) => f.length)).toBe(3);
    // The lines drawn are the model's: the same problem and fit in Node (the view's defaults:
    // 400 samples, 500 test rows, Q = 3, σ = 0.1, seed 1, AM at λ = 1e-3).
    const lines = JSON.parse((await page.getAttribute('#experts-figures figure[data-lines]', 'data-lines')) ?? '[]');
    const sc = await load();
    const data = await sc.generate('experts', { n: 400, nTest: 500, d: 1, Q: 3, sigma: 0.1, noiseDims: 0, seed: 1 });
    const model = await sc.fit('experts-am', { X: data.X, nRows: data.nRows, nCols: 1, y: data.y, Q: 3, lambda: 1e-3 });
    expect(lines.map((l: { expert: number }) => l.expert)).toEqual([1, 2, 3]);
    lines.forEach((l: { intercept: number; slope: number }, q: number) => {
      expect(l.intercept).toBeCloseTo(model.intercept[q], 12);
      expect(l.slope).toBeCloseTo(model.coef[q], 12);
    });
    // Three true experts (dashed) and three found (solid): six line marks in the chart.
    expect(await page.$$eval('#experts-figures figure[data-lines] g[aria-label="line"]', (g) => g.length)).toBe(6);
    await page.close();
  });
});

describe('Your data', () => {
  it('clears every result after a failed load, and downloads everything needed to use the model', async () => {
    const page = await open('?view=data');
    await page.setInputFiles('#data-file', join(root, 'tests/e2e/fixtures/grouped.csv'));
    await done(page, 'data', 'loaded');
    await page.check('#data-cvQ');
    await page.click('#data-run');
    await done(page, 'data');
    expect(await page.$$eval('#data-figures > figure', (f) => f.map((x) => x.getAttribute('aria-label')))).toEqual([
      'Coefficients of the features, by group found',
      'Cross-validated MSE against λ',
    ]);
    // The chart numbers the groups as the table does (group 1: a, b, c, the largest weight).
    const colours = await page.$eval('#data-figures > figure', (f) => ({
      swatches: Object.fromEntries(
        [...f.querySelectorAll('[class$="-swatch"]')].map((s) => [s.textContent?.trim(), s.querySelector('svg')?.getAttribute('fill')]),
      ),
      bars: [...f.querySelectorAll('[aria-label="bar"] rect')].map((r) => r.getAttribute('fill')),
    }));
    const table = await page.$$eval('#data-groups tbody tr', (r) =>
      r.map((x) => [x.children[0].textContent, x.children[3].textContent, x.children[4].textContent]),
    );
    expect(table[0].slice(0, 2)).toEqual(['1', 'a, b, c']);
    expect(table[0][2]).toMatch(/^\d+ %$/); // how often half-samples keep a, b, c together
    expect(colours.bars.slice(0, 3)).toEqual([colours.swatches['group 1'], colours.swatches['group 1'], colours.swatches['group 1']]);
    expect(colours.bars[3]).toBe(colours.swatches['group 3']); // d: the negative group, last in the table
    // Another method chosen after the run: the result on screen is marked stale until the next run.
    const other = await page.$$eval('#data-method option', (o) => o.map((x) => (x as HTMLOptionElement).value).find((v) => v !== 'ihc'));
    const first = await page.$eval('#data-method', (e) => (e as HTMLSelectElement).value);
    await page.selectOption('#data-method', other!);
    expect(await page.evaluate(() => document.body.dataset.data)).toBe('stale');
    expect(await page.$eval('#data-figures', (e) => e.classList.contains('stale'))).toBe(true);
    expect(await page.textContent('#data-status')).toContain('computed with other settings');
    await page.selectOption('#data-method', first);
    await page.click('#data-run');
    await done(page, 'data');
    expect(await page.$eval('#data-figures', (e) => e.classList.contains('stale'))).toBe(false);
    const download = page.waitForEvent('download');
    await page.click('#data-json');
    const record = JSON.parse(readFileSync(await (await download).path()!, 'utf8'));
    expect(record.Q).toBe(3); // y = 2(a + b + c) − (d + e) + 0·(f + g): three groups, by the one-SE rule
    for (const key of ['intercept', 'lambda', 'cv', 'features', 'groups']) expect(record).toHaveProperty(key);
    expect(record.features[0]).toEqual(expect.objectContaining({ mean: expect.any(Number), scale: expect.any(Number) }));
    expect(record.cv.mean).toBeGreaterThan(0);
    expect(record.groups[0].stability).toBeGreaterThan(0);
    expect(record.groups[0].stability).toBeLessThanOrEqual(1);
    expect(`${Math.round(100 * record.groups[0].stability)} %`).toBe(table[0][2]);
    // A file that cannot be used: nothing of the previous one stays on screen or downloadable.
    await page.setInputFiles('#data-file', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('only\n1\n2\n') });
    await done(page, 'data', 'error');
    expect(await page.$$eval('#data-result > *, #data-figures > *', (e) => e.length)).toBe(0);
    expect(await page.isDisabled('#data-csv')).toBe(true);
    expect(await page.isDisabled('#data-json')).toBe(true);
    expect(await page.isDisabled('#data-run')).toBe(true);
    expect(await page.$$eval('#data-target option', (o) => o.length)).toBe(0);
    await page.close();
  });
});

describe('URL and history', () => {
  it('shows the URL’s values in the controls, clamped to their ranges', async () => {
    const page = await open('?n=2000&d=500&sigma=9&dataMethod=cg');
    for (const [id, value] of [
      ['n', '2000'],
      ['d', '500'],
      ['sigma', '5'],
    ]) {
      expect(await page.inputValue(`#play-${id}`)).toBe(value);
      expect(await page.textContent(`#play-${id}-value`)).toBe(value);
    }
    expect(await page.inputValue('#data-method')).toBe('ihc'); // cg is not offered there
    expect(page.url()).not.toContain('dataMethod');
    await page.close();
  });

  it('embeds the Play view alone (?embed=1, for an iframe), linking to the whole page, with a social preview image', async () => {
    const page = await open('?embed=1&n=120');
    expect(await page.isVisible('#play-figures figure')).toBe(true);
    expect(await page.isVisible('#play-scoreboard')).toBe(true);
    for (const hidden of ['nav[role=tablist]', '#tour', '#play-controls-box', '#play-summary', '#intro'])
      expect(await page.isHidden(hidden), hidden).toBe(true);
    expect(new URL((await page.getAttribute('#open-full', 'href'))!, page.url()).search).toBe('?n=120');
    const image = await page.getAttribute('meta[property="og:image"]', 'content');
    const response = await page.request.get(new URL(image!, page.url()).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    await page.close();
  });

  it('moves between tabs with back and forward', async () => {
    const page = await open('');
    await page.click('#tab-path');
    await page.click('#tab-tables');
    await page.goBack();
    await page.waitForFunction(() => !document.getElementById('view-path')!.hidden);
    expect(await page.getAttribute('#tab-path', 'aria-selected')).toBe('true');
    await page.goBack();
    await page.waitForFunction(() => !document.getElementById('view-play')!.hidden);
    await page.goForward();
    await page.waitForFunction(() => !document.getElementById('view-path')!.hidden);
    await page.close();
  });
});

describe('accessibility', () => {
  it('has no axe-core violation in any view, its results and charts on screen', async () => {
    const page = await open('?method=gflasso&n=300&d=30&Q=3&sigma=0.1&lambda=0.000001&lambda2=0.003');
    await done(page, 'errorPath');
    await page.addScriptTag({ content: readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8') });
    const violations = async (view: string) =>
      (
        await page.evaluate(async () => {
          const result = await (
            window as unknown as { axe: { run(c: Document): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }
          ).axe.run(document);
          return result.violations.map(
            (v) =>
              `${v.id}: ${v.nodes
                .slice(0, 2)
                .map((n) => n.html.slice(0, 100))
                .join(' | ')}`,
          );
        })
      ).map((v) => `${view}: ${v}`);
    const found = await violations('play');
    await page.click('#tab-path');
    await done(page, 'path');
    await page.click('#map-run');
    await done(page, 'map');
    found.push(...(await violations('path')));
    await page.click('#tab-tables');
    await page.fill('#table-reps', '1');
    await page.dispatchEvent('#table-reps', 'change');
    await page.click('#table-run');
    await done(page, 'table');
    found.push(...(await violations('tables')));
    await page.click('#tab-data');
    await page.click('#data-example');
    await done(page, 'data', 'loaded');
    await page.click('#data-run');
    await done(page, 'data');
    found.push(...(await violations('data')));
    await page.click('#tab-experts');
    await done(page, 'experts');
    found.push(...(await violations('experts')));
    await page.click('#tab-tasks');
    await done(page, 'tasks');
    found.push(...(await violations('tasks')));
    expect(found).toEqual([]);
    await page.close();
  }, 180_000);
});

describe('phone (390 × 844)', () => {
  it('shows a figure on the first screen and never scrolls sideways, in any view', async () => {
    const page = await open('', { width: 390, height: 844 });
    const top = await page.$eval('#play-figures figure', (f) => f.getBoundingClientRect().top);
    expect(top).toBeLessThan(844 - 200);
    await page.screenshot({ path: join(root, 'tests/e2e/screenshots/play-phone-first-screen.png') }); // the first screen only
    for (const view of ['play', 'path', 'tables', 'data']) {
      await page.click(`#tab-${view}`);
      if (view === 'path') {
        await page.click('#path-run');
        await done(page, 'path');
      }
      if (view === 'tables') {
        await page.fill('#table-reps', '1');
        await page.dispatchEvent('#table-reps', 'change');
        await page.click('#table-run');
        await done(page, 'table');
      }
      if (view === 'data') {
        await page.click('#data-example');
        await done(page, 'data', 'loaded');
        await page.click('#data-run');
        await done(page, 'data');
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), view).toBeLessThanOrEqual(390);
    }
    await page.close();
  });
});

describe('honest numbers', () => {
  it('scores GEM by its estimate: groups are its distinct values, its own assignment told apart', async () => {
    const page = await open('?method=gem&lambda=0.01');
    const groups = await page.$eval('#play-summary tr[data-method="gem"]', (r) => Number((r as HTMLElement).dataset.groups));
    // GEM's weights sit near their 5 centres, not at them: far more than 5 distinct values.
    expect(groups).toBeGreaterThan(5);
    expect(await page.textContent('#play-summary')).toMatch(
      /GEM .* assigns the coefficients to 5 centres \(adjusted Rand [0-9.]+\), but its estimate has \d+ distinct values/,
    );
    // IHC's estimate takes at most Q = 5 values: its groups are its centroids.
    await page.selectOption('#play-method', 'ihc');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && !!document.querySelector('#play-summary tr[data-method="ihc"]'),
      null,
      { timeout: 60_000 },
    );
    const ihc = await page.$eval('#play-summary tr[data-method="ihc"]', (r) => Number((r as HTMLElement).dataset.groups));
    expect(ihc).toBeLessThanOrEqual(5);
    await page.close();
  });

  it('offers the SVM for classification only, and CG for regression only', async () => {
    const page = await open('');
    const regression = await page.$$eval('#play-method option', (o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(regression).toContain('cg');
    expect(regression).not.toContain('svm');
    await page.close();
    const cls = await open('?task=classification&method=svm');
    const classification = await cls.$$eval('#play-method option', (o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(classification).toContain('svm');
    expect(classification).not.toContain('cg');
    expect(await cls.$eval('#play-summary tr[data-method="svm"]', (e) => (e as HTMLElement).dataset.status)).toBe('converged');
    await cls.close();
  });

  it("clears a table's result when another table is chosen, and ticks the new table's rows", async () => {
    const page = await open('?view=tables&reps=1&rows=LS,IHC');
    await page.click('#table-run');
    await done(page, 'table');
    expect(await page.$$eval('#table-result tr', (r) => r.length)).toBeGreaterThan(1);
    const other = await page.$$eval('#table-id option', (o) => o.map((x) => (x as HTMLOptionElement).value));
    const next = other.find((id) => id.startsWith('e5')) ?? other[1];
    await page.selectOption('#table-id', next);
    expect(await page.$$eval('#table-result *', (r) => r.length)).toBe(0);
    expect(await page.$$eval('#table-figures *', (r) => r.length)).toBe(0);
    expect((await page.textContent('#table-status'))?.trim()).toBe('');
    expect(await page.evaluate(() => document.body.dataset.table)).toBeUndefined();
    const ticked = await page.$$eval('#table-rows input:checked', (b) => b.map((x) => (x as HTMLInputElement).value));
    expect(ticked.length).toBeGreaterThan(1);
    expect(ticked.some((r) => r.includes('(ours)'))).toBe(false);
    await page.close();
  });
});

describe('presets, tables and names', () => {
  it('shows the active preset and clears its note once the problem leaves it', async () => {
    const page = await open('');
    expect(await page.$eval('#play-preset', (s) => (s as HTMLSelectElement).value)).toBe('default'); // the default problem is that preset
    await page.selectOption('#play-preset', 'classification');
    await page.waitForFunction(() => document.body.dataset.state === 'done' && !!document.querySelector('#play-summary tr'), null, {
      timeout: 60_000,
    });
    expect(await page.isHidden('#play-preset-note')).toBe(false);
    expect(await page.$eval('#play-preset', (s) => (s as HTMLSelectElement).value)).toBe('classification');
    await page.selectOption('#play-task', 'regression'); // leaves the preset
    await page.waitForFunction(() => (document.querySelector('#play-preset') as HTMLSelectElement).value === '', null, { timeout: 10_000 });
    expect(await page.isHidden('#play-preset-note')).toBe(true);
    await page.close();
  });

  it("opens another paper's table with its own rows ticked", async () => {
    const page = await open('?view=tables&table=e5-1');
    const ticked = await page.$$eval('#table-rows input:checked', (b) => b.map((x) => (x as HTMLInputElement).value));
    expect(ticked).toEqual(expect.arrayContaining(['Lasso', 'OSCAR', 'GFLasso', 'DFG', 'ADFG']));
    // Rows run on request only (ADFG's weight floors, each as long as ADFG) are left unticked.
    expect(ticked).not.toContain('ADFG floor 1e-3');
    expect(ticked).not.toContain('ADFG floor 1e-1');
    await page.close();
  });

  it('opens a table on the full grids where they took under a minute, else on fast grids, each such cell marked beside its full-grid figure', async () => {
    const measured = JSON.parse(readFileSync(join(root, 'bench/results/tables.json'), 'utf8'));
    const within = (id: string) => measured.tables[id]?.full?.seconds != null && measured.tables[id].full.seconds <= 60;
    const page = await open('?view=tables');
    expect(await page.isChecked('#table-fast')).toBe(!within('e1-n'));
    await page.selectOption('#table-id', 'e5-1');
    expect(await page.isChecked('#table-fast')).toBe(!within('e5-1'));
    expect(within('e5-1')).toBe(false); // ADFG's 3773 points
    await page.close();
    // A fast run: every cell marked, beside the measured run's full-grid figure.
    const fast = await open('?view=tables&table=e5-1&reps=1&rows=Lasso,GFLasso');
    await fast.click('#table-run');
    await done(fast, 'table');
    expect(await fast.textContent('#table-result caption')).toContain('† fast grids');
    const cells = await fast.$$eval('#table-result tbody tr', (r) =>
      r.map((x) => [...x.children].slice(1, -1).map((c) => c.textContent ?? '')),
    );
    const full = measured.tables['e5-1'].full;
    ['Lasso', 'GFLasso'].forEach((row, k) =>
      cells[k].forEach((text, i) => {
        expect(text).toMatch(/ †/);
        // A column the measured run did not have (E5's adjusted Rand index, added after it) says so.
        const figure = full.rows?.[row]?.[i];
        expect(text).toContain(`full grids: ${typeof figure === 'number' ? figure.toFixed(2) : 'not measured'}`);
      }),
    );
    await fast.close();
  }, 120_000);

  it("Your data leaves a row-number column unticked, names a column's bad cell and skips its row, and reads decimal commas", async () => {
    const page = await open('?view=data');
    const rows = Array.from({ length: 30 }, (_, i) => `${i + 1},${(i * 0.37) % 5},${i === 6 ? 'abc' : (i * 0.11) % 3},${(i * 0.53) % 7}`);
    await page.setInputFiles('#data-file', {
      name: 'ids.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['id,a,b,y', ...rows].join('\n')),
    });
    await done(page, 'data', 'loaded');
    expect(await page.isChecked('#data-features input[value="id"]')).toBe(false);
    expect(await page.isChecked('#data-features input[value="a"]')).toBe(true);
    expect(await page.textContent('#data-status')).toContain("column 'b', row 7: 'abc' is not a number");
    // One bad cell in 30 rows: the column stays offered (ticked), the cell named, its row skipped.
    expect(await page.isChecked('#data-features input[value="b"]')).toBe(true);
    expect(await page.textContent('#data-features')).toContain(
      "b (one cell is not a number: row 7: 'abc' is not a number; its row is skipped when it is used)",
    );
    await page.click('#data-run');
    await done(page, 'data');
    expect(await page.textContent('#data-status')).toContain('30 rows'.replace('30', '29'));
    expect(await page.textContent('#data-status')).toContain('(1 with a missing or bad cell skipped)');
    // A ';' file with decimal commas is read as such.
    const commas = Array.from(
      { length: 30 },
      (_, i) => `${((i * 0.37) % 5).toFixed(2).replace('.', ',')};${((i * 0.53) % 7).toFixed(2).replace('.', ',')}`,
    );
    await page.setInputFiles('#data-file', {
      name: 'commas.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['a;y', ...commas].join('\n')),
    });
    await done(page, 'data', 'loaded');
    expect(await page.textContent('#data-status')).toContain('numbers written with a decimal comma (3,5 = 3.5)');
    expect(await page.isChecked('#data-features input[value="a"]')).toBe(true);
    await page.close();
  });

  it('Your data reads and fits 50 000 rows without a main-thread task over 100 ms, beside the mean and ridge on the same folds', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await watchLongTasks(page);
    await page.goto(env.server.url + '?view=data');
    await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
    // y = x1 + x2 + 2 x3 + 2 x4 + noise; six more columns of noise. A file on disk (a buffer would
    // be decoded by the test driver in the page, a long task of its own).
    let seed = 1;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const lines = ['x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,y'];
    for (let i = 0; i < 50_000; i++) {
      const x = Array.from({ length: 10 }, () => rand() * 4 - 2);
      lines.push([...x.map((v) => v.toFixed(4)), (x[0] + x[1] + 2 * x[2] + 2 * x[3] + rand()).toFixed(4)].join(','));
    }
    const file = join(root, 'build/e2e-50000-rows.csv');
    writeFileSync(file, lines.join('\n'));
    await longTasks(page); // from here on
    await page.setInputFiles('#data-file', file);
    await done(page, 'data', 'loaded');
    await page.click('#data-run');
    await page.waitForFunction(() => document.body.dataset.data === 'done', null, { timeout: 240_000 });
    const long = await longTasks(page);
    expect(
      long.filter((ms) => ms > 100),
      `long tasks: ${long.join(', ')} ms`,
    ).toEqual([]);
    const rows = await page.$$eval('#data-baselines tbody tr', (r) =>
      r.map((x) => ({
        role: (x as HTMLElement).dataset.role,
        mean: Number((x as HTMLElement).dataset.mean),
        verdict: x.children[2].textContent,
      })),
    );
    expect(rows.map((r) => r.role)).toEqual(['method', 'mean', 'ridge']);
    // The mean of y misses by y's variance (about 1 + 1 + 4 + 4 times Var(U(−2, 2)) = 4/3, + 1/12).
    expect(rows[1].mean).toBeGreaterThan(13);
    expect(rows[1].mean).toBeLessThan(14);
    expect(rows[1].verdict).toBe('beaten');
    expect(await page.textContent('#data-result')).not.toContain('no better than the mean');
    await page.close();
  }, 300_000);

  it('Your data says when the model predicts held-out rows no better than the mean', async () => {
    const page = await open('?view=data');
    let seed = 5;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const lines = ['a,b,c,d,y', ...Array.from({ length: 60 }, () => Array.from({ length: 5 }, () => rand().toFixed(4)).join(','))];
    await page.setInputFiles('#data-file', { name: 'noise.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await done(page, 'data', 'loaded');
    await page.click('#data-run');
    await done(page, 'data');
    const [method, mean] = await page.$$eval('#data-baselines tbody tr', (r) =>
      r.slice(0, 2).map((x) => Number((x as HTMLElement).dataset.mean)),
    );
    const warned = (await page.textContent('#data-result'))!.includes('predicts held-out rows no better than the mean of y');
    expect(warned).toBe(method >= mean);
    expect(warned).toBe(true); // y is noise here: no model of a, b, c, d beats its mean on held-out rows
    await page.close();
  }, 120_000);

  it('names the experts and tasks methods in words', async () => {
    const page = await open('?view=experts');
    const experts = await page.$$eval('#experts-method option', (o) => o.map((x) => x.textContent ?? ''));
    expect(experts).toContain('AM (alternating minimisation)');
    expect(experts.some((t) => t.startsWith('experts-'))).toBe(false);
    const tasks = await page.$$eval('#tasks-method option', (o) => o.map((x) => x.textContent ?? ''));
    expect(tasks.some((t) => t.startsWith('tasks-'))).toBe(false);
    await page.close();
  });
});
