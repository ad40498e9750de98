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
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; worker-src 'self'; img-src 'self' data:";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => { await browser?.close(); });

async function openDemo(server: StaticServer): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => { if (!r.url().startsWith(server.url)) problems.push(`left the page: ${r.url()}`); });
  await page.goto(server.url);
  await page.waitForSelector('body[data-state="done"]', { timeout: 30_000 });
  return { page, problems };
}

async function errorsOf(page: Page): Promise<Record<string, number>> {
  return page.$$eval('#errors tbody tr', (rows) => Object.fromEntries(rows.map((r) =>
    [(r as HTMLElement).dataset.method, Number(r.children[1].textContent)])));
}

let chosenLambda: number | undefined;

const cases = [
  { name: 'cross-origin isolated', isolate: true, csp: undefined, variant: 'simd-threaded' },
  { name: 'not isolated', isolate: false, csp: undefined, variant: 'simd' },
  { name: 'strict CSP, isolated', isolate: true, csp: STRICT_CSP, variant: 'simd-threaded' },
] as const;

describe.each(cases)('demo, $name', ({ isolate, csp, variant, name }) => {
  let server: StaticServer;
  beforeAll(async () => { server = await serve(dist, { isolate, csp }); });
  afterAll(async () => { await server?.close(); });

  it(`runs IHC on the ${variant} build with no console errors`, async () => {
    const { page, problems } = await openDemo(server);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolate);
    expect(await page.getAttribute('#runtime', 'data-variant')).toBe(variant);
    const errors = await errorsOf(page);
    // At n = 150, σ = 0.5 IHC recovers the groups: within 2× the Oracle (the native test's bar).
    expect(errors.ihc).toBeLessThanOrEqual(2 * errors.oracle);
    expect(await page.$$eval('#plots svg', (s) => s.length)).toBeGreaterThanOrEqual(2);

    // Moving the slider refits: with fewer samples LS-based estimates get worse.
    await page.fill('#seed', '3');
    await page.locator('#n').fill('40');
    await page.waitForFunction(() => document.getElementById('n-value')?.textContent === '40' && document.body.dataset.state === 'done');
    const fewer = await errorsOf(page);
    expect(fewer.lsk).toBeGreaterThan(errors.lsk);
    // Another method beside IHC, fitted in the worker.
    await page.selectOption('#rival', 'oscar');
    await page.waitForFunction(() => document.querySelector('#errors tr[data-method="oscar"]') && document.body.dataset.state === 'done');

    // Cross-validation in the worker (threads when isolated): the same choice either way.
    await page.click('#cv-run');
    await page.waitForSelector('body[data-cv="done"]', { timeout: 60_000 });
    const lambda = Number(await page.getAttribute('#cv-result', 'data-lambda'));
    expect(lambda).toBeGreaterThan(0);
    if (chosenLambda === undefined) chosenLambda = lambda;
    expect(lambda).toBe(chosenLambda);
    await page.screenshot({ path: join(shots, `demo-${name.replace(/[^a-z]+/gi, '-')}.png`), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
