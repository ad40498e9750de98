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

// One fit's state: the residual and its bookkeeping, the gradient with its safe bounds, the
// strong and active sets, and the exact step's Gram block. Its parts: the residual's moves
// (subtract), the gradient and the certificate (fullGradient, certifiedGradient, kktCheck), the
// sweeps (sweepOver), the exact step (newtonStep), and the stages that run them (solveStage).
class ElasticNetDescent {
 public:
  ElasticNetDescent(const CenteredDesign& X, const Vector& y, double lambda, double alpha,
                    const CoordinateDescentOptions& opt, const Control& control, const Vector* start,
                    const Vector* factors)
      : X_(X),
        y_(y),
        alpha_(alpha),
        opt_(opt),
        control_(control),
        start_(start),
        factors_(factors),
        n_(X.rows()),
        d_(X.cols()),
        invN_(1 / static_cast<double>(X.rows())),
        targetL1_(lambda * alpha),
        targetL2_(lambda * (1 - alpha)),
        l1_(targetL1_),
        l2_(targetL2_),
        mu_(X.means()),
        mean_(y.mean()),
        raw_(y.array() - mean_),
        rawSum_(raw_.sum()),
        w_(Vector::Zero(X.cols())),
        grad_(X.cols()),
        exactAt_(Vector::Zero(X.cols())),
        checkedRaw_(raw_),
        inStrong_(static_cast<std::size_t>(X.cols()), 0),
        gramPosition_(static_cast<std::size_t>(X.cols()), -1) {}

  Result run();

 private:
  // Coordinate j's penalty factor: both weights scale by it (1 without factors).
  double pf(Eigen::Index j) const { return factors_ ? (*factors_)[j] : 1.0; }
  void readColumns();
  // Xc_jᵀ r = x_jᵀ raw + offset·Σx_j − μ_j (Σraw + n·offset), from xr = x_jᵀ raw.
  double correlationFrom(Eigen::Index j, double xr) const {
    return xr + offset_ * (*colSum_)[j] - mu_[j] * (rawSum_ + static_cast<double>(n_) * offset_);
  }
  double correlation(Eigen::Index j) const { return correlationFrom(j, columnDot(*cols_, j, raw_.data())); }
  // r −= δ Xc_j: raw −= δ x_j (by the caller), and here the rest.
  void account(Eigen::Index j, double delta) {
    rawSum_ -= delta * (*colSum_)[j];
    offset_ += delta * mu_[j];
  }
  void subtract(Eigen::Index j, double delta) {
    columnAxpy(*cols_, j, -delta, raw_.data());
    account(j, delta);
  }
  // subtract(j, δ), then x_kᵀ raw, in one pass over raw where X is stored densely.
  double subtractThenDot(Eigen::Index j, double delta, Eigen::Index k) {
    const double xr = columnAxpyThenDot(*cols_, j, -delta, raw_.data(), k);
    account(j, delta);
    return xr;
  }
  void checkpoint();
  void fullGradient();
  void startFrom();
  void certifiedGradient();
  double kktCheck(double tolerance);
  // The cost of a sweep in units of a dense multiply-add (what the factorisation's are): a
  // stored entry of a sparse column, read through its row index, costs about four, and each
  // coordinate's update about twenty more (measured: a sparse sweep of 427 columns with 27
  // entries each takes 57 µs in wasm, a 427 × 427 factorisation 6–13 ms).
  double updateCost(Eigen::Index j) const {
    const double entryCost = cols_->dense ? 1 : 4;
    return 20 + entryCost * static_cast<double>(cols_->start[static_cast<std::size_t>(j) + 1] -
                                                cols_->start[static_cast<std::size_t>(j)]);
  }
  // The objective from the penalty's sums Σ pf_j|w_j| and Σ pf_j w_j² (the residual's part in two-lane sums).
  double objectiveWith(double absSum, double squareSum) const {
    return 0.5 * invN_ * shiftedSquaredNorm(raw_.data(), offset_, static_cast<std::size_t>(n_)) + targetL1_ * absSum +
           0.5 * targetL2_ * squareSum;
  }
  double activeObjective() const;
  void updateEach(const std::vector<Eigen::Index>& list, double& maxChange);
  double sweepOver(bool all);
  void extendGram(const std::vector<Eigen::Index>& set, bool restart);
  bool newtonStep(double budget);
  void chooseStrong(double rule);
  bool solveStage(double tolerance, int& sweep, bool& stopped);
  void leaveCarry();

  const CenteredDesign& X_;
  const Vector& y_;
  const double alpha_;
  const CoordinateDescentOptions& opt_;
  const Control& control_;
  const Vector* start_;
  const Vector* factors_;
  const Eigen::Index n_, d_;
  const double invN_, targetL1_, targetL2_;
  double l1_, l2_;  // the weights of the stage being solved (solveStage)
  const RowVector& mu_;
  const double mean_;
  Vector raw_;  // residual y − ȳ − Xc w = raw + offset·1
  double offset_ = 0, rawSum_;
  Vector w_, grad_;
  // X by columns, their sums Σx_j and the centred columns' squared norms ‖Xc_j‖²/n: made when a
  // coordinate is first updated (a fit whose answer is w = 0 never transposes X).
  const SparseColumns* cols_ = nullptr;
  const Vector* colSum_ = nullptr;
  Vector colNorm_;
  // grad_j = Xc_jᵀr at the residual of the last time it was computed exactly: then the residual
  // had travelled exactAt_j (the sum of the norms of its moves between checks, ‖Δr‖), and it has
  // travelled `travelled` by the last check (at checkedRaw + checkedOffset·1).
  Vector exactAt_;
  double travelled_ = 0, checkedOffset_ = 0;
  Vector checkedRaw_;
  // A warm-started fit (a path's or a grid's point) finds the state the fit that ended at its
  // start left, if one did, and leaves its own; a cold fit neither looks nor leaves (the key hashes
  // X on a design not held).
  bool cold_ = true;
  FitCache* cache_ = nullptr;
  std::shared_ptr<const Carry> carried_;
  double scale_ = 0, top_ = 0;
  Result res_;
  // glmnet's active-set strategy: a full sweep finds the active coordinates, sweeps over those
  // alone converge, then a full sweep and the KKT check decide whether anything is left.
  std::vector<Eigen::Index> active_;
  // The coordinates a full sweep visits: the strong set of the stage; the KKT check over every
  // coordinate adds those it misses.
  std::vector<Eigen::Index> strong_;
  std::vector<char> inStrong_;
  std::vector<Eigen::Index> stale_;  // the gradient entries certifiedGradient computes afresh
  double activeWork_ = 0;  // the cost of a sweep over the active set
  int signChanges_ = 0;  // coordinates whose sign (or zero) changed in the sweep
  // The exact step's Gram block (newtonStep) and its workspaces.
  std::vector<Eigen::Index> gramSet_;
  std::vector<std::ptrdiff_t> gramPosition_;
  std::vector<double> gram_, grown_, factor_, step_;
  std::vector<Eigen::Index> set_;
};

void ElasticNetDescent::readColumns() {
  if (cols_) return;
  const ColumnMoments& moments = X_.uncentredMoments();
  colSum_ = &moments.sum;
  colNorm_.resize(d_);
  for (Eigen::Index j = 0; j < d_; ++j)
    colNorm_[j] = std::max(
        0.0, (moments.squares[j] - 2 * mu_[j] * moments.sum[j] + static_cast<double>(n_) * mu_[j] * mu_[j]) * invN_);
  cols_ = &X_.uncentredColumns();
}

// The residual's move since the last check, added to the distance travelled.
void ElasticNetDescent::checkpoint() {
  double moved = 0;
  for (Eigen::Index i = 0; i < n_; ++i) {
    const double change = (raw_[i] - checkedRaw_[i]) + (offset_ - checkedOffset_);
    moved += change * change;
  }
  travelled_ += std::sqrt(moved);
  checkedRaw_ = raw_;
  checkedOffset_ = offset_;
}

// grad = Xcᵀr over every coordinate by columns: on the design's team for a large X, each
// entry computed as on one thread (the same bits with any number of threads).
void ElasticNetDescent::fullGradient() {
  readColumns();
  checkpoint();
  exactAt_.setConstant(travelled_);
  auto block = [&](std::size_t from, std::size_t to) {
    const auto first = static_cast<Eigen::Index>(from), last = static_cast<Eigen::Index>(to);
    columnDots(*cols_, raw_.data(), first, last, grad_.data());
    for (Eigen::Index j = first; j < last; ++j) grad_[j] = correlationFrom(j, grad_[j]);
  };
  WorkTeam* team = X_.team();
  if (!team) return block(0, static_cast<std::size_t>(d_));
  runInBlocks(*team, static_cast<std::size_t>(d_), 4, block);
}

// The state at the start: the carried one of the fit that ended at w = start, or the residual at
// start with its gradient (at w = 0, Xcᵀ(y − ȳ) by rows, X read in place) and the scales.
void ElasticNetDescent::startFrom() {
  cold_ = !start_ || start_->isZero(0);
  cache_ = cold_ ? nullptr : X_.cache();
  if (cache_) carried_ = cache_->find<Carry>(kCarryTag, carryKey(X_, y_, factors_, *start_));
  if (carried_) {
    readColumns();
    w_ = *start_;
    raw_ = carried_->raw, offset_ = carried_->offset, rawSum_ = carried_->rawSum, grad_ = carried_->grad;
    exactAt_ = carried_->exactAt, travelled_ = carried_->travelled;
    checkedRaw_ = raw_, checkedOffset_ = offset_;
    scale_ = carried_->scale, top_ = carried_->top;
    gramSet_ = carried_->gramSet, gram_ = carried_->gram;
    for (std::size_t a = 0; a < gramSet_.size(); ++a)
      gramPosition_[static_cast<std::size_t>(gramSet_[a])] = static_cast<std::ptrdiff_t>(a);
    return;
  }
  X_.multiplyTransposedInPlace(raw_.data(), grad_.data());
  scale_ = std::max(1e-300, grad_.cwiseAbs().maxCoeff() * invN_);
  // The ℓ1 weight where w = 0 stops being optimal for the penalised coordinates (the scale
  // without factors): the stages' start.
  top_ = scale_;
  if (factors_) {
    top_ = 1e-300;
    for (Eigen::Index j = 0; j < d_; ++j)
      if (pf(j) > 0) top_ = std::max(top_, std::abs(grad_[j]) * invN_ / pf(j));
  }
  if (cold_) return;
  readColumns();
  w_ = *start_;
  for (Eigen::Index j = 0; j < d_; ++j)
    if (w_[j] != 0) subtract(j, w_[j]);
  fullGradient();
}

// The gradient the KKT check reads (a sequential safe test, as the safe screening rules of El
// Ghaoui et al. 2012 bound it): |Xc_jᵀr|/n ≤ |grad_j|/n + √(‖Xc_j‖²/n)·(travelled − exactAt_j)/√n
// (Cauchy–Schwarz and the triangle inequality), so a zero coordinate outside the strong set
// whose bound is within its penalty meets its condition without its column being read; the
// others are computed afresh (all of them by the blocked pass when they are most).
void ElasticNetDescent::certifiedGradient() {
  readColumns();
  checkpoint();
  stale_.clear();
  const double invSqrtN = std::sqrt(invN_);
  for (Eigen::Index j = 0; j < d_; ++j) {
    if (exactAt_[j] == travelled_) continue;
    const double bound = std::abs(grad_[j]) * invN_ + std::sqrt(colNorm_[j]) * (travelled_ - exactAt_[j]) * invSqrtN;
    if (w_[j] != 0 || inStrong_[static_cast<std::size_t>(j)] || bound > l1_ * pf(j)) stale_.push_back(j);
  }
  if (2 * stale_.size() > static_cast<std::size_t>(d_)) return fullGradient();
  for (Eigen::Index j : stale_) {
    grad_[j] = correlation(j);
    exactAt_[j] = travelled_;
  }
}

// The KKT conditions of every coordinate at the certified gradient: the largest violation; the
// coordinates outside the strong set that violate them by more than the tolerance join it.
double ElasticNetDescent::kktCheck(double tolerance) {
  certifiedGradient();
  double kkt = 0;
  bool added = false;
  for (Eigen::Index j = 0; j < d_; ++j) {
    const double violation = l1Violation(w_[j], -grad_[j] * invN_ + l2_ * pf(j) * w_[j], l1_ * pf(j));
    kkt = std::max(kkt, violation);
    if (violation > tolerance && !inStrong_[static_cast<std::size_t>(j)]) {
      strong_.push_back(j);
      inStrong_[static_cast<std::size_t>(j)] = 1;
      added = true;
    }
  }
  if (added) std::sort(strong_.begin(), strong_.end());
  return kkt;
}

// The objective after a sweep: its non-zero coordinates are all in the active set (a full
// sweep makes it the strong set's non-zeros; a sweep or an exact step over it moves no other),
// so the penalty is summed over it alone — no pass over all d.
double ElasticNetDescent::activeObjective() const {
  double absSum = 0, squareSum = 0;
  for (Eigen::Index j : active_) {
    absSum += pf(j) * std::abs(w_[j]);
    squareSum += pf(j) * w_[j] * w_[j];
  }
  return objectiveWith(absSum, squareSum);
}

// Each coordinate of the list in turn; x_jᵀ raw of the next one is computed with the residual's
// update (subtractThenDot) when the coordinate moves.
void ElasticNetDescent::updateEach(const std::vector<Eigen::Index>& list, double& maxChange) {
  double xr = columnDot(*cols_, list[0], raw_.data());
  for (std::size_t t = 0; t < list.size(); ++t) {
    const Eigen::Index j = list[t];
    const bool more = t + 1 < list.size();
    double delta = 0;
    if (colNorm_[j] != 0) {  // else a constant column: its coefficient stays 0
      const double old = w_[j];
      const double rho = correlationFrom(j, xr) * invN_ + colNorm_[j] * old;
      const double next = softThreshold(rho, l1_ * pf(j)) / (colNorm_[j] + l2_ * pf(j));
      if (next != old) {
        if ((next > 0) != (old > 0) || (next < 0) != (old < 0)) ++signChanges_;
        delta = next - old;
        w_[j] = next;
        maxChange = std::max(maxChange, std::abs(delta) * std::sqrt(colNorm_[j]));
      }
    }
    if (delta != 0 && more) xr = subtractThenDot(j, delta, list[t + 1]);
    else if (delta != 0) subtract(j, delta);
    else if (more) xr = columnDot(*cols_, list[t + 1], raw_.data());
  }
}

// A sweep over the strong set (all: the active set becomes its non-zeros) or the active set;
// returns the largest weighted change.
double ElasticNetDescent::sweepOver(bool all) {
  double maxChange = 0;
  if (all ? strong_.empty() : active_.empty()) {
    if (all) active_.clear(), activeWork_ = 0;
    return maxChange;
  }
  readColumns();
  if (!all) {
    updateEach(active_, maxChange);
    return maxChange;
  }
  updateEach(strong_, maxChange);
  active_.clear();
  activeWork_ = 0;
  for (Eigen::Index j : strong_)
    if (w_[j] != 0) {
      active_.push_back(j);
      activeWork_ += updateCost(j);
    }
  return maxChange;
}

// The block of G = Xc_Sᵀ Xc_S / n grown by the columns of `set` it lacks (restart: from them alone).
void ElasticNetDescent::extendGram(const std::vector<Eigen::Index>& set, bool restart) {
  if (restart) {
    for (Eigen::Index j : gramSet_) gramPosition_[static_cast<std::size_t>(j)] = -1;
    gramSet_.clear();
    gram_.clear();
  }
  const std::size_t from = gramSet_.size();
  for (Eigen::Index j : set)
    if (gramPosition_[static_cast<std::size_t>(j)] < 0) {
      gramPosition_[static_cast<std::size_t>(j)] = static_cast<std::ptrdiff_t>(gramSet_.size());
      gramSet_.push_back(j);
    }
  const std::size_t K = gramSet_.size();
  grown_.assign(K * K, 0);
  for (std::size_t a = 0; a < from; ++a)
    std::copy(gram_.begin() + static_cast<std::ptrdiff_t>(a * from + a),
              gram_.begin() + static_cast<std::ptrdiff_t>((a + 1) * from),
              grown_.begin() + static_cast<std::ptrdiff_t>(a * K + a));
  gram_.swap(grown_);
  centredGramColumns(*cols_, mu_, n_, gramSet_, from, gram_);
}

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
// Within `budget` (what the sweeps still to come would cost, in updateCost's unit): the first
// solve (the Gram block unless cached, a factorisation) must fit in it, and each coordinate
// that then leaves A costs a removal from the factor (O(|A|²)) counted against it. Returns
// whether it was paid for (false: priced out, nothing done); a factorisation that fails
// counts as paid, so the loop waits for the signs to hold again before the next try. Called
// every sweep once the signs hold: `set_` keeps its capacity across calls, so pricing the
// step does not allocate.
bool ElasticNetDescent::newtonStep(double budget) {
  set_.clear();
  std::size_t missing = 0;
  for (Eigen::Index j : active_)
    if (w_[j] != 0) {
      set_.push_back(j);
      missing += gramPosition_[static_cast<std::size_t>(j)] < 0;
    }
  if (set_.empty() || set_.size() > opt_.newtonMaxSize) return false;
  double k = static_cast<double>(set_.size());
  // The new entries of the block, each about a k-th of a sweep over A.
  const bool restart = gramSet_.size() + missing > std::max<std::size_t>(2 * set_.size(), 64);
  const double kept = restart ? 0 : static_cast<double>(gramSet_.size()), m = static_cast<double>(missing);
  double spent = (m * kept + m * (m + 1) / 2) * activeWork_ / k + k * k * k / 6;
  if (spent > budget) return false;
  if (missing > 0) extendGram(set_, restart);
  const std::size_t K = gramSet_.size();
  std::size_t size = set_.size();
  factor_.resize(size * size);
  double largest = 0;
  for (std::size_t a = 0; a < size; ++a) {
    const auto pa = static_cast<std::size_t>(gramPosition_[static_cast<std::size_t>(set_[a])]);
    for (std::size_t b = a; b < size; ++b) {
      const auto pb = static_cast<std::size_t>(gramPosition_[static_cast<std::size_t>(set_[b])]);
      factor_[a * size + b] = pa <= pb ? gram_[pa * K + pb] : gram_[pb * K + pa];
    }
    largest = std::max(largest, factor_[a * size + a]);
  }
  for (std::size_t a = 0; a < size; ++a) factor_[a * size + a] += l2_ * pf(set_[a]) + 1e-12 * largest;
  if (!choleskyFactor(factor_.data(), size)) return true;
  while (true) {
    step_.resize(size);
    for (std::size_t a = 0; a < size; ++a) {
      const Eigen::Index j = set_[a];
      step_[a] = correlation(j) * invN_ - l2_ * pf(j) * w_[j] - l1_ * pf(j) * (w_[j] > 0 ? 1 : -1);
    }
    choleskySolve(factor_.data(), size, step_.data());
    double t = 1;
    std::size_t hits = size;  // the coordinate that reaches zero first, if any
    for (std::size_t a = 0; a < size; ++a) {
      const double v = w_[set_[a]];
      if ((v + step_[a] > 0) != (v > 0) && -v / step_[a] < t) {
        t = -v / step_[a];
        hits = a;
      }
    }
    for (std::size_t a = 0; a < size; ++a) {
      const Eigen::Index j = set_[a];
      const double delta = a == hits ? -w_[j] : t * step_[a];
      subtract(j, delta);
      w_[j] = a == hits ? 0 : w_[j] + delta;
    }
    k = static_cast<double>(size);
    if (hits == size || size == 1 || (spent += 3 * k * k + activeWork_) > budget) return true;
    choleskyRemove(factor_.data(), size, hits);
    set_.erase(set_.begin() + static_cast<std::ptrdiff_t>(hits));
    --size;
  }
}

// A stage's strong set (Tibshirani et al. 2012, the sequential strong rule): the non-zero
// coordinates and those with |Xc_jᵀr|/n ≥ rule = 2·l1 − l1_previous.
void ElasticNetDescent::chooseStrong(double rule) {
  for (Eigen::Index j : strong_) inStrong_[static_cast<std::size_t>(j)] = 0;
  strong_.clear();
  for (Eigen::Index j = 0; j < d_; ++j)
    if (w_[j] != 0 || std::abs(grad_[j]) * invN_ >= rule * pf(j)) {
      strong_.push_back(j);
      inStrong_[static_cast<std::size_t>(j)] = 1;
    }
}

// One stage's sweeps at the weights l1_, l2_, counted on `sweep`, to its certificate (true: the
// KKT conditions of every coordinate hold within tolerance), a stop asked (`stopped`) or the
// sweeps' limit.
bool ElasticNetDescent::solveStage(double tolerance, int& sweep, bool& stopped) {
  int sameSigns = 0;
  double settledChange = 0;  // the largest change in the sweep where the signs last changed
  // The active set converges only to a thousandth of the last full sweep's change before the
  // next full sweep checks it: a full sweep that moves coordinates in or out would undo digits
  // the active set gained beyond that (the stage's tolerance holds at the end all the same).
  double fullChange = HUGE_VAL;
  bool full = true;
  while (sweep < opt_.maxSweeps) {
    if ((stopped = stopRequested(control_, sweep, res_.history.back(), res_))) return false;
    ++sweep;
    signChanges_ = 0;
    const double maxChange = sweepOver(full);
    res_.history.push_back(activeObjective());
    if (full) fullChange = maxChange;
    if (maxChange > (full ? tolerance : std::max(tolerance, 1e-3 * fullChange))) {
      sameSigns = full || signChanges_ > 0 ? 0 : sameSigns + 1;
      if (sameSigns == 0) settledChange = maxChange;
      full = false;  // converge on the active set first
      // The signs settled on the active set: the exact step, when the sweeps still to come at
      // the rate since then (the largest change shrinking by ρ a sweep) would cost more.
      if (sameSigns >= opt_.newtonAfter) {
        const double rate = std::pow(maxChange / settledChange, 1.0 / sameSigns);
        const double remaining = rate < 1 ? std::log(tolerance / maxChange) / std::log(rate) : HUGE_VAL;
        if (newtonStep(remaining * activeWork_)) sameSigns = 0;
      }
      continue;
    }
    if (!full) {  // the active set has converged: check the strong set with a full sweep next
      full = true;
      continue;
    }
    // A full sweep changed nothing beyond tolerance: the KKT conditions of every coordinate
    // make it a certificate.
    if (kktCheck(tolerance) <= tolerance) return true;
  }
  return false;
}

// What the next fit that starts at this answer picks up (Carry); the KKT check was the last
// step, so checkedRaw is raw.
void ElasticNetDescent::leaveCarry() {
  auto left = std::make_shared<Carry>();
  left->raw = raw_, left->grad = grad_, left->offset = offset_, left->rawSum = rawSum_;
  left->exactAt = exactAt_, left->travelled = travelled_;
  left->scale = scale_, left->top = top_, left->l1 = targetL1_;
  left->gramSet = gramSet_, left->gram = gram_;
  const std::size_t bytes = sizeof(double) * static_cast<std::size_t>(n_ + 2 * d_) +
                            sizeof(Eigen::Index) * gramSet_.size() + sizeof(double) * gram_.size();
  cache_->leave<Carry>(kCarryTag, carryKey(X_, y_, factors_, w_), std::move(left), bytes);
}

// The stages: from a cold start with more than twice as many columns as rows, a geometric
// sequence of ℓ1 weights from the largest useful one (the scale, where w = 0) down to the
// target, each solved from the last one's answer (glmnet's path): the active set grows as the
// solution's support does, instead of the first sweep at a small λ activating far more
// coordinates than the answer keeps — up to n of them, where G_AA is singular and sweeps
// crawl. (On squarer designs the stages' checks cost more than they save: the movie reviews,
// 5006 × 5623, take 20–30 % longer along a path.) Each stage's strong set is chosen by the
// sequential strong rule and ends on the KKT conditions of every coordinate, so the path
// changes the cost, not the answer.
Result ElasticNetDescent::run() {
  startFrom();
  res_.status = Status::MaxIterations;
  res_.history.push_back(factors_ ? objectiveWith(factors_->dot(w_.cwiseAbs()), factors_->dot(w_.cwiseAbs2()))
                                  : objectiveWith(w_.cwiseAbs().sum(), w_.squaredNorm()));
  std::vector<double> stages;
  if (cold_ && d_ > 2 * n_ && targetL1_ > 0)
    for (double s = top_ * opt_.pathRatio; s > targetL1_; s *= opt_.pathRatio) stages.push_back(s);
  stages.push_back(targetL1_);
  double previousL1 = cold_ ? top_ : carried_ ? std::max(carried_->l1, targetL1_) : targetL1_;
  int sweep = 0;
  bool converged = false, stopped = false;
  for (std::size_t stage = 0; stage < stages.size() && !stopped && sweep < opt_.maxSweeps; ++stage) {
    const bool last = stage + 1 == stages.size();
    l1_ = last ? targetL1_ : stages[stage];
    l2_ = last ? targetL2_ : (alpha_ > 0 ? l1_ / alpha_ * (1 - alpha_) : targetL2_);
    chooseStrong(2 * l1_ - previousL1);
    previousL1 = l1_;
    const bool certified = solveStage((last ? opt_.tolerance : opt_.pathTolerance) * scale_, sweep, stopped);
    converged = last && certified;
  }
  if (converged) res_.status = Status::Converged;
  if (converged && cache_) leaveCarry();
  res_.iterations = sweep;
  res_.objective = res_.history.back();
  res_.coef = w_;
  res_.intercept = RowVector::Constant(1, mean_);
  return res_;
}
}  // namespace

Result elasticNetCoordinateDescent(const CenteredDesign& X, const Vector& y, double lambda, double alpha,
                                   const CoordinateDescentOptions& opt, const Control& control, const Vector* start,
                                   const Vector* factors) {
  return ElasticNetDescent(X, y, lambda, alpha, opt, control, start, factors).run();
}

}  // namespace supclust
