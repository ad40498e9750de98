#include "supclust/families/experts/regression_clustering.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

namespace {
// The weighted ridge fit of one function (u ≥ 0, Σu > 0).
bool weightedExpert(const RowMatrix& X, const Vector& y, const Vector& u, double lambda, Vector& c, double& b) {
  const Eigen::Index n = X.rows(), d = X.cols();
  // Sums by the SIMD kernels, in order: the same bits natively and in wasm.
  double total = 0;
  for (Eigen::Index i = 0; i < n; ++i) total += u[i];
  Vector mean(d);
  multiplyTransposed(X.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), u.data(), mean.data());
  mean /= total;
  const double ybar = dot(u.data(), y.data(), static_cast<std::size_t>(n)) / total;
  RowMatrix S(n, d);
  Vector t(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double s = std::sqrt(u[i]);
    S.row(i) = s * (X.row(i) - mean.transpose());
    t[i] = s * (y[i] - ybar);
  }
  Matrix A(d, d);
  gram(S.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), A.data());
  A.diagonal().array() += lambda * total;
  c.resize(d);
  multiplyTransposed(S.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), t.data(), c.data());
  if (!choleskyFactor(A.data(), static_cast<std::size_t>(d))) return false;
  choleskySolve(A.data(), static_cast<std::size_t>(d), c.data());
  b = ybar - dot(mean.data(), c.data(), static_cast<std::size_t>(d));
  return true;
}
}  // namespace

ExpertsFit regressionClusteringFrom(const RowMatrix& X, const Vector& y, int Q, double lambda, const Labels& start,
                                    const RegressionClusteringOptions& o, const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols();
  ExpertsFit out;
  ExpertGroups groups(X, y, Q);
  groups.assign(start);
  Experts e;
  if (!groups.fit(lambda, e)) {
    out.status = Status::NumericalIssue;
    out.message = "a group's ridge system is not positive definite (raise lambda)";
    return out;
  }
  // Residuals are floored relative to the targets' spread, so that an exact fit of a sample
  // cannot make its weight infinite.
  const double floor = 1e-10 * std::max(1e-300, std::sqrt((y.array() - y.mean()).square().mean()));
  const double p = o.power;
  double previous = HUGE_VAL;
  out.status = Status::MaxIterations;
  Vector c(d);
  for (int t = 0; t < o.maxIterations; ++t) {
    const Matrix E = (expertAnswers(X, e).colwise() - y).cwiseAbs().cwiseMax(floor);
    Vector harmonic = Vector::Zero(n);
    for (int q = 0; q < Q; ++q) harmonic.array() += E.col(q).array().pow(-p);
    double perf = 0;
    for (Eigen::Index i = 0; i < n; ++i) perf += static_cast<double>(Q) / harmonic[i];
    if (recordStep(out, t, perf, previous, o.tolerance, control)) break;
    for (int q = 0; q < Q; ++q) {
      const Vector u = (E.col(q).array().pow(-p - 2) / harmonic.array().square()).matrix();
      double b = 0;
      if (!(u.maxCoeff() > 0) || !weightedExpert(X, y, u / u.maxCoeff(), lambda, c, b)) continue;
      e.coef.col(q) = c;
      e.intercept[q] = b;
    }
  }
  out.experts = e;
  const Matrix E = (expertAnswers(X, e).colwise() - y).cwiseAbs();
  out.labels.assign(static_cast<std::size_t>(n), 0);
  for (Eigen::Index i = 0; i < n; ++i) {
    Eigen::Index best;
    E.row(i).minCoeff(&best);
    out.labels[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(best);
  }
  out.objective = out.history.empty() ? HUGE_VAL : out.history.back();
  return out;
}

ExpertsFit regressionClustering(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                const RegressionClusteringOptions& o, const Control& control) {
  const auto runs = static_cast<std::size_t>(o.restarts);
  const std::vector<std::uint64_t> seeds = searchSeeds(o.seed, runs);
  const auto n = static_cast<double>(X.rows()), d = static_cast<double>(X.cols());
  const double bytesEach = 8.0 * (n * d + (Q + 2) * d * d);  // a weighted copy of X, the ridge systems
  std::vector<ExpertsFit> fits = runSearches(runs, o.threads, bytesEach, control, [&](std::size_t i, const Control& c) {
    return regressionClusteringFrom(X, y, Q, lambda, randomStart(X.rows(), Q, seeds[i]), o, c);
  });
  // As if run in turn: a run that was stopped or failed ends the search with its answer.
  ExpertsFit best;
  for (ExpertsFit& run : fits) {
    const bool stop = run.status == Status::Aborted || run.status == Status::NumericalIssue;
    if (stop || best.labels.empty() || run.objective < best.objective) best = std::move(run);
    if (stop) break;
  }
  return best;
}

}  // namespace supclust
