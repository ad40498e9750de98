#include "supclust/solvers/proximal_newton.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "supclust/core/penalty.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/kernels/sparse_columns.hpp"
#include "supclust/solvers/coordinate_extrapolation.hpp"
#include "supclust/solvers/proximal_gradient.hpp"

namespace supclust {

namespace {

// One output column's loss as a function of its scores z (n entries), the other columns held:
// a separable loss's column alone; a coupled loss's (the softmax) whole value, with column k of
// the shared scores Z set to z — the call leaves it there, so the column's accepted scores must
// be the last ones passed (commit()).
class ColumnLoss {
 public:
  ColumnLoss(const Loss& loss, const Matrix& T, Matrix& Z, Eigen::Index k)
      : loss_(loss),
        k_(k),
        Z_(loss.separable() ? nullptr : &Z),
        T_(loss.separable() ? Matrix(T.col(k)) : T),
        Zk_(Z.rows(), 1) {}

  double value(const Vector& z) {
    if (!Z_) {
      Zk_.col(0) = z;
      return loss_.value(Zk_, T_);
    }
    Z_->col(k_) = z;
    return loss_.value(*Z_, T_);
  }
  // The loss's derivative and second derivative in each score of the column at z (n × 1 each).
  void derivatives(const Vector& z, Matrix& G, Matrix& D) {
    if (!Z_) {
      Zk_.col(0) = z;
      loss_.gradient(Zk_, T_, G);
      loss_.hessianWeights(Zk_, D);
      return;
    }
    Z_->col(k_) = z;
    loss_.gradient(*Z_, T_, all_);
    G = all_.col(k_);
    loss_.hessianWeights(*Z_, all_);
    D = all_.col(k_);
  }
  void commit(const Vector& z) {
    if (Z_) Z_->col(k_) = z;
  }

 private:
  const Loss& loss_;
  Eigen::Index k_;
  Matrix* Z_;  // the shared scores of a coupled loss; nullptr for a separable one
  Matrix T_;  // the column's targets (separable), or all of them
  Matrix Zk_, all_;
};

// What one Newton step of a column ended with.
enum class StepEnd { Certified, Moved, OnTrust, Stuck };

// The set-up shared by every column's steps, and one column's state and steps. Its larger
// methods are kept out of line: both drivers below call them, one copy serves both.
class ColumnNewton {
 public:
  ColumnNewton(const Objective& F, double lambda1, const Vector* factors, Eigen::Index k, Matrix& Z, const Matrix& W0,
               const RowVector& b0)
      : w(W0.col(k)),
        b(b0[k]),
        lambda1_(lambda1),
        lambda2_(F.lambda()),
        factors_(factors),
        n_(F.design().rows()),
        d_(F.design().cols()),
        mu_(F.design().means()),
        cols_(F.design().uncentredColumns()),
        loss_(F.loss(), F.targets(), Z, k),
        g_(d_),
        hdiag_(d_),
        dD_(d_),
        dw_(d_),
        step_(n_),
        weighted_(n_),
        zTrial_(n_),
        z_(n_),
        trialStep_(n_) {
    predict();
  }

  // z = Xc w + b = X w + (b − μ·w) 1, from the columns (no drift); commits z.
  [[gnu::noinline]] void predict() {
    z_.setConstant(b - mu_.dot(w));
    for (Eigen::Index j = 0; j < d_; ++j)
      if (const double wj = w[j]; wj != 0) columnAxpy(cols_, j, wj, z_.data());
    loss_.commit(z_);
  }
  // The column's loss and penalty at scores z and coefficients wv.
  double objectiveAt(const Vector& z, const Vector& wv) {
    if (factors_)
      return loss_.value(z) + factors_->dot((0.5 * lambda2_ * wv.cwiseAbs2() + lambda1_ * wv.cwiseAbs()).matrix());
    return loss_.value(z) + 0.5 * lambda2_ * wv.squaredNorm() + lambda1_ * wv.lpNorm<1>();
  }
  void evaluate() { f = objectiveAt(z_, w); }

  // The optimality residual at the current point (ℓ1 violations and |∇_b|), leaving the gradient,
  // the curvature and the intercept's derivative for step().
  [[gnu::noinline]] double residual() {
    loss_.derivatives(z_, G_, D_);
    // Xcᵀ G = Xᵀ G − μ ΣG, from the columns.
    gb_ = G_.sum();
    columnDots(cols_, G_.data(), 0, d_, g_.data());
    for (Eigen::Index j = 0; j < d_; ++j) g_[j] = g_[j] - mu_[j] * gb_ + lambda2_ * pf(j) * w[j];
    double residual = std::abs(gb_);
    for (Eigen::Index j = 0; j < d_; ++j) residual = std::max(residual, l1Violation(w[j], g_[j], lambda1_ * pf(j)));
    return residual;
  }

  // One Newton step from the point residual() read, whose residual is `residual`: the quadratic
  // model minimised on the active set, then an Armijo line search on the column's objective. A
  // step whose predicted decrease f cannot resolve is taken on trust (OnTrust: judged by the
  // residual it leaves, undo() takes it back); Stuck: no decrease representable.
  [[gnu::noinline]] StepEnd step(double residual) {
    solveModel(residual);
    step_.array() += offset_;
    // Armijo line search on the full objective along (Δw, Δb).
    const double l1Change =
        factors_ ? factors_->dot(Vector((w + dw_).cwiseAbs() - w.cwiseAbs())) : (w + dw_).lpNorm<1>() - w.lpNorm<1>();
    const double descent = g_.dot(dw_) + gb_ * db_ + lambda1_ * l1Change;
    if (std::abs(descent) <= 1e-13 * std::abs(f)) {
      wBefore_ = w;
      bBefore_ = b;
      fBefore_ = f;
      w += dw_;
      b += db_;
      f = objectiveAt(z_ + step_, w);
      return StepEnd::OnTrust;
    }
    double t = 1, fNew = f;
    Vector wNew = w;
    bool moved = false;
    for (int ls = 0; ls < 60; ++ls, t *= 0.5) {
      wNew = w + t * dw_;
      zTrial_ = z_ + t * step_;
      fNew = objectiveAt(zTrial_, wNew);
      if (fNew <= f + 0.01 * t * descent) {
        moved = true;
        break;
      }
    }
    if (!moved) {
      loss_.commit(z_);
      return StepEnd::Stuck;
    }
    w = wNew;
    b += t * db_;
    z_ = zTrial_;
    loss_.commit(z_);
    f = fNew;
    return StepEnd::Moved;
  }
  // Back to the point before the last step taken on trust.
  void undo() {
    w = wBefore_;
    b = bBefore_;
    f = fBefore_;
  }

  Vector w;
  double b;
  double f = 0;  // the column's objective at (w, b)

 private:
  double pf(Eigen::Index j) const { return factors_ ? (*factors_)[j] : 1.0; }

  // Coordinate descent on q(Δ) = gᵀΔ + ½ΔᵀHΔ + λ1‖w + Δw‖₁ (+ the free intercept), to a tenth of
  // the outer residual, over the active set (zeros strictly inside the band stay out) with the
  // model's diagonal H_jj = Σ D_i (x_ij − μ_j)² + λ2 and a_j = Σ D_i x_ij from the non-zeros. The
  // step Xc Δw + Δb 1 is kept as raw (step_) + offset_·1, with weighted = D ∘ raw and its sum, so
  // that a coordinate costs its column's non-zeros. Every five passes the iterates are extrapolated
  // (coordinate_extrapolation.hpp) and the extrapolated step kept when it lowers q.
  [[gnu::noinline]] void solveModel(double residual) {
    active_.clear();
    for (Eigen::Index j = 0; j < d_; ++j)
      if (w[j] != 0 || std::abs(g_[j]) > lambda1_ * pf(j) * (1 - 1e-9)) active_.push_back(j);
    const double* Dp = D_.data();
    const double sumD = D_.sum();
    for (Eigen::Index j : active_) {
      double a = 0, q = 0;
      columnWeightedMoments(cols_, j, Dp, a, q);
      dD_[j] = a;
      hdiag_[j] = q - 2 * mu_[j] * a + mu_[j] * mu_[j] * sumD + lambda2_ * pf(j) + 1e-12;
    }
    const double hb = sumD + 1e-12;
    dw_.setZero();
    step_.setZero();
    weighted_.setZero();
    offset_ = 0;
    db_ = 0;
    double sumWeighted = 0;
    const auto k = static_cast<Eigen::Index>(active_.size());
    CoordinateExtrapolation extrapolation(k + 1);
    for (int pass = 0; pass < 200; ++pass) {
      double largest = 0;
      // Σ x_ij D_i raw_i over the non-zeros of the coordinate next in line: computed with the
      // step's update when a coordinate moves (columnAxpyWithWeightedThenDot).
      double xw = active_.empty() ? 0 : columnDot(cols_, active_[0], weighted_.data());
      for (std::size_t t = 0; t < active_.size(); ++t) {
        const Eigen::Index j = active_[t];
        const bool more = t + 1 < active_.size();
        // (Xc_jᵀ D step) with step = raw + offset·1 and Xc_j = x_j − μ_j 1.
        const double model = xw + offset_ * dD_[j] - mu_[j] * (sumWeighted + offset_ * sumD);
        const double gj = g_[j] + model + lambda2_ * pf(j) * dw_[j];
        const double u = w[j] + dw_[j];
        const double delta = softThreshold(u - gj / hdiag_[j], lambda1_ * pf(j) / hdiag_[j]) - u;
        if (delta == 0) {
          if (more) xw = columnDot(cols_, active_[t + 1], weighted_.data());
          continue;
        }
        dw_[j] += delta;
        if (more)
          xw = columnAxpyWithWeightedThenDot(cols_, j, delta, Dp, step_.data(), weighted_.data(), active_[t + 1]);
        else columnAxpyWithWeighted(cols_, j, delta, Dp, step_.data(), weighted_.data());
        sumWeighted += delta * dD_[j];
        offset_ -= delta * mu_[j];
        largest = std::max(largest, std::abs(delta) * hdiag_[j]);
      }
      const double delta = -(gb_ + sumWeighted + offset_ * sumD) / hb;
      db_ += delta;
      offset_ += delta;
      largest = std::max(largest, std::abs(delta) * hb);
      if (largest <= 0.1 * residual) break;
      Eigen::Ref<Vector> x = extrapolation.iterate();
      for (Eigen::Index t = 0; t < k; ++t) x[t] = dw_[active_[t]];
      x[k] = db_;
      if (extrapolation.extrapolate(candidate_)) takeIfLower(candidate_, sumWeighted);
    }
  }

  // The model q(Δ) + λ1‖w + Δw‖₁ (solveModel's, up to its constant) at the step Δw = dw(t) on
  // active_[t], Δb = db, whose scores Xc Δw + Δb 1 are raw + offset·1.
  template <class StepOf>
  double modelAt(const Vector& raw, double offset, StepOf dw, double db) const {
    const double* Dp = D_.data();
    double curvature = 0;
    for (Eigen::Index i = 0; i < n_; ++i) curvature += Dp[i] * (raw[i] + offset) * (raw[i] + offset);
    double value = gb_ * db + 0.5 * curvature;
    for (std::size_t t = 0; t < active_.size(); ++t) {
      const Eigen::Index j = active_[t];
      const double step = dw(t);
      value += g_[j] * step + pf(j) * (0.5 * lambda2_ * step * step + lambda1_ * std::abs(w[j] + step));
    }
    return value;
  }
  // An extrapolated step x (Δw over the active set, then Δb) replaces the passes' own when it
  // lowers the model: its scores are computed afresh, the passes' running sums with them.
  void takeIfLower(const Vector& x, double& sumWeighted) {
    const auto k = static_cast<Eigen::Index>(active_.size());
    trialStep_.setZero();
    double offset = x[k], sum = 0;
    for (Eigen::Index t = 0; t < k; ++t) {
      const Eigen::Index j = active_[t];
      if (x[t] != 0) columnAxpy(cols_, j, x[t], trialStep_.data());
      offset -= x[t] * mu_[j];
      sum += x[t] * dD_[j];
    }
    const double current = modelAt(
        step_, offset_, [&](std::size_t t) { return dw_[active_[t]]; }, db_);
    if (!(modelAt(
              trialStep_, offset, [&](std::size_t t) { return x[static_cast<Eigen::Index>(t)]; }, x[k]) < current))
      return;
    for (Eigen::Index t = 0; t < k; ++t) dw_[active_[t]] = x[t];
    db_ = x[k];
    offset_ = offset;
    sumWeighted = sum;
    step_.swap(trialStep_);
    weighted_ = D_.col(0).cwiseProduct(step_);
  }

  const double lambda1_, lambda2_;
  const Vector* factors_;
  const Eigen::Index n_, d_;
  const RowVector& mu_;
  const SparseColumns& cols_;
  ColumnLoss loss_;
  Matrix G_, D_;
  double gb_ = 0, db_ = 0, offset_ = 0;
  Vector g_, hdiag_, dD_, dw_, step_, weighted_, zTrial_, z_, trialStep_, candidate_;
  std::vector<Eigen::Index> active_;
  Vector wBefore_;
  double bBefore_ = 0, fBefore_ = 0;
};

}  // namespace

Result proximalNewtonL1(const Objective& F, double lambda1, Matrix W, RowVector b, const ProximalNewtonOptions& opt,
                        const Control& control, const Vector* factors) {
  const double lambda2 = F.lambda();
  const L1Penalty P(lambda1);
  // F + the ℓ1 penalty, each coordinate's two weights scaled by its factor.
  const auto penalisedObjective = [&](const Matrix& Wv, const RowVector& bv) {
    if (!factors) return F.value(Wv, bv) + P.value(Wv);
    const Vector rows = Wv.rowwise().squaredNorm(), absRows = Wv.cwiseAbs().rowwise().sum();
    return F.value(Wv, bv) + 0.5 * lambda2 * (factors->dot(rows) - rows.sum()) + lambda1 * factors->dot(absRows);
  };
  const double target = opt.tolerance * gradientScale(F);
  Result r;
  r.status = Status::Converged;
  r.history.push_back(penalisedObjective(W, b));
  const auto limit = [&r](const char* why) {
    r.status = Status::MaxIterations;
    r.message = why;
  };
  int total = 0;
  Matrix Z(F.design().rows(), F.outputs());
  if (F.loss().separable()) {
    // Each column on its own, to its certificate.
    const bool single = F.outputs() == 1;
    for (Eigen::Index k = 0; k < F.outputs(); ++k) {
      ColumnNewton c(F, lambda1, factors, k, Z, W, b);
      c.evaluate();
      bool onTrust = false;
      double residualBefore = HUGE_VAL;
      for (int it = 0;; ++it) {
        if (it > 0) c.predict();
        const double residual = c.residual();
        if (onTrust && !(residual < residualBefore)) {  // it did not help: back, and stop there
          c.undo();
          if (residualBefore > target) limit("proximal Newton: the residual no longer decreases in floating point");
          break;
        }
        onTrust = false;
        if (residual <= target) break;
        if (it >= opt.maxIterations) {
          limit("proximal Newton: optimality residual above tolerance after the iteration limit");
          break;
        }
        if (stopRequested(control, total, c.f, r)) return r;
        ++total;
        const StepEnd end = c.step(residual);
        if (end == StepEnd::OnTrust) {
          onTrust = true;
          residualBefore = residual;
          continue;
        }
        if (end == StepEnd::Stuck) {  // no decrease representable: as close as doubles get
          if (residual > target) limit("proximal Newton: no further decrease in floating point");
          break;
        }
        if (single) r.history.push_back(c.f);
      }
      W.col(k) = c.w;
      b[k] = c.b;
    }
  } else {
    // A coupled loss (the softmax): glmnet's multinomial scheme — cycles over the classes, each
    // class one Newton step on its own block (the others held, its diagonal curvature p(1 − p)),
    // until a whole cycle finds every class certified: no class moved in it, so every residual
    // was read at the one final point.
    std::vector<std::unique_ptr<ColumnNewton>> classes;
    for (Eigen::Index k = 0; k < F.outputs(); ++k)
      classes.push_back(std::make_unique<ColumnNewton>(F, lambda1, factors, k, Z, W, b));
    for (int cycle = 0;; ++cycle) {
      bool certified = true, moved = false;
      for (const std::unique_ptr<ColumnNewton>& column : classes) {
        ColumnNewton& c = *column;
        c.predict();
        c.evaluate();
        const double residual = c.residual();
        if (residual <= target) continue;
        certified = false;
        if (cycle >= opt.maxIterations) break;
        if (stopRequested(control, total, c.f, r)) return r;
        ++total;
        const StepEnd end = c.step(residual);
        if (end == StepEnd::OnTrust) {  // a step below f's resolution: kept only if the residual falls
          c.predict();
          if (c.residual() < residual) {
            moved = true;
          } else {
            c.undo();
            c.predict();
          }
        } else if (end == StepEnd::Moved) {
          moved = true;
        }
      }
      for (Eigen::Index k = 0; k < F.outputs(); ++k) {
        W.col(k) = classes[static_cast<std::size_t>(k)]->w;
        b[k] = classes[static_cast<std::size_t>(k)]->b;
      }
      if (certified) break;
      // The objective from the classes' scores (Z: every column committed), without a product.
      const Vector rows = W.rowwise().squaredNorm(), absRows = W.cwiseAbs().rowwise().sum();
      const double penalty = factors ? 0.5 * lambda2 * factors->dot(rows) + lambda1 * factors->dot(absRows)
                                     : 0.5 * lambda2 * rows.sum() + lambda1 * absRows.sum();
      r.history.push_back(F.loss().value(Z, F.targets()) + penalty);
      if (!moved) {
        limit("proximal Newton: no further decrease in floating point");
        break;
      }
    }
  }
  r.iterations = total;
  r.objective = penalisedObjective(W, b);
  if (r.objective < r.history.back()) r.history.push_back(r.objective);
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
