#include "supclust/solvers/fusion_admm.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/ridge_system.hpp"

namespace supclust {

namespace {

// The β-step's matrix S = B + ρ(I + AᵀA), B = XcᵀXc/n + λI (squared loss) or L·I (linearised),
// factorised once per ρ.
class BetaSystem {
 public:
  BetaSystem(const Objective& F, const FusionTerms& terms, const Vector& scale, bool exact, double L)
      : F_(F), exact_(exact), L_(L), scaleSquared_(scale.array().square().matrix()) {
    clique_ = terms.cliqueGram(a_, c_) && (scale.array() == 1).all();
    const auto d = F.features();
    if (clique_ && exact_) ridge_ = std::make_unique<RidgeSystem>(F.design());
    if (!clique_) {
      gramA_ = Matrix::Zero(d, d);
      terms.addGram(gramA_);
      base_ = exact_ ? Matrix(sharedGram(F.design(), false) / static_cast<double>(F.design().rows())) : Matrix::Zero(d, d);
      base_.diagonal().array() += exact_ ? F.lambda() : L_;
    }
  }

  bool factorise(double rho) {
    rho_ = rho;
    const auto d = F_.features();
    if (!clique_) {
      factor_ = base_ + rho * gramA_;
      factor_.diagonal() += rho * scaleSquared_;
      return choleskyFactor(factor_.data(), static_cast<std::size_t>(d));
    }
    // S = M − ρc 11ᵀ with M = B + ρ(1 + a)I.
    const double diagonal = rho * (1 + a_);
    ones_ = Matrix::Ones(d, 1);
    if (exact_) {
      ridge_->factorise(F_.lambda() + diagonal);
      if (!ridge_->ok()) return false;
      ridge_->solve(ones_, mOnes_);
    } else {
      mOnes_ = ones_ / (L_ + diagonal);
    }
    denominator_ = 1 - rho * c_ * mOnes_.sum();
    return denominator_ > 0;
  }

  // rhs ← S⁻¹ rhs.
  void solve(Matrix& rhs) {
    if (!clique_) {
      choleskySolve(factor_.data(), static_cast<std::size_t>(rhs.rows()), rhs.data());
      return;
    }
    if (exact_) {
      ridge_->solve(rhs, solved_);
    } else {
      solved_ = rhs / (L_ + rho_ * (1 + a_));
    }
    rhs = solved_ + (rho_ * c_ * solved_.sum() / denominator_) * mOnes_;
  }

 private:
  const Objective& F_;
  bool exact_, clique_ = false;
  double L_, a_ = 0, c_ = 0, rho_ = 1, denominator_ = 1;
  std::unique_ptr<RidgeSystem> ridge_;
  Matrix base_, gramA_, factor_, ones_, mOnes_, solved_;
  Vector scaleSquared_;
};

std::size_t root(std::vector<std::size_t>& parent, std::size_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

// β with the split's exact fusions (rows β_i − β_j that are 0 in z join i and j, their values
// averaged) and zeros (a group whose z_0 entries are all 0 is 0).
void snapToSplit(const FusionTerms& terms, const std::vector<std::size_t>& offset, const std::vector<double>& z,
                 const Vector& z0, Vector& beta) {
  const auto d = static_cast<std::size_t>(beta.size());
  std::vector<std::size_t> parent(d);
  std::iota(parent.begin(), parent.end(), 0);
  for (std::size_t k = 0; k + 1 < offset.size(); ++k)
    terms.fusions(k, z.data() + offset[k], [&](std::size_t i, std::size_t j) { parent[root(parent, i)] = root(parent, j); });
  std::vector<double> sum(d, 0), count(d, 0);
  std::vector<bool> nonzero(d, false);
  for (std::size_t i = 0; i < d; ++i) {
    const std::size_t group = root(parent, i);
    sum[group] += beta[static_cast<Eigen::Index>(i)];
    count[group] += 1;
    if (z0[static_cast<Eigen::Index>(i)] != 0) nonzero[group] = true;
  }
  for (std::size_t i = 0; i < d; ++i) {
    const std::size_t group = root(parent, i);
    beta[static_cast<Eigen::Index>(i)] = nonzero[group] ? sum[group] / count[group] : 0.0;
  }
}

}  // namespace

double fusionObjective(const FusionProblem& p, const Vector& beta, const RowVector& b) {
  const Vector magnitude = p.l1Scale.size() > 0 ? Vector(p.l1Scale.cwiseProduct(beta).cwiseAbs()) : Vector(beta.cwiseAbs());
  double s = p.F.value(beta, b) + p.l1.cwiseProduct(magnitude).sum() + fusionValue(p.terms, beta);
  if (p.tilt.size() > 0) s -= p.tilt.dot(beta);
  return s;
}

Result fusionAdmm(const FusionProblem& p, Matrix W0, RowVector b0, const AdmmOptions& opt, const Control& control) {
  Result r;
  const Objective& F = p.F;
  FusionTerms& terms = p.terms;
  const CenteredDesign& X = F.design();
  const auto D = static_cast<Eigen::Index>(X.cols());
  const double n = static_cast<double>(X.rows());
  const bool exact = F.loss().squared();
  const double L = exact ? 0 : F.lipschitz();
  const Vector tilt = p.tilt.size() > 0 ? p.tilt : Vector::Zero(D);
  RowVector b = exact ? F.targets().colwise().mean() : b0;
  const Vector scale = p.l1Scale.size() > 0 ? p.l1Scale : Vector::Ones(D);
  Vector Xty = Vector::Zero(D);
  if (exact) {
    const Vector y = F.targets().col(0);
    X.multiplyTransposed(y.data(), Xty.data());
    Xty /= n;
  }
  const double gradient0 = gradientScale(F);

  // Rows: block k holds rows offset[k] … offset[k + 1] − 1 of z and u.
  const std::size_t blocks = terms.blocks();
  std::vector<std::size_t> offset(blocks + 1, 0);
  std::size_t widest = 0;
  for (std::size_t k = 0; k < blocks; ++k) {
    offset[k + 1] = offset[k] + terms.rows(k);
    widest = std::max(widest, terms.rows(k));
  }
  const std::size_t m = offset[blocks];

  BetaSystem system(F, terms, scale, exact, L);
  double rho = exact ? std::max(1e-12, X.squaredNorm() / (n * static_cast<double>(D))) : L;
  if (!system.factorise(rho)) {
    r.status = Status::NumericalIssue;
    r.message = "the ADMM system is not positive definite";
    return r;
  }

  Vector beta = W0.col(0), z0 = scale.cwiseProduct(beta), u0 = Vector::Zero(D), acc(D), dualAcc(D), scaled(D);
  std::vector<double> z(m), u(m, 0.0), v(widest), old(widest);
  for (std::size_t k = 0; k < blocks; ++k) terms.apply(k, beta, z.data() + offset[k]);
  Matrix rhs(D, 1), G;
  RowVector gb;
  double objective = fusionObjective(p, beta, b);
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  int it = 0, rebalances = 0;
  while (it < opt.maxIterations) {
    if (stopRequested(control, it, objective, r)) break;
    ++it;
    // β-step.
    acc = scale.cwiseProduct(z0 - u0);
    for (std::size_t k = 0; k < blocks; ++k) {
      const std::size_t first = offset[k], rows = offset[k + 1] - first;
      for (std::size_t q = 0; q < rows; ++q) v[q] = z[first + q] - u[first + q];
      terms.addTransposed(k, v.data(), acc);
    }
    if (exact) {
      rhs.col(0) = Xty + tilt + rho * acc;
    } else {
      F.gradient(beta, b, G, gb);
      rhs.col(0) = L * beta - G.col(0) + tilt + rho * acc;
      b -= gb / L;
    }
    system.solve(rhs);
    beta = rhs.col(0);
    // z- and u-steps; on test steps also Σ A_bᵀ(z_b − z_b,prev) for the dual residual.
    const bool test = it % 5 == 0;
    scaled = scale.cwiseProduct(beta);
    Vector z0New = (scaled + u0).binaryExpr(p.l1, [rho](double e, double a) { return softThreshold(e, a / rho); });
    if (test) dualAcc = scale.cwiseProduct(z0New - z0);
    z0 = z0New;
    u0 += scaled - z0;
    double primal = (scaled - z0).squaredNorm(), primalMax = (scaled - z0).cwiseAbs().maxCoeff();
    double splitSize = std::max({1.0, beta.cwiseAbs().maxCoeff(), scaled.cwiseAbs().maxCoeff()});
    for (std::size_t k = 0; k < blocks; ++k) {
      const std::size_t first = offset[k], rows = offset[k + 1] - first;
      double* zk = z.data() + first;
      double* uk = u.data() + first;
      terms.apply(k, beta, v.data());
      if (test) std::copy(zk, zk + rows, old.begin());
      for (std::size_t q = 0; q < rows; ++q) zk[q] = v[q] + uk[q];
      terms.prox(k, zk, 1 / rho);
      for (std::size_t q = 0; q < rows; ++q) {
        const double gap = v[q] - zk[q];
        splitSize = std::max(splitSize, std::abs(v[q]));
        uk[q] += gap;
        primal += gap * gap;
        primalMax = std::max(primalMax, std::abs(gap));
      }
      if (test) {
        for (std::size_t q = 0; q < rows; ++q) old[q] = zk[q] - old[q];
        terms.addTransposed(k, old.data(), dualAcc);
      }
    }
    if (!test) continue;
    objective = F.gradient(beta, b, G, gb) + p.l1.cwiseProduct(scaled.cwiseAbs()).sum() + fusionValue(terms, beta) - tilt.dot(beta);
    r.history.push_back(objective);
    if (!std::isfinite(objective)) {
      r.status = Status::NumericalIssue;
      r.message = "the objective is not finite";
      break;
    }
    acc = scale.cwiseProduct(u0);
    for (std::size_t k = 0; k < blocks; ++k) terms.addTransposed(k, u.data() + offset[k], acc);
    double stationarity = (G.col(0) - tilt + rho * acc).cwiseAbs().maxCoeff();
    if (!exact) stationarity = std::max(stationarity, gb.cwiseAbs().maxCoeff());
    if (std::max(stationarity / gradient0, primalMax / splitSize) <= opt.tolerance) {
      r.status = Status::Converged;
      break;
    }
    const double dual = rho * dualAcc.norm();
    primal = std::sqrt(primal);
    if (rebalances < 50 && (primal > 10 * dual || dual > 10 * primal)) {
      const double factor = primal > dual ? 2 : 0.5;
      rho *= factor;
      u0 /= factor;
      for (double& e : u) e /= factor;
      ++rebalances;
      if (!system.factorise(rho)) {
        r.status = Status::NumericalIssue;
        r.message = "the ADMM system is not positive definite";
        break;
      }
    }
  }
  // The split's exact fusions and zeros, applied to β once the certificate holds (before, a zero
  // row of z need not mean β_i ≈ β_j, and the fusions chain transitively).
  if (r.status == Status::Converged) snapToSplit(terms, offset, z, z0, beta);
  r.iterations = it;
  r.coef = beta;
  r.intercept = b;
  r.objective = fusionObjective(p, beta, b);
  return r;
}

}  // namespace supclust
