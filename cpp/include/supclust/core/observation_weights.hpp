// Observation weights (glmnet's `weights`, scikit-learn's `sample_weight`): row i of the data
// counts ω_i times. They are normalised to mean 1, so that a loss stays a mean over rows and λ
// keeps its meaning: integer weights fit as the rows repeated, a zero weight as the row removed,
// and weights scaled together leave the fit unchanged. A weighted fit centres X by the weighted
// column means (Xcᵀω = 0), so that for the squared loss the optimal intercept is still the
// (weighted) mean of the targets whatever W is.
#pragma once

#include <memory>

#include "supclust/core/loss.hpp"

namespace supclust {

// "" when `weights` are n finite non-negative numbers with a positive sum, else a refusal naming
// the field "weights".
Refusal checkObservationWeights(const Eigen::Ref<const Vector>& weights, Eigen::Index n);
// The weights scaled to mean 1 (ω_i n / Σω).
Vector normalisedWeights(const Eigen::Ref<const Vector>& weights);

// A loss whose rows count ω_i times: (1/n) Σ_i ω_i ℓ_i(z_i, t_i) for the loss's own terms ℓ_i
// (mean ω = 1). Its gradient and curvature are the loss's, row i scaled by ω_i; its bound on the
// curvature is the loss's times max ω; the null model's intercepts and the target means are taken
// with the weights.
class WeightedLoss final : public Loss {
 public:
  // `weights` of mean 1 (normalisedWeights), one per row of the targets.
  WeightedLoss(std::unique_ptr<Loss> base, Vector weights);

  const char* name() const override { return base_->name(); }
  Refusal checkTargets(const Eigen::Ref<const Vector>& y) const override { return base_->checkTargets(y); }
  Matrix targets(const Eigen::Ref<const Vector>& y) const override { return base_->targets(y); }
  double value(const Matrix& Z, const Matrix& T) const override;
  void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const override;
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override;
  double curvature() const override { return base_->curvature() * top_; }
  void hessianWeights(const Matrix& Z, Matrix& D) const override;
  RowVector nullIntercept(const Matrix& T) const override;
  RowVector targetMeans(const Matrix& T) const override;
  const Vector* rowWeights() const override { return &w_; }
  bool squared() const override { return base_->squared(); }
  bool oneVsAll() const override { return base_->oneVsAll(); }
  bool separable() const override { return base_->separable(); }
  // A separable loss's state is its Hessian weights (the Newton methods read them as such):
  // weighted here; a coupled loss's (the softmax rows) is weighted in curvatureTimes.
  void curvatureState(const Matrix& Z, Matrix& S) const override;
  void curvatureTimes(const Matrix& S, Matrix& A) const override;

 private:
  std::unique_ptr<Loss> base_;
  Vector w_;
  double top_;  // max ω
};

// `loss` with these weights (of any positive sum: normalised here), or `loss` itself when there are none.
std::unique_ptr<Loss> withObservationWeights(std::unique_ptr<Loss> loss, const Eigen::Ref<const Vector>& weights);

}  // namespace supclust
