// The published types catch the usual mistakes under `tsc --strict` (tests/types/usage.ts: a
// correct part that must compile and deliberate mistakes, each expected to fail), in a project
// with the DOM library and in a Node one without it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.js';

const tsc = (project: string) =>
  spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: root, encoding: 'utf8' });

describe('the package types', () => {
  it('compile correct usage and reject every deliberate mistake', () => {
    const r = tsc('tests/types/tsconfig.json');
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    // Each mistake is a separate @ts-expect-error: tsc fails on any that compiles.
    expect(readFileSync(join(root, 'tests/types/usage.ts'), 'utf8').match(/^\s*\/\/ @ts-expect-error:/gm)).toHaveLength(20);
  });

  it('check in a Node project without the DOM library, the declarations included (no skipLibCheck)', () => {
    const r = tsc('tests/types/tsconfig.node.json');
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
