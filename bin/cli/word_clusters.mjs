// The papers' tables of words on the movie reviews (LwCS Table 5, DataCube Table 6): the paper's
// row of the table (LwCS: PG, DataCube: PGK — IHC as the paper runs it) on all reviews, with the
// table's vocabulary and scaling, Q fixed at the paper's and λ cross-validated on the row's grid;
// every cluster by its shared weight with its size and most frequent words, beside the paper's:
// the sizes it prints, where its words fall among ours, and its claim that the clusters of largest
// |weight| hold the fewest words (Spearman's ρ between |weight| and size, ties ranked by their mean).
import { writeFileSync } from 'node:fs';
import { load, SupclustError } from '../../dist/node/index.js';
import { numberFlag } from './args.mjs';
import { loadDataset } from './tables.mjs';

const words = (list) => list.split(',').map((w) => w.trim());

// Each paper's table: the table whose data and row it reuses, its Q, and the clusters it prints —
// `from` counts from the most negative weight (1 = the first), negative counts from the most
// positive (−1 = the last). LwCS prints two clusters' words together at each end.
const PAPERS = {
  lwcs: {
    source: 'LwCS Table 5 = IHC Table 4',
    table: 'movies-lwcs',
    row: 'PG',
    Q: 15,
    printed: [
      { clusters: [1, 2], sizes: [1, 7], words: words('bad,awful,worst,boring,ridiculous,watchable,suppose,disgusting') },
      {
        clusters: [-2, -1],
        sizes: [40, 4],
        words: words(
          'perfect,hilarious,fascinating,great,wonderfully,perfectly,goodspirited,world,intelligent,unexpected,gem,' +
            'recommendation,excellent,rare,unique,marvelous,good-spirited,mature,send,delightful,funniest',
        ),
      },
    ],
  },
  datacube: {
    source: 'DataCube Table 6',
    table: 'movies-mae',
    row: 'PGK',
    Q: 10,
    printed: [
      {
        clusters: [1],
        sizes: [47],
        words: words(
          'stupidity,shred,inept,sophomoric,sit,drivel,uninteresting,clue,ludicrous,tedious,single,remotely,crass,tolerable,' +
            'bland,predictable,devoid,waste,fail,embarrassing,mess,idea,inane,lifeless,abysmal,badly,disgusting,bearable,' +
            'poorly,care,leaden,annoying,turkey,attempt,interesting,problem,lame,lack,worse,unfunny,watchable,worst,' +
            'ridiculous,flat,dull,boring,awful,suppose,bad',
        ),
      },
      {
        clusters: [-1],
        sizes: [87],
        words: words(
          'perfect,fascinating,great,powerful,hilarious,fine,brilliant,delightful,strongly,easy,rare,wonderfully,' +
            'recommendation,mature,nomination,simple,perfectly,goodspirited,masterpiece,strong,potent,marvelous,excellent,' +
            'fortunately,world,intelligent,memorable,unique,send,small,funniest,unexpected,carefully,academy,superbly,' +
            'important,life,poignancy,speak,wonderful,outstanding,mesmerizing,man,imaginative,simplicity,confidence,' +
            'delightfully,delight,touching,nuanced,study,melville,brilliance,work,picture,honest,oscar,classification,' +
            'masterfully,favorite,effective,masterful,intense,bind,unrated,surprisingly,superb,triumph,flawless,move,' +
            'lyrical,gem,devastate,intricate,highly,subtle,power,accomplishment,keen,uplifting,empathize,element,quibble,' +
            'minor,love,finest,crisp',
        ),
      },
    ],
  },
};

/** Ranks 1..n of `v` ascending, tied values sharing their mean rank. */
function ranks(v) {
  const order = v.map((_, i) => i).sort((a, b) => v[a] - v[b]),
    r = new Array(v.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && v[order[j + 1]] === v[order[i]]) j++;
    for (let k = i; k <= j; k++) r[order[k]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

/** Spearman's ρ: Pearson's correlation of the ranks. */
export function spearman(a, b) {
  const ra = ranks(a),
    rb = ranks(b),
    n = a.length;
  const ma = ra.reduce((s, x) => s + x, 0) / n,
    mb = rb.reduce((s, x) => s + x, 0) / n;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (ra[i] - ma) * (rb[i] - mb);
    saa += (ra[i] - ma) ** 2;
    sbb += (rb[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

async function wordClusters(sc, flags, paper, shown = 15) {
  const table = sc.info.experiments.find((e) => e.id === paper.table);
  const row = table.rows.find((r) => r.label === paper.row);
  const d = loadDataset(table.dataset, flags, table.vocabulary, table.wordsPer);
  const params = { ...row.params, Q: paper.Q };
  const data = { X: d.X, y: d.y, nRows: d.nRows, nCols: d.nCols };
  const fixed = numberFlag(flags, 'lambda');
  let lambda = fixed,
    m;
  if (fixed === undefined) {
    const cv = await sc.crossValidate(row.method, { ...data, ...params }, { grid: { lambda: row.grid.lambda }, folds: 5 });
    lambda = cv.best.lambda;
    m = cv.model;
  } else m = await sc.fit(row.method, { ...data, ...params, lambda });
  // Each word's cluster rank by weight, ascending: rank 0 (cluster 1) has the most negative.
  const ranks = (model) => {
    const rankOf = new Int32Array(model.centroids.length);
    model.centroids
      .map((_c, g) => g)
      .sort((a, b) => model.centroids[a] - model.centroids[b])
      .forEach((g, i) => {
        rankOf[g] = i;
      });
    return Array.from(model.groups, (g) => rankOf[g]);
  };
  const ranked = ranks(m);
  const frequency = new Float64Array(d.nCols);
  for (let t = 0; t < d.X.values.length; t++) frequency[d.X.indices[t]] += d.X.values[t];
  const clusters = Array.from(m.centroids)
    .sort((a, b) => a - b)
    .map((weight) => ({ weight, words: [] }));
  ranked.forEach((q, j) => clusters[q].words.push(j));
  for (const c of clusters) c.words = c.words.sort((a, b) => frequency[b] - frequency[a]).map((j) => d.vocabulary[j]);
  // How far the row moved from its start, LSK at the same Q and λ: the words whose cluster's
  // rank by weight differs between the two fits.
  const start = ranks(await sc.fit('lsk', { ...data, Q: paper.Q, lambda }));
  const moved = ranked.filter((q, j) => q !== start[j]).length;
  const at = (c) => (c > 0 ? c - 1 : clusters.length + c); // a paper's cluster number → our index
  const ours = new Map(clusters.flatMap((c, i) => c.words.map((w) => [w, i])));
  const printed = paper.printed.map((p) => {
    const known = p.words.filter((w) => ours.has(w)),
      mine = new Set(p.clusters.map(at));
    return {
      clusters: p.clusters,
      paperSizes: p.sizes,
      ourSizes: p.clusters.map((c) => clusters[at(c)].words.length),
      words: p.words,
      inVocabulary: known.length,
      inTheseClusters: known.filter((w) => mine.has(ours.get(w))).length,
      sameSign: known.filter((w) => Math.sign(clusters[ours.get(w)].weight) === Math.sign(clusters[at(p.clusters[0])].weight)).length,
    };
  });
  const rho = spearman(
    clusters.map((c) => Math.abs(c.weight)),
    clusters.map((c) => c.words.length),
  );
  const name = (i) => (i === 0 ? '1 (most negative)' : i === clusters.length - 1 ? `${i + 1} (most positive)` : `${i + 1}`);
  const lines = [
    `### Word clusters (${paper.source}): ${paper.row} (\`${row.method}\`, as the table runs it), Q = ${paper.Q}, ` +
      `λ = ${lambda.toExponential(1)}${fixed === undefined ? ' (5-fold cross-validation on the row’s grid)' : ' (given)'}, ` +
      `all ${d.nRows} reviews × ${d.nCols} words`,
    '',
    '| cluster | weight | words | most frequent words |',
    '|---|---:|---:|---|',
    ...clusters.map(
      (c, i) =>
        `| ${name(i)} | ${c.weight.toPrecision(3)} | ${c.words.length} | ${c.words.slice(0, shown).join(', ')}${c.words.length > shown ? ', …' : ''} |`,
    ),
    '',
    `${paper.row} ran ${m.iterations} iteration${m.iterations === 1 ? '' : 's'} (${m.status}) from its start, LSK at the same Q and λ: ` +
      `${moved} of ${d.nCols} words ended in a cluster of another rank.`,
    '',
    `The paper's clusters (${paper.source}):`,
    '',
    '| clusters | paper’s sizes | ours | paper’s words | in our vocabulary | in our clusters of that rank | on the same side |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...printed.map(
      (p) =>
        `| ${p.clusters.map((c) => name(at(c)).replace(/ \(.*\)/, '')).join(' and ')} | ${p.paperSizes.join(', ')} | ` +
        `${p.ourSizes.join(', ')} | ${p.words.length} | ${p.inVocabulary} | ${p.inTheseClusters} | ${p.sameSign} |`,
    ),
    '',
    `Spearman's ρ between |weight| and size over the ${clusters.length} clusters: ${rho.toFixed(2)} ` +
      '(the paper: the clusters of largest |weight| hold the fewest words, ρ < 0).',
  ];
  return {
    text: lines.join('\n'),
    json: {
      paper: paper.source,
      table: paper.table,
      row: paper.row,
      method: row.method,
      params,
      lambda,
      iterations: m.iterations,
      moved,
      clusters,
      printed,
      spearman: rho,
    },
  };
}

export const wordClustersCommand = {
  summary: "the papers' word clusters on the movie reviews (LwCS Table 5, DataCube Table 6)",
  usage: 'supclust word-clusters --data DIR [--paper lwcs|datacube] [--lambda L] [--json out.json]',
  help: `  --paper lwcs (default: Q = 15, the movies tables' words and scaling) or datacube (Q = 10,
  the movies-mae table's); --lambda fits at L instead of cross-validating the row's grid.`,
  options: { data: { type: 'string' }, paper: { type: 'string' }, lambda: { type: 'string' }, json: { type: 'string' } },
  async run(flags) {
    const name = flags.paper ?? 'lwcs';
    if (!Object.hasOwn(PAPERS, name))
      throw new SupclustError('invalid-input', `--paper must be ${Object.keys(PAPERS).join(' or ')} (got ${name})`, 'paper');
    const sc = await load();
    try {
      const r = await wordClusters(sc, flags, PAPERS[name]);
      console.log(r.text);
      if (flags.json) writeFileSync(String(flags.json), JSON.stringify(r.json, null, 2));
    } finally {
      sc.dispose();
    }
  },
};
