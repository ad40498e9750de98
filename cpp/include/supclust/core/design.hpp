// The design matrix as the solvers see it: columns centred, so that the unpenalised intercept
// decouples from the coefficients (for the squared loss exactly: b = mean(y)). Dense data is
// centred once (Xc) when a product first needs it; sparse data stays sparse and uncentred,
// with the column means μ kept aside, and every product assembles Xc = X − 1μᵀ implicitly. The solvers use the products
// below and never ask which kind they have, except where a dense-only path is faster (X()).
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

#include "supclust/core/data_matrix.hpp"
#include "supclust/core/held_design.hpp"
#include "supclust/base/memo.hpp"
#include "supclust/base/work_team.hpp"
#include "supclust/base/types.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

class CenteredDesign {
 public:
  // Dense products of at least this many entries (16 MB; some 2–4 ms each on one core) run on a team.
  static constexpr std::size_t kTeamEntries = std::size_t{1} << 21;

  // X is n x d, row-major.
  explicit CenteredDesign(const Eigen::Ref<const RowMatrix>& X);
  // Either kind. X's arrays are read in place (sparse ones never copied): they must outlive the
  // design (fit() builds the design inside the call that holds them).
  // `held`: X is that held design's X (held->X()), whose means, columns and moments it reads.
  // `rowWeights` (mean 1, core/observation_weights.hpp): X is centred by the weighted column means
  // instead, and a held design is not read (its means and centred rows are the unweighted ones).
  explicit CenteredDesign(const DataMatrix& X, const HeldDesign* held = nullptr, const Vector* rowWeights = nullptr);

  bool sparse() const { return data_.sparse(); }
  // The centred matrix Xc, for dense designs only: from a DataMatrix, built on first use (a
  // solver that reads columns, as coordinate descent, never needs it); a held design's, kept
  // with it (HeldDesign::centred).
  const RowMatrix& X() const;
  // The caller's uncentred X (either kind, read in place) when the design was built from a
  // DataMatrix; a view of 0 rows when it was built from a RowMatrix (only Xc is held then).
  const DataMatrix& uncentred() const { return data_; }
  const RowVector& means() const { return means_; }
  Eigen::Index rows() const { return rows_; }
  Eigen::Index cols() const { return cols_; }
  // Stored entries: n·d (dense) or the non-zeros of X (sparse).
  std::int64_t stored() const { return sparse() ? data_.stored() : rows_ * cols_; }

  // z = Xc w (n entries) and g = Xcᵀ r (d entries). On a dense design of at least
  // kTeamEntries entries both run on a WorkTeam (base/work_team) made at the first of them, when
  // threads exist and the caller is not already one of parallelFor's or a team's tasks: Xc w by
  // blocks of four rows, Xcᵀ r by blocks of column pairs, each entry summed as on one thread —
  // the same bits with any number of threads.
  void multiply(const double* w, double* z) const;
  void multiplyTransposed(const double* r, double* g) const;
  // Xcᵀ r as Xᵀr − μ (1ᵀr) from the caller's X read in place (a dense design's centred copy is
  // not made), on the team for a large dense X; a design built from Xc reads Xc.
  void multiplyTransposedInPlace(const double* r, double* g) const;
  // u = D ∘ (Xc w + offset·1) and g = Xcᵀ u (a Hessian's product, D the loss's weights): the
  // same bits as multiply, the shift and scaling, and multiplyTransposed in turn; a sparse
  // design reads each row once for both products.
  void multiplyWeightedTransposed(const double* w, double offset, const double* D, double* u, double* g) const;
  // Xc Xcᵀ (rows: n × n) or Xcᵀ Xc (d × d); on the team below when there is one, by rows of the
  // triangle, each entry summed as on one thread.
  Matrix gram(bool rows) const;
  // The team of this design's dense products and Gram matrix (nullptr: fewer than kTeamEntries
  // stored entries, one thread, or the caller is already a task): work of the same fit sized as
  // X (the ridge start's Cholesky, coordinate descent's full passes over the columns, sparse
  // designs' too) may share it. Made at the second request for a pass over X, or at the first for
  // heavier work (`heavy`: a Gram matrix, a factorisation): a team's start and end cost about as
  // much as a pass over 20 MB in wasm (a pool worker's start and join), which a call that reads
  // X once — an answer w = 0 at once — would not repay. Its products give the same bits either way.
  WorkTeam* team(bool heavy = false) const;
  // ‖Xc‖²_F.
  double squaredNorm() const;
  // Xc Z for the partition `labels` of the columns into G groups: column g sums group g (n × G);
  // a column labelled outside 0..G−1 is left out.
  RowMatrix groupSums(const Labels& labels, int G) const;

  // Largest eigenvalue of Xcᵀ Xc / n (power iteration, computed once).
  double spectralNorm2OverN() const;
  // A 128-bit hash of the design (sizes, entries, means), computed once: the call's cache of
  // relaxations, ridge fits and Gram matrices keys on it.
  const Hash128::Key& key() const;
  // The work shared within the public call this design belongs to (base/fit_cache.hpp), or
  // nullptr: nothing is remembered.
  FitCache* cache() const { return cache_; }
  void shareWork(FitCache* cache) { cache_ = cache; }
  // The uncentred X by columns, built once: coordinate descent reads Xc's column j as
  // x_j − μ_j 1 from its non-zeros (dense designs: Xc + 1 μᵀ; a zero of X is recovered
  // exactly, (0 − μ) + μ = 0).
  const SparseColumns& uncentredColumns() const;
  // Σx_j and Σx_j² of those columns (uncentred), computed once.
  const ColumnMoments& uncentredMoments() const;
  // uncentredNonZeroRowsOf(uncentred()) for a dense design from a DataMatrix, listed once (a held
  // design's: HeldDesign::nonZeroRows).
  const std::optional<NonZeroRows>& uncentredNonZeroRows() const;
  // Intercept in the caller's (uncentred) parametrisation: b - meansᵀ W.
  RowVector userIntercept(const Matrix& W, const RowVector& b) const { return b - means_ * W; }

 private:
  Eigen::Index rows_, cols_;
  // A dense design from a DataMatrix: X read in place, centred into Xc_ once, by the first
  // thread that asks (a design from a RowMatrix holds Xc_ from the start).
  bool denseInPlace() const { return !sparse() && data_.rows() > 0; }
  void denseTransposedProduct(const double* A, const double* r, double* g) const;
  void centreTransposedProduct(const double* r, double* g) const;

  double powerIteration() const;
  Hash128::Key keyOf() const;  // hashed afresh (key() keeps it)

  // What is computed on first use is computed once, whichever thread asks first (the starts of a
  // non-convex fit share their design across threads).
  mutable RowMatrix Xc_;  // dense designs
  mutable std::once_flag centring_, keying_, columning_, momenting_, listing_, norming_;
  DataMatrix data_{nullptr, 0, 0};  // the caller's X (uncentred) when built from a DataMatrix
  RowVector means_;
  mutable double norm2_ = -1;
  mutable Hash128::Key key_{};
  mutable std::unique_ptr<SparseColumns> columns_;
  mutable std::unique_ptr<ColumnMoments> moments_;
  mutable std::optional<NonZeroRows> nonZeroRows_;
  const HeldDesign* held_ = nullptr;  // the columns and moments to read, when held
  FitCache* cache_ = nullptr;
  mutable std::unique_ptr<WorkTeam> team_;
  mutable std::atomic<int> passesAsked_{0};  // the requests for a single pass before the team
  mutable std::once_flag teaming_;
};

}  // namespace supclust
