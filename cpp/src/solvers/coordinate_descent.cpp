#include "supclust/solvers/coordinate_descent.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/base/fit_cache.hpp"
#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

// The columns are read through kernels/sparse_columns (the non-zeros of the uncentred X, or
// every entry when most are non-zero) with the centring implicit: Xc's column j is x_j − μ_j 1.
// The residual is kept as raw + offset·1, so an update costs the column's non-zeros.

namespace {
// What a converged fit leaves in the call's cache for the next fit that starts at its answer (a
// path's next point, as glmnet's path carries its state): the residual raw + offset·1 and its sum,
// the gradient Xcᵀr at the answer (each entry with the distance the residual had travelled when it
// was last exact: the safe test below), the scales, the ℓ1 weight solved (the next point's strong rule
// reads it) and the exact step's Gram block. Found by the key of (design, y, factors, w).
struct Carry {
  Vector raw, grad, exactAt;
  double offset = 0, rawSum = 0, scale = 0, top = 0, l1 = 0, travelled = 0;
  std::vector<Eigen::Index> gramSet;
  std::vector<double> gram;
};
constexpr const char* kCarryTag = "coordinate-descent";
Hash128 carryKey(const CenteredDesign& X, const Vector& y, const Vector* factors, const Vector& w) {
  Hash128 h;
  h.add(X.key());
  h.add(y.data(), static_cast<std::size_t>(y.size()) * sizeof(double));
  if (factors) h.add(factors->data(), static_cast<std::size_t>(factors->size()) * sizeof(double));
  h.add(factors != nullptr);
  h.add(w.data(), static_cast<std::size_t>(w.size()) * sizeof(double));
  return h;
}

// The entries (a, b), a ≤ b, of G = Xc_Sᵀ Xc_S / n (row-major K × K, K = |set|) in the columns
// b ≥ from — the columns added to a cached block — from the uncentred columns:
// (x_jᵀx_k − n μ_j μ_k) / n.
void centredGramColumns(const SparseColumns& cols, const RowVector& mu, Eigen::Index n,
                        const std::vector<Eigen::Index>& set, std::size_t from, std::vector<double>& gram) {
  const std::size_t K = set.size();
  const double invN = 1 / static_cast<double>(n);
  std::vector<double> scatter;
  for (std::size_t b = from; b < K; ++b) {
    const Eigen::Index k = set[b];
    const double* xk = cols.value.data() + cols.start[static_cast<std::size_t>(k)];  // dense storage
    if (!cols.dense) {  // column k scattered to its rows
      scatter.assign(static_cast<std::size_t>(n), 0);
      forEachInColumn(cols, k, [&](std::int32_t i, double x) { scatter[static_cast<std::size_t>(i)] = x; });
      xk = scatter.data();
    }
    for (std::size_t a = 0; a <= b; ++a)
      gram[a * K + b] = (columnDot(cols, set[a], xk) - static_cast<double>(n) * mu[set[a]] * mu[k]) * invN;
  }
}
}  // namespace

Result elasticNetCoordinateDescent(const CenteredDesign& X, const Vector& y, double lambda, double alpha,
                                   const CoordinateDescentOptions& opt, const Control& control, const Vector* start,
                                   const Vector* factors) {
  const Eigen::Index n = X.rows(), d = X.cols();
  // Coordinate j's penalty factor: both weights scale by it (1 without factors).
  const auto pf = [factors](Eigen::Index j) { return factors ? (*factors)[j] : 1.0; };
  const double invN = 1 / static_cast<double>(n), targetL1 = lambda * alpha, targetL2 = lambda * (1 - alpha);
  double l1 = targetL1, l2 = targetL2;  // the weights of the stage being solved (below)
  const RowVector& mu = X.means();
  const double mean = y.mean();
  Vector raw = y.array() - mean;  // residual y − ȳ − Xc w = raw + offset·1
  double offset = 0, rawSum = raw.sum();
  Vector w = Vector::Zero(d), grad(d);
  // X by columns, their sums Σx_j and the centred columns' squared norms ‖Xc_j‖²/n: made when a
  // coordinate is first updated (a fit whose answer is w = 0 never transposes X).
  const SparseColumns* cols = nullptr;
  const Vector* colSum = nullptr;
  Vector colNorm;
  auto readColumns = [&] {
    if (cols) return;
    const ColumnMoments& moments = X.uncentredMoments();
    colSum = &moments.sum;
    colNorm.resize(d);
    for (Eigen::Index j = 0; j < d; ++j)
      colNorm[j] = std::max(
          0.0, (moments.squares[j] - 2 * mu[j] * moments.sum[j] + static_cast<double>(n) * mu[j] * mu[j]) * invN);
    cols = &X.uncentredColumns();
  };
  // Xc_jᵀ r = x_jᵀ raw + offset·Σx_j − μ_j (Σraw + n·offset), from xr = x_jᵀ raw.
  auto correlationFrom = [&](Eigen::Index j, double xr) {
    return xr + offset * (*colSum)[j] - mu[j] * (rawSum + static_cast<double>(n) * offset);
  };
  auto correlation = [&](Eigen::Index j) { return correlationFrom(j, columnDot(*cols, j, raw.data())); };
  // grad_j = Xc_jᵀr at the residual of the last time it was computed exactly: then the residual
  // had travelled exactAt_j (the sum of the norms of its moves between checks, ‖Δr‖), and it has
  // travelled `travelled` by the last check (at checkedRaw + checkedOffset·1).
  Vector exactAt = Vector::Zero(d);
  double travelled = 0, checkedOffset = 0;
  Vector checkedRaw = raw;
  // r −= δ Xc_j: raw −= δ x_j (by the caller), and here the rest.
  auto account = [&](Eigen::Index j, double delta) {
    rawSum -= delta * (*colSum)[j];
    offset += delta * mu[j];
  };
  auto subtract = [&](Eigen::Index j, double delta) {
    columnAxpy(*cols, j, -delta, raw.data());
    account(j, delta);
  };
  // subtract(j, δ), then x_kᵀ raw, in one pass over raw where X is stored densely.
  auto subtractThenDot = [&](Eigen::Index j, double delta, Eigen::Index k) {
    const double xr = columnAxpyThenDot(*cols, j, -delta, raw.data(), k);
    account(j, delta);
    return xr;
  };
  // The residual's move since the last check, added to the distance travelled.
  auto checkpoint = [&] {
    double moved = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      const double change = (raw[i] - checkedRaw[i]) + (offset - checkedOffset);
      moved += change * change;
    }
    travelled += std::sqrt(moved);
    checkedRaw = raw;
    checkedOffset = offset;
  };
  // grad = Xcᵀr over every coordinate by columns: on the design's team for a large X, each
  // entry computed as on one thread (the same bits with any number of threads).
  auto fullGradient = [&] {
    readColumns();
    checkpoint();
    exactAt.setConstant(travelled);
    auto block = [&](std::size_t from, std::size_t to) {
      const auto first = static_cast<Eigen::Index>(from), last = static_cast<Eigen::Index>(to);
      columnDots(*cols, raw.data(), first, last, grad.data());
      for (Eigen::Index j = first; j < last; ++j) grad[j] = correlationFrom(j, grad[j]);
    };
    WorkTeam* team = X.team();
    if (!team) return block(0, static_cast<std::size_t>(d));
    runInBlocks(*team, static_cast<std::size_t>(d), 4, block);
  };
  // A warm-started fit (a path's or a grid's point) finds the state the fit that ended at its
  // start left, if one did, and leaves its own; a cold fit neither looks nor leaves (the key hashes
  // X on a design not held).
  const bool cold = !start || start->isZero(0);
  FitCache* cache = cold ? nullptr : X.cache();
  std::shared_ptr<const Carry> carried;
  if (cache) carried = cache->find<Carry>(kCarryTag, carryKey(X, y, factors, *start));
  double scale = 0, top = 0;
  if (carried) {
    readColumns();
    w = *start;
    raw = carried->raw, offset = carried->offset, rawSum = carried->rawSum, grad = carried->grad;
    exactAt = carried->exactAt, travelled = carried->travelled;
    checkedRaw = raw, checkedOffset = offset;
    scale = carried->scale, top = carried->top;
  } else {
    // At w = 0 (the scale): Xcᵀ(y − ȳ) by rows, X read in place.
    X.multiplyTransposedInPlace(raw.data(), grad.data());
    scale = std::max(1e-300, grad.cwiseAbs().maxCoeff() * invN);
    // The ℓ1 weight where w = 0 stops being optimal for the penalised coordinates (the scale
    // without factors): the stages' start.
    top = scale;
    if (factors) {
      top = 1e-300;
      for (Eigen::Index j = 0; j < d; ++j)
        if (pf(j) > 0) top = std::max(top, std::abs(grad[j]) * invN / pf(j));
    }
  }
  if (!cold && !carried) {
    readColumns();
    w = *start;
    for (Eigen::Index j = 0; j < d; ++j)
      if (w[j] != 0) subtract(j, w[j]);
    fullGradient();
  }
  // The objective from the penalty's sums Σ pf_j|w_j| and Σ pf_j w_j² (the residual's part in two-lane sums).
  auto objectiveWith = [&](double absSum, double squareSum) {
    return 0.5 * invN * shiftedSquaredNorm(raw.data(), offset, static_cast<std::size_t>(n)) + targetL1 * absSum +
           0.5 * targetL2 * squareSum;
  };

  Result res;
  res.status = Status::MaxIterations;
  res.history.push_back(factors ? objectiveWith(factors->dot(w.cwiseAbs()), factors->dot(w.cwiseAbs2()))
                                : objectiveWith(w.cwiseAbs().sum(), w.squaredNorm()));
  // glmnet's active-set strategy: a full sweep finds the active coordinates, sweeps over those
  // alone converge, then a full sweep and the KKT check decide whether anything is left.
  std::vector<Eigen::Index> active;
  // The coordinates a full sweep visits: the strong set of the stage (below); the KKT check
  // over every coordinate adds those it misses.
  std::vector<Eigen::Index> strong;
  std::vector<char> inStrong(static_cast<std::size_t>(d), 0);
  // The gradient the KKT check reads (a sequential safe test, as the safe screening rules of El
  // Ghaoui et al. 2012 bound it): |Xc_jᵀr|/n ≤ |grad_j|/n + √(‖Xc_j‖²/n)·(travelled − exactAt_j)/√n
  // (Cauchy–Schwarz and the triangle inequality), so a zero coordinate outside the strong set
  // whose bound is within its penalty meets its condition without its column being read; the
  // others are computed afresh (all of them by the blocked pass when they are most).
  std::vector<Eigen::Index> stale;
  auto certifiedGradient = [&] {
    readColumns();
    checkpoint();
    stale.clear();
    const double invSqrtN = std::sqrt(invN);
    for (Eigen::Index j = 0; j < d; ++j) {
      if (exactAt[j] == travelled) continue;
      const double bound = std::abs(grad[j]) * invN + std::sqrt(colNorm[j]) * (travelled - exactAt[j]) * invSqrtN;
      if (w[j] != 0 || inStrong[static_cast<std::size_t>(j)] || bound > l1 * pf(j)) stale.push_back(j);
    }
    if (2 * stale.size() > static_cast<std::size_t>(d)) return fullGradient();
    for (Eigen::Index j : stale) {
      grad[j] = correlation(j);
      exactAt[j] = travelled;
    }
  };
  // The cost of a sweep in units of a dense multiply-add (what the factorisation's are): a
  // stored entry of a sparse column, read through its row index, costs about four, and each
  // coordinate's update about twenty more (measured: a sparse sweep of 427 columns with 27
  // entries each takes 57 µs in wasm, a 427 × 427 factorisation 6–13 ms).
  const auto updateCost = [&](Eigen::Index j) {
    const double entryCost = cols->dense ? 1 : 4;
    return 20 + entryCost * static_cast<double>(cols->start[static_cast<std::size_t>(j) + 1] -
                                                cols->start[static_cast<std::size_t>(j)]);
  };
  double activeWork = 0;  // the cost of a sweep over the active set
  int signChanges = 0;  // coordinates whose sign (or zero) changed in the sweep
  // The objective after a sweep: its non-zero coordinates are all in the active set (a full
  // sweep makes it the strong set's non-zeros; a sweep or an exact step over it moves no other),
  // so the penalty is summed over it alone — no pass over all d.
  auto activeObjective = [&] {
    double absSum = 0, squareSum = 0;
    for (Eigen::Index j : active) {
      absSum += pf(j) * std::abs(w[j]);
      squareSum += pf(j) * w[j] * w[j];
    }
    return objectiveWith(absSum, squareSum);
  };
  auto sweepOver = [&](bool all) {
    double maxChange = 0;
    if (all ? strong.empty() : active.empty()) {
      if (all) active.clear(), activeWork = 0;
      return maxChange;
    }
    readColumns();
    // Each coordinate in turn; x_jᵀ raw of the next one is computed with the residual's update
    // (subtractThenDot) when the coordinate moves.
    auto updateEach = [&](const std::vector<Eigen::Index>& list) {
      double xr = columnDot(*cols, list[0], raw.data());
      for (std::size_t t = 0; t < list.size(); ++t) {
        const Eigen::Index j = list[t];
        const bool more = t + 1 < list.size();
        double delta = 0;
        if (colNorm[j] != 0) {  // else a constant column: its coefficient stays 0
          const double old = w[j];
          const double rho = correlationFrom(j, xr) * invN + colNorm[j] * old;
          const double next = softThreshold(rho, l1 * pf(j)) / (colNorm[j] + l2 * pf(j));
          if (next != old) {
            if ((next > 0) != (old > 0) || (next < 0) != (old < 0)) ++signChanges;
            delta = next - old;
            w[j] = next;
            maxChange = std::max(maxChange, std::abs(delta) * std::sqrt(colNorm[j]));
          }
        }
        if (delta != 0 && more) xr = subtractThenDot(j, delta, list[t + 1]);
        else if (delta != 0) subtract(j, delta);
        else if (more) xr = columnDot(*cols, list[t + 1], raw.data());
      }
    };
    if (all) {
      updateEach(strong);
      active.clear();
      activeWork = 0;
      for (Eigen::Index j : strong)
        if (w[j] != 0) {
          active.push_back(j);
          activeWork += updateCost(j);
        }
    } else {
      updateEach(active);
    }
    return maxChange;
  };
  // The exact step on the non-zero coordinates A with their signs s held (feature-sign search,
  // Lee et al. 2007): δ = G_AA⁻¹ (Xc_Aᵀr/n − l2 w_A − l1 s), G = Xcᵀ Xc/n + l2 I, minimises the
  // objective on that orthant. Taken whole when no sign changes; else taken up to the first
  // coordinate that reaches zero — the objective is the orthant's quadratic on that segment, so
  // it decreases — which leaves A, and the step is solved again on the rest. Each entry
  // of G_AA is computed once: the block of the columns met so far grows by those a step newly
  // needs (until it would hold more than twice the step's columns: then it restarts from them).
  // A multiple 1e-12 of the largest diagonal entry is added before factorising, so collinear
  // columns (word counts) do not stop it — the step is then a damped one, still a descent along
  // the segment.
  std::vector<Eigen::Index> gramSet;
  std::vector<std::ptrdiff_t> gramPosition(static_cast<std::size_t>(d), -1);
  std::vector<double> gram, grown, factor, step;
  if (carried) {
    gramSet = carried->gramSet, gram = carried->gram;
    for (std::size_t a = 0; a < gramSet.size(); ++a)
      gramPosition[static_cast<std::size_t>(gramSet[a])] = static_cast<std::ptrdiff_t>(a);
  }
  auto extendGram = [&](const std::vector<Eigen::Index>& set, bool restart) {
    if (restart) {
      for (Eigen::Index j : gramSet) gramPosition[static_cast<std::size_t>(j)] = -1;
      gramSet.clear();
      gram.clear();
    }
    const std::size_t from = gramSet.size();
    for (Eigen::Index j : set)
      if (gramPosition[static_cast<std::size_t>(j)] < 0) {
        gramPosition[static_cast<std::size_t>(j)] = static_cast<std::ptrdiff_t>(gramSet.size());
        gramSet.push_back(j);
      }
    const std::size_t K = gramSet.size();
    grown.assign(K * K, 0);
    for (std::size_t a = 0; a < from; ++a)
      std::copy(gram.begin() + static_cast<std::ptrdiff_t>(a * from + a),
                gram.begin() + static_cast<std::ptrdiff_t>((a + 1) * from),
                grown.begin() + static_cast<std::ptrdiff_t>(a * K + a));
    gram.swap(grown);
    centredGramColumns(*cols, mu, n, gramSet, from, gram);
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
    std::size_t missing = 0;
    for (Eigen::Index j : active)
      if (w[j] != 0) {
        set.push_back(j);
        missing += gramPosition[static_cast<std::size_t>(j)] < 0;
      }
    if (set.empty() || set.size() > opt.newtonMaxSize) return false;
    double k = static_cast<double>(set.size());
    // The new entries of the block, each about a k-th of a sweep over A.
    const bool restart = gramSet.size() + missing > std::max<std::size_t>(2 * set.size(), 64);
    const double kept = restart ? 0 : static_cast<double>(gramSet.size()), m = static_cast<double>(missing);
    double spent = (m * kept + m * (m + 1) / 2) * activeWork / k + k * k * k / 6;
    if (spent > budget) return false;
    if (missing > 0) extendGram(set, restart);
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
    for (std::size_t a = 0; a < size; ++a) factor[a * size + a] += l2 * pf(set[a]) + 1e-12 * largest;
    if (!choleskyFactor(factor.data(), size)) return true;
    while (true) {
      step.resize(size);
      for (std::size_t a = 0; a < size; ++a) {
        const Eigen::Index j = set[a];
        step[a] = correlation(j) * invN - l2 * pf(j) * w[j] - l1 * pf(j) * (w[j] > 0 ? 1 : -1);
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
  // The stages: from a cold start with more than twice as many columns as rows, a geometric
  // sequence of ℓ1 weights from the largest useful one (the scale, where w = 0) down to the
  // target, each solved from the last one's answer (glmnet's path): the active set grows as the
  // solution's support does, instead of the first sweep at a small λ activating far more
  // coordinates than the answer keeps — up to n of them, where G_AA is singular and sweeps
  // crawl. (On squarer designs the stages' checks cost more than they save: the movie reviews,
  // 5006 × 5623, take 20–30 % longer along a path.) Each
  // stage's strong set (Tibshirani et al. 2012, the sequential strong rule) is the non-zero
  // coordinates and those with |Xc_jᵀr|/n ≥ 2·l1 − l1_previous; the stage ends on the KKT
  // conditions of every coordinate, so the path changes the cost, not the answer.
  std::vector<double> stages;
  if (cold && d > 2 * n && targetL1 > 0)
    for (double s = top * opt.pathRatio; s > targetL1; s *= opt.pathRatio) stages.push_back(s);
  stages.push_back(targetL1);
  double previousL1 = cold ? top : carried ? std::max(carried->l1, targetL1) : targetL1;
  int sweep = 0;
  bool converged = false, stopped = false;
  for (std::size_t stage = 0; stage < stages.size() && !stopped && sweep < opt.maxSweeps; ++stage) {
    const bool last = stage + 1 == stages.size();
    l1 = last ? targetL1 : stages[stage];
    const double nextL2 = last ? targetL2 : (alpha > 0 ? l1 / alpha * (1 - alpha) : targetL2);
    l2 = nextL2;
    const double rule = 2 * l1 - previousL1;
    previousL1 = l1;
    for (Eigen::Index j : strong) inStrong[static_cast<std::size_t>(j)] = 0;
    strong.clear();
    for (Eigen::Index j = 0; j < d; ++j)
      if (w[j] != 0 || std::abs(grad[j]) * invN >= rule * pf(j)) {
        strong.push_back(j);
        inStrong[static_cast<std::size_t>(j)] = 1;
      }
    const double tolerance = (last ? opt.tolerance : opt.pathTolerance) * scale;
    int sameSigns = 0;
    double settledChange = 0;  // the largest change in the sweep where the signs last changed
    // The active set converges only to a thousandth of the last full sweep's change before the
    // next full sweep checks it: a full sweep that moves coordinates in or out would undo digits
    // the active set gained beyond that (the stage's tolerance holds at the end all the same).
    double fullChange = HUGE_VAL;
    bool full = true;
    while (sweep < opt.maxSweeps) {
      if ((stopped = stopRequested(control, sweep, res.history.back(), res))) break;
      ++sweep;
      signChanges = 0;
      const double maxChange = sweepOver(full);
      res.history.push_back(activeObjective());
      if (full) fullChange = maxChange;
      if (maxChange > (full ? tolerance : std::max(tolerance, 1e-3 * fullChange))) {
        sameSigns = full || signChanges > 0 ? 0 : sameSigns + 1;
        if (sameSigns == 0) settledChange = maxChange;
        full = false;  // converge on the active set first
        // The signs settled on the active set: the exact step, when the sweeps still to come at
        // the rate since then (the largest change shrinking by ρ a sweep) would cost more.
        if (sameSigns >= opt.newtonAfter) {
          const double rate = std::pow(maxChange / settledChange, 1.0 / sameSigns);
          const double remaining = rate < 1 ? std::log(tolerance / maxChange) / std::log(rate) : HUGE_VAL;
          if (newtonStep(remaining * activeWork)) sameSigns = 0;
        }
        continue;
      }
      if (!full) {  // the active set has converged: check the strong set with a full sweep next
        full = true;
        continue;
      }
      // A full sweep changed nothing beyond tolerance: the KKT conditions of every coordinate
      // make it a certificate; those violated outside the strong set join it.
      certifiedGradient();
      double kkt = 0;
      bool added = false;
      for (Eigen::Index j = 0; j < d; ++j) {
        const double violation = l1Violation(w[j], -grad[j] * invN + l2 * pf(j) * w[j], l1 * pf(j));
        kkt = std::max(kkt, violation);
        if (violation > tolerance && !inStrong[static_cast<std::size_t>(j)]) {
          strong.push_back(j);
          inStrong[static_cast<std::size_t>(j)] = 1;
          added = true;
        }
      }
      if (added) std::sort(strong.begin(), strong.end());
      if (kkt <= tolerance) {
        converged = last;
        break;
      }
    }
  }
  if (converged) res.status = Status::Converged;
  if (converged && cache) {  // the KKT check was the last step: checkedRaw is raw
    auto left = std::make_shared<Carry>();
    left->raw = raw, left->grad = grad, left->offset = offset, left->rawSum = rawSum;
    left->exactAt = exactAt, left->travelled = travelled;
    left->scale = scale, left->top = top, left->l1 = targetL1;
    left->gramSet = gramSet, left->gram = gram;
    const std::size_t bytes = sizeof(double) * static_cast<std::size_t>(n + 2 * d) +
                              sizeof(Eigen::Index) * gramSet.size() + sizeof(double) * gram.size();
    cache->leave<Carry>(kCarryTag, carryKey(X, y, factors, w), std::move(left), bytes);
  }
  res.iterations = sweep;
  res.objective = res.history.back();
  res.coef = w;
  res.intercept = RowVector::Constant(1, mean);
  return res;
}

}  // namespace supclust
