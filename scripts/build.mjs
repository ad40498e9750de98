#!/usr/bin/env node
// Builds everything, incrementally: the native library and tests (CMake), the wasm variants
// (simd, simd-threaded) for the web (ES module) and Node (CommonJS), the TypeScript package
// and the demo. Usage: node scripts/build.mjs [native|wasm|ts|demo|sanitize]... ('sanitize',
// the C++ suite under AddressSanitizer and UBSan in build/sanitize, only when named).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpus } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const steps = process.argv.slice(2);
const want = (s) => (steps.length === 0 && s !== 'sanitize') || steps.includes(s);
const jobs = Math.max(1, cpus().length);

function run(cmd, args, opts = {}) {
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
}
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
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
const sources = walk(join(root, 'cpp/src'))
  .filter((f) => f.endsWith('.cpp'))
  .sort()
  .map((f) => relative(root, f))
  .concat(['wasm/bindings.cpp']);
// An object is out of date when its flags changed (recorded beside it), or its source or any
// header it included last time (the depfile em++ writes beside it) is newer; objects mirror the
// source tree, so equal basenames never meet.
function stale(obj, src, args) {
  const deps = obj.replace(/\.o$/, '.d'),
    flags = obj.replace(/\.o$/, '.flags');
  if (!existsSync(obj) || !existsSync(deps) || !existsSync(flags) || readFileSync(flags, 'utf8') !== args.join(' ')) return true;
  const built = mtime(obj);
  const files = readFileSync(deps, 'utf8').replace(/\\\n/g, ' ').split(/:\s/).slice(1).join(' ').split(/\s+/).filter(Boolean);
  return [src, ...files].some((f) => {
    const p = resolve(root, f);
    return !existsSync(p) || mtime(p) > built;
  });
}
const emEnv = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
// No RTTI (nothing asks for a type at run time; embind names its types without it): 4 % of the module.
const common = [
  '-O3',
  '-msimd128',
  '-fno-rtti',
  '-DEMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0',
  '-DNDEBUG',
  '-DEIGEN_NO_DEBUG',
  '-std=c++17',
  '-Icpp/include',
  '-I/usr/include/eigen3',
];
// What holds no hot loop is compiled for size: the papers' tables (declarations, the runner's
// bookkeeping), option parsing, the registry (its checks of options and shapes; the passes over
// X are checkDesign's and maxAbsOf's, core/data_matrix.cpp), the options' rescaling, the
// metrics, JSON, refusals, the bindings, the loops over whole fits (paths, stability) and the relaxed
// refit's set-up (it solves by the recipes' smooth fit), the multi-start bookkeeping, the
// reflected rows of a fit without intercept, the offsets' loss (its passes are the loss's), the
// squared-loss searches' Gram columns (their passes are the design's) and IHCS's exchange search
// (its candidates are Q × Q solves; 2 KiB less on the core page), proximal Newton's steps and the extrapolation of their passes (their passes over X are the
// kernels'; -Os saves 3.4 KiB of the core page and costs 3–5 % on logistic ℓ1 fits, 10 % on multinomial ones), the priors'
// row clustering for K outputs (Lloyd steps beside a convex fit per round). Everything that passes over the data or iterates
// (kernels, solvers, the recipes that instantiate them, cross-validation's folds, the thread
// team) is compiled for speed (-Os on cross-validation cost 6 % on a grid search).
const FOR_SIZE = [
  'cpp/src/experiments/',
  'cpp/src/methods/options.cpp',
  'cpp/src/methods/registry.cpp',
  'cpp/src/methods/data_scale.cpp',
  'cpp/src/methods/path.cpp',
  'cpp/src/methods/relaxed_fit.cpp',
  'cpp/src/methods/stability.cpp',
  'cpp/src/metrics/',
  'cpp/src/base/json.cpp',
  'cpp/src/core/held_design.cpp',
  'cpp/src/solvers/proximal_newton.cpp',
  'cpp/src/solvers/coordinate_extrapolation.cpp',
  'wasm/',
  'cpp/src/methods/multi_start.cpp',
  'cpp/src/methods/intercept_free.cpp',
  'cpp/src/core/offset_loss.cpp',
  'cpp/src/families/grouping/gram_columns.cpp',
  'cpp/src/families/grouping/sparse_exchange.cpp',
  'cpp/src/methods/weighted_rows.cpp',
  'cpp/src/methods/penalty_factors.cpp',
  'cpp/src/families/priors/row_centres.cpp',
];
// A family's methods.cpp declares its options and composes solvers: no loop of its own over data.
const familyMethods = (src) => /^cpp\/src\/families\/[^/]+\/methods\.cpp$/.test(src);
const optimisationOf = (src) => (FOR_SIZE.some((prefix) => src.startsWith(prefix)) || familyMethods(src) ? ['-Os'] : []);
const variants = {
  simd: { cflags: [], lflags: [] },
  'simd-threaded': {
    cflags: ['-pthread'],
    lflags: ['-pthread', '-sALLOW_MEMORY_GROWTH=1', '-sMAXIMUM_MEMORY=2GB', '-Wno-pthreads-mem-growth'],
  },
};
// The modules each variant is linked into, from the same objects: supclust-core-<variant> (the
// kernels, the feature-grouping families and the calls around their fits: what a page that fits
// those downloads) and supclust-library-<variant> (every family and the papers' tables). The
// sources that read the module's define are compiled once per module.
const modules = {
  'core-': ['-DSUPCLUST_MODULE_CORE'],
  'library-': [],
};
const perModule = new Set(['cpp/src/families/catalogue.cpp', 'wasm/bindings.cpp']);
const targets = {
  web: {
    flags: ['-sENVIRONMENT=web,worker', '-sEXPORT_ES6=1'],
    ext: 'js',
    pool: 'Math.max(1,Math.min(8,(self.navigator&&navigator.hardwareConcurrency)||2))',
  },
  node: {
    flags: ['-sENVIRONMENT=node', '-sNODEJS_CATCH_EXIT=0', '-sNODEJS_CATCH_REJECTION=0'],
    ext: 'js',
    pool: "Math.max(1,Math.min(8,require('os').cpus().length))",
  },
};

async function parallel(tasks, limit) {
  const queue = [...tasks];
  const workers = Array.from({ length: limit }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}

async function buildWasm() {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const exec = promisify(execFile);
  const tasks = [];
  const objects = {}; // objects[variant][module]: the objects each module links
  const compile = (src, obj, flags, label) => {
    const args = [...common, ...optimisationOf(src), ...flags];
    if (stale(obj, src, args))
      tasks.push(async () => {
        console.log(`em++ [${label}] ${src}`);
        mkdirSync(dirname(obj), { recursive: true });
        try {
          await exec('em++', [...args, '-MMD', '-MF', obj.replace(/\.o$/, '.d'), '-c', src, '-o', obj], {
            cwd: root,
            env: emEnv,
            maxBuffer: 1 << 26,
          });
          writeFileSync(obj.replace(/\.o$/, '.flags'), args.join(' '));
        } catch (e) {
          process.stderr.write(e.stderr ?? '');
          throw e;
        }
      });
    return obj;
  };
  for (const [name, v] of Object.entries(variants)) {
    const objDir = join(root, 'build/wasm', name);
    mkdirSync(objDir, { recursive: true });
    const shared = Object.fromEntries(
      sources
        .filter((src) => !perModule.has(src))
        .map((src) => [src, compile(src, join(objDir, src.replace(/\.cpp$/, '.o')), v.cflags, name)]),
    );
    objects[name] = Object.fromEntries(
      Object.entries(modules).map(([module, defines]) => [
        module,
        sources.map(
          (src) =>
            shared[src] ??
            compile(
              src,
              join(objDir, module.replace(/-$/, ''), src.replace(/\.cpp$/, '.o')),
              [...v.cflags, ...defines],
              `${module}${name}`,
            ),
        ),
      ]),
    );
  }
  await parallel(tasks, jobs);
  const threadedWorkers = [];
  for (const [name, v] of Object.entries(variants))
    for (const module of Object.keys(modules))
      for (const [env, t] of Object.entries(targets)) {
        const outDir = join(root, 'dist/wasm', env);
        mkdirSync(outDir, { recursive: true });
        const out = join(outDir, `supclust-${module}${name}.${t.ext}`);
        if (name === 'simd-threaded' && env === 'web') threadedWorkers.push(out.replace(/\.js$/, '.worker.js'));
        const inputs = [...objects[name][module], join(root, 'wasm/post.js'), join(root, 'scripts/build.mjs')];
        if (mtime(out) >= Math.max(...inputs.map(mtime))) continue;
        console.log(`link [${module}${name}/${env}] ${relative(root, out)}`);
        const pool = name === 'simd-threaded' ? [`-sPTHREAD_POOL_SIZE=${t.pool}`] : [];
        run(
          'em++',
          [
            ...common,
            ...v.lflags,
            ...t.flags,
            ...pool,
            '--bind',
            ...objects[name][module],
            '-sMODULARIZE=1',
            '-sEXPORT_NAME=createSupclust',
            '-sDYNAMIC_EXECUTION=0',
            '-sFILESYSTEM=0',
            '-sALLOW_MEMORY_GROWTH=1',
            '-sINITIAL_MEMORY=32MB',
            '--post-js',
            'wasm/post.js',
            '-o',
            out,
          ],
          { env: emEnv },
        );
        // The browsers' glue is part of the download: minified (names and whitespace only; the
        // glue runs no eval, -sDYNAMIC_EXECUTION=0, and its `new URL(…, import.meta.url)` stay).
        if (env === 'web') {
          const { transform } = await import('esbuild');
          writeFileSync(out, (await transform(readFileSync(out, 'utf8'), { minify: true, target: 'es2020' })).code);
        }
      }
  // The web pthread worker imports the glue from the URL the page's copy was loaded from
  // (post.js sets it); its fallback import of a sibling file would make bundlers emit, and
  // browsers fetch, a second copy of the glue. The import is left to the browser: a bundler
  // that rewrites it (webpack) would look the URL up among its own modules.
  for (const pthreadWorker of threadedWorkers) {
    const glue = pthreadWorker.replace(/.*\//, '').replace('.worker.js', '.js');
    const fallback = `(e.data.urlOrBlob?import(e.data.urlOrBlob):import("./${glue}"))`;
    const browserImport = 'import(/* webpackIgnore: true */ /* @vite-ignore */ e.data.urlOrBlob)';
    const workerText = readFileSync(pthreadWorker, 'utf8');
    if (workerText.includes(fallback)) writeFileSync(pthreadWorker, workerText.replace(fallback, browserImport));
    else if (!workerText.includes(browserImport))
      throw new Error('the pthread worker glue changed: update the fallback rewrite in scripts/build.mjs');
  }
  // Node glue is CommonJS inside a "type": "module" package.
  writeFileSync(join(root, 'dist/wasm/node/package.json'), '{ "type": "commonjs" }\n');
  // One .wasm per module and variant: the Node glue's copy is the web one byte for byte (the
  // environment flags change only the glue), and Node reads dist/wasm/web's (web/src/node/index.ts).
  for (const name of Object.keys(variants))
    for (const module of Object.keys(modules)) {
      const file = `supclust-${module}${name}.wasm`,
        nodeCopy = join(root, 'dist/wasm/node', file);
      if (!existsSync(nodeCopy)) continue;
      if (!readFileSync(nodeCopy).equals(readFileSync(join(root, 'dist/wasm/web', file))))
        throw new Error(`the node and web builds of ${file} differ: Node can no longer share the web .wasm`);
      rmSync(nodeCopy);
    }
  // Nothing else stays in dist/wasm: a module no longer built would otherwise be packed.
  const built = new Set(
    Object.keys(variants).flatMap((name) =>
      Object.keys(modules).flatMap((module) => ['wasm', 'js', 'worker.js'].map((ext) => `supclust-${module}${name}.${ext}`)),
    ),
  ).add('package.json');
  for (const env of Object.keys(targets))
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
