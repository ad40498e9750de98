#include "supclust/methods/path.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>

#include "supclust/base/fit_cache.hpp"
#include "supclust/base/parallel.hpp"
#include "supclust/core/held_design.hpp"
#include "supclust/core/observation_weights.hpp"
#include "supclust/core/offset_loss.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/intercept_free.hpp"
#include "supclust/methods/recipes.hpp"

namespace supclust {

const Schema<PathOptions>& pathSchema() {
  using P = PathOptions;
  static const Schema<P> s = [] {
    Schema<P> p("path");
    p.integer("nLambda", &P::nLambda, "points of the sequence from the top (when no lambda sequence is given)", 100, 1,
              static_cast<double>(kMaxGridPoints))
        .number("lambdaMinRatio", &P::lambdaMinRatio,
                "the last point as a share of the top (0: 1e-4 when n > d, else 1e-2)", 0, 0, false, 1)
        .number("devianceRatioChange", &P::devianceRatioChange,
                "stop (from the fifth point) when the deviance ratio gains less than this × itself (0: never)", 1e-5, 0)
        .number("devianceRatioMax", &P::devianceRatioMax,
                "stop (from the fifth point) when the deviance ratio reaches this", 0.999, 0, true, 1)
        .integer("maxNonZeros", &P::maxNonZeros, "stop before a point with more non-zero features (0: no limit)", 0, 0)
        .integer("maxGroups", &P::maxGroups,
                 "stop before a point with more groups of equal non-zero coefficients (0: no limit)", 0, 0)
        .integer(
            "folds", &P::folds,
            "cross-validate the path: folds, each fitting the whole path on its training rows (0: not cross-validated)",
            0, 0)
        .include(crossValidationSchema(), &P::cv,
                 {"seed", "metric", "foldId", "stratify", "experts", "shardIndex", "shardCount", "foldScores"});
    return p;
  }();
  return s;
}

PathTop pathRidgeScale(const PathData& data) {
  const double r = data.ray.empty() ? 1 : data.ray[0];
  return {r > 0 ? 1e3 * data.X.spectralNorm2OverN() / r : NAN, TopKind::Scale};
}

PathTop pathL1Top(const PathData& data, TopKind kind) {
  const double r = data.ray.empty() ? 1 : data.ray[0];
  return {r > 0 ? data.G.cwiseAbs().maxCoeff() / r : NAN, kind};
}

namespace {
// The model's scores on the training rows (the deviance ratio's), as scoredPredictions gives them;
// a features model with few non-zero rows on a held X whose columns a solver has made (coordinate
// descent's) from those columns alone: a sparse answer on a wide X reads a fraction of it.
Matrix trainingScores(const Result& model, const Problem& all, const Matrix& T, bool binary) {
  const SparseColumns* cols = all.held ? all.held->columnsIfMade() : nullptr;
  if (!cols || model.kind != ModelKind::Features) return scoredPredictions(model, all.X, T, binary);
  std::vector<Eigen::Index> nonZero;
  for (Eigen::Index j = 0; j < model.coef.rows(); ++j)
    if (!model.coef.row(j).isZero(0)) nonZero.push_back(j);
  if (8 * nonZero.size() > static_cast<std::size_t>(model.coef.rows()))
    return scoredPredictions(model, all.X, T, binary);
  Matrix Z = model.intercept.replicate(all.X.rows(), 1);
  for (Eigen::Index k = 0; k < Z.cols(); ++k)
    for (Eigen::Index j : nonZero) columnAxpy(*cols, j, model.coef(j, k), Z.col(k).data());
  return Z;
}

// Features with a non-zero coefficient, and the distinct non-zero rows of coef (experts and
// tasks: the distinct labels of their groups).
void countModel(const Result& r, PathPoint& p) {
  for (Eigen::Index j = 0; j < r.coef.rows(); ++j) p.nonZeros += !r.coef.row(j).isZero(0);
  if (r.kind == ModelKind::Features) {
    const Partition rows = partitionOfDistinctRows(r.coef);
    p.groups = static_cast<long>(rows.centroids.rows());
    for (Eigen::Index g = 0; g < rows.centroids.rows(); ++g) p.groups -= rows.centroids.row(g).isZero(0);
    return;
  }
  std::vector<int> labels(r.groups.begin(), r.groups.end());
  std::sort(labels.begin(), labels.end());
  p.groups = static_cast<long>(std::unique(labels.begin(), labels.end()) - labels.begin());
}

// log S(n, k), the Stirling number of the second kind (the partitions of n items into k blocks):
// exactly by its recurrence in log space where n·k is small enough, else log(kⁿ/k!) (its
// asymptote for n ≫ k); 0 for k = n or k = 1.
double logPartitions(long n, long k) {
  if (k <= 0 || k > n) return k == 0 && n == 0 ? 0 : -HUGE_VAL;
  if (k == n || k == 1) return 0;
  if (static_cast<double>(n) * static_cast<double>(k) > 2e7)
    return static_cast<double>(n) * std::log(static_cast<double>(k)) - std::lgamma(static_cast<double>(k) + 1);
  std::vector<double> L(static_cast<std::size_t>(k) + 1, -HUGE_VAL);  // log S(m, j) for the current m
  L[0] = 0;
  for (long m = 1; m <= n; ++m) {
    for (long j = std::min(m, k); j >= 1; --j) {
      const double a = std::log(static_cast<double>(j)) + L[static_cast<std::size_t>(j)],
                   b = L[static_cast<std::size_t>(j - 1)];
      const double top = std::max(a, b);
      L[static_cast<std::size_t>(j)] = top == -HUGE_VAL ? top : top + std::log1p(std::exp(std::min(a, b) - top));
    }
    L[0] = -HUGE_VAL;  // S(m, 0) = 0 for m ≥ 1
  }
  return L[static_cast<std::size_t>(k)];
}

// EBIC (path.hpp), from the mean loss on the training rows.
double informationCriterion(const Loss& loss, double meanLoss, Eigen::Index n, Eigen::Index d, Eigen::Index K,
                            long nonZeros, long groups) {
  const double rows = static_cast<double>(n), cells = rows * static_cast<double>(K);
  const double deviance = loss.squared() && !loss.oneVsAll()
                              ? cells * std::log(std::max(2 * rows * meanLoss / cells, 1e-300))
                              : 2 * rows * meanLoss;
  const double logChoices = std::lgamma(static_cast<double>(d) + 1) - std::lgamma(static_cast<double>(nonZeros) + 1) -
                            std::lgamma(static_cast<double>(d - nonZeros) + 1);
  return deviance + static_cast<double>(groups) * std::log(rows) + 2 * (logChoices + logPartitions(nonZeros, groups));
}

// A cross-validation's copies of the rows (each fold's training and held-out parts: X once
// more per fold), and per thread that fits a fold's path one fit's work and the path's models.
double crossValidationBytes(const Method& method, const Problem& problem, double K, int folds, double points) {
  if (folds == 0) return 0;
  const double n = static_cast<double>(problem.X.rows()), d = static_cast<double>(problem.X.cols()),
               stored = static_cast<double>(problem.X.stored());
  const double rows = folds * ((problem.X.sparse() ? 12 : 8) * stored + 8 * n * K);
  return rows + std::min(availableThreads(), folds) *
                    (estimateFitBytes(method, n, d, K, stored, problem.X.sparse()) + 8 * points * (d * K + d));
}

// Each fold fits the path's kept sequence on its training rows (path.hpp), side by side; each
// point's held-out scores, mean and se, the best point and the 1-SE choice go into `res`. False
// (res refused or aborted) when a fold's path fails or the caller stops.
bool crossValidatePath(const Method& method, const PathOptions& options, const Control& control,
                       const std::string& over, Metric metric, const Loss& loss, const Folds& parts,
                       std::size_t mainPoints, double total, PathResult& res) {
  const int folds = parts.count;
  if (res.points.empty()) return true;  // stopped before its first point: nothing to score
  std::vector<double> kept;
  for (PathPoint& p : res.points) {
    kept.push_back(p.value);
    p.cv.values = {p.value};
    p.cv.scores.assign(static_cast<std::size_t>(folds), 0);
  }
  PathOptions each = options;
  each.folds = 0;
  each.cv.foldId.reset();
  each.cv.foldScores.reset();
  each.cv.shardIndex = 0, each.cv.shardCount = 1;
  each.maxNonZeros = each.maxGroups = 0;
  each.stopsEarly = false;
  const int threads = std::min(availableThreads(), folds);
  std::vector<std::atomic<int>> done(static_cast<std::size_t>(folds));
  std::atomic<bool> stop{false};
  const auto report = [&] {
    int sum = static_cast<int>(mainPoints);
    for (const auto& c : done) sum += c.load();
    if (!control.keepGoing(sum, total)) stop = true;
    return !stop.load();
  };
  // Each fold's path is scored as soon as it ends (its models then freed): what stays is its status.
  std::vector<PathResult> failed(static_cast<std::size_t>(folds));
  const CrossValidationOptions& cv = options.cv;
  const auto pointAt = [&res](std::size_t j) -> GridPoint& { return res.points[j].cv; };
  if (cv.foldScores)
    if (Refusal why = takeFoldScores(*cv.foldScores, kept.size(), folds, pointAt); !why.empty()) {
      res.status = Status::InvalidInput, res.field = why.field, res.message = why.message();
      return false;
    }
  const std::vector<int> mine = foldsToFit(cv, folds);
  const auto task = [&](std::size_t t) {
    const auto k = static_cast<std::size_t>(mine[t]);
    Control c;
    c.progress = [&, k](int i, double) {
      done[k] = std::min(i, static_cast<int>(kept.size()));
      return threads <= 1 ? report() : !stop.load();
    };
    const PathResult a = path(method, parts.trains[k].view(), parts.bases[k], kept, each, c, over);
    if (a.status == Status::InvalidInput || a.status == Status::Aborted || a.points.size() != kept.size()) {
      failed[k].status = a.status == Status::Converged ? Status::Aborted : a.status;
      failed[k].field = a.field;
      failed[k].message = a.message;
      return;
    }
    for (std::size_t j = 0; j < kept.size(); ++j)
      res.points[j].cv.scores[k] = heldOutScore(a.points[j].model, parts, static_cast<int>(k), metric, loss);
  };
  const bool finished = parallelFor(mine.size(), threads, task, [&](std::size_t) { return report(); });
  for (std::size_t k = 0; k < failed.size(); ++k)
    if (failed[k].status == Status::InvalidInput) {
      res.status = Status::InvalidInput;
      res.field = failed[k].field;
      res.message = failed[k].message + " (the path on the training rows of fold " + std::to_string(k + 1) + " of " +
                    std::to_string(folds) + ")";
      return false;
    }
  if (!finished || stop.load() ||
      std::any_of(failed.begin(), failed.end(), [](const PathResult& a) { return a.status == Status::Aborted; })) {
    res.status = Status::Aborted;
    res.message = "aborted";
    return false;
  }
  res.metric = options.cv.metric.empty() ? metricNames(loss).front() : options.cv.metric;
  res.higherIsBetter = higherIsBetter(metric);
  res.folds = folds;
  if (cv.shardCount > 1) {  // a partial: this shard's folds' scores
    res.partial = true;
    maskOtherShards(cv, res.points.size(), folds, pointAt);
    return true;
  }
  for (PathPoint& p : res.points) summarise(p.cv);
  const double sign = res.higherIsBetter ? -1 : 1;
  const std::size_t best = bestMean(
      res.points, [](const PathPoint& p) -> const GridPoint& { return p.cv; }, res.higherIsBetter);
  res.best = static_cast<long>(best);
  const double limit = sign * res.points[best].cv.mean + res.points[best].cv.se;
  res.best1se = static_cast<long>(best);
  for (std::size_t j = 0; j < best; ++j)
    if (sign * res.points[j].cv.mean <= limit) {
      res.best1se = static_cast<long>(j);
      break;
    }
  return true;
}

// `over` must name an integer option declared fewerIsSimpler (a count: Q, s, centres).
Refusal checkCount(const Method& method, const std::string& over) {
  const auto spec =
      std::find_if(method.options.begin(), method.options.end(), [&](const OptionSpec& o) { return o.name == over; });
  if (spec != method.options.end() && spec->kind == OptionKind::Integer && spec->fewerIsSimpler) return {};
  return Refusal("over", "'" + over + "' is not a count of method '" + method.name +
                             "' (a path runs over Q, s or centres where the method has them)");
}

// The ray: the path weights' values given (with the defaults) divided by the first non-zero one,
// the path's weight (none given: the first alone).
void setRay(PathResult& res, const Options& checked) {
  for (const std::string& name : res.weights) res.ray.push_back(checked.number(name));
  const auto first = std::find_if(res.ray.begin(), res.ray.end(), [](double r) { return r > 0; });
  if (first == res.ray.end()) {
    std::fill(res.ray.begin(), res.ray.end(), 0.0);
    res.ray[0] = 1;
    return;
  }
  res.weight = static_cast<std::size_t>(first - res.ray.begin());
  const double unit = *first;
  for (double& r : res.ray) r /= unit;
}

// What the top reads: G = Xcᵀ(T − 1 t̄ᵀ)/n (one pass over X); with weighted rows, Xcᵀ Ω (T − 1 t̄ᵀ)/n
// about the weighted means; with offsets (a loss other than the squared one), −Xcᵀ∇loss at the
// null model.
Matrix nullGradient(const CenteredDesign& X, const Problem& all, const Loss& fitLoss, const Matrix& T,
                    const RowVector& nullIntercept) {
  const Eigen::Index rows = all.X.rows();
  Matrix centred;
  if (all.offset.size() > 0 && !fitLoss.squared()) {
    fitLoss.gradient(nullIntercept.replicate(rows, 1), T, centred);
    centred *= -static_cast<double>(rows);
  } else {
    centred = T.rowwise() - fitLoss.targetMeans(T);
    if (const Vector* rowWeights = fitLoss.rowWeights()) centred.array().colwise() *= rowWeights->array();
  }
  Matrix G(X.cols(), T.cols());
  for (Eigen::Index k = 0; k < T.cols(); ++k) X.multiplyTransposed(centred.col(k).data(), G.col(k).data());
  G /= static_cast<double>(rows);
  return G;
}

// The path's values: over a count (`over`), the caller's increasing ones (default 1 … min(10, d));
// else the caller's non-increasing ones, or nLambda from the top down to lambdaMinRatio × top;
// refused naming the sequence as the caller does (`field`: "values" over a count, else "lambda").
Refusal pathValues(const Method& method, const std::vector<double>& sequence, const PathOptions& options,
                   const PathTop& top, const std::string& over, const std::string& field, const std::string& weightName,
                   Eigen::Index n, Eigen::Index d, std::vector<double>& values) {
  values = sequence;
  if (!over.empty()) {
    if (values.empty())
      for (Eigen::Index q = 1; q <= std::min<Eigen::Index>(10, d); ++q) values.push_back(static_cast<double>(q));
    for (std::size_t k = 1; k < values.size(); ++k)
      if (!(values[k] > values[k - 1]))
        return Refusal(field, "a path over " + over + " takes increasing values (entry " + std::to_string(k) +
                                  " does not exceed entry " + std::to_string(k - 1) + ")");
  } else if (values.empty()) {
    if (!(std::isfinite(top.value) && top.value > 0))
      return Refusal(field,
                     std::isfinite(top.value)
                         ? "the top of '" + weightName + "' is 0 on these data (constant y or X): give the sequence"
                         : "method '" + method.name + "' has no top on this ray of " + weightName +
                               " (give a positive value to the first of its path weights, or the sequence)");
    const double ratio = options.lambdaMinRatio > 0 ? options.lambdaMinRatio : n > d ? 1e-4 : 1e-2;
    for (int k = 0; k < options.nLambda; ++k)
      values.push_back(options.nLambda == 1 ? top.value : top.value * std::pow(ratio, k / (options.nLambda - 1.0)));
  } else {
    for (std::size_t k = 0; k < values.size(); ++k) {
      if (!std::isfinite(values[k]) || values[k] < 0)
        return Refusal(field, "must hold finite values >= 0 (entry " + std::to_string(k) + " is not)");
      if (k > 0 && values[k] > values[k - 1])
        return Refusal(field, "must not increase (a path runs from strong to weak; entry " + std::to_string(k) +
                                  " exceeds entry " + std::to_string(k - 1) + ")");
    }
  }
  if (values.size() > kMaxGridPoints)
    return Refusal(field, "more than " + std::to_string(kMaxGridPoints) + " points (info.limits.maxGridPoints)");
  return {};
}

// A point's deviance ratio, counts and criterion, read on the targets as fit() solves them,
// divided by a power of two (exact) where their squares would leave the double range
// (data_scale.hpp); the criterion then moves by a constant, added back.
class PointScores {
 public:
  PointScores(const Problem& all, const Loss& loss, const Loss& fitLoss, const Matrix& T,
              const RowVector& nullIntercept, Eigen::Index n)
      : all_(all), loss_(loss), fitLoss_(fitLoss), T_(T), n_(n), scale_(dataScaleOf(all.held->maxAbs(), T)) {
    Tscaled_ = T / scale_.y;
    nullScaled_ = fitLoss.value((nullIntercept / scale_.y).replicate(all.X.rows(), 1), Tscaled_);
    logScale_ = loss.squared() && !loss.oneVsAll() ? 2 * static_cast<double>(n * T.cols()) * std::log(scale_.y) : 0;
  }
  void score(PathPoint& p, ModelKind kind) const {
    const double fitted = fitLoss_.value(trainingScores(p.model, all_, T_, fitLoss_.binary()) / scale_.y, Tscaled_);
    p.devianceRatio = nullScaled_ > 0 ? 1 - fitted / nullScaled_ : 0;
    countModel(p.model, p);
    if (std::isfinite(p.model.criterion)) p.criterion = p.model.criterion;
    else if (kind == ModelKind::Features)
      p.criterion = informationCriterion(loss_, fitted, n_, all_.X.cols(), T_.cols(), p.nonZeros, p.groups) + logScale_;
  }

 private:
  const Problem& all_;
  const Loss &loss_, &fitLoss_;
  const Matrix& T_;
  const Eigen::Index n_;
  const DataScale scale_;
  Matrix Tscaled_;
  double nullScaled_ = 0, logScale_ = 0;
};

// A cross-validated path's folds and metric (folds > 0, or a foldId), checked before any work;
// shards only with folds.
Refusal checkPathFolds(const PathOptions& options, bool crossValidated, CrossValidationOptions& cv, Eigen::Index n,
                       const Loss& loss, int& folds, Metric& metric) {
  if (Refusal why = checkShards(options.cv); !why.empty()) return why;
  if ((options.cv.shardCount > 1 || options.cv.foldScores) && !crossValidated)
    return Refusal(options.cv.foldScores ? "foldScores" : "shardCount",
                   "shards the folds of a cross-validated path: give folds");
  if (!crossValidated) return {};
  if (Refusal why = checkFoldCount(cv, n, folds); !why.empty()) return why;
  return parseMetric(cv.metric, loss, metric);
}

// The path's memory: one fit's, the points' models and the folds' fits.
Refusal checkPathMemory(const Method& method, const Problem& problem, const Loss& loss, std::size_t points, int folds,
                        const std::string& field) {
  const double n = static_cast<double>(problem.X.rows()), d = static_cast<double>(problem.X.cols());
  const double K = outputsOf(problem, loss), count = static_cast<double>(points);
  return checkMemory(field,
                     std::to_string(points) + " points of method '" + method.name + "' on " +
                         std::to_string(problem.X.rows()) + " × " + std::to_string(problem.X.cols()) + " data",
                     estimateFitBytes(method, n, d, K, static_cast<double>(problem.X.stored()), problem.X.sparse()) +
                         8 * count * (d * K + d) + crossValidationBytes(method, problem, K, folds, count),
                     problem.heldBytes);
}

// The early stop before a point with more non-zero features or groups than allowed ("": none).
std::string countStop(const PathOptions& options, const PathPoint& p) {
  if (options.maxNonZeros > 0 && p.nonZeros > options.maxNonZeros) return "maxNonZeros";
  if (options.maxGroups > 0 && p.groups > options.maxGroups) return "maxGroups";
  return "";
}

// glmnet's early stops on the deviance ratio after a point ("": none).
std::string ratioStop(const PathOptions& options, double ratio, double previous) {
  if (ratio >= options.devianceRatioMax) return "devianceRatioMax";
  if (ratio - previous < options.devianceRatioChange * ratio) return "devianceRatioChange";
  return "";
}

// The point of the least finite criterion (the first of ties), or −1.
long leastCriterion(const std::vector<PathPoint>& points) {
  long best = -1;
  for (std::size_t k = 0; k < points.size(); ++k)
    if (std::isfinite(points[k].criterion) &&
        (best < 0 || points[k].criterion < points[static_cast<std::size_t>(best)].criterion))
      best = static_cast<long>(k);
  return best;
}

// path() with standardize (standardization.hpp): the path on X S⁻¹ of all the rows (its folds'
// paths on their rows of it), every point's model mapped back.
PathResult standardizedPath(const Method& method, const Problem& problem, Params given,
                            const std::vector<double>& sequence, const PathOptions& options, const Control& control,
                            const std::string& over) {
  StandardizedProblem scaled;
  if (Refusal why = standardizedCall(method, problem, given, scaled); !why.empty())
    return refusedAnswer<PathResult>(why);
  PathResult res = path(method, *scaled.problem, given, sequence, options, control, over);
  for (PathPoint& p : res.points) unstandardizeResult(p.model, scaled.z.scales);
  return res;
}

}  // namespace

namespace {

// The model at or above an exact top: no coefficient, the null model's intercepts, its objective.
Result nullModelOf(ModelKind kind, const Loss& fitLoss, const Matrix& T, const RowVector& nullIntercept, Eigen::Index d,
                   Eigen::Index rows) {
  Result nullModel;
  nullModel.kind = kind;
  nullModel.coef = Matrix::Zero(d, T.cols());
  nullModel.intercept = nullIntercept;
  nullModel.objective = fitLoss.value(nullIntercept.replicate(rows, 1), T);
  return withDistinctRows(std::move(nullModel));
}

// A point's options checked before any work; a refusal of one of the path's weights names the
// sequence (the caller gave the values, not the weight).
Refusal checkPoint(const Method& method, const Params& point, const std::vector<std::string>& weights,
                   const std::string& sequenceField) {
  Options o;
  Refusal why = checkOptions(method, point, o);
  return !why.empty() && std::find(weights.begin(), weights.end(), why.field) != weights.end() ? why.as(sequenceField)
                                                                                               : why;
}

}  // namespace

PathResult path(const Method& method, const Problem& problem, const Params& base, const std::vector<double>& sequence,
                const PathOptions& options, const Control& control, const std::string& over) {
  // ---- validation before any work ----
  const bool counting = !over.empty();
  const std::string sequenceField = counting ? "values" : "lambda";  // how the caller names the sequence
  if (counting)
    if (Refusal why = checkCount(method, over); !why.empty()) return refusedAnswer<PathResult>(why);
  Params given = base;
  if (counting && !given.numbers.count(over))
    given.numbers[over] = sequence.empty() ? 1 : sequence.front();  // a required count
  Options checked;
  if (Refusal why = checkOptions(method, given, checked); !why.empty()) return refusedAnswer<PathResult>(why);
  if (checked.flag("standardize")) return standardizedPath(method, problem, given, sequence, options, control, over);
  // Without an intercept (intercept_free.hpp): the points, the top, the null model and the deviance
  // ratios are the fits with one on the rows and their reflections, at b = 0; the folds are the
  // rows' own (each fold's path reflects its training rows); the criterion counts the n rows.
  const bool throughOrigin = !checked.flag("intercept");
  ReflectedRows reflected;
  if (throughOrigin) {
    if (Refusal why = reflectedRows(method, problem, *makeLoss(checked.choice("loss")), reflected); !why.empty())
      return refusedAnswer<PathResult>(why);
    given.flags["intercept"] = true;
  }
  PathResult res;
  res.weights = counting ? std::vector<std::string>{over} : method.pathWeights;
  setRay(res, checked);
  const std::string& weightName = res.weights[res.weight];
  // With relax, the points' models are relaxed refits; the path itself — its warm starts, early
  // stops, counts and criterion — is the penalised one (glmnet's relaxed path).
  const bool relax = method.relaxable && checked.flag("relax");
  const auto penalised = [relax](Params p) {
    if (relax) p.flags["relax"] = false;
    return p;
  };
  // The parameters of the point where the path's weight is `value`.
  const auto pointParams = [&](double value) {
    Params p = base;
    if (throughOrigin) p.flags["intercept"] = true;
    for (std::size_t i = 0; i < res.weights.size(); ++i) p.numbers[res.weights[i]] = value * res.ray[i];
    return p;
  };
  std::unique_ptr<HeldDesign> whole;  // the check's design on all of X, held for the points
  Problem all = throughOrigin ? reflected.view() : problem;
  all.heldBytes = problem.heldBytes;
  if (Refusal why = checkFit(method, all, given, &whole); !why.empty()) return refusedAnswer<PathResult>(why);
  if (whole) all.held = whole.get();
  // The loss as the folds score it (each fold with its rows' weights), and as fit() solves it on
  // all rows (the deviance ratio, the top).
  const auto loss = makeLoss(checked.choice("loss"));
  auto fitLoss = withObservationWeights(makeLoss(checked.choice("loss")), all.weights);
  const Vector* rowWeights = fitLoss->rowWeights();
  Matrix T = targetsOf(*loss, all);
  if (Refusal why = withOffset(all.offset, fitLoss, T); !why.empty()) return refusedAnswer<PathResult>(why);
  const Eigen::Index n = problem.X.rows(), d = problem.X.cols(), rows = all.X.rows();
  // Cross-validated: the folds and the metric, checked before any work.
  const bool crossValidated = options.folds > 0 || options.cv.foldId.has_value();
  CrossValidationOptions cvOptions = options.cv;
  cvOptions.folds = options.folds;
  int folds = 0;
  Metric metric = Metric::Mse;
  if (Refusal why = checkPathFolds(options, crossValidated, cvOptions, n, *loss, folds, metric); !why.empty())
    return refusedAnswer<PathResult>(why);
  CenteredDesign X(all.X, all.held, rowWeights);  // as fit() centres it
  // The null model's intercepts (through the origin: 0), read by the top, the null model and the
  // deviance ratios (with offsets and a loss other than the squared one, a Newton solve: once).
  const RowVector nullIntercept = throughOrigin ? RowVector::Zero(T.cols()) : fitLoss->nullIntercept(T);
  FitCache own;
  X.shareWork(control.cache ? control.cache : &own);
  if (!counting) {
    const Matrix G = nullGradient(X, all, *fitLoss, T, nullIntercept);
    const PathData data{X, G, res.ray};
    const Method::Typed typed = method.typed(checked);
    res.top = method.pathTop ? method.pathTop(typed.get(), data) : pathRidgeScale(data);
  }
  std::vector<double> values;
  if (Refusal why =
          pathValues(method, sequence, options, res.top, counting ? over : "", sequenceField, weightName, n, d, values);
      !why.empty())
    return refusedAnswer<PathResult>(why);
  for (double v : values)
    if (Refusal why = checkPoint(method, pointParams(v), res.weights, sequenceField); !why.empty())
      return refusedAnswer<PathResult>(why);
  if (Refusal why = checkPathMemory(method, problem, *loss, values.size(), folds, sequenceField); !why.empty())
    return refusedAnswer<PathResult>(why);

  Folds parts;
  if (crossValidated)
    if (Refusal why = makeFolds(method, problem, base, *loss, metric, cvOptions, folds, parts); !why.empty())
      return refusedAnswer<PathResult>(why);

  // ---- the points ----
  const PointScores scores(all, *loss, *fitLoss, T, nullIntercept, n);
  const Result nullModel = nullModelOf(method.kind, *fitLoss, T, nullIntercept, d, rows);
  Control inner;
  inner.cache = X.cache();
  std::unique_ptr<WarmStart> warm;
  // Progress: points done of the sequence's (and the folds' paths of as many), before the first and after each.
  const auto total = static_cast<double>(values.size()) * (1 + folds);
  const auto keepGoing = [&](std::size_t done) {
    if (control.keepGoing(static_cast<int>(done), total)) return true;
    res.status = Status::Aborted;
    res.message = "aborted";
    return false;
  };
  if (!keepGoing(0)) return res;
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (k > 0 && !keepGoing(k)) return res;
    PathPoint p;
    p.value = values[k];
    for (double r : res.ray) p.weights.push_back(values[k] * r);
    // At or above an exact top or a bound the answer is known: the null model (every penalty is 0
    // there, and 0 is in its subdifferential by the top's definition).
    const bool trivial = res.top.kind != TopKind::Scale && values[k] >= res.top.value;
    p.model = trivial ? nullModel : fit(method, all, penalised(pointParams(values[k])), inner, warm.get());
    if (p.model.status == Status::InvalidInput) {  // checked above: not expected
      res.status = Status::InvalidInput, res.message = p.model.message, res.field = p.model.field;
      return res;
    }
    if (throughOrigin) p.model.intercept.setZero();
    scores.score(p, method.kind);
    if (!(res.stopped = countStop(options, p)).empty()) break;
    const double previous = res.points.empty() ? 0 : res.points.back().devianceRatio;
    if (counting ? method.nestsOverCount : !method.startDependent)
      warm.reset(new WarmStart{p.model.coef, p.model.intercept, counting});
    // From the penalised answer (a start-dependent method: from its own start, to the same one),
    // on a cache of its own: what its solvers leave must not reach the next penalised point, whose
    // bits are then those of the path without relax.
    if (relax && !trivial) {
      Control own = inner;
      own.cache = nullptr;
      p.model = fit(method, all, pointParams(values[k]), own, warm.get());
      if (throughOrigin) p.model.intercept.setZero();
    }
    res.points.push_back(std::move(p));
    const double ratio = res.points.back().devianceRatio;
    if (k + 1 == values.size()) break;
    if (counting || !options.stopsEarly || static_cast<int>(res.points.size()) < kPathMinPoints) continue;
    if (!(res.stopped = ratioStop(options, ratio, previous)).empty()) break;
  }
  if (crossValidated &&
      !crossValidatePath(method, options, control, over, metric, *loss, parts, values.size(), total, res))
    return res;
  control.keepGoing(static_cast<int>(total), total);  // finished (early stops too): a stop asked now changes nothing
  res.bestCriterion = leastCriterion(res.points);
  return res;
}

}  // namespace supclust
