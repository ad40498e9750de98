#include "supclust/solvers/least_squares.hpp"

#include <algorithm>

#include "supclust/core/memo.hpp"
#include "supclust/kernels/cholesky.hpp"
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

namespace {
std::size_t bytesOf(const Matrix& W) { return sizeof W + static_cast<std::size_t>(W.size()) * sizeof(double); }

Memo<Matrix>& ridgeFits() {
  static Memo<Matrix> m(1024, std::size_t{32} << 20, bytesOf);
  return m;
}
}  // namespace

Matrix sharedGram(const CenteredDesign& X, bool rows) {
  Hash128 h;
  h.add(X.key());
  h.add(rows);
  const auto key = h.value();
  static Memo<Matrix> grams(64, std::size_t{64} << 20, bytesOf);
  return grams.recall(key, [&X, rows] {
    const Eigen::Index n = X.rows(), d = X.cols();
    const auto nn = static_cast<std::size_t>(n), dd = static_cast<std::size_t>(d);
    Matrix G;
    if (rows) {
      G.resize(n, n);
      rowGram(X.X().data(), nn, dd, G.data());
    } else {
      G.resize(d, d);
      gram(X.X().data(), nn, dd, G.data());  // symmetric: its row-major fill reads the same
    }
    return G;
  });
}

Matrix ridgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const auto nn = static_cast<std::size_t>(n), dd = static_cast<std::size_t>(d);
  const Matrix Tc = centredTargets(T);
  if (lambda > 0 || n > d) {
    // Primal (n > d): (XᵀX + nλI) W = XᵀTc. Dual (n ≤ d): W = Xᵀ(XXᵀ + nλI)⁻¹Tc. Both through
    // the remembered Gram matrix and the SIMD Cholesky (Eigen's runs scalar in wasm); a
    // matrix that is not numerically positive definite falls back to the robust path.
    Matrix A = sharedGram(X, n <= d);
    A.diagonal().array() += static_cast<double>(n) * lambda;
    const auto r = static_cast<std::size_t>(A.rows());
    if (choleskyFactor(A.data(), r)) {
      Matrix W(d, Tc.cols());
      if (n > d) {
        for (Eigen::Index k = 0; k < Tc.cols(); ++k) {
          multiplyTransposed(X.X().data(), nn, dd, Tc.col(k).data(), W.col(k).data());
          choleskySolve(A.data(), r, W.col(k).data());
        }
      } else {
        Vector v(n);
        for (Eigen::Index k = 0; k < Tc.cols(); ++k) {
          v = Tc.col(k);
          choleskySolve(A.data(), r, v.data());
          multiplyTransposed(X.X().data(), nn, dd, v.data(), W.col(k).data());
        }
      }
      if (W.allFinite()) return W;
    }
  }
  return solveRegularised(X.X(), Tc, lambda, Vector::Ones(d));
}

Matrix sharedRidgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda) {
  Hash128 h;
  h.add(X.key());
  h.add(T.cols());
  h.add(T.data(), static_cast<std::size_t>(T.size()) * sizeof(double));
  h.add(lambda);
  return ridgeFits().recall(h.value(), [&] { return ridgeCoefficients(X, T, lambda); });
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
