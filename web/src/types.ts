/** Public types of the supclust API. */
import type { MethodFamily, MethodKinds, MethodName, MethodOptions, NumericOption, SuggestedOptions } from './methods.generated.js';
export type { MethodFamily, MethodKinds, MethodName, MethodOptions, NumericOption, SuggestedOptions } from './methods.generated.js';
import type {
  CrossValidationSettings,
  ExperimentId,
  ExperimentSettings,
  GeneratorName,
  GeneratorOptions,
  PathSettings,
  StabilitySettings,
} from './requests.generated.js';
export type {
  CrossValidationSettings,
  ExperimentId,
  ExperimentSettings,
  GeneratorName,
  GeneratorOptions,
  PathSettings,
  StabilitySettings,
} from './requests.generated.js';

export type Variant = 'simd' | 'simd-threaded';

/** The wasm modules of each build, the library holding the core: 'core' — the kernels, the
 * linear and grouping families and the calls around their fits (path, stability, crossValidate,
 * generate); 'library' — every family (the penalties, experts, priors and tasks too) and the
 * papers' tables (experiment()). info.methods[].module names the smallest that runs a method. */
export type ModuleName = (typeof MODULES)[number];
/** The modules, smallest first. */
export const MODULES = ['core', 'library'] as const;

export interface LoadOptions {
  /** 'auto' (default): the threaded build when SharedArrayBuffer and cross-origin isolation
   * allow it; true/false force or forbid threads; a count n ≥ 2 forces them and uses at most n
   * in every call (info.threads; 1 is false). */
  threads?: 'auto' | boolean | number;
  /** Picks the build outright (overrides `threads`, but for a count's cap). */
  variant?: Variant;
  /** The module to download at load() (see ModuleName). Default: none until the first call,
   * which decides — the smallest module that holds it — so a page downloads one module whatever
   * it calls first. Naming one starts its download at once and load() resolves when it runs (a
   * missing file fails load() itself). Either way, a later call that needs a larger module (a
   * method of another family, experiment()) fetches that one then, once, and every later call
   * runs in it. */
  module?: ModuleName;
  /** Browsers: the URL of a copy of the package's `dist/` folder (its `wasm/web/*.wasm`,
   * `browser/worker.js` and the modules beside them), for bundlers that do not emit the `.wasm`
   * and worker files (esbuild, Rollup without plugins) or pages without a bundler: copy
   * `node_modules/supclust/dist` to your static files and pass its URL, e.g. '/assets/supclust/'.
   * Default: the files beside the loaded module (`import.meta.url`). Node reads the files from
   * the package and ignores it. */
  baseUrl?: string | URL;
  /** Browsers, with baseUrl: creates the module Worker from its URL (`browser/worker.js` under
   * baseUrl), for pages that must pass the URL through a Trusted Types policy or start workers
   * their own way. Default: `new Worker(url, { type: 'module', name: 'supclust' })`. */
  createWorker?: (url: URL) => WorkerLike;
}

/** What createWorker returns: a Worker (the DOM's), named here by the methods load() relies on
 * so that projects without the DOM library type-check. */
export interface WorkerLike {
  postMessage(message: unknown, transfer: object[]): void;
  terminate(): void;
}

export interface OptionInfo {
  name: string;
  /** labels: one integer per feature; edges: a list of feature pairs [i, j]. */
  kind: 'number' | 'integer' | 'boolean' | 'choice' | 'labels' | 'edges' | 'numbers';
  doc: string;
  required: boolean;
  default?: number | boolean | string;
  choices?: string[];
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  /** A penalty weight: the degree of its penalty in the coefficients (1: ℓ1-like, 2: quadratic). */
  degree?: number;
  /** Its suggested value for given data, factor × scale / d^power (sc.suggest computes it): the
   * scale is the data's largest feature–target correlation ‖Xcᵀ(t − t̄)‖∞/n for degree 1, the
   * mean feature variance for degree 2; power counts the other coefficients each one meets in
   * the penalty's sum (0: ℓ1, 1: pairs, 2: triples). */
  suggested?: { factor: number; power: number };
}

export interface MethodInfo {
  name: MethodName;
  summary: string;
  options: OptionInfo[];
  /** Doubles a fit keeps per entry of X, of the short side's Gram matrix and per sample pair
   * (an estimate, checked against info.addressableBytes before any work). */
  memory: { design: number; gram: number; samplePairs: number };
  /** Whether X may be sparse (CsrMatrix); the others refuse it naming X. */
  sparse: boolean;
  /** Whether it takes observation weights (DataParams.weights); the others refuse them naming weights. */
  weights: boolean;
  /** The shape of its models (Model.kind): 'features', 'experts' or 'tasks'. */
  kind: ModelKind;
  /** Its family (the folder that holds it under cpp/src/families). */
  family: MethodFamily;
  /** The smallest module that runs it (see LoadOptions.module). */
  module: ModuleName;
  /** Its answer depends on where its solver starts (non-convex): cross-validation fits every
   * grid point from the method's own start rather than warm-starting along the grid. */
  startDependent: boolean;
  /** The penalty weights path() moves together (the first non-zero one given is the path's
   * weight; the others keep their ratio to it). */
  pathWeights: string[];
}

/** A loss and what its targets are: classification losses read class labels (binary ones:
 * exactly two classes); one-vs-all losses fit one output per class. */
export interface LossInfo {
  name: string;
  classification: boolean;
  oneVsAll: boolean;
  binary: boolean;
}

/** 'features': one predictor per output with grouped coefficients. 'experts': Q predictors
 * over clustered samples and a gate (Model.outputs = Q; predict() returns the gated mixture,
 * expertAnswers() the Q answers). 'tasks': one
 * predictor per task (class) whose predictors form Q clusters (groups: the cluster of each
 * task; centroids: the Q centres over the features). */
export type ModelKind = 'features' | 'experts' | 'tasks';

/** expertAnswers(): each expert's answer and the gate's probabilities. */
export interface ExpertAnswers {
  /** n × Q row-major (classifying experts: n × Q·K scores, expert q's class k at [i*Q*K + q*K + k]). */
  answers: Float64Array;
  /** The gate's probability of each expert, n × Q row-major (rows sum to 1). */
  gate: Float64Array;
}

/** expertError(): each row's best answer among the experts', chosen with the true targets (the
 * papers' multiple-answer setting: not a test error for prediction, which predict() gives). */
export interface ExpertError {
  /** Mean squared error of the best answers, 1/n Σ_i min_q (y_i − ŷ_iq)² (the LwCS paper's (16) is
   * half of it). NaN for classifying experts. */
  mse: number;
  /** Classifying experts: the rate of rows whose class no expert names (the best answer's error). */
  error?: number;
  /** The expert giving each row's best answer (classifiers: the first that names the row's class,
   * else the one giving it the largest margin). */
  expert: Int32Array;
  /** That answer (classifiers: the index in model.classes of the class that expert names). */
  prediction: Float64Array;
}

export interface ExperimentInfo {
  id: string;
  title: string;
  /** Where the paper's figures come from. */
  source: string;
  /** What each column sets: a generator option ('n', 'sigma'), the 'train fraction' α of the
   * generated rows (E6: ⌊α·2000⌋ train, the rest test), for real-data tables the
   * 'test fraction' held out or the 'dataset' (one of options.data's list per column),
   * 'metric' (each column one of `metrics`, from the same fit), or for the experts tables the
   * 'noise proportion' p (d_n = round(d·p/(1 − p)) noise dimensions) or 'noise dimensions' d_n. */
  column: string;
  /** Real-data tables: the dataset to pass as options.data ('pang-lee': loadPangLee(); 'westbc':
   * loadWestbc()); '' for
   * synthetic tables, which generate their own data. */
  dataset: string;
  /** Text tables: the paper's vocabulary size (loadPangLee's `words` for this table); 0 otherwise. */
  vocabulary: number;
  /** Movie tables: what loadPangLee divides each word count by for this table (its `per`:
   * 'document' or 'corpus'); '' otherwise. */
  wordsPer: '' | 'document' | 'corpus';
  /** 'coef-error' (‖w* − ŵ‖₂), 'test-mse' or 'test-mae' (held-out mean squared or absolute error;
   * experts: of each row's best answer),
   * 'accuracy', 'sensitivity', 'specificity' (held-out rates of 0/1 labels, class 1 where the
   * prediction reaches ½, or for logistic rows where the log-odds are positive), 'auc',
   * 'dfg-mse', 'grouping-score' (the DFG paper's MSE and S), 'grouping-ari' (the adjusted Rand
   * index of the groups of equal coefficients against the true groups). */
  metric: string;
  /** Tables whose column is 'metric' (E5): the metric of each column, from one fit per
   * repetition: 'dfg-mse' (the DFG paper's ‖X(ŵ − w*)‖²/n on the test rows), 'grouping-score'
   * (its S) or 'grouping-ari' (the adjusted Rand index of the groups of equal coefficients
   * against the true ones: 0 for all-distinct coefficients). Other tables with metrics (E6) report each of them for every
   * value of their column (columns value-major). Empty otherwise. */
  metrics: string[];
  /** How hyperparameters are chosen: 'cv' (5-fold cross-validation on the training rows) or
   * 'validation' (the generator's validation rows, E5). */
  selection: string;
  /** The figures are reported × scale, as in the paper (100 for the σ-table, E2 and movies). */
  scale: number;
  values: Float64Array;
  /** The table's repetitions by default (the paper's where it states them). */
  reps: number;
  /** The paper's repetitions where it states them, else 0: the n of its figures' standard
   * errors (the CLI's and docs/replication.md's gap column). */
  paperReps: number;
  methods: string[];
  /** Each row as the table fits it: the registry's method, its fixed options, and the grid its
   * cross-validation (or validation) searches — to refit a row outside the table. */
  rows: {
    label: string;
    method: MethodName;
    onRequest: boolean;
    params: Record<string, number | string>;
    grid: Record<string, number[]>;
  }[];
}

export interface ExperimentOptions extends ExperimentSettings {
  /** The rows to run (labels as in info.experiments[].methods; default: every row but those
   * marked `onRequest` in info.experiments[].rows, a row's setting varied, run when named). */
  methods?: string[];
  /** The dataset of a real-data table (see ExperimentInfo.dataset), split at random into
   * training (validation) and test rows in each repetition; a list of datasets, one per column,
   * for the tables whose `column` is 'dataset' (20ng-pairs: loadNewsgroupPairs()). */
  data?: ExperimentData | ExperimentData[];
  /** Run only shard `index` of `count`: the repetitions t (t = column · reps + rep) with
   * t mod count = index, each seeded as in the whole run. The result is a partial: join the
   * partials with mergeExperiments() (or `supclust merge`). */
  shard?: { index: number; count: number };
}

/** One dataset of a real-data table. */
export interface ExperimentData {
  X: MatrixInput;
  y: ArrayLike<number>;
  nRows?: number;
  nCols?: number;
}

export interface MeanStd {
  mean: number;
  std: number;
}

export interface ExperimentResult {
  id: string;
  title: string;
  source: string;
  /** 'coef-error', 'test-mse' or 'test-mae' (see ExperimentInfo). */
  metric: string;
  /** The figures are × scale (see ExperimentInfo). */
  scale: number;
  column: string;
  columns: number[];
  /** A label per column: "n = 50", the metric's name when column is 'metric', or
   * "train fraction = 0.01 accuracy" when a table reports several metrics per value. */
  columnLabels: string[];
  /** The metric of each column (the table's `metric`, or one of its `metrics`). */
  columnMetrics: string[];
  reps: number;
  /** Wall time of this run (merged: the sum of the shards'). */
  seconds: number;
  /** What the run was asked, so that partials of different runs are never merged. */
  seed: number;
  fast: boolean;
  version: string;
  /** A hash of the data given to a real-data table ('' for generated tables). */
  dataHash: string;
  /** The repetitions this result holds, as task numbers t = column · reps + rep (for tables
   * whose columns share one draw, t = rep), out of totalTasks; a shard's cells are null (NaN)
   * elsewhere, and its means and deviations are NaN. */
  tasks: number[];
  totalTasks: number;
  shard?: { index: number; count: number };
  rows: {
    method: string;
    cells: (MeanStd & { values: number[] })[];
    /** The paper's figures for the same cells (absent when the paper has no such row). */
    paper?: MeanStd[];
    /** Mean time of one fit, cross-validation included. */
    msPerFit: number;
  }[];
}

export interface Info {
  variant: Variant;
  /** Threads the module can use (1 for the single-thread build). */
  threads: number;
  simd: true;
  version: string;
  methods: MethodInfo[];
  /** The papers' tables that experiment() reproduces. */
  experiments: ExperimentInfo[];
  /** Bytes the module can address (2 GB: wasm32); larger calls are refused up front. */
  addressableBytes: number;
  /** The options each generator reads (`generate` refuses the others by name). */
  generators: Record<GeneratorName, string[]>;
  /** The declared options of generate() (per generator, with its defaults), crossValidate()'s
   * settings and experiment()'s settings. */
  requests: {
    generators: Record<GeneratorName, OptionInfo[]>;
    crossValidation: OptionInfo[];
    path: OptionInfo[];
    stability: OptionInfo[];
    experiment: OptionInfo[];
  };
  /** The library's limits: the largest integer option and seed, the short side up to which a
   * sparse design gets a Gram matrix, the bytes a call's shared cache may hold, the most points
   * a cross-validation's grid may have. */
  limits: { maxInteger: number; maxSeed: number; sparseGramSide: number; fitCacheBytes: number; maxGridPoints: number };
  /** Every loss the methods take. */
  losses: LossInfo[];
}

/** The library's description as its declarations give it (web/src/library.generated.ts): info()
 * without the loaded build's fields, an experiment's values as an array. */
export type Description = Omit<Info, 'variant' | 'threads' | 'simd' | 'version' | 'experiments'> & {
  experiments: (Omit<ExperimentInfo, 'values'> & { values: number[] })[];
};

/** A sparse design in compressed sparse rows (CSR, as scipy.sparse.csr_matrix): row i holds
 * values[indptr[i] .. indptr[i+1]) in the columns indices[…], strictly increasing. nRows and nCols
 * are required beside it. Fits read it as it is (never densified); centring and scaling stay
 * implicit, so the model is the one the dense matrix with these entries gives. */
export interface CsrMatrix {
  indptr: Int32Array | ArrayLike<number>;
  indices: Int32Array | ArrayLike<number>;
  values: Float64Array | ArrayLike<number>;
}

/** A design matrix: row-major values with sizes, rows of numbers (arrays or typed arrays), or CSR with sizes. */
export type MatrixInput = Float64Array | ArrayLike<number> | ArrayLike<number>[] | CsrMatrix;

/** A table of named columns, as data apps hold one: an Apache Arrow Table (DuckDB-wasm's query
 * results, Arquero's toArrow(), apache-arrow's tableFromArrays), an object of columns
 * ({ price: Float64Array, city: string[] }; an object with indptr is read as CSR) or an array of
 * row objects ({ price: 3.5, city: 'Lyon' }, the keys of the first row naming the columns).
 * Feature columns hold numbers (64-bit integers and booleans read as numbers); a missing cell or
 * text is refused naming its column and row. */
export type ColumnTable = ArrowTable | { readonly [column: string]: ArrayLike<TableCell> } | readonly object[];
export type TableCell = number | string | boolean | bigint | null | undefined;
/** What supclust reads of an Apache Arrow Table (so apache-arrow is no dependency). */
export interface ArrowTable {
  readonly schema: { readonly fields: readonly { readonly name: string }[] };
  readonly numRows: number;
  getChild(name: string): ArrowVector | null;
}
export interface ArrowVector {
  readonly length: number;
  readonly nullCount?: number;
  get(i: number): unknown;
  isValid?(i: number): boolean;
  toArray?(): unknown;
}
/** X as every call that reads data takes it: a matrix, a held dataset or a table of named columns. */
/** What a prediction or a score reads beside the rows: their offsets, one per row, for a model
 * fitted with offsets (model.offset; glmnet's newoffset), added to every score; with X a table of
 * named columns, the name of its offset column. */
export interface PredictOptions {
  offset?: ArrayLike<number> | string;
}

export type DataInput = MatrixInput | Dataset | ColumnTable;

/** A design matrix held by the module (sc.dataset()): checked and copied once, then named by
 * fit, crossValidate, suggest and the predictions in place of X (no nRows/nCols needed). It
 * belongs to the instance that made it; dispose() frees its copies (here and in the module), and
 * a later call that names it fails with field 'X'. */
export interface Dataset {
  readonly nRows: number;
  readonly nCols: number;
  /** Held as CSR (its non-zeros) rather than dense. */
  readonly sparse: boolean;
  dispose(): void;
}

/** Class labels: numbers or strings, any values (they are mapped to 0..K−1 and back). */
export type Label = number | string;

/** The data of a fit: X with its sizes, the targets, and what a model may carry along. */
/** fit()'s data for a method of kind K: one target per row, or (clustered tasks, K = 'tasks')
 * also K targets per row. */
export interface DataParams<K extends ModelKind = ModelKind> {
  /** A matrix (with nRows/nCols where flat), a held dataset, or a table of named columns whose
   * names become the model's featureNames (nRows and nCols then come from the table). */
  X: DataInput;
  nRows?: number;
  nCols?: number;
  /** Regression: finite numbers. Classification (loss 'logistic' or 'ova-*'): any labels,
   * numbers or strings; the model keeps them in `classes` (sorted) and maps predictions back.
   * Clustered tasks with the 'squared' or 'logistic' loss may take K targets per row, one task
   * per column: rows (number[][], n × K) or a flat row-major array with `yCols: K` (real
   * targets for 'squared', 0/1 for 'logistic'). With X a table: the name of its target column
   * (numbers, or text as class labels), which is then no feature. */
  y: K extends 'tasks' ? ArrayLike<number> | readonly Label[] | number[][] | string : ArrayLike<number> | readonly Label[] | string;
  /** The number of targets per row when y is flat (default 1); see y. */
  yCols?: K extends 'tasks' ? number : 1;
  /** Observation weights, one per row: finite, ≥ 0, a positive sum (glmnet's `weights`,
   * scikit-learn's `sample_weight`). Row i counts weights[i] times: they are scaled to mean 1, so
   * integer weights fit as the rows repeated, a zero weight as the row removed, and λ keeps its
   * meaning. Cross-validation's folds carry them and score held-out rows by weight; a path's top
   * and deviance ratio are weighted; standardize reads the weighted deviations. Taken by the
   * methods with info.methods[].weights; the others refuse them naming weights. With X a table:
   * the name of its weights column, which is then no feature. */
  weights?: ArrayLike<number> | string;
  /** Row offsets, one per row, finite (glmnet's `offset`): row i's scores are xᵢᵀW + b + offset[i]
   * for every output, a known part the fit does not estimate. The squared loss (any method but the
   * experts) and the logistic losses (the methods with info.methods[].weights) take them; the model
   * then has `offset: true` and its predictions take the new rows' (PredictOptions). With X a
   * table: the name of its offset column, which is then no feature. */
  offset?: ArrayLike<number> | string;
  /** fit() only: a model fitted before on the same features, to start from (iterative methods:
   * IHC, IHCS, IHT, lasso, OSCAR, the logistic fits; closed forms ignore it). */
  warmStart?: Model;
  /** Names of the columns of X, kept in the model (model.featureNames). With X a table: the
   * columns to fit on, in this order (default: every column but y's and weights'); a prediction
   * from a table then reads the model's columns by these names. */
  featureNames?: readonly string[];
}

/** fit()'s parameters for method M: the data plus M's options (typed from the registry). */
export type FitParams<M extends MethodName = MethodName> = DataParams<MethodKinds[M]> & MethodOptions[M];

export interface CallControl {
  signal?: AbortSignal;
  /** Called between solver iterations with the iteration count and the objective. */
  onProgress?: (progress: { iteration: number; objective: number }) => void;
}

export type Status = 'converged' | 'max-iterations' | 'numerical-issue';

export interface CrossValidationOptions<M extends MethodName = MethodName> extends CrossValidationSettings {
  /** Option name → values to try (numbers; use logGrid() for log-spaced values). The grid is
   * their Cartesian product, the last name varying fastest. */
  grid: Partial<Record<NumericOption<M>, ArrayLike<number>>>;
}

/** A shard's part of a call dealt to shards (settings shardCount > 1: crossValidate's or a
 * cross-validated path's folds, stability's resamples; docs/sharding.md): the results of its
 * units, null for the other shards'. joinShards() joins the parts of one run into the setting
 * (foldScores, partitions) with which the same call finishes the run without fitting the units
 * again: the unsharded answer, bit for bit. A plain, JSON-safe object. */
export interface ShardPart {
  kind: 'crossValidate' | 'path' | 'stability';
  method: string;
  /** A hash of the call (X when given as arrays, y, the options, the grid or sequence and the
   * settings but the shards'): the parts of one run share it. */
  call: string;
  shard: { index: number; count: number };
  /** Per unit (fold k; resample r): a fold's held-out scores at every grid or path point, a
   * resample's partition (per feature 0 when its coefficient is zero, g ≥ 1 for the g-th group);
   * null for the other shards' units. */
  units: (number[] | null)[];
}

export interface CrossValidationControl {
  signal?: AbortSignal;
  /** Called as fits finish (done of total = folds × grid points; experiments: repetitions). */
  onProgress?: (progress: { done: number; total: number }) => void;
}

export interface CrossValidationPoint {
  params: Record<string, number>;
  mean: number;
  std: number;
  /** The mean's standard error over the folds, std / √folds. */
  se: number;
  /** The score on each fold. */
  scores: number[];
}

export interface CrossValidationResult {
  method: string;
  metric: string;
  /** The metric is a score to maximise (r2, accuracy, auc); the others are errors. */
  higherIsBetter: boolean;
  grid: CrossValidationPoint[];
  /** The chosen values (the best mean score: lowest, or highest when higherIsBetter; ties: the
   * earlier point). */
  best: Record<string, number>;
  bestIndex: number;
  /** The one-standard-error choice: the simplest point whose mean is within one standard error
   * of the best's — fewest groups first (Q, s, centres: smaller), then the largest penalty
   * weights (λ). Absent when a grid option has no such order. */
  best1se?: Record<string, number>;
  best1seIndex?: number;
  /** Refit on all rows with the chosen values. */
  model: Model;
}

export interface PathOptions extends PathSettings {
  /** The path weight's values, non-increasing; absent: nLambda values from the top down to
   * lambdaMinRatio × top, evenly spaced in log scale. */
  lambda?: ArrayLike<number>;
  /** A count to sweep instead (an integer option with fewerIsSimpler: Q, s or centres), each
   * point fitted from the method's own start; its values (`values`, increasing) default to
   * 1 … min(10, d). */
  over?: string;
  values?: ArrayLike<number>;
}

export interface PathPoint<K extends ModelKind = ModelKind> {
  /** The path weight's value. */
  lambda: number;
  /** Every path weight's value at this point (info.methods[].pathWeights). */
  params: Record<string, number>;
  /** 1 − loss(model) / loss(null model) on the training rows. */
  devianceRatio: number;
  /** Features with a non-zero coefficient. */
  nonZeros: number;
  /** Distinct non-zero coefficient values (rows, for K outputs); experts and tasks: groups. */
  groups: number;
  /** EBIC = deviance + groups · log n + 2 log τ (features models; see docs/api.md). */
  criterion?: number;
  model: Model<K>;
  /** Cross-validated paths (`folds` or `foldId`): the folds' held-out scores at this point, their
   * mean, standard deviation and the mean's standard error. */
  cv?: { mean: number; std: number; se: number; scores: number[] };
}

/** A cross-validated path's choice: each fold fitted the whole path on its training rows. */
export interface PathCrossValidation {
  metric: string;
  higherIsBetter: boolean;
  folds: number;
  /** The point of the best mean score (the first on ties). */
  best: number;
  /** The first point (the simplest: largest weight, fewest groups) within one standard error of
   * the best mean. */
  best1se: number;
}

export interface PathResult<K extends ModelKind = ModelKind> {
  method: string;
  /** The path's weight (the first of info.methods[].pathWeights given a positive value). */
  weight: string;
  /** Each path weight's ratio to the path's weight along the path. */
  ray: Record<string, number>;
  /** The path weight's top: 'exact', the smallest value whose answer is w = 0; 'bound', a value
   * at and above which it is; 'scale', a data scale (no trivial answer: ridge-like weights). */
  top: number;
  topKind: 'exact' | 'bound' | 'scale';
  /** '' when every point was fitted, else the setting that stopped the path early. */
  stopped: '' | 'devianceRatioChange' | 'devianceRatioMax' | 'maxNonZeros' | 'maxGroups';
  points: PathPoint<K>[];
  /** The point of the least EBIC (features models). */
  bestCriterion?: number;
  /** Cross-validated paths only. */
  crossValidation?: PathCrossValidation;
}

export interface StabilityResult {
  method: string;
  resamples: number;
  /** Rows per subsample. */
  rows: number;
  /** Per feature: the share of fits where its coefficient is non-zero. */
  selection: number[];
  /** The pairs (i < j) sharing one non-zero value in at least `threshold` of the fits. */
  pairs: { i: number; j: number; frequency: number }[];
  /** d ≤ 256: every pair's frequency, d × d row-major (the diagonal: the selection). */
  coGrouping?: number[];
  /** Per feature: its group in the consensus partition (single linkage of the kept pairs), or −1
   * when selected less than `threshold` of the time. */
  consensus: number[];
}

/** The version of the Model layout; bumped when a saved model would be read differently. */
export const MODEL_SCHEMA_VERSION = 1;

/** A fitted model: a plain object that survives a JSON round trip. fit() returns the kind its
 * method fits (Model<'experts'> for the experts methods), so a function that refuses a kind at run
 * time refuses it at compile time too; a model of unknown kind (read from JSON) is a Model. */
export interface Model<K extends ModelKind = ModelKind> {
  /** MODEL_SCHEMA_VERSION of the library that wrote it. */
  schemaVersion: number;
  method: string;
  /** The datafit: 'squared', 'logistic', 'ova-squared', 'ova-logistic', 'multinomial' (the linear methods), or 'hinge' (method 'svm'). */
  loss: string;
  /** Every option the fit used, defaults included (labels options as arrays, edge lists as pairs). */
  params: Record<string, number | boolean | string | number[] | number[][]>;
  /** Classifiers: the class labels, sorted; class k is classes[k]. */
  classes?: Label[];
  /** The names of the features, when fit() was given featureNames. */
  featureNames?: string[];
  nFeatures: number;
  /** 'features' (absent in models saved before experts existed), 'experts' or 'tasks'. */
  kind?: K;
  /** Outputs per feature (1 for regression and binary classification, K for one-vs-all; the
   * number of experts Q for kind 'experts', expert q's weight of feature j at coef[j * Q + q]).
   * coef[j * outputs + k]. */
  outputs: number;
  coef: number[];
  intercept: number[];
  /** groups[j]: the group of feature j, an index into centroids (ascending values). Experts:
   * groups[i] is the expert of training sample i (the partition found). Tasks: groups[k] is
   * the cluster of task k (class classes[k]), K entries. */
  groups: number[];
  /** Group values, row-major (groups × outputs); empty for experts. Tasks: the Q cluster
   * centres, row-major (Q × nFeatures: row q is centre q's weight of each feature). */
  centroids: number[];
  status: Status;
  message: string;
  iterations: number;
  objective: number;
  history: number[];
  /** What to know about an answer that is not a refusal: it was reached from one start only, ….
   * Empty when there is nothing to say (absent in models saved before warnings existed). */
  warnings?: string[];
  /** A non-convex method run from several starts (ihc's `starts`): how many, and how many of them
   * reached the lowest objective (the answer). Absent for one start. */
  starts?: { count: number; atBest: number };
  /** Experts: the gate, expert q's probability at x being softmax(xᵀV + a)_q with V at
   * coef[j * Q + q] (row-major nFeatures × Q) and a = intercept (Q). Absent in models saved
   * before gates existed. */
  gate?: { coef: number[]; intercept: number[] };
  /** experts-em: each expert's noise variance σ_q². */
  variances?: number[];
  /** Fitted with row offsets (params.offset): predict, predictProba, predictClass and score then
   * need the new rows' ({ offset }), added to every score. Absent otherwise. */
  offset?: boolean;
  /** experts-em: its BIC, 2n·objective + p·log n, p = Q(d + 2) + (Q − 1)(d + 1) with a gate
   * (constant priors: + Q − 1); with lambda 0 the objective is the mean negative log-likelihood. */
  criterion?: number;
}

export interface KMeans1DResult {
  labels: Int32Array;
  centroids: Float64Array;
  sse: number;
}

export interface SparseGroupsResult {
  values: Float64Array;
  labels: Int32Array;
  centroids: Float64Array;
}

/** A synthetic problem with its ground truth. */
export interface SyntheticData {
  X: Float64Array;
  nRows: number;
  nCols: number;
  y: Float64Array;
  Xvalidation: Float64Array;
  nValidation: number;
  yvalidation: Float64Array;
  Xtest: Float64Array;
  nTest: number;
  ytest: Float64Array;
  /** The true coefficients (empty for the waveform data; experts: the Q experts' weights one
   * after the other, nCols each, zero on the noise dimensions; tasks: the K classes' predictors
   * one after the other, nCols each). */
  coef: Float64Array;
  /** The true partition of the features (empty for the waveform data; experts: the expert of
   * each training sample; tasks: the cluster of each class). */
  groups: Int32Array;
}

export interface Supclust {
  readonly info: Info;
  kmeans1d(values: ArrayLike<number>, Q: number): Promise<KMeans1DResult>;
  projectSparseGroups(values: ArrayLike<number>, s: number, Q: number): Promise<SparseGroupsResult>;
  proxOwl(values: ArrayLike<number>, weights: ArrayLike<number>): Promise<Float64Array>;
  /** argmin_x ½‖x − v‖² + λ1‖x‖₁ + λ2 Σ_{i<j} |x_i − x_j| (GFLasso's prox), O(d log d). */
  proxCliqueFusion(values: ArrayLike<number>, lambda1: number, lambda2: number): Promise<Float64Array>;
  /** X held by the module for the calls that follow (see Dataset): a grid, a path or repeated
   * fits on one X pay its checks and copies once. nRows/nCols as for fit. */
  dataset(X: MatrixInput | ColumnTable, nRows?: number, nCols?: number): Promise<Dataset>;
  fit<M extends MethodName>(method: M, params: FitParams<M>, control?: CallControl): Promise<Model<MethodKinds[M]>>;
  /** Suggested values of the method's penalty weights for these data (those with
   * info.methods[].options[].suggested): where to start, or the centre of a grid to
   * cross-validate. Computed here, without a call to the module. */
  suggest<M extends MethodName>(
    method: M,
    params: DataParams<MethodKinds[M]> & Partial<MethodOptions[M]>,
  ): { [K in SuggestedOptions[M]]: number };
  /** X·W + b: n values, or n × outputs row-major (row i holds sample i's K scores). Experts: the
   * gated mixture Σ_q π_q(x) ŷ_q(x), n values (classifying experts: the mixture's class
   * probabilities, n × K); a model without a gate (saved before gates) is refused. */
  predict(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions): Promise<Float64Array>;
  /** Experts: each expert's answer on every row and the gate's probabilities (works for a model
   * saved before gates too, with an empty gate). */
  expertAnswers(model: Model, X: DataInput, nRows?: number, nCols?: number): Promise<ExpertAnswers>;
  /** Experts: each row's best answer given the true targets y (class labels for classifying
   * experts), and their mean squared error (classifiers: their error rate) — the papers'
   * multiple-answer setting, which sees the targets: not a test error (predict() is). */
  expertError(model: Model, X: DataInput, y: ArrayLike<Label> | string, nRows?: number, nCols?: number): Promise<ExpertError>;
  /** The model's score on rows X with targets y, as cross-validation scores a held-out fold:
   * `metric` one of its loss's (info.losses; default mse for regression, error for classes); y
   * holds class labels for a classifier, K targets per row (rows, or flat n × K) for a model of K
   * outputs; experts are scored by each row's best answer given y (the papers' setting, as
   * expertError; the gated prediction's error comes from predict()). */
  score(
    model: Model,
    X: DataInput,
    y: ArrayLike<Label> | ArrayLike<number>[] | string,
    metric?: string,
    nRows?: number,
    nCols?: number,
    options?: PredictOptions,
  ): Promise<number>;
  /** Classifiers with the logistic loss: class probabilities, n × K row-major (binary: K = 2,
   * [1 − p, p]; one-vs-all: each class's sigmoid, normalised to sum to 1 per row; K 0/1 targets
   * of clustered tasks: each task's own sigmoid, not normalised; classifying experts: the gated
   * mixture Σ_q π_q(x) P_q(k | x) of their normalised probabilities). */
  predictProba(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions): Promise<Float64Array>;
  /** Classifiers: the predicted label of each row (from model.classes); classifying experts:
   * the gated mixture's most probable class. */
  predictClass(model: Model, X: DataInput, nRows?: number, nCols?: number, options?: PredictOptions): Promise<Label[]>;
  crossValidate<M extends MethodName>(
    method: M,
    params: FitParams<M>,
    options: CrossValidationOptions<M> & { shardCount?: 1 },
    control?: CrossValidationControl,
  ): Promise<CrossValidationResult>;
  /** With settings shardCount > 1: one shard's part (ShardPart). */
  crossValidate<M extends MethodName>(
    method: M,
    params: FitParams<M>,
    options: CrossValidationOptions<M>,
    control?: CrossValidationControl,
  ): Promise<CrossValidationResult | ShardPart>;
  /** A regularisation path in one call: the method at a decreasing sequence of its penalty
   * weight, each point warm-started from the one before (start-dependent methods: from their
   * own start), with glmnet's sequence and early stops. Progress counts points. */
  path<M extends MethodName>(
    method: M,
    params: DataParams<MethodKinds[M]> & Partial<MethodOptions[M]>,
    options?: PathOptions & { shardCount?: 1 },
    control?: CrossValidationControl,
  ): Promise<PathResult<MethodKinds[M]>>;
  /** With settings shardCount > 1 (and folds): one shard's part (ShardPart). */
  path<M extends MethodName>(
    method: M,
    params: DataParams<MethodKinds[M]> & Partial<MethodOptions[M]>,
    options: PathOptions,
    control?: CrossValidationControl,
  ): Promise<PathResult<MethodKinds[M]> | ShardPart>;
  /** Refits on subsamples of the rows (half-samples by default) and reports how often each
   * feature is selected and each pair shares one value, with the consensus partition. */
  stability<M extends MethodName>(
    method: M,
    params: FitParams<M>,
    options?: StabilitySettings & { shardCount?: 1 },
    control?: CrossValidationControl,
  ): Promise<StabilityResult>;
  /** With settings shardCount > 1: one shard's part (ShardPart). */
  stability<M extends MethodName>(
    method: M,
    params: FitParams<M>,
    options: StabilitySettings,
    control?: CrossValidationControl,
  ): Promise<StabilityResult | ShardPart>;
  generate(name: GeneratorName, options?: GeneratorOptions): Promise<SyntheticData>;
  experiment(id: ExperimentId, options?: ExperimentOptions, control?: CrossValidationControl): Promise<ExperimentResult>;
  dispose(): void;
}
