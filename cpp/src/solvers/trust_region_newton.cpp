#include "supclust/solvers/trust_region_newton.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/solvers/proximal_gradient.hpp"

namespace supclust {

namespace {
// One output's problem in x = (w, b) ∈ R^{d+1}, with the design's products.
class Column {
 public:
  Column(const Objective& F, Eigen::Index k) : F_(F), X_(F.design()), T_(F.targets().col(k)) {}

  Eigen::Index size() const { return X_.cols() + 1; }

  // f(x), its gradient g, and the Hessian weights at x (kept for hessianTimes()).
  double valueGradient(const Vector& x, Vector& g) {
    predict(x, z_);
    Z_.resize(z_.size(), 1);
    Z_.col(0) = z_;
    F_.loss().gradient(Z_, T_, G_);
    F_.loss().hessianWeights(Z_, D_);
    g.resize(size());
    X_.multiplyTransposed(G_.data(), g.data());
    const Eigen::Index d = X_.cols();
    F_.addRegulariserTimes(x.head(d), g.head(d));
    g[d] = G_.sum();
    return F_.loss().value(Z_, T_) + F_.regulariser(x.head(d));
  }

  double value(const Vector& x) {
    Trial_.resize(X_.rows(), 1);
    X_.multiply(x.data(), Trial_.data());
    Trial_.array() += x[X_.cols()];
    return F_.loss().value(Trial_, T_) + F_.regulariser(x.head(X_.cols()));
  }

  // H v = (Xcᵀ D u + ∇²R v_w, 1ᵀ D u) with u = Xc v_w + v_b 1, at the last valueGradient() point.
  void hessianTimes(const Vector& v, Vector& out) {
    predict(v, u_);
    u_.array() *= D_.col(0).array();
    out.resize(size());
    X_.multiplyTransposed(u_.data(), out.data());
    const Eigen::Index d = X_.cols();
    F_.addRegulariserTimes(v.head(d), out.head(d));
    out[d] = u_.sum();
  }

 private:
  void predict(const Vector& x, Vector& z) const {
    z.resize(X_.rows());
    X_.multiply(x.data(), z.data());
    z.array() += x[X_.cols()];
  }

  const Objective& F_;
  const CenteredDesign& X_;
  const Matrix T_;  // this output's targets, n x 1
  Vector z_, u_;
  Matrix Z_, G_, D_, Trial_;
};

// Steihaug's conjugate gradients for H s = −g within ‖s‖ ≤ delta, to ‖r‖ ≤ 0.1 ‖g‖ (liblinear).
// Returns the step s and the residual r = −g − H s.
void truncatedCg(Column& c, const Vector& g, double delta, Vector& s, Vector& r) {
  s = Vector::Zero(g.size());
  r = -g;
  Vector d = r, Hd;
  double rr = r.squaredNorm();
  const double tol = 0.1 * g.norm();
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
  const bool single = F.outputs() == 1;  // the history follows F step by step for one output
  r.history.push_back(F.value(W, b));
  int total = 0;
  for (Eigen::Index k = 0; k < F.outputs(); ++k) {
    Column c(F, k);
    Vector x(d + 1), g, s, res, gNew;
    x.head(d) = W.col(k);
    x[d] = b[k];
    double f = c.valueGradient(x, g);
    double delta = g.norm();
    bool done = g.cwiseAbs().maxCoeff() <= target;
    for (int it = 1; !done; ++it) {
      if (it > opt.maxIterations) {
        r.status = Status::MaxIterations;
        r.message = "trust-region Newton: gradient above tolerance after the iteration limit";
        break;
      }
      if (stopRequested(control, total, f, r)) return r;
      ++total;
      truncatedCg(c, g, delta, s, res);
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
      if (it == 1) delta = std::min(delta, snorm);
      const double curvature = fNew - f - gs;
      const double alpha = curvature <= 0 ? sigma3 : std::max(sigma1, -0.5 * gs / curvature);
      if (actual < eta0 * predicted) delta = std::min(std::max(alpha, sigma1) * snorm, sigma2 * delta);
      else if (actual < eta1 * predicted) delta = std::max(sigma1 * delta, std::min(alpha * snorm, sigma2 * delta));
      else if (actual < eta2 * predicted) delta = std::max(sigma1 * delta, std::min(alpha * snorm, sigma3 * delta));
      else delta = std::max(delta, std::min(alpha * snorm, sigma3 * delta));
      if (actual > eta0 * predicted) {
        x = xNew;
        f = c.valueGradient(x, g);
        if (single) r.history.push_back(f);
        done = g.cwiseAbs().maxCoeff() <= target;
      } else if (!(delta > 1e-300)) {
        r.status = Status::MaxIterations;
        r.message = "trust-region Newton: the trust region collapsed";
        break;
      }
    }
    W.col(k) = x.head(d);
    b[k] = x[d];
  }
  r.iterations = total;
  r.objective = F.value(W, b);
  if (r.objective < r.history.back()) r.history.push_back(r.objective);
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
