// A design the module holds for many calls (sc.dataset): X checked once when stored, and what
// every design on the whole of X derives from X alone — its column means, its columns (the
// uncentred X by columns, coordinate descent's form) and their sums and sums of squares, a
// dense X's centred rows (the products' form) and its non-zeros by rows (the SVM's form, when at
// most half the entries are non-zero) — made at the first call that needs each and kept
// for the next. X is immutable while held, so each is a function of X: a fit on a held design
// gives the bits of the same fit on its arrays. Designs on other rows (cross-validation's folds)
// or on a rescaled copy derive their own.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include "supclust/base/memo.hpp"
#include "supclust/core/data_matrix.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

// X by columns (uncentred): the transpose of CSR data, or a dense X's columns.
SparseColumns uncentredColumnsOf(const DataMatrix& X);
// A dense X by rows over its non-zeros (uncentred), or nothing when more than kDenseAbove of its
// entries are non-zero (nonZeroRowsOf).
std::optional<NonZeroRows> uncentredNonZeroRowsOf(const DataMatrix& X);

class HeldDesign {
 public:
  // X must have passed checkDesign (data_matrix.hpp), which gave its largest |entry| maxAbs (and,
  // when asked, its column means: given here, they are not computed again; so its deviations, when
  // the caller knows them), and outlive this object.
  HeldDesign(const DataMatrix& X, double maxAbs, RowVector means = RowVector(), RowVector deviations = RowVector())
      : X_(X), maxAbs_(maxAbs), means_(std::move(means)), deviations_(std::move(deviations)) {}
  const DataMatrix& X() const { return X_; }
  // The largest |entry| (the options' rescaling reads it).
  double maxAbs() const { return maxAbs_; }
  const RowVector& means() const;
  // The columns' standard deviations (DataMatrix::columnDeviations).
  const RowVector& deviations() const;
  const SparseColumns& columns() const;
  // The columns when a call has made them, else nullptr (a reader that can do without them does
  // not make them); read between calls' derivations, as bytes().
  const SparseColumns* columnsIfMade() const { return columns_.get(); }
  const ColumnMoments& moments() const;
  // Dense X only: Xc = X − 1 μᵀ, row-major, as CenteredDesign centres it.
  const RowMatrix& centred() const;
  // Dense X only: uncentredNonZeroRowsOf(X).
  const std::optional<NonZeroRows>& nonZeroRows() const;
  // The key the designs on the whole of X hash (CenteredDesign::key), computed by the first that
  // asks and kept: a path's points, each on its own design, do not hash X again.
  const Hash128::Key& key(const std::function<Hash128::Key()>& compute) const;
  // The bytes of what has been derived so far (X's own arrays are the holder's). Read between
  // calls, never while a call derives.
  double bytes() const;

 private:
  DataMatrix X_;
  double maxAbs_;
  mutable RowVector means_, deviations_;
  mutable std::unique_ptr<SparseColumns> columns_;
  mutable std::unique_ptr<ColumnMoments> moments_;
  mutable RowMatrix centred_;
  mutable std::optional<NonZeroRows> nonZeroRows_;
  mutable Hash128::Key key_{};
  mutable std::once_flag meaning_, deviating_, transposing_, summing_, centring_, listing_, keying_;
};

}  // namespace supclust
