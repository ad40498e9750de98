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

namespace {

// The split's rows: block k holds rows offset[k] … offset[k + 1] − 1. The blocks are cut into
// chunks of about equal rows, a fixed number whatever the threads: each chunk sums its blocks'
// terms, and the chunks' sums are added in order, so the answer's bits do not depend on how many
// threads ran the chunks.
struct SplitLayout {
  std::vector<std::size_t> offset, chunkStart;
  std::size_t widest = 0, chunks = 0;
  Eigen::Index rows = 0;

  explicit SplitLayout(const FusionTerms& terms) : offset(terms.blocks() + 1, 0) {
    const std::size_t blocks = terms.blocks();
    for (std::size_t k = 0; k < blocks; ++k) {
      offset[k + 1] = offset[k] + terms.rows(k);
      widest = std::max(widest, terms.rows(k));
    }
    rows = static_cast<Eigen::Index>(offset[blocks]);
    chunks = std::min<std::size_t>(blocks, kChunks);
    chunkStart.assign(chunks + 1, blocks);
    for (std::size_t c = 0, k = 0; c < chunks; ++c) {
      chunkStart[c] = k;
      while (k < blocks && offset[k] * chunks < static_cast<std::size_t>(rows) * (c + 1)) ++k;
    }
  }
};

// What a test step's prox pass measured: the split's residual (squared sum, largest entry), the
// split's size (squared sum, the scale of the stopping test) and the penalty's value at β.
struct PassTotals {
  double primal = 0, primalMax = 0, split = 0, splitSize = 1, penalty = 0;
};

// One fit: the problem's constants, the layout, the β-system at the current ρ and the state
// (see the header for the method). run() is the loop; each step is a prox pass, on test steps
// the certificate and the balancing of ρ, then the β-step.
class FusionAdmm {
 public:
  FusionAdmm(const FusionProblem& p, const AdmmOptions& opt, const Control& control, Heartbeat& heartbeat,
             const Vector& Xty, const RowVector& b)
      : p_(p),
        opt_(opt),
        control_(control),
        heartbeat_(heartbeat),
        F_(p.F),
        terms_(p.terms),
        D_(static_cast<Eigen::Index>(F_.design().cols())),
        exact_(F_.loss().closedForm()),
        L_(exact_ ? 0 : F_.lipschitz()),
        tilt_(p.tilt.size() > 0 ? p.tilt : Vector::Zero(D_)),
        scale_(p.l1Scale.size() > 0 ? p.l1Scale : Vector::Ones(D_)),
        Xty_(Xty),
        b_(b),
        layout_(terms_),
        system_(F_, terms_, scale_, exact_, L_),
        betaAt_(D_ + layout_.rows),
        size_(betaAt_ + (exact_ ? 0 : D_ + 1)),
        accelerate_(opt.andersonMemory > 0 &&
                    andersonBytes(static_cast<double>(size_), opt.andersonMemory) <= kAndersonBytes),
        anderson_(opt.andersonMemory),
        x_(size_),
        out_(accelerate_ ? size_ : 0),
        y_(accelerate_ ? out_ : x_),
        sums_(layout_.chunks),
        team_(static_cast<double>(layout_.rows) >= kParallelRows ? opt.threads : 1) {
    const Matrix grad0 = gradientAtZero(F_);
    gradient0_ = std::max(1e-300, grad0.cwiseAbs().maxCoeff());
    gradientNorm0_ = std::max(1e-300, grad0.norm());
    for (auto& s : sums_) s.resize(D_, layout_.widest);
    z0_.resize(D_), u0_.resize(D_), acc_.resize(D_), accU_.resize(D_);
    rhs_.resize(D_, 1);
  }

  Result run(const Vector& beta0) {
    Result r;
    // ρ starts 10³ below the mean eigenvalue of XcᵀXc/n (fewer steps than at the eigenvalue on
    // the bench's DFG fits), and balancing moves it from there. The linearised step starts at L.
    const CenteredDesign& X = F_.design();
    rho_ = exact_ ? std::max(1e-12, 1e-3 * X.squaredNorm() / (static_cast<double>(X.rows()) * static_cast<double>(D_)))
                  : L_;
    if (!system_.factorise(rho_)) return failed(r, "the ADMM system is not positive definite");
    start(beta0);
    // At a zero start every penalty is 0: the objective is the datafit's, known before the pass
    // that sums the penalties (which beats with it).
    if (beta_.isZero(0)) heartbeat_.at(0, F_.value(beta_, b_) - tilt_.dot(beta_));
    double objective = fusionObjective(p_, beta_, b_, &heartbeat_);
    heartbeat_.at(0, objective);
    r.history.push_back(objective);
    r.status = Status::MaxIterations;
    int it = 0;
    while (it < opt_.maxIterations) {
      if (stopRequested(control_, it, objective, r)) break;
      heartbeat_.at(it, objective);
      ++it;
      const bool test = it % kTestEvery == 0;
      const PassTotals totals = proxPass(test);
      if (test) {
        objective = F_.gradient(beta_, b_, G_, gb_) + p_.l1.cwiseProduct(scaled_.cwiseAbs()).sum() + totals.penalty -
                    tilt_.dot(beta_);
        heartbeat_.at(it, objective);
        r.history.push_back(objective);
        if (!std::isfinite(objective)) {
          failed(r, "the objective is not finite");
          break;
        }
        const Vector stationary = G_.col(0) - tilt_ + rho_ * accU_;
        double stationarity = stationary.cwiseAbs().maxCoeff();
        if (!exact_) stationarity = std::max(stationarity, gb_.cwiseAbs().maxCoeff());
        if (std::max(stationarity / gradient0_, totals.primalMax / totals.splitSize) <= opt_.tolerance) {
          r.status = Status::Converged;
          snapFusions();
          break;
        }
        if (!rebalance(totals, stationary)) {
          failed(r, "the ADMM system is not positive definite");
          break;
        }
      }
      betaStep(it);
    }
    r.iterations = it;
    r.coef = beta_;
    r.intercept = b_;
    r.objective = fusionObjective(p_, beta_, b_, &heartbeat_);
    return r;
  }

 private:
  static Result& failed(Result& r, const char* message) {
    r.status = Status::NumericalIssue;
    r.message = message;
    return r;
  }

  // The state is the prox input t = (Sβ, Aβ) + u (and β, b for the linearised step, which reads
  // them): z = prox(t) and u = t − z follow from it, with ρu ∈ ∂P(z) exactly, so the step is a
  // fixed-point map of t alone (ADMM as Douglas–Rachford), Anderson-accelerated as in
  // solvers/admm. Without acceleration the step updates t in place: one double per row. The
  // start: z = (Sβ₀, Aβ₀), u = 0.
  void start(const Vector& beta0) {
    beta_ = beta0;
    scaled_ = scale_.cwiseProduct(beta_);
    x_.head(D_) = scaled_;
    for (std::size_t k = 0; k < terms_.blocks(); ++k) terms_.apply(k, beta_, x_.data() + D_ + layout_.offset[k]);
    if (!exact_) x_.segment(betaAt_, D_) = beta_, x_[size_ - 1] = b_[0];
  }

  // v = z_k = prox(t_k).
  void proxOfBlock(std::size_t k, double* v) const {
    const double* t = x_.data() + D_;
    std::copy(t + layout_.offset[k], t + layout_.offset[k + 1], v);
    terms_.prox(k, v, 1 / rho_);
  }

  // The prox pass: z = prox(t), u = t − z into y, acc = S(z_0 − u_0) + Σ A_bᵀ(z_b − u_b). On test
  // steps it also measures (β, z, u), β the last step's, for the certificate: the split Sβ − z_0,
  // A_bβ − z_b and, in accU, S u_0 + Σ A_bᵀu_b for the stationarity ∇F(β) − C + ρ accU (ρu ∈ ∂P(z)
  // holds). Plain passes also note the fusions of z, for the answer (t is overwritten in place).
  PassTotals proxPass(bool test) {
    const double* t = x_.data() + D_;
    double* u = y_.data() + D_;
    const double rho = rho_;
    z0_ = x_.head(D_).binaryExpr(p_.l1, [rho](double e, double a) { return softThreshold(e, a / rho); });
    u0_ = x_.head(D_) - z0_;
    acc_ = scale_.cwiseProduct(z0_ - u0_);
    PassTotals totals;
    if (test) {
      accU_ = scale_.cwiseProduct(u0_);
      totals.primal = (scaled_ - z0_).squaredNorm();
      totals.split = scaled_.squaredNorm();
      totals.primalMax = (scaled_ - z0_).cwiseAbs().maxCoeff();
      totals.splitSize = std::max({1.0, beta_.cwiseAbs().maxCoeff(), scaled_.cwiseAbs().maxCoeff()});
      fusions_.reset(static_cast<std::size_t>(D_));
    }
    team_.run(layout_.chunks, [&](std::size_t c) {
      BlockSums& own = sums_[c];
      own.clear(test);
      double* v = own.v.data();
      double* w = own.w.data();
      for (std::size_t k = layout_.chunkStart[c]; k < layout_.chunkStart[c + 1]; ++k) {
        const std::size_t first = layout_.offset[k], rows = layout_.offset[k + 1] - first;
        proxOfBlock(k, v);
        if (test) {
          terms_.apply(k, beta_, w);
          for (std::size_t q = 0; q < rows; ++q) {
            const double gap = w[q] - v[q];
            own.primal += gap * gap;
            own.primalMax = std::max(own.primalMax, std::abs(gap));
            own.split += w[q] * w[q];
            own.splitSize = std::max(own.splitSize, std::abs(w[q]));
          }
          own.value += terms_.value(k, w);
          if (!accelerate_) terms_.fusions(k, v, [&](std::size_t i, std::size_t j) { own.joins.emplace_back(i, j); });
        }
        for (std::size_t q = 0; q < rows; ++q) {
          const double uq = t[first + q] - v[q];  // read before u (which may be t) is written
          u[first + q] = uq;
          v[q] -= uq;
        }
        terms_.addTransposed(k, v, own.acc);
        if (test) terms_.addTransposed(k, u + first, own.accU);
        heartbeat_.beat();
      }
    });
    for (const BlockSums& own : sums_) {
      acc_ += own.acc;
      if (!test) continue;
      accU_ += own.accU;
      totals.primal += own.primal;
      totals.primalMax = std::max(totals.primalMax, own.primalMax);
      totals.split += own.split;
      totals.splitSize = std::max(totals.splitSize, own.splitSize);
      totals.penalty += own.value;
      for (const auto& [i, j] : own.joins) fusions_.join(i, j);
    }
    y_.head(D_) = u0_;
    return totals;
  }

  // The certified answer's exact fusions: those of z = prox(t), applied to β. The accelerated
  // path still holds t (u went to another vector), so they are found once here rather than at
  // every test; in place, t is gone and the test pass found them.
  void snapFusions() {
    if (accelerate_) {
      team_.run(layout_.chunks, [&](std::size_t c) {
        BlockSums& own = sums_[c];
        own.joins.clear();
        for (std::size_t k = layout_.chunkStart[c]; k < layout_.chunkStart[c + 1]; ++k) {
          proxOfBlock(k, own.v.data());
          terms_.fusions(k, own.v.data(), [&](std::size_t i, std::size_t j) { own.joins.emplace_back(i, j); });
          heartbeat_.beat();
        }
      });
      for (const BlockSums& own : sums_)
        for (const auto& [i, j] : own.joins) fusions_.join(i, j);
    }
    fusions_.snap(z0_, beta_);
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
  // rescaled, z kept: ρu ∈ ∂P(z) still holds. False when the new system cannot be factorised.
  bool rebalance(const PassTotals& totals, const Vector& stationary) {
    const double primalShare = std::sqrt(exact_ ? totals.primal / std::max(totals.split, 1e-300) : totals.primal);
    const double dualShare = stationary.norm() / (exact_ ? gradientNorm0_ : 1), band = exact_ ? 3 : 10;
    const int lean = primalShare > band * dualShare ? 1 : dualShare > band * primalShare ? -1 : 0;
    const bool persists = lean != 0 && lean == lastLean_;
    lastLean_ = lean;
    if (rebalances_ >= 50 || !persists) return true;
    const double factor = lean > 0 ? 2 : 0.5;
    lastLean_ = 0;
    rho_ *= factor;
    y_.head(layout_.rows + D_) /= factor;
    acc_ += (1 - 1 / factor) * accU_;  // S(z_0 − u_0/f) + Σ A_bᵀ(z_b − u_b/f)
    anderson_.clear();  // a new map (this step's pair, from the old one, starts the new history)
    ++rebalances_;
    return system_.factorise(rho_);
  }

  // The β-step, then the next prox input t = (Sβ, Aβ) + u; Anderson's extrapolation from it. The
  // step before a test is plain (x = y, the pair still fed to Anderson), so the test reads the
  // residuals of an ADMM step, which the balancing rule is made for.
  void betaStep(int it) {
    if (exact_) {
      rhs_.col(0) = Xty_ + tilt_ + rho_ * acc_;
    } else {
      beta_ = x_.segment(betaAt_, D_);
      b_[0] = x_[size_ - 1];
      F_.gradient(beta_, b_, G_, gb_);
      rhs_.col(0) = L_ * beta_ - G_.col(0) + tilt_ + rho_ * acc_;
      b_ -= gb_ / L_;
    }
    system_.solve(rhs_);
    beta_ = rhs_.col(0);
    scaled_ = scale_.cwiseProduct(beta_);
    y_.head(D_) += scaled_;
    double* u = y_.data() + D_;
    team_.run(layout_.chunks, [&](std::size_t c) {
      double* v = sums_[c].v.data();
      for (std::size_t k = layout_.chunkStart[c]; k < layout_.chunkStart[c + 1]; ++k) {
        const std::size_t first = layout_.offset[k], rows = layout_.offset[k + 1] - first;
        terms_.apply(k, beta_, v);
        for (std::size_t q = 0; q < rows; ++q) u[first + q] += v[q];
        heartbeat_.beat();
      }
    });
    if (!exact_) y_.segment(betaAt_, D_) = beta_, y_[size_ - 1] = b_[0];
    if (accelerate_) {
      anderson_.next(x_, out_, &team_);  // a rejected extrapolation resumes from the last plain step
      if (it % kTestEvery == kTestEvery - 1) x_ = out_;
    }
  }

  const FusionProblem& p_;
  const AdmmOptions& opt_;
  const Control& control_;
  Heartbeat& heartbeat_;
  const Objective& F_;
  FusionTerms& terms_;
  const Eigen::Index D_;
  const bool exact_;
  const double L_;
  const Vector tilt_, scale_;
  const Vector& Xty_;
  RowVector b_;
  double gradient0_ = 1, gradientNorm0_ = 1, rho_ = 1;
  const SplitLayout layout_;
  BetaSystem system_;
  const Eigen::Index betaAt_, size_;
  const bool accelerate_;
  AndersonAcceleration anderson_;
  Vector x_, out_;
  Vector& y_;  // the step's output: out_ when accelerated, else x_ itself
  Vector beta_, scaled_, z0_, u0_, acc_, accU_;
  std::vector<BlockSums> sums_;
  WorkTeam team_;
  SplitFusions fusions_;
  Matrix rhs_, G_;
  RowVector gb_;
  int rebalances_ = 0, lastLean_ = 0;
};

}  // namespace

Result fusionAdmm(const FusionProblem& p, Matrix W0, RowVector b0, const AdmmOptions& opt, const Control& control) {
  // Between blocks of the passes over the split's rows (O(d²) of them for DFG): at d = 5000 a
  // pass takes seconds.
  Heartbeat heartbeat(control);
  const Objective& F = p.F;
  const CenteredDesign& X = F.design();
  const auto D = static_cast<Eigen::Index>(X.cols());
  const bool exact = F.loss().closedForm();
  const RowVector b = exact ? RowVector(F.targets().colwise().mean()) : b0;
  Vector Xty = Vector::Zero(D);
  if (exact) {
    const Vector y = F.targets().col(0);
    X.multiplyTransposed(y.data(), Xty.data());
    Xty /= static_cast<double>(X.rows());
    // β = 0 is optimal when the ℓ1 term alone answers the gradient there: |∇F(0) − C|_i ≤ a_i s_i
    // (0 ∈ ∂P_b(0) for every block). Exact, and checked before any step: a validation grid's
    // largest penalties are often such fits, which ADMM would take hundreds of steps to reach.
    // Squared loss only (its intercept, ȳ, is optimal for every β): there ∇F(0) = −Xcᵀy/n.
    const Vector tilt = p.tilt.size() > 0 ? p.tilt : Vector::Zero(D);
    const Vector threshold = p.l1Scale.size() > 0 ? Vector(p.l1.cwiseProduct(p.l1Scale)) : p.l1;
    if (((Xty + tilt).cwiseAbs().array() <= threshold.array()).all()) {
      Result r;
      r.status = Status::Converged;
      r.iterations = 0;
      r.coef = Vector::Zero(D);
      r.intercept = b;
      r.objective = fusionObjective(p, r.coef, b);
      r.history.push_back(r.objective);
      return r;
    }
  }
  return FusionAdmm(p, opt, control, heartbeat, Xty, b).run(W0.col(0));
}

}  // namespace supclust
