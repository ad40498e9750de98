// The README's ten-line example (its first ```js block), as the code a page runs: the page
// measured by bench/first-fit.mjs and budgeted by tests/e2e/bundlers.test.ts is the one the
// README shows, not a copy that could drift from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The README's example; `end` is appended (the page's report of its answers). */
export function readmeExample(end) {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(readme);
  if (!block?.[1].includes("from 'supclust'")) throw new Error('README.md: its first js block is no longer the example');
  return `${block[1]}${end}\n`;
}
