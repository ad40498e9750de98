#include "supclust/solvers/least_squares.hpp"

#include "supclust/core/memo.hpp"
#include "supclust/kernels/dense.hpp"

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
  const Eigen::Index n = X.rows(), d = X.cols();
  const Matrix Tc = centredTargets(T);
  if (n > d) {
    // Normal equations with the Gram matrix from the SIMD kernel (Eigen's product is scalar
    // in wasm); a Gram matrix that is not positive definite falls back to the robust path.
    RowMatrix G(d, d);
    gram(X.X().data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), G.data());
    G.diagonal().array() += static_cast<double>(n) * lambda;
    Matrix rhs(d, Tc.cols());
    for (Eigen::Index k = 0; k < Tc.cols(); ++k)
      multiplyTransposed(X.X().data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d),
                         Tc.col(k).data(), rhs.col(k).data());
    const Eigen::LLT<RowMatrix> llt(G);
    if (llt.info() == Eigen::Success) {
      Matrix W = llt.solve(rhs);
      if (W.allFinite()) return W;
    }
  }
  return solveRegularised(X.X(), Tc, lambda, Vector::Ones(d));
}

namespace {
std::size_t bytesOf(const Matrix& W) { return sizeof W + static_cast<std::size_t>(W.size()) * sizeof(double); }
Memo<Matrix>& ridgeFits() {
  static Memo<Matrix> m(1024, std::size_t{32} << 20, bytesOf);
  return m;
}
}  // namespace

Matrix sharedRidgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda) {
  Hash128 h;
  const Eigen::Index n = X.rows(), d = X.cols();
  h.add(n);
  h.add(d);
  h.add(T.cols());
  h.add(X.X().data(), static_cast<std::size_t>(n * d) * sizeof(double));
  h.add(X.means().data(), static_cast<std::size_t>(d) * sizeof(double));
  h.add(T.data(), static_cast<std::size_t>(T.size()) * sizeof(double));
  h.add(lambda);
  const auto key = h.value();
  Matrix W;
  if (ridgeFits().find(key, W)) return W;
  W = ridgeCoefficients(X, T, lambda);
  ridgeFits().remember(key, W);
  return W;
}

std::size_t sharedRidgeHits() { return ridgeFits().hits(); }

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
