#include "supclust/families/grouping/conditional_gradient.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

namespace {
// pᵀ N p for the partition with the given labels (G groups).
double quadraticForm(const Vector& p, const Labels& labels, int G) {
  std::vector<double> sum(static_cast<std::size_t>(G), 0), count(static_cast<std::size_t>(G), 0);
  for (std::size_t j = 0; j < labels.size(); ++j) {
    sum[labels[j]] += p[static_cast<Eigen::Index>(j)];
    count[labels[j]] += 1;
  }
  double s = 0;
  for (int g = 0; g < G; ++g)
    if (count[g] > 0) s += sum[g] * sum[g] / count[g];
  return s;
}

struct Atom {
  Labels labels;
  int G;
  double weight;
  std::vector<double> inverseSize;  // 1/|g|
};

// (I + X M Xᵀ/(nλ)) x with M = Σ_a α_a Z_a D_a⁻¹ Z_aᵀ applied in feature space: two products
// with X and O(d) per atom (group sums) — no n×n or d×d matrix, no per-atom n×G blocks.
class SystemMatrix {
 public:
  SystemMatrix(const CenteredDesign& X, const std::vector<Atom>& atoms, double scale)
      : X_(X), atoms_(atoms), scale_(scale), t_(X.cols()), m_(X.cols()), z_(X.rows()) {}
  void apply(const Vector& x, Vector& out) {
    const auto d = static_cast<std::size_t>(X_.cols());
    X_.multiplyTransposed(x.data(), t_.data());
    m_.setZero();
    for (const Atom& a : atoms_) {
      if (a.weight <= 0) continue;
      sums_.assign(static_cast<std::size_t>(a.G), 0.0);
      for (std::size_t j = 0; j < d; ++j) sums_[a.labels[j]] += t_[static_cast<Eigen::Index>(j)];
      for (int g = 0; g < a.G; ++g) sums_[g] *= a.weight * a.inverseSize[g];
      for (std::size_t j = 0; j < d; ++j) m_[static_cast<Eigen::Index>(j)] += sums_[a.labels[j]];
    }
    X_.multiply(m_.data(), z_.data());
    out = x + scale_ * z_;
  }

 private:
  const CenteredDesign& X_;
  const std::vector<Atom>& atoms_;
  double scale_;
  Vector t_, m_, z_;
  std::vector<double> sums_;
};

// B = F Z D^{-1/2} for an atom (r × G), from F column-major (r × d): F Z D⁻¹ Zᵀ Fᵀ = B Bᵀ. Each
// column of F is added to its group's column with the SIMD axpy.
void groupedColumns(const Matrix& F, const Atom& a, Matrix& B) {
  const auto r = static_cast<std::size_t>(F.rows());
  B.resize(F.rows(), a.G);
  B.setZero();
  for (Eigen::Index j = 0; j < F.cols(); ++j)
    axpy(1, F.col(j).data(), B.col(a.labels[static_cast<std::size_t>(j)]).data(), r);
  for (int g = 0; g < a.G; ++g) B.col(g) *= std::sqrt(a.inverseSize[static_cast<std::size_t>(g)]);
}

// What a solve with A gives the Frank–Wolfe loop: p = Xᵀu, yᵀu and uᵀu for u = A⁻¹y.
struct Solved {
  Vector p;
  double yu = 0, uu = 0;
};

// A = I + s X M Xᵀ (s = 1/(nλ)) kept as a matrix in r = min(n, d) coordinates, for small
// problems (r² ≤ 600·d: the E1 tables). Write X = Q F with Q (n × r) orthonormal: F = X when
// n ≤ d (Q = I), and F = R from XᵀX = RᵀR when n > d (Q = X R⁻¹, never formed). Then
// A⁻¹ = (I − QQᵀ) + Q (I + sK)⁻¹ Qᵀ with K = F M Fᵀ (r × r), so with c = Qᵀy and
// v = (I + sK)⁻¹c: p = Xᵀu = Fᵀv, yᵀu = ‖y‖² − ‖c‖² + cᵀv and uᵀu = ‖y‖² − ‖c‖² + vᵀv.
// Each Frank–Wolfe step mixes in η·BBᵀ with B = F Z D^{-1/2} (r × G). A step changes the
// system by O(η), so the Cholesky factor of an earlier one is an excellent preconditioner:
// solves run preconditioned conjugate gradients (O(r²) per iteration, warm-started) and
// refactorise, in O(r³/3), only when the previous solve needed several iterations — far cheaper
// than a factorisation per step, and much faster than matrix-free conjugate gradients (each of
// their iterations costs two products with X, and they need many).
class ExplicitSystem {
 public:
  static bool worthIt(Eigen::Index n, Eigen::Index d) { return std::min(n, d) * std::min(n, d) <= 600 * d; }
  // False when n > d and XᵀX is singular, or when the design is sparse and n ≤ d (F = X would
  // densify it; only the d × d Gram form is taken): then the caller solves matrix-free.
  bool prepare(const CenteredDesign& X, const Vector& y, double scale) {
    scale_ = scale;
    const Eigen::Index n = X.rows(), d = X.cols();
    yy_ = y.squaredNorm();
    if (n <= d) {
      if (X.sparse()) return false;
      F_ = X.X();
      c_ = y;
    } else {
      const Eigen::LLT<Matrix> chol(X.gram(false));
      if (chol.info() != Eigen::Success) return false;
      F_ = chol.matrixU();  // R, with XᵀX = RᵀR
      Vector Xty(d);
      X.multiplyTransposed(y.data(), Xty.data());
      c_ = chol.matrixL().solve(Xty);  // Qᵀy = R⁻ᵀ Xᵀ y
    }
    const Eigen::Index r = F_.rows();
    columns_ = F_;
    E_ = Matrix::Zero(r, r);
    v_ = c_;  // M_0 = 0
    return true;
  }
  // K ← (1 − η) K + η B Bᵀ for the oracle's atom, on the lower triangle, one fused pass per
  // column with the SIMD kernels (Eigen's rank update runs scalar in wasm).
  void mix(double eta, const Atom& a) {
    groupedColumns(columns_, a, B_);
    const auto r = static_cast<std::size_t>(E_.rows()), G = static_cast<std::size_t>(B_.cols());
    mixed_.resize(G);
    for (std::size_t j = 0; j < r; ++j) {
      for (std::size_t g = 0; g < G; ++g)
        mixed_[g] = eta * B_(static_cast<Eigen::Index>(j), static_cast<Eigen::Index>(g));
      scaleAndAddProduct(1 - eta, E_.data() + j * r + j, B_.data() + j, r - j, G, r, mixed_.data());
    }
  }
  void solve(Solved& out) {
    solveSmall(c_, v_);
    out.p.resize(F_.cols());
    multiplyTransposed(F_.data(), static_cast<std::size_t>(F_.rows()), static_cast<std::size_t>(F_.cols()), v_.data(),
                       out.p.data());
    const double rest = yy_ - c_.squaredNorm();  // ‖(I − QQᵀ) y‖²
    // cᵀ(I + sK)⁻¹c from v and its residual r_: cᵀv + vᵀr_ errs by O(‖r_‖²), cᵀv by O(‖r_‖).
    out.yu = rest + c_.dot(v_) + v_.dot(r_);
    out.uu = rest + v_.squaredNorm();
  }

 private:
  // Solves stop at a residual of 1e-8 relative: tighter solves cost time without changing the E1
  // cells (near n = 150 the last oracle switches between nearly tied partitions at any tolerance). A step's preconditioner is off by about η, so
  // a solve needs ~5 iterations, and a factorisation costs ~8 (r/12 at r = 100): refactorise
  // after a solve of 5.
  static constexpr int kMaxPreconditioned = 12, kRefactorAfter = 5;
  static constexpr double kRelativeResidual = 1e-8;
  // (I + sK) v = rhs, v warm-started at its value on entry. The workspace vectors are members:
  // no allocation per step (in wasm with threads each one takes a lock).
  void solveSmall(const Vector& rhs, Vector& v) {
    // The last solve's iteration count predicts this one's: refactorise before it gets costly.
    if (!factored_ || lastIterations_ >= kRefactorAfter) return factorise(rhs, v);
    const double stop = kRelativeResidual * kRelativeResidual * rhs.squaredNorm();
    apply(v, Ap_);
    r_ = rhs - Ap_;
    z_ = r_;
    precondition(z_);
    p_ = z_;
    double rz = r_.dot(z_);
    int it = 0;
    for (; r_.squaredNorm() > stop; ++it) {
      if (it == kMaxPreconditioned) return factorise(rhs, v);
      apply(p_, Ap_);
      const double step = rz / p_.dot(Ap_);
      v += step * p_;
      r_ -= step * Ap_;
      z_ = r_;
      precondition(z_);
      const double next = r_.dot(z_);
      p_ = z_ + (next / rz) * p_;
      rz = next;
    }
    lastIterations_ = it;
  }
  void precondition(Vector& z) const {
    choleskySolve(factor_.data(), static_cast<std::size_t>(factor_.rows()), z.data());
  }
  // out = (I + sK) x
  void apply(const Vector& x, Vector& out) {
    Kx_.resize(x.size());
    symmetricMultiplyLower(E_.data(), static_cast<std::size_t>(E_.rows()), x.data(), Kx_.data());
    out = x + scale_ * Kx_;
  }
  // I + sK has every eigenvalue ≥ 1, so the factorisation cannot fail.
  void factorise(const Vector& rhs, Vector& v) {
    factor_ = scale_ * E_;
    factor_.diagonal().array() += 1;
    choleskyFactor(factor_.data(), static_cast<std::size_t>(factor_.rows()));
    factored_ = true;
    lastIterations_ = 0;
    v = rhs;
    precondition(v);
    r_.setZero(rhs.size());  // a direct solve: no residual to correct for
  }
  double scale_ = 1, yy_ = 0;
  RowMatrix F_;
  Matrix columns_;  // F again, column-major: the atoms' grouped columns are sums of its columns
  Vector c_, v_;
  Matrix E_;  // K (lower triangle)
  Matrix factor_;  // the Cholesky factor of an earlier I + sK (lower triangle)
  bool factored_ = false;
  int lastIterations_ = 0;
  Vector r_, z_, p_, Ap_, Kx_;  // workspace of the solves
  Matrix B_;  // workspace of mix(): the atom's grouped columns
  std::vector<double> mixed_;
};

// Conjugate gradients for A u = y, warm-started at u, to a residual r = y − Au of 1e-8 relative
// (the explicit system's tolerance: A ⪰ I, so u errs by at most ‖r‖). Returns r, for yᵀA⁻¹y to
// second order.
void solveA(SystemMatrix& A, const Vector& y, Vector& u, Vector& r) {
  Vector Au(y.size()), Ap(y.size());
  A.apply(u, Au);
  r = y - Au;
  Vector p = r;
  double rr = r.squaredNorm();
  const double stop = 1e-16 * y.squaredNorm();
  for (Eigen::Index it = 0; it < 10 * y.size() && rr > stop; ++it) {
    A.apply(p, Ap);
    const double step = rr / p.dot(Ap);
    u += step * p;
    r -= step * Ap;
    const double next = r.squaredNorm();
    p = r + (next / rr) * p;
    rr = next;
  }
}
}  // namespace

double equivalenceOracle(const Vector& p, int Q, KMeans1D& kmeans, KMeans1DResult& out) {
  kmeans.solve(p.data(), static_cast<std::size_t>(p.size()), Q, out);
  return quadraticForm(p, out.labels, static_cast<int>(out.centroids.size()));
}

ConditionalGradientResult conditionalGradient(const CenteredDesign& X, const Vector& y, int Q, double lambda,
                                              const ConditionalGradientOptions& opt, const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const double nl = static_cast<double>(n) * lambda, c = 1 / (2.0 * static_cast<double>(n) * nl);
  const Vector yc = y.array() - y.mean();
  std::vector<Atom> atoms;
  std::map<Labels, std::size_t> index;
  KMeans1D kmeans;
  KMeans1DResult oracle;
  ConditionalGradientResult res;
  Vector u = yc, residual = Vector::Zero(n);  // M_0 = 0: A = I, u = A⁻¹y = y (matrix-free system)
  Solved solved{Vector(d), yc.squaredNorm(), yc.squaredNorm()};
  SystemMatrix A(X, atoms, 1 / nl);
  using System = ConditionalGradientOptions::System;
  ExplicitSystem explicitSystem;
  const bool explicitA =
      (opt.system == System::Explicit || (opt.system == System::Auto && ExplicitSystem::worthIt(n, d))) &&
      explicitSystem.prepare(X, yc, 1 / nl);
  for (int t = 0;; ++t) {
    if (explicitA && t > 0) {
      explicitSystem.solve(solved);
    } else {
      if (t > 0) solveA(A, yc, u, residual);
      X.multiplyTransposed(u.data(), solved.p.data());
      solved.yu = yc.dot(u) + u.dot(residual);  // yᵀA⁻¹y, its error O(‖r‖²)
      solved.uu = u.squaredNorm();
    }
    const Vector& p = solved.p;
    const double psi = solved.yu / (2.0 * static_cast<double>(n));
    const double best = equivalenceOracle(p, Q, kmeans, oracle);
    // pᵀ M p = nλ (yᵀu − uᵀu), since uᵀ A u = yᵀu and uᵀ A u = uᵀu + pᵀ M p/(nλ): O(1) here,
    // not O(d) per atom.
    const double current = nl * (solved.yu - solved.uu);
    const double gap = c * (best - current);
    res.psi.push_back(psi);
    res.gap.push_back(gap);
    res.groups = oracle.labels;
    res.G = static_cast<int>(oracle.centroids.size());
    res.iterations = t;
    const bool done = (t > 0 && gap <= opt.tolerance * psi) || t >= opt.maxIterations;
    if (done) {
      if (t > 0 && gap <= opt.tolerance * psi) res.status = Status::Converged;
      // w(M) = M p /(nλ), M applied atom by atom (group means of p).
      res.primal = Vector::Zero(d);
      for (const Atom& a : atoms) {
        std::vector<double> mean(static_cast<std::size_t>(a.G), 0.0);
        for (Eigen::Index j = 0; j < d; ++j) mean[a.labels[static_cast<std::size_t>(j)]] += p[j];
        for (int g = 0; g < a.G; ++g) mean[g] *= a.inverseSize[g];
        for (Eigen::Index j = 0; j < d; ++j)
          res.primal[j] += a.weight * mean[a.labels[static_cast<std::size_t>(j)]] / nl;
      }
      break;
    }
    if (!control.keepGoing(t, psi)) {
      res.status = Status::Aborted;
      break;
    }
    auto found = index.find(oracle.labels);
    if (found == index.end()) {
      Atom a{oracle.labels, res.G, 0, std::vector<double>(static_cast<std::size_t>(res.G), 0.0)};
      for (std::int32_t g : a.labels) a.inverseSize[g] += 1;
      for (double& v : a.inverseSize) v = 1 / v;
      found = index.emplace(oracle.labels, atoms.size()).first;
      atoms.push_back(std::move(a));
    }
    // M ← (1 − η) M + η N with η = 2/(t + 2) (η = 1 at t = 0).
    const double eta = 2.0 / (t + 2.0);
    for (Atom& a : atoms) a.weight *= 1 - eta;
    atoms[found->second].weight += eta;
    if (explicitA) explicitSystem.mix(eta, atoms[found->second]);
  }
  return res;
}

}  // namespace supclust
