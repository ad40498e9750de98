// A small static server for the built demo, on loopback, with or without the headers that
// make a page cross-origin isolated (and optionally a strict CSP).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  /** The files served, by path, in order of request (for a test to count a page's bytes). */
  served: string[];
  close(): Promise<void>;
}

/** types: a Content-Type by path, in place of the file's own; stall: paths whose answer starts and
 * never finishes (a proxy that stalls). */
export async function serve(
  dir: string,
  opts: { isolate: boolean; csp?: string; types?: Record<string, string>; stall?: string[] },
): Promise<StaticServer> {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': opts.types?.[path] ?? TYPES[extname(file)] ?? 'application/octet-stream' };
    if (opts.isolate) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    if (opts.csp) headers['Content-Security-Policy'] = opts.csp;
    res.writeHead(200, headers);
    served.push(file);
    if (opts.stall?.includes(path)) {
      res.write(' ');
      return;
    }
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, served, close: () => new Promise((r) => server.close(() => r())) };
}

/** The built demo served cross-origin isolated, and a browser, for one test file's hooks. */
export function isolatedDemo() {
  const env = {} as { browser: Browser; server: StaticServer };
  beforeAll(async () => {
    env.browser = await launch();
    env.server = await serve(join(dirname(fileURLToPath(import.meta.url)), '../../demo/dist'), { isolate: true });
  });
  afterAll(async () => {
    await env.server?.close();
    await env.browser?.close();
  });
  return env;
}

/** A page of the served demo at `query`, once Play's first fit is on screen. */
export async function openDemoPage(
  env: { browser: Browser; server: StaticServer },
  query: string,
  viewport = { width: 1200, height: 900 },
): Promise<Page> {
  const page = await env.browser.newPage({ viewport });
  await page.goto(env.server.url + query);
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  return page;
}

/** Records the page's main-thread tasks over 50 ms (the Long Tasks API) from its first script on;
 * `longTasks(page)` reads their durations since the last read. */
export const watchLongTasks = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
export const longTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    const seen = w.longTasks;
    w.longTasks = [];
    return seen;
  });
