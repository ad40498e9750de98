#include "supclust/methods/recipes.hpp"

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
Result penalisedFit(const FitContext& c, const Penalty& P, double ridge, const ConvexSolverFields& solver, Matrix W0,
                    RowVector b0, Eigen::Index admmShortSide) {
  const Objective F = objectiveOf(c, ridge);
  if (c.loss.closedForm() && admmSuits(c.X.rows(), c.X.cols(), admmShortSide))
    return withDistinctRows(admm(F, P, std::move(W0), {solver.maxIterations, solver.tolerance}, c.control));
  return withDistinctRows(proximalGradient(F, P, std::move(W0), std::move(b0), proximalOptions(solver), c.control));
}

Result penalisedFit(const FitContext& c, const Penalty& P, double ridge, const ConvexSolverFields& solver) {
  return penalisedFit(c, P, ridge, solver, startCoef(c), startIntercept(c));
}

}  // namespace supclust
