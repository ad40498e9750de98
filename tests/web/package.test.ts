// `npm pack` from a clean clone ships what a user needs (its prepack builds dist/), and the
// tarball, installed into a fresh project, works from Node with nothing else: load, fit,
// predict by class, the package.json export. The clone reuses this checkout's linked wasm
// modules (touched newer than the sources, so the build keeps them), and prepack builds the rest.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'supclust-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function touchTree(dir: string, when: Date) {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) touchTree(p, when);
    else utimesSync(p, when, when);
  }
}

describe('the npm package', () => {
  it('packs from a clean clone with dist/ and LICENSE, and installs and runs in a fresh project', () => {
    const clone = join(work, 'clone');
    execFileSync('git', ['clone', '--quiet', root, clone]);
    cpSync(join(root, 'node_modules'), join(clone, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    cpSync(join(root, 'dist/wasm'), join(clone, 'dist/wasm'), { recursive: true });
    const later = new Date(Date.now() + 60_000),
      linked = new Date(Date.now() + 120_000);
    touchTree(join(clone, 'dist/wasm'), linked);
    utimesSync(join(clone, 'node_modules/.package-lock.json'), later, later);
    const stdout = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: clone,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const packed = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[\n') + 1)); // after prepack's build log
    const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
    for (const f of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/supclust.mjs',
      'dist/index.d.ts',
      'dist/methods.generated.d.ts',
      'dist/node/index.js',
      'dist/node/worker.js',
      'dist/browser/index.js',
      'dist/browser/worker.js',
      'dist/vite.js',
      'dist/wasm/web/supclust-library-simd.wasm',
      'dist/wasm/web/supclust-library-simd-threaded.wasm',
      'dist/wasm/web/supclust-library-simd-threaded.worker.js',
      'dist/wasm/node/supclust-library-simd-threaded.js',
      'dist/wasm/web/supclust-core-simd-threaded.worker.js',
      'dist/library.generated.js',
      'dist/stopwords.generated.js',
      'docs/api.md',
      'docs/options.md',
    ])
      expect(files, f).toContain(f);
    expect(files.filter((f) => /^(cpp|tests|demo|bench|scripts|wasm|docs\/log|docs\/images)\//.test(f))).toEqual([]);
    // What a user reads, not the log: the pages, the recipes; the tarball within 2.5 MB gzipped.
    expect(files.filter((f) => f.startsWith('docs/')).sort()).toEqual(
      execFileSync('git', ['ls-files', 'docs'], { cwd: root, encoding: 'utf8' })
        .split('\n')
        .filter((f) => /^docs\/([^/]+\.md|recipes\/.+)$/.test(f))
        .sort(),
    );
    expect(packed[0].size).toBeLessThanOrEqual(2.5e6);
    // One .wasm per module and variant: Node reads the web build's (the bytes are the same).
    expect(files.filter((f) => f.endsWith('.wasm')).sort()).toEqual(
      ['core-', 'library-']
        .flatMap((m) => [`dist/wasm/web/supclust-${m}simd-threaded.wasm`, `dist/wasm/web/supclust-${m}simd.wasm`])
        .sort(),
    );

    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed[0].filename)], {
      cwd: app,
      stdio: 'ignore',
    });
    writeFileSync(
      join(app, 'main.js'),
      `
      import { load, wordFrequencies } from 'supclust';
      import { createRequire } from 'node:module';
      const sc = await load();
      const data = await sc.generate('e1', { n: 200, d: 10, Q: 3, seed: 1, task: 'classification' });
      const y = Array.from(data.y, (t) => (t ? 'yes' : 'no'));
      const m = await sc.fit('ihc', { X: data.X, nRows: 200, nCols: 10, y, Q: 3, loss: 'logistic', lambda: 1e-3 });
      const labels = await sc.predictClass(m, data.X, 200);
      const hits = labels.filter((l, i) => l === y[i]).length;
      const version = createRequire(import.meta.url)('supclust/package.json').version;
      console.log(JSON.stringify({ variant: sc.info.variant, classes: m.classes, hits, version, words: wordFrequencies(['a cat', 'the cat sat'], { minDocuments: 1 }).vocabulary }));
      sc.dispose();`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8', timeout: 60_000 }));
    expect(out.variant).toBe('simd-threaded');
    expect(out.classes).toEqual(['no', 'yes']);
    expect(out.hits).toBeGreaterThan(160);
    expect(out.version).toBe(JSON.parse(execFileSync('git', ['show', 'HEAD:package.json'], { cwd: root, encoding: 'utf8' })).version);
    expect(out.words).toEqual(['cat', 'sat']); // 'the' and 'a' are stop words

    // The types resolve under each module resolution a TypeScript project may use, the old
    // node10 one included (its 'supclust/vite' comes from typesVersions).
    writeFileSync(
      join(app, 'check.ts'),
      `
      import { load, type Model } from 'supclust';
      import { supclust } from 'supclust/vite';
      export const plugin = supclust();
      export async function first(): Promise<Model> { const sc = await load(); return sc.fit('ridge', { X: [[1], [2]], y: [1, 2] }); }`,
    );
    for (const [module, resolution] of [
      ['esnext', 'bundler'],
      ['nodenext', 'nodenext'],
      ['commonjs', 'node10'],
    ]) {
      const r = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          module,
          '--moduleResolution',
          resolution,
          '--types',
          'node',
          '--typeRoots',
          join(root, 'node_modules/@types'),
          'check.ts',
        ],
        { cwd: app, encoding: 'utf8' },
      );
      expect(r.stdout + r.stderr, `${module}/${resolution}`).toBe('');
    }
    // A CommonJS TypeScript module (.cts) importing the package under nodenext: a require of
    // ES modules, which every Node the package supports (engines: >= 20.19) runs.
    writeFileSync(
      join(app, 'check.cts'),
      `
      import { load, type Model } from 'supclust';
      export async function first(): Promise<Model> { const sc = await load(); return sc.fit('ridge', { X: [[1], [2]], y: [1, 2] }); }`,
    );
    const cts = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--types',
        'node',
        '--typeRoots',
        join(root, 'node_modules/@types'),
        'check.cts',
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(cts.stdout + cts.stderr, 'check.cts').toBe('');
    // arethetypeswrong: every entry's types resolve under node10, node16 (CJS and ESM) and
    // bundler resolution. The one rule set aside: the package is ES modules only, which a
    // require() in Node >= 20.19 loads (the CommonJS test of tests/e2e/bundlers.test.ts).
    const attw = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
        join(work, packed[0].filename),
        '--ignore-rules',
        'cjs-resolves-to-esm',
        '--format',
        'json',
      ],
      { encoding: 'utf8' },
    );
    expect(attw.status, attw.stdout.slice(0, 2000) + attw.stderr).toBe(0);
    const problems = Object.values(JSON.parse(attw.stdout).problems ?? {}).flat() as { kind: string }[];
    expect(problems.filter((p) => p.kind !== 'CJSResolvesToESM')).toEqual([]);
  }, 600_000);
});
