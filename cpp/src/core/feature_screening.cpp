#include "supclust/core/feature_screening.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "supclust/core/data_matrix.hpp"

namespace supclust {

namespace {
// Columns centred and scaled to unit norm (a constant column stays 0).
Matrix standardisedColumns(const RowMatrix& X) {
  Matrix Z = X.rowwise() - X.colwise().mean();
  for (Eigen::Index j = 0; j < Z.cols(); ++j) {
    const double norm = Z.col(j).norm();
    Z.col(j) = norm > 0 ? Vector(Z.col(j) / norm) : Vector::Zero(Z.rows());
  }
  return Z;
}

// The k indices of largest score, in increasing index order (ties: the lower index).
std::vector<Eigen::Index> largest(const Vector& score, int k, Eigen::Index skip = -1) {
  std::vector<Eigen::Index> order(static_cast<std::size_t>(score.size()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  order.erase(std::remove(order.begin(), order.end(), skip), order.end());
  const auto take = std::min(order.size(), static_cast<std::size_t>(std::max(0, k)));
  std::partial_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(take), order.end(),
      [&](Eigen::Index a, Eigen::Index b) { return score[a] > score[b] || (score[a] == score[b] && a < b); });
  order.resize(take);
  std::sort(order.begin(), order.end());
  return order;
}
}  // namespace

Vector columnCorrelations(const RowMatrix& X, const Vector& y) {
  const Matrix Z = standardisedColumns(X);
  Vector yc = (y.array() - y.mean()).matrix();
  const double norm = yc.norm();
  if (norm == 0) return Vector::Zero(X.cols());
  yc /= norm;
  return Z.transpose() * yc;
}

std::vector<Eigen::Index> mostCorrelated(const RowMatrix& X, const Vector& y, int k) {
  return largest(columnCorrelations(X, y).cwiseAbs(), k);
}

std::vector<Eigen::Index> largestScores(const Vector& score, int k) { return largest(score, k); }

RowMatrix keptColumns(const RowMatrix& X, const std::vector<Eigen::Index>& kept) {
  RowMatrix out(X.rows(), static_cast<Eigen::Index>(kept.size()));
  for (std::size_t k = 0; k < kept.size(); ++k) out.col(static_cast<Eigen::Index>(k)) = X.col(kept[k]);
  return out;
}

RowMatrix Standardisation::apply(const RowMatrix& X) const {
  RowMatrix Z = X.rowwise() - mean;
  return Z.array().rowwise() / scale.array();
}

Standardisation standardisation(const RowMatrix& X) {
  Standardisation s;
  s.mean = X.colwise().mean();
  s.scale = unitScales(DataMatrix(X.data(), X.rows(), X.cols()).columnDeviations(s.mean));
  return s;
}

std::vector<Eigen::Index> largestRidgeWeights(const RowMatrix& X, const Vector& y, double lambda, int k) {
  const RowMatrix Xc = X.rowwise() - X.colwise().mean();
  const Vector yc = (y.array() - y.mean()).matrix();
  const double n = static_cast<double>(X.rows());
  Vector w;
  if (X.rows() < X.cols()) {  // w = Xcᵀ (XcXcᵀ/n + λI)⁻¹ yc / n
    Matrix K = Xc * Xc.transpose() / n;
    K.diagonal().array() += lambda;
    w = Xc.transpose() * Vector(K.ldlt().solve(yc / n));
  } else {
    Matrix G = Xc.transpose() * Xc / n;
    G.diagonal().array() += lambda;
    w = G.ldlt().solve(Vector(Xc.transpose() * yc / n));
  }
  return largest(w.cwiseAbs(), k);
}

Labels correlationGraph(const RowMatrix& X, int k) {
  const Matrix Z = standardisedColumns(X);
  const Matrix R = (Z.transpose() * Z).cwiseAbs();
  std::set<std::pair<Eigen::Index, Eigen::Index>> edges;
  for (Eigen::Index i = 0; i < R.cols(); ++i)
    for (const Eigen::Index j : largest(R.col(i), k, i)) edges.emplace(std::min(i, j), std::max(i, j));
  Labels flat;
  for (const auto& [i, j] : edges)
    flat.insert(flat.end(), {static_cast<std::int32_t>(i), static_cast<std::int32_t>(j)});
  return flat;
}

}  // namespace supclust
