// Loading without a bundler that emits the package's files (esbuild, Rollup, a plain page): the
// page imports a copy of the JavaScript that lacks the .wasm and worker files, and load()'s
// baseUrl points at a full copy of dist/ elsewhere on the server. Both builds (the threaded one
// cross-origin isolated), a createWorker hook, and a baseUrl where nothing is served. The page
// starts on the core module and its experts fit fetches the library module.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.js';
import { serve, type StaticServer } from './server.js';

const root = join(new URL('.', import.meta.url).pathname, '../..');
const site = mkdtempSync(join(tmpdir(), 'supclust-assets-'));
let browser: Browser;
const servers: StaticServer[] = [];

// The page: fits a 1-D k-means (core module), then a mixture of experts (library module) in the
// worker and reports the variant, the labels and the experts fit's status.
const page = (loadOptions: string) => `<!DOCTYPE html><meta charset="utf-8"><title>…</title>
<script type="module">
import { load } from '/bundle/browser/index.js';
try {
  const sc = await load(${loadOptions});
  const r = await sc.kmeans1d([1, 2, 10, 11, 30], 3);
  const e = await sc.fit('experts-am', { X: [[1], [2], [3], [4], [5], [6]], y: [1, 2, 3, 6, 5, 4], Q: 2, seed: 1 });
  document.title = 'ok ' + sc.info.variant + ' ' + Array.from(r.labels).join(',') + ' ' + e.status;
} catch (e) {
  document.title = 'failed ' + e.code + ': ' + e.message;
}
</script>`;

beforeAll(async () => {
  // The "bundle": the package's JavaScript without its wasm folder and worker.
  cpSync(join(root, 'dist'), join(site, 'bundle'), { recursive: true });
  rmSync(join(site, 'bundle/wasm'), { recursive: true });
  rmSync(join(site, 'bundle/browser/worker.js'));
  // The assets: a full copy of dist/.
  mkdirSync(join(site, 'assets'));
  cpSync(join(root, 'dist'), join(site, 'assets/supclust'), { recursive: true });
  writeFileSync(join(site, 'base.html'), page("{ baseUrl: '/assets/supclust/' }"));
  writeFileSync(
    join(site, 'hook.html'),
    page(
      "{ baseUrl: '/assets/supclust/', createWorker: (url) => { window.workerUrl = url.href; return new Worker(url, { type: 'module' }); } }",
    ),
  );
  writeFileSync(join(site, 'default.html'), page('{}'));
  writeFileSync(join(site, 'nowhere.html'), page("{ baseUrl: '/nowhere/' }"));
  // A static host that sends no headers: coi-serviceworker (docs/api.md's recipe) adds them from a
  // service worker, which reloads the page once it controls it; the page loads supclust then.
  cpSync(join(root, 'node_modules/coi-serviceworker/coi-serviceworker.min.js'), join(site, 'coi-serviceworker.min.js'));
  writeFileSync(
    join(site, 'coi.html'),
    page("{ baseUrl: '/assets/supclust/' }")
      .replace('<script type="module">', '<script src="/coi-serviceworker.min.js"></script>\n<script type="module">')
      .replace('try {', 'if (self.crossOriginIsolated) try {'),
  );
  writeFileSync(
    join(site, 'grids.html'),
    `<!DOCTYPE html><meta charset="utf-8"><title>…</title>
<script type="module">
import { logGrid } from '/bundle/browser/index.js';
window.grids = ${JSON.stringify(GRIDS)}.map(([from, to, count]) => logGrid(from, to, count));
document.title = 'ok';
</script>`,
  );
  browser = await launch();
  for (const isolate of [true, false]) servers.push(await serve(site, { isolate }));
  // A page whose policy allows its scripts but not compiling WebAssembly.
  servers.push(await serve(site, { isolate: false, csp: "default-src 'self'; script-src 'self' 'unsafe-inline'; worker-src 'self'" }));
  // A host that sends the module worker's script as text.
  servers.push(await serve(site, { isolate: false, types: { '/assets/supclust/browser/worker.js': 'text/plain' } }));
  // Trusted Types required site-wide (workers included), supclust's policy allowed, then not.
  servers.push(await serve(site, { isolate: true, csp: "require-trusted-types-for 'script'; trusted-types supclust" }));
  servers.push(await serve(site, { isolate: true, csp: "require-trusted-types-for 'script'; trusted-types app" }));
  // A host that starts sending the module worker's script and never finishes.
  servers.push(await serve(site, { isolate: false, stall: ['/assets/supclust/browser/worker.js'] }));
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await browser?.close();
  rmSync(site, { recursive: true, force: true });
});

// logGrid's arguments: decades and odd spans, up and down, short and long.
const GRIDS: [number, number, number][] = [
  [10, 1e-4, 11],
  [1, 1e-3, 40],
  [100, 1e-2, 5],
  [0.37, 123.4, 97],
  [1e-300, 1e300, 601],
  [2.5, 2.5000001, 13],
  [7e3, 3e-6, 1000],
];

async function title(server: StaticServer, file: string) {
  const p = await browser.newPage();
  const wasm: string[] = [];
  p.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname);
  });
  await p.goto(server.url + file);
  await p.waitForFunction(() => !document.title.startsWith('…'), null, { timeout: 45_000 });
  const t = await p.title();
  const hook = await p.evaluate(() => (window as unknown as { workerUrl?: string }).workerUrl);
  await p.close();
  return { title: t, wasm, hook };
}

describe('logGrid', () => {
  it('gives Chromium the bits it gives Node', async () => {
    const { logGrid } = await import('../../dist/node/index.js');
    const p = await browser.newPage();
    await p.goto(servers[1].url + 'grids.html');
    await p.waitForFunction(() => document.title === 'ok', null, { timeout: 20_000 });
    const bitsOf = (grid: number[]) =>
      grid.map((x) => {
        const b = new DataView(new ArrayBuffer(8));
        b.setFloat64(0, x);
        return b.getBigUint64(0).toString(16);
      });
    const inChromium = (await p.evaluate(() => (window as unknown as { grids: number[][] }).grids)).map(bitsOf);
    await p.close();
    expect(inChromium).toEqual(GRIDS.map(([from, to, count]) => bitsOf(logGrid(from, to, count))));
  });
});

/** Runs the page with one file of the served dist/ copy missing. */
async function without(file: string, server: StaticServer) {
  const path = join(site, 'assets/supclust', file);
  rmSync(path);
  try {
    return await title(server, 'base.html');
  } finally {
    cpSync(join(root, 'dist', file), path);
  }
}

describe('a module that cannot start', () => {
  it("names the module worker's URL when it is missing or not served as JavaScript", async () => {
    const missing = await without('browser/worker.js', servers[1]);
    expect(missing.title).toContain(
      `failed load-failed: the supclust worker failed to start (${servers[1].url}assets/supclust/browser/worker.js: HTTP 404`,
    );
    const text = await title(servers[3], 'base.html');
    expect(text.title).toContain(
      `${servers[3].url}assets/supclust/browser/worker.js is served as 'text/plain', and a worker's script must be JavaScript`,
    );
  });

  it('gives up on a worker whose script never arrives, after 20 s, naming the fix', async () => {
    const stalled = await title(servers[6], 'base.html');
    expect(stalled.title).toMatch(/^failed load-failed: the supclust worker did not run within 20 s .*load\(\{ baseUrl \}\)/);
  }, 60_000);

  it('names the glue and the fix when the glue is missing', async () => {
    const r = await without('wasm/web/supclust-core-simd.js', servers[1]);
    expect(r.title).toMatch(/^failed load-failed: could not start the core simd module: .*supclust-core-simd\.js/);
    expect(r.title).toContain("serve supclust-core-simd.js, the module's glue, beside its .wasm, as JavaScript");
  });

  // Worker-initiated requests are not routed by the browser driver: the file is left out of
  // the served copy instead.
  it('gives up on a threaded module whose pthread worker script is missing, naming it and the fix', async () => {
    rmSync(join(site, 'assets/supclust/wasm/web/supclust-core-simd-threaded.worker.js'));
    const t0 = Date.now();
    const r = await title(servers[0], 'base.html');
    cpSync(
      join(root, 'dist/wasm/web/supclust-core-simd-threaded.worker.js'),
      join(site, 'assets/supclust/wasm/web/supclust-core-simd-threaded.worker.js'),
    );
    // The worker reports the failure (or, if nothing reports, the start times out): either way a
    // load-failed naming the file to serve and the single-thread fallback.
    expect(r.title).toMatch(
      /^failed load-failed: (the supclust worker failed to start|the core simd-threaded module did not start within \d+ s)/,
    );
    expect(r.title).toContain('serve supclust-core-simd-threaded.worker.js');
    expect(r.title).toContain(`(${servers[0].url}assets/supclust/wasm/web/supclust-core-simd-threaded.worker.js: HTTP 404`); // the file at fault, by URL
    expect(r.title).toContain("load({ variant: 'simd' })");
    expect(Date.now() - t0).toBeLessThan(40_000);
  }, 60_000);
});

describe('a Content-Security-Policy without wasm-unsafe-eval', () => {
  it('is named with its fix', async () => {
    const r = await title(servers[2], 'base.html');
    expect(r.title).toMatch(
      /^failed load-failed: could not compile http:\/\/127\.0\.0\.1:\d+\/assets\/supclust\/wasm\/web\/supclust-core-simd\.wasm: /,
    );
    expect(r.title).toContain("add 'wasm-unsafe-eval' to its script-src");
  });
});

describe('Trusted Types required site-wide', () => {
  it("runs the threaded build through supclust's policy, its pthread workers included", async () => {
    expect((await title(servers[4], 'base.html')).title).toBe('ok simd-threaded 0,0,1,1,2 converged');
  });
  it('is refused naming the policy to allow when the page does not allow it', async () => {
    const r = await title(servers[5], 'base.html');
    expect(r.title).toMatch(
      /^failed load-failed: could not start the supclust worker \(.*TrustedScriptURL.*\): the page requires Trusted Types: allow supclust's policy/,
    );
    expect(r.title).toContain('load({ baseUrl, createWorker })');
  });
});

describe('a static host without headers', () => {
  it('runs the threaded build once coi-serviceworker has reloaded the page', async () => {
    const r = await title(servers[1], 'coi.html');
    expect(r.title).toBe('ok simd-threaded 0,0,1,1,2 converged');
  }, 60_000);
});

describe('loading from a copy of dist/ (baseUrl)', () => {
  it('runs the threaded build cross-origin isolated, fetching each module from baseUrl when first needed', async () => {
    const r = await title(servers[0], 'base.html');
    expect(r.title).toBe('ok simd-threaded 0,0,1,1,2 converged');
    expect(r.wasm).toEqual([
      '/assets/supclust/wasm/web/supclust-core-simd-threaded.wasm',
      '/assets/supclust/wasm/web/supclust-library-simd-threaded.wasm',
    ]);
  });

  it('runs the single-thread build without the headers', async () => {
    const r = await title(servers[1], 'base.html');
    expect(r.title).toBe('ok simd 0,0,1,1,2 converged');
    expect(r.wasm).toEqual(['/assets/supclust/wasm/web/supclust-core-simd.wasm', '/assets/supclust/wasm/web/supclust-library-simd.wasm']);
  });

  it('starts the worker through createWorker, with the worker URL under baseUrl', async () => {
    const r = await title(servers[1], 'hook.html');
    expect(r.title).toBe('ok simd 0,0,1,1,2 converged');
    expect(r.hook).toBe(`${servers[1].url}assets/supclust/browser/worker.js`);
  });

  it('without baseUrl, the bundle that lacks the files fails naming the missing .wasm URL', async () => {
    const r = await title(servers[1], 'default.html');
    expect(r.title).toMatch(
      /^failed load-failed: could not fetch http:\/\/127\.0\.0\.1:\d+\/bundle\/wasm\/web\/supclust-core-simd\.wasm: HTTP 404/,
    );
  });

  it('a baseUrl where nothing is served fails naming the URL', async () => {
    const r = await title(servers[1], 'nowhere.html');
    expect(r.title).toMatch(
      /^failed load-failed: could not fetch http:\/\/127\.0\.0\.1:\d+\/nowhere\/wasm\/web\/supclust-core-simd\.wasm: HTTP 404/,
    );
  });
});
