#include "supclust/solvers/least_squares.hpp"

namespace supclust {

namespace {
Matrix centredTargets(const Matrix& T) {
  Matrix Tc = T;
  Tc.rowwise() -= T.colwise().mean();
  return Tc;
}

// argmin_V 1/(2n)||A V − Tc||² + λ/2 Vᵀ D V for a diagonal D > 0 (D = I for ridge, ZᵀZ for
// groups); λ = 0 gives the minimum-norm least-squares solution.
Matrix solveRegularised(const Matrix& A, const Matrix& Tc, double lambda, const Vector& D) {
  const double n = static_cast<double>(A.rows());
  if (lambda == 0) return A.completeOrthogonalDecomposition().solve(Tc);
  if (A.rows() >= A.cols()) {
    Matrix G = A.transpose() * A;
    G.diagonal() += n * lambda * D;
    return G.llt().solve(A.transpose() * Tc);
  }
  // Dual form when there are fewer samples than unknowns: V = D⁻¹Aᵀ(A D⁻¹Aᵀ + nλ I)⁻¹ Tc.
  const Vector Dinv = D.cwiseInverse();
  Matrix K = A * Dinv.asDiagonal() * A.transpose();
  K.diagonal().array() += n * lambda;
  return Dinv.asDiagonal() * (A.transpose() * K.llt().solve(Tc));
}
}  // namespace

Matrix ridgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda) {
  return solveRegularised(X.X(), centredTargets(T), lambda, Vector::Ones(X.cols()));
}

Matrix groupValues(const CenteredDesign& X, const Matrix& T, const Labels& labels, int G,
                   double lambda) {
  const Eigen::Index n = X.rows();
  Matrix A = Matrix::Zero(n, G);  // Xc Z: column g sums the features of group g
  Vector sizes = Vector::Zero(G);
  for (std::size_t j = 0; j < labels.size(); ++j) {
    A.col(labels[j]) += X.X().col(static_cast<Eigen::Index>(j));
    sizes[labels[j]] += 1;
  }
  return solveRegularised(A, centredTargets(T), lambda, sizes);
}

}  // namespace supclust
