#include "supclust/families/experts/experts_conditional_gradient.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/base/random.hpp"
#include "supclust/kernels/dense_vectors.hpp"
#include "supclust/kernels/row_kmeans.hpp"
#include "supclust/families/experts/shifted_system.hpp"

namespace supclust {

double expertsOracleValue(const RowMatrix& B, const Labels& labels, int Q) {
  RowMatrix sums(Q, B.cols());
  Vector sizes;
  sumRowsByGroup(B, labels, sums, sizes);
  double v = 0;
  for (int q = 0; q < Q; ++q)
    if (sizes[q] > 0) {
      const Vector row = sums.row(q).transpose();
      v += dotOf(row, row) / sizes[q];
    }
  return v;
}

ExpertsConditionalGradientResult expertsConditionalGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                                            const ExpertsConditionalGradientOptions& o,
                                                            const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols();
  ExpertsConditionalGradientResult out;
  Matrix K(n, n);
  rowGram(X.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), K.data());
  Matrix H = Matrix::Zero(n, n), M = Matrix::Zero(n, n);
  Vector a = y;
  ShiftedSystem shifted;
  Random seeds(o.seed);
  // The oracle: k-means on the rows of B = diag(a) X, or the best atom of the iterate when
  // k-means (a local search) ends below it — so the gap is never negative and the iterate's
  // own partitions are never lost.
  std::vector<Labels> atoms;
  const auto canonical = [](Labels l) {  // labels by first appearance: equal partitions compare equal
    std::vector<std::int32_t> map(l.size() + 1, -1);
    std::int32_t next = 0;
    for (auto& v : l) {
      if (map[static_cast<std::size_t>(v)] < 0) map[static_cast<std::size_t>(v)] = next++;
      v = map[static_cast<std::size_t>(v)];
    }
    return l;
  };
  struct Found {
    Labels labels;
    double value;  // ⟨BBᵀ, N⟩
  };
  const auto oracle = [&](const RowMatrix& B) {
    Found best{canonical(rowKMeans(B, Q, o.restarts, seeds.next()).labels), 0};
    best.value = expertsOracleValue(B, best.labels, Q);
    for (const Labels& l : atoms)
      if (const double v = expertsOracleValue(B, l, Q); v > best.value) best = {l, v};
    if (std::find(atoms.begin(), atoms.end(), best.labels) == atoms.end()) atoms.push_back(best.labels);
    return best;
  };
  const auto scaledRows = [&](const Vector& weights) { return RowMatrix(weights.asDiagonal() * X); };
  // The first atom: the oracle at M = 0 (a = y).
  Labels labels = oracle(scaledRows(y)).labels;
  const auto atom = [&](const Labels& l, double gamma) {
    std::vector<double> sizes(static_cast<std::size_t>(Q), 0);
    for (std::int32_t g : l) sizes[static_cast<std::size_t>(g)] += 1;
    for (Eigen::Index k = 0; k < n * n; ++k) {  // a loop clang vectorises (Eigen runs scalar in wasm)
      H.data()[k] *= 1 - gamma;
      M.data()[k] *= 1 - gamma;
    }
    for (Eigen::Index j = 0; j < n; ++j) {
      const std::int32_t gj = l[static_cast<std::size_t>(j)];
      const double scale = gamma / sizes[static_cast<std::size_t>(gj)];
      for (Eigen::Index i = 0; i < n; ++i)
        if (l[static_cast<std::size_t>(i)] == gj) {
          M(i, j) += scale;
          H(i, j) += scale / lambda * K(i, j);
        }
    }
  };
  atom(labels, 1.0);
  for (int t = 0; t < o.maxIterations; ++t) {
    shifted.solve(H, y, a);
    const double psi = dotOf(y, a) / (2.0 * static_cast<double>(n));
    const Found next = oracle(scaledRows(a));
    const double atM = dotOf(a, symmetricTimes(H, a)) * lambda;  // aᵀ(XXᵀ ∘ M)a
    const double gap = (next.value - atM) / (2.0 * static_cast<double>(n) * lambda);
    out.psi.push_back(psi);
    out.gap.push_back(gap);
    out.iterations = t + 1;
    labels = next.labels;
    if (!control.keepGoing(t, psi)) {
      out.status = Status::Aborted;
      break;
    }
    if (gap <= o.tolerance * psi) {
      out.status = Status::Converged;
      break;
    }
    atom(next.labels, 2.0 / (t + 3.0));
  }
  out.labels = labels;
  // The relaxation's per-sample predictors w_i = Σ_j M_ij a_j x_j / λ, clustered.
  shifted.solve(H, y, a);
  const RowMatrix B = scaledRows(a);
  Matrix W(n, d);
  for (Eigen::Index j = 0; j < d; ++j) W.col(j) = symmetricTimes(M, Vector(B.col(j))) / lambda;
  out.primalLabels = rowKMeans(W, Q, 10, seeds.next()).labels;
  return out;
}

}  // namespace supclust
