#include "supclust/families/experts/mixture_em.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/core/loss.hpp"
#include "supclust/families/experts/gate.hpp"
#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/logistic.hpp"

namespace supclust {

namespace {
constexpr double kLogTwoPi = 1.8378770664093453;

using Kind = MixtureEmOptions::Experts;

// log π_q(x_i) p_q(y_i | x_i), n × Q: p_q the normal density φ(y_i; c_qᵀx_i + b_q, σ_q²); for
// logistic experts (no variances) the Bernoulli probability of y_i ∈ {0, 1} at the score
// z = c_qᵀx_i + b_q, log p = y z − log(1 + e^z); for softmax experts the probability of y_i's
// class at the scores z = C_qᵀx_i + b_q, Σ_k t_ik z_k − log Σ_k e^{z_k}. Constant priors are a gate
// of zero weights.
Matrix logJoint(const RowMatrix& X, const Matrix& T, const Experts& experts, const RowVector& variances,
                const Gate& gate, Kind kind) {
  const Eigen::Index n = X.rows(), Q = gate.coef.cols(), K = T.cols();
  const Matrix Z = (X * experts.coef).rowwise() + experts.intercept;
  // log π_q(x_i): the gate's scores less each row's log-normaliser.
  const Matrix S = (X * gate.coef).rowwise() + gate.intercept;
  Matrix P;
  const Matrix logGate = S.colwise() - softmaxRows(S, P);
  Matrix out(n, Q);
  for (Eigen::Index q = 0; q < Q; ++q) {
    if (kind == Kind::Softmax) {
      for (Eigen::Index i = 0; i < n; ++i) {
        double top = -HUGE_VAL, sum = 0, picked = 0;
        for (Eigen::Index k = 0; k < K; ++k) top = std::max(top, Z(i, q * K + k));
        for (Eigen::Index k = 0; k < K; ++k)
          sum += std::exp(Z(i, q * K + k) - top), picked += T(i, k) * Z(i, q * K + k);
        out(i, q) = logGate(i, q) + picked - top - std::log(sum);
      }
    } else if (kind == Kind::Logistic) {
      for (Eigen::Index i = 0; i < n; ++i) out(i, q) = logGate(i, q) + T(i, 0) * Z(i, q) - softplus(Z(i, q));
    } else {
      out.col(q) = logGate.col(q).array() - 0.5 * (kLogTwoPi + std::log(variances[q])) -
                   (T.col(0) - Z.col(q)).array().square() / (2 * variances[q]);
    }
  }
  return out;
}

// The parameters EM moves: the experts, their variances, and the gate (constant priors: a gate
// of zero weights).
struct MixtureState {
  Experts experts;
  RowVector variances;
  Gate gate;
};

class MixtureEm {
 public:
  MixtureEm(const RowMatrix& X, const Matrix& T, int Q, const MixtureEmOptions& o)
      : X_(X), T_(T), y_(T.col(0)), Q_(Q), o_(o), omega_(o.weights ? *o.weights : Vector::Ones(T.rows())) {
    const double n = std::max<double>(1, static_cast<double>(T.rows()));
    mean_ = omega_.dot(y_) / n;
    varianceY_ = omega_.dot((y_.array() - mean_).square().matrix()) / n;
    floor_ = std::max(1e-8 * varianceY_, 1e-300);
  }

  // EM from a hard partition (its one-hot responsibilities).
  ExpertsFit run(const Labels& start, const Control& control) {
    ExpertsFit out;
    MixtureState s;
    s.experts = nullExperts();
    s.variances = o_.experts == Kind::Regression ? RowVector::Constant(Q_, std::max(varianceY_, floor_)) : RowVector();
    Matrix H = oneHot(start, Q_);
    double f = HUGE_VAL;
    for (int t = 0;; ++t) {
      if (!mStep(H, s, t == 0)) {
        out.status = Status::NumericalIssue;
        out.message = o_.experts == Kind::Regression
                          ? "an expert's weighted ridge system is not positive definite (raise lambda)"
                          : "an expert's weighted logistic fit did not end with finite numbers (raise lambda)";
        break;
      }
      const double next = eStep(s, H);
      out.history.push_back(next);
      out.iterations = t + 1;
      if (Q_ > 1 && (omega_.transpose() * H).minCoeff() < o_.minPrior * static_cast<double>(H.rows())) {
        out.status = Status::NumericalIssue;
        out.message = "every start lost an expert: its share of the samples fell below minPrior (" +
                      std::to_string(o_.minPrior) +
                      "), where the likelihood grows without bound; lower Q (or minPrior)";
        f = next;
        break;
      }
      if (!control.keepGoing(t, next)) {
        out.status = Status::Aborted;
        out.message = "aborted";
        break;
      }
      const bool settled = f - next <= o_.tolerance * std::max(1.0, std::abs(next));
      f = next;
      if (settled) {
        out.status = Status::Converged;
        break;
      }
      if (t + 1 >= o_.maxIterations) {
        out.status = Status::MaxIterations;
        out.message = "EM stopped at its iteration limit (" + std::to_string(o_.maxIterations) +
                      " steps) before its tolerance: raise maxIterations, or the tolerance";
        break;
      }
    }
    out.objective = f;
    out.experts = std::move(s.experts);
    out.variances = std::move(s.variances);
    out.gate = std::move(s.gate);
    out.labels.resize(static_cast<std::size_t>(H.rows()));
    for (Eigen::Index i = 0; i < H.rows(); ++i) {
      Eigen::Index q;
      H.row(i).maxCoeff(&q);
      out.labels[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(q);
    }
    return out;
  }

  double bytes() const {
    const auto n = static_cast<double>(X_.rows()), d = static_cast<double>(X_.cols());
    return 8.0 * (n * d + 6 * n * Q_ + d * d + 2 * d * Q_);
  }

 private:
  // Every expert the null model: zero coefficients, the intercept of the (weighted) targets — their
  // mean, the log-odds of the share of ones, or the classes' centred log-shares.
  Experts nullExperts() const {
    const Eigen::Index K = T_.cols(), d = X_.cols();
    if (o_.experts == Kind::Softmax) {
      RowVector shares = RowVector::Zero(K);
      for (Eigen::Index i = 0; i < T_.rows(); ++i) shares += omega_[i] * T_.row(i);
      RowVector logShares = shares.array().max(1e-300).log().matrix();
      logShares.array() -= logShares.mean();
      Experts null{Matrix::Zero(d, Q_ * K), RowVector(Q_ * K)};
      for (int q = 0; q < Q_; ++q) null.intercept.segment(q * K, K) = logShares;
      return null;
    }
    const double share = std::clamp(mean_, 1e-6, 1 - 1e-6),
                 null = o_.experts == Kind::Logistic ? std::log(share / (1 - share)) : mean_;
    return {Matrix::Zero(d, Q_), RowVector::Constant(Q_, null)};
  }

  // F lowered given the responsibilities H (see the header): the regression experts and constant
  // priors by their exact minimisers, the classifying experts and the gate by Newton steps (to
  // their tolerance at the first M-step); an expert without weight keeps its parameters. False
  // when a system is not positive definite or a fit stops being finite.
  bool mStep(const Matrix& H, MixtureState& s, bool first) {
    const Eigen::Index n = X_.rows(), d = X_.cols();
    const double nLambda = static_cast<double>(n) * o_.lambda;
    for (int q = 0; q < Q_; ++q) {
      const Vector w = H.col(q).cwiseProduct(omega_);
      const double mass = w.sum();
      if (!(mass > 1e-12 * static_cast<double>(n))) continue;
      if (o_.experts == Kind::Logistic) {
        if (!logisticStep(w, q, s.experts, first ? 50 : 1)) return false;
        continue;
      }
      if (o_.experts == Kind::Softmax) {
        if (!softmaxStep(w, mass, q, s.experts, first)) return false;
        continue;
      }
      const RowVector mx = (w.transpose() * X_) / mass;
      const double my = w.dot(y_) / mass;
      const Vector root = w.cwiseSqrt();
      weighted_ = (X_.rowwise() - mx).array().colwise() * root.array();
      const auto D = static_cast<std::size_t>(d);
      Matrix A = Matrix::Identity(d, d) * nLambda;  // + the weighted Gram, lower triangle; then its factor
      gramAdd(weighted_.data(), static_cast<std::size_t>(n), D, 1, A.data());
      Vector c = weighted_.transpose() * (root.array() * (y_.array() - my)).matrix();
      if (!choleskyFactor(A.data(), D)) return false;
      choleskySolve(A.data(), D, c.data());
      if (!c.allFinite()) return false;
      s.experts.coef.col(q) = c;
      s.experts.intercept[q] = my - mx.dot(c);
      const Vector r = (y_ - X_ * c).array() - s.experts.intercept[q];
      s.variances[q] = std::max(floor_, (w.dot(r.cwiseAbs2()) + nLambda * c.squaredNorm()) / mass);
    }
    if (o_.gate) {  // the first fit to its tolerance, then one Newton step per EM step (a generalised EM step)
      Status status;
      Gate next = fitGate(X_, H, o_.gateLambda, &status, s.gate.empty() ? nullptr : &s.gate, s.gate.empty() ? 1000 : 1,
                          o_.weights);
      if (status == Status::NumericalIssue) return false;
      s.gate = std::move(next);
    } else {
      s.gate = constantGate(d, (omega_.transpose() * H) / static_cast<double>(n));
    }
    return true;
  }

  // Expert q's logistic M-step: its part of F given the responsibilities w,
  //   Σ_i w_i [log(1 + e^{z_i}) − y_i z_i] + nλ/2 ‖c_q‖²,  z = X c_q + b_q,
  // lowered by Newton's method on (c_q, b_q) (the Hessian Σ_i w_i p_i(1 − p_i) x̃_i x̃_iᵀ + nλ on c,
  // x̃ = (x, 1); a multiple 1e-12 of its largest diagonal entry keeps a separable expert's system
  // definite) with backtracking, from the current parameters: every accepted step lowers it, so F
  // does not increase (a generalised EM step, as the gate's). The first M-step takes up to `steps`
  // = 50 to a gradient below 1e-10 (relative), the later ones one step each. False when the
  // numbers stop being finite.
  bool logisticStep(const Vector& w, int q, Experts& experts, int steps) {
    const Eigen::Index n = X_.rows(), d = X_.cols();
    const double nLambda = static_cast<double>(n) * o_.lambda;
    Vector c = experts.coef.col(q);
    double b = experts.intercept[q];
    const auto partOf = [&](const Vector& z, const Vector& cv) {
      double v = 0;
      for (Eigen::Index i = 0; i < n; ++i) v += w[i] * (softplus(z[i]) - y_[i] * z[i]);
      return v + 0.5 * nLambda * cv.squaredNorm();
    };
    Vector z = (X_ * c).array() + b;
    double f = partOf(z, c);
    const double scale = std::max(1.0, w.sum());
    for (int step = 0; step < steps; ++step) {
      Vector r(n), v(n);
      for (Eigen::Index i = 0; i < n; ++i) {
        const double p = sigmoid(z[i]);
        r[i] = w[i] * (p - y_[i]);
        v[i] = w[i] * p * (1 - p);
      }
      Vector g(d + 1);
      g.head(d) = X_.transpose() * r + nLambda * c;
      g[d] = r.sum();
      if (g.cwiseAbs().maxCoeff() <= 1e-10 * scale) break;
      // The rows x̃_i √(w_i p_i(1 − p_i)); the Hessian's lower triangle from them, then its factor.
      weighted_.resize(n, d + 1);
      weighted_.leftCols(d) = X_.array().colwise() * v.cwiseSqrt().array();
      weighted_.col(d) = v.cwiseSqrt();
      Matrix A = Matrix::Zero(d + 1, d + 1);
      gramAdd(weighted_.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d + 1), 1, A.data());
      for (Eigen::Index j = 0; j < d; ++j) A(j, j) += nLambda;
      const double largest = A.diagonal().maxCoeff();
      A.diagonal().array() += 1e-12 * largest + 1e-300;
      if (!choleskyFactor(A.data(), static_cast<std::size_t>(d + 1))) return false;
      Vector delta = -g;
      choleskySolve(A.data(), static_cast<std::size_t>(d + 1), delta.data());
      if (!delta.allFinite()) return false;
      const double slope = g.dot(delta);
      double t = 1;
      bool accepted = false;
      for (int ls = 0; ls < 40; ++ls, t *= 0.5) {
        const Vector cTrial = c + t * delta.head(d);
        const double bTrial = b + t * delta[d];
        const Vector zTrial = (X_ * cTrial).array() + bTrial;
        const double fTrial = partOf(zTrial, cTrial);
        if (fTrial <= f + 1e-4 * t * slope) {
          c = cTrial, b = bTrial, z = zTrial, f = fTrial;
          accepted = true;
          break;
        }
      }
      if (!accepted) break;  // no decrease representable: as low as doubles get
    }
    if (!c.allFinite() || !std::isfinite(b)) return false;
    experts.coef.col(q) = c;
    experts.intercept[q] = b;
    return true;
  }

  // Expert q's softmax M-step: its part of F given the responsibilities w (of sum `mass`),
  //   Σ_i w_i [log Σ_k e^{z_ik} − Σ_k t_ik z_ik] + nλ/2 ‖C_q‖²_F,  z_i = C_qᵀx_i + b_q,
  // which divided by `mass` is the gate's problem (families/experts/gate) with one-hot targets,
  // rows weighted by w and ridge nλ/mass: solved to its tolerance at the first M-step, then up to
  // three trust-region Newton steps from the current expert (each accepted step lowers it, so F
  // does not increase: a generalised EM step; a single step, its trust region starting afresh at
  // each call, slows EM several-fold on weakly separated experts). False when the numbers stop
  // being finite.
  bool softmaxStep(const Vector& w, double mass, int q, Experts& experts, bool first) const {
    const Eigen::Index K = T_.cols();
    const Gate current{experts.coef.middleCols(q * K, K), experts.intercept.segment(q * K, K)};
    Status status;
    const double ridge = static_cast<double>(X_.rows()) * o_.lambda / mass;
    const Gate next = fitGate(X_, T_, ridge, &status, first ? nullptr : &current, first ? 1000 : 3, &w);
    if (status == Status::NumericalIssue) return false;
    experts.coef.middleCols(q * K, K) = next.coef;
    experts.intercept.segment(q * K, K) = next.intercept;
    return true;
  }

  // The responsibilities of the parameters s into H, and F at s.
  double eStep(const MixtureState& s, Matrix& H) const {
    const Eigen::Index n = X_.rows();
    const double sumLog = omega_.dot(softmaxRows(logJoint(X_, T_, s.experts, s.variances, s.gate, o_.experts), H));
    double f = -sumLog / static_cast<double>(n);
    const Eigen::Index block = o_.experts == Kind::Softmax ? T_.cols() : 1;
    for (int q = 0; q < Q_; ++q)
      f += 0.5 * o_.lambda * s.experts.coef.middleCols(q * block, block).squaredNorm() /
           (o_.experts == Kind::Regression ? s.variances[q] : 1.0);
    if (o_.gate) f += 0.5 * o_.gateLambda * s.gate.coef.squaredNorm();
    return f;
  }

  const RowMatrix& X_;
  const Matrix& T_;
  Vector y_;  // T's first column: regression and logistic experts' targets
  int Q_;
  MixtureEmOptions o_;
  Vector omega_;  // the rows' weights (all 1 without)
  double mean_, varianceY_, floor_;  // y's (weighted) mean and variance, the variances' floor
  RowMatrix weighted_;  // scratch: an expert's h-weighted centred rows
};
}  // namespace

ExpertsFit mixtureEm(const RowMatrix& X, const Matrix& T, int Q, const MixtureEmOptions& o, const Control& control) {
  const std::size_t runs = static_cast<std::size_t>(std::max(1, o.restarts));
  const std::vector<std::uint64_t> seeds = searchSeeds(o.seed, runs);
  const MixtureEm sizing(X, T, Q, o);
  const auto search = [&](std::size_t i, const Control& c) {
    MixtureEm em(X, T, Q, o);
    return em.run(randomStart(X.rows(), Q, seeds[i]), c);
  };
  return lowestOf(runSearches(runs, o.threads, sizing.bytes(), control, search));
}

double assignedLogResponsibility(const RowMatrix& X, const Matrix& T, const ExpertsFit& fit,
                                 const MixtureEmOptions& o) {
  Matrix H;
  const Matrix L = logJoint(X, T, fit.experts, fit.variances, fit.gate, o.experts);
  const Vector logNorm = softmaxRows(L, H);
  const Vector assigned = L.rowwise().maxCoeff() - logNorm;
  return o.weights ? o.weights->dot(assigned) : assigned.sum();
}

}  // namespace supclust
