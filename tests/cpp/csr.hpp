// Test-only: the CSR arrays of a dense matrix (its non-zeros, row by row, columns ascending).
#pragma once

#include <cstdint>
#include <vector>

#include "supclust/base/types.hpp"

struct CsrArrays {
  std::vector<std::int32_t> indptr{0}, indices;
  std::vector<double> values;
};

inline CsrArrays csrOf(const supclust::RowMatrix& X) {
  CsrArrays c;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    for (Eigen::Index j = 0; j < X.cols(); ++j)
      if (X(i, j) != 0) {
        c.indices.push_back(static_cast<std::int32_t>(j));
        c.values.push_back(X(i, j));
      }
    c.indptr.push_back(static_cast<std::int32_t>(c.values.size()));
  }
  return c;
}
