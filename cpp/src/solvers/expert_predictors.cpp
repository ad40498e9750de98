#include "supclust/solvers/expert_predictors.hpp"

#include <cmath>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

ExpertGroups::ExpertGroups(const RowMatrix& X, const Vector& y, int Q)
    : X_(X), y_(y), Q_(Q), count_(static_cast<std::size_t>(Q), 0), sumX_(Matrix::Zero(X.cols(), Q)),
      sumXY_(Matrix::Zero(X.cols(), Q)), sumY_(Vector::Zero(Q)),
      gram_(static_cast<std::size_t>(Q), Matrix::Zero(X.cols(), X.cols())) {}

void ExpertGroups::add(Eigen::Index i, int q, double sign) {
  const auto k = static_cast<std::size_t>(q);
  const Eigen::Index d = X_.cols();
  const double* x = X_.data() + i * d;
  count_[k] += sign > 0 ? 1 : -1;
  sumY_[q] += sign * y_[i];
  axpy(sign, x, sumX_.col(q).data(), static_cast<std::size_t>(d));
  axpy(sign * y_[i], x, sumXY_.col(q).data(), static_cast<std::size_t>(d));
  double* G = gram_[k].data();
  for (Eigen::Index j = 0; j < d; ++j) axpy(sign * x[j], x, G + j * d, static_cast<std::size_t>(d));
}

void ExpertGroups::assign(const Labels& labels) {
  labels_ = labels;
  const Eigen::Index n = X_.rows(), d = X_.cols();
  sumX_.setZero();
  sumXY_.setZero();
  sumY_.setZero();
  std::fill(count_.begin(), count_.end(), 0);
  for (int q = 0; q < Q_; ++q) {
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < n; ++i)
      if (labels[static_cast<std::size_t>(i)] == q) rows.push_back(i);
    RowMatrix Xq(static_cast<Eigen::Index>(rows.size()), d);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const Eigen::Index i = rows[r];
      Xq.row(static_cast<Eigen::Index>(r)) = X_.row(i);
      sumY_[q] += y_[i];
      axpy(y_[i], X_.data() + i * d, sumXY_.col(q).data(), static_cast<std::size_t>(d));
      axpy(1.0, X_.data() + i * d, sumX_.col(q).data(), static_cast<std::size_t>(d));
    }
    count_[static_cast<std::size_t>(q)] = static_cast<Eigen::Index>(rows.size());
    gram(Xq.data(), rows.size(), static_cast<std::size_t>(d), gram_[static_cast<std::size_t>(q)].data());
  }
}

void ExpertGroups::reassign(const Labels& labels) {
  std::size_t moves = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) moves += labels[i] != labels_[i];
  if (moves == 0) return;
  // A move costs two rank-one updates (2d²); a fresh pass n·d²/2 and exact sums.
  if (4 * moves > labels.size()) return assign(labels);
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i] != labels_[i]) {
      add(static_cast<Eigen::Index>(i), labels_[i], -1);
      add(static_cast<Eigen::Index>(i), labels[i], +1);
    }
  labels_ = labels;
}

bool ExpertGroups::fit(double lambda, Experts& out) const {
  const Eigen::Index d = X_.cols();
  out.coef = Matrix::Zero(d, Q_);
  out.intercept = RowVector::Zero(Q_);
  Matrix A(d, d);
  for (int q = 0; q < Q_; ++q) {
    const auto s = static_cast<double>(count_[static_cast<std::size_t>(q)]);
    if (s == 0) continue;
    const Vector mean = sumX_.col(q) / s;
    const double ybar = sumY_[q] / s;
    A = gram_[static_cast<std::size_t>(q)] - s * mean * mean.transpose();
    A.diagonal().array() += lambda * s;
    Vector c = sumXY_.col(q) - s * ybar * mean;
    if (!choleskyFactor(A.data(), static_cast<std::size_t>(d))) return false;
    choleskySolve(A.data(), static_cast<std::size_t>(d), c.data());
    out.coef.col(q) = c;
    out.intercept[q] = ybar - dot(mean.data(), c.data(), static_cast<std::size_t>(d));
  }
  return true;
}

Matrix expertAnswers(const RowMatrix& X, const Experts& e) {
  // The SIMD kernel, not Eigen's product: the same bits natively and in wasm.
  Matrix Z(X.rows(), e.coef.cols());
  for (Eigen::Index q = 0; q < e.coef.cols(); ++q) {
    multiply(X.data(), static_cast<std::size_t>(X.rows()), static_cast<std::size_t>(X.cols()), e.coef.col(q).data(), Z.col(q).data());
    Z.col(q).array() += e.intercept[q];
  }
  return Z;
}

Matrix expertCosts(const RowMatrix& X, const Vector& y, const Experts& e, double lambda, const ExpertGroups* groups) {
  Matrix C = expertAnswers(X, e);
  C.colwise() -= y;
  C = C.array().square().matrix();
  for (Eigen::Index q = 0; q < C.cols(); ++q) {
    if (groups && groups->size(static_cast<int>(q)) == 0) C.col(q).setConstant(HUGE_VAL);
    else C.col(q).array() += lambda * dot(e.coef.col(q).data(), e.coef.col(q).data(), static_cast<std::size_t>(e.coef.rows()));
  }
  return C;
}

double expertObjective(const Matrix& costs, const Labels& labels) {
  double f = 0;
  for (Eigen::Index i = 0; i < costs.rows(); ++i) f += costs(i, labels[static_cast<std::size_t>(i)]);
  return f / (2.0 * static_cast<double>(costs.rows()));
}

bool assignCheapest(const Matrix& costs, Labels& labels) {
  bool changed = false;
  for (Eigen::Index i = 0; i < costs.rows(); ++i) {
    Eigen::Index best = 0;
    for (Eigen::Index q = 1; q < costs.cols(); ++q)
      if (costs(i, q) < costs(i, best)) best = q;
    auto& l = labels[static_cast<std::size_t>(i)];
    // Keep the current expert on a tie: a move must lower the cost strictly.
    if (costs(i, l) <= costs(i, best)) continue;
    l = static_cast<std::int32_t>(best);
    changed = true;
  }
  return changed;
}

bool refillEmptyGroups(const Matrix& costs, int Q, Labels& labels) {
  std::vector<Eigen::Index> sizes(static_cast<std::size_t>(Q), 0);
  for (std::int32_t l : labels) ++sizes[static_cast<std::size_t>(l)];
  bool moved = false;
  for (int q = 0; q < Q; ++q) {
    if (sizes[static_cast<std::size_t>(q)] > 0) continue;
    Eigen::Index worst = -1;
    for (Eigen::Index i = 0; i < costs.rows(); ++i) {
      const auto from = static_cast<std::size_t>(labels[static_cast<std::size_t>(i)]);
      if (sizes[from] < 2) continue;
      const double c = costs(i, static_cast<Eigen::Index>(from));
      if (worst < 0 || c > costs(worst, labels[static_cast<std::size_t>(worst)])) worst = i;
    }
    if (worst < 0) continue;
    --sizes[static_cast<std::size_t>(labels[static_cast<std::size_t>(worst)])];
    labels[static_cast<std::size_t>(worst)] = q;
    ++sizes[static_cast<std::size_t>(q)];
    moved = true;
  }
  return moved;
}

}  // namespace supclust
