// Words on the page: what each method constrains and where it comes from, how to read each
// figure, and what each metric means. One place, so that every view says the same thing.

/** The method names shown in selects and tables. */
export const LABELS: Record<string, string> = {
  ihc: 'IHC (iterative hard clustering)',
  ihcs: 'IHCS (sparse IHC)',
  lsk: 'LSK (least squares + k-means)',
  ridge: 'Ridge / least squares',
  lasso: 'Lasso',
  elasticnet: 'Elastic net',
  iht: 'IHT (hard thresholding)',
  oscar: 'OSCAR',
  gflasso: 'GFLasso',
  ncfgs: 'ncFGS',
  nctfgs: 'ncTFGS',
  dfg: 'DFG',
  adfg: 'ADFG (adaptive DFG)',
  cg: 'CG (conditional gradient)',
  cgpg: 'CGPG (CG, then IHC)',
  oracle: 'Oracle (knows the groups)',
  gem: 'GEM (Gaussian extremal mixture prior)',
  lem: 'LEM (Laplace extremal mixture prior)',
  svm: 'Linear SVM',
  'experts-am': 'AM (alternating minimisation)',
  'experts-pg': 'PG (projected gradient, then AM)',
  'experts-cg': 'CG (conditional gradient, then AM)',
  'experts-rc': 'RC (regression clustering, then AM)',
  'experts-em': 'EM (soft mixture with a gate, as flexmix)',
  'tasks-ssc': 'SSC (soft clustered tasks)',
  'tasks-cg': 'OM (the relaxation’s best partition)',
  'tasks-pg': 'HSC (hard clustered tasks, projected gradient)',
};

/** One line per method: what it constrains or penalises, and which paper it follows. */
export const ABOUT: Record<string, string> = {
  ihc: 'Least squares (or logistic loss) + λ‖w‖², with w constrained to at most Q distinct values: projected gradient, each projection an exact 1-D k-means (IHC paper, Alg. 1).',
  ihcs: 'IHC with at most s non-zero coefficients in at most Q groups besides zero (IHC paper, §4.1). Here s and Q are the true numbers of non-zero coefficients and non-zero groups (s = d without a zero group: then IHCS is IHC).',
  lsk: 'Ridge regression, then 1-D k-means of its coefficients into Q values, then a refit of the Q shared values: the two-step baseline of the IHC paper.',
  ridge: 'Least squares + λ‖w‖²: no grouping at all, the reference the grouped models must beat.',
  lasso: 'Least squares + λ‖w‖₁: sparsity (zeros), not grouping.',
  elasticnet: 'λ(α‖w‖₁ + (1 − α)/2 ‖w‖²), glmnet’s parametrisation, α = 1/2.',
  iht: 'Least squares with at most s non-zero coefficients (iterative hard thresholding): sparsity without grouping. s as for IHCS.',
  oscar:
    'λ1‖w‖₁ + λ2 Σ_{i<j} max(|w_i|, |w_j|): a convex penalty that ties coefficients of equal size (Bondell & Reich), the convex rival of the DFG paper.',
  gflasso:
    'λ1‖w‖₁ + λ2 Σ_{i<j} |w_i − w_j|: a convex penalty that pulls every pair of coefficients together (the DFG paper’s GFLasso), solved with an exact O(d log d) prox.',
  ncfgs:
    'λ1‖w‖₁ + λ2 Σ_{i<j} ||w_i| − |w_j||: pulls the magnitudes together (non-convex, the DFG paper’s ncFGS), by DC programming over OSCAR-type subproblems.',
  dfg: 'λ1‖w‖₁ + λ2 Σ_i Σ_{j<k} max(|w_i − w_j|, |w_i − w_k|): groups features while keeping similar groups apart (the DFG paper’s method), by ADMM over OWL blocks.',
  nctfgs:
    'λ1 Σ J_τ(|w_i|) + λ2 Σ_{i<j} J_τ(||w_i| − |w_j||), J_τ(x) = min(x/τ, 1), τ = 1: ncFGS with the penalty capped, so that large coefficients and clearly different groups cost nothing extra (the DFG paper’s ncTFGS), by DC programming.',
  adfg: 'DFG with weights |ŵ_j − ŵ_k|^(−1) from least squares (ridge when n ≤ d) on each term, λ3 = λ2 here: pairs that least squares already separates are barely pulled together (the DFG paper’s ADFG), by ADMM over d blocks of pair sums, each with an exact prox.',
  cg: 'Conditional gradient on the convex relaxation of “Q groups” (equivalence matrices), rounded to Q groups (Learning with Clustering Structure, Alg. 2).',
  cgpg: 'CG’s rounded solution as the start of IHC (Learning with Clustering Structure): the convex relaxation finds the basin, IHC polishes.',
  oracle: 'The loss fitted with the true partition given: the best any grouping method can do on this sample.',
  gem: 'Loss + γ Σ_j min_k (w_j − c_k)², γ = λ here, with Q centres c learnt along with w: each weight is pulled towards its nearest centre (the weight-grouping priors paper’s GEM), by exact block descent (a convex fit per assignment, exact 1-D k-means per fit).',
  lem: 'Loss + γ Σ_j min_k |w_j − c_k|, γ = λ here: as GEM with absolute deviations, so most weights land exactly on their centre (the weight-grouping priors paper’s LEM), by exact block descent with exact 1-D k-medians.',
  svm: 'Hinge loss + λ/2(‖w‖² + b²), classification only: the linear SVM the weight-grouping priors paper compares with, by dual coordinate descent (as LibLinear). No grouping.',
};

/** What the summary's columns mean. */
export const METRICS: [string, string][] = [
  ['test MSE', 'mean squared error of the predictions on 1000 fresh samples from the same model (σ² is the best possible).'],
  ['test error rate', 'share of 1000 fresh samples put in the wrong class.'],
  ['‖w* − ŵ‖', 'distance between the true coefficients w* and the estimate ŵ (Euclidean norm): how well the model itself is recovered.'],
  [
    'angle to w*',
    'classification only: a logistic model recovers w* only up to scale, so the direction is compared, in degrees (0° = the true direction).',
  ],
  [
    'adjusted Rand',
    'agreement between the true groups and the groups found (equal coefficients), corrected for chance: 1 = the same partition, 0 = no better than random.',
  ],
  ['groups', 'distinct coefficient values in the estimate.'],
  ['iterations', 'solver iterations; ⚠ marks a fit that stopped at its limit before converging.'],
];

/** How to read each figure. */
export const CAPTIONS = {
  coefficients:
    'Features on the x-axis, sorted by their true coefficient (the black steps: one step per true group). Dots are the estimates, coloured by the group the method put them in; a perfect fit puts each colour on one step. Hollow marks: ridge and the lasso, each at its own cross-validated λ, or the Oracle (toggle them beside the method).',
  coefficientErrors:
    'The same features, each estimate’s error ŵ − w* (the black line: no error). Dots on the line: the coefficient is recovered; below it for positive coefficients and above it for negative ones: shrinkage towards zero; a spread: noise the model did not average away. Hollow marks: the baselines drawn above.',
  partition:
    'Each cell counts the features of one true group (row) that the method put in one found group (column); the found groups are ordered by their best match to the true ones (an exact assignment), so a perfect recovery is the diagonal.',
  trace: 'The objective the solver minimises, at each evaluation: it should fall and level off.',
  errorPath:
    'The error of the estimate at each value of the method’s weight — λ, or λ2 for the pairwise penalties (the weight that groups; λ1 stays as set) — with the same options and start as Play. The ring marks Play’s value.',
  cvPath:
    'Each fold fits the whole path on four fifths of the training samples and scores the rest: the mean over folds (line) ± its standard error (bars). The ring is the least mean; the square, the most regularised point within one standard error of it (glmnet’s lambda.1se), a simpler model as good within the noise of the estimate. Dashed: Play’s value.',
  mapRand:
    'Each cell: the method fitted at that λ1 (rows) and λ2 (columns), its distinct coefficient values scored against the true groups (1: the true partition, 0: chance). Dark cells are where the penalty groups.',
  mapError:
    'The same fits, each estimate’s distance to the true coefficients: where the penalty groups, this shows what the grouping costs (shrinkage towards a common value).',
  path: 'Each line is one feature’s coefficient as λ weakens from left to right, coloured by its true group: grouping methods fuse lines of one colour.',
  priorPath:
    'Each thin line is one feature’s weight as the prior’s weight γ weakens from left to right, coloured by its true group; the thick black lines are the centres the method learns (the priors paper’s Figure 3, read right to left: as γ grows the weights shrink onto their centres, GEM towards them, LEM exactly onto them).',
  experiment:
    'Our mean over repetitions (lines, ±1 standard deviation) beside the paper’s published figures (◇) for each row of the table.',
  groups: 'One bar per feature, its coefficient in the fitted model, coloured by the group found (features of one group share one weight).',
  expertsPartition:
    'Each cell counts the training samples of one true expert (row) that the fit gave to one found expert (column), the found experts ordered by their best match to the true ones: a perfect recovery is the diagonal.',
  tasksPartition:
    'Each cell counts the classes (tasks) of one true cluster (row) that the fit put in one found cluster (column), the found clusters ordered by their best match to the true ones: a perfect recovery is the diagonal.',
  tasksMap:
    'Each dot is one class’s predictor, placed by the first two principal directions of the K predictors (their columns of W); colour: the cluster found, marker: the true cluster. Light squares are the cluster centres. Classes of one true cluster should sit together.',
  expertsDataSpace:
    'Each dot is a training sample at its x and target y, coloured by the expert it was given and marked by its true expert; each solid line is an expert found (its intercept and slope), each dashed grey line a true expert (through the origin). A recovered mixture lays each solid line on a dashed one, its samples around it.',
  expertsScatter:
    'Each dot is a training sample: its target against the answer of the expert it was given (colour), its true expert as the marker. Samples on the dashed diagonal are explained; a recovered mixture puts each true expert on it in one colour.',
  histogram:
    'How many coefficients fall in each bin of values, coloured by the group found (the weight-grouping priors paper’s Figure 8): a grouping method shows a few sharp peaks, a ridge fit one broad hump.',
  cv: 'Cross-validated error (mean over folds, ±1 standard deviation) at each hyperparameter value tried; the ring marks the chosen one.',
};

/** The papers' shorthand, spelled out where the tables show it. */
export const PAPERS =
  'Tables: E1/E2 are the IHC paper’s experiments; LwCS = “Learning with Clustering Structure”; DataCube = “Supervised clustering in the data cube”; the movie tables use Pang & Lee’s review ratings.';

/** The tables' row names, spelled out (the suffixes are ours: see docs/replication.md). */
export const ROWS: Record<string, string> = {
  Oracle: 'the loss fitted with the true groups given',
  LS: 'least squares (ridge, λ cross-validated)',
  LSK: 'LS, then k-means of its coefficients into Q values, then a refit',
  IHC: 'iterative hard clustering from the LSK point',
  'IHC+hops': 'IHC with basin-hopping restarts: perturb the best point, rerun IHC, keep the lowest objective',
  'IHC+hops λ=1e-4': 'IHC+hops with the ridge term fixed at λ = 1e-4 instead of cross-validated',
  'IHC+starts': 'IHC run from the LSK points of ridge fits at several λ, keeping the lowest objective',
  OSCAR: 'the convex OSCAR penalty, λ1 and λ2 cross-validated',
  'IHC+zero': 'IHC started from w = 0 instead of the least-squares (LSK) point',
  'IHCS+zero': 'IHCS started from w = 0',
  GFLasso: 'λ1‖w‖₁ + λ2 Σ|w_i − w_j| (the DFG paper’s GFLasso)',
  ncFGS: 'λ1‖w‖₁ + λ2 Σ||w_i| − |w_j|| by DC programming',
  DFG: 'the DFG paper’s triple max penalty, by ADMM over OWL blocks',
  CG: 'conditional gradient on the convex relaxation, rounded to Q groups',
  CGPG: 'CG’s rounded solution polished by IHC',
  'CGPG+primal': 'CGPG rounded by k-means of the relaxation’s coefficients instead of the last oracle’s partition',
  Lasso: 'ℓ1-penalised least squares',
  IHCS: 'IHC with at most s non-zeros',
  IHT: 'iterative hard thresholding (s non-zeros)',
  PGK: 'projected gradient onto Q values (IHC) — DataCube’s name',
  'OM+PGK': 'the convex relaxation (CG), then PGK — DataCube’s name',
  'Ridge+Kmeans': 'ridge, then k-means of the coefficients (LSK) — DataCube’s name',
  'PGK logistic': 'clustered tasks, the soft problem by projected gradient (DataCube Alg. 1): the paper’s PGK',
  'HSC logistic': 'clustered tasks, the hard problem (a cluster’s classes share one classifier) by projected gradient',
  'SSC logistic': 'clustered tasks, the soft problem by exact block descent',
  Ridge: 'ridge regression, λ cross-validated',
  PG: 'projected gradient onto Q values (IHC) — LwCS’s name',
  OS: 'OSCAR — LwCS’s name',
  PGS: 'projected gradient onto s-sparse Q values from the LSK point (IHCS) — LwCS’s name',
  CGPGS: 'CG’s rounded solution polished by IHCS (at most s non-zeros) — LwCS’s name',
};
