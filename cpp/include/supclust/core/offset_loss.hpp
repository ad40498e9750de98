// Row offsets (glmnet's `offset`): row i's scores are z_i + o_i for every output — a known part of
// the linear predictor (a baseline model's margin, an exposure) that the fit does not estimate.
// The squared loss takes them as targets t − o (exact, whatever reads the targets: fit() shifts
// them); the other separable losses read Z + o 1ᵀ through OffsetLoss. The multinomial loss (one
// offset per row shifts every class alike and changes nothing; glmnet's are per class) and the
// hinge loss (the SVM's dual solver reads no loss) take none.
#pragma once

#include <memory>

#include "supclust/core/loss.hpp"

namespace supclust {

// "" when `offset` holds n finite numbers, else a refusal naming the field "offset".
Refusal checkOffset(const Eigen::Ref<const Vector>& offset, Eigen::Index n);

// A loss of the scores Z + o 1ᵀ: its value, gradient and curvature are the loss's there; the null
// model's intercepts minimise it over b with the offsets in (Newton in b, per column).
class OffsetLoss final : public Loss {
 public:
  OffsetLoss(std::unique_ptr<Loss> base, Vector offset);

  const char* name() const override { return base_->name(); }
  Refusal checkTargets(const Eigen::Ref<const Vector>& y) const override { return base_->checkTargets(y); }
  Matrix targets(const Eigen::Ref<const Vector>& y) const override { return base_->targets(y); }
  double value(const Matrix& Z, const Matrix& T) const override { return base_->value(shifted(Z), T); }
  void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const override { base_->rowValues(shifted(Z), T, v); }
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override { base_->gradient(shifted(Z), T, G); }
  double curvature() const override { return base_->curvature(); }
  void hessianWeights(const Matrix& Z, Matrix& D) const override { base_->hessianWeights(shifted(Z), D); }
  RowVector nullIntercept(const Matrix& T) const override;
  RowVector targetMeans(const Matrix& T) const override { return base_->targetMeans(T); }
  const Vector* rowWeights() const override { return base_->rowWeights(); }
  bool squared() const override { return base_->squared(); }
  bool oneVsAll() const override { return base_->oneVsAll(); }
  bool separable() const override { return base_->separable(); }
  void curvatureState(const Matrix& Z, Matrix& S) const override { base_->curvatureState(shifted(Z), S); }
  void curvatureTimes(const Matrix& S, Matrix& A) const override { base_->curvatureTimes(S, A); }

 private:
  Matrix shifted(const Matrix& Z) const { return Z.colwise() + offset_; }
  std::unique_ptr<Loss> base_;
  Vector offset_;
};

// The fit's loss and targets with these offsets (none: unchanged): the squared loss's targets
// shifted, another separable loss wrapped; a refusal naming `offset` for the multinomial and
// hinge losses.
Refusal withOffset(const Eigen::Ref<const Vector>& offset, std::unique_ptr<Loss>& loss, Matrix& T);

}  // namespace supclust
