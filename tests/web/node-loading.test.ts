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
  it('names the missing .wasm file', async () => {
    cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
    rmSync(join(dir, 'dist/wasm/web/supclust-simd.wasm'));
    const broken = await import(pathToFileURL(join(dir, 'dist/node/index.js')).href);
    const err = await broken.load({ variant: 'simd' }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(broken.SupclustError);
    expect(err.code).toBe('load-failed');
    expect(err.message).toContain(join(dir, 'dist/wasm/web/supclust-simd.wasm'));
    expect(err.message).toContain('ENOENT');
  });
});
