// Datafits: a loss of the linear predictor Z = X W + 1 bᵀ (n x K) against targets T (n x K).
// value() is the mean over samples; gradient() is its derivative with respect to Z (so it
// already carries the 1/n); curvature() bounds the second derivative per entry, which with
// ||X||² gives the Lipschitz constant of the gradient. One file per loss implementation.
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "supclust/base/types.hpp"

namespace supclust {

class Loss {
 public:
  virtual ~Loss() = default;
  virtual const char* name() const = 0;
  // "" when y is acceptable for this loss, else a message naming the problem.
  virtual Refusal checkTargets(const Eigen::Ref<const Vector>& y) const = 0;
  // The n x K target matrix the loss works on (K = 1 for regression and binary problems).
  virtual Matrix targets(const Eigen::Ref<const Vector>& y) const = 0;
  virtual double value(const Matrix& Z, const Matrix& T) const = 0;
  // Each row's term of value(), summed over its K entries, without the 1/n: v (n entries).
  virtual void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const = 0;
  virtual void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const = 0;
  virtual double curvature() const = 0;
  // The second derivative of the loss in each entry of Z (with the 1/n), n x K: the diagonal
  // weights of the Hessian Xᵀ D X that Newton methods use.
  virtual void hessianWeights(const Matrix& Z, Matrix& D) const = 0;
  // The intercepts of the null model (w = 0) that minimise the loss on T, one per column: the
  // reference of the deviance ratio and the point where a penalty weight's top is read.
  // Every loss's depends on T through its column means alone (a one-row T of those means gives
  // the same intercepts: what a weighted loss passes).
  virtual RowVector nullIntercept(const Matrix& T) const = 0;
  // T's column means: the squared loss's optimal intercept for centred X (the observation-weighted
  // means under weights, with X centred by the weighted means).
  virtual RowVector targetMeans(const Matrix& T) const { return T.colwise().mean(); }
  // The rows' observation weights (mean 1) when they carry some (core/observation_weights.hpp),
  // else nullptr; weighted(): the squared loss's closed forms, which assume equal rows, do not apply.
  virtual const Vector* rowWeights() const { return nullptr; }
  bool weighted() const { return rowWeights() != nullptr; }
  // The squared loss on equal rows: its closed forms apply (the mean intercept for centred X,
  // solves and Gram matrices of XcᵀXc).
  bool closedForm() const { return squared() && !weighted(); }
  // The squared loss: closed forms exist, and for centred X the optimal intercept is mean(T)
  // whatever W is.
  virtual bool squared() const { return false; }
  // Targets are class labels read one-vs-all (a prediction is the largest of K scores); otherwise
  // each column of T is a target of its own (regression, or binary 0/1 per column).
  virtual bool oneVsAll() const { return false; }
  // Targets are class labels (every loss but the plain squared one); binary: exactly two.
  bool classification() const { return !squared() || oneVsAll(); }
  bool binary() const { return classification() && !oneVsAll(); }
  // Each entry of Z is its own term (every loss but the multinomial one, whose softmax couples a
  // row's K entries): the Hessian is diagonal, hessianWeights() holds it. Newton methods solve a
  // non-separable loss's outputs as one block, with curvatureTimes().
  virtual bool separable() const { return true; }
  // What curvatureTimes() reads at Z, computed once per point: a separable loss's Hessian
  // weights; the multinomial loss's softmax rows.
  virtual void curvatureState(const Matrix& Z, Matrix& S) const { hessianWeights(Z, S); }
  // A ← ∇²Loss(Z)·A applied row by row (with the 1/n), S = curvatureState(Z): a separable
  // loss's is S ∘ A.
  virtual void curvatureTimes(const Matrix& S, Matrix& A) const { A.array() *= S.array(); }
};

// 1/(2n) ||Z - T||²_F. One-vs-all: y holds class labels 0..K-1 and T = 2·onehot − 1.
class SquaredLoss final : public Loss {
 public:
  explicit SquaredLoss(bool oneVsAll = false) : oneVsAll_(oneVsAll) {}
  const char* name() const override { return oneVsAll_ ? "ova-squared" : "squared"; }
  Refusal checkTargets(const Eigen::Ref<const Vector>& y) const override;
  Matrix targets(const Eigen::Ref<const Vector>& y) const override;
  double value(const Matrix& Z, const Matrix& T) const override;
  void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const override;
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override;
  double curvature() const override { return 1; }
  void hessianWeights(const Matrix& Z, Matrix& D) const override;
  RowVector nullIntercept(const Matrix& T) const override { return T.colwise().mean(); }
  bool squared() const override { return true; }
  bool oneVsAll() const override { return oneVsAll_; }

 private:
  bool oneVsAll_;
};

// 1/n Σ log(1 + exp(−ỹ z)) with ỹ = 2t − 1, t ∈ {0, 1}, computed without overflow. Binary:
// y ∈ {0, 1}; one-vs-all: y holds class labels 0..K-1 and T = onehot (K binary problems).
class LogisticLoss final : public Loss {
 public:
  explicit LogisticLoss(bool oneVsAll = false) : oneVsAll_(oneVsAll) {}
  const char* name() const override { return oneVsAll_ ? "ova-logistic" : "logistic"; }
  Refusal checkTargets(const Eigen::Ref<const Vector>& y) const override;
  Matrix targets(const Eigen::Ref<const Vector>& y) const override;
  double value(const Matrix& Z, const Matrix& T) const override;
  void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const override;
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override;
  double curvature() const override { return 0.25; }
  void hessianWeights(const Matrix& Z, Matrix& D) const override;
  // logit of each column's share of ones (±38 for a column of one class: the loss's floor).
  RowVector nullIntercept(const Matrix& T) const override;
  bool oneVsAll() const override { return oneVsAll_; }

 private:
  bool oneVsAll_;
};

// 1/n Σ max(0, 1 − ỹ z), ỹ = 2t − 1, t ∈ {0, 1}: the linear SVM's datafit (method 'svm', by
// dual coordinate descent; not offered to the gradient solvers: it is not differentiable).
// gradient() is a subgradient; curvature() is infinite and the Hessian weights are 0. Binary:
// y ∈ {0, 1}; one-vs-all ('ova-hinge'): y holds class labels 0..K-1 and T = onehot (K binary
// problems, LinearSVC's one-vs-rest).
class HingeLoss final : public Loss {
 public:
  explicit HingeLoss(bool oneVsAll = false) : oneVsAll_(oneVsAll) {}
  const char* name() const override { return oneVsAll_ ? "ova-hinge" : "hinge"; }
  Refusal checkTargets(const Eigen::Ref<const Vector>& y) const override;
  Matrix targets(const Eigen::Ref<const Vector>& y) const override;
  bool oneVsAll() const override { return oneVsAll_; }
  double value(const Matrix& Z, const Matrix& T) const override;
  void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const override;
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override;
  double curvature() const override { return HUGE_VAL; }
  void hessianWeights(const Matrix& Z, Matrix& D) const override { D = Matrix::Zero(Z.rows(), Z.cols()); }
  // ±1 by the majority class (mean max(0, 1 − ỹb) is piecewise linear in b, least at b = ±1).
  RowVector nullIntercept(const Matrix& T) const override;

 private:
  bool oneVsAll_;
};

// The multinomial (softmax) cross-entropy 1/n Σ_i [s_i log Σ_k exp z_ik − Σ_k t_ik z_ik], s_i = Σ_k
// t_ik: class labels as one-hot rows, or any non-negative rows (a mixture's responsibilities,
// rows summing to 1). The curvature terms take rows summing to 1: the Hessian per row is
// (diag p_i − p_i p_iᵀ)/n with p_i = softmax(z_i), bounded by ½/n (Böhning). Read one-vs-all
// in the sense of Loss::oneVsAll (a prediction is the largest of K scores).
class MultinomialLoss final : public Loss {
 public:
  const char* name() const override { return "multinomial"; }
  Refusal checkTargets(const Eigen::Ref<const Vector>& y) const override;
  Matrix targets(const Eigen::Ref<const Vector>& y) const override;
  double value(const Matrix& Z, const Matrix& T) const override;
  void rowValues(const Matrix& Z, const Matrix& T, Vector& v) const override;
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override;
  double curvature() const override { return 0.5; }
  // The Hessian's diagonal, p(1 − p)/n per entry (for rows summing to 1).
  void hessianWeights(const Matrix& Z, Matrix& D) const override;
  // log of each column's share of the targets' mass (−38 for an absent class), centred.
  RowVector nullIntercept(const Matrix& T) const override;
  bool oneVsAll() const override { return true; }
  bool separable() const override { return false; }
  void curvatureState(const Matrix& Z, Matrix& S) const override;
  void curvatureTimes(const Matrix& S, Matrix& A) const override;
};

// Each row's softmax, computed without overflow.
Matrix softmaxRows(const Matrix& Z);
// The same into P, returning each row's log Σ_k exp z_k.
Vector softmaxRows(const Matrix& Z, Matrix& P);

// Class labels: "" when every y is an integer in 0..K-1 with at least two classes present.
Refusal checkClassLabels(const Eigen::Ref<const Vector>& y);
// Two-class labels for the named loss: "" when every y is 0 or 1 and both occur.
Refusal checkBinaryLabels(const Eigen::Ref<const Vector>& y, const char* loss);
// n x K with T(i, y_i) = on and every other entry off; K = max label + 1.
Matrix classTargets(const Eigen::Ref<const Vector>& y, double on, double off);

// The loss of a name in allLossNames(); nullptr for an unknown name.
std::unique_ptr<Loss> makeLoss(const std::string& name);
// Every loss makeLoss() knows: lossNames(), the hinge losses (the SVM's alone) and the
// multinomial loss (the linear family's; the experts' gates).
const std::vector<std::string>& allLossNames();
// The losses the shared option "loss" offers (all but the hinge loss).
const std::vector<std::string>& lossNames();

}  // namespace supclust
