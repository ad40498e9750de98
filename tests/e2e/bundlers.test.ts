// The package as a web developer meets it: the tarball (npm pack of this checkout) installed into
// a fresh app, bundled by webpack 5, esbuild, Rollup, Vite (with the supclust() plugin and
// without) and Parcel 2, each bundle served with and without the COOP/COEP headers and loaded in Chromium —
// the threaded build when the page is cross-origin isolated, the single-thread build otherwise —
// or refused naming the fix (webpack's ES-module output, Parcel's threads). esbuild emits no
// .wasm or worker files, nor does Rollup without plugins of its own: their pages pass
// load({ baseUrl }) a copy of the package's dist/.
// And Node: the installed package from an ES module and from CommonJS (require of ESM); Bun and
// Deno (installed from the npm registry for the test).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeExample } from '../../scripts/readme-example.mjs';
import { launch } from './browser.js';
import { serve, type StaticServer } from './server.js';

const root = join(new URL('.', import.meta.url).pathname, '../..');
const work = mkdtempSync(join(tmpdir(), 'supclust-bundlers-'));
const app = join(work, 'app');
let browser: Browser;
const servers: Record<string, StaticServer> = {};

// One app, three bundlers (Vite with and without the package's plugin): it fits a 1-D k-means and an IHC model (the core module), then a
// mixture of experts (the library module, fetched then) in the worker and reports.
const MAIN = `import { load } from 'supclust';
try {
  const sc = await load(globalThis.SUPCLUST_OPTIONS ?? {});
  const r = await sc.kmeans1d([1, 2, 10, 11, 30], 3);
  const m = await sc.fit('ihc', { X: [[1, 0], [0, 1], [1, 1], [2, 1]], y: [1, 2, 3, 5], Q: 1 });
  const e = await sc.fit('experts-am', { X: [[1], [2], [3], [4], [5], [6]], y: [1, 2, 3, 6, 5, 4], Q: 2, seed: 1 });
  document.title = 'ok ' + sc.info.variant + ' ' + Array.from(r.labels).join(',') + ' ' + m.status + ' ' + e.status;
} catch (e) {
  document.title = 'failed ' + e.code + ': ' + e.message;
}
`;
const html = (head: string) => `<!DOCTYPE html><meta charset="utf-8"><title>…</title>${head}\n`;
// Three more Vite pages, whose bytes are counted: the README's example and one IHC fit (each on
// the core module), and an experts fit then an IHC fit (the first call decides: the library alone).
const PAGES: Record<string, string> = {
  library: `import { load } from 'supclust';
const sc = await load();
const e = await sc.fit('experts-am', { X: [[1], [2], [3], [4], [5], [6]], y: [1, 2, 3, 6, 5, 4], Q: 2, seed: 1 });
const m = await sc.fit('ihc', { X: [[1, 0], [0, 1], [1, 1], [2, 1]], y: [1, 2, 3, 5], Q: 1 });
document.title = 'ok ' + e.status + ' ' + m.status;
`,
  readme: readmeExample("document.title = 'ok ' + model.status + ' ' + chosen.status;"),
  core: `import { load } from 'supclust';
const sc = await load();
const m = await sc.fit('ihc', { X: [[1, 0], [0, 1], [1, 1], [2, 1]], y: [1, 2, 3, 5], Q: 1 });
document.title = 'ok ' + m.status;
`,
};

beforeAll(async () => {
  mkdirSync(app);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }),
  );
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed[0].filename)], {
    cwd: app,
    stdio: 'ignore',
  });
  writeFileSync(join(app, 'main.js'), MAIN);

  // webpack 5, production mode, no configuration beyond the entry (top-level await is on by default).
  const { default: webpack } = await import('webpack');
  const pack = (config: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const compiler = webpack({ mode: 'production', context: app, entry: './main.js', performance: { hints: false }, ...config });
      compiler.run((err, stats) => {
        compiler.close(() => undefined);
        if (err || stats?.hasErrors()) reject(err ?? new Error(stats?.toString('errors-only')));
        else resolve();
      });
    });
  await pack({ output: { path: join(app, 'webpack'), publicPath: 'auto' } });
  writeFileSync(join(app, 'webpack/index.html'), html('<script src="main.js"></script>'));
  // webpack 5's ES-module output (its module workers wait for chunks split from them, which they
  // never load: webpack/webpack#17870; the package keeps its worker's imports in one chunk).
  await pack({ experiments: { outputModule: true }, output: { path: join(app, 'webpack-esm'), publicPath: 'auto', module: true } });
  cpSync(join(app, 'node_modules/supclust/dist'), join(app, 'webpack-esm/supclust'), { recursive: true });
  writeFileSync(join(app, 'webpack-esm/index.html'), html('<script type="module" src="main.mjs"></script>'));
  writeFileSync(
    join(app, 'webpack-esm/base.html'),
    html(
      '<script>globalThis.SUPCLUST_OPTIONS = { baseUrl: "/webpack-esm/supclust/" }</script><script type="module" src="main.mjs"></script>',
    ),
  );

  // esbuild: one ES module; the package's files from a copy of dist/ (baseUrl).
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: app,
    entryPoints: ['main.js'],
    bundle: true,
    format: 'esm',
    outfile: join(app, 'esbuild/main.js'),
    logLevel: 'silent',
  });
  cpSync(join(app, 'node_modules/supclust/dist'), join(app, 'esbuild/supclust'), { recursive: true });
  writeFileSync(
    join(app, 'esbuild/index.html'),
    html('<script>globalThis.SUPCLUST_OPTIONS = { baseUrl: "/esbuild/supclust/" }</script><script type="module" src="main.js"></script>'),
  );
  writeFileSync(join(app, 'esbuild/no-base.html'), html('<script type="module" src="main.js"></script>'));

  // Rollup with node-resolve (for the bare import; browser exports): one ES module, the
  // package's files from a copy of dist/ (baseUrl), as esbuild's.
  const { rollup } = await import('rollup');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const bundle = await rollup({ input: join(app, 'main.js'), plugins: [nodeResolve({ browser: true })], onwarn: () => undefined });
  await bundle.write({ file: join(app, 'rollup/main.js'), format: 'es', inlineDynamicImports: true });
  await bundle.close();
  cpSync(join(app, 'node_modules/supclust/dist'), join(app, 'rollup/supclust'), { recursive: true });
  writeFileSync(
    join(app, 'rollup/index.html'),
    html('<script>globalThis.SUPCLUST_OPTIONS = { baseUrl: "/rollup/supclust/" }</script><script type="module" src="main.js"></script>'),
  );

  // Vite with the package's plugin: the app's page and the two counted ones.
  writeFileSync(join(app, 'index.html'), html('<script type="module" src="/main.js"></script>'));
  for (const [name, code] of Object.entries(PAGES)) {
    writeFileSync(join(app, `${name}.js`), code);
    writeFileSync(join(app, `${name}.html`), html(`<script type="module" src="/${name}.js"></script>`));
  }
  const input = Object.fromEntries(['index', ...Object.keys(PAGES)].map((name) => [name, join(app, `${name}.html`)]));
  writeFileSync(
    join(app, 'vite.config.js'),
    `import { supclust } from 'supclust/vite';\nexport default { base: './', plugins: [supclust()], build: { outDir: 'vite', target: 'es2022', rollupOptions: { input: ${JSON.stringify(input)} } }, logLevel: 'warn' };\n`,
  );
  const { build } = await import('vite');
  await build({ root: app, configFile: join(app, 'vite.config.js') });
  // Vite without the plugin: its default worker format bundles the worker as one script, the glue inlined.
  writeFileSync(
    join(app, 'vite.plain.config.js'),
    `export default { base: './', build: { outDir: 'vite-plain', target: 'es2022', rollupOptions: { input: ${JSON.stringify({ index: join(app, 'index.html') })} } }, logLevel: 'warn' };\n`,
  );
  await build({ root: app, configFile: join(app, 'vite.plain.config.js') });

  browser = await launch();
  for (const isolate of [true, false]) servers[isolate ? 'isolated' : 'plain'] = await serve(app, { isolate });
}, 180_000);

afterAll(async () => {
  for (const s of Object.values(servers)) await s.close();
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function title(server: StaticServer, page: string) {
  const p = await browser.newPage();
  await p.goto(server.url + page);
  await p.waitForFunction(() => !document.title.startsWith('…'), null, { timeout: 45_000 });
  const t = await p.title();
  await p.close();
  return t;
}

describe.each([
  ['webpack 5', 'webpack/index.html'],
  ['esbuild (baseUrl)', 'esbuild/index.html'],
  ['Rollup (baseUrl)', 'rollup/index.html'],
  ['Vite (supclust plugin)', 'vite/index.html'],
  ['Vite without the plugin', 'vite-plain/index.html'],
])('%s', (_, page) => {
  it('runs the threaded build when the page is cross-origin isolated', async () => {
    expect(await title(servers.isolated, page)).toBe('ok simd-threaded 0,0,1,1,2 converged converged');
  }, 60_000);

  it('runs the single-thread build without the headers', async () => {
    expect(await title(servers.plain, page)).toBe('ok simd 0,0,1,1,2 converged converged');
  }, 60_000);
});

// What a page downloads in all (HTML, chunks, workers, glue, wasm; each file gzip -9, as a
// server would send it), cross-origin isolated: the budgets docs/benchmarks.md and the README quote.
describe('the bytes of real pages (Vite, threaded)', () => {
  async function bytesOf(page: string) {
    servers.isolated.served.length = 0;
    const t = await title(servers.isolated, page);
    const files = [...new Set(servers.isolated.served)];
    return { title: t, kib: files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0) / 1024, files };
  }
  it('a page that fits IHC, and the README example, download the core module alone, the bytes the README quotes', async () => {
    const quoted = Number(/downloads (\d+) KiB in all/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1]);
    for (const page of ['vite/core.html', 'vite/readme.html']) {
      const r = await bytesOf(page);
      expect(r.title, page).toMatch(/^ok converged( converged)?$/);
      expect(
        r.files.filter((f) => f.endsWith('.wasm')).map((f) => f.replace(/.*\//, '').replace(/-[\w-]{8}\.wasm$/, '')),
        page,
      ).toEqual(['supclust-core-simd-threaded']);
      expect(r.kib, page).toBeLessThanOrEqual(400);
      expect(Math.abs(r.kib - quoted), `${page}: ${r.kib.toFixed(1)} KiB, the README says ${quoted}`).toBeLessThanOrEqual(1);
    }
  }, 60_000);
  it("a page whose first call is the library's downloads the library module alone", async () => {
    const r = await bytesOf('vite/library.html');
    expect(r.title).toBe('ok converged converged');
    expect(r.files.filter((f) => f.endsWith('.wasm')).map((f) => f.replace(/.*\//, '').replace(/-[\w-]{8}\.wasm$/, ''))).toEqual([
      'supclust-library-simd-threaded',
    ]);
    expect(r.kib).toBeLessThanOrEqual(631);
  }, 60_000);
  it("a page that fits the core's then the library's methods downloads both modules once", async () => {
    const r = await bytesOf('vite/index.html');
    expect(r.files.filter((f) => f.endsWith('.wasm')).map((f) => f.replace(/.*\//, '').replace(/-[\w-]{8}\.wasm$/, ''))).toEqual([
      'supclust-core-simd-threaded',
      'supclust-library-simd-threaded',
    ]);
    expect(r.kib).toBeLessThanOrEqual(1050);
  }, 60_000);
});

describe("webpack's ES-module output", () => {
  it('runs threaded and not, from its own output and from a copy of dist/ (baseUrl)', async () => {
    expect(await title(servers.isolated, 'webpack-esm/index.html')).toBe('ok simd-threaded 0,0,1,1,2 converged converged');
    expect(await title(servers.plain, 'webpack-esm/index.html')).toBe('ok simd 0,0,1,1,2 converged converged');
    expect(await title(servers.isolated, 'webpack-esm/base.html')).toBe('ok simd-threaded 0,0,1,1,2 converged converged');
    expect(await title(servers.plain, 'webpack-esm/base.html')).toBe('ok simd 0,0,1,1,2 converged converged');
  }, 90_000);
});

describe('an esbuild bundle without baseUrl', () => {
  it('fails naming the .wasm URL it could not fetch and the fix', async () => {
    const t = await title(servers.plain, 'esbuild/no-base.html');
    expect(t).toMatch(/^failed load-failed: could not fetch http:\/\/127\.0\.0\.1:\d+\/wasm\/web\/supclust-core-simd\.wasm: HTTP 404/);
    expect(t).toContain('baseUrl');
  });
});

describe('Node', () => {
  const node = (file: string, text: string) => {
    writeFileSync(join(app, file), text);
    return execFileSync(process.execPath, [file], { cwd: app, encoding: 'utf8', timeout: 60_000 }).trim();
  };
  const body =
    'const sc = await load(); const r = await sc.kmeans1d([1, 2, 10, 11, 30], 3); console.log(sc.info.variant, Array.from(r.labels).join(",")); sc.dispose();';
  it('loads the installed package from an ES module', () => {
    expect(node('esm.mjs', `import { load } from 'supclust';\n${body}`)).toBe('simd-threaded 0,0,1,1,2');
  });
  it('loads it from CommonJS (require of an ES module)', () => {
    expect(node('cjs.cjs', `const { load } = require('supclust');\n(async () => { ${body} })();`)).toBe('simd-threaded 0,0,1,1,2');
  });
});

// Bun and Deno from the npm registry (their Linux x64 binaries), installed once into build/runtimes.
const runtimes = join(root, 'build/runtimes');
const binaries = {
  bun: join(runtimes, 'node_modules/@oven/bun-linux-x64/bin/bun'),
  deno: join(runtimes, 'node_modules/@deno/linux-x64-glibc/deno'),
};
function installRuntimes(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') return 'the registry binaries used here are for Linux x64';
  if (Object.values(binaries).every(existsSync)) return '';
  mkdirSync(runtimes, { recursive: true });
  writeFileSync(join(runtimes, 'package.json'), '{ "private": true }\n');
  const r = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '@oven/bun-linux-x64@1', '@deno/linux-x64-glibc@2'],
    { cwd: runtimes, encoding: 'utf8', timeout: 300_000 },
  );
  return r.status === 0 && Object.values(binaries).every(existsSync)
    ? ''
    : `npm could not install them: ${r.stderr.trim().split('\n').at(-1)}`;
}
const unavailable = installRuntimes();
if (unavailable) console.warn(`Bun and Deno rows skipped: ${unavailable}`);

describe.skipIf(unavailable !== '')('other runtimes', () => {
  const script = `import { load } from 'supclust';
const sc = await load();
const r = await sc.kmeans1d([1, 2, 10, 11, 30], 3);
const m = await sc.fit('ihc', { X: [[1, 0], [0, 1], [1, 1], [2, 1]], y: [1, 2, 3, 5], Q: 1 });
console.log(sc.info.variant, Array.from(r.labels).join(','), m.status);
sc.dispose();
try { await load({ variant: 'simd-threaded' }).then((s) => s.dispose()); } catch (e) { console.log(e.code, e.message); }
`;
  const run = (bin: string, ...args: string[]) => {
    writeFileSync(join(app, 'runtime.mjs'), script);
    return execFileSync(bin, [...args, 'runtime.mjs'], { cwd: app, encoding: 'utf8', timeout: 60_000 })
      .trim()
      .split('\n');
  };
  it('Bun runs the threaded build', () => {
    expect(run(binaries.bun)).toEqual(['simd-threaded 0,0,1,1,2 converged']);
  });
  it('Deno runs the single-thread build, and refuses the threaded one saying why', () => {
    const [first, second] = run(binaries.deno, 'run', '-A');
    expect(first).toBe('simd 0,0,1,1,2 converged');
    expect(second).toMatch(/^load-failed Deno cannot run the threaded build/);
  });
});

// Parcel 2 from the npm registry, installed once into build/parcel: it resolves the package by
// its "browser" field and bundles the worker and the glue; the copy of the glue the threads
// import it rewrites too, so a threaded page is refused at once naming the fixes, and runs from
// a copy of dist/ (baseUrl).
const parcelDir = join(root, 'build/parcel'),
  parcelBin = join(parcelDir, 'node_modules/.bin/parcel');
function installParcel(): string {
  if (existsSync(parcelBin)) return '';
  mkdirSync(parcelDir, { recursive: true });
  writeFileSync(join(parcelDir, 'package.json'), '{ "private": true }\n');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', 'parcel@2'], {
    cwd: parcelDir,
    encoding: 'utf8',
    timeout: 300_000,
  });
  return r.status === 0 && existsSync(parcelBin) ? '' : `npm could not install it: ${r.stderr.trim().split('\n').at(-1)}`;
}
const noParcel = installParcel();
if (noParcel) console.warn(`Parcel rows skipped: ${noParcel}`);

describe.skipIf(noParcel !== '')('Parcel 2', () => {
  beforeAll(() => {
    const src = join(app, 'parcel-src');
    mkdirSync(src, { recursive: true });
    cpSync(join(app, 'main.js'), join(src, 'main.js'));
    writeFileSync(join(src, 'index.html'), html('<script type="module" src="./main.js"></script>'));
    writeFileSync(
      join(src, 'base.html'),
      html(
        '<script>globalThis.SUPCLUST_OPTIONS = { baseUrl: "/parcel/supclust/" }</script><script type="module" src="./main.js"></script>',
      ),
    );
    execFileSync(
      parcelBin,
      [
        'build',
        join(src, 'index.html'),
        join(src, 'base.html'),
        '--dist-dir',
        join(app, 'parcel'),
        '--cache-dir',
        join(work, 'parcel-cache'),
        '--no-source-maps',
        '--public-url',
        './',
      ],
      { cwd: app, stdio: 'ignore', timeout: 300_000 },
    );
    cpSync(join(app, 'node_modules/supclust/dist'), join(app, 'parcel/supclust'), { recursive: true });
  }, 300_000);

  it('runs the single-thread build, and refuses the threaded one at once naming the fixes', async () => {
    expect(await title(servers.plain, 'parcel/index.html')).toBe('ok simd 0,0,1,1,2 converged converged');
    const t0 = Date.now();
    const t = await title(servers.isolated, 'parcel/index.html');
    expect(t).toMatch(
      /^failed load-failed: could not start the core simd-threaded module: the bundler rewrote the glue the threads import/,
    );
    expect(t).toContain("load({ variant: 'simd' })");
    expect(t).toContain('load({ baseUrl })');
    expect(Date.now() - t0).toBeLessThan(10_000);
  }, 60_000);

  it('runs the threaded build from a copy of dist/ (baseUrl)', async () => {
    expect(await title(servers.isolated, 'parcel/base.html')).toBe('ok simd-threaded 0,0,1,1,2 converged converged');
  }, 60_000);
});
