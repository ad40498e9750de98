#include "supclust/solvers/ridge_system.hpp"

#include "supclust/kernels/cholesky.hpp"
#include "supclust/solvers/least_squares.hpp"

namespace supclust {

RidgeSystem::RidgeSystem(const CenteredDesign& X)
    : X_(X), n_(static_cast<double>(X.rows())), wide_(X.rows() < X.cols()) {
  // The Gram matrix on the short side, shared with the other fits on this design (a grid
  // walk fits every point on the same fold).
  small_ = sharedGram(X, wide_) / n_;
}

void RidgeSystem::factorise(double c) {
  c_ = c;
  factor_ = small_;
  factor_.diagonal().array() += c;
  ok_ = choleskyFactor(factor_.data(), static_cast<std::size_t>(factor_.rows()));
}

void RidgeSystem::solve(const Matrix& V, Matrix& out) {
  const auto r = static_cast<std::size_t>(factor_.rows());
  out.resize(V.rows(), V.cols());
  if (!wide_) {
    out = V;
    for (Eigen::Index k = 0; k < V.cols(); ++k) choleskySolve(factor_.data(), r, out.col(k).data());
    return;
  }
  xv_.resize(X_.rows());
  back_.resize(X_.cols());
  for (Eigen::Index k = 0; k < V.cols(); ++k) {
    X_.multiply(V.col(k).data(), xv_.data());
    choleskySolve(factor_.data(), r, xv_.data());
    X_.multiplyTransposed(xv_.data(), back_.data());
    out.col(k) = (V.col(k) - back_ / n_) / c_;
  }
}

}  // namespace supclust
