// "Over 20 seeds": Play's comparison repeated on seeds 1–20 of the problem on screen — the method
// with its options as on screen (a suggested weight suggested anew for each seed's data), ridge
// and the lasso cross-validated on each — so that one seed's verdict can be weighed.
import type { MethodName, Supclust } from 'supclust';
import { fitBaselines } from './baselines.js';
import { shortName, type Scored } from './claims.js';
import { methodOptions, suggestedSliders } from './context.js';
import { errorOf, testError } from './path.js';
import { generateProblem, sparsityOf } from './problem.js';
import type { DemoState } from './state.js';

export const SEEDS = { first: 1, count: 20 } as const;

/** Per seed, the compared fits' distance to w* and test error (the method first). */
export async function overSeeds(
  runner: Supclust,
  s: DemoState,
  suggested: boolean,
  signal: AbortSignal,
  onSeed: (done: number) => void,
): Promise<Scored[][]> {
  const info = runner.info.methods.find((m) => m.name === s.method);
  const out: Scored[][] = [];
  for (let k = 0; k < SEEDS.count; k++) {
    const here = { ...s, seed: SEEDS.first + k };
    const data = await generateProblem(runner, here);
    if (suggested) Object.assign(here, suggestedSliders(runner, info, data, methodOptions(info, here, sparsityOf(data))));
    const problem = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y };
    const model = await runner.fit(s.method as MethodName, { ...problem, ...methodOptions(info, here, sparsityOf(data)) } as never, {
      signal,
    });
    const fits = [
      { method: s.method, baseline: false, model },
      ...(await fitBaselines(runner, s.task, data, signal)).map((b) => ({ method: b.name, baseline: true, model: b.model })),
    ];
    const rows: Scored[] = [];
    for (const f of fits)
      rows.push({
        method: f.method,
        name: shortName(f.method, f.baseline),
        error: errorOf(s.task, data.coef, f.model.coef),
        test: testError(s.task, await runner.predict(f.model, data.Xtest, data.nTest), data.ytest),
      });
    out.push(rows);
    onSeed(k + 1);
  }
  return out;
}
