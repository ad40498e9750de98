// End to end: the production build of the demo in Debian chromium, with cross-origin
// isolation (threaded build) and without (single-thread build), and under a strict CSP.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../web/helpers.js';
import { launch } from './browser.js';
import { serve, type StaticServer } from './server.js';

const dist = join(root, 'demo/dist');
const shots = join(root, 'tests/e2e/screenshots');
// Strict where it matters (scripts, workers, connections); data: images are the plot legends' colour ramps.
const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; worker-src 'self'; img-src 'self' data:";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function openDemo(server: StaticServer, query = ''): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(server.url) && !r.url().startsWith('blob:')) problems.push(`left the page: ${r.url()}`);
  });
  await page.goto(server.url + query);
  await page.waitForSelector('body[data-state="done"]', { timeout: 30_000 });
  return { page, problems };
}

/** The Play summary: method → ‖w* − ŵ‖ (and the method's adjusted Rand index). */
async function summaryOf(page: Page): Promise<Record<string, { error: number; ari?: number }>> {
  return page.$$eval('#play-summary tbody tr', (rows) =>
    Object.fromEntries(
      rows.map((r) => {
        const d = (r as HTMLElement).dataset;
        return [d.method, { error: Number(d.error), ...(d.ari ? { ari: Number(d.ari) } : {}) }];
      }),
    ),
  );
}

const settle = (page: Page, attribute: string, values: string[]) =>
  page.waitForFunction(([a, v]) => (v as string[]).includes(document.body.dataset[a as string] ?? ''), [attribute, values] as const, {
    timeout: 60_000,
  });

const shot = (page: Page, name: string, view: string) =>
  page.screenshot({ path: join(shots, `${view}-${name.replace(/[^a-z]+/gi, '-')}.png`), fullPage: true });

const cases = [
  { name: 'cross-origin isolated', isolate: true, csp: undefined, variant: 'simd-threaded' },
  { name: 'not isolated', isolate: false, csp: undefined, variant: 'simd' },
  { name: 'strict CSP, isolated', isolate: true, csp: STRICT_CSP, variant: 'simd-threaded' },
] as const;

let sharedFigures: string | undefined;

describe.each(cases)('demo, $name', ({ isolate, csp, variant, name }) => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await serve(dist, { isolate, csp });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`plays on the ${variant} build: fit, sliders refit (warm), paths, no console errors`, async () => {
    const { page, problems } = await openDemo(server);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolate);
    expect(await page.getAttribute('#runtime', 'data-variant')).toBe(variant);
    // Visitors read why threads are off; the headers to send are in the tooltip, for developers.
    if (!isolate) expect(await page.textContent('#runtime')).toContain('does not send the cross-origin isolation headers');
    if (!isolate) expect(await page.getAttribute('#runtime', 'title')).toContain('Cross-Origin-Opener-Policy: same-origin');
    const first = await summaryOf(page);
    // At n = 150, σ = 0.5 IHC recovers the groups: within 2× the Oracle (the native test's bar).
    expect(first.ihc.error).toBeLessThanOrEqual(2 * first.oracle.error);
    expect(first.ihc.ari).toBeGreaterThan(0.9);
    // …and beats ridge and the lasso shown beside it at the same λ.
    expect(first.ihc.error).toBeLessThan(first.ridge.error);
    expect(first.ihc.error).toBeLessThan(first.lasso.error);
    expect(await page.$$eval('#play-figures svg', (s) => s.length)).toBeGreaterThanOrEqual(3);
    await shot(page, name, 'play');
    // A phone: everything fits the width (no sideways scrolling of the page).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `${name}-phone`, 'play');
    await page.setViewportSize({ width: 1200, height: 900 });

    // λ slider: a refit, with the URL following. IHC is not convex, so it starts as a fresh
    // page would (no warm start): the same URL shows the same fit whatever led to it.
    await page.locator('#play-lambda').fill('-2');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.querySelector('#play-summary')?.textContent?.includes('λ = 0.01'),
    );
    expect(page.url()).toContain('lambda=0.01');
    expect(await page.textContent('#play-summary')).not.toContain('(warm)');
    const fresh = await openDemo(server, new URL(page.url()).search);
    expect(await summaryOf(fresh.page)).toEqual(await summaryOf(page));
    await fresh.page.close();
    // A convex method refits from the previous model when only λ moves.
    await page.selectOption('#play-method', 'oscar');
    await page.waitForFunction(
      () => document.querySelector('#play-summary tr[data-method="oscar"]') && document.body.dataset.state === 'done',
    );
    await page.locator('#play-lambda').fill('-3');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.querySelector('#play-summary')?.textContent?.includes('(warm)'),
    );
    await page.selectOption('#play-method', 'ihc');
    await page.waitForFunction(
      () => document.querySelector('#play-summary tr[data-method="ihc"]') && document.body.dataset.state === 'done',
    );
    // Fewer samples than features: recovery gets harder.
    await page.locator('#play-n').fill('40');
    await page.waitForFunction(
      () => document.getElementById('play-n-value')?.textContent === '40' && document.body.dataset.state === 'done',
    );
    expect((await summaryOf(page)).ihc.error).toBeGreaterThan(first.ihc.error);
    // Another method, and classification.
    await page.selectOption('#play-method', 'oscar');
    await page.waitForFunction(
      () => document.querySelector('#play-summary tr[data-method="oscar"]') && document.body.dataset.state === 'done',
    );
    await page.selectOption('#play-task', 'classification');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.querySelector('#play-summary')?.textContent?.includes('error rate'),
    );
    expect(await page.$$eval('#play-method option', (o) => o.map((x) => (x as HTMLOptionElement).value))).not.toContain('cg');

    // Paths along λ with warm starts: computed on opening the view, without a click.
    await page.click('#tab-path');
    await settle(page, 'path', ['done']);
    expect(await page.$$eval('#path-figures svg', (s) => s.length)).toBeGreaterThanOrEqual(2);
    await shot(page, name, 'path');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reloads a shared URL to the same figures', async () => {
    const query = '?n=90&sigma=0.3&seed=7&method=lsk&lambda=0.001';
    const a = await openDemo(server, query);
    const b = await openDemo(server, new URL(a.page.url()).search);
    expect(await summaryOf(b.page)).toEqual(await summaryOf(a.page));
    // The error-along-λ figure is drawn after the fit's figures ('done'): wait for it on both.
    const figures = async (p: Page) => {
      await settle(p, 'errorPath', ['done']);
      return p.$eval('#play-figures', (f) => f.innerHTML);
    };
    const svg = await figures(a.page);
    expect(svg.length).toBeGreaterThan(1000);
    expect(await figures(b.page)).toBe(svg);
    // Every build and header set draws the same figure for the same URL.
    sharedFigures ??= svg;
    expect(svg).toBe(sharedFigures);
    expect(await b.page.inputValue('#play-n')).toBe('90');
    expect(await b.page.inputValue('#play-method')).toBe('lsk');
    expect([...a.problems, ...b.problems]).toEqual([]);
    await a.page.close();
    await b.page.close();
  });

  it('runs a 2-rep table, cancels a long one and stays responsive', async () => {
    const { page, problems } = await openDemo(server, '?view=tables');
    await page.fill('#table-reps', '2');
    await page.dispatchEvent('#table-reps', 'change');
    await page.click('#table-run');
    await settle(page, 'table', ['done']);
    const rows = await page.$$eval('#table-result tbody tr', (r) => r.map((x) => (x as HTMLElement).dataset.method));
    expect(rows).toEqual(['Oracle', 'LS', 'LSK', 'IHC']);
    expect(await page.textContent('#table-result')).toContain('(0.16 ± 0.06)'); // the paper's Oracle at n = 50
    expect(await page.$$eval('#table-figures svg', (s) => s.length)).toBeGreaterThanOrEqual(1);
    await shot(page, name, 'tables');

    // A long run (100 repetitions, full grids), cancelled: the page answers and a new run works.
    await page.fill('#table-reps', '100');
    await page.dispatchEvent('#table-reps', 'change');
    await page.uncheck('#table-fast');
    await page.click('#table-run');
    await page.waitForFunction(() => document.body.dataset.table === 'running');
    await page.waitForTimeout(500);
    await page.click('#table-cancel');
    await settle(page, 'table', ['cancelled']);
    await page.click('#tab-play');
    await page.fill('#play-seed', '11');
    await page.dispatchEvent('#play-seed', 'input');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && (document.getElementById('play-seed') as HTMLInputElement).value === '11',
    );
    await page.click('#tab-tables');
    await page.fill('#table-reps', '2');
    await page.dispatchEvent('#table-reps', 'change');
    await page.check('#table-fast');
    await page.click('#table-run');
    await settle(page, 'table', ['done']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits experts to a mixture of regressions and shows the partition', async () => {
    const { page, problems } = await openDemo(server, '?view=experts');
    await settle(page, 'experts', ['done']);
    // σ = 0.1, 400 samples, 3 experts on 5 dimensions: the experts are found — their best
    // answers on the test samples err about as little as the Oracle's (fitted on the truth);
    // samples where two experts nearly agree may go to either, so the partition is not exact.
    const mse = Number(await page.getAttribute('#experts-figures', 'data-mse'));
    const oracle = Number(await page.getAttribute('#experts-figures', 'data-oracle-mse'));
    expect(mse).toBeLessThan(1.5 * oracle);
    expect(Number(await page.getAttribute('#experts-figures', 'data-ari'))).toBeGreaterThan(0.5);
    expect(await page.$$eval('#experts-figures > figure', (f) => f.length)).toBe(2);
    expect(await page.textContent('#experts-status')).toContain('Oracle');
    await page.selectOption('#experts-method', 'experts-cg');
    await page.waitForFunction(
      () =>
        document.body.dataset.experts === 'done' &&
        (document.getElementById('experts-status')?.textContent ?? '').startsWith('CG (conditional gradient, then AM):'),
      undefined,
      { timeout: 60_000 },
    );
    expect(page.url()).toContain('expertsMethod=experts-cg');
    await shot(page, name, 'experts');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('finds the experts among 90 noise dimensions with column screening, where plain AM does not', async () => {
    // E3 at p = 0.9 in the page: 1000 samples, 3 experts on 10 dimensions plus 90 noise ones.
    const problem = '?view=experts&expertsN=1000&expertsD=10&expertsNoise=90&expertsSeed=3';
    const { page, problems } = await openDemo(server, `${problem}&expertsMethod=experts-am`);
    await settle(page, 'experts', ['done']);
    expect(Number(await page.getAttribute('#experts-figures', 'data-ari'))).toBeLessThan(0.3);
    await page.selectOption('#experts-method', 'experts-am+screening');
    await page.waitForFunction(
      () =>
        document.body.dataset.experts === 'done' &&
        (document.getElementById('experts-status')?.textContent ?? '').startsWith('AM with column screening (ours):'),
      undefined,
      { timeout: 60_000 },
    );
    expect(page.url()).toContain('expertsMethod=experts-am%2Bscreening');
    expect(Number(await page.getAttribute('#experts-figures', 'data-ari'))).toBeGreaterThan(0.8);
    const mse = Number(await page.getAttribute('#experts-figures', 'data-mse'));
    const oracle = Number(await page.getAttribute('#experts-figures', 'data-oracle-mse'));
    expect(mse).toBeLessThan(1.5 * oracle);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits clustered tasks and shows the clusters of the classes', async () => {
    const { page, problems } = await openDemo(server, '?view=tasks');
    await settle(page, 'tasks', ['done']);
    // 10 classes in 5 clusters of two, 1000 samples: the clusters are found.
    expect(Number(await page.getAttribute('#tasks-figures', 'data-ari'))).toBeGreaterThan(0.5);
    const error = Number(await page.getAttribute('#tasks-figures', 'data-error'));
    expect(error).toBeGreaterThan(0);
    expect(error).toBeLessThan(0.9); // better than guessing among 10 classes
    expect(await page.$$eval('#tasks-figures > figure', (f) => f.length)).toBe(2);
    expect(await page.textContent('#tasks-status')).toContain('fitted apart');
    await page.selectOption('#tasks-method', 'tasks-cg');
    await page.waitForFunction(
      () =>
        document.body.dataset.tasks === 'done' &&
        (document.getElementById('tasks-status')?.textContent ?? '').startsWith('OM (the relaxation’s best partition)'),
      undefined,
      { timeout: 60_000 },
    );
    expect(page.url()).toContain('tasksMethod=tasks-cg');
    await shot(page, name, 'tasks');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('turns a CSV file into groups of features', async () => {
    const { page, problems } = await openDemo(server, '?view=data');
    await page.setInputFiles('#data-file', join(root, 'tests/e2e/fixtures/grouped.csv'));
    await settle(page, 'data', ['loaded']);
    expect(await page.textContent('#data-status')).toContain("'city'");
    expect(await page.inputValue('#data-target')).toBe('y');
    await page.click('#data-run');
    await settle(page, 'data', ['done']);
    // y = 2(a + b + c) − (d + e) + 0·(f + g) + noise: three groups, found exactly.
    const groups = await page.$$eval('#data-groups tbody tr', (r) => r.map((x) => x.children[3].textContent));
    expect(groups).toEqual(['a, b, c', 'f, g', 'd, e']);
    expect(await page.textContent('#data-status')).toContain('2 with a missing or bad cell skipped');
    const download = page.waitForEvent('download');
    await page.click('#data-csv');
    expect((await download).suggestedFilename()).toBe('groups.csv');
    await shot(page, name, 'data');
    expect(problems).toEqual([]);
    await page.close();
  });
});
