#!/usr/bin/env node
// The code's layout and lint. C++: every tracked .cpp/.hpp file as clang-format (Debian's,
// `scripts/bootstrap` installs it) lays it out by .clang-format, and cppcheck's findings (below).
// TypeScript and JavaScript: Biome (a dev dependency) by biome.json — its formatter's layout and
// its linter's recommended rules (a warning fails as an error does), less those the code departs
// from on purpose (tests/types keeps its own layout: each @ts-expect-error there covers the one
// line below it). Checks by default, failing with each file that differs; `--write` lays the
// files out in place (lint findings stay for a person to mend).
// Usage: node scripts/format.mjs [--write]
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const write = process.argv.includes('--write');
const files = execFileSync('git', ['ls-files', '*.cpp', '*.hpp'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

const differing = [];
for (const file of files) {
  const path = join(root, file);
  const r = spawnSync('clang-format', ['--style=file', `--assume-filename=${path}`], {
    input: readFileSync(path),
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.error || r.status !== 0) {
    console.error(`format: clang-format failed on ${file}: ${r.error?.message ?? r.stderr} (scripts/bootstrap installs it)`);
    process.exit(2);
  }
  const before = readFileSync(path, 'utf8');
  if (r.stdout === before) continue;
  if (write) writeFileSync(path, r.stdout);
  else {
    const a = before.split('\n'),
      b = r.stdout.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    differing.push(`${file}:${line + 1}: ${a[line]?.trim()}`);
  }
}
if (differing.length) {
  console.error(
    `format: ${differing.length} of ${files.length} C++ files differ from clang-format's layout (node scripts/format.mjs --write lays them out):`,
  );
  for (const d of differing) console.error(`  ${d}`);
} else console.log(`format: ${files.length} C++ files ${write ? 'laid out' : 'as clang-format lays them out'}`);

const biome = spawnSync(join(root, 'node_modules/.bin/biome'), write ? ['format', '--write', '.'] : ['check', '--error-on-warnings', '.'], {
  cwd: root,
  stdio: 'inherit',
});
if (biome.error) console.error(`format: Biome did not run (${biome.error.message}): npm ci installs it`);

// C++ lint: cppcheck (Debian's) on cpp/src and the headers it includes, its warning, performance
// and portability checks; the findings that are not defects are listed, with why, in
// scripts/cppcheck-suppressions.txt. Not with --write: a finding is for a person to mend.
let linted = true;
if (!write) {
  const cppcheck = spawnSync(
    'cppcheck',
    [
      '--quiet',
      '--error-exitcode=1',
      '--enable=warning,performance,portability',
      '--std=c++20',
      '--language=c++',
      '-I',
      'cpp/include',
      '--suppress=missingIncludeSystem',
      '--suppressions-list=scripts/cppcheck-suppressions.txt',
      '-j2',
      '--template={file}:{line}: {severity} {id}: {message}',
      'cpp/src',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (cppcheck.error) console.error(`format: cppcheck did not run (${cppcheck.error.message}): scripts/bootstrap installs it`);
  linted = !cppcheck.error && cppcheck.status === 0;
  if (linted) console.log('lint: cppcheck finds nothing in cpp/src');
}
process.exit(differing.length || biome.status !== 0 || !linted ? 1 : 0);
