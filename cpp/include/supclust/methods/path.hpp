// A regularisation path: one method fitted at a decreasing sequence of penalty weights in one
// call, each point warm-started from the one before (glmnet's path, SLOPE's path).
//
// The weights the method declares (Method::pathWeights: "lambda", or OSCAR's lambda1 and
// lambda2) move together along a ray: the values the caller gives (with the defaults) fix their
// ratios, and a point sets the first non-zero one, the path's weight, to its value and the others
// in proportion (none given: the first alone). The sequence is the caller's (non-increasing), or
// nLambda values from the top (Method::pathTop) down to lambdaMinRatio × top, evenly spaced in
// log scale (glmnet's defaults: 100 values, a ratio of 1e-4 when n > d, else 1e-2).
//
// Early stops, glmnet's: from the fifth point on, when the deviance ratio reaches
// devianceRatioMax or gains less than devianceRatioChange × itself; and before a point with more
// non-zero features than maxNonZeros or more groups than maxGroups (that point is dropped). The
// deviance ratio is 1 − loss(model)/loss(null model): the loss of the training rows as the
// loss declares it, the null model being w = 0 with Loss::nullIntercept.
//
// A path over a count (`over`: an integer option declared fewerIsSimpler, as Q or s) fits each of
// its values, ascending (by default 1 … min(10, d)), without early stops: a method whose
// constraint sets nest over the count (Method::nestsOverCount: IHC over Q) fits the first point
// at its options and every later one from two starts, its own and the previous point's answer
// (the lower kept: a split of the previous groups where it lowers the objective); the others fit
// each point as a fit would. Every point carries the extended Bayesian information criterion (EBIC: Chen & Chen
// 2008, with γ = 1, which stays consistent when the models searched outnumber the rows)
//   EBIC = deviance + df · log n + 2 log τ,
// the deviance n·K·log(RSS/(nK)) for the squared loss (a Gaussian likelihood with one variance),
// 2n × the mean loss for the others; df the groups, the distinct non-zero coefficient values — the
// degrees of freedom of the fused lasso and OSCAR (Tibshirani et al. 2005; Bondell & Reich 2008),
// the lasso's non-zeros (Zou, Hastie & Tibshirani 2007) when no two are equal; τ the models of the
// point's size among which the fit chose: which features are non-zero, C(d, nonZeros), times the
// partitions of those into the groups, S(nonZeros, groups) (a Stirling number of the second
// kind). Without the 2 log τ (plain BIC) a grouping fit's search over partitions goes unpaid and
// every noise split pays its way. A method that computes its own criterion (Result::criterion:
// experts-em's BIC) gives it instead. The point of the least criterion is its choice (features
// models and experts-em; the other experts and tasks: none).
//
// Cross-validated (folds > 0, or a foldId), each fold fits the whole path on its training rows —
// the sequence of the points the path on all rows kept, every point, warm-started as that path
// is — and scores each point on its held-out rows (glmnet's cv.glmnet): per point the folds'
// scores, their mean and standard error; `best`, the point of the best mean (the first on ties),
// and `best1se`, the first point whose mean is within one standard error of it — the path runs
// from the simplest point (largest weight, fewest groups), so that is the simplest such point.
// The folds are cross-validation's (foldId, or a seeded shuffle, a classifier's stratified) and
// run side by side on the thread pool. As cross-validation's, they can be dealt to shards
// (shardIndex, shardCount: each shard fits the path on all rows and its folds' paths, and returns
// their scores, a partial) and joined (foldScores: the fold paths are not fitted again).
//
// With relax (a relaxable method's option, relaxed_fit.hpp), each point's model is its relaxed
// refit: the path — its warm starts, early stops, counts, deviance ratios and criterion — is the
// penalised one, and each point's relaxed model is fitted from that point's penalised answer (a
// cross-validated path scores the relaxed models: cv.glmnet's relax at γ = 0).
//
// Methods whose answer depends on the start (Method::startDependent) fit every point of a path
// over a weight from their own start, as a fit would: the path then equals a loop of fits, bit for
// bit (over a count too, unless the sets nest). The design is
// checked once, and the points share one fit cache (Gram matrices, column copies).
#pragma once

#include <string>
#include <vector>

#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/methods/schema.hpp"

namespace supclust {

// Declared with their docs, ranges and defaults by pathSchema().
struct PathOptions {
  int nLambda = 100;
  double lambdaMinRatio = 0;  // 0: 1e-4 when n > d, else 1e-2
  double devianceRatioChange = 1e-5;
  double devianceRatioMax = 0.999;
  int maxNonZeros = 0;  // 0: no limit
  int maxGroups = 0;  // 0: no limit
  int folds = 0;  // 0: not cross-validated (unless cv.foldId is given)
  CrossValidationOptions cv;  // seed, metric, foldId and stratify, as cross-validation declares them
  bool stopsEarly = true;  // not a setting: a cross-validation's fold paths fit every point
};
const Schema<PathOptions>& pathSchema();

// The early stops' deviance-ratio tests start at this point (glmnet's mnlam).
constexpr int kPathMinPoints = 5;

// The ridge-like top: 1000 × the largest eigenvalue of Xcᵀ Xc / n, where every direction of w is
// shrunk at least a thousandfold against least squares (a data scale: such a weight has no
// trivial answer). A method's top where it declares none.
PathTop pathRidgeScale(const PathData& data);
// ‖G‖∞ / ray[0]: where w = 0 becomes optimal for an ℓ1 weight alone (the lasso's λmax), exact
// when the path's first weight is the only term at zero (else a bound); NaN when ray[0] = 0.
PathTop pathL1Top(const PathData& data, TopKind kind);

struct PathPoint {
  double value = 0;  // the path's weight
  std::vector<double> weights;  // every path weight at this point, in Method::pathWeights' order
  Result model;
  double devianceRatio = 0;
  long nonZeros = 0;  // features (rows of coef) not all zero
  long groups = 0;  // distinct non-zero coefficient rows (experts, tasks: distinct group labels)
  double criterion = NAN;  // EBIC (features models)
  GridPoint cv;  // cross-validated: the folds' scores at this point, their mean and se
};

struct PathResult {
  Status status = Status::Converged;
  std::string message;
  std::string field;
  std::vector<std::string> weights;  // the method's path weights
  std::size_t weight = 0;  // the path's weight: weights[weight]
  std::vector<double> ray;  // the ratios, ray[weight] = 1
  PathTop top;
  std::string stopped;  // "" (ran to the end) or the option that stopped it early
  std::vector<PathPoint> points;
  long bestCriterion = -1;  // the point of the least EBIC, or −1
  // Cross-validated: the metric, its direction, the folds, the best point and the 1-SE choice
  // (−1 when not cross-validated).
  std::string metric;
  bool higherIsBetter = false;
  int folds = 0;
  long best = -1, best1se = -1;
  bool partial = false;  // a shard of the folds (shardCount > 1): the fold scores of its folds only
};

// `over`: "" for the penalty weights, or the count to sweep.
PathResult path(const Method& method, const Problem& problem, const Params& base, const std::vector<double>& sequence,
                const PathOptions& options, const Control& control = {}, const std::string& over = "");

}  // namespace supclust
