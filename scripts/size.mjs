#!/usr/bin/env node
// Where the download's bytes go: each built wasm module and its glue (raw, gzip, brotli), what a
// page downloads for each module (core, library), and the code each layer and family
// compiles to (the wasm objects' CODE sections under build/wasm/simd's object libraries,
// before the linker merges the template instances several objects share, so their sum exceeds
// the module's). Usage: node scripts/size.mjs (after node scripts/build.mjs wasm).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const kb = (n) => (n / 1024).toFixed(0).padStart(6);
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
console.log('file                                              raw KB   gzip KB  brotli KB');
for (const env of ['web', 'node'])
  for (const module of ['core-', 'library-'])
    for (const variant of ['simd', 'simd-threaded'])
      for (const ext of ['wasm', 'js']) {
        const file = join(root, 'dist/wasm', env, `supclust-${module}${variant}.${ext}`);
        if (!existsSync(file)) continue;
        const bytes = readFileSync(file);
        const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        console.log(`${relative(root, file).padEnd(48)} ${kb(bytes.length)}    ${kb(gzip(file))}    ${kb(br)}`);
      }

// What a page downloads for each module: the .wasm, its glue and (threaded) the pthread worker.
console.log('\na page on module   build           wasm + glue, gzip KB');
for (const [module, name] of [
  ['core-', 'core'],
  ['library-', 'library'],
])
  for (const variant of ['simd', 'simd-threaded']) {
    const files = ['wasm', 'js', ...(variant === 'simd-threaded' ? ['worker.js'] : [])].map((ext) =>
      join(root, 'dist/wasm/web', `supclust-${module}${variant}.${ext}`),
    );
    if (!files.every(existsSync)) continue;
    console.log(`${name.padEnd(18)} ${variant.padEnd(15)} ${kb(files.reduce((sum, f) => sum + gzip(f), 0))}`);
  }

// The objects CMake compiled for the simd build (wasm/wasm.cmake), under each object library's
// folder as cpp/src/<layer>[/<family>]/x.cpp.o or wasm/x.cpp.o.
const objects = join(root, 'build/wasm/simd/CMakeFiles');
if (!existsSync(objects)) process.exit(0);
const code = new Map();
for (const dir of readdirSync(objects).filter((d) => d.startsWith('supclust_wasm_') && d.endsWith('.dir')))
  for (const file of walk(join(objects, dir)).filter((f) => f.endsWith('.o'))) {
    const parts = relative(join(objects, dir), file).split('/');
    const group = parts[0] === 'wasm' ? 'wasm' : parts[2] === 'families' && parts.length > 4 ? `families/${parts[3]}` : parts[2];
    const sections = execFileSync('llvm-size', ['-A', file], { encoding: 'utf8' });
    const size = Number(/^CODE\s+(\d+)/m.exec(sections)?.[1] ?? 0);
    code.set(group, (code.get(group) ?? 0) + size);
  }
const total = [...code.values()].reduce((a, b) => a + b, 0);
console.log('\ncode by layer and family (wasm objects, simd)   KB   share');
for (const [group, size] of [...code].sort((a, b) => b[1] - a[1]))
  console.log(`${group.padEnd(44)} ${kb(size)}   ${((100 * size) / total).toFixed(0).padStart(3)} %`);
console.log(`${'all objects'.padEnd(44)} ${kb(total)}`);
