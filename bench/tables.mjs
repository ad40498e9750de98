#!/usr/bin/env node
// The papers' synthetic tables as the demo runs them (5 repetitions, seed 1, every row but those
// run on request only), with the
// fast grids and with the full ones: the seconds each takes at two threads and every cell's mean.
// The demo reads bench/results/tables.json to open each table on the full grids when they finish
// within a minute, and to state next to a fast-grid cell the full-grid figure of the same run.
// A table whose full grids exceed the cap is recorded as such (no figures). Run:
// `node bench/tables.mjs` (about 30 minutes), or as part of `npm run bench` with BENCH_TABLES=1;
// `node bench/tables.mjs <id> …` runs the tables named and keeps the file's other entries.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../dist/node/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TABLE_RUN = { reps: 5, seed: 1, threads: 2, capSeconds: 600 };

export async function benchTables(log = console.log, only = []) {
  const sc = await load({ module: 'library' });
  const file = join(root, 'bench/results/tables.json');
  const kept = only.length && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).tables : {};
  const out = { machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`, ...TABLE_RUN, tables: kept };
  try {
    for (const e of sc.info.experiments.filter((x) => !x.dataset && (!only.length || only.includes(x.id)))) {
      const entry = {};
      for (const fast of [true, false]) {
        const abort = new AbortController(),
          timer = setTimeout(() => abort.abort(), TABLE_RUN.capSeconds * 1000);
        const t0 = performance.now();
        try {
          const methods = e.rows.filter((row) => !row.onRequest).map((row) => row.label);
          const r = await sc.experiment(
            e.id,
            { reps: TABLE_RUN.reps, seed: TABLE_RUN.seed, fast, methods, threads: TABLE_RUN.threads },
            { signal: abort.signal },
          );
          entry[fast ? 'fast' : 'full'] = {
            seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
            rows: Object.fromEntries(r.rows.map((row) => [row.method, row.cells.map((c) => c.mean)])),
          };
        } catch (err) {
          if (!abort.signal.aborted) throw err;
          entry[fast ? 'fast' : 'full'] = { seconds: null, over: TABLE_RUN.capSeconds };
        } finally {
          clearTimeout(timer);
        }
        log(`${e.id} ${fast ? 'fast' : 'full'}: ${entry[fast ? 'fast' : 'full'].seconds ?? `over ${TABLE_RUN.capSeconds}`} s`);
      }
      out.tables[e.id] = entry;
    }
  } finally {
    sc.dispose();
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchTables(console.log, process.argv.slice(2));
