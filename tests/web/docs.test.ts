// The documentation renders: every relative link and image in README.md and docs/*.md points at
// a file that exists (and, with a #fragment into markdown, at a heading there), and every
// markdown table is one block whose rows have the header's number of cells.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.js';

const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The page without fenced code blocks (their pipes and brackets are code). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return fenced || /^\s*```/.test(line) ? '' : line;
  });
}

/** Cells of a table row: pipes not escaped and not inside `code`. */
function cells(row: string): number {
  let count = 0, code = false;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '`') code = !code;
    else if (row[i] === '\\') i++;
    else if (row[i] === '|' && !code) count++;
  }
  return count - 1;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

describe('documentation', () => {
  it.each(pages)('%s: every relative link and image resolves', (page) => {
    const lines = prose(readFileSync(join(root, page), 'utf8'));
    const broken: string[] = [];
    for (const line of lines)
      for (const m of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue;  // https:, mailto: …
        const [path, fragment] = target.split('#');
        const file = path === '' ? join(root, page) : join(root, dirname(page), decodeURI(path));
        if (!existsSync(file)) { broken.push(target); continue; }
        if (fragment && file.endsWith('.md')) {
          const headings = readFileSync(file, 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => anchor(l.replace(/^#+ /, '')));
          if (!headings.includes(fragment)) broken.push(target);
        }
      }
    expect(broken).toEqual([]);
  });

  it.each(pages)('%s: every table renders as one table', (page) => {
    const lines = prose(readFileSync(join(root, page), 'utf8'));
    const problems: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith('|')) continue;
      const start = i, header = cells(lines[i]);
      if (!/^\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '') || cells(lines[i + 1]) !== header)
        problems.push(`line ${start + 1}: a table row without a header and separator above it (a paragraph inside a table?)`);
      for (i = start; i < lines.length && lines[i].startsWith('|'); i++)
        if (cells(lines[i]) !== header) problems.push(`line ${i + 1}: ${cells(lines[i])} cells, the header has ${header}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('pages that restate the declarations', () => {
  it('the architecture map lists each family with exactly its methods (info.methods[].family)', async () => {
    const { load } = await import('../../dist/node/index.js');
    const sc = await load({ variant: 'simd' });
    try {
      const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8').split('\n');
      const start = text.findIndex((l) => l.startsWith('| family | problem | papers | methods |'));
      expect(start).toBeGreaterThan(0);
      const listed: Record<string, string[]> = {};
      for (let i = start + 2; text[i]?.startsWith('|'); i++) {
        const cellsOf = text[i].split('|').map((c) => c.trim());
        listed[cellsOf[1]] = cellsOf[4].split(',').map((m) => m.trim()).sort();
      }
      const declared: Record<string, string[]> = {};
      for (const m of sc.info.methods) (declared[m.family] ??= []).push(m.name);
      for (const f of Object.keys(declared)) declared[f].sort();
      expect(listed).toEqual(declared);
    } finally {
      sc.dispose();
    }
  });

  it('docs/options.md lists every option of every method as declared (its own or a shared row naming it)', async () => {
    const { load } = await import('../../dist/node/index.js');
    const sc = await load({ variant: 'simd' });
    try {
      const text = readFileSync(join(root, 'docs/options.md'), 'utf8');
      for (const m of sc.info.methods) {
        const section = text.split(`### ${m.name}\n`)[1]?.split('\n### ')[0] ?? '';
        const sharedRows = text.split('## Options several methods share\n')[1].split('\n## ')[0].split('\n');
        const sharedLine = section.split('\n').find((l) => l.startsWith('Shared options:')) ?? '';
        for (const o of m.options) {
          // Its own row in the method's section, or a shared row naming the method (and the
          // section's "Shared options" line naming the option).
          const own = section.split('\n').find((l) => l.startsWith(`| \`${o.name}\` |`));
          const row = own ?? sharedRows.find((l) => l.startsWith(`| \`${o.name}\` |`) && [m.name, `all ${m.family}`].some((name) => l.split('|').at(-2)!.split(',').map((x) => x.trim()).includes(name)));
          expect(row, `${m.name}.${o.name}`).toBeDefined();
          if (!own) expect(sharedLine, `${m.name}.${o.name}`).toContain(`\`${o.name}\``);
          if (o.required) expect(row).toContain('| required |');
          else if (o.default !== undefined) expect(row).toContain(`\`${JSON.stringify(o.default)}\``);
        }
      }
    } finally {
      sc.dispose();
    }
  });
});
