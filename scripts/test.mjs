#!/usr/bin/env node
// Runs every suite — native (GoogleTest via CTest), the same C++ suite under AddressSanitizer
// and UBSan (build/sanitize), wasm through the TypeScript API in Node and the browser e2e
// (Vitest) — and ends with one line: "supclust: N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let passed = 0, failed = 0;

function runCtest(dir, label) {
  const r = spawnSync('ctest', ['--test-dir', dir, '--output-on-failure', '-j', '2'], { cwd: root, encoding: 'utf8' });
  process.stdout.write(r.stdout ?? '');
  process.stderr.write(r.stderr ?? '');
  const m = /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(r.stdout ?? '');
  if (m) {
    failed += Number(m[2]);
    passed += Number(m[3]) - Number(m[2]);
  } else {
    console.error(`${label}: no CTest summary (did the build fail?)`);
    failed += 1;
  }
  return r.status === 0 && !!m;
}
const nativeOk = runCtest('build/native', 'native suite');
const sanitizedOk = runCtest('build/sanitize', 'sanitizer suite (node scripts/build.mjs sanitize)');

const report = join(root, 'build/vitest-report.json');
rmSync(report, { force: true });
const vitest = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run',
  '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, stdio: 'inherit' });
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
} else {
  console.error(`web/e2e suites: no Vitest report (exit ${vitest.status})`);
  failed += 1;
}

console.log(`supclust: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && nativeOk && sanitizedOk && vitest.status === 0 ? 0 : 1);
