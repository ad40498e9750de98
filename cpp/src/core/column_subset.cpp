#include "supclust/core/column_subset.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

ColumnSubset::ColumnSubset(const CenteredDesign& X, const std::vector<Eigen::Index>& columns) {
  const SparseColumns& cols = X.uncentredColumns();
  const Eigen::Index n = X.rows(), m = static_cast<Eigen::Index>(columns.size());
  std::int64_t stored = 0;
  for (Eigen::Index j : columns)
    stored += cols.start[static_cast<std::size_t>(j) + 1] - cols.start[static_cast<std::size_t>(j)];
  double maxAbs = 0;
  RowVector means(m);
  for (Eigen::Index t = 0; t < m; ++t) means[t] = X.means()[columns[static_cast<std::size_t>(t)]];
  if (static_cast<double>(stored) > kDenseAbove * static_cast<double>(n) * static_cast<double>(m)) {
    values_.assign(static_cast<std::size_t>(n * m), 0.0);
    for (Eigen::Index t = 0; t < m; ++t)
      forEachInColumn(cols, columns[static_cast<std::size_t>(t)], [&](std::int32_t i, double v) {
        values_[static_cast<std::size_t>(i * m + t)] = v;
        maxAbs = std::max(maxAbs, std::abs(v));
      });
    data_ = std::make_unique<DataMatrix>(values_.data(), n, m);
  } else {
    // CSR: count each row's entries, then fill by columns in order (each row's indices ascend).
    indptr_.assign(static_cast<std::size_t>(n) + 1, 0);
    for (Eigen::Index t = 0; t < m; ++t)
      forEachInColumn(cols, columns[static_cast<std::size_t>(t)],
                      [&](std::int32_t i, double) { ++indptr_[static_cast<std::size_t>(i) + 1]; });
    for (Eigen::Index i = 0; i < n; ++i)
      indptr_[static_cast<std::size_t>(i) + 1] += indptr_[static_cast<std::size_t>(i)];
    indices_.resize(static_cast<std::size_t>(stored));
    values_.resize(static_cast<std::size_t>(stored));
    std::vector<std::int32_t> next(indptr_.begin(), indptr_.end() - 1);
    for (Eigen::Index t = 0; t < m; ++t)
      forEachInColumn(cols, columns[static_cast<std::size_t>(t)], [&](std::int32_t i, double v) {
        const auto at = static_cast<std::size_t>(next[static_cast<std::size_t>(i)]++);
        indices_[at] = static_cast<std::int32_t>(t);
        values_[at] = v;
        maxAbs = std::max(maxAbs, std::abs(v));
      });
    data_ = std::make_unique<DataMatrix>(n, m, indptr_.data(), indices_.data(), values_.data());
  }
  means_ = std::make_unique<HeldDesign>(*data_, maxAbs, std::move(means));
  design_ = std::make_unique<CenteredDesign>(*data_, means_.get());
}

}  // namespace supclust
