#include "supclust/methods/weighted_rows.hpp"

#include <cmath>
#include <string>

#include "supclust/core/observation_weights.hpp"

namespace supclust {

Refusal weightedRows(const Problem& problem, const Matrix& T, bool intercept, WeightedRows& out) {
  const DataMatrix& X = problem.X;
  const Eigen::Index n = X.rows(), d = X.cols(), K = T.cols();
  const bool sparse = X.sparse() && !intercept;
  const double stored = sparse ? static_cast<double>(X.stored()) : static_cast<double>(n) * static_cast<double>(d);
  if (Refusal why = checkMemory("weights", "the weighted rows of " + std::to_string(n) + " × " + std::to_string(d) +
                                               " data (this method reads equal rows: it fits 2n rows scaled by √w)",
                                2 * (8 * stored + (sparse ? 4 * stored : 0)), problem.heldBytes);
      !why.empty())
    return why;
  const Vector w = normalisedWeights(problem.weights);
  const Vector s = w.cwiseSqrt();
  out.xMeans = intercept ? X.columnMeans(w) : RowVector::Zero(d);
  out.tMeans = intercept ? RowVector((w.asDiagonal() * T).colwise().sum() / static_cast<double>(n)) : RowVector::Zero(K);
  out.targetColumns = K;
  StoredData& R = out.X;
  R.sparse = sparse;
  R.rows = 2 * n;
  R.cols = d;
  if (sparse) {
    const std::int64_t nnz = X.stored();
    R.values.resize(static_cast<std::size_t>(2 * nnz));
    R.indices.resize(static_cast<std::size_t>(2 * nnz));
    R.indptr.resize(static_cast<std::size_t>(2 * n + 1));
    for (Eigen::Index i = 0; i <= n; ++i) R.indptr[static_cast<std::size_t>(i)] = X.indptr()[i];
    for (Eigen::Index i = 1; i <= n; ++i) R.indptr[static_cast<std::size_t>(n + i)] = static_cast<std::int32_t>(nnz + X.indptr()[i]);
    for (Eigen::Index i = 0; i < n; ++i)
      for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t) {
        const double v = s[i] * X.values()[t];
        R.values[static_cast<std::size_t>(t)] = v;
        R.values[static_cast<std::size_t>(nnz + t)] = -v;
        R.indices[static_cast<std::size_t>(t)] = R.indices[static_cast<std::size_t>(nnz + t)] = X.indices()[t];
      }
  } else {
    R.values.resize(static_cast<std::size_t>(2 * n * d));
    Eigen::Map<RowMatrix> top(R.values.data(), n, d), bottom(R.values.data() + n * d, n, d);
    if (X.sparse()) {
      top.rowwise() = -out.xMeans;
      for (Eigen::Index i = 0; i < n; ++i)
        for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t) top(i, X.indices()[t]) += X.values()[t];
    } else {
      top = X.dense().rowwise() - out.xMeans;
    }
    top = s.asDiagonal() * top;
    bottom = -top;
  }
  const Matrix centred = s.asDiagonal() * (T.rowwise() - out.tMeans);
  out.y.resize(2 * n * K);
  Eigen::Map<RowMatrix>(out.y.data(), n, K) = centred;
  Eigen::Map<RowMatrix>(out.y.data() + n * K, n, K) = -centred;
  return {};
}

}  // namespace supclust
