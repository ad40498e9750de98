#include "supclust/families/penalties/fusion_admm.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/base/work_team.hpp"
#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/solvers/anderson.hpp"
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
      base_ =
          exact_ ? Matrix(sharedGram(F.design(), false) / static_cast<double>(F.design().rows())) : Matrix::Zero(d, d);
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

// The split's exact fusions: rows β_i − β_j that are 0 in z join i and j (a union-find over the
// features, filled from one prox output), and zeros: a group whose z_0 entries are all 0.
class SplitFusions {
 public:
  void reset(std::size_t d) {
    parent_.resize(d);
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  void join(std::size_t i, std::size_t j) { parent_[root(i)] = root(j); }
  // β with each group's values averaged, and groups without a nonzero z_0 entry set to 0.
  void snap(const Vector& z0, Vector& beta) {
    const std::size_t d = parent_.size();
    std::vector<double> sum(d, 0), count(d, 0);
    std::vector<bool> nonzero(d, false);
    for (std::size_t i = 0; i < d; ++i) {
      const std::size_t group = root(i);
      sum[group] += beta[static_cast<Eigen::Index>(i)];
      count[group] += 1;
      if (z0[static_cast<Eigen::Index>(i)] != 0) nonzero[group] = true;
    }
    for (std::size_t i = 0; i < d; ++i) {
      const std::size_t group = root(i);
      beta[static_cast<Eigen::Index>(i)] = nonzero[group] ? sum[group] / count[group] : 0.0;
    }
  }

 private:
  std::size_t root(std::size_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  std::vector<std::size_t> parent_;
};

// Anderson's copies are taken only up to this many bytes: DFG's and ADFG's blocks at d = 300
// need 10 and 15 MB; ADFG at d = 1000 would need 170 MB, and runs plain.
constexpr double kAndersonBytes = 128.0 * 1024 * 1024;

// The certificate is tested every this many steps (the step before each test is plain).
constexpr int kTestEvery = 5;

// The blocks' passes run in this many chunks (fewer when the blocks are fewer), on the threads
// of a WorkTeam when the rows are at least kParallelRows: below, a step takes microseconds and
// waking threads would cost more than it saves (E5's DFG at d = 40: 1560 rows).
constexpr std::size_t kChunks = 8;
constexpr double kParallelRows = 16384;

// One chunk's share of a prox pass: A_bᵀ(z_b − u_b), and on test steps A_bᵀu_b, the split's
// residual (squared sum, largest entry), A_bβ's (squared sum, largest entry), the penalty's value
// at β and the fusions found; its blocks' scratch.
struct BlockSums {
  Vector acc, accU;
  double primal = 0, primalMax = 0, split = 0, splitSize = 0, value = 0;
  std::vector<std::pair<std::size_t, std::size_t>> joins;
  std::vector<double> v, w;

  void resize(Eigen::Index d, std::size_t widest) {
    acc.resize(d);
    accU.resize(d);
    v.resize(widest);
    w.resize(widest);
  }
  void clear(bool test) {
    acc.setZero();
    if (!test) return;
    accU.setZero();
    primal = primalMax = split = splitSize = value = 0;
    joins.clear();
  }
};

// The bytes of Anderson's copies of a state of this many doubles (its ring of 2·memory
// differences, three state vectors and the map's output).
double andersonBytes(double size, int memory) { return 8 * size * (2.0 * memory + 4); }

}  // namespace

double fusionAdmmStateBytes(double rows, int andersonMemory) {
  const double extra = andersonBytes(rows, andersonMemory);
  return 8 * rows + (andersonMemory > 0 && extra <= kAndersonBytes ? extra : 0);
}

double fusionObjective(const FusionProblem& p, const Vector& beta, const RowVector& b, Heartbeat* heartbeat) {
  const Vector magnitude =
      p.l1Scale.size() > 0 ? Vector(p.l1Scale.cwiseProduct(beta).cwiseAbs()) : Vector(beta.cwiseAbs());
  double s = p.F.value(beta, b) + p.l1.cwiseProduct(magnitude).sum() + fusionValue(p.terms, beta, heartbeat);
  if (p.tilt.size() > 0) s -= p.tilt.dot(beta);
  return s;
}

Result fusionAdmm(const FusionProblem& p, Matrix W0, RowVector b0, const AdmmOptions& opt, const Control& control) {
  Result r;
  // Between blocks of the passes over the split's rows (O(d²) of them for DFG): at d = 5000 a
  // pass takes seconds.
  Heartbeat heartbeat(control);
  const Objective& F = p.F;
  FusionTerms& terms = p.terms;
  const CenteredDesign& X = F.design();
  const auto D = static_cast<Eigen::Index>(X.cols());
  const double n = static_cast<double>(X.rows());
  const bool exact = F.loss().closedForm();
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
  const Matrix grad0 = gradientAtZero(F);
  const double gradient0 = std::max(1e-300, grad0.cwiseAbs().maxCoeff()),
               gradientNorm0 = std::max(1e-300, grad0.norm());
  // β = 0 is optimal when the ℓ1 term alone answers the gradient there: |∇F(0) − C|_i ≤ a_i s_i
  // (0 ∈ ∂P_b(0) for every block). Exact, and checked before any step: a validation grid's
  // largest penalties are often such fits, which ADMM would take hundreds of steps to reach.
  // Squared loss only (its intercept, ȳ, is optimal for every β): there ∇F(0) = −Xcᵀy/n.
  if (exact) {
    const Vector zero = Vector::Zero(D);
    if (((Xty + tilt).cwiseAbs().array() <= (p.l1.cwiseProduct(scale)).array()).all()) {
      r.status = Status::Converged;
      r.iterations = 0;
      r.coef = zero;
      r.intercept = b;
      r.objective = fusionObjective(p, zero, b);
      r.history.push_back(r.objective);
      return r;
    }
  }

  // Rows: block k holds rows offset[k] … offset[k + 1] − 1 of the split.
  const std::size_t blocks = terms.blocks();
  std::vector<std::size_t> offset(blocks + 1, 0);
  std::size_t widest = 0;
  for (std::size_t k = 0; k < blocks; ++k) {
    offset[k + 1] = offset[k] + terms.rows(k);
    widest = std::max(widest, terms.rows(k));
  }
  const auto M = static_cast<Eigen::Index>(offset[blocks]);

  BetaSystem system(F, terms, scale, exact, L);
  // ρ starts 10³ below the mean eigenvalue of XcᵀXc/n (fewer steps than at the eigenvalue on
  // the bench's DFG fits), and balancing moves it from there. The linearised step starts at L.
  double rho = exact ? std::max(1e-12, 1e-3 * X.squaredNorm() / (n * static_cast<double>(D))) : L;
  if (!system.factorise(rho)) {
    r.status = Status::NumericalIssue;
    r.message = "the ADMM system is not positive definite";
    return r;
  }

  // The state is the prox input t = (Sβ, Aβ) + u (and β, b for the linearised step, which reads
  // them): z = prox(t) and u = t − z follow from it, with ρu ∈ ∂P(z) exactly, so the step is a
  // fixed-point map of t alone (ADMM as Douglas–Rachford), Anderson-accelerated as in
  // solvers/admm. Without acceleration the step updates t in place: one double per row.
  const Eigen::Index betaAt = D + M, size = betaAt + (exact ? 0 : D + 1);
  const bool accelerate =
      opt.andersonMemory > 0 && andersonBytes(static_cast<double>(size), opt.andersonMemory) <= kAndersonBytes;
  AndersonAcceleration anderson(opt.andersonMemory);
  Vector x(size), out(accelerate ? size : 0);
  Vector& y = accelerate ? out : x;
  Vector beta = W0.col(0), scaled = scale.cwiseProduct(beta), z0(D), u0(D), acc(D), accU(D);
  x.head(D) = scaled;  // z = (Sβ₀, Aβ₀), u = 0
  for (std::size_t k = 0; k < blocks; ++k) terms.apply(k, beta, x.data() + D + offset[k]);
  if (!exact) x.segment(betaAt, D) = beta, x[size - 1] = b[0];
  // The blocks in chunks of about equal rows, a fixed number whatever the threads: each chunk
  // sums its blocks' terms, and the chunks' sums are added in order, so the answer's bits do not
  // depend on how many threads ran the chunks.
  const std::size_t chunks = std::min<std::size_t>(blocks, kChunks);
  std::vector<std::size_t> chunkStart(chunks + 1, blocks);
  for (std::size_t c = 0, k = 0; c < chunks; ++c) {
    chunkStart[c] = k;
    while (k < blocks && offset[k] * chunks < static_cast<std::size_t>(M) * (c + 1)) ++k;
  }
  std::vector<BlockSums> sums(chunks);
  for (auto& s : sums) s.resize(static_cast<Eigen::Index>(D), widest);
  WorkTeam team(static_cast<double>(M) >= kParallelRows ? opt.threads : 1);
  SplitFusions fusions;
  Matrix rhs(D, 1), G;
  RowVector gb;
  // At a zero start every penalty is 0: the objective is the datafit's, known before the pass
  // that sums the penalties (which beats with it).
  if (beta.isZero(0)) heartbeat.at(0, F.value(beta, b) - tilt.dot(beta));
  double objective = fusionObjective(p, beta, b, &heartbeat);
  heartbeat.at(0, objective);
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  int it = 0, rebalances = 0, lastLean = 0;
  while (it < opt.maxIterations) {
    if (stopRequested(control, it, objective, r)) break;
    heartbeat.at(it, objective);
    ++it;
    // Prox pass: z = prox(t), u = t − z into y, acc = S(z_0 − u_0) + Σ A_bᵀ(z_b − u_b). On test
    // steps it also tests (β, z, u), β the last step's, with the certificate: the split Sβ − z_0,
    // A_bβ − z_b and the stationarity ∇F(β) − C + ρ(S u_0 + Σ A_bᵀu_b) (ρu ∈ ∂P(z) holds).
    const bool test = it % kTestEvery == 0;
    const double* t = x.data() + D;
    double* u = y.data() + D;
    const auto proxOfBlock = [&](std::size_t k, double* v) {  // v = z_k = prox(t_k)
      std::copy(t + offset[k], t + offset[k + 1], v);
      terms.prox(k, v, 1 / rho);
    };
    z0 = x.head(D).binaryExpr(p.l1, [rho](double e, double a) { return softThreshold(e, a / rho); });
    u0 = x.head(D) - z0;
    acc = scale.cwiseProduct(z0 - u0);
    double primal = 0, primalMax = 0, split = 0, splitSize = 1;
    if (test) {
      accU = scale.cwiseProduct(u0);
      primal = (scaled - z0).squaredNorm();
      split = scaled.squaredNorm();
      primalMax = (scaled - z0).cwiseAbs().maxCoeff();
      splitSize = std::max({1.0, beta.cwiseAbs().maxCoeff(), scaled.cwiseAbs().maxCoeff()});
      fusions.reset(static_cast<std::size_t>(D));
    }
    team.run(chunks, [&](std::size_t c) {
      BlockSums& own = sums[c];
      own.clear(test);
      double* v = own.v.data();
      double* w = own.w.data();
      for (std::size_t k = chunkStart[c]; k < chunkStart[c + 1]; ++k) {
        const std::size_t first = offset[k], rows = offset[k + 1] - first;
        proxOfBlock(k, v);
        if (test) {
          terms.apply(k, beta, w);
          for (std::size_t q = 0; q < rows; ++q) {
            const double gap = w[q] - v[q];
            own.primal += gap * gap;
            own.primalMax = std::max(own.primalMax, std::abs(gap));
            own.split += w[q] * w[q];
            own.splitSize = std::max(own.splitSize, std::abs(w[q]));
          }
          own.value += terms.value(k, w);
          if (!accelerate) terms.fusions(k, v, [&](std::size_t i, std::size_t j) { own.joins.emplace_back(i, j); });
        }
        for (std::size_t q = 0; q < rows; ++q) {
          const double uq = t[first + q] - v[q];  // read before u (which may be t) is written
          u[first + q] = uq;
          v[q] -= uq;
        }
        terms.addTransposed(k, v, own.acc);
        if (test) terms.addTransposed(k, u + first, own.accU);
        heartbeat.beat();
      }
    });
    double penalty = 0;
    for (const BlockSums& own : sums) {
      acc += own.acc;
      if (!test) continue;
      accU += own.accU;
      primal += own.primal;
      primalMax = std::max(primalMax, own.primalMax);
      split += own.split;
      splitSize = std::max(splitSize, own.splitSize);
      penalty += own.value;
      for (const auto& [i, j] : own.joins) fusions.join(i, j);
    }
    y.head(D) = u0;
    if (test) {
      objective = F.gradient(beta, b, G, gb) + p.l1.cwiseProduct(scaled.cwiseAbs()).sum() + penalty - tilt.dot(beta);
      heartbeat.at(it, objective);
      r.history.push_back(objective);
      if (!std::isfinite(objective)) {
        r.status = Status::NumericalIssue;
        r.message = "the objective is not finite";
        break;
      }
      const Vector stationary = G.col(0) - tilt + rho * accU;
      double stationarity = stationary.cwiseAbs().maxCoeff();
      if (!exact) stationarity = std::max(stationarity, gb.cwiseAbs().maxCoeff());
      if (std::max(stationarity / gradient0, primalMax / splitSize) <= opt.tolerance) {
        r.status = Status::Converged;
        // The fusions of z = prox(t). The accelerated path still holds t (u went to another
        // vector), so they are found once here rather than at every test; in place, t is gone
        // and the test pass found them.
        if (accelerate) {
          team.run(chunks, [&](std::size_t c) {
            BlockSums& own = sums[c];
            own.joins.clear();
            for (std::size_t k = chunkStart[c]; k < chunkStart[c + 1]; ++k) {
              proxOfBlock(k, own.v.data());
              terms.fusions(k, own.v.data(), [&](std::size_t i, std::size_t j) { own.joins.emplace_back(i, j); });
              heartbeat.beat();
            }
          });
          for (const BlockSums& own : sums)
            for (const auto& [i, j] : own.joins) fusions.join(i, j);
        }
        fusions.snap(z0, beta);
        break;
      }
      // Residual balancing (Boyd et al. §3.4.1; for a plain step the stationarity is ADMM's dual
      // residual ρAᵀ(z_prev − z)): ρ is doubled or halved when the residuals lean the same way
      // beyond a band at two tests in a row (one test's lean is often noise near round-off). The
      // exact step balances the residuals relative to their scales, as the stopping test reads
      // them, but in ℓ2 (the largest entries jump under the acceleration) — the split's
      // ‖(Sβ, Aβ) − z‖/‖(Sβ, Aβ)‖ against ‖stationarity‖/‖∇F(0)‖ — within 3× (balancing the
      // absolute residuals lets the relative stationarity lag on fits with tiny penalties).
      // The linearised step keeps the absolute residuals within 10×: its stationarity carries the
      // linearisation's lag, and the relative rule drove its ρ to 1e-12 on logistic fits. u is
      // rescaled, z kept: ρu ∈ ∂P(z) still holds.
      const double primalShare = std::sqrt(exact ? primal / std::max(split, 1e-300) : primal);
      const double dualShare = stationary.norm() / (exact ? gradientNorm0 : 1), band = exact ? 3 : 10;
      const int lean = primalShare > band * dualShare ? 1 : dualShare > band * primalShare ? -1 : 0;
      const bool persists = lean != 0 && lean == lastLean;
      lastLean = lean;
      if (rebalances < 50 && persists) {
        const double factor = lean > 0 ? 2 : 0.5;
        lastLean = 0;
        rho *= factor;
        y.head(M + D) /= factor;
        acc += (1 - 1 / factor) * accU;  // S(z_0 − u_0/f) + Σ A_bᵀ(z_b − u_b/f)
        anderson.clear();  // a new map (this step's pair, from the old one, starts the new history)
        ++rebalances;
        if (!system.factorise(rho)) {
          r.status = Status::NumericalIssue;
          r.message = "the ADMM system is not positive definite";
          break;
        }
      }
    }
    // β-step, then the next prox input t = (Sβ, Aβ) + u.
    if (exact) {
      rhs.col(0) = Xty + tilt + rho * acc;
    } else {
      beta = x.segment(betaAt, D);
      b[0] = x[size - 1];
      F.gradient(beta, b, G, gb);
      rhs.col(0) = L * beta - G.col(0) + tilt + rho * acc;
      b -= gb / L;
    }
    system.solve(rhs);
    beta = rhs.col(0);
    scaled = scale.cwiseProduct(beta);
    y.head(D) += scaled;
    team.run(chunks, [&](std::size_t c) {
      double* v = sums[c].v.data();
      for (std::size_t k = chunkStart[c]; k < chunkStart[c + 1]; ++k) {
        const std::size_t first = offset[k], rows = offset[k + 1] - first;
        terms.apply(k, beta, v);
        for (std::size_t q = 0; q < rows; ++q) u[first + q] += v[q];
        heartbeat.beat();
      }
    });
    if (!exact) y.segment(betaAt, D) = beta, y[size - 1] = b[0];
    // The step before a test is plain (x = y, the pair still fed to Anderson), so the test reads
    // the residuals of an ADMM step, which the balancing rule is made for.
    if (accelerate) {
      anderson.next(x, out, &team);  // a rejected extrapolation resumes from the last plain step
      if (it % kTestEvery == kTestEvery - 1) x = out;
    }
  }
  r.iterations = it;
  r.coef = beta;
  r.intercept = b;
  r.objective = fusionObjective(p, beta, b, &heartbeat);
  return r;
}

}  // namespace supclust
