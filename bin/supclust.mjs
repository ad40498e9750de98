#!/usr/bin/env node
// supclust command line: reproduce the papers' tables.
//   supclust list
//   supclust replicate <id> [--reps N] [--seed S] [--fast] [--methods A,B] [--threads N] [--json out.json]
import { writeFileSync } from 'node:fs';
import { load, SupclustError } from '../dist/node/index.js';

const USAGE = `usage:
  supclust list
  supclust replicate <id> [--reps N] [--seed S] [--fast] [--methods A,B] [--threads N] [--json out.json]`;

function parse(argv) {
  const [command, ...rest] = argv;
  const args = { command, positional: [], flags: {} };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) args.positional.push(a);
    else if (a === '--fast') args.flags.fast = true;
    else if (i + 1 < rest.length) args.flags[a.slice(2)] = rest[++i];
    else throw new SupclustError('invalid-input', `${a} needs a value`, a.slice(2));
  }
  return args;
}

function integerFlag(flags, name) {
  if (flags[name] === undefined) return undefined;
  const v = Number(flags[name]);
  if (!Number.isInteger(v)) throw new SupclustError('invalid-input', `--${name} must be an integer (got ${flags[name]})`, name);
  return v;
}

const fmt = (c) => (c && Number.isFinite(c.mean) ? `${c.mean.toFixed(2)} ± ${c.std.toFixed(2)}` : '–');

function markdown(result) {
  const head = result.columns.map((v) => `${result.column} = ${v}`);
  const lines = [
    `### ${result.title}`,
    '',
    `${result.reps} repetitions, ${result.seconds.toFixed(1)} s. Each cell: ours (paper: ${result.source}).`,
    '',
    `| method | ${head.join(' | ')} | ms per fit |`,
    `|---|${head.map(() => '---:').join('|')}|---:|`,
  ];
  for (const row of result.rows)
    lines.push(`| ${row.method} | ${row.cells.map((c, i) => `${fmt(c)} (${fmt(row.paper?.[i])})`).join(' | ')} | ${row.msPerFit.toFixed(1)} |`);
  return lines.join('\n');
}

function progressBar() {
  const start = Date.now();
  let last = 0;
  return ({ done, total }) => {
    const now = Date.now();
    if (now - last < 200 && done < total) return;
    last = now;
    const width = 30, filled = Math.round((width * done) / total);
    const elapsed = (now - start) / 1000, eta = done > 0 ? (elapsed * (total - done)) / done : NaN;
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} repetitions` +
      (Number.isFinite(eta) ? `, ${eta.toFixed(0)} s left ` : ' '));
    if (done === total) process.stderr.write('\n');
  };
}

async function main() {
  const args = parse(process.argv.slice(2));
  if (args.command === 'list') {
    const sc = await load();
    for (const e of sc.info.experiments)
      console.log(`${e.id.padEnd(10)} ${e.title}\n${''.padEnd(10)} ${e.reps} repetitions; rows: ${e.methods.join(', ')}; figures: ${e.source}`);
    sc.dispose();
    return;
  }
  if (args.command === 'replicate' && args.positional.length === 1) {
    const sc = await load();
    const result = await sc.experiment(args.positional[0], {
      reps: integerFlag(args.flags, 'reps'),
      seed: integerFlag(args.flags, 'seed'),
      threads: integerFlag(args.flags, 'threads'),
      fast: args.flags.fast === true,
      methods: args.flags.methods ? String(args.flags.methods).split(',') : undefined,
    }, { onProgress: progressBar() });
    sc.dispose();
    console.log(markdown(result));
    if (args.flags.json) writeFileSync(String(args.flags.json), JSON.stringify(result, null, 2));
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main().catch((e) => {
  console.error(e instanceof SupclustError ? `supclust: ${e.message}` : e);
  process.exitCode = 1;
});
