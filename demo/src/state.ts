// The demo's state, every control of every view, and its codec to and from the URL's query
// string, so that a view can be shared and reproduced. Values that are missing, malformed or
// out of range fall back to their defaults (clamped when numeric); unknown keys are ignored.
export type View = 'play' | 'path' | 'tables' | 'data' | 'experts' | 'tasks';
export type Task = 'regression' | 'classification';

export interface DemoState {
  view: View;
  /** The page inside another one (an iframe): the view alone, without the header, tabs and controls. */
  embed: boolean;
  /** Play and Path: the generated problem. */
  n: number;
  d: number;
  Q: number;
  sigma: number;
  rho: number;
  task: Task;
  seed: number;
  /** Play and Path (regression): the true group of smallest |value| set to zero (sparse groups). */
  zero: boolean;
  /** Play and Path: the method fitted beside the Oracle, and its regularisation λ. */
  method: string;
  lambda: number;
  /** Play and Path: the pairwise weight λ2 of the two-penalty methods (OSCAR, GFLasso, ncFGS,
   * DFG); λ above is their λ1. */
  lambda2: number;
  /** Play: the baselines drawn over the truth beside the method. */
  overlays: string[];
  /** Tables: which table, repetitions, seed, fast grids (absent: the table's default), rows. */
  table: string;
  reps: number;
  tableSeed: number;
  fast: boolean | undefined;
  rows: string[];
  /** Your data: the method and number of groups (the CSV itself never enters the URL). */
  dataMethod: string;
  dataQ: number;
  target: string;
  standardise: boolean;
  /** Your data: whether Q is cross-validated too (1 to 8). */
  dataCvQ: boolean;
  /** Experts: the mixture of regressions (samples, experts, intrinsic and noise dimensions,
   * label noise, seed) and the method with its ridge λ. At most 1000 samples: CG's relaxation
   * is n × n (2.3 s in wasm at n = 1000, 21 s at 2000). */
  expertsN: number;
  expertsQ: number;
  expertsD: number;
  expertsNoise: number;
  expertsSigma: number;
  expertsSeed: number;
  expertsMethod: string;
  expertsLambda: number;
  /** Tasks: the clustered classes (samples, classes K, clusters Q, spread around the centres,
   * label noise, seed) and the method with its within-cluster weight λ_W. */
  tasksN: number;
  tasksK: number;
  tasksQ: number;
  tasksSpread: number;
  tasksSigma: number;
  tasksSeed: number;
  tasksMethod: string;
  tasksWithin: number;
}

export const DEFAULTS: DemoState = {
  view: 'play',
  embed: false,
  n: 150,
  d: 100,
  Q: 5,
  sigma: 0.5,
  rho: 0,
  task: 'regression',
  seed: 1,
  zero: false,
  method: 'ihc',
  lambda: 1e-4,
  lambda2: 1e-5,
  overlays: ['ridge', 'lasso'],
  table: 'e1-n',
  reps: 5,
  tableSeed: 1,
  fast: undefined,
  rows: ['Oracle', 'LS', 'LSK', 'IHC'],
  dataMethod: 'ihc',
  dataQ: 3,
  target: '',
  standardise: false,
  dataCvQ: false,
  expertsN: 400,
  expertsQ: 3,
  expertsD: 5,
  expertsNoise: 0,
  expertsSigma: 0.1,
  expertsSeed: 1,
  expertsMethod: 'experts-am',
  expertsLambda: 1e-3,
  tasksN: 1000,
  tasksK: 10,
  tasksQ: 5,
  tasksSpread: 0.2,
  tasksSigma: 0.5,
  tasksSeed: 1,
  tasksMethod: 'tasks-ssc',
  tasksWithin: 1e-2,
};

type NumberKey = { [K in keyof DemoState]: DemoState[K] extends number ? K : never }[keyof DemoState];
/** Ranges of the numeric fields: [min, max, integer?]. */
export const LIMITS: Record<NumberKey, [number, number, boolean]> = {
  n: [20, 2000, true],
  d: [2, 500, true],
  Q: [1, 20, true],
  sigma: [0, 5, false],
  rho: [0, 0.95, false],
  seed: [0, 1e9, true],
  lambda: [1e-6, 10, false],
  lambda2: [1e-8, 1, false],
  reps: [1, 100, true],
  tableSeed: [0, 1e9, true],
  dataQ: [1, 20, true],
  expertsN: [20, 1000, true],
  expertsQ: [1, 6, true],
  expertsD: [1, 50, true],
  expertsNoise: [0, 200, true],
  expertsSigma: [0, 2, false],
  expertsSeed: [0, 1e9, true],
  expertsLambda: [1e-6, 10, false],
  tasksN: [100, 5000, true],
  tasksK: [2, 16, true],
  tasksQ: [1, 8, true],
  tasksSpread: [0, 2, false],
  tasksSigma: [0, 2, false],
  tasksSeed: [0, 1e9, true],
  tasksWithin: [1e-5, 10, false],
};

/** A weight as its slider holds it: within the slider's range, to three significant digits. */
export const sliderValue = (key: 'lambda' | 'lambda2', x: number) =>
  Number(Math.min(LIMITS[key][1], Math.max(LIMITS[key][0], x)).toPrecision(3));

const VIEWS: readonly View[] = ['play', 'path', 'tables', 'data', 'experts', 'tasks'];
const TASKS: readonly Task[] = ['regression', 'classification'];
const NAME = /^[\w.+\-=λ ]{1,40}$/u; // method, table and row labels, column names (short, plain)
export const OVERLAYS: readonly string[] = ['oracle', 'ridge', 'lasso'];

function numberOf(key: NumberKey, raw: string | null): number {
  const [min, max, integer] = LIMITS[key];
  const x = raw === null || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(x)) return DEFAULTS[key];
  const clamped = Math.min(max, Math.max(min, x));
  return integer ? Math.round(clamped) : clamped;
}

/** The state a query string describes ("?n=100&method=lsk" or "n=100&…"). */
export function decodeState(search: string): DemoState {
  const p = new URLSearchParams(search);
  const s: DemoState = { ...DEFAULTS, rows: [...DEFAULTS.rows], overlays: [...DEFAULTS.overlays] };
  for (const key of Object.keys(LIMITS) as NumberKey[]) s[key] = numberOf(key, p.get(key));
  const view = p.get('view'),
    task = p.get('task');
  if (VIEWS.includes(view as View)) s.view = view as View;
  if (TASKS.includes(task as Task)) s.task = task as Task;
  for (const key of ['method', 'table', 'dataMethod', 'expertsMethod', 'tasksMethod'] as const) {
    const v = p.get(key);
    if (v !== null && NAME.test(v)) s[key] = v;
  }
  const target = p.get('target'); // a CSV column name: any text, shown only as text
  if (target !== null && target.length <= 200) s.target = target;
  const rows = p.get('rows');
  if (rows !== null) {
    const list = rows.split(',').filter((r) => NAME.test(r));
    if (list.length > 0) s.rows = list;
  }
  const overlays = p.get('overlays'); // '' (none drawn) is a value
  if (overlays !== null) s.overlays = OVERLAYS.filter((o) => overlays.split(',').includes(o));
  for (const key of ['fast', 'standardise', 'zero', 'dataCvQ', 'embed'] as const) {
    const v = p.get(key);
    if (v === '0' || v === '1') s[key] = v === '1';
  }
  if (s.Q > s.d) s.Q = s.d;
  return s;
}

/** The query string of a state: only the fields that differ from the defaults, in a fixed order. */
export function encodeState(s: DemoState): string {
  const p = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS) as (keyof DemoState)[]) {
    const v = s[key],
      d = DEFAULTS[key];
    if (Array.isArray(v)) {
      if (v.join(',') !== (d as string[]).join(',')) p.set(key, v.join(','));
    } else if (typeof v === 'boolean') {
      if (v !== d) p.set(key, v ? '1' : '0');
    } else if (v !== d) {
      p.set(key, String(v));
    }
  }
  const q = p.toString();
  return q ? `?${q}` : '';
}
