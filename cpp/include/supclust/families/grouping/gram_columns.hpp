// What the squared loss's local searches over supports (support_swap, sparse_exchange) read of
// the data: with C = XcᵀΩXc/n and the centred targets tc (Ω the rows' observation weights of mean
// 1, core/observation_weights, X and t centred by the weighted means; Ω = I without them), the
// correlations c = XcᵀΩtc/n, C's diagonal, ½ tcᵀΩtc/n, and C's columns of the features in play,
// each made once by two passes over X.
#pragma once

#include <algorithm>
#include <map>
#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/core/design.hpp"

namespace supclust {

class GramColumns {
 public:
  // X centred by the weighted means when `weights` (mean 1) are given (CenteredDesign's rowWeights).
  GramColumns(const CenteredDesign& X, const Vector& t, const Vector* weights = nullptr);
  const Vector& correlations() const { return c_; }  // c
  const Vector& diagonal() const { return diagonal_; }  // C_jj
  double half() const { return half_; }  // ½‖tc‖²/n
  // C's column j (d entries), computed on first use.
  const Vector& column(Eigen::Index j);
  const Vector& at(Eigen::Index j) const { return columns_.at(j); }
  void release(Eigen::Index j) { columns_.erase(j); }
  // c − C w for w supported on `features` (w_k on features[k]): the correlations with the residual.
  Vector residualCorrelations(const std::vector<Eigen::Index>& features, const Vector& w) const;
  // The most moves a search over d features makes (each strictly lowers its objective; a bound
  // against rounding loops).
  static int moveLimit(Eigen::Index d) { return static_cast<int>(std::min<Eigen::Index>(100000, 10 * d)); }

 private:
  const CenteredDesign& X_;
  const Vector* weights_;
  Vector c_, diagonal_;
  double half_ = 0;
  std::map<Eigen::Index, Vector> columns_;
};

}  // namespace supclust
