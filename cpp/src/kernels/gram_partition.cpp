#include "supclust/kernels/gram_partition.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "supclust/kernels/row_kmeans.hpp"

namespace supclust {

double partitionCount(int m, int Q) {
  // S(i, q) = q S(i−1, q) + S(i−1, q−1), row by row.
  std::vector<double> S(static_cast<std::size_t>(Q) + 1, 0.0);
  S[0] = 1;
  for (int i = 1; i <= m; ++i)
    for (int q = std::min(i, Q); q >= 0; --q)
      S[static_cast<std::size_t>(q)] =
          q == 0 ? 0 : q * S[static_cast<std::size_t>(q)] + S[static_cast<std::size_t>(q) - 1];
  return S[static_cast<std::size_t>(Q)];
}

double partitionValue(const Matrix& A, const Labels& labels, int Q) {
  Vector sums = Vector::Zero(Q), sizes = Vector::Zero(Q);
  const auto m = static_cast<Eigen::Index>(labels.size());
  for (Eigen::Index i = 0; i < m; ++i) {
    sizes[labels[static_cast<std::size_t>(i)]] += 1;
    for (Eigen::Index j = 0; j < m; ++j)
      if (labels[static_cast<std::size_t>(i)] == labels[static_cast<std::size_t>(j)])
        sums[labels[static_cast<std::size_t>(i)]] += A(i, j);
  }
  double v = 0;
  for (int q = 0; q < Q; ++q)
    if (sizes[q] > 0) v += sums[q] / sizes[q];
  return v;
}

double partitionValue(const Matrix& F, const Matrix& G, const Labels& labels, int Q) {
  Matrix sumsF = Matrix::Zero(F.rows(), Q), sumsG = Matrix::Zero(G.rows(), Q);
  Vector sizes = Vector::Zero(Q);
  for (Eigen::Index i = 0; i < F.cols(); ++i) {
    const std::int32_t q = labels[static_cast<std::size_t>(i)];
    sumsF.col(q) += F.col(i);
    sumsG.col(q) += G.col(i);
    sizes[q] += 1;
  }
  double v = 0;
  for (int q = 0; q < Q; ++q)
    if (sizes[q] > 0) v += sumsF.col(q).dot(sumsG.col(q)) / sizes[q];
  return v;
}

Labels canonicalLabels(const Labels& labels) {
  std::vector<std::int32_t> name;  // name[v]: the new label of old label v, −1 until seen
  std::int32_t next = 0;
  Labels out(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const auto v = static_cast<std::size_t>(labels[i]);
    if (v >= name.size()) name.resize(v + 1, -1);
    if (name[v] < 0) name[v] = next++;
    out[i] = name[v];
  }
  return out;
}

namespace {
// Depth-first over restricted growth strings with exactly Q groups. rows_(·, q) holds
// Σ_{j ∈ C_q} A(·, j) for the items placed so far, sums_[q] = Σ_{i,j ∈ C_q} A_ij.
class Enumeration {
 public:
  Enumeration(const Matrix& A, int Q)
      : A_(A),
        m_(A.rows()),
        Q_(Q),
        rows_(Matrix::Zero(A.rows(), Q)),
        sums_(Vector::Zero(Q)),
        sizes_(Vector::Zero(Q)),
        labels_(static_cast<std::size_t>(A.rows())) {}

  GramPartition run() {
    best_.value = -HUGE_VAL;
    best_.exact = true;
    visit(0, 0);
    return best_;
  }

 private:
  void visit(Eigen::Index i, int used) {
    if (i == m_) {
      double v = 0;
      for (int q = 0; q < Q_; ++q) v += sums_[q] / sizes_[q];
      if (v > best_.value) {
        best_.value = v;
        best_.labels = labels_;
      }
      return;
    }
    const Eigen::Index left = m_ - i;
    // A new group (needed when the remaining items must open every missing one), or an old one.
    const int last = left > Q_ - used ? used - 1 : -1;
    for (int q = 0; q <= std::min(used, Q_ - 1); ++q) {
      if (q < used && q > last) continue;
      place(i, q);
      visit(i + 1, q == used ? used + 1 : used);
      remove(i, q);
    }
  }
  void place(Eigen::Index i, int q) {
    sums_[q] += A_(i, i) + 2 * rows_(i, q);
    sizes_[q] += 1;
    rows_.col(q) += A_.col(i);
    labels_[static_cast<std::size_t>(i)] = q;
  }
  void remove(Eigen::Index i, int q) {
    rows_.col(q) -= A_.col(i);
    sizes_[q] -= 1;
    sums_[q] -= A_(i, i) + 2 * rows_(i, q);
  }

  const Matrix& A_;
  const Eigen::Index m_;
  const int Q_;
  Matrix rows_;
  Vector sums_, sizes_;
  Labels labels_;
  GramPartition best_;
};
}  // namespace

namespace {
// The rows of U Λ₊^½ for A = U Λ Uᵀ (negative eigenvalues, round-off of a semidefinite A, as 0).
Matrix pointsOf(const Eigen::SelfAdjointEigenSolver<Matrix>& eig) {
  return eig.eigenvectors() * eig.eigenvalues().cwiseMax(0.0).cwiseSqrt().asDiagonal();
}
}  // namespace

GramPartition bestGramPartition(const Matrix& A, int Q, int restarts, std::uint64_t seed) {
  const auto m = static_cast<int>(A.rows());
  GramPartition out;
  if (partitionCount(m, Q) <= kExactPartitions) {
    out = Enumeration(A, Q).run();
  } else {
    const Eigen::SelfAdjointEigenSolver<Matrix> eig(A);
    out.labels = rowKMeans(pointsOf(eig), Q, restarts, seed).labels;
  }
  out.labels = canonicalLabels(out.labels);
  out.value = partitionValue(A, out.labels, Q);
  return out;
}

GramPartition bestGramPartition(const Matrix& F, const Matrix& G, int Q, int restarts, std::uint64_t seed) {
  const bool gram = &F == &G;
  const Eigen::Index m = F.cols(), r = gram ? F.rows() : 2 * F.rows();
  if (r >= m || partitionCount(static_cast<int>(m), Q) <= kExactPartitions) {
    Matrix A = F.transpose() * G;
    if (!gram) A = 0.5 * (A + A.transpose());
    return bestGramPartition(A, Q, restarts, seed);
  }
  Matrix H(m, r);  // [Fᵀ Gᵀ] = Q R: Fᵀ = Q R₁, Gᵀ = Q R₂
  if (gram) H = F.transpose();
  else H << F.transpose(), G.transpose();
  const Eigen::HouseholderQR<Matrix> qr(H);
  const Matrix basis = qr.householderQ() * Matrix::Identity(m, r);
  const Matrix R = qr.matrixQR().topRows(r).triangularView<Eigen::Upper>();
  Matrix middle;  // A = Q · middle · Qᵀ
  if (gram) {
    middle = R * R.transpose();
  } else {
    const Eigen::Index h = r / 2;
    const Matrix product = R.leftCols(h) * R.rightCols(h).transpose();
    middle = 0.5 * (product + product.transpose());
  }
  GramPartition out;
  const Matrix points = basis * pointsOf(Eigen::SelfAdjointEigenSolver<Matrix>(middle));
  out.labels = canonicalLabels(rowKMeans(points, Q, restarts, seed).labels);
  out.value = partitionValue(F, G, out.labels, Q);
  return out;
}

}  // namespace supclust
