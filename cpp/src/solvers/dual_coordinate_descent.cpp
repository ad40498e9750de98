#include "supclust/solvers/dual_coordinate_descent.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "supclust/base/random.hpp"

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

// The rows r_i as stored — dense: the centred rows (μ = 0); sparse: the caller's uncentred CSR
// rows, whose centred form is r_i − μ. w is kept as u + βμ, so that a step along the centred
// row, w += a(r_i − μ), touches only r_i's entries of u (and the scalars β and m = μᵀu):
//   (r_i − μ)ᵀw = r_iᵀu + β r_iᵀμ − m − β‖μ‖².
class SvmRows {
 public:
  explicit SvmRows(const CenteredDesign& X) : X_(X), n_(X.rows()), d_(X.cols()) {
    if (X.sparse()) {
      const DataMatrix& S = X.sparseData();
      mu_ = X.means().transpose();
      indptr_ = S.indptr();
      indices_ = S.indices();
      values_ = S.values();
    } else {
      mu_ = Vector::Zero(d_);
    }
    mu2_ = mu_.squaredNorm();
    p_.resize(n_);
    q_.resize(n_);
    for (Eigen::Index i = 0; i < n_; ++i) {
      p_[i] = dot(i, mu_);
      q_[i] = dot(i, mu_, true);
    }
  }
  // r_iᵀv, or ‖r_i‖² (squared).
  double dot(Eigen::Index i, const Vector& v, bool squared = false) const {
    if (!X_.sparse()) return squared ? X_.X().row(i).squaredNorm() : X_.X().row(i).dot(v);
    double s = 0;
    for (std::int32_t t = indptr_[i]; t < indptr_[i + 1]; ++t) s += values_[t] * (squared ? values_[t] : v[indices_[t]]);
    return s;
  }
  void axpy(Eigen::Index i, double a, Vector& v) const {
    if (!X_.sparse()) {
      v.noalias() += a * X_.X().row(i).transpose();
      return;
    }
    for (std::int32_t t = indptr_[i]; t < indptr_[i + 1]; ++t) v[indices_[t]] += a * values_[t];
  }
  // (r_i − μ)ᵀw with w = u + βμ and m = μᵀu; ‖r_i − μ‖².
  double centredDot(Eigen::Index i, const Vector& u, double beta, double m) const { return dot(i, u) + beta * p_[i] - m - beta * mu2_; }
  double centredSquaredNorm(Eigen::Index i) const { return q_[i] - 2 * p_[i] + mu2_; }
  double rowMean(Eigen::Index i) const { return p_[i]; }
  const Vector& mu() const { return mu_; }

 private:
  const CenteredDesign& X_;
  Eigen::Index n_, d_;
  Vector mu_, p_, q_;
  double mu2_ = 0;
  const std::int32_t* indptr_ = nullptr;
  const std::int32_t* indices_ = nullptr;
  const double* values_ = nullptr;
};

}  // namespace

Result linearSvm(const CenteredDesign& X, const Vector& y, double lambda, const DualCoordinateDescentOptions& opt,
                 const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const SvmRows rows(X);
  const double C = 1 / (lambda * static_cast<double>(n));
  const double inf = std::numeric_limits<double>::infinity();
  Vector alpha = Vector::Zero(n), u = Vector::Zero(d), diag(n);
  double beta = 0, m = 0, b = 0;
  for (Eigen::Index i = 0; i < n; ++i) diag[i] = rows.centredSquaredNorm(i) + 1;
  std::vector<Eigen::Index> active(static_cast<std::size_t>(n));
  std::iota(active.begin(), active.end(), Eigen::Index{0});
  std::size_t activeSize = active.size();
  // Shrinking (liblinear's): an α at a bound whose gradient points out of the box by more than
  // the last epoch's extreme projected gradients leaves the active set; when the active set's
  // projected gradients agree within eps, every α comes back for a full epoch (and with all of
  // them active, eps tightens). The duality gap, over all rows, decides convergence, whatever
  // the active set.
  double pgMaxOld = inf, pgMinOld = -inf, eps = 0.1;
  const auto weights = [&] { return Vector(u + beta * rows.mu()); };
  Random rng(opt.seed);
  Result r;
  r.status = Status::MaxIterations;
  double primal = svmPrimal(X, y, lambda, weights(), b);
  r.history.push_back(primal);
  for (int epoch = 1; epoch <= opt.maxIterations; ++epoch) {
    if (stopRequested(control, epoch, primal, r)) break;
    for (std::size_t k = activeSize; k > 1; --k) std::swap(active[k - 1], active[rng.below(k)]);
    double pgMax = -inf, pgMin = inf;
    for (std::size_t k = 0; k < activeSize;) {
      const Eigen::Index i = active[k];
      const double t = 2 * y[i] - 1;
      const double G = t * (rows.centredDot(i, u, beta, m) + b) - 1;  // ∂/∂α_i of ½αᵀQα − Σα
      double PG = 0;
      if (alpha[i] == 0) {
        if (G > pgMaxOld) { std::swap(active[k], active[--activeSize]); continue; }
        if (G < 0) PG = G;
      } else if (alpha[i] == C) {
        if (G < pgMinOld) { std::swap(active[k], active[--activeSize]); continue; }
        if (G > 0) PG = G;
      } else {
        PG = G;
      }
      pgMax = std::max(pgMax, PG);
      pgMin = std::min(pgMin, PG);
      ++k;
      if (PG == 0) continue;
      const double next = std::clamp(alpha[i] - G / diag[i], 0.0, C);
      const double delta = next - alpha[i];
      if (delta == 0) continue;
      alpha[i] = next;
      rows.axpy(i, delta * t, u);
      beta -= delta * t;
      m += delta * t * rows.rowMean(i);
      b += delta * t;
    }
    r.iterations = epoch;
    const Vector w = weights();
    primal = svmPrimal(X, y, lambda, w, b);
    r.history.push_back(primal);
    if (primal - svmDual(alpha, w, b, lambda) <= opt.tolerance * primal) {
      r.status = Status::Converged;
      break;
    }
    if (pgMax - pgMin <= eps) {
      if (activeSize < active.size()) activeSize = active.size();  // the shrunk problem is solved: all rows again
      else eps /= 10;
      pgMaxOld = inf;
      pgMinOld = -inf;
      continue;
    }
    pgMaxOld = pgMax <= 0 ? inf : pgMax;
    pgMinOld = pgMin >= 0 ? -inf : pgMin;
  }
  r.coef = weights();
  r.intercept = RowVector::Constant(1, b);
  r.objective = svmPrimal(X, y, lambda, r.coef.col(0), r.intercept[0]);
  return r;
}

}  // namespace supclust
