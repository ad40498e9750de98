// docs/replication.md against the tables' declarations: every paper figure a table quotes (the
// middle of an "ours · paper · gap" cell) is one the section's table declares for that row (the
// library module's describe(): experiments[].paper, at the page's precision), every section that
// quotes the paper names the command that runs its table, and every section holding a table names
// a command the CLI has (and a table id it declares). The page cannot drift from the declarations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.js';

interface Declared {
  id: string;
  paper: Record<string, { mean: number | null; std: number | null }[]>;
}
const require = createRequire(import.meta.url);
const library = await require(join(root, 'dist/wasm/node/supclust-library-simd.js'))({
  wasmBinary: readFileSync(join(root, 'dist/wasm/web/supclust-library-simd.wasm')),
});
const experiments: Declared[] = JSON.parse(library.describe()).experiments;
const page = readFileSync(join(root, 'docs/replication.md'), 'utf8').split('\n');
const ids = experiments.map((e) => e.id);

/** The page's sections (## and ###), each with the table ids its text names (a ### section
 * without its own names those of the ## above it). */
function sections() {
  const out: { heading: string; level: number; lines: string[]; ids: string[]; command: boolean }[] = [];
  for (const line of page) {
    const h = /^(#{2,3}) (.*)/.exec(line);
    if (h) {
      out.push({ heading: h[2], level: h[1].length, lines: [], ids: [], command: false });
      continue;
    }
    const s = out.at(-1);
    if (!s) continue;
    s.lines.push(line);
    if (line.includes('npx supclust replicate')) s.command = true;
    for (const m of line.matchAll(/replicate ([\w-]+)|`([\w-]+)`/g)) {
      const id = m[1] ?? m[2];
      if (ids.includes(id) && !s.ids.includes(id)) s.ids.push(id);
    }
  }
  // Inherit: a ### section without its own takes the ids and the command of the ## before it.
  let parent = out[0];
  for (const s of out) {
    if (s.level === 2) parent = s;
    else {
      if (s.ids.length === 0) s.ids = parent.ids;
      s.command ||= parent.command;
    }
  }
  return out;
}

const number = (text: string) => Number(text.replace('−', '-'));
const decimals = (text: string) => (text.split('.')[1] ?? '').length;
const sameAt = (declared: number | null, quoted: string) =>
  declared !== null && Number(declared.toFixed(decimals(quoted))) === number(quoted);

describe('docs/replication.md', () => {
  it("quotes only the paper figures the tables declare, and names each quoting section's command", () => {
    const problems: string[] = [];
    let quoted = 0;
    for (const s of sections()) {
      // A quoting cell: ours · the paper's · the gap in standard errors (+0.8, −1.3, 0.0).
      const quoting = (cell: string) => /^([+−]\d+\.\d|0\.0)$/.test(cell.replace(/\*\*/g, '').split(' · ')[2] ?? '');
      const rows = s.lines.filter((l) => l.startsWith('|') && l.split('|').some((c) => quoting(c.trim())));
      if (rows.length === 0) continue;
      if (!s.command) problems.push(`${s.heading}: quotes the paper without naming its command`);
      if (s.ids.length === 0) {
        problems.push(`${s.heading}: names no table id`);
        continue;
      }
      for (const row of rows) {
        const cells = row
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim());
        const label = cells[0].replace(/\*\*/g, '');
        // The row by its label, the label before a parenthesis, or (the paper's name first,
        // ours after: "Ridge (LS)") the one inside it.
        const names = [label, label.replace(/ \(.*\)$/, ''), /\(([^,)]*)/.exec(label)?.[1] ?? ''];
        const declared = s.ids.flatMap((id) => {
          const paper = experiments.find((e) => e.id === id)!.paper;
          return paper[names.find((n) => paper[n]) ?? ''] ?? [];
        });
        for (const cell of cells.slice(1).filter(quoting)) {
          const figure = cell.replace(/\*\*/g, '').split(' · ')[1];
          const m = /^([−\d.]+)±([\d.]+)$/.exec(figure);
          if (!m) {
            problems.push(`${s.heading}, ${label}: '${figure}' is not mean±std`);
            continue;
          }
          quoted++;
          if (!declared.some((c) => sameAt(c.mean, m[1]) && sameAt(c.std, m[2])))
            problems.push(
              `${s.heading}, ${label}: the paper's ${figure} is not among the declared ${JSON.stringify(declared.map((c) => [c.mean, c.std]))}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(quoted).toBeGreaterThan(200); // the page quotes some 270 figures
  });

  it('names, in every section that holds a table, a command the CLI has that produces it', () => {
    const cli = readFileSync(join(root, 'bin/supclust.mjs'), 'utf8');
    const commands = [
      ...cli.slice(cli.indexOf('const COMMANDS = {'), cli.indexOf('};', cli.indexOf('const COMMANDS'))).matchAll(/^\s+'?([\w-]+)'?[,:]/gm),
    ].map((m) => m[1]);
    expect(commands).toEqual(expect.arrayContaining(['replicate', 'prior-paths', 'word-clusters', 'dfg-coefficients']));
    const problems: string[] = [];
    let parent: { named: string[] } = { named: [] };
    for (const s of sections()) {
      const named = s.lines
        .flatMap((l) => [...l.matchAll(/npx supclust ([\w-]+)(?: ([\w-]+))?/g)])
        .map((m) => (m[1] === 'replicate' ? `replicate ${m[2]}` : m[1]));
      for (const n of named) {
        const [command, id] = n.split(' ');
        if (!commands.includes(command)) problems.push(`${s.heading}: no command '${command}'`);
        if (id !== undefined && !ids.includes(id)) problems.push(`${s.heading}: no table '${id}'`);
      }
      if (s.level === 2) parent = { named };
      const own = named.length > 0 || (s.level === 3 && parent.named.length > 0);
      if (s.lines.some((l) => l.startsWith('|')) && !own) problems.push(`${s.heading}: a table without its command`);
    }
    expect(problems).toEqual([]);
  });
});
