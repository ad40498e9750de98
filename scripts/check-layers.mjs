#!/usr/bin/env node
// Fails when an include runs upward: each folder of cpp/include/supclust and cpp/src is a layer,
// and a file may include its own layer and those below it. The families sit side by side above
// the kit and include no other family; experiments sit on top. Also fails when the bindings
// (wasm/bindings.cpp: the call table, nothing else) exceed BINDINGS_LINES lines, or when a
// function declared in one layer is defined only in another. Usage: node
// scripts/check-layers.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const layers = ['base', 'kernels', 'core', 'solvers', 'metrics', 'methods', 'families', 'experiments'];
// Layers of equal rank do not include each other.
const rank = { base: 0, kernels: 1, core: 2, solvers: 3, metrics: 3, methods: 4, families: 5, experiments: 6 };

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
// 'families/experts/x.hpp' → { layer: 'families', family: 'experts' }; a file directly in
// families/ (the catalogue of all families) belongs to no family and may include any.
function place(path) {
  const [layer, second, third] = path.split('/');
  return { layer, family: layer === 'families' && third !== undefined ? second : null };
}

const problems = [];
const files = [
  ...walk(join(root, 'cpp/include/supclust')).map((f) => [f, relative(join(root, 'cpp/include/supclust'), f)]),
  ...walk(join(root, 'cpp/src')).map((f) => [f, relative(join(root, 'cpp/src'), f)]),
];
for (const [file, path] of files) {
  const from = place(path);
  if (!(from.layer in rank)) {
    problems.push(`${relative(root, file)}: folder '${from.layer}' is not a layer`);
    continue;
  }
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /^\s*#\s*include\s+"supclust\/([^"]+)"/.exec(line);
      if (!m) return;
      const to = place(m[1]);
      const where = `${relative(root, file)}:${i + 1}`;
      if (!(to.layer in rank)) problems.push(`${where}: includes ${m[1]}, in no layer`);
      else if (rank[to.layer] > rank[from.layer] || (rank[to.layer] === rank[from.layer] && to.layer !== from.layer))
        problems.push(`${where}: ${from.layer} includes ${m[1]} (a layer above or beside it)`);
      else if (from.family && to.family && to.family !== from.family)
        problems.push(`${where}: family '${from.family}' includes family '${to.family}' (${m[1]})`);
      else if (from.family && to.layer === 'families' && !to.family)
        problems.push(`${where}: family '${from.family}' includes the catalogue of families (${m[1]})`);
    });
}
// A free function declared in one layer's header is defined in that layer's sources (where a
// header declares it, the layer owns it: a definition only in another layer is a link the
// includes do not show). Declarations and definitions at column 0, read by shape.
const startsFunction =
  /^(?!#|\/\/|namespace|class|struct|template|using|inline|constexpr|static|extern|enum|typedef|return)[A-Za-z_][\w:<>,*& ]*?\b(\w+)\(/;
function functionsOf(text, ending) {
  const names = new Set();
  text.split('\n').forEach((line, i, lines) => {
    const m = startsFunction.exec(line);
    if (!m) return;
    const rest = lines.slice(i, i + 8).join('\n');
    const end = rest.search(/[;{]/);
    if (end >= 0 && rest[end] === ending) names.add(m[1]);
  });
  return names;
}
const defined = {}; // layer → names defined in its sources
for (const [file, path] of files.filter(([f]) => f.endsWith('.cpp'))) {
  const layer = path.split('/')[0];
  for (const name of functionsOf(readFileSync(file, 'utf8'), '{')) (defined[layer] ??= new Set()).add(name);
}
for (const [file, path] of files.filter(([f]) => f.endsWith('.hpp'))) {
  const layer = path.split('/')[0];
  for (const name of functionsOf(readFileSync(file, 'utf8'), ';')) {
    if (defined[layer]?.has(name)) continue;
    const elsewhere = Object.keys(defined).filter((l) => defined[l].has(name));
    if (elsewhere.length)
      problems.push(`${relative(root, file)}: declares ${name}(), defined in ${elsewhere.join(', ')} but not in ${layer}`);
  }
}

export const BINDINGS_LINES = 200;
const bindingsLines = readFileSync(join(root, 'wasm/bindings.cpp'), 'utf8').trimEnd().split('\n').length;
if (bindingsLines > BINDINGS_LINES)
  problems.push(
    `wasm/bindings.cpp: ${bindingsLines} lines, over ${BINDINGS_LINES} (conversions belong in wasm/marshal.hpp, checks in the library)`,
  );
if (problems.length) {
  console.error(`upward includes (layers, bottom up: ${layers.join(' → ')}) and the bindings' size:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`layers: ${files.length} files, no upward include; bindings: ${bindingsLines} lines`);
