#include "supclust/families/experts/sample_predictors.hpp"

#include "supclust/kernels/dense.hpp"

namespace supclust {

namespace {
// Row i's xᵢᵀwᵢ over the first X.cols() entries of W's row, by the SIMD kernel.
Vector rowDots(const RowMatrix& X, const RowMatrix& W) {
  Vector out(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    out[i] = dot(X.row(i).data(), W.row(i).data(), static_cast<std::size_t>(X.cols()));
  return out;
}
double sumOfSquares(const double* v, std::size_t n) { return dot(v, v, n); }
}  // namespace

// ---- Regression ----

double SquaredSamplePredictors::curvature() const { return rowDots(X_, X_).maxCoeff() + lambda_; }

double SquaredSamplePredictors::value(const RowMatrix& W, Matrix& state) const {
  const Eigen::Index n = X_.rows();
  state.resize(n, 1);
  state.col(0) = y_ - rowDots(X_, W);
  return (sumOfSquares(state.data(), static_cast<std::size_t>(n)) +
          lambda_ * sumOfSquares(W.data(), static_cast<std::size_t>(W.size()))) /
         (2.0 * static_cast<double>(n));
}

void SquaredSamplePredictors::gradient(const RowMatrix& W, const Matrix& state, RowMatrix& G) const {
  // Plain loops over the rows, not Eigen expressions: Eigen runs scalar in wasm, and clang
  // vectorises these (the same operations in the same order: the same bits).
  const Eigen::Index n = X_.rows(), d = X_.cols();
  G.resize(n, d);
  for (Eigen::Index i = 0; i < n; ++i) {  // ∇ of row i: λwᵢ − rᵢxᵢ
    const double *w = W.row(i).data(), *x = X_.row(i).data(), r = state(i, 0);
    double* g = G.row(i).data();
    for (Eigen::Index k = 0; k < d; ++k) g[k] = lambda_ * w[k] - x[k] * r;
  }
}

Experts SquaredSamplePredictors::expertsOf(const Matrix& centroids) const {
  Experts e;
  e.coef = centroids.transpose();
  e.intercept = RowVector::Zero(centroids.rows());
  return e;
}

// ---- Classification ----

double ClassifyingSamplePredictors::curvature() const {
  // ℓ'' ≤ 1/4 for each class's score, and a score's gradient in (W^i_{:,k}, b^i_k) is (x_i, 1).
  return (rowDots(X_, X_).array() + 1).maxCoeff() * loss_.curvature() + lambda_;
}

Matrix ClassifyingSamplePredictors::scores(const RowMatrix& W) const {
  const Eigen::Index n = X_.rows(), d = X_.cols(), K = T_.cols();
  Matrix Z(n, K);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double *w = W.row(i).data(), *x = X_.row(i).data();
    for (Eigen::Index k = 0; k < K; ++k) Z(i, k) = dot(x, w + k * d, static_cast<std::size_t>(d)) + w[d * K + k];
  }
  return Z;
}

double ClassifyingSamplePredictors::value(const RowMatrix& W, Matrix& state) const {
  const Eigen::Index n = X_.rows(), weights = X_.cols() * T_.cols();
  const Matrix Z = scores(W);
  loss_.gradient(Z, T_, state);  // (σ(z) − t)/n
  double ridge = 0;
  for (Eigen::Index i = 0; i < n; ++i) ridge += sumOfSquares(W.row(i).data(), static_cast<std::size_t>(weights));
  return loss_.value(Z, T_) + lambda_ * ridge / (2.0 * static_cast<double>(n));
}

void ClassifyingSamplePredictors::gradient(const RowMatrix& W, const Matrix& state, RowMatrix& G) const {
  const Eigen::Index n = X_.rows(), d = X_.cols(), K = T_.cols();
  const auto scale = static_cast<double>(n);
  G.resize(n, width());
  for (Eigen::Index i = 0; i < n; ++i) {  // ∇ of row i: (λW^i_{:,k} + s_k xᵢ, then s_k), s_k = σ(z_ik) − t_ik
    const double *w = W.row(i).data(), *x = X_.row(i).data();
    double* g = G.row(i).data();
    for (Eigen::Index k = 0; k < K; ++k) {
      const double s = scale * state(i, k);
      const double* wk = w + k * d;
      double* gk = g + k * d;
      for (Eigen::Index j = 0; j < d; ++j) gk[j] = lambda_ * wk[j] + x[j] * s;
      g[d * K + k] = s;
    }
  }
}

Experts ClassifyingSamplePredictors::expertsOf(const Matrix& centroids) const {
  const Eigen::Index d = X_.cols(), K = T_.cols(), Q = centroids.rows();
  Experts e;
  e.coef.resize(d, Q * K);
  e.intercept.resize(Q * K);
  for (Eigen::Index q = 0; q < Q; ++q)
    for (Eigen::Index k = 0; k < K; ++k) {
      for (Eigen::Index j = 0; j < d; ++j) e.coef(j, q * K + k) = centroids(q, k * d + j);
      e.intercept[q * K + k] = centroids(q, d * K + k);
    }
  return e;
}

}  // namespace supclust
