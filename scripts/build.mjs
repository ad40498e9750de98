#!/usr/bin/env node
// Builds everything, incrementally: the native library and tests (CMake), the wasm variants
// (simd, simd-threaded) for the web (ES module) and Node (CommonJS), the TypeScript package
// and the demo. Usage: node scripts/build.mjs [native|wasm|ts|demo|sanitize]... ('sanitize',
// the C++ suite under AddressSanitizer and UBSan in build/sanitize, only when named).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpus } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const steps = process.argv.slice(2);
const want = (s) => (steps.length === 0 && s !== 'sanitize') || steps.includes(s);
const jobs = Math.max(1, cpus().length);

function run(cmd, args, opts = {}) {
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
}

// ---- native ----
function buildNative() {
  const dir = join(root, 'build/native');
  if (!existsSync(join(dir, 'CMakeCache.txt'))) run('cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Release']);
  run('cmake', ['--build', dir, '-j', String(jobs)]);
}

// The C++ tests under AddressSanitizer + UndefinedBehaviorSanitizer (-O1: quicker to build,
// still fast enough to run; any report aborts the test that made it).
function buildSanitized() {
  const dir = join(root, 'build/sanitize');
  if (!existsSync(join(dir, 'CMakeCache.txt')))
    run('cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Debug', '-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g', '-DSUPCLUST_SANITIZE=ON']);
  run('cmake', ['--build', dir, '-j', String(jobs), '--target', 'supclust_tests']);
}

// ---- wasm ----
// CMake under emcmake (wasm/wasm.cmake), one build directory per variant: the modules'
// objects and links, incremental by the compiler's own dependency files; each browser link's
// glue minified and its pthread worker rewritten by scripts/wasm-glue.mjs.
const VARIANTS = ['simd', 'simd-threaded'],
  MODULES = ['core', 'library'],
  ENVIRONMENTS = ['web', 'node'];
// emcc needs acorn (Debian's node-acorn, under /usr/share/nodejs).
const emEnv = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };

// The modules' files in dist/wasm (the Node glue's .wasm is the browsers').
const moduleFiles = () =>
  VARIANTS.flatMap((v) =>
    MODULES.flatMap((m) => [
      ...['wasm', 'js', ...(v === 'simd-threaded' ? ['worker.js'] : [])].map((ext) =>
        join(root, 'dist/wasm/web', `supclust-${m}-${v}.${ext}`),
      ),
      join(root, 'dist/wasm/node', `supclust-${m}-${v}.js`),
    ]),
  );
// A checkout without a wasm build directory whose dist/wasm holds every module, newer than every
// file the build reads (a clone given a built dist/, as the package test makes one), keeps them.
function prebuilt() {
  if (VARIANTS.some((v) => existsSync(join(root, 'build/wasm', v, 'CMakeCache.txt')))) return false;
  const outputs = moduleFiles();
  if (!outputs.every((f) => existsSync(f))) return false;
  const inputs = execFileSync('git', ['ls-files', 'cpp', 'wasm', 'CMakeLists.txt', 'scripts/wasm-glue.mjs'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const time = (f) => statSync(f).mtimeMs;
  return Math.max(...inputs.map((f) => time(join(root, f)))) < Math.min(...outputs.map(time));
}

async function buildWasm() {
  if (prebuilt()) {
    console.log('wasm: dist/wasm is newer than every source, kept');
    return;
  }
  for (const variant of VARIANTS) {
    const dir = join(root, 'build/wasm', variant);
    if (!existsSync(join(dir, 'CMakeCache.txt'))) {
      rmSync(dir, { recursive: true, force: true }); // objects of an older layout
      run('emcmake', ['cmake', '-S', '.', '-B', dir, `-DSUPCLUST_VARIANT=${variant}`, `-DSUPCLUST_NODE=${process.execPath}`], {
        env: emEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    run('cmake', ['--build', dir, '-j', String(jobs)], { env: emEnv });
  }
  // Node glue is CommonJS inside a "type": "module" package.
  writeFileSync(join(root, 'dist/wasm/node/package.json'), '{ "type": "commonjs" }\n');
  // One .wasm per module and variant: the Node glue's copy is the web one byte for byte (the
  // environment flags change only the glue), and Node reads dist/wasm/web's (web/src/node/index.ts).
  for (const name of VARIANTS)
    for (const module of MODULES) {
      const file = `supclust-${module}-${name}.wasm`,
        nodeCopy = join(root, 'dist/wasm/node', file);
      if (!existsSync(nodeCopy)) continue;
      if (!readFileSync(nodeCopy).equals(readFileSync(join(root, 'dist/wasm/web', file))))
        throw new Error(`the node and web builds of ${file} differ: Node can no longer share the web .wasm`);
      rmSync(nodeCopy);
    }
  // Nothing else stays in dist/wasm: a module no longer built would otherwise be packed.
  const built = new Set(
    VARIANTS.flatMap((name) => MODULES.flatMap((module) => ['wasm', 'js', 'worker.js'].map((ext) => `supclust-${module}-${name}.${ext}`))),
  ).add('package.json');
  for (const env of ENVIRONMENTS)
    for (const file of readdirSync(join(root, 'dist/wasm', env))) if (!built.has(file)) rmSync(join(root, 'dist/wasm', env, file));
}

// ---- TypeScript ----
// Generated sources first: each method's typed options from the registry (the wasm build's
// info()), and the English stop-word list taken from the `stopword` package at build time, so
// that the published package has no run-time dependency.
async function generateSources() {
  run(process.execPath, [join(root, 'scripts/generate-types.mjs')]);
  const { eng } = await import('stopword');
  const out = join(root, 'web/src/stopwords.generated.ts');
  const text =
    '// Generated by scripts/build.mjs from the `stopword` package (MIT, see LICENSE). Do not edit.\n' +
    `/** English stop words (the \`stopword\` package's list). */\nexport const englishStopWords: readonly string[] = ${JSON.stringify(eng)};\n`;
  if (!existsSync(out) || readFileSync(out, 'utf8') !== text) writeFileSync(out, text);
}

async function buildTs() {
  await generateSources();
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'web/tsconfig.json']);
  await bundleTableParser();
  await writeDatasetsPage();
}

// readTable's CSV parser, Papa Parse, bundled into dist/table.js (its minified browser build,
// MIT: see LICENSE), so that the package keeps no run-time dependency and dist/browser/index.js no
// bare import.
async function bundleTableParser() {
  const { build } = await import('esbuild');
  const file = join(root, 'dist/table.js');
  await build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['browser', 'main'],
    logLevel: 'warning',
    plugins: [
      {
        name: 'siblings',
        setup: (b) =>
          b.onResolve({ filter: /^\.\.?\//, namespace: 'file' }, (a) =>
            a.importer === file ? { path: a.path, external: true } : undefined,
          ),
      },
    ],
  });
}

// docs/datasets.md from the datasets' declaration (web/src/datasets.ts).
async function writeDatasetsPage() {
  const { DATASETS } = await import(pathToFileURL(join(root, 'dist/datasets.js')).href);
  const lines = [
    '<!-- Generated by scripts/build.mjs from web/src/datasets.ts. Do not edit. -->',
    '# Real datasets',
    '',
    'The real-data tables (`supclust replicate <id> --data DIR`) read these datasets; the library ships none of them.',
    "DIR is the dataset's folder or a folder that contains it (one DIR can hold them all).",
    '',
  ];
  const folders = [...new Set(Object.values(DATASETS).map((d) => d.folder))];
  for (const folder of folders) {
    const readers = Object.values(DATASETS).filter((d) => d.folder === folder),
      d = readers[0];
    lines.push(
      `## ${folder}`,
      '',
      `${d.title}. Read by ${readers.map((r) => `\`${r.loader}\` (tables on \`${r.name}\`)`).join(' and ')}.`,
      '',
      `- **Source:** ${d.source}`,
      `- **Citation:** ${d.citation}`,
      `- **Terms:** ${d.terms}`,
      `- **Layout of \`${folder}/\`:** ${d.layout.join('; ')}`,
      '',
    );
  }
  const out = join(root, 'docs/datasets.md'),
    text = lines.join('\n');
  if (!existsSync(out) || readFileSync(out, 'utf8') !== text) writeFileSync(out, text);
}

// ---- demo ----
function buildDemo() {
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'demo/tsconfig.json']); // type-check
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'demo/vite.config.ts', '--logLevel', 'warn']);
}

try {
  if (want('native')) buildNative();
  if (want('sanitize')) buildSanitized();
  if (want('wasm')) await buildWasm();
  if (want('ts')) await buildTs();
  if (want('demo')) buildDemo();
} catch (e) {
  console.error(`build failed: ${e.message.split('\n')[0]}`);
  process.exit(1);
}
