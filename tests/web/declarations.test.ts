// What info() declares (the C++ declarations: generators', cross-validation's and experiments'
// options, the loss taxonomy, the methods' families) against what the library does — so that the
// generated types and wire types, built from those declarations, describe the real behaviour.
// And the raw module (no TypeScript layer in front) refuses bad kernel arguments with an error.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, SupclustError, type GeneratorName, type OptionInfo, type Supclust } from '../../dist/node/index.js';
import { root } from './helpers.js';

let sc: Supclust;
beforeAll(async () => {
  sc = await load({ variant: 'simd' });
});
afterAll(() => sc?.dispose());

async function refusal(p: Promise<unknown>): Promise<SupclustError> {
  const e = await p.then(
    () => undefined,
    (x) => x,
  );
  expect(e, 'expected a refusal').toBeInstanceOf(SupclustError);
  return e as SupclustError;
}

// A value just outside the declared range (or of the wrong kind), or undefined when none exists.
function outside(o: OptionInfo): unknown[] {
  const bad: unknown[] = [];
  if (o.kind === 'integer' || o.kind === 'number') {
    if (o.min !== undefined) bad.push(o.minExclusive ? o.min : o.min - 1);
    if (o.max !== undefined && o.max < 2 ** 53) bad.push(o.maxExclusive ? o.max : o.max + 1);
    if (o.kind === 'integer') bad.push((o.min ?? 0) + 1.5);
    bad.push('x');
  }
  if (o.kind === 'choice') bad.push('no-such-choice');
  if (o.kind === 'boolean') bad.push(1);
  return bad;
}

describe('generators', () => {
  it('apply the defaults they declare', async () => {
    for (const name of Object.keys(sc.info.requests.generators) as GeneratorName[]) {
      const specs = sc.info.requests.generators[name];
      const given = Object.fromEntries(specs.filter((o) => o.required).map((o) => [o.name, 30]));
      const data = await sc.generate(name, given);
      const expected = (field: string) => specs.find((o) => o.name === field);
      const n = expected('n')!;
      expect(data.nRows, name).toBe(n.required ? 30 : n.default);
      for (const field of ['nTest', 'nValidation'] as const) {
        const o = expected(field);
        expect(data[field], `${name}.${field}`).toBe(o ? o.default : 0);
      }
      const d = expected('d'),
        noise = expected('noiseDims');
      if (d) expect(data.nCols, `${name}.d`).toBe((d.default as number) + ((noise?.default as number | undefined) ?? 0));
      if (name === 'tasks') expect(data.groups.length).toBe(expected('tasks')!.default);
    }
  });

  it('refuse every value outside the declared range, naming the field', async () => {
    for (const name of Object.keys(sc.info.requests.generators) as GeneratorName[])
      for (const o of sc.info.requests.generators[name])
        for (const value of outside(o)) {
          const base = o.name === 'n' ? {} : { n: 20 };
          const e = await refusal(sc.generate(name, { ...base, [o.name]: value } as never));
          expect(e.field, `${name}.${o.name} = ${String(value)}: ${e.message}`).toBe(o.name);
        }
  });
});

describe('cross-validation and experiments', () => {
  const X = Float64Array.from({ length: 60 }, (_, i) => Math.sin(i * 1.3));
  const y = Float64Array.from({ length: 30 }, (_, i) => X[2 * i] - X[2 * i + 1]);

  it('cross-validation applies its declared defaults and refuses values outside their ranges', async () => {
    const folds = sc.info.requests.crossValidation.find((o) => o.name === 'folds')!;
    const r = await sc.crossValidate('ridge', { X, nRows: 30, y }, { grid: { lambda: [0.1, 1] } });
    expect(r.grid[0].scores.length).toBe(folds.default);
    for (const o of sc.info.requests.crossValidation)
      for (const value of outside(o)) {
        const e = await refusal(sc.crossValidate('ridge', { X, nRows: 30, y }, { grid: { lambda: [0.1, 1] }, [o.name]: value } as never));
        expect(e.field, `${o.name} = ${String(value)}: ${e.message}`).toBe(o.name);
      }
  });

  it('paths and stability refuse values outside their declared ranges, naming the field', async () => {
    const nLambda = sc.info.requests.path.find((o) => o.name === 'nLambda')!;
    const r = await sc.path('lasso', { X, nRows: 30, y }, { devianceRatioChange: 0, devianceRatioMax: 1 });
    expect(r.points.length).toBe(nLambda.default);
    for (const o of sc.info.requests.path)
      for (const value of outside(o)) {
        const e = await refusal(sc.path('lasso', { X, nRows: 30, y }, { [o.name]: value } as never));
        expect(e.field, `${o.name} = ${String(value)}: ${e.message}`).toBe(o.name);
      }
    const resamples = sc.info.requests.stability.find((o) => o.name === 'resamples')!;
    expect((await sc.stability('lasso', { X, nRows: 30, y, lambda: 0.01 }, { resamples: 2 })).resamples).toBe(2);
    expect(resamples.default).toBe(100);
    for (const o of sc.info.requests.stability)
      for (const value of outside(o)) {
        const e = await refusal(sc.stability('lasso', { X, nRows: 30, y, lambda: 0.01 }, { resamples: 2, [o.name]: value } as never));
        expect(e.field, `${o.name} = ${String(value)}: ${e.message}`).toBe(o.name);
      }
  });

  it('an experiment reports the seed and fast flag it declares as defaults', async () => {
    const spec = (name: string) => sc.info.requests.experiment.find((o) => o.name === name)!;
    const r = await sc.experiment('e1-n', { reps: 1, fast: true, methods: ['Oracle'] }, undefined);
    expect(r.seed).toBe(spec('seed').default);
    expect(spec('fast').default).toBe(false);
    for (const value of outside(spec('seed'))) {
      const e = await refusal(sc.experiment('e1-n', { reps: 1, seed: value } as never));
      expect(e.field, `seed = ${String(value)}: ${e.message}`).toBe('seed');
    }
  });
});

describe('the loss taxonomy', () => {
  it('classification losses read labels, binary ones exactly two classes', async () => {
    const n = 30,
      X = Float64Array.from({ length: n * 2 }, (_, i) => Math.cos(i * 0.7));
    const two = Array.from({ length: n }, (_, i) => (i % 2 ? 'b' : 'a'));
    const three = Array.from({ length: n }, (_, i) => ['a', 'b', 'c'][i % 3]);
    expect(sc.info.losses.map((l) => l.name).sort()).toEqual([
      'hinge',
      'logistic',
      'multinomial',
      'ova-hinge',
      'ova-logistic',
      'ova-squared',
      'squared',
    ]);
    for (const loss of sc.info.losses) {
      const method = loss.name.endsWith('hinge') ? 'svm' : 'ridge';
      const fitOn = (y: string[]) => sc.fit(method, { X, nRows: n, y, loss: loss.name, lambda: 0.1 } as never);
      if (!loss.classification) {
        expect((await refusal(fitOn(two))).field).toBe('y');
        continue;
      }
      expect((await fitOn(two)).classes).toEqual(['a', 'b']);
      if (loss.binary) expect((await refusal(fitOn(three))).field).toBe('y');
      else expect((await fitOn(three)).outputs).toBe(loss.oneVsAll ? 3 : 1);
    }
  });

  it('every method belongs to a family, and the families are the folders of cpp/src/families', () => {
    const families = new Set(sc.info.methods.map((m) => m.family));
    for (const f of families) expect(readFileSync(join(root, 'cpp/src/families', f, 'methods.cpp'), 'utf8')).toContain(`${f}Methods()`);
    expect(sc.info.methods.filter((m) => m.startDependent).map((m) => m.name)).toContain('ihc');
  });
});

describe('startDependent', () => {
  // A method declared start-independent reaches the same objective from a far start: the
  // demo and cross-validation warm-start exactly these.
  it('every feature method declared start-independent gives the same objective from a far warm start', async () => {
    const data = await sc.generate('e1', { n: 60, d: 10, Q: 3, sigma: 0.5, seed: 9 });
    const labels = Array.from(data.y, (t) => (t > 0 ? 1 : 0));
    const options: Record<string, Record<string, unknown>> = {
      lasso: { lambda: 0.05 },
      elasticnet: { lambda: 0.1, alpha: 0.5 },
      lsk: { Q: 3 },
      oracle: { groups: Array.from(data.groups) },
      cg: { Q: 3 },
      cgpg: { Q: 3 },
      oscar: { lambda1: 0.05, lambda2: 0.01 },
      gflasso: { lambda1: 0.05, lambda2: 0.01 },
      dfg: { lambda1: 0.01, lambda2: 0.001, tolerance: 1e-11 },
      adfg: { lambda1: 0.01, lambda2: 0.001, lambda3: 0.001, tolerance: 1e-11 },
      svm: { loss: 'hinge', tolerance: 1e-12, maxIterations: 100000 },
    };
    const independent = sc.info.methods.filter((m) => !m.startDependent && m.kind === 'features');
    expect(independent.map((m) => m.name).sort()).toEqual(Object.keys(options).concat('ridge').sort());
    for (const m of independent) {
      const params = { X: data.X, nRows: data.nRows, nCols: data.nCols, y: m.name === 'svm' ? labels : data.y, ...options[m.name] };
      const cold = await sc.fit(m.name, params as never);
      const far = { ...cold, coef: cold.coef.map((c) => c + 3), intercept: cold.intercept.map((b) => b - 2) };
      const warm = await sc.fit(m.name, { ...params, warmStart: far } as never);
      expect(Math.abs(warm.objective - cold.objective), m.name).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(cold.objective)));
    }
  });
});

describe('the limits', () => {
  it("the TypeScript validation uses the library's integer and seed limits", async () => {
    const v = await import('../../dist/validate.js');
    expect(v.MAX_INTEGER).toBe(sc.info.limits.maxInteger);
    expect(v.MAX_SEED).toBe(sc.info.limits.maxSeed);
  });
});

describe('the raw module', () => {
  it('refuses bad kernel arguments with a refusal that names the field, and stays usable', async () => {
    const require = createRequire(import.meta.url);
    const glue = join(root, 'dist/wasm/node/supclust-library-simd.js');
    const m = await require(glue)({ wasmBinary: readFileSync(glue.replace('/node/', '/web/').replace(/\.js$/, '.wasm')) });
    const values = Float64Array.of(3, -1, 2);
    const refusal = (field: string) => ({ status: 'invalid-input', field, message: expect.stringMatching(new RegExp(`^${field}: `)) });
    expect(m.proxOwl({ values, weights: Float64Array.of(1, 1) })).toEqual(refusal('weights'));
    expect(m.proxOwl({ values, weights: Float64Array.of(1, 2, 3) })).toEqual(refusal('weights'));
    expect(m.kmeans1d({ values, Q: 0 })).toEqual(refusal('Q'));
    expect(m.projectSparseGroups({ values, s: 1, Q: 2 })).toEqual(refusal('s'));
    expect(m.proxCliqueFusion({ values, lambda1: -1, lambda2: 0 })).toEqual(refusal('lambda1'));
    expect(Array.from(m.proxOwl({ values, weights: Float64Array.of(0, 0, 0) }).values)).toEqual([3, -1, 2]);
  });
});

// The wire types in web/src/protocol.ts, read from its source, against what the module sends.
function wireFields(name: string): string[] {
  const source = readFileSync(join(root, 'web/src/protocol.ts'), 'utf8');
  const body = source.split(`export interface ${name} {`)[1].split('\n}')[0];
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]).sort();
}

describe('the wire types', () => {
  it('RawFit, RawCrossValidation and RawExperiment name exactly what the module sends', async () => {
    const require = createRequire(import.meta.url);
    const glue = join(root, 'dist/wasm/node/supclust-library-simd.js');
    const m = await require(glue)({ wasmBinary: readFileSync(glue.replace('/node/', '/web/').replace(/\.js$/, '.wasm')) });
    const X = Float64Array.from({ length: 40 }, (_, i) => Math.sin(i)),
      y = Float64Array.from({ length: 20 }, (_, i) => i % 3);
    const data = { X, nRows: 20, nCols: 2, y, yCols: 1 };
    const fit = m.fit({ method: 'ridge', ...data, options: { lambda: 0.1 } }, undefined);
    const refused = m.fit({ method: 'ridge', ...data, options: { lambda: -1 } }, undefined);
    expect(refused).toMatchObject({ status: 'invalid-input', field: 'lambda' });
    const fields = new Set([...Object.keys(fit), ...Object.keys(refused)]);
    expect([...fields].sort()).toEqual(wireFields('RawFit'));
    const grid = { names: ['lambda'], values: [Float64Array.of(0.1, 1)] };
    const cv = m.crossValidate({ method: 'ridge', ...data, options: {}, grid, settings: { folds: 2 } }, undefined);
    const cvRefused = m.crossValidate({ method: 'ridge', ...data, options: {}, grid, settings: { folds: 1 } }, undefined);
    expect(cvRefused).toMatchObject({ status: 'invalid-input', field: 'folds' });
    expect([...new Set([...Object.keys(cv), ...Object.keys(cvRefused)])].sort()).toEqual(wireFields('RawCrossValidation'));
    const table = m.experiment({ id: 'e1-n', settings: { reps: 1, fast: true }, methods: ['Oracle'] }, undefined);
    const tableRefused = m.experiment({ id: 'e1-n', settings: { reps: 0 }, methods: [] }, undefined);
    expect(tableRefused).toMatchObject({ status: 'invalid-input', field: 'reps' });
    expect([...new Set([...Object.keys(table), ...Object.keys(tableRefused)])].sort()).toEqual(wireFields('RawExperiment'));
  });
});

// The requests as wasm/requests.hpp declares them (the module's requests(), from which
// web/src/protocol.generated.ts is written) against the fields each binding reads
// (wasm/bindings.cpp and wasm/library_module.cpp: r["…"] in its function, CallData's for the
// calls on data).
async function requestFields(): Promise<Record<string, string[]>> {
  const require = createRequire(import.meta.url);
  const glue = join(root, 'dist/wasm/node/supclust-library-simd.js');
  const m = await require(glue)({ wasmBinary: readFileSync(glue.replace('/node/', '/web/').replace(/\.js$/, '.wasm')) });
  const declared = JSON.parse(m.requests()).requests as Record<string, { name: string }[]>;
  return Object.fromEntries(
    Object.entries(declared).map(([op, fields]) => [
      op,
      fields
        .map((f) => f.name)
        .filter((f) => f !== 'upload')
        .sort(),
    ]),
  );
}
function boundFields(): Record<string, string[]> {
  const source = ['wasm/bindings.cpp', 'wasm/library_module.cpp'].map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
  const read = (text: string) => [...text.matchAll(/\br\["(\w+)"\]/g)].map((m) => m[1]);
  // A request's data, read by marshal.hpp's CallData.
  const marshal = readFileSync(join(root, 'wasm/marshal.hpp'), 'utf8');
  const callData = read(marshal.split('struct CallData {')[1].split('\n};')[0]);
  const out: Record<string, string[]> = {};
  // Each binding's text: from its header to the next top-level definition or directive.
  for (const m of source.matchAll(
    /\n(?:val|void) (\w+)Js\(const val& r[^)]*\) \{([\s\S]*?)(?=\n(?:val |void |struct |#|\} {2}\/\/ namespace))/g,
  )) {
    const fields = read(m[2]).concat(m[2].includes('CallData data(r, callerDatasets())') ? callData : []);
    out[m[1]] = [...new Set(fields)].sort();
  }
  return out;
}

describe('the requests', () => {
  it('each binding reads exactly the fields wasm/requests.hpp declares for its request', async () => {
    const declared = await requestFields(),
      bound = boundFields();
    expect(Object.keys(bound).sort()).toEqual(
      Object.keys(declared)
        .filter((op) => op !== 'hold')
        .concat('hold')
        .sort(),
    );
    for (const op of Object.keys(bound)) {
      // hold reads the upload's fields (the module stores the dataset a call carries).
      const want = op === 'hold' ? ['X', 'dataset', 'nCols', 'nRows'] : declared[op];
      expect(bound[op], op).toEqual(want);
    }
  });
});

// The papers' tables as declared (rows, methods, fixed options, grids, columns, repetitions): one
// snapshot, reviewed when a declaration changes, instead of copies of single constants.
describe("the papers' tables", () => {
  it('are declared as reviewed (tests/web/__snapshots__/experiments.json)', async () => {
    await expect(JSON.stringify(sc.info.experiments, null, 1) + '\n').toMatchFileSnapshot('./__snapshots__/experiments.json');
  });
});
