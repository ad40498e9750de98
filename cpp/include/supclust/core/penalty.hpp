// Penalties: a convex, possibly non-smooth term P(W) with its proximal operator, on W (d x K):
// most act on each output column; the trace norm (trace_norm_penalty.hpp) couples them. One
// class per penalty; kernels do the work.
#pragma once

#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/kernels/owl.hpp"

namespace supclust {

class Penalty {
 public:
  virtual ~Penalty() = default;
  virtual const char* name() const = 0;
  virtual double value(const Matrix& W) const = 0;
  // W ← argmin_X ½‖X − W‖² + step·P(X), in place.
  virtual void prox(Matrix& W, double step) const = 0;
  // Largest violation of the optimality condition −G ∈ ∂P(W) for a smooth gradient G
  // (absolute, per coordinate): a certificate that the solvers and tests read.
  virtual double optimalityResidual(const Matrix& W, const Matrix& G) const = 0;
};

class NoPenalty final : public Penalty {
 public:
  const char* name() const override { return "none"; }
  double value(const Matrix&) const override { return 0; }
  void prox(Matrix&, double) const override {}
  double optimalityResidual(const Matrix&, const Matrix& G) const override;
};

// λ1 ‖W‖₁
class L1Penalty final : public Penalty {
 public:
  explicit L1Penalty(double lambda1) : lambda1_(lambda1) {}
  const char* name() const override { return "l1"; }
  double value(const Matrix& W) const override;
  void prox(Matrix& W, double step) const override;
  double optimalityResidual(const Matrix& W, const Matrix& G) const override;

 private:
  double lambda1_;
};

// Σ_k OWL_w(W[:, k]), w non-increasing and non-negative (OSCAR: oscarWeights()).
class OwlPenalty final : public Penalty {
 public:
  explicit OwlPenalty(std::vector<double> weights) : w_(std::move(weights)) {}
  const char* name() const override { return "owl"; }
  double value(const Matrix& W) const override;
  void prox(Matrix& W, double step) const override;
  double optimalityResidual(const Matrix& W, const Matrix& G) const override;

 private:
  std::vector<double> w_;
  mutable OwlProx prox_;
  mutable std::vector<double> scaled_;  // the prox's weights, step · w
  // Kept between calls (solvers test slowly changing points): the sorts of the iterate and of
  // the gradient start from their last order, and nothing is allocated once sized.
  mutable MagnitudeOrder iterateOrder_, gradientOrder_;
  mutable Vector negativeGradient_;
};

// Distance of z from the dual ball of OWL_w: max_k (Σ_{i<=k} |z|_(i) − Σ_{i<=k} w_i)+, and the
// gap OWL_w(x) − zᵀx. z ∈ ∂OWL_w(x) iff both are 0.
double owlSubgradientViolation(const double* x, const double* z, const double* w, std::size_t d);
// The same, sorting |x| and |z| through kept orders.
double owlSubgradientViolation(const double* x, const double* z, const double* w, std::size_t d, MagnitudeOrder& xOrder,
                               MagnitudeOrder& zOrder);

// A certificate for any penalty with an exact prox: max |W − prox_P(W − G)| (the proximal
// gradient step of length 1), which is 0 iff −G ∈ ∂P(W).
double proximalResidual(const Penalty& P, const Matrix& W, const Matrix& G);

}  // namespace supclust
