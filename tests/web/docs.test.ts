// The documentation renders: every relative link and image in README.md and docs/*.md points at
// a file that exists (and, with a #fragment into markdown, at a heading there) that the package
// ships when the page is shipped, every link to the repository's own files names one, and every
// markdown table is one block whose rows have the header's number of cells.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.js';

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

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
  let count = 0,
    code = false;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '`') code = !code;
    else if (row[i] === '\\') i++;
    else if (row[i] === '|' && !code) count++;
  }
  return count - 1;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

// The repository's own files linked absolutely (from the package's pages, whose relative links
// may reach only what the package ships: the images and the log stay in the repository).
const repository = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).repository.url.replace(/^git\+|\.git$/g, '');
const ownUrls = [`${repository}/blob/main/`, `${repository.replace('https://github.com', 'https://raw.githubusercontent.com')}/main/`];
/** What the published package holds (package.json's files, read as the patterns they are). */
const files: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).files;
const shipped = (path: string) =>
  ['README.md', 'package.json'].includes(path) ||
  files.some((f) =>
    f.includes('*') ? new RegExp(`^${f.replace(/\./g, '\\.').replace('*', '[^/]+')}$`).test(path) : path === f || path.startsWith(`${f}/`),
  );

describe('documentation', () => {
  it.each(pages)('%s: every relative link and image resolves, within the package', (page) => {
    const lines = prose(readFileSync(join(root, page), 'utf8'));
    const broken: string[] = [];
    for (const line of lines)
      for (const m of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1];
        const own = ownUrls.find((u) => target.startsWith(u));
        if (own) {
          if (!existsSync(join(root, decodeURI(target.slice(own.length).split('#')[0])))) broken.push(target);
          continue;
        }
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto: …
        const [path, fragment] = target.split('#');
        const file = path === '' ? join(root, page) : join(root, dirname(page), decodeURI(path));
        if (!existsSync(file)) {
          broken.push(target);
          continue;
        }
        if (shipped(page) && !shipped(relative(root, file))) {
          broken.push(`${target} (not in the package: link it by its repository URL)`);
          continue;
        }
        if (fragment && file.endsWith('.md')) {
          const headings = readFileSync(file, 'utf8')
            .split('\n')
            .filter((l) => /^#{1,6} /.test(l))
            .map((l) => anchor(l.replace(/^#+ /, '')));
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
      const start = i,
        header = cells(lines[i]);
      if (!/^\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '') || cells(lines[i + 1]) !== header)
        problems.push(`line ${start + 1}: a table row without a header and separator above it (a paragraph inside a table?)`);
      for (i = start; i < lines.length && lines[i].startsWith('|'); i++)
        if (cells(lines[i]) !== header) problems.push(`line ${i + 1}: ${cells(lines[i])} cells, the header has ${header}`);
      // GFM ends a table at a blank line only: markdown-it reads a line after it (even an HTML
      // comment) as one more row.
      if (i < lines.length && lines[i].trim() !== '')
        problems.push(`line ${i + 1}: follows a table without a blank line between (rendered as a row)`);
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
        listed[cellsOf[1]] = cellsOf[4]
          .split(',')
          .map((m) => m.trim())
          .sort();
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
          const row =
            own ??
            sharedRows.find(
              (l) =>
                l.startsWith(`| \`${o.name}\` |`) &&
                [m.name, `all ${m.family}`].some((name) =>
                  l
                    .split('|')
                    .at(-2)!
                    .split(',')
                    .map((x) => x.trim())
                    .includes(name),
                ),
            );
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
