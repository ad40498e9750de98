#!/usr/bin/env node
// supclust from the command line: fit, predict, cross-validate, path and stability on one's own
// table; list the methods and tables, reproduce the papers' tables, merge their shards.
// `supclust <command> --help` describes a command (with --method M: the method's options).
// Exit codes: 0 done, 1 refused input or a failure (the message names the field), 2 a usage
// error (an unknown command or flag, a missing argument), printed with the usage.
import { parseArgs } from 'node:util';
import { load, SupclustError } from '../dist/node/index.js';
import { asFlags, parse, UsageError } from './cli/args.mjs';
import { cv, fit, methodFlags, methodHelp, path, predict, stability } from './cli/own_data.mjs';
import { list, merge, priorPathsCommand, replicate } from './cli/tables.mjs';
import { wordClustersCommand } from './cli/word_clusters.mjs';
import { dfgCoefficientsCommand } from './cli/dfg_coefficients.mjs';

const COMMANDS = {
  fit,
  predict,
  cv,
  path,
  stability,
  list,
  replicate,
  merge,
  'prior-paths': priorPathsCommand,
  'word-clusters': wordClustersCommand,
  'dfg-coefficients': dfgCoefficientsCommand,
};

const USAGE = `usage: supclust <command> [arguments] (supclust <command> --help for one)
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(16)} ${c.summary}`)
  .join('\n')}`;

const commandUsage = (c) => `usage: ${c.usage}`;

/** The --method among the arguments, read before the method's own flags are known. */
function methodOf(args) {
  const { method } = parseArgs({ args, options: { method: { type: 'string' } }, allowPositionals: true, strict: false }).values;
  return typeof method === 'string' ? method : undefined;
}

/** The command's flags; for a method's command, its method's options and its call's settings too. */
async function flagsOf(command, args) {
  if (!command.methodOptions) return command.loads ? { options: command.options, sc: await load() } : { options: command.options };
  const sc = await load();
  try {
    const settings = command.methodOptions(sc.info);
    return { options: { ...command.options, ...methodFlags(sc.info, methodOf(args) ?? command.defaultMethod, settings).flags }, sc };
  } catch (e) {
    sc.dispose();
    throw e;
  }
}

async function main(argv) {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command '${name}'`, USAGE);
  const usage = commandUsage(command);
  if (args.includes('--help') || args.includes('-h')) {
    const method = methodOf(args);
    let text = `${usage}\n${command.help ?? ''}`;
    if (command.methodOptions && method) {
      const sc = await load();
      try {
        text += `\n${methodHelp(sc.info, method, command.methodOptions(sc.info))}`;
      } finally {
        sc.dispose();
      }
    }
    console.log(text.trimEnd());
    return 0;
  }
  const { options, sc } = await flagsOf(command, args);
  try {
    const { values, positionals } = parse(args, options, usage);
    const want = command.positionals ?? 0;
    if (want === 'some' ? positionals.length === 0 : positionals.length !== want)
      throw new UsageError(
        positionals.length > (want === 'some' ? Infinity : want) ? `unexpected argument '${positionals[want]}'` : 'missing argument',
        usage,
      );
    await command.run(values, positionals, sc);
  } catch (e) {
    if (e instanceof UsageError) e.usage ??= usage;
    throw asFlags(e, options);
  } finally {
    sc?.dispose();
  }
  return 0;
}

// Output piped into a reader that stops early (supclust list | head): stop quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  else throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    if (e instanceof UsageError) {
      console.error(`supclust: ${e.message}\n${e.usage ?? ''}`.trimEnd());
      process.exitCode = 2;
    } else {
      console.error(e instanceof SupclustError ? `supclust: ${e.message}` : e);
      process.exitCode = 1;
    }
  },
);
