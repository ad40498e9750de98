#include "supclust/families/experts/classifying_experts.hpp"

#include <cmath>
#include <memory>

#include "supclust/core/design.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/core/observation_weights.hpp"
#include "supclust/kernels/logistic.hpp"

namespace supclust {

ClassifyingExperts::ClassifyingExperts(const RowMatrix& X, const Matrix& T, int Q, double lambda,
                                       TrustRegionOptions inner, const Vector* weights)
    : X_(X), T_(T), Q_(Q), lambda_(lambda), inner_(inner), weights_(weights) {}

bool ClassifyingExperts::fit(const Labels& labels, Experts& out) {
  const Eigen::Index d = X_.cols(), K = T_.cols();
  out.coef = Matrix::Zero(d, Q_ * K);
  out.intercept = RowVector::Zero(Q_ * K);
  sizes_.assign(static_cast<std::size_t>(Q_), 0);
  for (std::int32_t l : labels) ++sizes_[static_cast<std::size_t>(l)];
  const bool warm = previous_.coef.rows() == d && previous_.coef.cols() == Q_ * K;
  for (int q = 0; q < Q_; ++q) {
    const Eigen::Index s = sizes_[static_cast<std::size_t>(q)];
    if (s == 0) continue;
    RowMatrix Xq(s, d);
    Matrix Tq(s, K);
    Vector wq(s);
    for (Eigen::Index i = 0, r = 0; i < X_.rows(); ++i)
      if (labels[static_cast<std::size_t>(i)] == q) {
        Xq.row(r) = X_.row(i);
        wq[r] = weightOf(weights_, i);
        Tq.row(r++) = T_.row(i);
      }
    if (!(wq.sum() > 0)) continue;  // no weight: no share of F
    const std::unique_ptr<Loss> loss = weights_ ? withObservationWeights(std::make_unique<LogisticLoss>(true), wq)
                                                : std::make_unique<LogisticLoss>(true);
    const CenteredDesign D(Xq);
    const Objective F(D, std::move(Tq), *loss, lambda_);
    // The group's fit is on its own centred rows: intercept b there is b − m_q·V in X_'s frame.
    Matrix W0 = warm ? Matrix(previous_.coef.middleCols(q * K, K)) : Matrix::Zero(d, K);
    RowVector b0 = warm ? RowVector(previous_.intercept.segment(q * K, K) + D.means() * W0) : RowVector::Zero(K);
    const Result r = trustRegionNewton(F, std::move(W0), std::move(b0), inner_, {});
    if (r.status == Status::NumericalIssue || !r.coef.allFinite()) return false;
    out.coef.middleCols(q * K, K) = r.coef;
    out.intercept.segment(q * K, K) = r.intercept - D.means() * r.coef;
  }
  previous_ = out;
  return true;
}

Matrix ClassifyingExperts::costs(const Experts& e) const {
  const Eigen::Index n = X_.rows(), K = T_.cols();
  const Matrix Z = (X_ * e.coef).rowwise() + e.intercept;
  Matrix c(n, Q_);
  for (int q = 0; q < Q_; ++q) {
    if (sizes_.size() == static_cast<std::size_t>(Q_) && sizes_[static_cast<std::size_t>(q)] == 0) {
      c.col(q).setConstant(HUGE_VAL);
      continue;
    }
    const double ridge = lambda_ * e.coef.middleCols(q * K, K).squaredNorm();
    for (Eigen::Index i = 0; i < n; ++i) {
      double l = 0;
      for (Eigen::Index k = 0; k < K; ++k) l += softplus(-(2 * T_(i, k) - 1) * Z(i, q * K + k));
      c(i, q) = 2 * l + ridge;  // F = 1/(2n) Σ cost = 1/n Σ (ℓ + λ/2‖V‖²)
    }
  }
  return c;
}

}  // namespace supclust
