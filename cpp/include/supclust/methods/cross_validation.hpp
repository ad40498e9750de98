// k-fold cross-validation over a grid of numeric options, then a refit on all data with the
// chosen values (the papers' protocol: k-fold over a log grid, the chosen parameters refit on
// the whole training set).
//
// The folds are a seeded shuffle dealt round-robin; a classifier's (one column of class labels),
// class by class unless `stratify` is off; or the caller's (foldId).
// The grid is the Cartesian product of the given values, in the given order (the last name
// varies fastest). Work is split into tasks of (fold, chunk of `chunk` consecutive grid
// points); inside a chunk each fit starts from the previous one (warm start), so order a
// regularisation path from strong to weak. Methods whose answer depends on the start (IHC,
// IHCS, IHT: Method::startDependent) start every fit afresh instead, as the refit does, so
// that the scores are those of the estimator that is returned. The split does not depend on
// the thread count, so threaded and single-thread runs give the same result. Ties in the mean
// score go to the earlier grid point. Progress counts finished fits (folds × grid points).
// Folds are independent tasks, so the folds can be dealt to shards (machines) and their scores
// joined: a call given every fold's scores (foldScores) summarises and refits as the unsharded
// call does, bit for bit.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "supclust/methods/registry.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/methods/schema.hpp"

namespace supclust {

// Declared with their docs, ranges and defaults by crossValidationSchema().
struct CrossValidationOptions {
  int folds = 5;
  std::uint64_t seed = 1;
  std::string metric;  // "" = the loss's default
  int threads = 0;  // 0 = availableThreads()
  int chunk = 4;  // grid points per warm-started task
  std::optional<Labels> foldId;  // each row's fold, 0..k−1: replaces folds and seed
  bool stratify = true;  // a classifier's folds: each class dealt round-robin
  // An experts model's held-out predictions: "best" (each row's best answer given its target, the
  // papers' setting) or "gated" (the gated mixture: a prediction for new rows).
  std::string experts = "best";
  // A shard of the folds: only the folds k with k mod shardCount = shardIndex are fitted; the
  // result is a partial (the other folds' scores NaN; no summary, no refit).
  int shardIndex = 0, shardCount = 1;
  // Every fold's score at every grid point (points × folds, row-major: a sharded run's partials
  // joined): nothing is fitted on the folds, only the summary and the refit.
  std::optional<std::vector<double>> foldScores;
};
const Schema<CrossValidationOptions>& crossValidationSchema();

// The most grid points (the product of the grid's value counts) one cross-validation takes.
constexpr std::size_t kMaxGridPoints = 100000;

struct GridPoint {
  std::vector<double> values;  // one per grid name
  double mean = 0, std = 0;  // over folds
  double se = 0;  // the mean's standard error, std / √folds
  std::vector<double> scores;  // per fold
};

struct CrossValidationResult {
  Status status = Status::Converged;
  std::string message;
  std::string field;  // the input an InvalidInput refuses
  std::string metric;
  std::vector<std::string> names;
  std::vector<GridPoint> grid;
  bool higherIsBetter = false;  // the metric is a score to maximise (r2, accuracy, auc)
  std::size_t best = 0;
  // The simplest point within one standard error of grid[best] (fewest groups, then the largest
  // penalty weights); -1 when a grid option has no order of simplicity.
  long best1se = -1;
  Result model;  // refit on all data at grid[best]; none for a shard's partial
  bool partial = false;  // a shard of the folds (shardCount > 1): scores only
};

using Grid = std::vector<std::pair<std::string, std::vector<double>>>;

// The rows i of a problem with take[i] == wanted, copied (folds, held-out test rows).
struct Rows {
  StoredData X;
  Vector y;  // n x targetColumns, row-major (as Problem::y)
  Eigen::Index targetColumns = 1;
  Vector weights;  // the rows' observation weights, or none
  Vector offset;  // the rows' offsets, or none
  Problem view() const {
    return {X.view(),
            {y.data(), y.size()},
            targetColumns,
            nullptr,
            0,
            {weights.data(), weights.size()},
            {offset.data(), offset.size()}};
  }
};
Rows selectRows(const Problem& p, const std::vector<bool>& take, bool wanted = true);

// fold[i] in 0..k-1 for each of n rows: a seeded shuffle dealt round-robin (sizes differ by ≤ 1).
std::vector<int> foldAssignment(std::size_t n, int k, std::uint64_t seed);
// The same shuffle, dealt class by class (each class's rows in shuffled order, the classes in
// ascending order, one count running on): every fold holds each class's share to within one row,
// and the fold sizes still differ by ≤ 1 (scikit-learn's StratifiedKFold's guarantee).
std::vector<int> stratifiedFoldAssignment(const std::vector<int>& classes, int k, std::uint64_t seed);

// The number of folds `options` asks for on n rows (foldId's, else folds), refused naming
// foldId or folds.
Refusal checkFoldCount(const CrossValidationOptions& options, Eigen::Index n, int& folds);

// A cross-validation's folds on a problem, each part's rows copied once: the training rows, the
// held-out rows and their targets as the loss reads them, and the options with one label per
// sample (Method's perSample) cut to the training rows.
struct Folds {
  int count = 0;
  bool gated = false;  // experts scored by their gated mixture (options.experts)
  std::vector<Rows> trains, helds;
  std::vector<Params> bases;
  std::vector<Matrix> heldTargets;
};
// The folds of `options` (foldId; else a seeded shuffle, a classifier's dealt class by class
// unless stratify is off), refused naming y when a training part lacks a class of y (a model
// fitted without a class cannot score it), or metric when 'auc' meets a held-out part of one class.
Refusal makeFolds(const Method& method, const Problem& problem, const Params& base, const Loss& loss, Metric metric,
                  const CrossValidationOptions& options, int folds, Folds& out);
// A model's score on fold k's held-out rows (a part that lacks a class the model scores is padded
// with "off" columns; experts by their best answers, or their gated mixture when folds.gated).
double heldOutScore(const Result& model, const Folds& folds, int k, Metric metric, const Loss& loss);
// A model's score on rows X with targets y, as a held-out fold is scored (sc.score): the loss's
// targets of y, the model's scored predictions (experts: each row's best answer), the metric
// ("" : the loss's default). Refused naming model.loss (no such loss), metric (not one of the
// loss's), X (other columns than the model's features), y (as fit() refuses targets, or one class
// for auc).
struct ModelScore {
  Refusal why;
  std::string metric;
  double value = NAN;
  bool higherIsBetter = false;
};
ModelScore scoreModel(const Result& model, const std::string& lossName, const Problem& rows, const std::string& metric);

// A point's mean over its folds' scores, their standard deviation and the mean's standard error.
void summarise(GridPoint& point);
// The index of the point whose summary (summaryOf(points[i]), a GridPoint) has the best mean: the
// lowest, or the highest for a score to maximise; the first of ties.
template <class Points, class SummaryOf>
std::size_t bestMean(const Points& points, SummaryOf summaryOf, bool higherIsBetter) {
  const double sign = higherIsBetter ? -1 : 1;
  std::size_t best = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (sign * summaryOf(points[i]).mean < sign * summaryOf(points[best]).mean) best = i;
  return best;
}

// Shards of the folds (CrossValidationOptions' shardIndex, shardCount, foldScores), read alike by
// crossValidate and a cross-validated path: the settings' consistency (a shard index below the
// count; joined scores not given to a shard), refused naming the setting.
Refusal checkShards(const CrossValidationOptions& options);
// The folds a call fits: all, a shard's (k mod shardCount = shardIndex), or none (foldScores given).
std::vector<int> foldsToFit(const CrossValidationOptions& options, int folds);
// foldScores (points × folds, row-major) as each point's scores (pointAt(p): its GridPoint), or
// the refusal naming foldScores when it does not hold points × folds scores.
template <class PointAt>
Refusal takeFoldScores(const std::vector<double>& scores, std::size_t points, int folds, PointAt pointAt) {
  const std::size_t k = static_cast<std::size_t>(folds);
  if (scores.size() != points * k)
    return Refusal("foldScores", "must hold " + std::to_string(points) + " points × " + std::to_string(folds) +
                                     " folds = " + std::to_string(points * k) + " scores (got " +
                                     std::to_string(scores.size()) + ")");
  for (std::size_t p = 0; p < points; ++p)
    for (std::size_t f = 0; f < k; ++f) pointAt(p).scores[f] = scores[p * k + f];
  return {};
}
// A shard's partial: the scores of the folds other shards fit set to NaN.
template <class PointAt>
void maskOtherShards(const CrossValidationOptions& options, std::size_t points, int folds, PointAt pointAt) {
  for (std::size_t p = 0; p < points; ++p)
    for (int k = 0; k < folds; ++k)
      if (k % options.shardCount != options.shardIndex) pointAt(p).scores[static_cast<std::size_t>(k)] = NAN;
}

// Point p of the grid's Cartesian product (the last option fastest): one value per option.
std::vector<double> gridPoint(const Grid& grid, std::size_t p);
// base with the grid's options set to those values.
Params withValues(const Params& base, const Grid& grid, const std::vector<double>& values);

// The order in which a fold visits a grid (sizes per option, last fastest in the grid's
// numbering) so that each point is warm-started from a neighbour: a reflected mixed-radix Gray
// code (boustrophedon), where consecutive points differ by one step in one option. Returns
// grid indices.
std::vector<std::size_t> warmStartOrder(const std::vector<std::size_t>& sizes);

CrossValidationResult crossValidate(const Method& method, const Problem& problem, const Params& base, const Grid& grid,
                                    const CrossValidationOptions& options, const Control& control = {});

}  // namespace supclust
