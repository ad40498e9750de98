#include "supclust/families/experts/screened_experts.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/core/feature_screening.hpp"
#include "supclust/base/random.hpp"

namespace supclust {

Eigen::Index screenedColumns(Eigen::Index n, Eigen::Index d, int Q, int columns) {
  const Eigen::Index k =
      columns > 0
          ? columns
          : std::max<Eigen::Index>(Q, static_cast<Eigen::Index>(std::lround(static_cast<double>(n) / (10.0 * Q))));
  return std::min(k, d);
}

namespace {
Vector columnVariances(const RowMatrix& X) {
  Vector v = Vector::Zero(X.cols());
  for (Eigen::Index i = 0; i < X.rows(); ++i) v += X.row(i).transpose().cwiseAbs2();
  return v / static_cast<double>(X.rows());
}

// cov(y², x_j²)/var(x_j) per column, the columns' variances given.
Vector scoresOf(const RowMatrix& X, const Vector& y, const Vector& var) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const Vector y2 = (y.array() - y.mean()).square().matrix();
  const double meanY2 = y2.mean();
  Vector cross = Vector::Zero(d);  // mean of y_i² x_ij²
  for (Eigen::Index i = 0; i < n; ++i) cross += y2[i] * X.row(i).transpose().cwiseAbs2();
  cross /= static_cast<double>(n);
  Vector score(d);
  for (Eigen::Index j = 0; j < d; ++j) score[j] = var[j] > 0 ? (cross[j] - meanY2 * var[j]) / var[j] : 0;
  return score;
}
}  // namespace

Vector screeningScores(const RowMatrix& X, const Vector& y) { return scoresOf(X, y, columnVariances(X)); }

SearchesInTurn::SearchesInTurn(const Control& caller) : caller_(caller) {
  if (caller_.progress)
    control_.progress = [this](int it, double f) {
      reported_ = std::max(reported_, base_ + it + 1);
      return caller_.keepGoing(base_ + it, f);
    };
}

const Control& SearchesInTurn::next() {
  base_ = reported_;
  return control_;
}

ExpertsFit screenedExperts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                           const AlternatingExpertsOptions& am, const ScreeningOptions& s, const Control& control) {
  SearchesInTurn turn(control);
  return screenedExperts(X, y, Q, lambda, am, s, turn);
}

ExpertsFit screenedExperts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                           const AlternatingExpertsOptions& am, const ScreeningOptions& s, SearchesInTurn& turn) {
  const Eigen::Index n = X.rows(), d = X.cols(), k = screenedColumns(n, d, Q, s.columns);
  ExpertsFit best;
  if (k >= d || s.rounds < 1) return best;  // nothing to screen: no start
  const Vector var = columnVariances(X);
  Vector score = scoresOf(X, y, var);
  Random seeds(am.seed ^ 0x5C5EE4EDull);
  std::vector<Eigen::Index> previous;
  int iterations = 0;
  bool aborted = false;
  for (int round = 0; round < s.rounds; ++round) {
    const std::vector<Eigen::Index> kept = largestScores(score, static_cast<int>(k));
    if (kept == previous) break;
    const RowMatrix Xk = keptColumns(X, kept);
    AlternatingExpertsOptions o = am;
    o.start = AlternatingExpertsOptions::Start::Random;
    o.seed = seeds.next();
    const ExpertsFit screened = alternateExpertsWithRestarts(Xk, y, Q, lambda, o, turn.next());
    iterations += screened.iterations;
    if ((aborted = screened.status == Status::Aborted)) break;
    ExpertsFit all = alternateExperts(X, y, Q, lambda, screened.labels, am.maxIterations, turn.next(), am.exchange);
    iterations += all.iterations;
    if ((aborted = all.status == Status::Aborted)) break;
    for (Eigen::Index j = 0; j < d; ++j) score[j] = var[j] * all.experts.coef.row(j).squaredNorm();
    if (all.objective < best.objective) best = std::move(all);
    previous = kept;
  }
  best.iterations = iterations;
  if (aborted) {
    best.status = Status::Aborted;
    best.message = "aborted";
  }
  return best;
}

}  // namespace supclust
