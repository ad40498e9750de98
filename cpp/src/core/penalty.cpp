#include "supclust/core/penalty.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "supclust/kernels/soft_threshold.hpp"

namespace supclust {

double NoPenalty::optimalityResidual(const Matrix&, const Matrix& G) const { return G.cwiseAbs().maxCoeff(); }

double L1Penalty::value(const Matrix& W) const { return lambda1_ * W.cwiseAbs().sum(); }

void L1Penalty::prox(Matrix& W, double step) const {
  const double t = step * lambda1_;
  W = W.unaryExpr([t](double x) { return softThreshold(x, t); });
}

double L1Penalty::optimalityResidual(const Matrix& W, const Matrix& G) const {
  double r = 0;
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    for (Eigen::Index j = 0; j < W.rows(); ++j) {
      r = std::max(r, l1Violation(W(j, k), G(j, k), lambda1_));
    }
  return r;
}

double OwlPenalty::value(const Matrix& W) const {
  double s = 0;
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    s += owlNorm(W.col(k).data(), static_cast<std::size_t>(W.rows()), w_.data(), iterateOrder_);
  return s;
}

void OwlPenalty::prox(Matrix& W, double step) const {
  scaled_.resize(w_.size());  // kept: solvers call the prox every step
  for (std::size_t i = 0; i < w_.size(); ++i) scaled_[i] = step * w_[i];
  for (Eigen::Index k = 0; k < W.cols(); ++k)
    prox_.apply(W.col(k).data(), static_cast<std::size_t>(W.rows()), scaled_.data(), W.col(k).data());
}

double OwlPenalty::optimalityResidual(const Matrix& W, const Matrix& G) const {
  double r = 0;
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    negativeGradient_ = -G.col(k);
    r = std::max(r, owlSubgradientViolation(W.col(k).data(), negativeGradient_.data(), w_.data(),
                                            static_cast<std::size_t>(W.rows()), iterateOrder_, gradientOrder_));
  }
  return r;
}

double owlSubgradientViolation(const double* x, const double* z, const double* w, std::size_t d) {
  MagnitudeOrder xOrder, zOrder;
  return owlSubgradientViolation(x, z, w, d, xOrder, zOrder);
}

double owlSubgradientViolation(const double* x, const double* z, const double* w, std::size_t d, MagnitudeOrder& xOrder,
                               MagnitudeOrder& zOrder) {
  // Past the last |z| above the smallest weight each term |z|_(k) − w_k is ≤ 0: the excess is
  // reached among those entries, the only ones sorted.
  const std::size_t above = d == 0 ? 0 : zOrder.sortAbove(z, d, w[d - 1]);
  const std::vector<std::int32_t>& order = zOrder.order();
  const std::vector<double>& a = zOrder.magnitudes();
  double excess = 0, sz = 0, sw = 0;
  for (std::size_t k = 0; k < above; ++k) {
    sz += a[static_cast<std::size_t>(order[k])];
    sw += w[k];
    excess = std::max(excess, sz - sw);
  }
  double zx = 0;
  for (std::size_t i = 0; i < d; ++i) zx += z[i] * x[i];
  return std::max(excess, std::abs(owlNorm(x, d, w, xOrder) - zx));
}

double proximalResidual(const Penalty& P, const Matrix& W, const Matrix& G) {
  Matrix step = W - G;
  P.prox(step, 1);
  return (W - step).cwiseAbs().maxCoeff();
}

}  // namespace supclust
