// Loading in the browser: a missing or misserved .wasm is reported with its URL, its HTTP
// status and how to serve it (fetched once, not retried), and a normal load fetches the glue
// and the .wasm once each, threaded build included.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedDemo } from './server.js';

const env = isolatedDemo();

async function open(route?: (url: string) => { status: number; body: string; contentType: string } | undefined) {
  const page: Page = await env.browser.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  if (route)
    await page.route('**/*.wasm', async (r) => {
      const answer = route(r.request().url());
      if (answer) await r.fulfill(answer);
      else await r.continue();
    });
  await page.goto(env.server.url);
  return { page, requests };
}

describe('loading the module in chromium', () => {
  it('names the URL, the HTTP status and the fix when the .wasm is missing', async () => {
    const { page, requests } = await open(() => ({ status: 404, body: 'not found', contentType: 'text/plain' }));
    await page.waitForFunction(() => /Could not start/.test(document.getElementById('runtime')?.textContent ?? ''), null, {
      timeout: 30_000,
    });
    const text = await page.$eval('#runtime', (e) => e.textContent ?? '');
    expect(text).toMatch(/could not fetch http:\/\/127\.0\.0\.1:\d+\/assets\/supclust-core-simd-threaded-[\w-]+\.wasm: HTTP 404/);
    expect(text).toContain('application/wasm');
    expect(requests.filter((p) => p.endsWith('.wasm'))).toHaveLength(1);
    await page.close();
  });

  it('says the server answered with a page when the .wasm is an HTML page', async () => {
    const { page } = await open(() => ({ status: 200, body: '<!DOCTYPE html><title>app</title>', contentType: 'text/html' }));
    await page.waitForFunction(() => /Could not start/.test(document.getElementById('runtime')?.textContent ?? ''), null, {
      timeout: 30_000,
    });
    const text = await page.$eval('#runtime', (e) => e.textContent ?? '');
    expect(text).toContain('is not a WebAssembly file (it starts with "<!DOCTYPE html>');
    await page.close();
  });

  it('keeps the tabs and controls inert until the module is ready', async () => {
    // The .wasm held back for a second: the page is drawn, its controls do not answer yet.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const page: Page = await env.browser.newPage();
    await page.route('**/*.wasm', async (r) => {
      await held;
      await r.continue();
    });
    await page.goto(env.server.url);
    await page.waitForSelector('#tab-tables');
    expect(
      await page.evaluate(() => [document.querySelector('main')!.inert, document.querySelector('nav[role="tablist"]')!.inert]),
    ).toEqual([true, true]);
    await page.click('#tab-tables', { force: true, timeout: 2000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.getElementById('view-tables')!.hidden)).toBe(true);
    release();
    await page.waitForSelector('body[data-state="done"]', { timeout: 30_000 });
    expect(
      await page.evaluate(() => [document.querySelector('main')!.inert, document.querySelector('nav[role="tablist"]')!.inert]),
    ).toEqual([false, false]);
    await page.click('#tab-tables');
    expect(await page.evaluate(() => document.getElementById('view-tables')!.hidden)).toBe(false);
    await page.close();
  });

  // One glue file: the worker and each pthread import the same URL (each worker has its own
  // module map, so each asks; the HTTP cache answers). Before, pthreads imported a second copy.
  it('loads one threaded glue file and fetches one .wasm, the core module, once', async () => {
    const { page, requests } = await open();
    await page.waitForSelector('body[data-state="done"]', { timeout: 30_000 });
    expect(await page.$eval('#runtime', (e) => (e as HTMLElement).dataset.variant)).toBe('simd-threaded');
    const glue = requests.filter((p) => /supclust-(core-|library-)?simd-threaded-[\w-]+\.js$/.test(p));
    const wasm = requests.filter((p) => p.endsWith('.wasm'));
    expect([...new Set(glue)]).toEqual([expect.stringMatching(/supclust-core-simd-threaded-[\w-]+\.js$/)]);
    expect(wasm).toEqual([expect.stringMatching(/supclust-core-simd-threaded-[\w-]+\.wasm$/)]);
    await page.close();
  });
});
