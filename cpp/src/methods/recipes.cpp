#include "supclust/methods/recipes.hpp"

#include <atomic>
#include <cmath>

#include "supclust/base/parallel.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/least_squares.hpp"

namespace supclust {

Objective objectiveOf(const FitContext& c, double ridge) { return Objective(c.X, c.T, c.loss, ridge); }

ProximalGradientOptions proximalOptions(const ConvexSolverFields& s) { return {s.maxIterations, s.tolerance}; }

Matrix startCoef(const FitContext& c) { return c.warm ? c.warm->coef : Matrix::Zero(c.X.cols(), c.T.cols()); }
RowVector startIntercept(const FitContext& c) { return c.warm ? c.warm->intercept : c.loss.targetMeans(c.T); }

// Fits the smooth objective (loss + ridge) with nothing else: closed form for the squared loss
// on equal rows, trust-region Newton (TRON) for the logistic losses and weighted rows.
Result smoothFit(const FitContext& c, double ridge, const TrustRegionOptions& opt) {
  if (c.loss.closedForm()) {
    const Objective F = objectiveOf(c, ridge);
    Result r;
    r.coef = sharedRidgeCoefficients(c.X, c.T, ridge);  // LS, LSK and IHC's start share fits
    r.intercept = c.T.colwise().mean();
    r.objective = F.value(r.coef, r.intercept);
    r.history = {r.objective};
    return r;
  }
  const Objective F = objectiveOf(c, ridge);
  return trustRegionNewton(F, startCoef(c), startIntercept(c), opt, c.control);
}

TrustRegionOptions smoothDefaults() { return {20000, 1e-10}; }

double meanColumnVariance(const FitContext& c) {
  const double d = static_cast<double>(c.X.cols());
  if (c.loss.weighted()) return c.X.uncentred().columnDeviations(c.X.means(), c.loss.rowWeights()).squaredNorm() / d;
  return c.X.squaredNorm() / (static_cast<double>(c.X.rows()) * d);
}

void noteStarts(Result& r, int starts, int atBest) {
  r.starts = starts;
  r.startsAtBest = atBest;
  if (atBest == 1)
    r.warnings.push_back("the lowest objective was reached from 1 of " + std::to_string(starts) +
                         " starts: the answer depends on the start (more starts may find a lower one)");
}

Result bestOfStarts(const FitContext& c, int starts, const std::function<Result(const FitContext& at, int k)>& search) {
  std::vector<Result> results(static_cast<std::size_t>(starts));
  const int threads = insideParallelTask() ? 1 : std::min(availableThreads(), starts);
  std::atomic<bool> stop{false};
  int done = 0;
  const bool finished = parallelFor(
      static_cast<std::size_t>(starts), threads,
      [&](std::size_t k) {
        Control at = threads <= 1 ? c.control.after(done) : Control{[&stop](int, double) { return !stop.load(); }};
        at.cache = c.control.cache;
        const FitContext here{c.X, c.loss, c.T, c.options, at, c.warm};
        Result& r = results[k] = search(here, static_cast<int>(k));
        if (r.status == Status::Aborted) stop = true;
        if (threads <= 1) done += r.iterations + 1;
      },
      [&](std::size_t finishedStarts) {
        if (threads > 1 && !c.control.keepGoing(static_cast<int>(finishedStarts), 0)) stop = true;
        return !stop.load();
      });
  if (!finished || stop.load()) {
    Result aborted;
    aborted.status = Status::Aborted;
    return aborted;
  }
  std::size_t best = 0;
  for (std::size_t k = 1; k < results.size(); ++k)
    if (results[k].objective < results[best].objective) best = k;
  const double lowest = results[best].objective;
  int atBest = 0;
  for (const Result& other : results) atBest += other.objective <= lowest + 1e-9 * std::abs(lowest);
  Result r = std::move(results[best]);
  noteStarts(r, starts, atBest);
  return r;
}

void attachPartition(Result& r, Partition p) {
  // Relabelled so that the centroids ascend (rows: by their first value, then the next), as every
  // result reports them: a refit on a partition may have reordered its values.
  Partition sorted = partitionOfDistinctRows(p.centroids);
  r.groups = std::move(p.labels);
  for (auto& label : r.groups) label = sorted.labels[static_cast<std::size_t>(label)];
  r.centroids = std::move(sorted.centroids);
}

Result withDistinctRows(Result r) {
  attachPartition(r, partitionOfDistinctRows(r.coef));
  return r;
}

// A convex penalty with an exact prox: ADMM for the squared loss on small designs (the
// quadratic part solved exactly: much faster at n ≤ d), accelerated proximal gradient
// otherwise. Both stop on the penalty's certificate.
Result penalisedFit(const FitContext& c, const Penalty& P, double ridge, const ConvexSolverFields& solver, Matrix W0, RowVector b0,
                    Eigen::Index admmShortSide) {
  const Objective F = objectiveOf(c, ridge);
  if (c.loss.closedForm() && admmSuits(c.X.rows(), c.X.cols(), admmShortSide))
    return withDistinctRows(admm(F, P, std::move(W0), {solver.maxIterations, solver.tolerance}, c.control));
  return withDistinctRows(proximalGradient(F, P, std::move(W0), std::move(b0), proximalOptions(solver), c.control));
}

Result penalisedFit(const FitContext& c, const Penalty& P, double ridge, const ConvexSolverFields& solver) {
  return penalisedFit(c, P, ridge, solver, startCoef(c), startIntercept(c));
}

}  // namespace supclust
