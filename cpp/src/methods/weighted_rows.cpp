#include "supclust/methods/weighted_rows.hpp"

#include <cmath>
#include <string>

#include "supclust/core/observation_weights.hpp"

namespace supclust {

double weightedRowsBytes(const DataMatrix& X, bool intercept) {
  const bool sparse = X.sparse() && !intercept;
  const double stored =
      sparse ? static_cast<double>(X.stored()) : static_cast<double>(X.rows()) * static_cast<double>(X.cols());
  return 2 * (8 * stored + (sparse ? 4 * stored : 0));
}

Refusal weightedRows(const Problem& problem, const Matrix& T, bool intercept, WeightedRows& out) {
  const DataMatrix& X = problem.X;
  const Eigen::Index n = X.rows(), d = X.cols(), K = T.cols();
  const bool sparse = X.sparse() && !intercept;
  if (Refusal why = checkMemory("weights",
                                "the weighted rows of " + std::to_string(n) + " × " + std::to_string(d) +
                                    " data (this method reads equal rows: it fits 2n rows scaled by √w)",
                                weightedRowsBytes(X, intercept), problem.heldBytes);
      !why.empty())
    return why;
  const Vector w = normalisedWeights(problem.weights);
  out.xMeans = intercept ? X.columnMeans(w) : RowVector::Zero(d);
  out.tMeans = RowVector::Zero(K);
  if (intercept)
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index k = 0; k < K; ++k) out.tMeans[k] += w[i] * T(i, k) / static_cast<double>(n);
  out.targetColumns = K;
  StoredData& R = out.X;
  R.sparse = sparse;
  R.rows = 2 * n;
  R.cols = d;
  // Row i's entries scaled by s_i (centred first when dense), its reflection n rows below.
  if (sparse) {
    const std::int64_t nnz = X.stored();
    R.values.resize(static_cast<std::size_t>(2 * nnz));
    R.indices.resize(static_cast<std::size_t>(2 * nnz));
    R.indptr.resize(static_cast<std::size_t>(2 * n + 1));
    for (Eigen::Index i = 0; i <= n; ++i) R.indptr[static_cast<std::size_t>(i)] = X.indptr()[i];
    for (Eigen::Index i = 1; i <= n; ++i)
      R.indptr[static_cast<std::size_t>(n + i)] = static_cast<std::int32_t>(nnz + X.indptr()[i]);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double s = std::sqrt(w[i]);
      for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t) {
        R.values[static_cast<std::size_t>(t)] = s * X.values()[t];
        R.values[static_cast<std::size_t>(nnz + t)] = -R.values[static_cast<std::size_t>(t)];
        R.indices[static_cast<std::size_t>(t)] = R.indices[static_cast<std::size_t>(nnz + t)] = X.indices()[t];
      }
    }
  } else {
    const auto size = static_cast<std::size_t>(n * d);
    R.values.resize(2 * size);
    double* top = R.values.data();
    for (std::size_t t = 0; t < size; ++t)
      top[t] = -out.xMeans[static_cast<Eigen::Index>(t % static_cast<std::size_t>(d))];
    if (X.sparse()) {
      for (Eigen::Index i = 0; i < n; ++i)
        for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t)
          top[static_cast<std::size_t>(i * d + X.indices()[t])] += X.values()[t];
    } else {
      for (std::size_t t = 0; t < size; ++t) top[t] += X.values()[t];
    }
    for (Eigen::Index i = 0; i < n; ++i) {
      const double s = std::sqrt(w[i]);
      for (Eigen::Index j = 0; j < d; ++j) {
        double& v = top[static_cast<std::size_t>(i * d + j)];
        v *= s;
        top[size + static_cast<std::size_t>(i * d + j)] = -v;
      }
    }
  }
  out.y.resize(2 * n * K);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double s = std::sqrt(w[i]);
    for (Eigen::Index k = 0; k < K; ++k) {
      out.y[i * K + k] = s * (T(i, k) - out.tMeans[k]);
      out.y[(n + i) * K + k] = -out.y[i * K + k];
    }
  }
  return {};
}

}  // namespace supclust
