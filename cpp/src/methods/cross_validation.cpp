#include "supclust/methods/cross_validation.hpp"

#include "supclust/core/observation_weights.hpp"
#include "supclust/core/offset_loss.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <set>

#include "supclust/base/parallel.hpp"
#include "supclust/base/random.hpp"
#include "supclust/core/observation_weights.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/base/fit_cache.hpp"

namespace supclust {

const Schema<CrossValidationOptions>& crossValidationSchema() {
  using C = CrossValidationOptions;
  static const Schema<C> s = [] {
    Schema<C> c("cross-validation");
    c.integer("folds", &C::folds, "number of folds (at most the number of rows)", 5, 2)
        .seed("seed", &C::seed, "seed of the fold split", 1)
        .choice(
            "metric", &C::metric,
            "the score: 'mse', 'mae', 'deviance' (lower is better) or 'r2' for regression; 'error', 'deviance', "
            "'accuracy' or (two classes) 'auc' for classification ('': mse for regression, error for classification)",
            {"", "mse", "mae", "deviance", "error", "r2", "accuracy", "auc"})
        .integer("threads", &C::threads, "threads for folds × grid chunks (0: all the build has; 1 in the simd build)",
                 0, 0)
        .integer("chunk", &C::chunk, "grid points per warm-started task", 4, 1)
        .labels("foldId", &C::foldId, "each row's fold, numbered 0..k−1 (replaces folds and seed)")
        .flag("stratify", &C::stratify,
              "a classifier's folds: each class's rows dealt round-robin, so every fold holds its share (regression: "
              "ignored)",
              true)
        .choice("experts", &C::experts,
                "an experts model's held-out predictions: each row's best answer given its target (the papers' "
                "multiple-answer setting), or the gated mixture, a prediction for new rows (regression, two-class and "
                "softmax experts; other methods: ignored)",
                {"best", "gated"})
        .integer("shardIndex", &C::shardIndex,
                 "fit only the folds k with k mod shardCount = shardIndex: a partial holding their scores "
                 "(docs/sharding.md)",
                 0, 0)
        .integer("shardCount", &C::shardCount, "the number of shards the folds are dealt into (1: not sharded)", 1, 1,
                 100000)
        .numbers("foldScores", &C::foldScores,
                 "every fold's score at every grid point (points × folds, row-major), joined from a sharded run's "
                 "partials: the folds are not fitted again, only summarised and the refit made",
                 -HUGE_VAL);
    return c;
  }();
  return s;
}

Refusal checkShards(const CrossValidationOptions& options) {
  if (options.shardIndex >= options.shardCount)
    return Refusal("shardIndex", "must be below shardCount (" + std::to_string(options.shardCount) + ")");
  if (options.foldScores && options.shardCount > 1)
    return Refusal("foldScores", "joins the shards' scores: give it without shardCount");
  return {};
}

std::vector<int> foldsToFit(const CrossValidationOptions& options, int folds) {
  std::vector<int> mine;
  for (int k = options.shardIndex; k < folds && !options.foldScores; k += options.shardCount) mine.push_back(k);
  return mine;
}

std::vector<int> foldAssignment(std::size_t n, int k, std::uint64_t seed) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Random rng(seed);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);  // Fisher–Yates
  std::vector<int> fold(n);
  for (std::size_t t = 0; t < n; ++t) fold[order[t]] = static_cast<int>(t % static_cast<std::size_t>(k));
  return fold;
}

std::vector<int> stratifiedFoldAssignment(const std::vector<int>& classes, int k, std::uint64_t seed) {
  const std::size_t n = classes.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Random rng(seed);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);  // Fisher–Yates, as foldAssignment
  // The shuffled rows class by class (labels 0..K−1), each class's in shuffled order.
  const int top = n == 0 ? 0 : *std::max_element(classes.begin(), classes.end());
  std::vector<std::vector<std::size_t>> byClass(static_cast<std::size_t>(top) + 1);
  for (std::size_t i : order) byClass[static_cast<std::size_t>(classes[i])].push_back(i);
  std::vector<int> fold(n);
  std::size_t t = 0;
  for (const auto& rows : byClass)
    for (std::size_t i : rows) fold[i] = static_cast<int>(t++ % static_cast<std::size_t>(k));
  return fold;
}

std::vector<std::size_t> warmStartOrder(const std::vector<std::size_t>& sizes) {
  std::size_t points = 1;
  for (std::size_t s : sizes) points *= s;
  std::vector<std::size_t> order(points);
  for (std::size_t t = 0; t < points; ++t) {
    // The digits of t, outermost first; a digit runs backwards when the digits above it (as
    // visited) sum to an odd number.
    std::size_t rest = t, block = points, index = 0, parity = 0;
    for (std::size_t s : sizes) {
      block /= s;
      std::size_t digit = rest / block;
      rest %= block;
      if (parity % 2 == 1) digit = s - 1 - digit;
      parity += digit;
      index = index * s + digit;
    }
    order[t] = index;
  }
  return order;
}

namespace {
// The caller's folds: one id per row, numbered 0..k−1 with k ≥ 2 and every fold holding a row.
Refusal checkFoldIds(const Labels& id, Eigen::Index n, int& folds) {
  if (static_cast<Eigen::Index>(id.size()) != n)
    return Refusal("foldId",
                   "must give one fold per row of X (" + std::to_string(n) + "), got " + std::to_string(id.size()));
  const auto top = id.empty() ? 0 : *std::max_element(id.begin(), id.end());
  if (!id.empty() && *std::min_element(id.begin(), id.end()) < 0)
    return Refusal("foldId", "must hold folds numbered from 0");
  if (top < 1) return Refusal("foldId", "needs at least two folds");
  std::vector<bool> used(static_cast<std::size_t>(top) + 1, false);
  for (int f : id) used[static_cast<std::size_t>(f)] = true;
  for (std::size_t k = 0; k < used.size(); ++k)
    if (!used[k]) return Refusal("foldId", "fold " + std::to_string(k) + " has no rows (folds are numbered 0..k−1)");
  folds = top + 1;
  return {};
}

// The one-standard-error choice: among the points whose mean is within one standard error of the
// best mean (sign: 1 for errors, −1 for scores to maximise), the simplest — fewest groups (the grid's counts declared fewerIsSimpler, in grid
// order), then the largest penalty weights (degree ≠ 0, in grid order). -1 when a grid option
// declares neither (no order of simplicity).
long oneStandardError(const Method& m, const Grid& grid, const std::vector<GridPoint>& points, std::size_t best,
                      double sign) {
  std::vector<int> direction;  // per grid option: −1 fewer is simpler, +1 more is simpler
  for (const auto& entry : grid) {
    const auto o =
        std::find_if(m.options.begin(), m.options.end(), [&](const OptionSpec& s) { return s.name == entry.first; });
    if (o == m.options.end() || (o->degree == 0 && !o->fewerIsSimpler)) return -1;
    direction.push_back(o->fewerIsSimpler ? -1 : 1);
  }
  // The counts first, then the weights, each compared as "simpler is smaller".
  const auto key = [&](const GridPoint& g) {
    std::vector<double> k;
    for (int pass : {-1, 1})
      for (std::size_t i = 0; i < grid.size(); ++i)
        if (direction[i] == pass) k.push_back(pass < 0 ? g.values[i] : -g.values[i]);
    return k;
  };
  const double limit = sign * points[best].mean + points[best].se;
  std::size_t chosen = best;
  std::vector<double> simplest = key(points[best]);
  for (std::size_t p = 0; p < points.size(); ++p) {
    if (sign * points[p].mean > limit) continue;
    std::vector<double> k = key(points[p]);
    if (k < simplest) chosen = p, simplest = std::move(k);
  }
  return static_cast<long>(chosen);
}

CrossValidationResult invalid(const Refusal& why) { return refusedAnswer<CrossValidationResult>(why); }

// The classes of each target column of y (n × columns, row-major).
std::vector<std::set<double>> classesOf(const Vector& y, Eigen::Index columns) {
  std::vector<std::set<double>> classes(static_cast<std::size_t>(columns));
  for (Eigen::Index t = 0; t < y.size(); ++t) classes[static_cast<std::size_t>(t % columns)].insert(y[t]);
  return classes;
}

}  // namespace

Params withValues(const Params& base, const Grid& grid, const std::vector<double>& values) {
  Params p = base;
  for (std::size_t g = 0; g < grid.size(); ++g) p.numbers[grid[g].first] = values[g];
  return p;
}

std::vector<double> gridPoint(const Grid& grid, std::size_t p) {
  std::vector<double> values(grid.size());
  for (std::size_t g = grid.size(); g-- > 0;) {
    values[g] = grid[g].second[p % grid[g].second.size()];
    p /= grid[g].second.size();
  }
  return values;
}

Rows selectRows(const Problem& p, const std::vector<bool>& take, bool wanted) {
  std::vector<Eigen::Index> idx;
  for (std::size_t i = 0; i < take.size(); ++i)
    if (take[i] == wanted) idx.push_back(static_cast<Eigen::Index>(i));
  const Eigen::Index K = p.targetColumns;
  Rows r{selectRows(p.X, idx), Vector(static_cast<Eigen::Index>(idx.size()) * K), K, Vector(), Vector()};
  for (std::size_t t = 0; t < idx.size(); ++t)
    r.y.segment(static_cast<Eigen::Index>(t) * K, K) = p.y.segment(idx[t] * K, K);
  // The rows' weights and offsets (a per-row vector, or none).
  const auto picked = [&](const Eigen::Map<const Vector>& v) {
    Vector out(v.size() > 0 ? static_cast<Eigen::Index>(idx.size()) : 0);
    for (Eigen::Index t = 0; t < out.size(); ++t) out[t] = v[idx[static_cast<std::size_t>(t)]];
    return out;
  };
  r.weights = picked(p.weights);
  r.offset = picked(p.offset);
  return r;
}

Refusal checkFoldCount(const CrossValidationOptions& options, Eigen::Index n, int& folds) {
  if (options.foldId) return checkFoldIds(*options.foldId, n, folds);
  if (options.folds < 2 || options.folds > n)
    return Refusal("folds", "must be between 2 and the number of rows (" + std::to_string(n) + "), got " +
                                std::to_string(options.folds));
  folds = options.folds;
  return {};
}

namespace {
// Every column of the targets T (a class's indicator, or the 0/1 labels) holds both classes: what
// the area under the ROC curve needs.
bool bothClassesIn(const Matrix& T) {
  for (Eigen::Index c = 0; c < T.cols(); ++c)
    if (T.col(c).minCoeff() == T.col(c).maxCoeff()) return false;
  return true;
}
}  // namespace

Refusal makeFolds(const Method& method, const Problem& problem, const Params& base, const Loss& loss, Metric metric,
                  const CrossValidationOptions& options, int folds, Folds& out) {
  const Eigen::Index n = problem.X.rows();
  std::vector<int> fold;
  if (options.foldId) fold.assign(options.foldId->begin(), options.foldId->end());
  else if (options.stratify && loss.classification() && problem.targetColumns == 1)
    fold = stratifiedFoldAssignment(std::vector<int>(problem.y.data(), problem.y.data() + n), folds, options.seed);
  else fold = foldAssignment(static_cast<std::size_t>(n), folds, options.seed);
  out.count = folds;
  out.gated = options.experts == "gated";
  if (out.gated && method.kind == ModelKind::Experts && loss.oneVsAll() && loss.separable())
    return Refusal("experts",
                   "'gated' scores regression, two-class and softmax experts (the one-vs-all experts' K-class mixture "
                   "has no scores to score)");
  for (int k = 0; k < folds; ++k) {
    std::vector<bool> inFold(fold.size());
    for (std::size_t i = 0; i < fold.size(); ++i) inFold[i] = fold[i] == k;
    out.trains.push_back(selectRows(problem, inFold, false));
    // Options declared with one label per sample (the experts oracle's partition) follow the rows.
    Params fb = base;
    for (auto& entry : fb.labels) {
      Labels& labels = entry.second;
      const auto o = std::find_if(method.options.begin(), method.options.end(),
                                  [&](const OptionSpec& s) { return s.name == entry.first; });
      if (o == method.options.end() || !o->perSample || static_cast<Eigen::Index>(labels.size()) != n) continue;
      Labels kept;
      for (std::size_t i = 0; i < labels.size(); ++i)
        if (!inFold[i]) kept.push_back(labels[i]);
      labels = std::move(kept);
    }
    out.bases.push_back(std::move(fb));
    out.helds.push_back(selectRows(problem, inFold, true));
    out.heldTargets.push_back(targetsOf(loss, out.helds.back().view()));
  }
  if (loss.classification()) {
    const Eigen::Index columns = problem.targetColumns;
    const std::vector<std::set<double>> all = classesOf(problem.y, columns);
    for (int k = 0; k < folds; ++k)
      if (classesOf(out.trains[static_cast<std::size_t>(k)].y, columns) != all)
        return Refusal("y", "the training rows of fold " + std::to_string(k + 1) + " of " + std::to_string(folds) +
                                " lack a class of y (each class needs a row outside every fold): use fewer folds or "
                                "more rows of each class");
  }
  // The area under the ROC curve needs both classes among each fold's held-out rows.
  if (metric == Metric::Auc)
    for (int k = 0; k < folds; ++k)
      if (!bothClassesIn(out.heldTargets[static_cast<std::size_t>(k)]))
        return Refusal("metric", "'auc' needs both classes among the held-out rows of every fold (fold " +
                                     std::to_string(k + 1) + " has one): use fewer folds");
  return {};
}

namespace {
// The score of a model's predictions on rows X (plus their offsets, when given) against the loss's
// targets T of those rows (T may lack a class the model scores: padded with "off" columns).
double scoreOn(const Result& model, const DataMatrix& X, const Matrix& Tgiven, Metric metric, const Loss& loss,
               const Vector* weights, const Vector& offset, bool gated = false) {
  const Eigen::Index softmaxClasses =
      loss.separable() ? 0 : model.intercept.size() / std::max<Eigen::Index>(1, model.gate.intercept.size());
  Matrix Z = gated && model.kind == ModelKind::Experts ? gatedScores(model, X, loss.binary(), softmaxClasses)
                                                       : scoredPredictions(model, X, Tgiven, loss.binary());
  if (offset.size() == Z.rows()) Z.colwise() += offset;
  Matrix T = Matrix::Constant(Z.rows(), Z.cols(), loss.squared() ? -1.0 : 0.0);
  if (Z.cols() == 1) T = Tgiven.leftCols(1);
  else T.leftCols(std::min(T.cols(), Tgiven.cols())) = Tgiven.leftCols(std::min(T.cols(), Tgiven.cols()));
  return score(metric, Z, T, loss, weights);
}
}  // namespace

double heldOutScore(const Result& model, const Folds& folds, int k, Metric metric, const Loss& loss) {
  const Rows& held = folds.helds[static_cast<std::size_t>(k)];
  return scoreOn(model, held.X.view(), folds.heldTargets[static_cast<std::size_t>(k)], metric, loss,
                 held.weights.size() ? &held.weights : nullptr, held.offset, folds.gated);
}

ModelScore scoreModel(const Result& model, const std::string& lossName, const Problem& rows,
                      const std::string& metric) {
  ModelScore s;
  const auto loss = makeLoss(lossName);
  if (!loss) {
    s.why = Refusal("model.loss", "is not a loss of this library (got '" + lossName + "')");
    return s;
  }
  Metric m;
  if (rows.X.cols() != model.coef.rows())
    s.why = Refusal("X", "has " + std::to_string(rows.X.cols()) + " columns but the model has " +
                             std::to_string(model.coef.rows()) + " features");
  else if (Refusal why = parseMetric(metric, *loss, m); !why.empty()) s.why = why;
  else if (Refusal why = checkTargets(rows, *loss); !why.empty()) s.why = why;
  else if (rows.weights.size() > 0)
    if (Refusal why = checkObservationWeights(rows.weights, rows.X.rows()); !why.empty()) s.why = why;
  if (s.why.empty() && rows.offset.size() > 0) {
    if (model.kind == ModelKind::Experts) s.why = Refusal("offset", "is not taken by the experts");
    else s.why = checkOffset(rows.offset, rows.X.rows());
  }
  if (!s.why.empty()) return s;
  const Matrix T = targetsOf(*loss, rows);
  if (m == Metric::Auc && !bothClassesIn(T)) {
    s.why = Refusal("y", "'auc' needs both classes among the rows");
    return s;
  }
  s.metric = metric.empty() ? metricNames(*loss).front() : metric;
  s.higherIsBetter = higherIsBetter(m);
  const Vector weights = rows.weights, offset = rows.offset;
  s.value = scoreOn(model, rows.X, T, m, *loss, weights.size() ? &weights : nullptr, offset);
  return s;
}

void summarise(GridPoint& g) {
  const double k = static_cast<double>(g.scores.size());
  g.mean = std::accumulate(g.scores.begin(), g.scores.end(), 0.0) / k;
  double v = 0;
  for (double s : g.scores) v += (s - g.mean) * (s - g.mean);
  g.std = std::sqrt(v / std::max(1.0, k - 1));
  g.se = g.std / std::sqrt(k);
}

CrossValidationResult crossValidate(const Method& method, const Problem& problem, const Params& base, const Grid& grid,
                                    const CrossValidationOptions& options, const Control& control) {
  // ---- validation before any work ----
  const Method* m = &method;
  Options checked;
  const Eigen::Index n = problem.X.rows();
  int folds = 0;
  if (Refusal why = checkFoldCount(options, n, folds); !why.empty()) return invalid(why);
  if (options.chunk < 1) return invalid(Refusal("chunk", "must be >= 1"));
  if (grid.empty()) return invalid(Refusal("grid", "give at least one option with a list of values"));
  std::size_t points = 1;
  for (const auto& entry : grid) {
    const std::string& name = entry.first;
    const std::vector<double>& values = entry.second;
    const auto spec =
        std::find_if(m->options.begin(), m->options.end(), [&](const OptionSpec& o) { return o.name == name; });
    if (spec == m->options.end() || spec->kind == OptionKind::Choice || spec->kind == OptionKind::Labels ||
        spec->kind == OptionKind::Edges || spec->kind == OptionKind::Numbers)
      return invalid(Refusal("grid", "'" + name + "' is not a numeric option of method '" + method.name + "'"));
    if (values.empty()) return invalid(Refusal("grid", "'" + name + "' has no values"));
    points *= values.size();
  }
  if (points > kMaxGridPoints)
    return invalid(
        Refusal("grid", "more than " + std::to_string(kMaxGridPoints) + " points (info.limits.maxGridPoints)"));
  CrossValidationResult res;
  for (const auto& g : grid) res.names.push_back(g.first);
  res.grid.resize(points);
  for (std::size_t p = 0; p < points; ++p) {
    res.grid[p].values = gridPoint(grid, p);
    Options o;
    if (Refusal why = checkOptions(method, withValues(base, grid, res.grid[p].values), o); !why.empty()) {
      const bool entry = std::any_of(grid.begin(), grid.end(), [&](const auto& g) { return g.first == why.field; });
      return invalid(entry ? why.as("grid." + why.field) : why);  // a grid entry at fault, or a fixed option
    }
    res.grid[p].scores.assign(static_cast<std::size_t>(folds), 0);
    if (p == 0) checked = o;
  }
  if (Refusal why = checkShards(options); !why.empty()) return invalid(why);
  const auto pointAt = [&res](std::size_t p) -> GridPoint& { return res.grid[p]; };
  if (options.foldScores)
    if (Refusal why = takeFoldScores(*options.foldScores, points, folds, pointAt); !why.empty()) return invalid(why);
  const auto loss = makeLoss(checked.choice("loss"));
  std::unique_ptr<HeldDesign> whole;  // the check's design on all of X, held for the refit
  if (Refusal why = checkFit(method, problem, withValues(base, grid, res.grid[0].values), &whole); !why.empty())
    return invalid(why);
  Metric metric;
  if (Refusal why = parseMetric(options.metric, *loss, metric); !why.empty()) return invalid(why);
  // Up to eight fits run side by side, each on its own copy of its training rows, beside the refit's.
  const int threads = options.threads > 0 ? options.threads : availableThreads();
  if (Refusal why = checkMemory(
          "X",
          "cross-validating method '" + method.name + "' on " + std::to_string(n) + " × " +
              std::to_string(problem.X.cols()) + " data with " + std::to_string(threads) + " threads",
          (1 + std::min(threads, 8)) *
              estimateFitBytes(*m, static_cast<double>(n), static_cast<double>(problem.X.cols()),
                               outputsOf(problem, *loss), static_cast<double>(problem.X.stored()), problem.X.sparse()),
          problem.heldBytes);
      !why.empty())
    return invalid(why);
  res.metric = options.metric.empty() ? metricNames(*loss).front() : options.metric;

  // ---- the folds × chunks ----
  Folds parts;
  if (Refusal why = makeFolds(method, problem, base, *loss, metric, options, folds, parts); !why.empty())
    return invalid(why);
  const std::size_t chunks =
      (points + static_cast<std::size_t>(options.chunk) - 1) / static_cast<std::size_t>(options.chunk);
  const std::vector<int> mine = foldsToFit(options, folds);
  const std::size_t tasks = mine.size() * chunks;
  std::atomic<bool> stop{false};
  // The first refusal of each task's fits (a training fold the method cannot fit at a grid point).
  std::vector<Result> refused(tasks);
  // Progress counts fits (folds × grid points), not tasks, so that its gaps are one fit long.
  const auto totalFits = static_cast<double>(mine.size()) * static_cast<double>(points);
  std::atomic<int> fitsDone{0};
  auto report = [&] {
    if (!control.keepGoing(fitsDone.load(), totalFits)) stop = true;
    return !stop.load();
  };
  // Work shared by the folds and grid points of this call (Gram matrices, ridge fits, CG
  // relaxations): the caller's (a table's repetition) or this call's own.
  FitCache own;
  Control inner{[&stop](int, double) { return !stop.load(); }};
  inner.cache = control.cache ? control.cache : &own;
  // Warm starts along the grid only where they cannot change the answer (Method::startDependent).
  const bool warmStarts = !m->startDependent;
  std::vector<std::size_t> sizes;
  for (const auto& g : grid) sizes.push_back(g.second.size());
  const std::vector<std::size_t> order = warmStartOrder(sizes);
  auto task = [&](std::size_t t) {
    const int k = mine[t / chunks];
    const std::size_t first = (t % chunks) * static_cast<std::size_t>(options.chunk);
    const std::size_t last = std::min(points, first + static_cast<std::size_t>(options.chunk));
    const Problem trainProblem = parts.trains[static_cast<std::size_t>(k)].view();
    std::unique_ptr<WarmStart> warm;
    for (std::size_t q = first; q < last && !stop.load(); ++q) {
      const std::size_t p = order[q];
      const Result r =
          fit(method, trainProblem, withValues(parts.bases[static_cast<std::size_t>(k)], grid, res.grid[p].values),
              inner, warm.get());
      ++fitsDone;
      if (threads <= 1) report();  // on the caller's thread: report between fits
      if (r.status == Status::InvalidInput || r.status == Status::Aborted) {
        if (r.status == Status::InvalidInput && refused[t].status != Status::InvalidInput) refused[t] = r;
        res.grid[p].scores[static_cast<std::size_t>(k)] = HUGE_VAL;
        continue;
      }
      res.grid[p].scores[static_cast<std::size_t>(k)] = heldOutScore(r, parts, k, metric, *loss);
      if (warmStarts) warm.reset(new WarmStart{r.coef, r.intercept});
    }
  };
  const bool finished = parallelFor(tasks, threads, task, [&](std::size_t) { return report(); });
  if (!finished || stop.load()) {
    res.status = Status::Aborted;
    res.message = "aborted";
    return res;
  }
  for (std::size_t t = 0; t < tasks; ++t)
    if (refused[t].status == Status::InvalidInput) {  // a grid entry at fault names its grid field
      const Result& r = refused[t];
      const bool entry = std::any_of(grid.begin(), grid.end(), [&](const auto& g) { return g.first == r.field; });
      const auto k = static_cast<std::size_t>(mine[t / chunks]);
      return invalid(Refusal(entry ? "grid." + r.field : r.field,
                             "a fit on the " + std::to_string(parts.trains[k].X.rows) + " training rows of fold " +
                                 std::to_string(k + 1) + " of " + std::to_string(folds) + " refuses it: " + r.message));
    }

  res.higherIsBetter = higherIsBetter(metric);
  if (options.shardCount > 1) {  // a partial: this shard's folds' scores
    res.partial = true;
    maskOtherShards(options, points, folds, pointAt);
    return res;
  }

  // ---- summary and refit ----
  for (GridPoint& g : res.grid) summarise(g);
  const double sign = res.higherIsBetter ? -1 : 1;
  res.best = bestMean(
      res.grid, [](const GridPoint& g) -> const GridPoint& { return g; }, res.higherIsBetter);
  res.best1se = oneStandardError(*m, grid, res.grid, res.best, sign);
  // The refit reports "all tasks done" while it runs (and still honours cancellation).
  Control refit{[&](int, double) { return control.keepGoing(static_cast<int>(totalFits), totalFits); }};
  refit.cache = inner.cache;
  Problem all = problem;
  if (whole) all.held = whole.get();
  res.model = fit(method, all, withValues(base, grid, res.grid[res.best].values), refit);
  if (res.model.status == Status::Aborted) res.status = Status::Aborted;
  return res;
}

}  // namespace supclust
