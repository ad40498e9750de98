#include "supclust/solvers/proximal_newton.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/core/penalty.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/kernels/sparse_columns.hpp"
#include "supclust/solvers/proximal_gradient.hpp"

namespace supclust {


Result proximalNewtonL1(const Objective& F, double lambda1, Matrix W, RowVector b, const ProximalNewtonOptions& opt,
                        const Control& control, const Vector* factors) {
  const Eigen::Index n = F.design().rows(), d = F.design().cols();
  const double lambda2 = F.lambda();
  const L1Penalty P(lambda1);
  // Coordinate j's penalty factor (both weights scale by it; 1 without factors).
  const auto pf = [factors](Eigen::Index j) { return factors ? (*factors)[j] : 1.0; };
  // F + the ℓ1 penalty, each coordinate's two weights scaled by its factor.
  const auto penalisedObjective = [&](const Matrix& Wv, const RowVector& bv) {
    if (!factors) return F.value(Wv, bv) + P.value(Wv);
    const Vector rows = Wv.rowwise().squaredNorm(), absRows = Wv.cwiseAbs().rowwise().sum();
    return F.value(Wv, bv) + 0.5 * lambda2 * (factors->dot(rows) - rows.sum()) + lambda1 * factors->dot(absRows);
  };
  const double scale = gradientScale(F), target = opt.tolerance * scale;
  // Column access for coordinate descent: Xc's column j = x_j − μ_j 1, from the non-zeros.
  const RowVector& mu = F.design().means();
  const SparseColumns& cols = F.design().uncentredColumns();
  Result r;
  r.status = Status::Converged;
  r.history.push_back(penalisedObjective(W, b));
  const bool single = F.outputs() == 1;
  int total = 0;
  Matrix Z(n, 1), G, D;
  Vector g(d), hdiag(d), dD(d), dw(d), step(n), weighted(n), zTrial(n);
  std::vector<Eigen::Index> active;
  for (Eigen::Index k = 0; k < F.outputs(); ++k) {
    const Matrix T = F.targets().col(k);
    Vector w = W.col(k);
    double bk = b[k];
    auto objectiveAt = [&](const Vector& z, const Vector& wv) {
      Matrix Zv(n, 1);
      Zv.col(0) = z;
      if (factors) return F.loss().value(Zv, T) + factors->dot((0.5 * lambda2 * wv.cwiseAbs2() + lambda1 * wv.cwiseAbs()).matrix());
      return F.loss().value(Zv, T) + 0.5 * lambda2 * wv.squaredNorm() + lambda1 * wv.lpNorm<1>();
    };
    Vector z(n);
    auto predictor = [&] {  // z = Xc w + b = X w + (b − μ·w) 1, from the columns (no drift)
      z.setConstant(bk - mu.dot(w));
      for (Eigen::Index j = 0; j < d; ++j)
        if (const double wj = w[j]; wj != 0) columnAxpy(cols, j, wj, z.data());
    };
    predictor();
    double f = objectiveAt(z, w);
    // A step too small for f to resolve is taken on trust and judged by the residual it leaves.
    bool onTrust = false;
    Vector wBefore;
    double bBefore = 0, fBefore = 0, residualBefore = HUGE_VAL;
    for (int it = 0;; ++it) {
      if (it > 0) predictor();
      Z.col(0) = z;
      F.loss().gradient(Z, T, G);
      F.loss().hessianWeights(Z, D);
      // Xcᵀ G = Xᵀ G − μ ΣG, from the columns.
      const double gb = G.sum();
      const double* Gp = G.data();
      columnDots(cols, Gp, 0, d, g.data());
      for (Eigen::Index j = 0; j < d; ++j) g[j] = g[j] - mu[j] * gb + lambda2 * pf(j) * w[j];
      double residual = std::abs(gb);
      for (Eigen::Index j = 0; j < d; ++j) residual = std::max(residual, l1Violation(w[j], g[j], lambda1 * pf(j)));
      if (onTrust && !(residual < residualBefore)) {  // it did not help: back, and stop there
        w = wBefore;
        bk = bBefore;
        f = fBefore;
        if (residualBefore > target) {
          r.status = Status::MaxIterations;
          r.message = "proximal Newton: the residual no longer decreases in floating point";
        }
        break;
      }
      onTrust = false;
      if (residual <= target) break;
      if (it >= opt.maxIterations) {
        r.status = Status::MaxIterations;
        r.message = "proximal Newton: optimality residual above tolerance after the iteration limit";
        break;
      }
      if (stopRequested(control, total, f, r)) return r;
      ++total;
      // The active set (zeros strictly inside the band stay out), and on it the quadratic model's
      // diagonal H_jj = Σ D_i (x_ij − μ_j)² + λ2 and a_j = Σ D_i x_ij, from the non-zeros.
      active.clear();
      for (Eigen::Index j = 0; j < d; ++j)
        if (w[j] != 0 || std::abs(g[j]) > lambda1 * pf(j) * (1 - 1e-9)) active.push_back(j);
      const double* Dp = D.data();
      const double sumD = D.sum();
      for (Eigen::Index j : active) {
        double a = 0, q = 0;
        columnWeightedMoments(cols, j, Dp, a, q);
        dD[j] = a;
        hdiag[j] = q - 2 * mu[j] * a + mu[j] * mu[j] * sumD + lambda2 * pf(j) + 1e-12;
      }
      const double hb = sumD + 1e-12;
      // Coordinate descent on q(Δ) = gᵀΔ + ½ΔᵀHΔ + λ1‖w + Δw‖₁ (+ the free intercept), to a
      // tenth of the outer residual. The step Xc Δw + Δb 1 is kept as raw + offset·1, with
      // weighted = D ∘ raw and its sum, so that a coordinate costs its column's non-zeros.
      dw.setZero();
      step.setZero();     // the raw part
      weighted.setZero();
      double offset = 0, sumWeighted = 0, db = 0;
      for (int pass = 0; pass < 200; ++pass) {
        double largest = 0;
        // Σ x_ij D_i raw_i over the non-zeros of the coordinate next in line: computed with the
        // step's update when a coordinate moves (columnAxpyWithWeightedThenDot).
        double xw = active.empty() ? 0 : columnDot(cols, active[0], weighted.data());
        for (std::size_t t = 0; t < active.size(); ++t) {
          const Eigen::Index j = active[t];
          const bool more = t + 1 < active.size();
          // (Xc_jᵀ D step) with step = raw + offset·1 and Xc_j = x_j − μ_j 1.
          const double model = xw + offset * dD[j] - mu[j] * (sumWeighted + offset * sumD);
          const double gj = g[j] + model + lambda2 * pf(j) * dw[j];
          const double u = w[j] + dw[j];
          const double delta = softThreshold(u - gj / hdiag[j], lambda1 * pf(j) / hdiag[j]) - u;
          if (delta == 0) {
            if (more) xw = columnDot(cols, active[t + 1], weighted.data());
            continue;
          }
          dw[j] += delta;
          if (more) xw = columnAxpyWithWeightedThenDot(cols, j, delta, Dp, step.data(), weighted.data(), active[t + 1]);
          else columnAxpyWithWeighted(cols, j, delta, Dp, step.data(), weighted.data());
          sumWeighted += delta * dD[j];
          offset -= delta * mu[j];
          largest = std::max(largest, std::abs(delta) * hdiag[j]);
        }
        const double delta = -(gb + sumWeighted + offset * sumD) / hb;
        db += delta;
        offset += delta;
        largest = std::max(largest, std::abs(delta) * hb);
        if (largest <= 0.1 * residual) break;
      }
      step.array() += offset;
      // Armijo line search on the full objective along (Δw, Δb).
      const double descent = g.dot(dw) + gb * db +
                             (factors ? lambda1 * factors->dot(Vector((w + dw).cwiseAbs() - w.cwiseAbs())) : lambda1 * ((w + dw).lpNorm<1>() - w.lpNorm<1>()));
      if (std::abs(descent) <= 1e-13 * std::abs(f)) {
        onTrust = true;
        wBefore = w;
        bBefore = bk;
        fBefore = f;
        residualBefore = residual;
        w += dw;
        bk += db;
        f = objectiveAt(z + step, w);
        continue;
      }
      double t = 1, fNew = f;
      Vector wNew = w;
      bool moved = false;
      for (int ls = 0; ls < 60; ++ls, t *= 0.5) {
        wNew = w + t * dw;
        zTrial = z + t * step;
        fNew = objectiveAt(zTrial, wNew);
        if (fNew <= f + 0.01 * t * descent) {
          moved = true;
          break;
        }
      }
      if (!moved) {  // no decrease representable: as close as doubles get
        if (residual > target) {
          r.status = Status::MaxIterations;
          r.message = "proximal Newton: no further decrease in floating point";
        }
        break;
      }
      w = wNew;
      bk += t * db;
      z = zTrial;
      f = fNew;
      if (single) r.history.push_back(f);
    }
    W.col(k) = w;
    b[k] = bk;
  }
  r.iterations = total;
  r.objective = penalisedObjective(W, b);
  if (r.objective < r.history.back()) r.history.push_back(r.objective);
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
