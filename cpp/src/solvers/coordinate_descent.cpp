#include "supclust/solvers/coordinate_descent.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

// The columns are read through kernels/sparse_columns (the non-zeros of the uncentred X, or
// every entry when most are non-zero) with the centring implicit: Xc's column j is x_j − μ_j 1.
// The residual is kept as raw + offset·1, so an update costs the column's non-zeros.

Result elasticNetCoordinateDescent(const CenteredDesign& X, const Vector& y, double lambda,
                                   double alpha, const CoordinateDescentOptions& opt,
                                   const Control& control, const Vector* start) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const double invN = 1 / static_cast<double>(n), l1 = lambda * alpha, l2 = lambda * (1 - alpha);
  const RowVector& mu = X.means();
  const SparseColumns& cols = X.uncentredColumns();
  const double mean = y.mean();
  Vector raw = y.array() - mean;  // residual y − ȳ − Xc w = raw + offset·1
  double offset = 0, rawSum = raw.sum();
  Vector colNorm(d), colSum(d), w = Vector::Zero(d), grad(d);
  for (Eigen::Index j = 0; j < d; ++j) {
    double s1 = 0, s2 = 0;
    forEachInColumn(cols, j, [&](std::int32_t, double x) { s1 += x; s2 += x * x; });
    colSum[j] = s1;
    colNorm[j] = std::max(0.0, (s2 - 2 * mu[j] * s1 + static_cast<double>(n) * mu[j] * mu[j]) * invN);
  }
  // Xc_jᵀ r = x_jᵀ raw + offset·Σx_j − μ_j (Σraw + n·offset).
  auto correlation = [&](Eigen::Index j) {
    double s = 0;
    forEachInColumn(cols, j, [&](std::int32_t i, double x) { s += x * raw[i]; });
    return s + offset * colSum[j] - mu[j] * (rawSum + static_cast<double>(n) * offset);
  };
  // r −= δ Xc_j.
  auto subtract = [&](Eigen::Index j, double delta) {
    forEachInColumn(cols, j, [&](std::int32_t i, double x) { raw[i] -= delta * x; });
    rawSum -= delta * colSum[j];
    offset += delta * mu[j];
  };
  for (Eigen::Index j = 0; j < d; ++j) grad[j] = correlation(j);  // at w = 0: the scale
  if (start) {
    w = *start;
    for (Eigen::Index j = 0; j < d; ++j)
      if (w[j] != 0) subtract(j, w[j]);
  }
  const double scale = std::max(1e-300, grad.cwiseAbs().maxCoeff() * invN);
  auto objective = [&] {
    return 0.5 * invN * (raw.array() + offset).matrix().squaredNorm() + l1 * w.cwiseAbs().sum() + 0.5 * l2 * w.squaredNorm();
  };

  Result res;
  res.status = Status::MaxIterations;
  res.history.push_back(objective());
  // glmnet's active-set strategy: a full sweep finds the active coordinates, sweeps over those
  // alone converge, then a full sweep and the KKT check decide whether anything is left.
  std::vector<Eigen::Index> active;
  auto sweepOver = [&](bool all) {
    double maxChange = 0;
    auto update = [&](Eigen::Index j) {
      if (colNorm[j] == 0) return;  // a constant column: its coefficient stays 0
      const double old = w[j];
      const double rho = correlation(j) * invN + colNorm[j] * old;
      const double next = softThreshold(rho, l1) / (colNorm[j] + l2);
      if (next != old) {
        subtract(j, next - old);
        w[j] = next;
        maxChange = std::max(maxChange, std::abs(next - old) * std::sqrt(colNorm[j]));
      }
    };
    if (all) {
      for (Eigen::Index j = 0; j < d; ++j) update(j);
      active.clear();
      for (Eigen::Index j = 0; j < d; ++j)
        if (w[j] != 0) active.push_back(j);
    } else {
      for (Eigen::Index j : active) update(j);
    }
    return maxChange;
  };
  int sweep = 0;
  bool full = true;
  while (sweep < opt.maxSweeps) {
    if (stopRequested(control, sweep, res.history.back(), res)) break;
    ++sweep;
    const double maxChange = sweepOver(full);
    res.history.push_back(objective());
    if (maxChange > opt.tolerance * scale) {
      full = false;  // converge on the active set first
      continue;
    }
    if (!full) {  // the active set has converged: check everything with a full sweep next
      full = true;
      continue;
    }
    // A full sweep changed nothing beyond tolerance: the KKT conditions make it a certificate.
    for (Eigen::Index j = 0; j < d; ++j) grad[j] = correlation(j);
    double kkt = 0;
    for (Eigen::Index j = 0; j < d; ++j) {
      const double g = -grad[j] * invN + l2 * w[j];
      kkt = std::max(kkt, l1Violation(w[j], g, l1));
    }
    if (kkt <= opt.tolerance * scale) {
      res.status = Status::Converged;
      break;
    }
  }
  res.iterations = sweep;
  res.objective = res.history.back();
  res.coef = w;
  res.intercept = RowVector::Constant(1, mean);
  return res;
}

}  // namespace supclust
