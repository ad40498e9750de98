#include "supclust/families/experts/expert_predictors.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

ExpertGroups::ExpertGroups(const RowMatrix& X, const Vector& y, int Q, const Vector* weights)
    : X_(X),
      y_(y),
      Q_(Q),
      weights_(weights),
      count_(static_cast<std::size_t>(Q), 0),
      mass_(Vector::Zero(Q)),
      sumX_(Matrix::Zero(X.cols(), Q)),
      sumXY_(Matrix::Zero(X.cols(), Q)),
      sumY_(Vector::Zero(Q)),
      gram_(static_cast<std::size_t>(Q), Matrix::Zero(X.cols(), X.cols())),
      groupRows_(static_cast<std::size_t>(Q)) {}

void ExpertGroups::addSums(Eigen::Index i, int q, double sign) {
  const Eigen::Index d = X_.cols();
  const double* x = X_.data() + i * d;
  const double w = sign * weight(i);
  count_[static_cast<std::size_t>(q)] += sign > 0 ? 1 : -1;
  mass_[q] += w;
  sumY_[q] += w * y_[i];
  axpy(w, x, sumX_.col(q).data(), static_cast<std::size_t>(d));
  axpy(w * y_[i], x, sumXY_.col(q).data(), static_cast<std::size_t>(d));
}

void ExpertGroups::addGrams(const std::vector<Eigen::Index>& rows, int q, double sign) {
  const Eigen::Index d = X_.cols();
  rowsCopy_.resize(static_cast<Eigen::Index>(rows.size()), d);
  for (std::size_t r = 0; r < rows.size(); ++r)
    rowsCopy_.row(static_cast<Eigen::Index>(r)) = std::sqrt(weight(rows[r])) * X_.row(rows[r]);
  gramAdd(rowsCopy_.data(), rows.size(), static_cast<std::size_t>(d), sign, gram_[static_cast<std::size_t>(q)].data());
}

void ExpertGroups::assign(const Labels& labels) {
  labels_ = labels;
  const Eigen::Index n = X_.rows(), d = X_.cols();
  sumX_.setZero();
  sumXY_.setZero();
  sumY_.setZero();
  mass_.setZero();
  std::fill(count_.begin(), count_.end(), 0);
  for (int q = 0; q < Q_; ++q) {
    std::vector<Eigen::Index>& rows = groupRows_[static_cast<std::size_t>(q)];
    rows.clear();
    for (Eigen::Index i = 0; i < n; ++i)
      if (labels[static_cast<std::size_t>(i)] == q) {
        rows.push_back(i);
        addSums(i, q, +1);
      }
  }
  // The largest group's Gram matrix is the whole data's (computed once) less the others':
  // a pass over the other groups' rows only.
  if (total_.size() == 0) {
    total_ = Matrix::Zero(d, d);
    if (weights_) {
      const RowMatrix scaled = weights_->cwiseSqrt().asDiagonal() * X_;
      gramAdd(scaled.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), 1.0, total_.data());
    } else {
      gramAdd(X_.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), 1.0, total_.data());
    }
  }
  const auto largest = static_cast<int>(std::max_element(count_.begin(), count_.end()) - count_.begin());
  Matrix& rest = gram_[static_cast<std::size_t>(largest)];
  rest = total_;
  for (int q = 0; q < Q_; ++q) {
    if (q == largest) continue;
    gram_[static_cast<std::size_t>(q)].setZero();
    addGrams(groupRows_[static_cast<std::size_t>(q)], q, +1);
    rest -= gram_[static_cast<std::size_t>(q)];
  }
}

void ExpertGroups::reassign(const Labels& labels) {
  std::size_t moves = 0;
  std::vector<std::size_t> sizes(static_cast<std::size_t>(Q_), 0);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    moves += labels[i] != labels_[i];
    ++sizes[static_cast<std::size_t>(labels[i])];
  }
  if (moves == 0) return;
  // A move takes a row out of one group's Gram triangle and adds it to another's (two row
  // updates); a fresh pass adds the rows of every group but the largest once, and its sums
  // are exact.
  if (2 * moves >= labels.size() - *std::max_element(sizes.begin(), sizes.end())) return assign(labels);
  // The rows that leave each group are taken out of its statistics, then those that join one
  // are added to it.
  const auto update = [&](const Labels& side, double sign) {
    for (int q = 0; q < Q_; ++q) {
      std::vector<Eigen::Index>& rows = groupRows_[static_cast<std::size_t>(q)];
      rows.clear();
      for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] != labels_[i] && side[i] == q) {
          rows.push_back(static_cast<Eigen::Index>(i));
          addSums(static_cast<Eigen::Index>(i), q, sign);
        }
      addGrams(rows, q, sign);
    }
  };
  update(labels_, -1);
  update(labels, +1);
  labels_ = labels;
}

bool ExpertGroups::fit(double lambda, Experts& out) const {
  const Eigen::Index d = X_.cols();
  out.coef = Matrix::Zero(d, Q_);
  out.intercept = RowVector::Zero(Q_);
  Matrix A(d, d);
  for (int q = 0; q < Q_; ++q) {
    const double s = mass_[q];
    if (count_[static_cast<std::size_t>(q)] == 0 || !(s > 0)) continue;  // empty, or of zero weight: a zero expert
    const Vector mean = sumX_.col(q) / s;
    const double ybar = sumY_[q] / s;
    // The lower triangle (all choleskyFactor reads) of Σxxᵀ − s·mean·meanᵀ + λs I.
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
    multiply(X.data(), static_cast<std::size_t>(X.rows()), static_cast<std::size_t>(X.cols()), e.coef.col(q).data(),
             Z.col(q).data());
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
    else
      C.col(q).array() +=
          lambda * dot(e.coef.col(q).data(), e.coef.col(q).data(), static_cast<std::size_t>(e.coef.rows()));
  }
  return C;
}

double expertObjective(const Matrix& costs, const Labels& labels, const Vector* weights) {
  double f = 0;
  for (Eigen::Index i = 0; i < costs.rows(); ++i) {
    const double c = costs(i, labels[static_cast<std::size_t>(i)]);
    const double w = weightOf(weights, i);
    f += w > 0 ? w * c : 0.0;  // a zero weight: no share, whatever its cost
  }
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

bool refillEmptyGroups(const Matrix& costs, int Q, Labels& labels, const Vector* weights) {
  std::vector<Eigen::Index> sizes(static_cast<std::size_t>(Q), 0);
  for (std::int32_t l : labels) ++sizes[static_cast<std::size_t>(l)];
  bool moved = false;
  for (int q = 0; q < Q; ++q) {
    if (sizes[static_cast<std::size_t>(q)] > 0) continue;
    Eigen::Index worst = -1;
    double worstCost = 0;
    for (Eigen::Index i = 0; i < costs.rows(); ++i) {
      const auto from = static_cast<std::size_t>(labels[static_cast<std::size_t>(i)]);
      const double w = weightOf(weights, i);
      if (sizes[from] < 2 || !(w > 0)) continue;
      const double c = w * costs(i, static_cast<Eigen::Index>(from));
      if (worst < 0 || c > worstCost) worst = i, worstCost = c;
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
