#include "supclust/solvers/least_squares.hpp"

#include <algorithm>

#include "supclust/base/fit_cache.hpp"
#include "supclust/kernels/cholesky.hpp"

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

Matrix sharedGram(const CenteredDesign& X, bool rows) {
  if (!X.cache()) return X.gram(rows);
  Hash128 h;
  h.add(X.key());
  h.add(rows);
  return X.cache()->grams.recall(h.value(), [&X, rows] { return X.gram(rows); });
}

Matrix ridgeByConjugateGradients(const CenteredDesign& X, const Matrix& Tc, double lambda) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const double nl = static_cast<double>(n) * lambda;
  Matrix W = Matrix::Zero(d, Tc.cols());
  Vector r(d), p(d), Ap(d), z(n);
  const auto apply = [&](const Vector& v, Vector& out) {  // (XcᵀXc + nλI) v
    X.multiply(v.data(), z.data());
    X.multiplyTransposed(z.data(), out.data());
    out += nl * v;
  };
  const Eigen::Index limit = 10 * std::min(n, d) + 100;
  for (Eigen::Index k = 0; k < Tc.cols(); ++k) {
    X.multiplyTransposed(Tc.col(k).data(), r.data());
    const double target = 1e-13 * r.norm();
    p = r;
    double rr = r.squaredNorm(), best = rr;
    int stalled = 0;
    for (Eigen::Index it = 0; it < limit && std::sqrt(rr) > target && stalled < 20; ++it) {
      apply(p, Ap);
      const double pAp = p.dot(Ap);
      if (!(pAp > 0)) break;
      const double alpha = rr / pAp;
      W.col(k) += alpha * p;
      r -= alpha * Ap;
      const double next = r.squaredNorm();
      p = r + (next / rr) * p;
      rr = next;
      stalled = rr < best ? 0 : stalled + 1;
      best = std::min(best, rr);
    }
  }
  return W;
}

Matrix ridgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const Matrix Tc = centredTargets(T);
  const bool rows = n <= d;
  if (X.sparse() && std::min(n, d) > kSparseGramSide) return ridgeByConjugateGradients(X, Tc, lambda);
  if (lambda > 0 || n > d) {
    // Primal (n > d): (XᵀX + nλI) W = XᵀTc. Dual (n ≤ d): W = Xᵀ(XXᵀ + nλI)⁻¹Tc. Both through
    // the remembered Gram matrix and the SIMD Cholesky (Eigen's runs scalar in wasm); a
    // matrix that is not numerically positive definite falls back to the robust path.
    Matrix A = sharedGram(X, rows);
    A.diagonal().array() += static_cast<double>(n) * lambda;
    const auto r = static_cast<std::size_t>(A.rows());
    if (choleskyFactor(A.data(), r, X.team(true))) {
      Matrix W(d, Tc.cols());
      if (!rows) {
        for (Eigen::Index k = 0; k < Tc.cols(); ++k) {
          X.multiplyTransposed(Tc.col(k).data(), W.col(k).data());
          choleskySolve(A.data(), r, W.col(k).data());
        }
      } else {
        Vector v(n);
        for (Eigen::Index k = 0; k < Tc.cols(); ++k) {
          v = Tc.col(k);
          choleskySolve(A.data(), r, v.data());
          X.multiplyTransposed(v.data(), W.col(k).data());
        }
      }
      if (W.allFinite()) return W;
    }
  }
  if (!X.sparse()) return solveRegularised(X.X(), Tc, lambda, Vector::Ones(d));
  // Sparse, singular or λ = 0: the minimum-norm solution through the Gram matrix's complete
  // orthogonal decomposition (W lies in the row space of Xc in both forms).
  Matrix A = sharedGram(X, rows);
  A.diagonal().array() += static_cast<double>(n) * lambda;
  Matrix W(d, Tc.cols());
  if (rows) {
    const Matrix V = A.completeOrthogonalDecomposition().solve(Tc);
    for (Eigen::Index k = 0; k < Tc.cols(); ++k) X.multiplyTransposed(V.col(k).data(), W.col(k).data());
    return W;
  }
  for (Eigen::Index k = 0; k < Tc.cols(); ++k) X.multiplyTransposed(Tc.col(k).data(), W.col(k).data());
  return A.completeOrthogonalDecomposition().solve(W);
}

Matrix sharedRidgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda) {
  if (!X.cache()) return ridgeCoefficients(X, T, lambda);
  Hash128 h;
  h.add(X.key());
  h.add(T.rows());
  h.add(T.cols());
  h.add(T.data(), static_cast<std::size_t>(T.size()) * sizeof(double));
  h.add(lambda);
  return X.cache()->ridgeFits.recall(h.value(), [&] { return ridgeCoefficients(X, T, lambda); });
}

Matrix groupValues(const CenteredDesign& X, const Matrix& T, const Labels& labels, int G, double lambda) {
  const Matrix A = X.groupSums(labels, G);  // Xc Z: column g sums the features of group g
  Vector sizes = Vector::Zero(G);
  for (std::int32_t g : labels) sizes[g] += 1;
  return solveRegularised(A, centredTargets(T), lambda, sizes);
}

}  // namespace supclust
