#!/usr/bin/env node
// Runs every suite — the layers' include check, the layout and lint check (scripts/format.mjs), native (GoogleTest via CTest), the same C++ suite
// under AddressSanitizer and UBSan (build/sanitize), wasm through the TypeScript API in Node, the
// package test and the browser e2e (Vitest) — and ends with each tier's time, the ten slowest
// tests and one line: "supclust: N passed, M failed". The web unit files run several at once;
// the package test and the browser e2e, which rebuild the package and drive one browser, run
// after them one file at a time.
// With --fast (npm run test:fast, the edit loop): the two checks, the native suite and the web unit files only —
// no sanitizer suite, whole paper tables, package re-pack or browser.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fast = process.argv.includes('--fast');
// The web files the fast tier leaves out: whole tables, the package re-pack, processes per shard.
const SLOW = [
  'tests/web/package.test.ts',
  'tests/web/dfg-tables.test.ts',
  'tests/web/experiment.test.ts',
  'tests/web/sharding.test.ts',
  'tests/web/cluster.test.ts',
  'tests/web/priors.test.ts',
  'tests/web/experts.test.ts',
  'tests/web/cli.test.ts',
];
// Files that must run alone: the package test re-packs dist/ (which the others read) and the
// e2e files share one browser and the demo's port.
const SERIAL = ['tests/web/package.test.ts', 'tests/e2e'];
let passed = 0,
  failed = 0;
const tiers = [];
const reports = [];

/** Runs a command, its output passed through (or collected, for CTest's summary). */
function run(label, command, args, { collect = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.on('close', (status) => {
      tiers.push(`${label} ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      resolve({ status, out });
    });
  });
}

async function ctest(dir, label, jobs) {
  const r = await run(label, 'ctest', ['--test-dir', dir, '--output-on-failure', '-j', String(jobs)], { collect: true });
  process.stdout.write(`\n---- ${label} ----\n${r.out}`);
  const m = /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(r.out);
  if (!m) {
    console.error(`${label}: no CTest summary (did the build fail?)`);
    failed += 1;
    return false;
  }
  failed += Number(m[2]);
  passed += Number(m[3]) - Number(m[2]);
  return r.status === 0;
}

async function vitest(label, files, { parallel }) {
  const report = join(root, `build/vitest-report-${reports.length}.json`);
  rmSync(report, { force: true });
  reports.push(report);
  const r = await run(label, process.execPath, [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...files,
    `--fileParallelism=${parallel}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    console.error(`${label}: no Vitest report (exit ${r.status})`);
    failed += 1;
    return false;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests + (j.numTotalTestSuites > 0 && j.success === false && j.numFailedTests === 0 ? 1 : 0);
  return r.status === 0;
}

// The layers' shape (scripts/check-layers.mjs): no include runs upward or across families.
const layers = await run('layers', process.execPath, [join(root, 'scripts/check-layers.mjs')]);
if (layers.status === 0) passed += 1;
else failed += 1;
// The layout and lint (scripts/format.mjs): clang-format's for C++, Biome's for TypeScript and JavaScript.
const format = await run('format', process.execPath, [join(root, 'scripts/format.mjs')]);
if (format.status === 0) passed += 1;
else failed += 1;
const nativeOk = await ctest('build/native', 'native', 2);
const unitFiles = ['tests/web', ...(fast ? SLOW : SERIAL).flatMap((f) => ['--exclude', f])];
// The tiers run one after another, each using every core (side by side they slow each other).
const sanitizedOk = fast || (await ctest('build/sanitize', 'sanitizer (node scripts/build.mjs sanitize)', 2));
const unitOk = await vitest(fast ? 'web (fast)' : 'web', unitFiles, { parallel: true });
const serialOk = fast || (await vitest('package and e2e', SERIAL, { parallel: false }));

const slowest = reports
  .filter(existsSync)
  .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).testResults)
  .flatMap((f) => f.assertionResults.map((a) => ({ name: `${f.name.replace(root + '/', '')} > ${a.title}`, ms: a.duration ?? 0 })))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10);
console.log('\nslowest tests:');
for (const t of slowest) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
console.log(`tiers: ${tiers.join(', ')}`);
console.log(`supclust: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && layers.status === 0 && format.status === 0 && nativeOk && sanitizedOk && unitOk && serialOk ? 0 : 1);
