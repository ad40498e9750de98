// What Play claims (production build, Debian chromium): each sentence comparing fits is computed
// from the numbers on screen and changes with them; "Over 20 seeds?" counts what a Node
// recomputation counts; ridge and the lasso are fitted at their own cross-validated λ (checked by
// running the page's "Copy code" in Node), whatever the method's weight; a penalty's suggested
// weight follows the problem; the scoreboard and the chart are on the first screen.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { load, logGrid, type Supclust, type SyntheticData } from '../../dist/node/index.js';
import { formatNumber } from '../../demo/src/format.js';
import { adjustedRand, distinctPartition } from '../../demo/src/partition.js';
import { PRESETS } from '../../demo/src/presets.js';
import { root } from '../web/helpers.js';
import { isolatedDemo, openDemoPage } from './server.js';

const env = isolatedDemo();

const open = (query: string, viewport?: { width: number; height: number }) => openDemoPage(env, query, viewport);
const settled = (page: Page) => page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 60_000 });

interface Row {
  name: string;
  error: number;
  test: number;
}
/** The compared fits as the page shows them: the scoreboard's names, the numbers table's values. */
async function compared(page: Page): Promise<Row[]> {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('#play-scoreboard tbody tr')].map((r) => r.children[0].textContent ?? '');
    const rows = [...document.querySelectorAll<HTMLElement>('#play-summary tbody tr')].filter((r) => r.dataset.role !== 'oracle');
    return rows.map((r, i) => ({ name: names[i], error: Number(r.dataset.error), test: Number(r.dataset.test) }));
  });
}
/** The names of the least values, compared at the 3 significant digits the page prints. */
function least(rows: Row[], key: 'error' | 'test'): string {
  const shown = rows.map((r) => Number(r[key].toPrecision(3)));
  return rows
    .filter((_, i) => shown[i] === Math.min(...shown))
    .map((r) => r.name)
    .join(' and ');
}
/** The verdict's two claims: who is closest to w*, who predicts best. */
async function claims(page: Page): Promise<{ seed: number; closest: string; predicts: string }> {
  const text = (await page.textContent('#play-verdict')) ?? '';
  const m =
    /^Seed (\d+): (.+?) (?:is|are) closest to w\*(?: and (?:predicts|predict) best|; (.+?) (?:predicts|predict) best) \((test MSE|test error rate)\)\.$/.exec(
      text,
    );
  expect(m, text).not.toBeNull();
  return { seed: Number(m![1]), closest: m![2], predicts: m![3] ?? m![2] };
}
async function setSeed(page: Page, seed: number) {
  await page.fill('#play-seed', String(seed));
  await page.dispatchEvent('#play-seed', 'input');
  // The seed's label changes at once, while the last run's 'done' may stand until the new run
  // starts: its verdict (rendered before its 'done') names the seed it was computed for.
  await page.waitForFunction(
    (v) =>
      document.body.dataset.state === 'done' &&
      document.getElementById('play-seed-value')?.textContent === String(v) &&
      (document.getElementById('play-verdict')?.textContent ?? '').startsWith(`Seed ${v}:`),
    seed,
    { timeout: 60_000 },
  );
}
async function checkClaims(page: Page, seed: number) {
  const rows = await compared(page),
    said = await claims(page);
  expect(rows.map((r) => r.name)).toHaveLength(3);
  expect(said).toEqual({ seed, closest: least(rows, 'error'), predicts: least(rows, 'test') });
  return said;
}

/** The distance between coefficient vectors. */
const distance = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(...Array.from(a, (c, j) => c - b[j]));

/** Ridge or the lasso at the λ of least 5-fold CV error on the slider's grid: written here from the
 * API's documentation, not from the demo's code. */
async function crossValidated(sc: Supclust, name: 'ridge' | 'lasso', data: SyntheticData) {
  const p = await sc.path(
    name,
    { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, ...(name === 'lasso' ? { maxIterations: 5000 } : {}) },
    { lambda: logGrid(10, 1e-6, 15), folds: 5, seed: 1, devianceRatioChange: 0, devianceRatioMax: 1 },
  );
  return p.points[p.crossValidation!.best];
}

describe('claims computed from the numbers on screen', () => {
  it('for every preset: the verdict names the least error and test error of the table, and follows the seed', async () => {
    const page = await open('');
    for (const preset of PRESETS) {
      await page.selectOption('#play-preset', preset.id);
      await page.waitForFunction(
        (n) => document.body.dataset.state === 'done' && document.getElementById('play-n-value')?.textContent === String(n),
        preset.state.n,
        { timeout: 60_000 },
      );
      await settled(page);
      const first = await checkClaims(page, 1);
      // The preset's own note makes no comparison: that is the verdict's job.
      expect(await page.textContent('#play-preset-note')).not.toMatch(/better|beats|loses|gains|suffer|cannot|finds/);
      if (preset.id === 'n-below-d') {
        // Here the winner depends on the draw: step the seed until the verdict changes (seed 3:
        // ridge 30.1 against IHC's 31.5 in Node), checking it against the table at each.
        let changed = false;
        for (let seed = 2; seed <= 8 && !changed; seed++) {
          await setSeed(page, seed);
          changed = (await checkClaims(page, seed)).closest !== first.closest;
        }
        expect(changed).toBe(true);
      } else {
        await setSeed(page, 2);
        await checkClaims(page, 2);
      }
    }
    await page.close();
  }, 300_000);

  it('for the tour: its n < d step shows the verdict of the table, not a claim of its own', async () => {
    const page = await open('');
    await page.click('#tour button[data-step="1"]');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.getElementById('play-n-value')?.textContent === '80',
      null,
      { timeout: 60_000 },
    );
    await checkClaims(page, 1);
    const note = (await page.textContent('#tour-note')) ?? '';
    expect(note).toContain('depends on the draw');
    expect(note).not.toMatch(/loses least|gains most/);
    await page.close();
  }, 120_000);

  it('over 20 seeds, counts what Node counts for IHC against the cross-validated ridge and lasso (n < d)', async () => {
    const page = await open('?n=80');
    await page.click('#play-seeds');
    await page.waitForFunction(() => document.body.dataset.seeds === 'done', null, { timeout: 240_000 });
    const text = (await page.textContent('#play-seeds-result')) ?? '';
    const sc = await load({ variant: 'simd' });
    const wins = { error: { IHC: 0, ridge: 0, 'the lasso': 0 }, test: { IHC: 0, ridge: 0, 'the lasso': 0 } };
    for (let seed = 1; seed <= 20; seed++) {
      const data = await sc.generate('e1', { n: 80, d: 100, Q: 5, sigma: 0.5, seed, nTest: 1000 });
      const ihc = await sc.fit('ihc', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 5, lambda: 1e-4 });
      const models = {
        IHC: ihc,
        ridge: (await crossValidated(sc, 'ridge', data)).model,
        'the lasso': (await crossValidated(sc, 'lasso', data)).model,
      };
      for (const key of ['error', 'test'] as const) {
        const values: Record<string, number> = {};
        for (const [name, model] of Object.entries(models)) {
          if (key === 'error') values[name] = distance(model.coef, data.coef);
          else {
            const pred = await sc.predict(model, data.Xtest, data.nTest);
            values[name] = Array.from(pred, (v, i) => (v - data.ytest[i]) ** 2).reduce((a, b) => a + b) / data.nTest;
          }
        }
        const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v.toPrecision(3))]));
        const best = Math.min(...Object.values(shown));
        for (const name of Object.keys(shown)) if (shown[name] === best) wins[key][name as 'IHC'] += 1;
      }
    }
    sc.dispose();
    const list = (w: Record<string, number>) =>
      Object.entries(w)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    expect(text).toContain(`closest to w* — ${list(wins.error)}; best test MSE — ${list(wins.test)}.`);
    // Not one-sided at n < d (the verdict of one seed is not the verdict of all).
    expect(wins.error.IHC).toBeGreaterThan(0);
    expect(wins.error.IHC).toBeLessThan(20);
    await page.close();
  }, 300_000);
});

describe('the scoreboard and the error chart', () => {
  it('print and draw what the same fits in Node give', async () => {
    const page = await open('');
    const board = await page.$$eval('#play-scoreboard tbody tr', (rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent ?? '')),
    );
    const sc = await load({ variant: 'simd' });
    const data = await sc.generate('e1', { n: 150, d: 100, Q: 5, sigma: 0.5, seed: 1, nTest: 1000 });
    const ihc = await sc.fit('ihc', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y, Q: 5, lambda: 1e-4 });
    const fits = [
      ['IHC', ihc],
      ['ridge', (await crossValidated(sc, 'ridge', data)).model],
      ['the lasso', (await crossValidated(sc, 'lasso', data)).model],
    ] as const;
    const expected = [];
    for (const [name, model] of fits) {
      const pred = await sc.predict(model, data.Xtest, data.nTest);
      const mse = Array.from(pred, (v, i) => (v - data.ytest[i]) ** 2).reduce((a, b) => a + b) / data.nTest;
      const distinct = distinctPartition(model.coef, 1);
      expected.push([
        name,
        formatNumber(mse),
        formatNumber(distance(model.coef, data.coef)),
        String(distinct.groups),
        adjustedRand(data.groups, distinct.labels).toFixed(3),
      ]);
    }
    expect(board).toEqual(expected);
    sc.dispose();
    // The error chart: IHC's dot at each rank (features sorted by their true coefficient) is the
    // feature Node's sort puts there, and its tip reads ŵ_j − w*_j of IHC's fit in Node.
    const order = Array.from({ length: 100 }, (_, j) => j).sort((i, j) => data.coef[i] - data.coef[j]);
    const dots = page.locator('#play-figures > figure:nth-child(2) g[aria-label="dot"]').last().locator('circle');
    expect(await dots.count()).toBe(100);
    for (const rank of [0, 10, 37, 64, 99]) {
      await dots.nth(rank).hover({ force: true });
      const tip = page.locator('#play-figures > figure:nth-child(2) g[aria-label="tip"]');
      await expect.poll(() => tip.textContent()).toMatch(/feature/);
      const j = order[rank];
      expect((await tip.textContent())!.replace(/\u200b/g, ' ').trim()).toBe(
        `feature ${j + 1} ŵ − w* ${(ihc.coef[j] - data.coef[j]).toFixed(4)}`,
      );
    }
    await page.close();
  }, 120_000);
});

describe('fair baselines', () => {
  it('fits ridge and the lasso at their own cross-validated λ whatever the method, as the copied code does', async () => {
    const page = await open('');
    const lambdas = async () =>
      page.$$eval('#play-summary tr[data-role="baseline"]', (r) =>
        r.map((x) => [(x as HTMLElement).dataset.method, Number((x as HTMLElement).dataset.lambda)]),
      );
    const atIhc = await lambdas();
    expect(atIhc.map(([name]) => name)).toEqual(['ridge', 'lasso']);
    // GEM: its weight is the prior's γ (the suggestion, about 1), which the baselines never take.
    await page.selectOption('#play-method', 'gem');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && !!document.querySelector('#play-summary tr[data-method="gem"]'),
      null,
      { timeout: 60_000 },
    );
    expect(await lambdas()).toEqual(atIhc);
    const gamma = Number(new URL(page.url()).searchParams.get('lambda'));
    expect(gamma).toBeGreaterThan(0.1);
    expect(await page.textContent('#play-summary tr[data-method="gem"]')).toContain('(suggested for this problem)');
    // The page's "Copy code", run in Node, prints the same λ for each baseline.
    await page.click('#play-copy');
    const code = (await page.textContent('#play-code')) ?? '';
    const dir = join(root, 'build/e2e-copied');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'play.mjs'), code);
    const printed = execFileSync(process.execPath, [join(dir, 'play.mjs')], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const copied = [...printed.matchAll(/^(ridge|lasso) ([0-9.e+-]+)$/gm)].map((m) => [m[1], Number(m[2])]);
    expect(copied).toEqual(atIhc);
    // …and so does a cross-validation written from the API's documentation.
    const sc = await load({ variant: 'simd' });
    const data = await sc.generate('e1', { n: 150, d: 100, Q: 5, sigma: 0.5, seed: 1, nTest: 1000 });
    expect([
      ['ridge', (await crossValidated(sc, 'ridge', data)).lambda],
      ['lasso', (await crossValidated(sc, 'lasso', data)).lambda],
    ]).toEqual(atIhc);
    sc.dispose();
    await page.close();
  }, 120_000);

  it("suggests a penalty's weight anew when the problem changes", async () => {
    const page = await open('');
    await page.selectOption('#play-method', 'gflasso');
    await settled(page);
    await page.fill('#play-d', '200');
    await page.dispatchEvent('#play-d', 'input');
    await page.waitForFunction(
      () => document.body.dataset.state === 'done' && document.getElementById('play-summary')?.dataset.d === '200',
      null,
      { timeout: 60_000 },
    );
    const sc = await load({ variant: 'simd' });
    const data = await sc.generate('e1', { n: 150, d: 200, Q: 5, sigma: 0.5, seed: 1, nTest: 1000 });
    const suggested = sc.suggest('gflasso', { X: data.X, nRows: data.nRows, nCols: data.nCols, y: data.y }).lambda2!;
    sc.dispose();
    expect(Number(new URL(page.url()).searchParams.get('lambda2'))).toBe(Number(suggested.toPrecision(3)));
    expect(await page.textContent('#play-summary tr[data-method="gflasso"]')).toContain('(suggested for this problem)');
    // A weight moved by hand is said to be set by hand.
    await page.locator('#play-lambda2').fill('-3');
    // The address changes at once, while the last run's 'done' may stand until the new run starts:
    // its row, which prints the weight it was fitted at, is the new run's once it reads 1e-3.
    await page.waitForFunction(
      () =>
        document.body.dataset.state === 'done' &&
        new URL(location.href).searchParams.get('lambda2') === '0.001' &&
        (document.querySelector('#play-summary tr[data-method="gflasso"]')?.textContent ?? '').includes('λ2 = 1e-3'),
      null,
      { timeout: 60_000 },
    );
    expect(await page.textContent('#play-summary tr[data-method="gflasso"]')).toContain('(as set)');
    await page.close();
  }, 120_000);
});

describe('the first screen', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ])
    it(`shows the scoreboard and the chart at ${viewport.width} × ${viewport.height}`, async () => {
      const page = await open('', viewport);
      const box = await page.evaluate(() => {
        const top = (q: string) => document.querySelector(q)!.getBoundingClientRect();
        // The chart: the tallest svg of the first figure (its legends are svgs too).
        const chart = [...document.querySelectorAll('#play-figures figure:first-child svg')].sort(
          (a, b) => b.getBoundingClientRect().height - a.getBoundingClientRect().height,
        )[0];
        return { board: top('#play-scoreboard').bottom, verdict: top('#play-verdict').bottom, chart: chart.getBoundingClientRect().top };
      });
      expect(box.board).toBeLessThan(viewport.height);
      expect(box.verdict).toBeLessThan(viewport.height);
      expect(box.chart).toBeLessThan(viewport.height - 100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: join(root, `tests/e2e/screenshots/play-first-screen-${viewport.width}.png`) });
      await page.close();
    }, 60_000);
});
