import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { load, type Supclust, type SupclustError } from '../../dist/node/index.js';

export const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const variants = ['simd', 'simd-threaded'] as const;

/** Loads both builds before a file's tests and disposes them after (call at the top level). */
export function withBothBuilds(): { simd: Supclust; threaded: Supclust } {
  const both = {} as { simd: Supclust; threaded: Supclust };
  beforeAll(async () => {
    both.simd = await load({ variant: 'simd' });
    both.threaded = await load({ variant: 'simd-threaded' });
  });
  afterAll(() => {
    both.simd?.dispose();
    both.threaded?.dispose();
  });
  return both;
}

export function nativeAnswers(): any {
  return JSON.parse(execFileSync(join(root, 'build/native/supclust_answers'), { maxBuffer: 1 << 28 }).toString());
}

/** |a − b| ≤ rel · max(|a|, |b|, scale) elementwise; returns the first violation or ''. */
export function mismatch(a: ArrayLike<number>, b: ArrayLike<number>, rel = 1e-10, scale = 1): string {
  if (a.length !== b.length) return `length ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const tol = rel * Math.max(Math.abs(a[i]), Math.abs(b[i]), scale);
    if (!(Math.abs(a[i] - b[i]) <= tol)) return `entry ${i}: ${a[i]} vs ${b[i]}`;
  }
  return '';
}

/** The SupclustError a call rejects with (a call that resolves fails the test). */
export async function rejected(p: Promise<unknown>): Promise<SupclustError> {
  try {
    await p;
  } catch (e) {
    return e as SupclustError;
  }
  throw new Error('expected a SupclustError');
}

/** Whether Debian's R with glmnet is here (`npm run bench` installs r-cran-glmnet). */
export const hasGlmnet = spawnSync('/usr/bin/Rscript', ['-e', 'library(glmnet)'], {}).status === 0;

/** Runs a peer script of tests/peers on diabetes (the fixture) writing its bytes to a new folder:
 * what it printed (JSON) and the arrays it wrote (little-endian doubles, `<name>.f64`). */
export function peerRun(script: string): { printed: any; bytes: (name: string) => Float64Array; stderr: string; status: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'supclust-peer-'));
  const r = spawnSync('/usr/bin/Rscript', [join(root, 'tests/peers', script), join(root, 'tests/cpp/fixtures/diabetes.txt'), dir], {
    encoding: 'utf8',
  });
  return {
    printed: r.status === 0 ? JSON.parse(r.stdout) : undefined,
    stderr: r.stderr,
    status: r.status,
    bytes: (name) => {
      const b = readFileSync(join(dir, `${name}.f64`));
      return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
    },
  };
}
