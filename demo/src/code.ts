// "Copy code": the Node.js program that reproduces what a view shows, with the same seed and
// options, using the published API (load, generate, fit, experiment).
import { BASELINE_CV, BASELINES, baselineOptions, baselinePathOptions } from './baselines.js';
import { LIMITS, type DemoState } from './state.js';
import { fastOf } from './tables.js';

export function playCode(s: DemoState, options: Record<string, unknown>): string {
  const generator = {
    n: s.n,
    d: s.d,
    Q: s.Q,
    sigma: s.sigma,
    seed: s.seed,
    nTest: 1000,
    ...(s.rho > 0 ? { rho: s.rho } : {}),
    ...(s.task === 'classification' ? { task: s.task } : {}),
  };
  return [
    `import { load, logGrid } from 'supclust';`,
    ``,
    `const sc = await load();`,
    `const data = await sc.generate('e1', ${JSON.stringify(generator)});`,
    ...(s.zero && s.task === 'regression'
      ? [
          `// One group is zero: the group of smallest |value|, removed from w*, y and ytest.`,
          `const g = data.groups[data.coef.reduce((b, c, j, w) => (Math.abs(c) < Math.abs(w[b]) ? j : b), 0)];`,
          `const removed = data.coef.map((c, j) => (data.groups[j] === g ? c : 0));`,
          `const shift = (X, y) => y.map((v, i) => v - removed.reduce((s, c, j) => s + X[i * data.nCols + j] * c, 0));`,
          `Object.assign(data, { y: shift(data.X, data.y), ytest: shift(data.Xtest, data.ytest), coef: data.coef.map((c, j) => (data.groups[j] === g ? 0 : c)) });`,
        ]
      : []),
    `const problem = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };`,
    `const model = await sc.fit('${s.method}', { ...problem, ...${JSON.stringify(options)} });`,
    `const oracle = await sc.fit('oracle', { ...problem, groups: data.groups${s.task === 'classification' ? ", loss: 'logistic', lambda: 1e-4" : ''} });`,
    `console.log(model.groups, model.centroids, model.objective);`,
    `// Ridge and the lasso, each at its own λ: the least ${BASELINE_CV.folds}-fold cross-validated error on this grid.`,
    `const grid = logGrid(${LIMITS.lambda[1]}, ${LIMITS.lambda[0]}, ${BASELINE_CV.points});`,
    ...BASELINES.map(
      (name) =>
        `const ${name} = await sc.path('${name}', { ...problem, ...${JSON.stringify(baselineOptions(name, s.task))} }, ` +
        `{ ...${JSON.stringify({ ...baselinePathOptions(), lambda: undefined })}, lambda: grid });`,
    ),
    ...BASELINES.map((name) => `console.log('${name}', ${name}.points[${name}.crossValidation.best].lambda);`),
    `const predictions = await sc.predict(model, data.Xtest, data.nTest);`,
    `sc.dispose();`,
  ].join('\n');
}

export function tableCode(s: DemoState): string {
  const fast = fastOf(s),
    options = { reps: s.reps, seed: s.tableSeed, fast, methods: s.rows };
  return [
    `import { load } from 'supclust';`,
    ``,
    `const sc = await load();`,
    `const table = await sc.experiment('${s.table}', ${JSON.stringify(options)},`,
    `  { onProgress: ({ done, total }) => console.error(\`\${done}/\${total}\`) });`,
    `for (const row of table.rows) console.log(row.method, row.cells.map((c) => c.mean));`,
    `sc.dispose();`,
    `// or: npx supclust replicate ${s.table} --reps ${s.reps} --seed ${s.tableSeed}${fast ? ' --fast' : ''} --methods ${s.rows.join(',')}`,
  ].join('\n');
}
