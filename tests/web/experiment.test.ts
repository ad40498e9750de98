// experiment() through the API: both builds give the same table; validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type Supclust } from '../../dist/node/index.js';

let simd: Supclust, threaded: Supclust;
beforeAll(async () => {
  simd = await load({ variant: 'simd' });
  threaded = await load({ variant: 'simd-threaded' });
});
afterAll(() => { simd.dispose(); threaded.dispose(); });

describe('experiment', () => {
  it('lists the tables and runs one the same way on both builds', async () => {
    const ids = simd.info.experiments.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['e1-n', 'e1-sigma']));
    const options = { reps: 2, fast: true, methods: ['Oracle', 'IHC'] };
    const seen: number[] = [];
    const a = await simd.experiment('e1-n', options);
    const b = await threaded.experiment('e1-n', options, { onProgress: (p) => seen.push(p.done) });
    expect(a.rows.map((r) => r.method)).toEqual(['Oracle', 'IHC']);
    expect(a.columns).toEqual([50, 75, 100, 125, 150]);
    expect(a.rows.map((r) => r.cells.map((c) => c.values))).toEqual(b.rows.map((r) => r.cells.map((c) => c.values)));
    expect(a.rows[1].paper?.[4]).toEqual({ mean: 0.09, std: 0.04 });
    expect(seen.at(-1)).toBe(10);
  });

  it('rejects unknown tables and rows naming the field', async () => {
    const bad = async (p: Promise<unknown>, field: string) => {
      const e = await p.catch((x) => x);
      expect(e).toBeInstanceOf(SupclustError);
      expect(e.field).toBe(field);
    };
    await bad(simd.experiment('e9'), 'id');
    await bad(simd.experiment('e1-n', { methods: ['Nope'] }), 'methods');
    await bad(simd.experiment('e1-n', { reps: 0 }), 'reps');
  });
});
