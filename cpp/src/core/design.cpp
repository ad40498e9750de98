#include "supclust/core/design.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/base/parallel.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

CenteredDesign::CenteredDesign(const Eigen::Ref<const RowMatrix>& X)
    : rows_(X.rows()), cols_(X.cols()), means_(columnMeansOf(X)) {
  Xc_ = centredRowsOf(X, means_);
}

CenteredDesign::CenteredDesign(const DataMatrix& X, const HeldDesign* held, const Vector* rowWeights)
    : rows_(X.rows()),
      cols_(X.cols()),
      data_(X),
      means_(rowWeights ? X.columnMeans(*rowWeights)
             : held     ? held->means()
                        : X.columnMeans()),
      held_(rowWeights ? nullptr : held) {}

const RowMatrix& CenteredDesign::X() const {
  if (!denseInPlace()) return Xc_;
  if (held_) return held_->centred();
  std::call_once(centring_, [this] { Xc_ = centredRowsOf(data_.dense(), means_); });
  return Xc_;
}

WorkTeam* CenteredDesign::team(bool heavy) const {
  if (static_cast<std::size_t>(stored()) < kTeamEntries || availableThreads() < 2 || insideParallelTask() ||
      insideTeamTask())
    return nullptr;
  if (!heavy && !team_ && passesAsked_.fetch_add(1) == 0) return nullptr;
  std::call_once(teaming_, [this] { team_ = std::make_unique<WorkTeam>(0); });
  return team_->size() > 1 ? team_.get() : nullptr;
}

void CenteredDesign::multiply(const double* w, double* z) const {
  const auto n = static_cast<std::size_t>(rows_), d = static_cast<std::size_t>(cols_);
  if (!sparse()) {
    const double* Xc = X().data();
    WorkTeam* t = team();
    if (!t) return supclust::multiply(Xc, n, d, w, z);
    runInBlocks(*t, n, 4, [&](std::size_t from, std::size_t to) {
      supclust::multiply(Xc + from * d, to - from, d, w, z + from);
    });
    return;
  }
  data_.multiply(w, z);
  const double shift = means_.dot(Eigen::Map<const Vector>(w, cols_));
  for (std::size_t i = 0; i < n; ++i) z[i] -= shift;
}

// g = Aᵀ r for a dense row-major n × d array A (Xc, or X read in place): by column pairs on the
// team when there is one, each entry summed as on one thread.
void CenteredDesign::denseTransposedProduct(const double* A, const double* r, double* g) const {
  const auto n = static_cast<std::size_t>(rows_), d = static_cast<std::size_t>(cols_);
  WorkTeam* t = team();
  if (!t) return supclust::multiplyTransposed(A, n, d, r, g);
  runInBlocks(*t, d, 2, [&](std::size_t from, std::size_t to) {
    supclust::multiplyTransposed(A + from, n, to - from, d, r, g + from);
  });
}

// Xcᵀ r from g = Xᵀ r: g −= μ (1ᵀ r).
void CenteredDesign::centreTransposedProduct(const double* r, double* g) const {
  const double total = Eigen::Map<const Vector>(r, rows_).sum();
  for (Eigen::Index j = 0; j < cols_; ++j) g[j] -= means_[j] * total;
}

void CenteredDesign::multiplyTransposed(const double* r, double* g) const {
  if (!sparse()) return denseTransposedProduct(X().data(), r, g);
  data_.multiplyTransposed(r, g);
  centreTransposedProduct(r, g);
}

void CenteredDesign::multiplyTransposedInPlace(const double* r, double* g) const {
  if (data_.rows() == 0 || sparse()) return multiplyTransposed(r, g);  // only Xc is held; CSR is read in place anyway
  denseTransposedProduct(data_.values(), r, g);
  centreTransposedProduct(r, g);
}

void CenteredDesign::multiplyWeightedTransposed(const double* w, double offset, const double* D, double* u,
                                                double* g) const {
  const auto n = static_cast<std::size_t>(rows_);
  if (!sparse()) {
    multiply(w, u);
    for (std::size_t i = 0; i < n; ++i) u[i] = (u[i] + offset) * D[i];
    return multiplyTransposed(u, g);
  }
  const double shift = means_.dot(Eigen::Map<const Vector>(w, cols_));
  const std::int32_t *p = data_.indptr(), *index = data_.indices();
  const double* v = data_.values();
  std::fill(g, g + cols_, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const auto count = static_cast<std::size_t>(p[i + 1] - p[i]);
    u[i] = (gatherDot(v + p[i], index + p[i], count, w) - shift + offset) * D[i];
    if (u[i] != 0) scatterAxpy(u[i], v + p[i], index + p[i], count, g);
  }
  centreTransposedProduct(u, g);
}

Matrix CenteredDesign::gram(bool rows) const {
  const Eigen::Index n = rows_, d = cols_;
  if (!sparse()) {
    Matrix G(rows ? n : d, rows ? n : d);  // symmetric: the row-major fill reads the same
    const double* Xc = X().data();
    const auto un = static_cast<std::size_t>(n), ud = static_cast<std::size_t>(d);
    WorkTeam* t = team(true);
    if (!t) {
      if (rows) rowGram(Xc, un, ud, G.data());
      else supclust::gram(Xc, un, ud, G.data());
      return G;
    }
    // Rows of the triangle in chunks of about equal work (row i of XXᵀ's lower triangle holds
    // i + 1 entries; row a of XᵀX's upper one d − a), each entry summed as on one thread.
    const std::size_t chunks = 8 * static_cast<std::size_t>(t->size()), side = rows ? un : ud;
    const auto edge = [&](std::size_t c) {
      const double f = static_cast<double>(c) / static_cast<double>(chunks);
      const double at = rows ? std::sqrt(f) : 1 - std::sqrt(1 - f);
      return c == chunks ? side : std::min(side, static_cast<std::size_t>(at * static_cast<double>(side)));
    };
    if (rows) {
      t->run(chunks, [&](std::size_t c) { rowGram(Xc, un, ud, G.data(), edge(c), edge(c + 1)); });
      return G;
    }
    G.setZero();
    t->run(chunks, [&](std::size_t c) { gramAdd(Xc, un, ud, 1.0, G.data(), edge(c), edge(c + 1)); });
    mirrorUpperTriangle(G.data(), ud);
    return G;
  }
  const DataMatrix& X = data_;
  const std::int32_t *p = X.indptr(), *idx = X.indices();
  const double* v = X.values();
  if (!rows) {  // XᵀX − n μμᵀ, from each row's outer product
    Matrix G = Matrix::Zero(d, d);
    for (Eigen::Index i = 0; i < n; ++i)
      for (std::int32_t s = p[i]; s < p[i + 1]; ++s)
        for (std::int32_t t = p[i]; t <= s; ++t) G(idx[s], idx[t]) += v[s] * v[t];
    Matrix full = G.selfadjointView<Eigen::Lower>();
    full.noalias() -= static_cast<double>(n) * means_.transpose() * means_;
    return full;
  }
  // (x_i − μ)·(x_l − μ) = x_i·x_l − a_i − a_l + μ·μ with a = Xμ.
  Vector a(n), dense = Vector::Zero(d);
  X.multiply(means_.data(), a.data());
  const double mm = means_.squaredNorm();
  Matrix K(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (std::int32_t t = p[i]; t < p[i + 1]; ++t) dense[idx[t]] = v[t];
    for (Eigen::Index l = 0; l <= i; ++l) {
      double s = 0;
      for (std::int32_t t = p[l]; t < p[l + 1]; ++t) s += v[t] * dense[idx[t]];
      K(i, l) = K(l, i) = s - a[i] - a[l] + mm;
    }
    for (std::int32_t t = p[i]; t < p[i + 1]; ++t) dense[idx[t]] = 0;
  }
  return K;
}

double CenteredDesign::squaredNorm() const {
  if (!sparse()) return X().squaredNorm();
  const DataMatrix& X = data_;
  return Eigen::Map<const Vector>(X.values(), X.stored()).squaredNorm() -
         static_cast<double>(rows_) * means_.squaredNorm();
}

RowMatrix CenteredDesign::groupSums(const Labels& labels, int G) const {
  RowMatrix A = RowMatrix::Zero(rows_, G);
  const auto in = [&](std::int32_t g) { return g >= 0 && g < G; };
  if (!sparse()) {
    for (std::size_t j = 0; j < labels.size(); ++j)
      if (in(labels[j])) A.col(labels[j]) += X().col(static_cast<Eigen::Index>(j));
    return A;
  }
  RowVector shift = RowVector::Zero(G);  // Σ_{j ∈ g} μ_j
  for (std::size_t j = 0; j < labels.size(); ++j)
    if (in(labels[j])) shift[labels[j]] += means_[static_cast<Eigen::Index>(j)];
  const DataMatrix& X = data_;
  for (Eigen::Index i = 0; i < rows_; ++i)
    for (std::int32_t t = X.indptr()[i]; t < X.indptr()[i + 1]; ++t)
      if (const std::int32_t g = labels[static_cast<std::size_t>(X.indices()[t])]; in(g)) A(i, g) += X.values()[t];
  A.rowwise() -= shift;
  return A;
}

const Hash128::Key& CenteredDesign::key() const {
  std::call_once(keying_, [this] {
    if (held_) {  // the held design's, hashed as below by its first design
      key_ = held_->key([this] { return keyOf(); });
      return;
    }
    key_ = keyOf();
  });
  return key_;
}

Hash128::Key CenteredDesign::keyOf() const {
  Hash128 h;
  h.add(rows_);
  h.add(cols_);
  h.add(sparse());
  if (sparse()) {
    const auto nonZeros = static_cast<std::size_t>(data_.stored());
    h.add(data_.indptr(), static_cast<std::size_t>(rows_ + 1) * sizeof(std::int32_t));
    h.add(data_.indices(), nonZeros * sizeof(std::int32_t));
    h.add(data_.values(), nonZeros * sizeof(double));
  } else {
    h.add(X().data(), static_cast<std::size_t>(X().size()) * sizeof(double));
  }
  h.add(means_.data(), static_cast<std::size_t>(means_.size()) * sizeof(double));
  return h.value();
}

const SparseColumns& CenteredDesign::uncentredColumns() const {
  if (held_) return held_->columns();
  std::call_once(columning_, [this] {
    columns_ =
        std::make_unique<SparseColumns>(data_.rows() > 0 ? uncentredColumnsOf(data_) : sparseColumnsOf(Xc_, means_));
  });
  return *columns_;
}

const ColumnMoments& CenteredDesign::uncentredMoments() const {
  if (held_) return held_->moments();
  std::call_once(momenting_,
                 [this] { moments_ = std::make_unique<ColumnMoments>(columnMomentsOf(uncentredColumns())); });
  return *moments_;
}

const std::optional<NonZeroRows>& CenteredDesign::uncentredNonZeroRows() const {
  if (held_) return held_->nonZeroRows();
  std::call_once(listing_, [this] { nonZeroRows_ = uncentredNonZeroRowsOf(data_); });
  return nonZeroRows_;
}

double CenteredDesign::spectralNorm2OverN() const {
  std::call_once(norming_, [this] { norm2_ = powerIteration(); });
  return norm2_;
}

double CenteredDesign::powerIteration() const {
  const Eigen::Index d = cols_;
  Vector v = Vector::Ones(d) / std::sqrt(static_cast<double>(d));
  // Deterministic, slightly irregular start so that no eigenvector is missed by symmetry.
  for (Eigen::Index j = 0; j < d; ++j) v[j] += 1e-3 * static_cast<double>(j % 7);
  v.normalize();
  double lambda = 0;
  // The step size only needs the right scale (the solvers backtrack), so a few power
  // iterations and a safety margin are enough.
  Vector z(rows_), w(d);
  for (int it = 0; it < 30; ++it) {
    multiply(v.data(), z.data());
    multiplyTransposed(z.data(), w.data());
    const double next = w.norm();
    if (next == 0) break;
    v = w / next;
    const bool done = std::abs(next - lambda) <= 1e-3 * next;
    lambda = next;
    if (done) break;
  }
  // Power iteration approaches from below; the margin keeps 1/L a safe first step.
  return 1.05 * lambda / static_cast<double>(rows_);
}

}  // namespace supclust
