// Loading in Node when the package is incomplete: a missing .wasm is a SupclustError
// ('load-failed') naming the file, not a raw MODULE_NOT_FOUND.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'supclust-broken-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loading in Node', () => {
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  rmSync(join(dir, 'dist/wasm/web/supclust-core-simd.wasm'));
  rmSync(join(dir, 'dist/wasm/web/supclust-library-simd.wasm'));

  it('names the missing .wasm file: at load() when it names the module, else at the first call', async () => {
    const broken = await import(pathToFileURL(join(dir, 'dist/node/index.js')).href);
    const atLoad = await broken.load({ variant: 'simd', module: 'core' }).then(
      () => null,
      (e: unknown) => e,
    );
    const sc = await broken.load({ variant: 'simd' });
    const atCall = await sc.kmeans1d([1, 2, 10], 2).then(
      () => null,
      (e: unknown) => e,
    );
    sc.dispose();
    for (const err of [atLoad, atCall]) {
      expect(err).toBeInstanceOf(broken.SupclustError);
      expect(err.code).toBe('load-failed');
      expect(err.message).toContain(join(dir, 'dist/wasm/web/supclust-core-simd.wasm'));
      expect(err.message).toContain('ENOENT');
    }
  });

  it('fails only the call that needs a missing larger module, naming it; the others go on', async () => {
    const broken = await import(pathToFileURL(join(dir, 'dist/node/index.js')).href);
    const sc = await broken.load({ variant: 'simd', module: 'library' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(sc.message).toContain(join(dir, 'dist/wasm/web/supclust-library-simd.wasm'));
    cpSync(join(root, 'dist/wasm/web/supclust-core-simd.wasm'), join(dir, 'dist/wasm/web/supclust-core-simd.wasm'));
    const core = await broken.load({ variant: 'simd' });
    try {
      const problem = {
        X: [
          [1, 0],
          [0, 1],
          [1, 1],
          [2, 1],
        ],
        y: [1, 2, 3, 5],
      };
      expect((await core.fit('ihc', { ...problem, Q: 1 })).status).toBe('converged');
      const err = await core.fit('experts-am', { ...problem, Q: 2 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(broken.SupclustError);
      expect(err.code).toBe('load-failed');
      expect(err.message).toContain(join(dir, 'dist/wasm/web/supclust-library-simd.wasm'));
      expect((await core.fit('ihc', { ...problem, Q: 1 })).status).toBe('converged');
      const tables = await core.experiment('e1-n', { reps: 1, fast: true, methods: ['Oracle'] }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(tables.message).toContain(join(dir, 'dist/wasm/web/supclust-library-simd.wasm'));
      expect((await core.path('lasso', problem, { nLambda: 3 })).points).toHaveLength(3); // the core runs paths
      expect((await core.kmeans1d([1, 2, 10], 2)).sse).toBe(0.5);
    } finally {
      core.dispose();
    }
  });
});
