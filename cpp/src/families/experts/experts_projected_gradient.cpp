#include "supclust/families/experts/experts_projected_gradient.hpp"

#include <cmath>

#include "supclust/base/random.hpp"
#include "supclust/kernels/row_kmeans.hpp"

namespace supclust {

ExpertsFit expertsProjectedGradient(const SamplePredictors& F, int Q, const ExpertsProjectedGradientOptions& o,
                                    const Control& control) {
  const Eigen::Index n = F.samples(), width = F.width();
  const double L = F.curvature();
  double gamma = 1.0 / L;
  RowMatrix W = RowMatrix::Zero(n, width), Wn(n, width);
  RowKMeansResult projected;
  Random seeds(o.seed);
  ExpertsFit out;
  out.labels.assign(static_cast<std::size_t>(n), 0);  // W = 0: one group, until a step is taken
  Matrix state, stateNext;  // what the gradient at W (and at the step tried) needs
  double f = F.value(W, state), previous = HUGE_VAL;
  out.objective = f;
  out.status = Status::MaxIterations;
  // Plain loops over the entries, not Eigen expressions: Eigen runs scalar in wasm, and clang
  // vectorises these (the same operations in the same order: the same bits).
  RowMatrix gradient(n, width), stepped(n, width);
  for (int t = 0; t < o.maxIterations; ++t) {
    F.gradient(W, state, gradient);
    const auto tryStep = [&](double g) {
      const double *w = W.data(), *v = gradient.data();
      double* out = stepped.data();
      for (Eigen::Index k = 0; k < n * width; ++k) out[k] = w[k] - g * v[k];
      projected = rowKMeans(stepped, Q, o.restarts, seeds.next());
      if (static_cast<Eigen::Index>(projected.labels.size()) != n) return HUGE_VAL;  // not finite
      for (Eigen::Index i = 0; i < n; ++i)
        Wn.row(i) = projected.centroids.row(projected.labels[static_cast<std::size_t>(i)]);
      return F.value(Wn, stateNext);
    };
    double fNext = f;
    if (!backtrackStep(gamma, L, o.tolerance, f, o.step, tryStep, fNext)) {  // no step lowers F
      out.status = Status::Converged;
      break;
    }
    W.swap(Wn);
    state.swap(stateNext);
    f = fNext;
    out.objective = f;
    out.labels = projected.labels;
    out.experts = F.expertsOf(projected.centroids);
    if (recordStep(out, t, f, previous, o.tolerance, control)) break;
  }
  return out;
}

ExpertsFit expertsProjectedGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                    const ExpertsProjectedGradientOptions& o, const Control& control) {
  return expertsProjectedGradient(SquaredSamplePredictors(X, y, lambda), Q, o, control);
}

}  // namespace supclust
