// The papers' tables from the command line: list, replicate (whole or one shard), merge the
// shards, and the priors paper's Figure 3 (prior-paths).
import { readFileSync, writeFileSync } from 'node:fs';
import {
  datasetHelp,
  DATASETS,
  load,
  loadNewsgroupPairs,
  loadNewsgroupTopics,
  loadPangLee,
  loadReuters,
  loadWestbc,
  logGrid,
  mergeExperiments,
  shuffledRows,
  SupclustError,
} from '../../dist/node/index.js';
import { integerFlag, shardFlag } from './args.mjs';
import { mergeParts } from './own_data.mjs';
import { progress } from './progress.mjs';

const fmt = (c) => (c && Number.isFinite(c.mean) ? `${c.mean.toFixed(2)} ± ${c.std.toFixed(2)}` : '–');

function csv(result) {
  const lines = ['method,column,value,mean,std,paper_mean,paper_std'];
  for (const row of result.rows)
    row.cells.forEach((c, i) =>
      lines.push(
        [
          JSON.stringify(row.method),
          JSON.stringify(result.columnLabels[i]),
          result.columns[i],
          c.mean,
          c.std,
          row.paper?.[i]?.mean ?? '',
          row.paper?.[i]?.std ?? '',
        ].join(','),
      ),
    );
  return lines.join('\n') + '\n';
}

// The gap between our mean and the paper's in standard errors of their difference,
// (ours − paper)/√(s_o²/n_o + s_p²/n_p); n_p = n_o where the paper does not state it.
function gap(ours, paper, nOurs, nPaper) {
  if (!ours || !paper || !Number.isFinite(ours.mean) || !Number.isFinite(paper.mean)) return undefined;
  const se = Math.sqrt(ours.std ** 2 / nOurs + paper.std ** 2 / nPaper);
  return se > 0 ? (ours.mean - paper.mean) / se : undefined;
}

function markdown(result, paperReps) {
  const head = result.columnLabels,
    nPaper = paperReps || result.reps;
  const signed = (g) => (g === undefined ? '' : ` · ${g >= 0 ? '+' : '−'}${Math.abs(g).toFixed(1)}`);
  const lines = [
    `### ${result.title}`,
    '',
    `${result.reps} repetitions, ${result.seconds.toFixed(1)} s.${result.scale !== 1 ? ` Figures × ${result.scale}.` : ''} ` +
      `Each cell: ours · the paper's (${result.source}) · the gap in standard errors of the difference ` +
      `(n = ${result.reps} and ${paperReps ? paperReps : `${result.reps}: the paper does not state its repetitions`}).`,
    '',
    `| method | ${head.join(' | ')} | ms per fit |`,
    `|---|${head.map(() => '---:').join('|')}|---:|`,
  ];
  for (const row of result.rows)
    lines.push(
      `| ${row.method} | ${row.cells.map((c, i) => (row.paper?.[i] ? `${fmt(c)} · ${fmt(row.paper[i])}${signed(gap(c, row.paper[i], result.reps, nPaper))}` : fmt(c))).join(' | ')} | ${row.msPerFit.toFixed(1)} |`,
    );
  return lines.join('\n');
}

// The real-data tables' datasets, loaded from --data.
export function loadDataset(name, flags, vocabulary, wordsPer) {
  if (!flags.data) throw new SupclustError('invalid-input', `this table needs --data DIR: ${datasetHelp(name)} (docs/datasets.md)`, 'data');
  const t0 = Date.now();
  if (name === '20ng-pairs') {
    const pairs = loadNewsgroupPairs(String(flags.data), { words: integerFlag(flags, 'words') ?? 5000, headers: flags.headers });
    process.stderr.write(
      `loaded ${pairs.map((p) => `${p.nRows}`).join(', ')} messages × ${pairs[0].nCols} words in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    return pairs;
  }
  if (name === '20ng-topics') {
    const d = loadNewsgroupTopics(String(flags.data), {
      words: integerFlag(flags, 'words') ?? (vocabulary || 5000),
      headers: flags.headers,
    });
    process.stderr.write(
      `loaded ${d.nRows} messages of ${d.groups.length} groups × ${d.nCols} words in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    return d;
  }
  if (name === 'westbc') {
    const d = loadWestbc(String(flags.data));
    process.stderr.write(`loaded ${d.nRows} tumours × ${d.nCols} genes in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    return d;
  }
  if (name === 'reuters') {
    const d = loadReuters(String(flags.data), { words: integerFlag(flags, 'words') ?? (vocabulary || 1000) });
    process.stderr.write(`loaded ${d.nRows} stories × ${d.nCols} words in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    return d;
  }
  if (name !== 'pang-lee') throw new SupclustError('invalid-input', `no loader for dataset ${name}`, 'data');
  const d = loadPangLee(String(flags.data), {
    words: integerFlag(flags, 'words') ?? (vocabulary || 5000),
    per: flags.per ?? (wordsPer || undefined),
  });
  process.stderr.write(`loaded ${d.nRows} reviews × ${d.nCols} words in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  return d;
}

// The rows `take` of a CSR matrix, as CSR and (for methods that need it) dense.
function csrRows(X, nCols, take) {
  const indptr = new Int32Array(take.length + 1),
    indices = [],
    values = [];
  take.forEach((i, r) => {
    for (let t = X.indptr[i]; t < X.indptr[i + 1]; t++) {
      indices.push(X.indices[t]);
      values.push(X.values[t]);
    }
    indptr[r + 1] = indices.length;
  });
  const dense = new Float64Array(take.length * nCols);
  for (let r = 0; r < take.length; r++) for (let t = indptr[r]; t < indptr[r + 1]; t++) dense[r * nCols + indices[t]] = values[t];
  return { csr: { indptr, indices: Int32Array.from(indices), values: Float64Array.from(values) }, dense };
}

// The weight-grouping priors paper's Figure 8 and word lists (Reuters, α = 0.1): each row of the
// table fitted on a seeded ⌊α·n⌋ training split with its regularisation cross-validated on the
// table's own grid; a histogram of each row's 1000 weights, and GEM's groups with their words.
async function reutersWeights(sc, table, d, alpha = 0.1, seed = 1) {
  const nTrain = Math.floor(alpha * d.nRows),
    take = shuffledRows(d.nRows, seed).slice(0, nTrain);
  const { csr, dense } = csrRows(d.X, d.nCols, take);
  const y = take.map((i) => d.y[i]);
  const models = {};
  for (const row of table.rows.filter((r) => r.label !== 'IHC')) {
    const X = row.method === 'svm' ? dense : csr; // the SVM takes dense rows
    const cv = await sc.crossValidate(
      row.method,
      { X, nRows: nTrain, nCols: d.nCols, y, ...row.params },
      { grid: row.grid, folds: 5, seed },
    );
    models[row.label] = cv.model;
  }
  const lines = [
    '',
    `### Weights at α = ${alpha} (${nTrain} training stories; the paper's Figure 8)`,
    '',
    "Each row's 1000 weights in 15 equal bins from its smallest to its largest weight:",
    '',
    '| method | smallest | largest | counts per bin |',
    '|---|---:|---:|---|',
  ];
  for (const [label, m] of Object.entries(models)) {
    const w = Array.from(m.coef),
      lo = Math.min(...w),
      hi = Math.max(...w),
      counts = new Array(15).fill(0);
    for (const v of w) counts[Math.min(14, Math.floor(((v - lo) / (hi - lo || 1)) * 15))]++;
    lines.push(`| ${label} | ${lo.toFixed(3)} | ${hi.toFixed(3)} | ${counts.join(' ')} |`);
  }
  const gem = models.GEM;
  lines.push('', `GEM's groups (γ = ${gem.params.gamma}), words by decreasing |weight|:`, '');
  for (let g = 0; g < gem.centroids.length; g++) {
    const members = Array.from(gem.groups)
      .map((k, j) => [k, j])
      .filter(([k]) => k === g)
      .map(([, j]) => j)
      .sort((a, b) => Math.abs(gem.coef[b]) - Math.abs(gem.coef[a]));
    lines.push(
      `- centre ${gem.centroids[g].toFixed(4)}, ${members.length} words: ${members
        .slice(0, 60)
        .map((j) => d.vocabulary[j])
        .join(', ')}${members.length > 60 ? ', …' : ''}`,
    );
  }
  return {
    text: lines.join('\n'),
    models: Object.fromEntries(
      Object.entries(models).map(([k, m]) => [
        k,
        { coef: Array.from(m.coef), groups: Array.from(m.groups), centroids: Array.from(m.centroids), params: m.params },
      ]),
    ),
  };
}

// The weight-grouping priors paper's Figure 3: GEM's and LEM's weights on its artificial data
// (E6: 50 noisy copies of each of 3 hidden variables) as γ grows, each fit warm-started from the
// one before (the paper's path), with the ridge λ = 1e-3 of the E6 tables (classification). At
// each γ: the centres, how many weights sit at each (LEM: exactly equal; GEM, which never ties:
// within 1e-3 of the largest |centre|), and the spread of the others about their centres.
const PATH_GAMMAS = logGrid(1e-4, 10, 11);

async function priorPaths(sc, { task = 'classification', n = 200, seed = 1 } = {}) {
  const data = await sc.generate('e6', { n, task, seed });
  const X = await sc.dataset(data.X, data.nRows, data.nCols); // one X for every fit of both paths
  const loss = task === 'classification' ? 'logistic' : 'squared';
  const paths = {};
  for (const method of ['gem', 'lem']) {
    let previous;
    paths[method] = [];
    for (const gamma of PATH_GAMMAS) {
      const m = await sc.fit(method, { X, y: data.y, loss, lambda: 1e-3, gamma, ...(previous ? { warmStart: previous } : {}) });
      const tie = method === 'lem' ? 0 : 1e-3 * Math.max(...m.centroids.map(Math.abs));
      const atCentre = m.centroids.map(() => 0),
        off = [];
      m.coef.forEach((w, j) => {
        const gap = Math.abs(w - m.centroids[m.groups[j]]);
        if (gap <= tie) atCentre[m.groups[j]]++;
        else off.push(w - m.centroids[m.groups[j]]);
      });
      const spread = off.length ? Math.sqrt(off.reduce((s, v) => s + v * v, 0) / off.length) : 0;
      paths[method].push({
        gamma,
        centroids: m.centroids,
        atCentre,
        offCentre: off.length,
        spread,
        status: m.status,
        coef: m.coef,
        groups: m.groups,
      });
      previous = m;
    }
  }
  X.dispose();
  const lines = [
    `### GEM and LEM along γ (the priors paper's Figure 3): E6 ${task}, ${n} rows, λ = 1e-3, warm-started as γ grows`,
    '',
    'Each cell: the centres (ascending) · weights at each centre · the others, with their RMS distance to their centre.',
    '',
    '| γ | GEM | LEM |',
    '|---:|---|---|',
  ];
  const cell = (p) =>
    `${p.centroids.map((c) => c.toFixed(3)).join(', ')} · ${p.atCentre.join('/')} · ${p.offCentre} off (${p.spread.toExponential(1)})`;
  PATH_GAMMAS.forEach((gamma, i) => lines.push(`| ${gamma.toExponential(0)} | ${cell(paths.gem[i])} | ${cell(paths.lem[i])} |`));
  return { text: lines.join('\n'), json: { task, n, seed, lambda: 1e-3, gammas: PATH_GAMMAS, truth: Array.from(data.groups), paths } };
}

// A table's row labels: those it runs by default, or those run only when named.
const labels = (e, onRequest) =>
  e.rows
    .filter((r) => r.onRequest === onRequest)
    .map((r) => r.label)
    .join(', ');

export const list = {
  summary: "the methods (sc.fit) and the papers' tables (supclust replicate)",
  usage: 'supclust list [--json]',
  help: "    --json                             the methods (with their options) and the tables as JSON on stdout (sc.info's)",
  options: { json: { type: 'boolean' } },
  async run(flags) {
    const sc = await load();
    if (flags.json) {
      console.log(JSON.stringify({ version: sc.info.version, methods: sc.info.methods, experiments: sc.info.experiments }, null, 1));
      sc.dispose();
      return;
    }
    console.log('methods (sc.fit, supclust fit --method):');
    for (const m of sc.info.methods) console.log(`  ${m.name.padEnd(11)} ${m.summary}`);
    console.log('\ntables (supclust replicate <id>):');
    for (const e of sc.info.experiments)
      console.log(
        `${e.id.padEnd(10)} ${e.title}\n${''.padEnd(10)} ${e.reps} repetitions; rows: ${labels(e, false)}; figures: ${e.source}` +
          (e.rows.some((r) => r.onRequest) ? `\n${''.padEnd(10)} on request (--methods): ${labels(e, true)}` : '') +
          (e.dataset
            ? `\n${''.padEnd(10)} needs --data DIR, the folder ${DATASETS[e.dataset].folder}/ or one holding it: ${DATASETS[e.dataset].title}` +
              `\n${''.padEnd(10)} from ${DATASETS[e.dataset].source} (source, citation, terms and layout: docs/datasets.md)`
            : ''),
      );
    sc.dispose();
  },
};

export const replicate = {
  summary: "reproduce one of the papers' tables (a markdown table; JSON with --json)",
  usage: `supclust replicate <id> [--reps N] [--seed S] [--fast] [--methods A,B] [--threads N] [--json out.json]
                          [--data DIR] [--words N]   (real-data tables: the dataset's folder)
                          [--headers none|subject|all] (20ng tables: the messages' header lines read; default none)
                          [--per document|corpus]    (movie tables: counts over the review's kept words, default, or the corpus mean)
                          [--shard I/N]              (shard I of N, 0 ≤ I < N: a partial, written by --json)`,
  options: {
    reps: { type: 'string' },
    seed: { type: 'string' },
    fast: { type: 'boolean' },
    methods: { type: 'string' },
    threads: { type: 'string' },
    json: { type: 'string' },
    data: { type: 'string' },
    words: { type: 'string' },
    headers: { type: 'string' },
    per: { type: 'string' },
    shard: { type: 'string' },
  },
  positionals: 1,
  async run(flags, [id]) {
    const sc = await load();
    const table = sc.info.experiments.find((e) => e.id === id);
    const data = table?.dataset ? loadDataset(table.dataset, flags, table.vocabulary, table.wordsPer) : undefined;
    const one = (d) => ({ X: d.X, y: d.y, nRows: d.nRows, nCols: d.nCols });
    const bar = progress('repetitions');
    const result = await sc.experiment(
      id,
      {
        data: data && (Array.isArray(data) ? data.map(one) : one(data)),
        reps: integerFlag(flags, 'reps'),
        seed: integerFlag(flags, 'seed'),
        threads: integerFlag(flags, 'threads'),
        fast: flags.fast === true,
        methods: flags.methods ? String(flags.methods).split(',') : undefined,
        shard: shardFlag(flags),
      },
      { onProgress: bar.onProgress },
    );
    bar.end(`${id}: ${result.tasks?.length ?? result.totalTasks} repetitions`);
    if (result.shard) {
      // a partial: its cells mean nothing alone
      sc.dispose();
      if (!flags.json) throw new SupclustError('invalid-input', '--shard needs --json FILE (the partial, for supclust merge)', 'json');
      writeFileSync(String(flags.json), JSON.stringify(result));
      process.stderr.write(
        `shard ${result.shard.index}/${result.shard.count}: ${result.tasks.length} of ${result.totalTasks} repetitions → ${flags.json}\n`,
      );
      return;
    }
    const weights = table.id === 'reuters-usa' ? await reutersWeights(sc, table, data) : undefined;
    sc.dispose();
    console.log(markdown(result, table.paperReps) + (weights ? weights.text : ''));
    if (flags.json)
      writeFileSync(
        String(flags.json),
        JSON.stringify(weights ? { ...result, weights: { vocabulary: data.vocabulary, models: weights.models } } : result, null, 2),
      );
  },
};

export const merge = {
  summary: 'join the shards of a table (replicate --shard), or of a cv, path or stability (--shard)',
  usage: `supclust merge <partial.json>… [--json out.json] [--csv out.csv]
       supclust merge <part.json>… [--table FILE] [--out model.json] [--coef coef.csv] [--json out.json]   (cv, path, stability parts)`,
  help: `  A table's partials: the table, as an unsharded run prints it (--json, --csv: written to files).
  cv, path and stability parts: the table is read again (from where the shards read it, or --table)
  and checked against the parts' hash; the call is finished from the joined parts as an unsharded
  run, bit for bit (printed as that command prints it; --json writes the result to a file).`,
  options: {
    json: { type: 'string' },
    csv: { type: 'string' },
    table: { type: 'string' },
    out: { type: 'string' },
    coef: { type: 'string' },
  },
  positionals: 'some',
  async run(flags, files) {
    const partials = files.map((file) => {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new SupclustError('invalid-input', `${file}: not a partial result (${e.message})`, 'partials');
      }
    });
    if (partials[0]?.kind === 'supclust-part') return mergeParts(files, partials, flags);
    const result = mergeExperiments(partials);
    const sc = await load();
    const paperReps = sc.info.experiments.find((e) => e.id === result.id)?.paperReps;
    sc.dispose();
    console.log(markdown(result, paperReps));
    if (flags.json) writeFileSync(String(flags.json), JSON.stringify(result, null, 2));
    if (flags.csv) writeFileSync(String(flags.csv), csv(result));
  },
};

export const priorPathsCommand = {
  summary: "GEM's and LEM's weights along γ (the priors paper's Figure 3)",
  usage: 'supclust prior-paths [--task classification|regression] [--n N] [--seed S] [--json out.json]',
  options: { task: { type: 'string' }, n: { type: 'string' }, seed: { type: 'string' }, json: { type: 'string' } },
  async run(flags) {
    const task = flags.task ?? 'classification';
    if (task !== 'classification' && task !== 'regression')
      throw new SupclustError('invalid-input', `--task must be classification or regression (got ${task})`, 'task');
    const sc = await load({ module: 'library' });
    const r = await priorPaths(sc, { task, n: integerFlag(flags, 'n') ?? 200, seed: integerFlag(flags, 'seed') ?? 1 });
    sc.dispose();
    console.log(r.text);
    if (flags.json) writeFileSync(String(flags.json), JSON.stringify(r.json, null, 2));
  },
};
