// The two modules of each build (core ⊂ library): each holds exactly the methods and calls the
// generated description says, and an instance that starts on the core answers every call exactly
// as one that starts on the library, fetching the library on the first call that needs it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { load, MODULES, SupclustError, type ModuleName, type Supclust } from '../../dist/node/index.js';
import { DESCRIPTION } from '../../dist/library.generated.js';
import { root, variants } from './helpers.js';

const require = createRequire(import.meta.url);
const raw = (name: string) =>
  require(join(root, `dist/wasm/node/${name}.js`))({ wasmBinary: readFileSync(join(root, `dist/wasm/web/${name}.wasm`)) });

describe('the modules', () => {
  it('hold the methods and calls the description gives them', async () => {
    const [core, library] = await Promise.all([raw('supclust-core-simd'), raw('supclust-library-simd')]);
    const all = DESCRIPTION.methods.map((m) => m.name);
    expect(core.contents().methods).toEqual(DESCRIPTION.methods.filter((m) => m.module === 'core').map((m) => m.name));
    expect(library.contents().methods).toEqual(all);
    expect(
      DESCRIPTION.methods
        .filter((m) => m.module === 'core')
        .map((m) => m.family)
        .sort(),
    ).toEqual(
      DESCRIPTION.methods
        .filter((m) => ['linear', 'grouping'].includes(m.family))
        .map((m) => m.family)
        .sort(),
    );
    const calls = ['generate', 'path', 'stability', 'crossValidate', 'experiment', 'describe', 'requests'];
    expect(calls.map((c) => typeof core[c])).toEqual([
      'function',
      'function',
      'function',
      'function',
      'undefined',
      'undefined',
      'undefined',
    ]);
    expect(calls.map((c) => typeof library[c])).toEqual(calls.map(() => 'function'));
    expect([core, library].map((m) => m.contents().experiment)).toEqual([false, true]);
    // info() is the library module's own description (plus each method's module; the papers'
    // figures stay in the module).
    const described = JSON.parse(library.describe());
    expect({
      ...described,
      methods: described.methods.map((m: object) => ({
        ...m,
        module: DESCRIPTION.methods.find((d) => d.name === (m as { name: string }).name)!.module,
      })),
      experiments: described.experiments.map(({ paper: _paper, ...e }: { paper: unknown }) => e),
    }).toEqual(DESCRIPTION);
  });
});

describe('what a page downloads', () => {
  // wasm + browser glue (+ the pthread worker script), gzip level 9, against the budgets the
  // library keeps: a page on the linear and grouping families, their paths, cross-validation and
  // stability and the generators ≤ 358 KiB; one on every family and the papers' tables ≤ 596 KiB.
  const page = (name: string, threaded: boolean) =>
    ['wasm', 'js', ...(threaded ? ['worker.js'] : [])].reduce(
      (sum, ext) => sum + gzipSync(readFileSync(join(root, `dist/wasm/web/${name}.${ext}`)), { level: 9 }).length,
      0,
    );
  it.each(variants)('stays within its budget on the %s build', (variant) => {
    const threaded = variant === 'simd-threaded';
    expect(page(`supclust-core-${variant}`, threaded)).toBeLessThanOrEqual(358 * 1024);
    expect(page(`supclust-library-${variant}`, threaded)).toBeLessThanOrEqual(596 * 1024);
  });
});

describe.each(variants)('an instance given no module (%s)', (variant) => {
  // Which modules an instance compiles, told apart by their bytes' length (no module is
  // replaced: WebAssembly.compile is watched and called through).
  const sizes = new Map(
    MODULES.map((m) => [readFileSync(join(root, `dist/wasm/web/supclust-${m}-${variant}.wasm`)).byteLength, m] as const),
  );
  async function compiledBy(run: (sc: Supclust) => Promise<unknown>, options: { module?: ModuleName; threads?: number } = {}) {
    const seen: string[] = [];
    const spy = vi.spyOn(WebAssembly, 'compile').mockImplementation((bytes) => {
      seen.push(sizes.get((bytes as ArrayBuffer).byteLength) ?? 'another');
      return compile.call(WebAssembly, bytes);
    });
    try {
      const sc = await load({ variant, ...options });
      const atLoad = [...seen];
      await run(sc);
      sc.dispose();
      return { atLoad, all: seen, info: sc.info };
    } finally {
      spy.mockRestore();
    }
  }
  const compile = WebAssembly.compile;
  const X = [[1], [2], [3], [4], [5], [6]],
    y = [1, 2, 3, 6, 5, 4];

  it('downloads nothing at load() and then only the module its first call needs', async () => {
    const library = await compiledBy((sc) => sc.fit('experts-am', { X, y, Q: 2, seed: 1 }).then(() => sc.fit('ihc', { X, y, Q: 2 })));
    expect(library.atLoad).toEqual([]);
    expect(library.all).toEqual(['library']);
    const core = await compiledBy((sc) => sc.fit('ihc', { X, y, Q: 2 }).then(() => sc.fit('experts-am', { X, y, Q: 2, seed: 1 })));
    expect(core.atLoad).toEqual([]);
    expect(core.all).toEqual(['core', 'library']);
    const nothing = await compiledBy(async () => undefined);
    expect(nothing.all).toEqual([]);
  });

  it('downloads the module load() names at load(), and reports the threads a started module does', async () => {
    const named = await compiledBy((sc) => sc.fit('ihc', { X, y, Q: 2 }), { module: 'core' });
    expect(named.atLoad).toEqual(['core']);
    expect(named.all).toEqual(['core']);
    // info.threads before any module has started equals what a started module reports
    for (const threads of [undefined, 2]) {
      const [lazy, started] = await Promise.all([
        compiledBy(async () => undefined, { threads }),
        compiledBy(async () => undefined, { threads, module: 'core' }),
      ]);
      expect(lazy.info.threads).toBe(started.info.threads);
    }
  });

  it('lets a later call try again after its module could not start', async () => {
    const sc = await load({ variant });
    const spy = vi.spyOn(WebAssembly, 'compile').mockRejectedValueOnce(new Error('the network went away'));
    try {
      await expect(sc.fit('ihc', { X, y, Q: 2 })).rejects.toThrow(/the network went away/);
    } finally {
      spy.mockRestore();
    }
    expect((await sc.fit('ihc', { X, y, Q: 2 })).status).toBe('converged');
    sc.dispose();
  });
});

describe.each(variants)('an instance started on the core (%s)', (variant) => {
  const open: Supclust[] = [];
  afterAll(() => open.forEach((s) => s.dispose()));

  it('answers every call as one started on the library module', async () => {
    const [small, whole] = await Promise.all([load({ variant, module: 'core' }), load({ variant, module: 'library' })]);
    open.push(small, whole);
    const X = Array.from({ length: 40 }, (_, i) => Array.from({ length: 6 }, (_, j) => Math.sin(3 * i + 7 * j)));
    const y = X.map((r) => r[0] + r[1] - 2 * r[4]);
    const calls = [
      (sc: Supclust) => sc.fit('ihc', { X, y, Q: 2 }), // core
      (sc: Supclust) => sc.kmeans1d([1, 2, 10, 11, 30], 2), // core
      (sc: Supclust) => sc.generate('e1', { n: 30, d: 8, Q: 2, seed: 3 }), // core
      (sc: Supclust) => sc.path('lasso', { X, y }, { nLambda: 5 }), // core
      (sc: Supclust) => sc.fit('experts-am', { X, y, Q: 2, seed: 1 }), // library
      (sc: Supclust) => sc.fit('oscar', { X, y, lambda1: 1e-3, lambda2: 1e-3 }), // core, in the library
      (sc: Supclust) => sc.experiment('e1-n', { reps: 1, fast: true, methods: ['Oracle'] }), // library
      (sc: Supclust) => sc.fit('ihc', { X, y, Q: 2 }), // core, in the library
    ];
    for (const call of calls) {
      const [a, b] = await Promise.all([call(small), call(whole)]);
      const { seconds: _a, ...left } = a as { seconds?: number };
      const { seconds: _b, ...right } = b as { seconds?: number };
      if ('rows' in left)
        for (const r of [left, right] as { rows: { msPerFit?: number }[] }[]) for (const row of r.rows) delete row.msPerFit;
      expect(left).toEqual(right);
    }
  }, 60_000);

  it('ends a call aborted while its module loads, and runs the calls queued behind it', async () => {
    const sc = await load({ variant, module: 'core' });
    open.push(sc);
    const problem = { X: [[1], [2], [3], [4], [5], [6]], y: [1, 2, 3, 6, 5, 4], Q: 2, seed: 1 };
    const ac = new AbortController();
    const aborted = sc.fit('experts-am', problem, { signal: ac.signal });
    const queued = sc.fit('experts-am', problem);
    ac.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'aborted' });
    const [m, again] = await Promise.all([queued, sc.fit('experts-am', problem)]);
    expect(m.status).toBe('converged');
    expect(again).toEqual(m);
  });

  it('refuses an unknown module by name', async () => {
    const err = await load({ variant, module: 'everything' as 'core' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SupclustError);
    expect((err as SupclustError).field).toBe('module');
  });
});
