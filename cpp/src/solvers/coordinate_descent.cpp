#include "supclust/solvers/coordinate_descent.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

// The columns are read through kernels/sparse_columns (the non-zeros of the uncentred X, or
// every entry when most are non-zero) with the centring implicit: Xc's column j is x_j − μ_j 1.
// The residual is kept as raw + offset·1, so an update costs the column's non-zeros.

namespace {
// The lower triangle of G_AA = Xc_Aᵀ Xc_A / n + l2 I (column-major k × k, k = |set|), from the
// uncentred columns: x_jᵀx_k − n μ_j μ_k.
void centredGramBlock(const SparseColumns& cols, const RowVector& mu, Eigen::Index n, const std::vector<Eigen::Index>& set,
                      double l2, std::vector<double>& gram) {
  const std::size_t k = set.size();
  const double invN = 1 / static_cast<double>(n);
  gram.assign(k * k, 0);
  std::vector<double> scatter;
  for (std::size_t a = 0; a < k; ++a) {
    const Eigen::Index j = set[a];
    if (cols.dense) {
      const double* xj = cols.value.data() + cols.start[static_cast<std::size_t>(j)];
      for (std::size_t b = a; b < k; ++b)
        gram[a * k + b] = dot(xj, cols.value.data() + cols.start[static_cast<std::size_t>(set[b])], static_cast<std::size_t>(n));
    } else {
      scatter.assign(static_cast<std::size_t>(n), 0);
      forEachInColumn(cols, j, [&](std::int32_t i, double x) { scatter[static_cast<std::size_t>(i)] = x; });
      for (std::size_t b = a; b < k; ++b) {
        double t = 0;
        forEachInColumn(cols, set[b], [&](std::int32_t i, double x) { t += x * scatter[static_cast<std::size_t>(i)]; });
        gram[a * k + b] = t;
      }
    }
    for (std::size_t b = a; b < k; ++b)
      gram[a * k + b] = (gram[a * k + b] - static_cast<double>(n) * mu[j] * mu[set[b]]) * invN + (b == a ? l2 : 0);
  }
}
}  // namespace

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
  // The cost of a sweep in units of a dense multiply-add (what the factorisation's are): a
  // stored entry of a sparse column, read through its row index, costs about four, and each
  // coordinate's update about twenty more (measured: a sparse sweep of 427 columns with 27
  // entries each takes 57 µs in wasm, a 427 × 427 factorisation 6–13 ms).
  const double entryCost = cols.dense ? 1 : 4;
  const auto updateCost = [&](Eigen::Index j) {
    return 20 + entryCost * static_cast<double>(cols.start[static_cast<std::size_t>(j) + 1] - cols.start[static_cast<std::size_t>(j)]);
  };
  double activeWork = 0;  // the cost of a sweep over the active set
  int signChanges = 0;    // coordinates whose sign (or zero) changed in the sweep
  auto sweepOver = [&](bool all) {
    double maxChange = 0;
    auto update = [&](Eigen::Index j) {
      if (colNorm[j] == 0) return;  // a constant column: its coefficient stays 0
      const double old = w[j];
      const double rho = correlation(j) * invN + colNorm[j] * old;
      const double next = softThreshold(rho, l1) / (colNorm[j] + l2);
      if (next != old) {
        if ((next > 0) != (old > 0) || (next < 0) != (old < 0)) ++signChanges;
        subtract(j, next - old);
        w[j] = next;
        maxChange = std::max(maxChange, std::abs(next - old) * std::sqrt(colNorm[j]));
      }
    };
    if (all) {
      for (Eigen::Index j = 0; j < d; ++j) update(j);
      active.clear();
      activeWork = 0;
      for (Eigen::Index j = 0; j < d; ++j)
        if (w[j] != 0) {
          active.push_back(j);
          activeWork += updateCost(j);
        }
    } else {
      for (Eigen::Index j : active) update(j);
    }
    return maxChange;
  };
  // The exact step on the non-zero coordinates A with their signs s held (feature-sign search,
  // Lee et al. 2007): δ = G_AA⁻¹ (Xc_Aᵀr/n − l2 w_A − l1 s), G = Xcᵀ Xc/n + l2 I, minimises the
  // objective on that orthant. Taken whole when no sign changes; else taken up to the first
  // coordinate that reaches zero — the objective is the orthant's quadratic on that segment, so
  // it decreases — which leaves A, and the step is solved again on the rest. G_AA is built once
  // per set of columns and reused for its subsets; a multiple 1e-12 of its largest diagonal
  // entry is added before factorising, so collinear columns (word counts) do not stop it — the
  // step is then a damped one, still a descent along the segment.
  std::vector<Eigen::Index> gramSet;
  std::vector<std::ptrdiff_t> gramPosition(static_cast<std::size_t>(d), -1);
  std::vector<double> gram, factor, step;
  auto buildGram = [&](const std::vector<Eigen::Index>& set) {
    for (Eigen::Index j : gramSet) gramPosition[static_cast<std::size_t>(j)] = -1;
    gramSet = set;
    for (std::size_t a = 0; a < set.size(); ++a) gramPosition[static_cast<std::size_t>(set[a])] = static_cast<std::ptrdiff_t>(a);
    centredGramBlock(cols, mu, n, set, l2, gram);
  };
  // Within `budget` (what the sweeps still to come would cost, in the unit above): the first
  // solve (the Gram block unless cached, a factorisation) must fit in it, and each coordinate
  // that then leaves A costs a removal from the factor (O(|A|²)) counted against it. Returns
  // whether it was paid for (false: priced out, nothing done); a factorisation that fails
  // counts as paid, so the loop waits for the signs to hold again before the next try. Called
  // every sweep once the signs hold: `set` keeps its capacity across calls, so pricing the
  // step does not allocate.
  std::vector<Eigen::Index> set;
  auto newtonStep = [&](double budget) {
    set.clear();
    bool cached = true;
    for (Eigen::Index j : active)
      if (w[j] != 0) {
        set.push_back(j);
        cached = cached && gramPosition[static_cast<std::size_t>(j)] >= 0;
      }
    if (set.empty() || set.size() > opt.newtonMaxSize) return false;
    double k = static_cast<double>(set.size());
    double spent = (cached ? 0 : k * activeWork / 2) + k * k * k / 6;
    if (spent > budget) return false;
    if (!cached) buildGram(set);
    const std::size_t K = gramSet.size();
    std::size_t size = set.size();
    factor.resize(size * size);
    double largest = 0;
    for (std::size_t a = 0; a < size; ++a) {
      const auto pa = static_cast<std::size_t>(gramPosition[static_cast<std::size_t>(set[a])]);
      for (std::size_t b = a; b < size; ++b) {
        const auto pb = static_cast<std::size_t>(gramPosition[static_cast<std::size_t>(set[b])]);
        factor[a * size + b] = pa <= pb ? gram[pa * K + pb] : gram[pb * K + pa];
      }
      largest = std::max(largest, factor[a * size + a]);
    }
    for (std::size_t a = 0; a < size; ++a) factor[a * size + a] += 1e-12 * largest;
    if (!choleskyFactor(factor.data(), size)) return true;
    while (true) {
      step.resize(size);
      for (std::size_t a = 0; a < size; ++a) {
        const Eigen::Index j = set[a];
        step[a] = correlation(j) * invN - l2 * w[j] - l1 * (w[j] > 0 ? 1 : -1);
      }
      choleskySolve(factor.data(), size, step.data());
      double t = 1;
      std::size_t hits = size;  // the coordinate that reaches zero first, if any
      for (std::size_t a = 0; a < size; ++a) {
        const double v = w[set[a]];
        if ((v + step[a] > 0) != (v > 0) && -v / step[a] < t) {
          t = -v / step[a];
          hits = a;
        }
      }
      for (std::size_t a = 0; a < size; ++a) {
        const Eigen::Index j = set[a];
        const double delta = a == hits ? -w[j] : t * step[a];
        subtract(j, delta);
        w[j] = a == hits ? 0 : w[j] + delta;
      }
      k = static_cast<double>(size);
      if (hits == size || size == 1 || (spent += 3 * k * k + activeWork) > budget) return true;
      choleskyRemove(factor.data(), size, hits);
      set.erase(set.begin() + static_cast<std::ptrdiff_t>(hits));
      --size;
    }
  };
  int sweep = 0, sameSigns = 0;
  double settledChange = 0;  // the largest change in the sweep where the signs last changed
  bool full = true;
  while (sweep < opt.maxSweeps) {
    if (stopRequested(control, sweep, res.history.back(), res)) break;
    ++sweep;
    signChanges = 0;
    const double maxChange = sweepOver(full);
    res.history.push_back(objective());
    if (maxChange > opt.tolerance * scale) {
      sameSigns = full || signChanges > 0 ? 0 : sameSigns + 1;
      if (sameSigns == 0) settledChange = maxChange;
      full = false;  // converge on the active set first
      // The signs settled on the active set: the exact step, when the sweeps still to come at
      // the rate since then (the largest change shrinking by ρ a sweep) would cost more.
      if (sameSigns >= opt.newtonAfter) {
        const double rate = std::pow(maxChange / settledChange, 1.0 / sameSigns);
        const double remaining = rate < 1 ? std::log(opt.tolerance * scale / maxChange) / std::log(rate) : HUGE_VAL;
        if (newtonStep(remaining * activeWork)) sameSigns = 0;
      }
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
