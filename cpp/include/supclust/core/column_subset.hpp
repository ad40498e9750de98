// A design restricted to some of its columns, owning its storage: a working-set solver runs a
// full-problem solver (ADMM, FISTA) on the columns it keeps, at the cost of those columns. Built
// from the design's columns (CenteredDesign::uncentredColumns), stored as the original is read
// (CSR when at most kDenseAbove of the kept entries are non-zero, else dense), centred by the
// original's means of those columns, so that its products equal the original's restricted to them.
#pragma once

#include <memory>
#include <vector>

#include "supclust/core/design.hpp"

namespace supclust {

class ColumnSubset {
 public:
  // `columns`: indices into X's columns, each once (any order: column t of the subset is columns[t]).
  ColumnSubset(const CenteredDesign& X, const std::vector<Eigen::Index>& columns);
  ColumnSubset(const ColumnSubset&) = delete;
  ColumnSubset& operator=(const ColumnSubset&) = delete;

  const CenteredDesign& design() const { return *design_; }

 private:
  std::vector<double> values_;
  std::vector<std::int32_t> indptr_, indices_;
  std::unique_ptr<DataMatrix> data_;
  std::unique_ptr<HeldDesign> means_;  // the original's means of the kept columns, for the design to read
  std::unique_ptr<CenteredDesign> design_;
};

}  // namespace supclust
