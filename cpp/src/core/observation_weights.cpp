#include "supclust/core/observation_weights.hpp"

#include <cmath>
#include <string>

namespace supclust {

Refusal checkObservationWeights(const Eigen::Ref<const Vector>& weights, Eigen::Index n) {
  if (weights.size() != n)
    return Refusal("weights", "must have one entry per row of X (n = " + std::to_string(n) + ", got " +
                                  std::to_string(weights.size()) + ")");
  double sum = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!std::isfinite(weights[i]) || weights[i] < 0)
      return Refusal("weights", "must be finite and non-negative (entry " + std::to_string(i) + " is " +
                                    std::to_string(weights[i]) + ")");
    sum += weights[i];
  }
  if (!(sum > 0)) return Refusal("weights", "must have a positive entry (every row weighs 0)");
  if (!std::isfinite(sum)) return Refusal("weights", "sum beyond the double range: scale them down");
  return {};
}

Vector normalisedWeights(const Eigen::Ref<const Vector>& weights) {
  return weights * (static_cast<double>(weights.size()) / weights.sum());
}

WeightedLoss::WeightedLoss(std::unique_ptr<Loss> base, Vector weights)
    : base_(std::move(base)), w_(std::move(weights)), top_(w_.size() ? w_.maxCoeff() : 1) {}

double WeightedLoss::value(const Matrix& Z, const Matrix& T) const {
  Vector v;
  base_->rowValues(Z, T, v);
  return w_.dot(v) / static_cast<double>(Z.rows());
}

void WeightedLoss::rowValues(const Matrix& Z, const Matrix& T, Vector& v) const {
  base_->rowValues(Z, T, v);
  v.array() *= w_.array();
}

void WeightedLoss::gradient(const Matrix& Z, const Matrix& T, Matrix& G) const {
  base_->gradient(Z, T, G);
  G.array().colwise() *= w_.array();
}

void WeightedLoss::hessianWeights(const Matrix& Z, Matrix& D) const {
  base_->hessianWeights(Z, D);
  D.array().colwise() *= w_.array();
}

void WeightedLoss::curvatureState(const Matrix& Z, Matrix& S) const {
  base_->curvatureState(Z, S);
  if (base_->separable()) S.array().colwise() *= w_.array();
}

void WeightedLoss::curvatureTimes(const Matrix& S, Matrix& A) const {
  base_->curvatureTimes(S, A);
  if (!base_->separable()) A.array().colwise() *= w_.array();
}

RowVector WeightedLoss::targetMeans(const Matrix& T) const {
  return (w_.transpose() * T) / static_cast<double>(T.rows());
}

RowVector WeightedLoss::nullIntercept(const Matrix& T) const {
  // Every loss's null intercepts depend on T through its column means (loss.hpp): the weighted
  // means as a one-row T.
  return base_->nullIntercept(Matrix(targetMeans(T)));
}

std::unique_ptr<Loss> withObservationWeights(std::unique_ptr<Loss> loss, const Eigen::Ref<const Vector>& weights) {
  if (weights.size() == 0) return loss;
  return std::make_unique<WeightedLoss>(std::move(loss), normalisedWeights(weights));
}

}  // namespace supclust
