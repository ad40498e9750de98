// experiment() through the API: both builds give the same table; validation.
import { describe, expect, it } from 'vitest';
import { SupclustError } from '../../dist/node/index.js';
import { withBothBuilds } from './helpers.js';

const builds = withBothBuilds();

describe('experiment', () => {
  it('lists the tables and runs one the same way on both builds', async () => {
    const ids = builds.simd.info.experiments.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['e1-n', 'e1-sigma']));
    const options = { reps: 2, fast: true, methods: ['Oracle', 'IHC'] };
    const seen: number[] = [];
    const a = await builds.simd.experiment('e1-n', options);
    const b = await builds.threaded.experiment('e1-n', options, { onProgress: (p) => seen.push(p.done) });
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
    await bad(builds.simd.experiment('e9'), 'id');
    await bad(builds.simd.experiment('e1-n', { methods: ['Nope'] }), 'methods');
    await bad(builds.simd.experiment('e1-n', { reps: 0 }), 'reps');
  });
});
