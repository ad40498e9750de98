#!/usr/bin/env node
// Runs every suite — the layers' include check, native (GoogleTest via CTest), the same C++ suite under AddressSanitizer
// and UBSan (build/sanitize), wasm through the TypeScript API in Node and the browser e2e
// (Vitest) — and ends with each tier's time, the ten slowest tests and one line: "supclust: N
// passed, M failed". With --fast (npm run test:fast, the edit loop): the native suite and the
// web unit files only — no sanitizer suite, whole paper tables, package re-pack or browser.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fast = process.argv.includes('--fast');
// The web files the fast tier leaves out: whole tables, the package re-pack, processes per shard.
const SLOW = ['tests/web/package.test.ts', 'tests/web/dfg-tables.test.ts', 'tests/web/experiment.test.ts',
  'tests/web/sharding.test.ts', 'tests/web/priors.test.ts', 'tests/web/experts.test.ts', 'tests/web/cli.test.ts'];
let passed = 0, failed = 0;
const tiers = [];
const timed = (label, f) => {
  const t0 = Date.now();
  const r = f();
  tiers.push(`${label} ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return r;
};

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
// The layers' shape (scripts/check-layers.mjs): no include runs upward or across families.
const layersOk = timed('layers', () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts/check-layers.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status === 0) passed += 1;
  else failed += 1;
  return r.status === 0;
});
const nativeOk = timed('native', () => runCtest('build/native', 'native suite'));
const sanitizedOk = fast || timed('sanitizer', () => runCtest('build/sanitize', 'sanitizer suite (node scripts/build.mjs sanitize)'));

const report = join(root, 'build/vitest-report.json');
rmSync(report, { force: true });
const vitest = timed(fast ? 'web (fast)' : 'web and e2e', () => spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run',
  ...(fast ? ['tests/web', ...SLOW.flatMap((f) => ['--exclude', f])] : []),
  '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, stdio: 'inherit' }));
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const slowest = r.testResults.flatMap((f) => f.assertionResults.map((a) => ({ name: `${f.name.replace(root + '/', '')} > ${a.title}`, ms: a.duration ?? 0 })))
    .sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log('\nslowest tests:');
  for (const t of slowest) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0 ? 1 : 0);
} else {
  console.error(`web/e2e suites: no Vitest report (exit ${vitest.status})`);
  failed += 1;
}

console.log(`tiers: ${tiers.join(', ')}`);
console.log(`supclust: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && layersOk && nativeOk && sanitizedOk && vitest.status === 0 ? 0 : 1);
