#include "supclust/core/held_design.hpp"

namespace supclust {

SparseColumns uncentredColumnsOf(const DataMatrix& X) {
  return X.sparse() ? sparseColumnsOfRows(X.rows(), X.cols(), X.indptr(), X.indices(), X.values())
                    : sparseColumnsOf(X.dense(), RowVector::Zero(X.cols()));
}

std::optional<NonZeroRows> uncentredNonZeroRowsOf(const DataMatrix& X) {
  return nonZeroRowsOf(X.dense(), RowVector::Zero(X.cols()));
}

const RowVector& HeldDesign::means() const {
  std::call_once(meaning_, [this] {
    if (means_.size() == 0) means_ = X_.columnMeans();
  });
  return means_;
}

const RowVector& HeldDesign::deviations() const {
  std::call_once(deviating_, [this] {
    if (deviations_.size() == 0) deviations_ = X_.columnDeviations(means());
  });
  return deviations_;
}

const SparseColumns& HeldDesign::columns() const {
  std::call_once(transposing_, [this] { columns_ = std::make_unique<SparseColumns>(uncentredColumnsOf(X_)); });
  return *columns_;
}

const ColumnMoments& HeldDesign::moments() const {
  std::call_once(summing_, [this] { moments_ = std::make_unique<ColumnMoments>(columnMomentsOf(columns())); });
  return *moments_;
}

const Hash128::Key& HeldDesign::key(const std::function<Hash128::Key()>& compute) const {
  std::call_once(keying_, [&] { key_ = compute(); });
  return key_;
}

const RowMatrix& HeldDesign::centred() const {
  std::call_once(centring_, [this] { centred_ = centredRowsOf(X_.dense(), means()); });
  return centred_;
}

const std::optional<NonZeroRows>& HeldDesign::nonZeroRows() const {
  std::call_once(listing_, [this] { nonZeroRows_ = uncentredNonZeroRowsOf(X_); });
  return nonZeroRows_;
}

double HeldDesign::bytes() const {
  const auto size = [](const auto& v) { return static_cast<double>(v.size()); };
  double b = 8 * (size(means_) + size(deviations_) + size(centred_));
  if (columns_) b += 8 * size(columns_->start) + 4 * size(columns_->row) + 8 * size(columns_->value);
  if (moments_) b += 8 * (size(moments_->sum) + size(moments_->squares));
  if (nonZeroRows_)
    b += 4 * size(nonZeroRows_->indptr) + 4 * size(nonZeroRows_->indices) + 8 * size(nonZeroRows_->values);
  return b;
}

}  // namespace supclust
