// Test-only reference for the pairwise penalties: min 1/(2n)‖Xc β − (y − ȳ)‖² + Σ_r w_r |t_rᵀβ|
// with the rows t_r written out (the DFG paper's explicit T matrices), by plain ADMM on z = Tβ
// with ρ = 1 and an LDLT solve: slow, obviously correct, independent of families/penalties/fusion_admm.
#pragma once

#include <vector>

#include "supclust/base/types.hpp"

namespace ref {

struct Rows {
  std::vector<supclust::Vector> t;
  std::vector<double> weight;
  void add(supclust::Vector row, double w) {
    t.push_back(std::move(row));
    weight.push_back(w);
  }
  double value(const supclust::Vector& b) const {
    double s = 0;
    for (std::size_t r = 0; r < t.size(); ++r) s += weight[r] * std::abs(t[r].dot(b));
    return s;
  }
};

inline supclust::Vector unit(Eigen::Index d, Eigen::Index i) { return supclust::Vector::Unit(d, i); }

// 1/(2n)‖Xc β − yc‖² + rows.value(β).
inline double squaredObjective(const supclust::RowMatrix& X, const supclust::Vector& y, const supclust::Vector& beta,
                               const Rows& rows) {
  const supclust::RowMatrix Xc = X.rowwise() - X.colwise().mean();
  const supclust::Vector r = Xc * beta - (y.array() - y.mean()).matrix();
  return r.squaredNorm() / (2.0 * static_cast<double>(y.size())) + rows.value(beta);
}

inline supclust::Vector explicitRowsAdmm(const supclust::RowMatrix& X, const supclust::Vector& y, const Rows& rows) {
  using supclust::Matrix;
  using supclust::Vector;
  const Eigen::Index n = X.rows(), d = X.cols();
  Matrix T(static_cast<Eigen::Index>(rows.t.size()), d);
  for (std::size_t r = 0; r < rows.t.size(); ++r) T.row(static_cast<Eigen::Index>(r)) = rows.t[r].transpose();
  const supclust::RowMatrix Xc = X.rowwise() - X.colwise().mean();
  const Vector yc = (y.array() - y.mean()).matrix();
  const double rho = 1;
  const Matrix A = Matrix(Xc.transpose() * Xc) / static_cast<double>(n) + rho * T.transpose() * T;
  const Eigen::LDLT<Matrix> solve(A);
  const Vector Xty = Xc.transpose() * yc / static_cast<double>(n);
  Vector beta = Vector::Zero(d), z = Vector::Zero(T.rows()), u = Vector::Zero(T.rows());
  for (int it = 0; it < 400000; ++it) {
    beta = solve.solve(Xty + rho * T.transpose() * (z - u));
    const Vector Tb = T * beta, zOld = z;
    for (Eigen::Index r = 0; r < T.rows(); ++r) {
      const double v = Tb[r] + u[r], t = rows.weight[static_cast<std::size_t>(r)] / rho;
      z[r] = v > t ? v - t : v < -t ? v + t : 0;
    }
    u += Tb - z;
    if ((Tb - z).norm() < 1e-13 && (T.transpose() * (z - zOld)).norm() < 1e-13) break;
  }
  return beta;
}

}  // namespace ref
