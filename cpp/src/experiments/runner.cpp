#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <numeric>

#include "supclust/base/format.hpp"
#include "supclust/base/parallel.hpp"
#include "supclust/core/feature_screening.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/experiment.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/validation_selection.hpp"
#include "supclust/metrics/coefficients.hpp"
#include "supclust/metrics/partition.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/base/fit_cache.hpp"

namespace supclust {

const Schema<ExperimentOptions>& experimentSchema() {
  using E = ExperimentOptions;
  static const Schema<E> s = [] {
    Schema<E> e("experiment");
    e.integer("reps", &E::reps, "repetitions (the table's own: info.experiments[].reps)", 0, 1, 100000)
        .required()
        .seed("seed", &E::seed, "seed of the repetitions' draws and splits", 1)
        .flag("fast", &E::fast, "fewer cross-validation grid points, for quick looks", false)
        .integer("threads", &E::threads, "threads for repetitions (0: all the build has)", 0, 0)
        .integer("shardIndex", &E::shardIndex, "run shard shardIndex of shardCount (see docs/sharding.md)", 0, 0)
        .integer("shardCount", &E::shardCount, "the number of shards the table is dealt into", 1, 1);
    return e;
  }();
  return s;
}

const std::vector<Experiment>& experiments() {
  static const std::vector<Experiment> all = {e1SamplesTable(),
                                              e1NoiseTable(),
                                              e2Table(),
                                              e2Table(true),
                                              movieReviewsTable(),
                                              movieReviewsLwcsTable(),
                                              movieReviewsMaeTable(),
                                              e5Table(1),
                                              e5Table(2),
                                              e5Table(1, true),
                                              e5Table(2, true),
                                              breastCancerTable(),
                                              newsgroupPairsTable(),
                                              e6ClassificationTable(),
                                              e6RegressionTable(),
                                              e6AlgorithmsTable(),
                                              waveformTable(),
                                              reutersTable(),
                                              e3Table(),
                                              e3Table(true),
                                              e4Table(),
                                              e4Table(true),
                                              tasksTable(),
                                              newsgroupTopicsTable()};
  return all;
}

const Experiment* findExperiment(const std::string& id) {
  for (const auto& e : experiments())
    if (e.id == id) return &e;
  return nullptr;
}

std::uint64_t repetitionSeed(std::uint64_t seed, std::size_t column, int rep) {
  Random rng(seed * 0x9E3779B97F4A7C15ull + column * 0xBF58476D1CE4E5B9ull + static_cast<std::uint64_t>(rep));
  return rng.next();
}

std::vector<bool> heldOutRows(std::size_t n, std::size_t held, std::uint64_t seed) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  Random rng(seed);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
  std::vector<bool> test(n, false);
  for (std::size_t i = 0; i < std::min(held, n); ++i) test[order[i]] = true;
  return test;
}

std::vector<bool> testRows(std::size_t n, double fraction, std::uint64_t seed) {
  return heldOutRows(n, static_cast<std::size_t>(std::floor(fraction * static_cast<double>(n))), seed);
}

namespace {
ExperimentResult refused(const Refusal& why) { return refusedAnswer<ExperimentResult>(why); }

GeneratorOptions columnOptions(const Experiment& e, double value) {
  GeneratorOptions o = e.options;
  if (e.column == "n") o.n = static_cast<int>(value);
  if (e.column == "sigma") o.sigma = value;
  // Experts: d_n noise dimensions beside the d intrinsic ones, given as the proportion
  // p = d_n/(d + d_n) (d_n = round(d·p/(1 − p))) or as the count.
  if (e.column == "noise proportion") o.noiseDims = static_cast<int>(std::lround(o.d * value / (1 - value)));
  if (e.column == "noise dimensions") o.noiseDims = static_cast<int>(value);
  if (e.column == "train fraction") {  // of n + nTest rows: ⌊α·m⌋ train, the rest test
    const int total = e.options.n + e.options.nTest;
    o.n = static_cast<int>(std::floor(value * total));
    o.nTest = total - o.n;
  }
  return o;
}

// One repetition's data: the training and test rows (dense, or sparse when the caller's
// dataset is), the targets, and the truth of generated problems.
struct Repetition {
  StoredData X, Xtest, Xvalidation;
  Vector y, ytest, yvalidation, coef;
  Labels groups;
  Labels graph;  // the correlation graph of real-data tables with graphNeighbours
};

StoredData stored(const RowMatrix& X) { return storedCopy(DataMatrix(X.data(), X.rows(), X.cols())); }

// The rows as a dense matrix: the tables that select features keep a few hundred dense columns
// of the caller's (possibly sparse) design.
RowMatrix denseRows(const DataMatrix& X) {
  if (!X.sparse()) return X.dense();
  RowMatrix out = RowMatrix::Zero(X.rows(), X.cols());
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t) out(i, X.indices()[t]) = X.values()[t];
  return out;
}

// Generated, or the caller's dataset split into training and test rows.
Refusal repetitionData(const Experiment& e, const Problem* dataset, double value, std::uint64_t seed,
                       Repetition& data) {
  if (e.dataset.empty()) {
    GeneratorOptions o = columnOptions(e, value);
    o.seed = seed;
    SyntheticProblem p;
    if (Refusal why = generate(e.generator, o, p); !why.empty()) return why;
    data = Repetition{stored(p.X),       stored(p.Xtest),     stored(p.Xvalidation),
                      std::move(p.y),    std::move(p.ytest),  std::move(p.yvalidation),
                      std::move(p.coef), std::move(p.groups), {}};
    return {};
  }
  if (e.split.empty()) {
    // The column holds out a fraction of the rows, or (train fraction α) keeps ⌊α·n⌋ to train.
    const auto n = static_cast<std::size_t>(dataset->X.rows());
    const std::vector<bool> test =
        e.column == "train fraction"
            ? heldOutRows(n, n - static_cast<std::size_t>(std::floor(value * static_cast<double>(n))), seed)
            : testRows(n, value, seed);
    Rows train = selectRows(*dataset, test, false), held = selectRows(*dataset, test, true);
    data.groups = e.taskClusters;
    data.X = std::move(train.X);
    data.y = std::move(train.y);
    data.Xtest = std::move(held.X);
    data.ytest = std::move(held.y);
    return {};
  }
  // Training, validation and test rows: a seeded shuffle cut at the shares.
  const auto n = static_cast<std::size_t>(dataset->X.rows());
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  Random rng(seed);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
  const auto nTrain = static_cast<std::size_t>(std::floor(e.split[0] * static_cast<double>(n)));
  const auto nValidation = static_cast<std::size_t>(std::floor(e.split[1] * static_cast<double>(n)));
  std::vector<int> part(n, 2);
  for (std::size_t i = 0; i < n; ++i) part[order[i]] = i < nTrain ? 0 : i < nTrain + nValidation ? 1 : 2;
  const auto rowsOf = [&](int which) {
    std::vector<bool> take(n);
    for (std::size_t i = 0; i < n; ++i) take[i] = part[i] == which;
    return selectRows(*dataset, take, true);
  };
  Rows train = rowsOf(0), validation = rowsOf(1), test = rowsOf(2);
  if (e.selectFeatures > 0 && e.selectFeatures < dataset->X.cols()) {
    const RowMatrix Xt = denseRows(train.X.view());
    const bool ridge = e.featureScore == "ridge";
    const Standardisation z = ridge ? standardisation(Xt) : Standardisation::identity(Xt.cols());
    const std::vector<Eigen::Index> kept = ridge ? largestRidgeWeights(z.apply(Xt), train.y, 1.0, e.selectFeatures)
                                                 : mostCorrelated(Xt, train.y, e.selectFeatures);
    const auto columns = [&](const StoredData& X) { return stored(keptColumns(z.apply(denseRows(X.view())), kept)); };
    train.X = columns(train.X);
    validation.X = columns(validation.X);
    test.X = columns(test.X);
  }
  if (e.graphNeighbours > 0) data.graph = correlationGraph(denseRows(train.X.view()), e.graphNeighbours);
  data.X = std::move(train.X);
  data.y = std::move(train.y);
  data.Xvalidation = std::move(validation.X);
  data.yvalidation = std::move(validation.y);
  data.Xtest = std::move(test.X);
  data.ytest = std::move(test.y);
  return {};
}

// A figure for one fitted model (before scaling). `logistic`: the model's scores are log-odds
// or margins (logistic, hinge: class 1 where they are positive); otherwise labels 0/1 were fitted by the squared loss
// (class 1 where the prediction exceeds 1/2).
double measure(const std::string& metric, const Result& fitted, const Repetition& data, bool logistic) {
  if (metric == "accuracy" || metric == "sensitivity" || metric == "specificity" || metric == "auc") {
    const Vector prediction = predict(data.Xtest.view(), fitted.coef, fitted.intercept).col(0);
    const Vector scores = logistic ? prediction : Vector((prediction.array() - 0.5).matrix());
    if (metric == "auc") return auc(scores, data.ytest);
    const BinaryRates r = binaryRates(scores, data.ytest);
    return metric == "accuracy" ? r.accuracy : metric == "sensitivity" ? r.sensitivity : r.specificity;
  }
  if (metric == "test-mse" || metric == "test-mae") {  // experts: the best of their answers
    const Vector residual = scoredPredictions(fitted, data.Xtest.view(), data.ytest).col(0) - data.ytest;
    const double n = static_cast<double>(data.ytest.size());
    return metric == "test-mse" ? residual.squaredNorm() / n : residual.cwiseAbs().sum() / n;
  }
  if (metric == "dfg-mse") {
    return dfgMse(data.Xtest.view().dense(), fitted.coef.col(0), data.coef);
  }
  if (metric == "grouping-score") return groupingScore(fitted.coef.col(0), data.coef);
  if (metric == "grouping-ari") return groupingAdjustedRand(fitted.coef.col(0), data.coef);
  if (metric == "class-error" || metric == "class-mae" || metric == "class-mae-20") {  // K scores a row, labels 0..K−1
    const Matrix Z = predict(data.Xtest.view(), fitted.coef, fitted.intercept);
    Matrix onehot = Matrix::Zero(Z.rows(), Z.cols());
    for (Eigen::Index i = 0; i < Z.rows(); ++i) onehot(i, static_cast<Eigen::Index>(data.ytest[i])) = 1;
    const SquaredLoss oneVsAll(true);  // the error and MAE read the scores only, not the loss
    if (metric == "class-error") return score(Metric::Error, Z, onehot, oneVsAll);
    // Each class's probability: the sigmoid of a logistic score, (s + 1)/2 of a ±1 squared one.
    const Matrix p = logistic ? Matrix((1 + (-Z.array()).exp()).inverse())
                              : Matrix(((Z.array() + 1) / 2).cwiseMax(0.0).cwiseMin(1.0));
    const double mae = score(Metric::Mae, p, onehot, oneVsAll);
    // "class-mae-20": each row's Σ_k |onehot − p| over 20 columns (the DataCube table's classes).
    return metric == "class-mae" ? mae : mae * static_cast<double>(Z.cols()) / 20;
  }
  if (metric == "task-ari") return adjustedRandIndex(fitted.groups, data.groups);
  if (metric == "objective") return fitted.objective;  // the fit's own objective (training rows)
  return (fitted.coef.col(0) - data.coef).norm();
}

// The grid with the option `perFeature` (a fraction of d) turned into counts.
Grid resolve(Grid grid, const std::string& perFeature, Eigen::Index d) {
  for (auto& [name, values] : grid)
    if (name == perFeature)
      for (double& v : values) v = std::max(1.0, std::round(v * static_cast<double>(d)));
  return grid;
}

// `name`: the dataset's field, "data" or "data[c]" (its X and y are name.X, name.y).
Refusal checkDataset(const Experiment& e, const Problem* data, const std::string& name = "data") {
  if (e.dataset.empty())
    return data ? Refusal("data", "table '" + e.id + "' generates its own data; pass none") : Refusal();
  if (!data) return Refusal("data", "table '" + e.id + "' needs the " + e.dataset + " dataset (X and y)");
  if (data->X.rows() != data->y.size())
    return Refusal(name + ".y", "X has " + std::to_string(data->X.rows()) + " rows but y has " +
                                    std::to_string(data->y.size()) + " entries");
  if (data->X.rows() < 20 || data->X.cols() < 1) return Refusal(name, "needs at least 20 rows and one column");
  const Eigen::Map<const Vector> stored(data->X.values(), data->X.stored());
  if (!stored.allFinite()) return Refusal(name + ".X", "must be finite");
  if (!data->y.allFinite()) return Refusal(name + ".y", "must be finite");
  // A binary table (a row with a logistic or hinge loss, or a metric of two classes: accuracy,
  // sensitivity, specificity, AUC) reads y as 0/1 labels.
  const auto binaryMetric = [](const std::string& m) {
    return m == "accuracy" || m == "sensitivity" || m == "specificity" || m == "auc";
  };
  const bool classifies =
      binaryMetric(e.metric) || std::any_of(e.metrics.begin(), e.metrics.end(), binaryMetric) ||
      std::any_of(e.methods.begin(), e.methods.end(), [](const ExperimentMethod& m) {
        const auto loss = m.params.strings.find("loss");
        return loss != m.params.strings.end() && (loss->second == "logistic" || loss->second == "hinge");
      });
  if (!classifies) return {};
  for (Eigen::Index i = 0; i < data->y.size(); ++i)
    if (data->y[i] != 0 && data->y[i] != 1)
      return Refusal(name + ".y", "must hold 0/1 labels (table '" + e.id + "' classifies); entry " + std::to_string(i) +
                                      " is " + formatNumber(data->y[i]));
  const Eigen::Index ones = (data->y.array() == 1).count();
  if (ones == 0 || ones == data->y.size())
    return Refusal(name + ".y", "must hold both labels 0 and 1 (table '" + e.id + "' classifies; every entry is " +
                                    (ones == 0 ? "0" : "1") + ")");
  return {};
}

Refusal checkDatasets(const Experiment& e, const ExperimentOptions& o) {
  if (e.column != "dataset") {
    if (!o.datasets.empty()) return Refusal("data", "table '" + e.id + "' takes one dataset, not a list");
    return checkDataset(e, o.data);
  }
  if (o.datasets.size() != e.values.size())
    return Refusal("data", "table '" + e.id + "' needs " + std::to_string(e.values.size()) +
                               " datasets (one per column; got " + std::to_string(o.datasets.size()) + ")");
  for (std::size_t c = 0; c < o.datasets.size(); ++c)
    if (Refusal why = checkDataset(e, o.datasets[c], "data[" + std::to_string(c) + "]"); !why.empty()) return why;
  return {};
}

// Which of the table's rows this run fits: every row not on request, or the rows named.
Refusal selectMethods(const Experiment& e, const ExperimentOptions& options,
                      std::vector<const ExperimentMethod*>& methods) {
  for (const auto& m : e.methods)
    if (options.methods.empty()
            ? !m.onRequest
            : std::find(options.methods.begin(), options.methods.end(), m.label) != options.methods.end())
      methods.push_back(&m);
  for (const auto& name : options.methods)
    if (std::none_of(e.methods.begin(), e.methods.end(), [&](const ExperimentMethod& m) { return m.label == name; }))
      return Refusal("methods", "'" + name + "' is not a method of " + e.id);
  return {};
}

// Where a repetition's measurements go. Metric columns share one fit per repetition: the draws
// are the repetitions alone. Other tables with several metrics report each of them for every
// value (columns value-major).
struct TableShape {
  bool metricColumns;
  std::size_t perValue, columns, draws;
  explicit TableShape(const Experiment& e)
      : metricColumns(e.column == "metric"),
        perValue(metricColumns || e.metrics.empty() ? 1 : e.metrics.size()),
        columns(e.values.size() * perValue),
        draws(metricColumns ? 1 : e.values.size()) {}
};

// One row's fit on one repetition: at its options, or chosen over its grid on the validation rows
// or by 5-fold cross-validation (then refitted with refitExtra when the row declares it). `reject`
// records a refusal naming the row.
template <class Reject>
Result fitRow(const Experiment& e, const ExperimentMethod& spec, const Problem& problem, const Params& params,
              const Repetition& data, const Grid& grid, std::uint64_t seed, const Control& inner, Reject&& reject) {
  if (grid.empty()) return fit(spec.method, problem, params, inner);
  if (e.selection == "validation") {
    const ValidationSelection v =
        selectOnValidation(spec.method, problem, data.Xvalidation.view(), data.yvalidation, params, grid, inner);
    if (v.status == Status::InvalidInput) reject(spec.label, v.message);
    Result fitted = v.model;
    if (v.status != Status::Converged) fitted.status = v.status;
    return fitted;
  }
  CrossValidationOptions cv;
  cv.folds = 5;
  cv.seed = seed;
  cv.threads = 1;  // the repetitions are the parallel unit,
  cv.chunk = 1 << 20;  // so each fold walks its whole grid warm-started
  cv.stratify = false;  // the folds the tables were replicated with (docs/replication.md)
  const CrossValidationResult r = crossValidate(spec.method, problem, params, grid, cv, inner);
  if (r.status == Status::InvalidInput) reject(spec.label, r.message);
  Result fitted = r.model;
  if (r.status == Status::Aborted) fitted.status = Status::Aborted;
  if (r.status == Status::Converged && !(spec.refitExtra.numbers.empty() && spec.refitExtra.strings.empty())) {
    Params chosen = withValues(params, grid, r.grid[r.best].values);
    for (const auto& kv : spec.refitExtra.numbers) chosen.numbers[kv.first] = kv.second;
    for (const auto& kv : spec.refitExtra.strings) chosen.strings[kv.first] = kv.second;
    fitted = fit(spec.method, problem, chosen, inner);
  }
  return fitted;
}

// A row's measurements of one fit, into values[column][rep] (scaled by the table's scale).
void recordMeasures(const Experiment& e, const TableShape& shape, const Result& fitted, const Params& params,
                    const Repetition& data, std::size_t column, std::size_t rep,
                    std::vector<std::vector<double>>& values) {
  const auto loss = params.strings.find("loss");
  const bool logistic = loss != params.strings.end() &&
                        (loss->second == "logistic" || loss->second == "ova-logistic" || loss->second == "hinge");
  if (shape.metricColumns)
    for (std::size_t c = 0; c < shape.columns; ++c)
      values[c][rep] = e.scale * measure(e.metrics[c], fitted, data, logistic);
  else if (shape.perValue > 1)
    for (std::size_t k = 0; k < shape.perValue; ++k)
      values[column * shape.perValue + k][rep] = e.scale * measure(e.metrics[k], fitted, data, logistic);
  else values[column][rep] = e.scale * measure(e.metric, fitted, data, logistic);
}

// A table row from its repetitions' values: each cell's mean and standard deviation, the paper's
// figures, the mean time per fit.
ExperimentRow summariseRow(const Experiment& e, const ExperimentMethod& spec,
                           const std::vector<std::vector<double>>& values, const std::vector<double>& times) {
  ExperimentRow row;
  row.label = spec.label;
  for (const std::vector<double>& column : values) {
    ExperimentCell cell;
    cell.values = column;
    const double k = static_cast<double>(cell.values.size());
    cell.mean = std::accumulate(cell.values.begin(), cell.values.end(), 0.0) / k;
    double v = 0;
    for (double x : cell.values) v += (x - cell.mean) * (x - cell.mean);
    cell.std = std::sqrt(v / std::max(1.0, k - 1));
    row.cells.push_back(std::move(cell));
  }
  const auto paper = e.paper.find(row.label);
  if (paper != e.paper.end()) row.paper = paper->second;
  row.msPerFit =
      times.empty() ? 0 : std::accumulate(times.begin(), times.end(), 0.0) / static_cast<double>(times.size());
  return row;
}

}  // namespace

ExperimentResult runExperiment(const std::string& id, const ExperimentOptions& options, const Control& control) {
  const Experiment* e = findExperiment(id);
  if (!e) {
    std::string known;
    for (const auto& x : experiments()) known += (known.empty() ? "" : ", ") + x.id;
    return refused(Refusal("id", "unknown experiment '" + id + "' (known: " + known + ")"));
  }
  if (const Refusal why = checkDatasets(*e, options); !why.empty()) return refused(why);
  const int reps = options.reps > 0 ? options.reps : e->reps;
  if (options.reps < 0 || reps > 100000) return refused(Refusal("reps", "must be between 1 and 100000"));
  if (options.shardCount < 1 || options.shardCount > 100000)
    return refused(Refusal("shard.count", "must be between 1 and 100000"));
  if (options.shardIndex < 0 || options.shardIndex >= options.shardCount)
    return refused(Refusal("shard.index",
                           "must be between 0 and shard.count − 1 (" + std::to_string(options.shardCount - 1) + ")"));
  std::vector<const ExperimentMethod*> methods;
  if (const Refusal why = selectMethods(*e, options, methods); !why.empty()) return refused(why);

  const TableShape shape(*e);
  const std::size_t totalTasks = shape.draws * static_cast<std::size_t>(reps);
  std::vector<std::size_t> held;  // this shard's tasks
  for (std::size_t t = static_cast<std::size_t>(options.shardIndex); t < totalTasks;
       t += static_cast<std::size_t>(options.shardCount))
    held.push_back(t);
  const std::size_t tasks = held.size();
  // values[method][column][rep], times[method][task] in ms
  std::vector<std::vector<std::vector<double>>> values(
      methods.size(),
      std::vector<std::vector<double>>(shape.columns, std::vector<double>(static_cast<std::size_t>(reps), NAN)));
  std::vector<std::vector<double>> times(methods.size(), std::vector<double>(tasks, 0));
  std::atomic<bool> stop{false};
  std::atomic<int> invalid{0};
  std::mutex rejectedLock;
  Refusal rejected;  // the first rejection, reported naming the data
  auto reject = [&](const std::string& label, const std::string& why) {
    ++invalid;
    const std::lock_guard<std::mutex> hold(rejectedLock);
    if (rejected.empty()) rejected = Refusal("data", "row '" + label + "' cannot be fitted on these data: " + why);
  };
  const auto start = std::chrono::steady_clock::now();
  auto task = [&](std::size_t i) {
    const std::size_t t = held[i];
    const std::size_t column = t / static_cast<std::size_t>(reps);
    const int rep = static_cast<int>(t % static_cast<std::size_t>(reps));
    const std::uint64_t seed = repetitionSeed(options.seed, column, rep);
    Repetition data;
    const Problem* dataset = options.datasets.empty() ? options.data : options.datasets[column];
    if (Refusal why = repetitionData(*e, dataset, e->values[column], seed, data); !why.empty()) {
      reject("all", why.message());
      return;
    }
    const Problem sparseOrDense{data.X.view(), {data.y.data(), data.y.size()}};
    // The repetition's methods share work on its data (ridge fits, Gram matrices, CG
    // relaxations) through a cache of this repetition's own.
    FitCache shared;
    Control inner{[&stop](int, double) { return !stop.load(); }};
    inner.cache = &shared;
    StoredData denseX;  // a dense copy of sparse training rows, for methods that need one (SVM)
    for (std::size_t m = 0; m < methods.size() && !stop.load(); ++m) {
      const ExperimentMethod& spec = *methods[m];
      const bool densify = sparseOrDense.X.sparse() && !findMethod(spec.method)->acceptsSparse;
      if (densify && denseX.rows == 0) denseX = stored(denseRows(sparseOrDense.X));
      const Problem problem = densify ? Problem{denseX.view(), sparseOrDense.y} : sparseOrDense;
      Params params = spec.params;
      if (spec.trueGroups) params.labels["groups"] = data.groups;
      if (spec.featureGraph) params.labels["graph"] = data.graph;
      const Grid grid = resolve(options.fast ? spec.fastGrid : spec.grid, spec.perFeature, data.X.cols);
      const auto t0 = std::chrono::steady_clock::now();
      const Result fitted = fitRow(*e, spec, problem, params, data, grid, seed, inner, reject);
      times[m][i] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (fitted.status == Status::InvalidInput) reject(spec.label, fitted.message);
      if (fitted.status == Status::InvalidInput || fitted.status == Status::Aborted || fitted.coef.size() == 0)
        continue;
      recordMeasures(*e, shape, fitted, params, data, column, static_cast<std::size_t>(rep), values[m]);
    }
  };
  const bool finished =
      parallelFor(tasks, options.threads > 0 ? options.threads : availableThreads(), task, [&](std::size_t done) {
        const bool go = control.keepGoing(static_cast<int>(done), static_cast<double>(tasks));
        if (!go) stop = true;
        return go;
      });
  if (!finished || stop.load()) {
    ExperimentResult aborted;
    aborted.status = Status::Aborted;
    aborted.message = "aborted";
    return aborted;
  }
  if (invalid.load() > 0) return refused(rejected);

  ExperimentResult res;
  res.experiment = e;
  res.reps = reps;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  res.tasks = held;
  res.totalTasks = totalTasks;
  for (std::size_t m = 0; m < methods.size(); ++m)
    res.rows.push_back(summariseRow(*e, *methods[m], values[m], times[m]));
  return res;
}

}  // namespace supclust
