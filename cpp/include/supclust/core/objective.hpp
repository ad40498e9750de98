// F(W, b) = Loss(Xc W + 1 bᵀ, T) + R(W): the smooth part every solver minimises, with the
// quadratic regulariser R(W) = λ/2 ||W||²_F (ridge on W only; the intercept b is never
// penalised nor grouped), plus, after setGroupRidge(), μ/2 ||(I − P)W||²_F where P replaces each
// coefficient by its group's mean (GEM's prior for a fixed assignment: μ = 2γ), plus, after
// setOutputCoupling(), ½ Tr(W C Wᵀ) for a symmetric positive semidefinite C (K x K) that couples
// the outputs (the clustered-multitask penalty for a fixed task partition). Both terms are
// honoured by value(), gradient(), lipschitz() and trust-region Newton (the solvers that factor
// λI themselves — ADMM, fusion ADMM, proximal Newton — are not given them).
#pragma once

#include "supclust/core/design.hpp"
#include "supclust/core/loss.hpp"

namespace supclust {

class Objective {
 public:
  Objective(const CenteredDesign& X, Matrix T, const Loss& loss, double lambda)
      : X_(X), T_(std::move(T)), loss_(loss), lambda_(lambda) {}

  double value(const Matrix& W, const RowVector& b) const;
  // Also leaves the linear predictor Z = Xc W + 1 bᵀ in Z, for gradientAt().
  double value(const Matrix& W, const RowVector& b, Matrix& Z) const;
  // Returns F(W, b) and fills its gradient.
  double gradient(const Matrix& W, const RowVector& b, Matrix& gW, RowVector& gb) const;
  // The same from the predictor Z of (W, b) computed by value(): one product fewer.
  double gradientAt(const Matrix& Z, const Matrix& W, Matrix& gW, RowVector& gb) const;
  // Lipschitz constant of the gradient in (W, b); exact block structure because Xc ⟂ 1.
  double lipschitz() const;

  // Adds μ/2 ||(I − P)W||² for groups labels[j] ∈ 0..groups−1 (see the top of this file).
  void setGroupRidge(Labels labels, int groups, double mu);
  // Adds ½ Tr(W C Wᵀ); C is K x K, symmetric positive semidefinite (see the top of this file),
  // with norm ≥ its largest eigenvalue (the caller knows it: the tasks' couplings are weighted
  // sums of orthogonal projectors, whose norm is the largest weight; an eigensolver costs K³).
  void setOutputCoupling(Matrix C, double norm);
  // The outputs must then be solved together (trust-region Newton: one block, not per column).
  bool coupled() const { return coupling_.size() > 0; }
  // R on the columns first … first + W.cols() − 1 of W (all of them when coupled), and
  // out += ∇R(V) = λ V + μ (I − P) V + V C (R is quadratic: also its Hessian times V).
  double regulariser(const Eigen::Ref<const Matrix>& W, Eigen::Index first) const;
  void addRegulariserTimes(const Eigen::Ref<const Matrix>& V, Eigen::Index first, Eigen::Ref<Matrix> out) const;

  const CenteredDesign& design() const { return X_; }
  const Matrix& targets() const { return T_; }
  const Loss& loss() const { return loss_; }
  double lambda() const { return lambda_; }
  Eigen::Index features() const { return X_.cols(); }
  Eigen::Index outputs() const { return T_.cols(); }

 private:
  const CenteredDesign& X_;
  Matrix T_;
  const Loss& loss_;
  double lambda_;
  void groupMeansOf(const Eigen::Ref<const Vector>& v) const;  // into groupMeans_
  double columnRegulariser(const Eigen::Ref<const Vector>& w) const;
  void addColumnRegulariserTimes(const Eigen::Ref<const Vector>& v, Eigen::Ref<Vector> out) const;

  Labels groupLabels_;
  int groups_ = 0;
  double groupWeight_ = 0;
  Vector groupSizes_;
  mutable Vector groupMeans_;
  Matrix coupling_;
  double couplingNorm_ = 0;
};

}  // namespace supclust
