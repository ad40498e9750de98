// The objective of the experts' projected gradient (experts_projected_gradient.hpp) on one
// predictor per sample: sample i's predictor is row i of W, and
//   F(W) = 1/n Σ_i f_i(w_i)
// for a loss on the sample's own answer plus its share of the ridge. Two kinds:
// - SquaredSamplePredictors (LwCS §2.2): f_i = [(y_i − x_iᵀw_i)² + λ‖w_i‖²]/2 on centred X and y,
//   w_i ∈ R^d (no intercepts).
// - ClassifyingSamplePredictors (LwCS §7.1.2, problem (17) written with per-sample W^i): f_i =
//   ℓ(y_i, W^iᵀx_i + b^i) + λ/2‖W^i‖²_F with ℓ the one-vs-all logistic loss over K classes; row i
//   holds W^i's K columns one after the other, then the K intercepts b^i (not in the ridge):
//   (d + 1)K entries.
// The kernels of kernels/dense sum in the same order natively and in wasm.
#pragma once

#include "supclust/core/loss.hpp"
#include "supclust/families/experts/expert_predictors.hpp"

namespace supclust {

class SamplePredictors {
 public:
  virtual ~SamplePredictors() = default;
  virtual Eigen::Index samples() const = 0;
  virtual Eigen::Index width() const = 0;  // entries of a sample's predictor row
  // L, at least the largest curvature (Hessian norm) of any f_i: the step starts at 1/L.
  virtual double curvature() const = 0;
  // F(W); `state` keeps what the gradient at this W needs (the samples' loss derivatives).
  virtual double value(const RowMatrix& W, Matrix& state) const = 0;
  // G = n∇F(W): row i is ∇f_i(w_i), from the state value() left for W.
  virtual void gradient(const RowMatrix& W, const Matrix& state, RowMatrix& G) const = 0;
  // The experts whose predictors are the rows of `centroids` (Q × width()).
  virtual Experts expertsOf(const Matrix& centroids) const = 0;
};

class SquaredSamplePredictors final : public SamplePredictors {
 public:
  SquaredSamplePredictors(const RowMatrix& X, const Vector& y, double lambda) : X_(X), y_(y), lambda_(lambda) {}
  Eigen::Index samples() const override { return X_.rows(); }
  Eigen::Index width() const override { return X_.cols(); }
  double curvature() const override;  // max_i ‖x_i‖² + λ
  double value(const RowMatrix& W, Matrix& state) const override;  // state: the residuals y − (x_iᵀw_i)
  void gradient(const RowMatrix& W, const Matrix& state, RowMatrix& G) const override;
  Experts expertsOf(const Matrix& centroids) const override;  // coef d × Q, zero intercepts

 private:
  const RowMatrix& X_;
  const Vector& y_;
  double lambda_;
};

class ClassifyingSamplePredictors final : public SamplePredictors {
 public:
  // X: centred rows; T: n × K one-hot 0/1 targets.
  ClassifyingSamplePredictors(const RowMatrix& X, const Matrix& T, double lambda) : X_(X), T_(T), lambda_(lambda) {}
  Eigen::Index samples() const override { return X_.rows(); }
  Eigen::Index width() const override { return (X_.cols() + 1) * T_.cols(); }
  double curvature() const override;  // max_i (‖x_i‖² + 1)/4 + λ
  double value(const RowMatrix& W, Matrix& state) const override;  // state: n × K, ∂ℓ/∂z = σ(z) − t
  void gradient(const RowMatrix& W, const Matrix& state, RowMatrix& G) const override;
  // coef d × Q·K (expert q's class k in column q·K + k) and Q·K intercepts, as ClassifyingExperts.
  Experts expertsOf(const Matrix& centroids) const override;

 private:
  Matrix scores(const RowMatrix& W) const;  // z_ik = x_iᵀW^i_{:,k} + b^i_k
  const RowMatrix& X_;
  const Matrix& T_;
  double lambda_;
  LogisticLoss loss_{true};
};

}  // namespace supclust
