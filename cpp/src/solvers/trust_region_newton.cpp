#include "supclust/solvers/trust_region_newton.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/solvers/proximal_gradient.hpp"

namespace supclust {

namespace {
// The problem in the outputs first … first + m − 1 (one output, or all of them when the
// objective couples them), in x = (vec W, b) ∈ R^{m(d+1)}, with the design's products.
class Block {
 public:
  Block(const Objective& F, Eigen::Index first, Eigen::Index m)
      : F_(F), X_(F.design()), first_(first), m_(m), T_(F.targets().middleCols(first, m)) {}

  Eigen::Index size() const { return m_ * (X_.cols() + 1); }

  // f(x), its gradient g, and the Hessian weights at x (kept for hessianTimes()).
  double valueGradient(const Vector& x, Vector& g) {
    predict(x, Z_);
    return valueGradientFromPredictor(x, g);
  }
  // The same at the point of the last value() call, whose predictor it reuses (one product fewer).
  double valueGradientAtTrial(const Vector& x, Vector& g) {
    Z_.swap(Trial_);
    return valueGradientFromPredictor(x, g);
  }

  double value(const Vector& x) {
    predict(x, Trial_);
    return F_.loss().value(Trial_, T_) + F_.regulariser(coef(x), first_);
  }

  // H v = (Xcᵀ U + ∇²R V, 1ᵀ U) with U = D ∘ (Xc V + 1 v_bᵀ), at the last valueGradient() point.
  // A loss that couples a row's entries (multinomial): U = ∇²Loss(Z)·(Xc V + 1 v_bᵀ) row by row.
  void hessianTimes(const Vector& v, Vector& out) {
    const Eigen::Index d = X_.cols();
    out.resize(size());
    if (!F_.loss().separable()) {
      predict(v, U_);
      F_.loss().curvatureTimes(D_, U_);
      backProject(U_, v, out);
      return;
    }
    U_.resize(X_.rows(), m_);
    for (Eigen::Index k = 0; k < m_; ++k) {
      X_.multiplyWeightedTransposed(v.data() + k * d, v[m_ * d + k], D_.col(k).data(), U_.col(k).data(),
                                    out.data() + k * d);
      out[m_ * d + k] = U_.col(k).sum();
    }
    addRegulariserTimes(v, out);
  }

  Eigen::Map<const Matrix> coef(const Vector& x) const { return {x.data(), X_.cols(), m_}; }

 private:
  // f, g and the Hessian weights at x from its predictor Z_.
  double valueGradientFromPredictor(const Vector& x, Vector& g) {
    F_.loss().gradient(Z_, T_, G_);
    F_.loss().curvatureState(Z_, D_);
    g.resize(size());
    backProject(G_, x, g);
    return F_.loss().value(Z_, T_) + F_.regulariser(coef(x), first_);
  }
  // Z = Xc W + 1 bᵀ for x = (vec W, b).
  void predict(const Vector& x, Matrix& Z) const {
    const Eigen::Index d = X_.cols();
    Z.resize(X_.rows(), m_);
    for (Eigen::Index k = 0; k < m_; ++k) {
      X_.multiply(x.data() + k * d, Z.col(k).data());
      Z.col(k).array() += x[m_ * d + k];
    }
  }
  // out = (Xcᵀ R + ∇²R V, 1ᵀ R) for residual-like R (n x m) and the point v = (vec V, ·).
  void backProject(const Matrix& R, const Vector& v, Vector& out) const {
    const Eigen::Index d = X_.cols();
    for (Eigen::Index k = 0; k < m_; ++k) {
      X_.multiplyTransposed(R.col(k).data(), out.data() + k * d);
      out[m_ * d + k] = R.col(k).sum();
    }
    addRegulariserTimes(v, out);
  }
  // out's coefficients += ∇²R V for the point v = (vec V, ·).
  void addRegulariserTimes(const Vector& v, Vector& out) const {
    Eigen::Map<Matrix> outCoef(out.data(), X_.cols(), m_);
    F_.addRegulariserTimes(coef(v), first_, outCoef);
  }

  const Objective& F_;
  const CenteredDesign& X_;
  const Eigen::Index first_, m_;
  const Matrix T_;  // these outputs' targets, n x m
  Matrix Z_, G_, D_, U_, Trial_;
};

// Steihaug's conjugate gradients for H s = −g within ‖s‖ ≤ delta, to ‖r‖ ≤ η ‖g‖ with the
// forcing term η = min(0.1, √(‖g‖/‖g₀‖)), g₀ the block's first gradient: liblinear's 0.1 while
// far from the answer, tighter as it nears — superlinear instead of linear convergence
// (Nocedal & Wright, Numerical Optimization, Theorem 7.2), so the last digits of the
// certificate take one or two Newton steps instead of one per digit.
// Returns the step s and the residual r = −g − H s.
void truncatedCg(Block& c, const Vector& g, double firstNorm, double delta, Vector& s, Vector& r) {
  s = Vector::Zero(g.size());
  r = -g;
  Vector d = r, Hd;
  double rr = r.squaredNorm();
  const double norm = g.norm(), tol = std::min(0.1, std::sqrt(norm / firstNorm)) * norm;
  for (Eigen::Index it = 0; it < 2 * g.size() + 20 && std::sqrt(rr) > tol; ++it) {
    c.hessianTimes(d, Hd);
    const double dHd = d.dot(Hd);
    if (!(dHd > 0)) break;  // no curvature along d (cannot happen for λ > 0 or D > 0)
    double alpha = rr / dHd;
    s += alpha * d;
    if (s.norm() > delta) {  // to the boundary along d
      s -= alpha * d;
      const double sd = s.dot(d), ss = s.squaredNorm(), dd = d.squaredNorm(), dsq = delta * delta;
      const double rad = std::sqrt(sd * sd + dd * (dsq - ss));
      alpha = sd >= 0 ? (dsq - ss) / (sd + rad) : (rad - sd) / dd;
      s += alpha * d;
      r -= alpha * Hd;
      return;
    }
    r -= alpha * Hd;
    const double next = r.squaredNorm();
    d = r + (next / rr) * d;
    rr = next;
  }
}
}  // namespace

Result trustRegionNewton(const Objective& F, Matrix W, RowVector b, const TrustRegionOptions& opt,
                         const Control& control) {
  constexpr double eta0 = 1e-4, eta1 = 0.25, eta2 = 0.75, sigma1 = 0.25, sigma2 = 0.5, sigma3 = 4;
  Result r;
  r.status = Status::Converged;
  const double target = opt.tolerance * gradientScale(F);
  const Eigen::Index d = F.features();
  // Independent outputs are solved one at a time; coupled ones (by the regulariser or the loss) together.
  const Eigen::Index width = F.coupled() || !F.loss().separable() ? F.outputs() : 1;
  const bool single = width == F.outputs();  // the history follows F step by step for one block
  r.history.push_back(F.value(W, b));
  int total = 0;
  for (Eigen::Index k = 0; k < F.outputs(); k += width) {
    Block c(F, k, width);
    Vector x(width * (d + 1)), g, s, res, gNew;
    Eigen::Map<Matrix>(x.data(), d, width) = W.middleCols(k, width);
    x.tail(width) = b.segment(k, width).transpose();
    double f = c.valueGradient(x, g);
    const double firstNorm = g.norm();
    // liblinear's first radius, ‖∇f‖ for its objective f = F/λ (C = 1/(λn)), in F's units; not
    // cut to the first step's length as liblinear cuts it (the first CG step often stops short,
    // and the radius then has to grow back over steps held at the boundary). A poor step still
    // shrinks it (the ratio test below).
    double delta = F.lambda() > 0 ? firstNorm / F.lambda() : firstNorm;
    bool done = g.cwiseAbs().maxCoeff() <= target;
    for (int it = 1; !done; ++it) {
      if (it > opt.maxIterations) {
        r.status = Status::MaxIterations;
        r.message = "trust-region Newton: gradient above tolerance after the iteration limit";
        break;
      }
      if (stopRequested(control, total, f, r)) return r;
      ++total;
      truncatedCg(c, g, firstNorm, delta, s, res);
      const Vector xNew = x + s;
      const double gs = g.dot(s), predicted = -0.5 * (gs - s.dot(res));
      if (std::abs(predicted) <= 1e-13 * std::abs(f)) {
        // Below what f can resolve: the Newton step is judged by the gradient it leaves
        // (quadratic convergence shows there, not in f).
        const double fNew = c.valueGradient(xNew, gNew);
        if (gNew.cwiseAbs().maxCoeff() < g.cwiseAbs().maxCoeff()) {
          x = xNew;
          f = fNew;
          g.swap(gNew);
          done = g.cwiseAbs().maxCoeff() <= target;
          continue;
        }
        c.valueGradient(x, g);  // back to x's Hessian weights
        done = g.cwiseAbs().maxCoeff() <= target;
        if (!done) {
          r.status = Status::MaxIterations;
          r.message = "trust-region Newton: the gradient no longer decreases in floating point";
        }
        break;
      }
      const double fNew = c.value(xNew), actual = f - fNew, snorm = s.norm();
      const double curvature = fNew - f - gs;
      const double alpha = curvature <= 0 ? sigma3 : std::max(sigma1, -0.5 * gs / curvature);
      if (actual < eta0 * predicted) delta = std::min(std::max(alpha, sigma1) * snorm, sigma2 * delta);
      else if (actual < eta1 * predicted) delta = std::max(sigma1 * delta, std::min(alpha * snorm, sigma2 * delta));
      else if (actual < eta2 * predicted) delta = std::max(sigma1 * delta, std::min(alpha * snorm, sigma3 * delta));
      else delta = std::max(delta, std::min(alpha * snorm, sigma3 * delta));
      if (actual > eta0 * predicted) {
        x = xNew;
        f = c.valueGradientAtTrial(x, g);
        if (single) r.history.push_back(f);
        done = g.cwiseAbs().maxCoeff() <= target;
      } else if (!(delta > 1e-300)) {
        r.status = Status::MaxIterations;
        r.message = "trust-region Newton: the trust region collapsed";
        break;
      }
    }
    W.middleCols(k, width) = c.coef(x);
    b.segment(k, width) = x.tail(width).transpose();
  }
  r.iterations = total;
  r.objective = F.value(W, b);
  if (r.objective < r.history.back()) r.history.push_back(r.objective);
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
