#include "supclust/solvers/experts_projected_gradient.hpp"

#include <cmath>

#include "supclust/data/random.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/kernels/row_kmeans.hpp"

namespace supclust {

namespace {
// Row i's xᵢᵀwᵢ, and Σ v², by the SIMD kernel: the same bits natively and in wasm.
Vector rowDots(const RowMatrix& X, const RowMatrix& W) {
  Vector out(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) out[i] = dot(X.row(i).data(), W.row(i).data(), static_cast<std::size_t>(X.cols()));
  return out;
}
double sumOfSquares(const double* v, std::size_t n) { return dot(v, v, n); }
}  // namespace

ExpertsFit expertsProjectedGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                    const ExpertsProjectedGradientOptions& o, const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols();
  // F at W, leaving W's residual y − (xᵢᵀwᵢ) in r (the next gradient's, once W is accepted).
  const auto value = [&](const RowMatrix& W, Vector& r) {
    r = y - rowDots(X, W);
    return (sumOfSquares(r.data(), static_cast<std::size_t>(n)) +
            lambda * sumOfSquares(W.data(), static_cast<std::size_t>(W.size()))) / (2.0 * static_cast<double>(n));
  };
  const double L = rowDots(X, X).maxCoeff() + lambda;
  double gamma = 1.0 / L;
  RowMatrix W = RowMatrix::Zero(n, d), Wn(n, d);
  RowKMeansResult projected;
  Random seeds(o.seed);
  ExpertsFit out;
  out.labels.assign(static_cast<std::size_t>(n), 0);  // W = 0: one group, until a step is taken
  Vector r, rNext;
  double f = value(W, r), previous = HUGE_VAL;
  out.objective = f;
  out.status = Status::MaxIterations;
  // Plain loops over the rows, not Eigen expressions: Eigen runs scalar in wasm, and clang
  // vectorises these (the same operations in the same order: the same bits).
  RowMatrix gradient(n, d), stepped(n, d);
  for (int t = 0; t < o.maxIterations; ++t) {
    for (Eigen::Index i = 0; i < n; ++i) {  // ∇ of row i: λwᵢ − rᵢxᵢ
      const double *w = W.row(i).data(), *x = X.row(i).data();
      double* g = gradient.row(i).data();
      for (Eigen::Index k = 0; k < d; ++k) g[k] = lambda * w[k] - x[k] * r[i];
    }
    const auto tryStep = [&](double g) {
      const double *w = W.data(), *v = gradient.data();
      double* out = stepped.data();
      for (Eigen::Index k = 0; k < n * d; ++k) out[k] = w[k] - g * v[k];
      projected = rowKMeans(stepped, Q, o.restarts, seeds.next());
      if (static_cast<Eigen::Index>(projected.labels.size()) != n) return HUGE_VAL;  // not finite
      for (Eigen::Index i = 0; i < n; ++i) Wn.row(i) = projected.centroids.row(projected.labels[static_cast<std::size_t>(i)]);
      return value(Wn, rNext);
    };
    double fNext = f;
    if (!backtrackStep(gamma, L, o.tolerance, f, o.step, tryStep, fNext)) {  // no step lowers F
      out.status = Status::Converged;
      break;
    }
    W.swap(Wn);
    r.swap(rNext);
    f = fNext;
    out.objective = f;
    out.labels = projected.labels;
    out.experts.coef = projected.centroids.transpose();
    out.experts.intercept = RowVector::Zero(projected.centroids.rows());
    if (recordStep(out, t, f, previous, o.tolerance, control)) break;
  }
  return out;
}

}  // namespace supclust
