#include "supclust/families/grouping/exchange.hpp"

#include <cmath>
#include <optional>

#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

namespace {

// Labels renumbered 0..G−1 in order of first appearance.
ExchangeResult compacted(const Labels& labels, int Q, int moves, bool aborted) {
  ExchangeResult r;
  std::vector<std::int32_t> map(static_cast<std::size_t>(Q), -1);
  for (std::int32_t g : labels) {
    if (map[static_cast<std::size_t>(g)] < 0) map[static_cast<std::size_t>(g)] = r.G++;
    r.labels.push_back(map[static_cast<std::size_t>(g)]);
  }
  r.moves = moves;
  r.aborted = aborted;
  return r;
}

// ½ tr(Bᵀ H⁻¹ B) for a positive definite H, or nothing.
std::optional<double> explained(const Matrix& H, const Matrix& B) {
  const Eigen::LLT<Matrix> llt(H);
  if (llt.info() != Eigen::Success) return std::nullopt;
  const double v = 0.5 * (B.array() * llt.solve(B).array()).sum();
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

// Column j of Xc (n entries), from the uncentred columns and the mean.
void centredColumn(const CenteredDesign& X, Eigen::Index j, Vector& x) {
  x.setConstant(X.rows(), -X.means()[j]);
  forEachInColumn(X.uncentredColumns(), j, [&](std::int32_t i, double v) { x[i] += v; });
}

}  // namespace

ExchangeResult exchangeSquared(const CenteredDesign& X, const Matrix& T, double lambda, const Labels& start, int Q,
                               const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols(), K = T.cols();
  const double nn = static_cast<double>(n);
  Labels labels = start;
  if (Q < 2 || d < 2) return compacted(labels, Q, 0, false);
  const Matrix Tc = T.rowwise() - T.colwise().mean();
  const double tolerance = 1e-12 * 0.5 * Tc.squaredNorm() / nn;  // below rounding: not a real decrease

  // Per feature: c_j = ‖x_j‖²/n and R = XcᵀTc/n; per group: Z's sums, P = XcᵀZ/n (d × Q).
  Vector c(d), x(n), g(d);
  for (Eigen::Index j = 0; j < d; ++j) {
    centredColumn(X, j, x);
    c[j] = x.squaredNorm() / nn;
  }
  Matrix R(d, K);
  for (Eigen::Index k = 0; k < K; ++k) {
    const Vector t = Tc.col(k);
    X.multiplyTransposed(t.data(), R.col(k).data());
  }
  R /= nn;
  const RowMatrix Z = X.groupSums(labels, Q);
  Matrix P(d, Q);
  for (int q = 0; q < Q; ++q) {
    const Vector z = Z.col(q);
    X.multiplyTransposed(z.data(), P.col(q).data());
  }
  P /= nn;
  std::vector<int> size(static_cast<std::size_t>(Q), 0);
  for (std::int32_t a : labels) ++size[static_cast<std::size_t>(a)];

  // H = ZᵀXcᵀXcZ/n + λ diag(sizes) with 1 on the diagonal of an empty group (a placeholder that
  // keeps H invertible; its row of B is 0, so it explains nothing); B = ZᵀR.
  Matrix H = Matrix::Zero(Q, Q), B = Matrix::Zero(Q, K);
  for (Eigen::Index j = 0; j < d; ++j) {
    const std::int32_t a = labels[static_cast<std::size_t>(j)];
    H.row(a) += P.row(j);
    B.row(a) += R.row(j);
  }
  for (int q = 0; q < Q; ++q) H(q, q) += size[static_cast<std::size_t>(q)] > 0 ? lambda * size[static_cast<std::size_t>(q)] : 1.0;
  std::optional<double> f = explained(H, B);  // the objective is ½‖Tc‖²/n − f
  if (!f) return compacted(labels, Q, 0, false);
  Matrix Hinv = H.llt().solve(Matrix::Identity(Q, Q)), W = Hinv * B;

  int moves = 0;
  Vector u(Q), h(Q);
  RowVector uW(K), r(K), Yq(K), Ya(K), Yu(K);
  for (bool moved = true; moved;) {
    moved = false;
    for (Eigen::Index j = 0; j < d; ++j) {
      const std::int32_t a = labels[static_cast<std::size_t>(j)];
      const bool leavesEmpty = size[static_cast<std::size_t>(a)] == 1;
      u.noalias() = P.row(j).transpose();
      h.noalias() = Hinv * u;
      uW.noalias() = u.transpose() * W;
      r = R.row(j);
      const double trBW = (B.array() * W.array()).sum(), uh = u.dot(h);
      double best = *f + tolerance;
      int to = -1;
      bool emptyTried = false;
      for (int q = 0; q < Q; ++q) {
        if (q == a) continue;
        const bool empty = size[static_cast<std::size_t>(q)] == 0;
        if (empty && (leavesEmpty || emptyTried)) continue;  // a singleton to an empty group changes nothing
        emptyTried |= empty;
        // H' = H + V M Vᵀ, V = [e_q, e_a, u]; the placeholders leave or join the diagonal.
        Eigen::Matrix3d M, VHV;
        M << c[j] + lambda - (empty ? 1.0 : 0.0), -c[j], 1, -c[j], c[j] - lambda + (leavesEmpty ? 1.0 : 0.0), -1, 1, -1, 0;
        VHV << Hinv(q, q), Hinv(q, a), h[q], Hinv(a, q), Hinv(a, a), h[a], h[q], h[a], uh;
        // H'⁻¹ = H⁻¹ − H⁻¹V N VᵀH⁻¹ with N = (I + M VᵀH⁻¹V)⁻¹ M (Woodbury).
        const Eigen::Matrix3d S = Eigen::Matrix3d::Identity() + M * VHV;
        const double det = S.determinant();
        if (!(std::abs(det) > 1e-12)) continue;
        const Eigen::Matrix3d N = S.inverse() * M;
        // Y = H⁻¹B' (B' = B + (e_q − e_a) rᵀ): its rows q and a and uᵀY are all the score reads.
        Yq = W.row(q) + (Hinv(q, q) - Hinv(a, q)) * r;
        Ya = W.row(a) + (Hinv(q, a) - Hinv(a, a)) * r;
        Yu = uW + (h[q] - h[a]) * r;
        const double trBY = trBW + (W.row(q) - W.row(a)).dot(r) + r.dot(Yq - Ya);
        double correction = 0;  // Σ_k (VᵀY)_kᵀ N (VᵀY)_k
        for (Eigen::Index k = 0; k < K; ++k) {
          const Eigen::Vector3d y(Yq[k], Ya[k], Yu[k]);
          correction += y.dot(N * y);
        }
        const double value = 0.5 * (trBY - correction);
        if (std::isfinite(value) && value > best) {
          best = value;
          to = q;
        }
      }
      if (to < 0) continue;
      // Confirmed by a direct solve before it is taken (Woodbury on an ill-conditioned H may err).
      Matrix H2 = H, B2 = B;
      const double placeholderTo = size[static_cast<std::size_t>(to)] == 0 ? 1.0 : 0.0;
      H2.row(to) += u.transpose();
      H2.col(to) += u;
      H2.row(a) -= u.transpose();
      H2.col(a) -= u;
      H2(to, to) += c[j] + lambda - placeholderTo;
      H2(a, a) += c[j] - lambda + (leavesEmpty ? 1.0 : 0.0);
      H2(to, a) -= c[j];
      H2(a, to) -= c[j];
      if (leavesEmpty) {  // row and column a are 0 but for the placeholder: make them so exactly
        H2.row(a).setZero();
        H2.col(a).setZero();
        H2(a, a) = 1;
      }
      B2.row(to) += r;
      B2.row(a) -= r;
      if (leavesEmpty) B2.row(a).setZero();
      const std::optional<double> f2 = explained(H2, B2);
      if (!f2 || !(*f2 > *f + tolerance)) continue;
      // Take it: Z's columns to and a gain and lose x_j, so P gains and loses XcᵀXc e_j/n.
      centredColumn(X, j, x);
      X.multiplyTransposed(x.data(), g.data());
      P.col(to) += g / nn;
      P.col(a) -= g / nn;
      H = std::move(H2);
      B = std::move(B2);
      f = f2;
      labels[static_cast<std::size_t>(j)] = to;
      ++size[static_cast<std::size_t>(to)];
      --size[static_cast<std::size_t>(a)];
      Hinv = H.llt().solve(Matrix::Identity(Q, Q));
      W = Hinv * B;
      moved = true;
      ++moves;
      if (!control.keepGoing(moves, 0.5 * Tc.squaredNorm() / nn - *f)) return compacted(labels, Q, moves, true);
    }
  }
  return compacted(labels, Q, moves, false);
}

ExchangeResult exchangeByRefits(const Labels& start, int Q, const std::function<double(const Labels&, int)>& objective,
                                const Control& control) {
  ExchangeResult now = compacted(start, Q, 0, false);
  Labels labels = now.labels;
  const auto d = labels.size();
  if (Q < 2 || d < 2) return now;
  std::vector<int> size(static_cast<std::size_t>(Q), 0);
  for (std::int32_t a : labels) ++size[static_cast<std::size_t>(a)];
  // The objective of labels in 0..Q−1, possibly with empty groups: on their compacted form.
  const auto score = [&](const Labels& l) {
    const ExchangeResult c = compacted(l, Q, 0, false);
    return objective(c.labels, c.G);
  };
  double f = score(labels);
  int moves = 0;
  for (bool moved = true; moved;) {
    moved = false;
    for (std::size_t j = 0; j < d; ++j) {
      const std::int32_t a = labels[j];
      double best = f - 1e-12 * std::abs(f);
      int to = -1;
      bool emptyTried = false;
      for (int q = 0; q < Q; ++q) {
        const bool empty = size[static_cast<std::size_t>(q)] == 0;
        if (q == a || (empty && (size[static_cast<std::size_t>(a)] == 1 || emptyTried))) continue;
        emptyTried |= empty;
        labels[j] = q;
        const double v = score(labels);
        if (v < best) {
          best = v;
          to = q;
        }
      }
      labels[j] = a;
      if (to < 0) continue;
      labels[j] = to;
      ++size[static_cast<std::size_t>(to)];
      --size[static_cast<std::size_t>(a)];
      f = best;
      moved = true;
      ++moves;
      if (!control.keepGoing(moves, f)) return compacted(labels, Q, moves, true);
    }
  }
  return compacted(labels, Q, moves, false);
}

}  // namespace supclust
