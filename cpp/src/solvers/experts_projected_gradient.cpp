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
  ExpertsFit out;
  // Each sample's objective ½(y_i − w_iᵀx_i)² + λ/2‖w_i‖² has curvature ‖x_i‖² + λ.
  const double step = 1.0 / (rowDots(X, X).maxCoeff() + lambda);
  RowMatrix W = RowMatrix::Zero(n, d);
  Random seeds(o.seed);
  double previous = HUGE_VAL;
  out.status = Status::MaxIterations;
  for (int t = 0; t < o.maxIterations; ++t) {
    const Vector r = y - rowDots(X, W);
    const RowMatrix half = W + step * (X.array().colwise() * r.array()).matrix() - (step * lambda) * W;
    const RowKMeansResult km = rowKMeans(half, Q, o.restarts, seeds.next());
    if (static_cast<Eigen::Index>(km.labels.size()) != n) {
      out.status = Status::NumericalIssue;
      out.message = "the projected gradient's iterates are not finite";
      break;
    }
    for (Eigen::Index i = 0; i < n; ++i) W.row(i) = km.centroids.row(km.labels[static_cast<std::size_t>(i)]);
    const Vector rNew = y - rowDots(X, W);
    const double f = (sumOfSquares(rNew.data(), static_cast<std::size_t>(n)) +
                      lambda * sumOfSquares(W.data(), static_cast<std::size_t>(W.size()))) / (2.0 * static_cast<double>(n));
    if (f < out.objective) {
      out.objective = f;
      out.labels = km.labels;
      out.experts.coef = km.centroids.transpose();
      out.experts.intercept = RowVector::Zero(km.centroids.rows());
    }
    if (recordStep(out, t, f, previous, o.tolerance, control)) break;
  }
  return out;
}

}  // namespace supclust
