#include "supclust/solvers/dual_coordinate_descent.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/base/random.hpp"

namespace supclust {

double svmPrimal(const CenteredDesign& X, const Vector& y, double lambda, const Vector& w, double b) {
  Vector z(X.rows());
  X.multiply(w.data(), z.data());
  double hinge = 0;
  for (Eigen::Index i = 0; i < z.size(); ++i) hinge += std::max(0.0, 1 - (2 * y[i] - 1) * (z[i] + b));
  return 0.5 * lambda * (w.squaredNorm() + b * b) + hinge / static_cast<double>(z.size());
}

// The primal is λ times the standard ½‖(w, b)‖² + C Σ hinge (C = 1/(λn)), whose dual at α,
// with (w, b) = Σ α_i ỹ_i (x_i, 1), is Σα − ½‖(w, b)‖²: in the primal's units, λ times that.
double svmDual(const Vector& alpha, const Vector& w, double b, double lambda) {
  return lambda * (alpha.sum() - 0.5 * (w.squaredNorm() + b * b));
}

Result linearSvm(const CenteredDesign& X, const Vector& y, double lambda, const DualCoordinateDescentOptions& opt,
                 const Control& control) {
  const RowMatrix& A = X.X();
  const Eigen::Index n = A.rows(), d = A.cols();
  const double C = 1 / (lambda * static_cast<double>(n));
  Vector alpha = Vector::Zero(n), w = Vector::Zero(d), diag(n);
  double b = 0;
  for (Eigen::Index i = 0; i < n; ++i) diag[i] = A.row(i).squaredNorm() + 1;
  std::vector<Eigen::Index> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  Random rng(opt.seed);
  Result r;
  r.status = Status::MaxIterations;
  double primal = svmPrimal(X, y, lambda, w, b);
  r.history.push_back(primal);
  for (int epoch = 1; epoch <= opt.maxIterations; ++epoch) {
    if (stopRequested(control, epoch, primal, r)) break;
    for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
    for (Eigen::Index i : order) {
      const double t = 2 * y[i] - 1;
      const double G = t * (A.row(i).dot(w) + b) - 1;  // ∂/∂α_i of ½αᵀQα − Σα
      const double next = std::clamp(alpha[i] - G / diag[i], 0.0, C);
      const double delta = next - alpha[i];
      if (delta == 0) continue;
      alpha[i] = next;
      w.noalias() += (delta * t) * A.row(i).transpose();
      b += delta * t;
    }
    r.iterations = epoch;
    primal = svmPrimal(X, y, lambda, w, b);
    r.history.push_back(primal);
    if (primal - svmDual(alpha, w, b, lambda) <= opt.tolerance * primal) {
      r.status = Status::Converged;
      break;
    }
  }
  r.coef = w;
  r.intercept = RowVector::Constant(1, b);
  r.objective = svmPrimal(X, y, lambda, r.coef.col(0), r.intercept[0]);
  return r;
}

}  // namespace supclust
