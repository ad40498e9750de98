// Datafits: a loss of the linear predictor Z = X W + 1 bᵀ (n x K) against targets T (n x K).
// value() is the mean over samples; gradient() is its derivative with respect to Z (so it
// already carries the 1/n); curvature() bounds the second derivative per entry, which with
// ||X||² gives the Lipschitz constant of the gradient. One file per loss implementation.
#pragma once

#include <memory>
#include <string>

#include "supclust/core/types.hpp"

namespace supclust {

class Loss {
 public:
  virtual ~Loss() = default;
  virtual const char* name() const = 0;
  // "" when y is acceptable for this loss, else a message naming the problem.
  virtual std::string checkTargets(const Eigen::Ref<const Vector>& y) const = 0;
  // The n x K target matrix the loss works on (K = 1 for regression and binary problems).
  virtual Matrix targets(const Eigen::Ref<const Vector>& y) const = 0;
  virtual double value(const Matrix& Z, const Matrix& T) const = 0;
  virtual void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const = 0;
  virtual double curvature() const = 0;
  // True when, for fixed W, the optimal intercept is mean(T - Xc W) = mean(T) (squared loss).
  virtual bool interceptIsMean() const { return false; }
};

// 1/(2n) ||Z - T||²_F.
class SquaredLoss final : public Loss {
 public:
  const char* name() const override { return "squared"; }
  std::string checkTargets(const Eigen::Ref<const Vector>&) const override { return ""; }
  Matrix targets(const Eigen::Ref<const Vector>& y) const override { return y; }
  double value(const Matrix& Z, const Matrix& T) const override;
  void gradient(const Matrix& Z, const Matrix& T, Matrix& G) const override;
  double curvature() const override { return 1; }
  bool interceptIsMean() const override { return true; }
};

// Names accepted by the option "loss"; nullptr for an unknown name.
std::unique_ptr<Loss> makeLoss(const std::string& name);

}  // namespace supclust
