#include "supclust/solvers/owl_coordinate_descent.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/core/column_subset.hpp"
#include "supclust/core/penalty.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/owl_clusters.hpp"
#include "supclust/solvers/admm.hpp"
#include "supclust/solvers/centred_residual.hpp"
#include "supclust/solvers/proximal_gradient.hpp"

namespace supclust {

namespace {

// The longest prefix of the listed coordinates by decreasing |g| (ties by index) whose
// Σ_{i≤m} (|g|_(i) + shift(i)) > 0 at its last m: the coordinates a sorted-ℓ1 condition puts at
// non-zero (the zeros' condition). Every shift(i) ≤ −floor, so past the entries with |g| > floor
// the sum only falls: they alone are sorted, unless the sum is still positive after them.
template <class Shift>
std::vector<Eigen::Index> breakingPrefix(const Vector& g, std::vector<Eigen::Index> listed, double floor, Shift shift) {
  auto byMagnitude = [&g](Eigen::Index a, Eigen::Index b) {
    const double x = std::abs(g[a]), y = std::abs(g[b]);
    return x > y || (x == y && a < b);
  };
  const auto above =
      std::partition(listed.begin(), listed.end(), [&](Eigen::Index j) { return std::abs(g[j]) > floor; });
  std::sort(listed.begin(), above, byMagnitude);
  double sum = 0;
  std::size_t last = 0;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    if (listed.begin() + static_cast<std::ptrdiff_t>(i) == above) {
      if (sum <= 0) break;
      std::sort(above, listed.end(), byMagnitude);
    }
    sum += std::abs(g[listed[i]]) + shift(i);
    if (sum > 0) last = i + 1;
  }
  listed.resize(last);
  return listed;
}

// The working set's problem for output k — its columns alone, its first weights — by ADMM (when
// the set's short side suits it) or FISTA, from bs, to the set's certificate: the OWL optimality
// residual at most `bound` (the caller's tolerance × the full problem's scale).
Result denseSetFit(const Objective& F, Eigen::Index k, const std::vector<Eigen::Index>& set,
                   const std::vector<double>& w, const Vector& bs, double bound, Eigen::Index admmShortSide, int steps,
                   const Control& control) {
  const ColumnSubset subset(F.design(), set);
  const Objective Fs(subset.design(), F.targets().col(k), F.loss(), F.lambda());
  const OwlPenalty P(std::vector<double>(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(set.size())));
  const double tolerance = bound / gradientScale(Fs);
  if (admmSuits(F.design().rows(), static_cast<Eigen::Index>(set.size()), admmShortSide))
    return admm(Fs, P, bs, {steps, tolerance}, control);
  return proximalGradient(Fs, P, bs, F.targets().col(k).mean() * RowVector::Ones(1), {steps, tolerance}, control);
}

// The workspaces of the set's steps and epochs, kept across them (their capacity reused).
struct SetWork {
  OwlProx prox;
  OwlClusters clusters;
  Vector scratch, next;
  std::vector<double> signs, changes;
  std::vector<Eigen::Index> columns, changed;
};

// A proximal gradient step on the working set's coefficients bs (gradient gs), backtracking from
// `step` until the quadratic bound holds: for least squares F(β + Δ) − F(β) − ∇Fᵀ Δ = ½‖Xc Δ‖²/n +
// λ/2‖Δ‖² exactly, computed as such (a difference of objectives would lose it to rounding when Δ
// is small). The residual follows; the next step tries one 1.5 times longer.
void proximalStep(CentredResidual& r, const std::vector<Eigen::Index>& set, const std::vector<double>& w,
                  const Vector& gs, double invN, double ridge, double& step, Vector& bs, SetWork& work) {
  const std::size_t m = set.size();
  for (;;) {
    work.next = bs - step * gs;
    work.prox.apply(work.next.data(), m, w.data(), work.next.data(), step);
    work.changed.clear();
    work.changes.clear();
    for (std::size_t t = 0; t < m; ++t)
      if (work.next[static_cast<Eigen::Index>(t)] != bs[static_cast<Eigen::Index>(t)])
        work.changed.push_back(set[t]),
            work.changes.push_back(work.next[static_cast<Eigen::Index>(t)] - bs[static_cast<Eigen::Index>(t)]);
    double length = 0;
    for (double delta : work.changes) length += delta * delta;
    const double curve = r.combinedSquaredNorm(work.changed, work.changes, work.scratch) * invN + ridge * length;
    if (curve * step <= length) break;
    step /= 2;
  }
  for (std::size_t t = 0; t < work.changed.size(); ++t) r.subtract(work.changed[t], work.changes[t]);
  bs = work.next;
  step *= 1.5;
}

// Epochs of coordinate descent over the non-zero clusters of bs, until no cluster's move changes
// its gradient by more than `threshold` (or `epochs` of them). A cluster's first member's
// correlation comes with the residual's update of the cluster before it.
void clusterEpochs(CentredResidual& r, const std::vector<Eigen::Index>& set, const Vector& norms,
                   const std::vector<double>& cumulative, double invN, double ridge, int epochs, double threshold,
                   Vector& bs, SetWork& work) {
  const std::size_t m = set.size();
  work.clusters.build(bs.data(), m);
  for (int epoch = 0; epoch < epochs && work.clusters.count() > 0; ++epoch) {
    double largest = 0;
    bool pending = false;  // `firstCorrelation` holds cluster i's first member's
    double firstCorrelation = 0;
    for (std::size_t i = 0, visits = 0; i < work.clusters.count() && visits < 2 * m + 2; ++visits) {
      const std::vector<std::int32_t>& members = work.clusters.members(i);
      const std::size_t size = members.size();
      const double c = work.clusters.magnitude(i);
      work.signs.resize(size);
      work.columns.resize(size);
      double q = 0;
      for (std::size_t t = 0; t < size; ++t) {
        work.signs[t] = bs[members[t]] < 0 ? -1 : 1;
        work.columns[t] = set[static_cast<std::size_t>(members[t])];
        q += work.signs[t] * (t == 0 && pending ? firstCorrelation : r.correlation(work.columns[t]));
      }
      pending = false;
      const double curvature =
          (size == 1 ? norms[members[0]] : r.combinedSquaredNorm(work.columns, work.signs, work.scratch) * invN) +
          ridge * static_cast<double>(size);
      OwlClusters::Move to{c, i, false};
      if (curvature > 0)  // else constant columns: left to the gradient steps
        to = work.clusters.threshold(i, c - (-q * invN + ridge * static_cast<double>(size) * c) / curvature, curvature,
                                     cumulative.data());
      const double delta = to.value - c;  // along the members' signs
      if (delta == 0) {
        ++i;
        continue;
      }
      for (std::size_t t = 0; t < size; ++t) bs[members[t]] = work.signs[t] * to.value;
      largest = std::max(largest, std::abs(delta) * curvature / static_cast<double>(size));
      // The next cluster to visit: after one that moved up (or stayed) the next index; else the
      // clusters below have moved up one, so the same index.
      const bool up = to.value != 0 && !to.merge && to.slot <= i;
      work.clusters.apply(i, to);
      if (up) ++i;
      for (std::size_t t = 0; t + 1 < size; ++t) r.subtract(work.columns[t], work.signs[t] * delta);
      if (i < work.clusters.count()) {
        firstCorrelation = r.subtractThenCorrelation(work.columns[size - 1], work.signs[size - 1] * delta,
                                                     set[static_cast<std::size_t>(work.clusters.members(i)[0])]);
        pending = true;
      } else {
        r.subtract(work.columns[size - 1], work.signs[size - 1] * delta);
      }
    }
    if (largest <= threshold) break;
  }
}

}  // namespace

namespace {

// Each output's objective at W: its squared loss, ridge and OWL penalty.
Vector columnObjectives(const Objective& F, const Matrix& W, const std::vector<double>& w) {
  const Matrix& T = F.targets();
  const double invN = 1 / static_cast<double>(F.design().rows()), ridge = F.lambda();
  Matrix Z;
  F.value(W, T.colwise().mean(), Z);
  Vector out(F.outputs());
  for (Eigen::Index k = 0; k < F.outputs(); ++k)
    out[k] = 0.5 * invN * (Z.col(k) - T.col(k)).squaredNorm() + 0.5 * ridge * W.col(k).squaredNorm() +
             owlNorm(W.col(k).data(), static_cast<std::size_t>(W.rows()), w.data());
  return out;
}

}  // namespace

Result owlCoordinateDescent(const Objective& F, const std::vector<double>& w, Matrix W0, const OwlDescentOptions& opt,
                            const Control& control) {
  const CenteredDesign& X = F.design();
  const Eigen::Index n = X.rows(), d = X.cols(), K = F.outputs();
  const double invN = 1 / static_cast<double>(n), ridge = F.lambda();
  const Matrix& T = F.targets();
  std::vector<double> cumulative(static_cast<std::size_t>(d) + 1, 0);
  std::partial_sum(w.begin(), w.end(), cumulative.begin() + 1);

  Result res;
  res.status = Status::Converged;
  res.coef = std::move(W0);
  // One output from w = 0: the scale is its first gradient's largest entry (read below).
  const bool single = K == 1 && res.coef.isZero(0);
  double scale = single ? 0 : gradientScale(F);
  // The columns' objectives (loss, ridge and penalty add up over them), for the history.
  Vector columnObjective = single ? Vector(Vector::Zero(K)) : columnObjectives(F, res.coef, w);
  int it = 0;
  MagnitudeOrder orderA, orderB;
  SetWork work;
  work.scratch = Vector::Zero(n);
  for (Eigen::Index k = 0; k < K && res.status == Status::Converged; ++k) {
    CentredResidual r(X, T.col(k));
    Vector beta = res.coef.col(k);
    Vector g(d);  // ∇F in every coordinate, as of the last full pass
    // From a residual recomputed from β (its updates' rounding would otherwise reach the certificate).
    auto fullGradient = [&] {
      r.recompute(T.col(k), beta);
      r.correlations(g.data());
      g = -invN * g + ridge * beta;
    };
    fullGradient();
    if (single) scale = g.isZero(0) ? gradientScale(F) : g.cwiseAbs().maxCoeff();
    // The zeros whose gradient breaks their condition: Σ_{i ≤ m} (|g|_(i) − w_{nnz + i}) ≤ 0 for every m.
    auto breakingZeros = [&] {
      std::vector<Eigen::Index> zeros;
      for (Eigen::Index j = 0; j < d; ++j)
        if (beta[j] == 0) zeros.push_back(j);
      const std::size_t nnz = static_cast<std::size_t>(d) - zeros.size();
      return breakingPrefix(g, std::move(zeros), w.empty() ? 0 : w.back(), [&](std::size_t i) { return -w[nnz + i]; });
    };
    // The working set: the non-zeros, and the zeros breaking their condition by decreasing |g|, at
    // most as many as the set holds (at least opt.firstZeros): it at most doubles at each check.
    std::vector<Eigen::Index> set;
    std::vector<char> inSet(static_cast<std::size_t>(d), 0);
    for (Eigen::Index j = 0; j < d; ++j)
      if (beta[j] != 0) set.push_back(j), inSet[static_cast<std::size_t>(j)] = 1;
    // Dense: the set's problem goes to ADMM or FISTA on its columns (denseSetFit), where coordinate
    // descent would crawl; once dense, the set stays so, and takes every breaking zero at once (a
    // dense solve costs about the same on a few more columns, and each one sets up afresh).
    auto denseAnswer = [&](const Vector& v) {
      return static_cast<std::size_t>((v.array() != 0).count()) > opt.denseAbove;
    };
    bool dense = denseAnswer(beta);
    auto grow = [&] {
      const std::vector<Eigen::Index> breaking = breakingZeros();
      const std::size_t limit = dense ? set.size() + static_cast<std::size_t>(d) : std::max(opt.firstZeros, set.size());
      std::size_t added = 0;
      for (Eigen::Index j : breaking) {
        if (added == limit) break;
        if (!inSet[static_cast<std::size_t>(j)]) set.push_back(j), inSet[static_cast<std::size_t>(j)] = 1, ++added;
      }
      std::sort(set.begin(), set.end());
      return added > 0;
    };
    grow();

    auto smoothValue = [&](const Vector& bs) { return 0.5 * invN * r.squaredNorm() + 0.5 * ridge * bs.squaredNorm(); };
    double tolerance = opt.tolerance, step = 0;  // step: the last accepted 1/L
    for (;;) {
      // The working set's problem, on compact vectors (bs = beta[set]).
      const std::size_t m = set.size();
      Vector bs(static_cast<Eigen::Index>(m)), gs(static_cast<Eigen::Index>(m)), negative;
      Vector norms(static_cast<Eigen::Index>(m));
      for (std::size_t t = 0; t < m; ++t) {
        bs[static_cast<Eigen::Index>(t)] = beta[set[t]];
        norms[static_cast<Eigen::Index>(t)] = r.columnSquaredNorm(set[t]) * invN;
      }
      auto setGradient = [&] {
        for (std::size_t t = 0; t < m; ++t)
          gs[static_cast<Eigen::Index>(t)] = -invN * r.correlation(set[t]) + ridge * bs[static_cast<Eigen::Index>(t)];
      };
      auto certified = [&] {
        negative = -gs;
        return owlSubgradientViolation(bs.data(), negative.data(), w.data(), m, orderA, orderB) <= tolerance * scale;
      };
      if (m > 0 && step == 0) step = 1 / std::max(1e-300, norms.maxCoeff() + ridge);
      columnObjective[k] = smoothValue(bs) + owlNorm(bs.data(), m, w.data(), orderA);
      setGradient();
      while (m > 0 && !dense && !certified()) {
        if (it >= opt.maxIterations) {
          res.status = Status::MaxIterations;
          break;
        }
        if (stopRequested(control, it, columnObjective.sum(), res)) break;
        ++it;
        // A proximal gradient step on the set, then epochs of coordinate descent over its clusters.
        proximalStep(r, set, w, gs, invN, ridge, step, bs, work);
        clusterEpochs(r, set, norms, cumulative, invN, ridge, opt.epochs, 0.1 * tolerance * scale, bs, work);
        columnObjective[k] = smoothValue(bs) + owlNorm(bs.data(), m, w.data(), orderA);
        res.history.push_back(columnObjective.sum());
        dense = denseAnswer(bs);
        if (!std::isfinite(columnObjective[k])) {
          res.status = Status::NumericalIssue;
          res.message = "the objective is not finite";
          break;
        }
        setGradient();
      }
      if (dense && 2 * m > static_cast<std::size_t>(d) && m < static_cast<std::size_t>(d) &&
          res.status == Status::Converged) {
        // A dense set on more than half of the columns: all of them, solved once rather than grown.
        for (std::size_t t = 0; t < m; ++t) beta[set[t]] = bs[static_cast<Eigen::Index>(t)];
        set.resize(static_cast<std::size_t>(d));
        std::iota(set.begin(), set.end(), Eigen::Index{0});
        std::fill(inSet.begin(), inSet.end(), 1);
        continue;
      }
      if (m > 0 && dense && res.status == Status::Converged && !certified()) {
        Result s = denseSetFit(F, k, set, w, bs, tolerance * scale, opt.admmShortSide, opt.maxIterations - it,
                               control.after(it));
        it += s.iterations;
        bs = s.coef.col(0);
        if (s.status != Status::Converged) res.status = s.status, res.message = s.message;
      }
      for (std::size_t t = 0; t < m; ++t) beta[set[t]] = bs[static_cast<Eigen::Index>(t)];
      if (res.status != Status::Converged) break;
      // Every coordinate's gradient decides.
      fullGradient();
      negative = -g;
      columnObjective[k] = 0.5 * invN * r.squaredNorm() + 0.5 * ridge * beta.squaredNorm() +
                           owlNorm(beta.data(), static_cast<std::size_t>(d), w.data(), orderA);
      if (owlSubgradientViolation(beta.data(), negative.data(), w.data(), static_cast<std::size_t>(d), orderA,
                                  orderB) <= opt.tolerance * scale)
        break;
      if (!grow()) tolerance /= 10;  // the set's own coordinates are not there yet
      if (tolerance < 1e-300) {
        res.status = Status::NumericalIssue;
        res.message = "the working set's certificate cannot be met";
        break;
      }
    }
    res.coef.col(k) = beta;
  }
  res.iterations = it;
  res.intercept = T.colwise().mean();
  res.objective = columnObjective.sum();
  if (res.history.empty() || res.history.back() != res.objective) res.history.push_back(res.objective);
  return res;
}

}  // namespace supclust
