#include "supclust/solvers/dual_coordinate_descent.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "supclust/base/random.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

double svmPrimal(const CenteredDesign& X, const Vector& y, double lambda, const Vector& w, double b) {
  Vector z(X.rows());
  X.multiply(w.data(), z.data());
  double hinge = 0;
  for (Eigen::Index i = 0; i < z.size(); ++i) hinge += std::max(0.0, 1 - (2 * y[i] - 1) * (z[i] + b));
  return 0.5 * lambda * (w.squaredNorm() + b * b) + hinge / static_cast<double>(z.size());
}

// The primal is λ times the standard ½‖(w, b)‖² + C Σ hinge (C = 1/(λn)), whose dual at α,
// with (w, b) = Σ α_i ỹ_i (x_i, 1), is Σα − ½‖(w, b)‖²: in the primal's units, λ times that.
double svmDual(const Vector& alpha, const Vector& w, double b, double lambda) {
  return lambda * (alpha.sum() - 0.5 * (w.squaredNorm() + b * b));
}

namespace {

// The rows r_i of the caller's uncentred X, whose centred form is r_i − μ. w is kept as u + βμ,
// so that a step along a centred row, w += a(r_i − μ), touches only r_i's stored entries of u
// (and the scalars β and m = μᵀu):  (r_i − μ)ᵀw = r_iᵀu + β r_iᵀμ − m − β‖μ‖².
// Storage: a sparse X is read in place; a dense X too when more than kDenseAbove of its entries
// are non-zero (the two-lane dot and axpy kernels), else its non-zeros as CSR rows (the design's
// uncentredNonZeroRows, kept with a held design), so that a step costs the row's non-zeros, as
// liblinear's sparse rows. A design held
// only centred (built from a RowMatrix) is read as its centred rows, with μ = 0. With
// `centred = false` the rows are the caller's as they are: μ = 0 (from a RowMatrix: Xc + 1μᵀ,
// copied).
class SvmRows {
 public:
  SvmRows(const CenteredDesign& X, bool centred) : d_(X.cols()) {
    const DataMatrix& data = X.uncentred();
    const Eigen::Index n = X.rows();
    mu_ = centred ? Vector(X.means().transpose()) : Vector::Zero(d_);
    if (data.rows() != n) {
      if (centred) {
        dense_ = X.X().data();
      } else {
        ownedDense_ = X.X();
        ownedDense_.rowwise() += X.means();
        dense_ = ownedDense_.data();
      }
      mu_.setZero();
    } else if (data.sparse()) {
      indptr_ = data.indptr();
      indices_ = data.indices();
      values_ = data.values();
    } else if (const std::optional<NonZeroRows>& rows = X.uncentredNonZeroRows()) {
      indptr_ = rows->indptr.data();
      indices_ = rows->indices.data();
      values_ = rows->values.data();
    } else {
      dense_ = data.values();
    }
    mu2_ = mu_.squaredNorm();
    p_.resize(n);
    q_.resize(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      p_[i] = dot(i, mu_.data());
      q_[i] = squaredNorm(i);
    }
  }
  // r_iᵀv and ‖r_i‖². The sparse sum runs in four partial sums (entry t into sum t mod 4 from
  // the row's start), so that four gathers are in flight instead of one chain of additions; its
  // pointers move, so that wasm addresses each load as a pointer plus a constant.
  double dot(Eigen::Index i, const double* v) const {
    if (dense_) return supclust::dot(dense_ + i * d_, v, static_cast<std::size_t>(d_));
    const double* x = values_ + indptr_[i];
    const std::int32_t* k = indices_ + indptr_[i];
    std::int32_t left = indptr_[i + 1] - indptr_[i];
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (; left >= 4; left -= 4, x += 4, k += 4) {
      s0 += x[0] * v[k[0]];
      s1 += x[1] * v[k[1]];
      s2 += x[2] * v[k[2]];
      s3 += x[3] * v[k[3]];
    }
    for (std::int32_t t = 0; t < left; ++t) s0 += x[t] * v[k[t]];
    return (s0 + s1) + (s2 + s3);
  }
  double squaredNorm(Eigen::Index i) const {
    if (dense_) return supclust::dot(dense_ + i * d_, dense_ + i * d_, static_cast<std::size_t>(d_));
    double s = 0;
    for (std::int32_t t = indptr_[i]; t < indptr_[i + 1]; ++t) s += values_[t] * values_[t];
    return s;
  }
  // v += a r_i.
  void axpy(Eigen::Index i, double a, double* v) const {
    if (dense_) return supclust::axpy(a, dense_ + i * d_, v, static_cast<std::size_t>(d_));
    scatterAxpy(a, values_ + indptr_[i], indices_ + indptr_[i], static_cast<std::size_t>(indptr_[i + 1] - indptr_[i]),
                v);
  }
  // (r_i − μ)ᵀw with w = u + βμ and m = μᵀu; ‖r_i − μ‖².
  double centredDot(Eigen::Index i, const Vector& u, double beta, double m) const {
    return dot(i, u.data()) + beta * p_[i] - m - beta * mu2_;
  }
  double centredSquaredNorm(Eigen::Index i) const { return q_[i] - 2 * p_[i] + mu2_; }
  double rowMean(Eigen::Index i) const { return p_[i]; }
  const Vector& mu() const { return mu_; }

 private:
  Eigen::Index d_;
  Vector mu_, p_, q_;
  double mu2_ = 0;
  const double* dense_ = nullptr;
  const std::int32_t* indptr_ = nullptr;
  const std::int32_t* indices_ = nullptr;
  const double* values_ = nullptr;
  RowMatrix ownedDense_;
};

// The primal at w = u + βμ (m = μᵀu) and b, from the rows as the solver reads them (each hinge
// times its row's weight, when there are weights).
double primalOf(const SvmRows& rows, const Vector& y, double lambda, const Vector& u, double beta, double m, double b,
                const Vector& w, const Vector* weights) {
  double hinge = 0;
  for (Eigen::Index i = 0; i < y.size(); ++i)
    hinge += (weights ? (*weights)[i] : 1) * std::max(0.0, 1 - (2 * y[i] - 1) * (rows.centredDot(i, u, beta, m) + b));
  return 0.5 * lambda * (w.squaredNorm() + b * b) + hinge / static_cast<double>(y.size());
}

}  // namespace

Result linearSvm(const CenteredDesign& X, const Vector& y, double lambda, const DualCoordinateDescentOptions& opt,
                 const Control& control, const Vector* weights) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const SvmRows rows(X, opt.centred);
  // Row i's bound C_i = ω_i/(λn) (liblinear's instance weights; ω = 1 without weights).
  const double C = 1 / (lambda * static_cast<double>(n));
  const auto bound = [&](Eigen::Index i) { return weights ? (*weights)[i] * C : C; };
  const double inf = std::numeric_limits<double>::infinity();
  Vector alpha = Vector::Zero(n), u = Vector::Zero(d), diag(n);
  double beta = 0, m = 0, b = 0;
  for (Eigen::Index i = 0; i < n; ++i) diag[i] = rows.centredSquaredNorm(i) + 1;
  // The rows of the problem: every row, but those of weight 0 (α_i = 0 at both bounds).
  std::vector<Eigen::Index> active;
  for (Eigen::Index i = 0; i < n; ++i)
    if (bound(i) > 0) active.push_back(i);
  std::size_t activeSize = active.size();
  // Shrinking (liblinear's): an α at a bound whose gradient points out of the box by more than
  // the last epoch's extreme projected gradients leaves the active set; when the active set's
  // projected gradients agree within eps, every α comes back for a full epoch (and with all of
  // them active, eps tightens). The relative duality gap, over all rows, decides convergence,
  // whatever the active set; evaluating it is a pass over X (more than a shrunk epoch), so it is
  // evaluated when the geometric decrease between its last two values predicts that it has
  // reached the tolerance, at the latest once the epochs since the last evaluation have visited
  // kGapEvery·n rows, and at the last epoch. The first value is the gap at α = 0 (1: primal 1,
  // dual 0); until a second one is known, liblinear's stopping rule with all rows active also
  // triggers an evaluation.
  constexpr double kGapEvery = 10;
  struct Gap {
    int epoch;
    double relative;
  };
  Gap before{0, 1}, last{0, 1};
  double visited = 0;  // rows visited since the last evaluation
  double pgMaxOld = inf, pgMinOld = -inf, eps = 0.1;
  Random rng(opt.seed);
  Result r;
  r.status = Status::MaxIterations;
  double primal = 1;  // at α = 0 (w = 0, b = 0) every hinge is 1
  int primalEpoch = 0;  // the epoch whose iterate `primal` is
  r.history.push_back(primal);
  for (int epoch = 1; epoch <= opt.maxIterations; ++epoch) {
    if (stopRequested(control, epoch, primal, r)) break;
    visited += static_cast<double>(activeSize);
    for (std::size_t k = activeSize; k > 1; --k) std::swap(active[k - 1], active[rng.below(k)]);
    double pgMax = -inf, pgMin = inf;
    for (std::size_t k = 0; k < activeSize;) {
      const Eigen::Index i = active[k];
      const double t = 2 * y[i] - 1;
      const double G = t * (rows.centredDot(i, u, beta, m) + b) - 1;  // ∂/∂α_i of ½αᵀQα − Σα
      double PG = 0;
      const double Ci = bound(i);
      if (alpha[i] == 0) {
        if (G > pgMaxOld) {
          std::swap(active[k], active[--activeSize]);
          continue;
        }
        if (G < 0) PG = G;
      } else if (alpha[i] == Ci) {
        if (G < pgMinOld) {
          std::swap(active[k], active[--activeSize]);
          continue;
        }
        if (G > 0) PG = G;
      } else {
        PG = G;
      }
      pgMax = std::max(pgMax, PG);
      pgMin = std::min(pgMin, PG);
      ++k;
      if (PG == 0) continue;
      const double next = std::clamp(alpha[i] - G / diag[i], 0.0, Ci);
      const double delta = next - alpha[i];
      if (delta == 0) continue;
      alpha[i] = next;
      rows.axpy(i, delta * t, u.data());
      beta -= delta * t;
      m += delta * t * rows.rowMean(i);
      b += delta * t;
    }
    r.iterations = epoch;
    const bool solved = pgMax - pgMin <= eps, allActive = activeSize == active.size();
    bool evaluate = epoch == opt.maxIterations || visited >= kGapEvery * static_cast<double>(n);
    if (last.epoch == 0) {
      evaluate = evaluate || (solved && allActive);
    } else if (last.relative < before.relative) {  // predicted: last · rate^(epochs since) ≤ tolerance
      const double logRate = std::log(last.relative / before.relative) / (last.epoch - before.epoch);
      evaluate = evaluate || (epoch - last.epoch) * logRate <= std::log(opt.tolerance / last.relative);
    }
    if (evaluate) {
      const Vector w = u + beta * rows.mu();
      primal = primalOf(rows, y, lambda, u, beta, m, b, w, weights);
      primalEpoch = epoch;
      r.history.push_back(primal);
      const double gap = primal - svmDual(alpha, w, b, lambda);
      if (gap <= opt.tolerance * primal) {
        r.status = Status::Converged;
        break;
      }
      before = last;
      last = {epoch, gap / primal};
      visited = 0;
    }
    if (solved) {
      if (!allActive) activeSize = active.size();  // the shrunk problem is solved: all rows again
      else eps /= 10;
      pgMaxOld = inf;
      pgMinOld = -inf;
      continue;
    }
    pgMaxOld = pgMax <= 0 ? inf : pgMax;
    pgMinOld = pgMin >= 0 ? -inf : pgMin;
  }
  r.coef = u + beta * rows.mu();
  r.objective = primalEpoch == r.iterations ? primal : primalOf(rows, y, lambda, u, beta, m, b, r.coef.col(0), weights);
  // The intercept of the centred rows: b itself, or with raw rows b + μᵀw.
  r.intercept = RowVector::Constant(1, opt.centred ? b : b + X.means().dot(r.coef.col(0).transpose()));
  return r;
}

}  // namespace supclust
