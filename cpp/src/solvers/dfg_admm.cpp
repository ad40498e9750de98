#include "supclust/solvers/dfg_admm.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/solvers/anderson.hpp"
#include "supclust/solvers/proximal_gradient.hpp"
#include "supclust/solvers/ridge_system.hpp"

namespace supclust {

namespace {

// ω = (d − 2, …, 1, 0), the weights of each block's OWL norm (d − 1 entries).
std::vector<double> tripleWeights(std::size_t d, double scale) {
  std::vector<double> w(d - 1);
  for (std::size_t m = 0; m + 1 < d; ++m) w[m] = scale * static_cast<double>(d - 2 - m);
  return w;
}

// D_i β: the d − 1 differences β_i − β_j, j ≠ i in increasing j.
void differences(const Vector& beta, std::size_t i, double* out) {
  const auto d = static_cast<std::size_t>(beta.size());
  for (std::size_t j = 0, m = 0; j < d; ++j)
    if (j != i) out[m++] = beta[static_cast<Eigen::Index>(i)] - beta[static_cast<Eigen::Index>(j)];
}

// acc += D_iᵀ v.
void addTransposed(std::size_t i, const double* v, std::size_t d, Vector& acc) {
  double sum = 0;
  for (std::size_t j = 0, m = 0; j < d; ++j)
    if (j != i) {
      sum += v[m];
      acc[static_cast<Eigen::Index>(j)] -= v[m++];
    }
  acc[static_cast<Eigen::Index>(i)] += sum;
}

std::size_t root(std::vector<std::size_t>& parent, std::size_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

double dfgPenalty(const Vector& beta, double lambda1, double lambda2) {
  const auto d = static_cast<std::size_t>(beta.size());
  double s = lambda1 * beta.cwiseAbs().sum();
  if (d < 3 || lambda2 == 0) return s;
  const std::vector<double> w = tripleWeights(d, lambda2);
  std::vector<double> u(d - 1);
  MagnitudeOrder order;
  for (std::size_t i = 0; i < d; ++i) {
    differences(beta, i, u.data());
    s += owlNorm(u.data(), d - 1, w.data(), order);
  }
  return s;
}

Result dfgAdmm(const Objective& F, double lambda1, double lambda2, Matrix W0, const AdmmOptions& opt, const Control& control) {
  Result r;
  const CenteredDesign& X = F.design();
  const auto d = static_cast<std::size_t>(X.cols());
  const double n = static_cast<double>(X.rows()), lambda = F.lambda(), dd = static_cast<double>(d);
  const Vector y = F.targets().col(0);
  const RowVector b = F.targets().colwise().mean();
  Vector Xty(static_cast<Eigen::Index>(d));
  X.multiplyTransposed(y.data(), Xty.data());
  Xty /= n;
  const double scale = gradientScale(F);
  const std::size_t block = d > 0 ? d - 1 : 0;

  RidgeSystem system(X);
  Matrix ones = Matrix::Ones(static_cast<Eigen::Index>(d), 1), Mones;
  double rho = std::max(1e-12, X.squaredNorm() / (n * dd)), shermanDenominator = 1;
  // A⁻¹ from M = XcᵀXc/n + (λ + ρ(1 + 2d))I: A = M − 2ρ11ᵀ, A⁻¹v = M⁻¹v + 2ρ M⁻¹1 (1ᵀM⁻¹v) / (1 − 2ρ 1ᵀM⁻¹1).
  auto factorise = [&] {
    system.factorise(lambda + rho * (1 + 2 * dd));
    if (!system.ok()) return false;
    system.solve(ones, Mones);
    shermanDenominator = 1 - 2 * rho * Mones.sum();
    return shermanDenominator > 0;
  };
  if (!factorise()) {
    r.status = Status::NumericalIssue;
    r.message = "the ADMM system is not positive definite";
    return r;
  }

  // The ADMM state x = (z_0, u_0, z_1..z_d, u_1..u_d) in one vector, so that the step x ↦ T(x) can
  // be Anderson-accelerated as OSCAR's is (solvers/anderson.hpp); g = T(x).
  const auto D = static_cast<Eigen::Index>(d), B = static_cast<Eigen::Index>(d * block);
  Vector beta = W0.col(0), x = Vector::Zero(2 * D + 2 * B), g;
  x.segment(0, D) = beta;
  for (std::size_t i = 0; i < d; ++i) differences(beta, i, x.data() + 2 * D + static_cast<Eigen::Index>(i * block));
  g = x;
  const auto z0 = [&](Vector& s) { return s.segment(0, D); };
  const auto u0 = [&](Vector& s) { return s.segment(D, D); };
  const auto zi = [&](Vector& s, std::size_t i) { return s.data() + 2 * D + static_cast<Eigen::Index>(i * block); };
  const auto ui = [&](Vector& s, std::size_t i) { return s.data() + 2 * D + B + static_cast<Eigen::Index>(i * block); };
  std::vector<double> v(block);
  const std::vector<double> omega = tripleWeights(std::max<std::size_t>(d, 2), 1.0);
  std::vector<double> scaledOmega(omega.size());
  // One prox per block: each keeps its block's order, so that the next step's sort starts from
  // it (blocks change slowly: O(d + moves) instead of a sort).
  std::vector<OwlProx> proxes(d);
  AndersonAcceleration anderson(opt.andersonMemory);
  Matrix rhs(D, 1), solved;
  Vector acc(D);
  Matrix G;
  RowVector gb;
  double objective = F.value(W0, b) + dfgPenalty(beta, lambda1, lambda2);
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  int it = 0, rebalances = 0;
  while (it < opt.maxIterations) {
    if (stopRequested(control, it, objective, r)) break;
    ++it;
    // β-step from x.
    acc = z0(x) - u0(x);
    for (std::size_t i = 0; i < d; ++i) {
      for (std::size_t m = 0; m < block; ++m) v[m] = zi(x, i)[m] - ui(x, i)[m];
      addTransposed(i, v.data(), d, acc);
    }
    rhs.col(0) = Xty + rho * acc;
    system.solve(rhs, solved);
    beta = solved.col(0) + (2 * rho * solved.sum() / shermanDenominator) * Mones.col(0);
    // g = T(x): the z- and u-steps.
    z0(g) = (beta + u0(x)).unaryExpr([t = lambda1 / rho](double e) { return softThreshold(e, t); });
    u0(g) = u0(x) + beta - z0(g);
    for (std::size_t k = 0; k < omega.size(); ++k) scaledOmega[k] = omega[k] * lambda2 / rho;
    double primal = (beta - z0(g)).squaredNorm(), primalMax = (beta - z0(g)).cwiseAbs().maxCoeff();
    for (std::size_t i = 0; i < d; ++i) {
      differences(beta, i, v.data());
      double* z = zi(g, i);
      double* u = ui(g, i);
      const double* uOld = ui(x, i);
      for (std::size_t m = 0; m < block; ++m) z[m] = v[m] + uOld[m];
      proxes[i].apply(z, block, scaledOmega.data(), z);
      for (std::size_t m = 0; m < block; ++m) {
        const double gap = v[m] - z[m];
        u[m] = uOld[m] + gap;
        primal += gap * gap;
        primalMax = std::max(primalMax, std::abs(gap));
      }
    }
    // The dual residual ρ‖Δz_0 + Σ D_iᵀ Δz_i‖ of this step, before x moves on.
    const bool test = it % 5 == 0;
    double dual = 0;
    if (test) {
      acc = z0(g) - z0(x);
      for (std::size_t i = 0; i < d; ++i) {
        for (std::size_t m = 0; m < block; ++m) v[m] = zi(g, i)[m] - zi(x, i)[m];
        addTransposed(i, v.data(), d, acc);
      }
      dual = rho * acc.norm();
    }
    if (opt.andersonMemory > 0) {
      if (!anderson.next(x, g)) continue;  // resumes from the last plain step; g was not a good point
    } else {
      x = g;
    }
    if (!test) continue;
    // Certificate at (β, g): ∇F(β) + ρ(u_0 + Σ D_iᵀ u_i), and the split's residual.
    const Matrix Bm = beta;
    objective = F.gradient(Bm, b, G, gb) + dfgPenalty(beta, lambda1, lambda2);
    r.history.push_back(objective);
    if (!std::isfinite(objective)) {
      r.status = Status::NumericalIssue;
      r.message = "the objective is not finite";
      break;
    }
    acc = u0(g);
    for (std::size_t i = 0; i < d; ++i) addTransposed(i, ui(g, i), d, acc);
    const double stationarity = (G.col(0) + rho * acc).cwiseAbs().maxCoeff() / scale;
    if (std::max(stationarity, primalMax / std::max(1.0, beta.cwiseAbs().maxCoeff())) <= opt.tolerance) {
      r.status = Status::Converged;
      break;
    }
    // Residual balancing: the scaled duals follow ρ; the accelerated map changed, so forget it.
    primal = std::sqrt(primal);
    if (rebalances < 50 && (primal > 10 * dual || dual > 10 * primal)) {
      const double factor = primal > dual ? 2 : 0.5;
      rho *= factor;
      u0(x) /= factor;
      x.segment(2 * D + B, B) /= factor;
      anderson.clear();
      ++rebalances;
      if (!factorise()) {
        r.status = Status::NumericalIssue;
        r.message = "the ADMM system is not positive definite";
        break;
      }
    }
  }
  std::vector<double> z(g.data() + 2 * D, g.data() + 2 * D + B);
  const Vector z0Final = z0(g);
  // The split's exact fusions and zeros, applied to β.
  std::vector<std::size_t> parent(d);
  std::iota(parent.begin(), parent.end(), 0);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0, m = 0; j < d; ++j)
      if (j != i && z[i * block + m++] == 0) parent[root(parent, i)] = root(parent, j);
  std::vector<double> sum(d, 0), count(d, 0);
  std::vector<bool> nonzero(d, false);
  for (std::size_t i = 0; i < d; ++i) {
    const std::size_t group = root(parent, i);
    sum[group] += beta[static_cast<Eigen::Index>(i)];
    count[group] += 1;
    if (z0Final[static_cast<Eigen::Index>(i)] != 0) nonzero[group] = true;
  }
  for (std::size_t i = 0; i < d; ++i) {
    const std::size_t group = root(parent, i);
    beta[static_cast<Eigen::Index>(i)] = nonzero[group] ? sum[group] / count[group] : 0.0;
  }
  r.iterations = it;
  r.coef = beta;
  r.intercept = b;
  r.objective = F.value(r.coef, b) + dfgPenalty(beta, lambda1, lambda2);
  return r;
}

}  // namespace supclust
