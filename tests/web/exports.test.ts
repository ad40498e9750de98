// The package's two run-time entries (the "node" and "browser" conditions) export the same names
// with the same data, which the one types entry (web/src/index.ts) declares; the file loaders
// refuse in a browser by name.
import { describe, expect, it } from 'vitest';
import * as browser from '../../dist/browser/index.js';
import * as node from '../../dist/node/index.js';

describe('the package entries', () => {
  it('export the same names, the same data, and browser loaders that refuse', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(node).sort());
    for (const name of ['DATASETS', 'PANG_LEE_AUTHORS', 'NEWSGROUP_PAIRS', 'MODULES', 'MODEL_SCHEMA_VERSION'] as const) {
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the two entries' exports compared by name
      expect(browser[name], name).toEqual(node[name]);
    }
    expect(browser.datasetHelp('pang-lee')).toBe(node.datasetHelp('pang-lee'));
    // The critics' folders the loader reads are the ones the dataset's layout names.
    for (const critic of node.PANG_LEE_AUTHORS) expect(node.DATASETS['pang-lee'].layout[0]).toContain(critic);
    expect(() => browser.loadPangLee()).toThrow(/Node only/);
  });
});
