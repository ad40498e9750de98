#include "supclust/families/grouping/exchange.hpp"

#include <cmath>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/gram_partition.hpp"
#include "supclust/kernels/sparse_columns.hpp"

namespace supclust {

namespace {

// The labels renumbered by first appearance (canonicalLabels), with the moves.
ExchangeResult compacted(const Labels& labels, int moves, bool aborted) {
  return ExchangeResult{canonicalLabels(labels), moves, aborted};
}

// Whether feature j (in group a) may move to group q: another group, and of the empty ones only
// the first (all are alike), and none when j is alone in a (it would only change its name).
bool candidateGroup(int q, std::int32_t a, const std::vector<int>& size, bool& emptyTried) {
  const bool empty = size[static_cast<std::size_t>(q)] == 0;
  if (q == a || (empty && (size[static_cast<std::size_t>(a)] == 1 || emptyTried))) return false;
  emptyTried |= empty;
  return true;
}

// H⁻¹ (Q × Q) for a positive definite H by the library's Cholesky, or false. Small dense algebra
// here is written as loops: Eigen's products and factorisations would add their templates to the
// core module for matrices of a few rows.
bool inverseOf(const Matrix& H, Matrix& inverse) {
  const auto Q = static_cast<std::size_t>(H.rows());
  Matrix L = H;
  if (!choleskyFactor(L.data(), Q)) return false;
  inverse = Matrix::Identity(H.rows(), H.cols());
  for (std::size_t q = 0; q < Q; ++q) choleskySolve(L.data(), Q, inverse.col(static_cast<Eigen::Index>(q)).data());
  return inverse.allFinite();
}

// W = H⁻¹B and ½ tr(BᵀW).
double explainedBy(const Matrix& inverse, const Matrix& B, Matrix& W) {
  const Eigen::Index Q = B.rows(), K = B.cols();
  W.setZero(Q, K);
  double sum = 0;
  for (Eigen::Index k = 0; k < K; ++k)
    for (Eigen::Index p = 0; p < Q; ++p) {
      for (Eigen::Index q = 0; q < Q; ++q) W(p, k) += inverse(p, q) * B(q, k);
      sum += B(p, k) * W(p, k);
    }
  return 0.5 * sum;
}

// N = (I + M A)⁻¹ M for 3 × 3 M and A (row-major arrays), by cofactors; false when I + M A is
// (numerically) singular.
bool woodburyCore(const double M[9], const double A[9], double N[9]) {
  double S[9];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      S[3 * i + j] = i == j ? 1.0 : 0.0;
      for (int k = 0; k < 3; ++k) S[3 * i + j] += M[3 * i + k] * A[3 * k + j];
    }
  const double c00 = S[4] * S[8] - S[5] * S[7], c01 = S[5] * S[6] - S[3] * S[8], c02 = S[3] * S[7] - S[4] * S[6];
  const double det = S[0] * c00 + S[1] * c01 + S[2] * c02;
  if (!(std::abs(det) > 1e-12)) return false;
  const double inv[9] = {c00, S[2] * S[7] - S[1] * S[8], S[1] * S[5] - S[2] * S[4],
                         c01, S[0] * S[8] - S[2] * S[6], S[2] * S[3] - S[0] * S[5],
                         c02, S[1] * S[6] - S[0] * S[7], S[0] * S[4] - S[1] * S[3]};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      N[3 * i + j] = 0;
      for (int k = 0; k < 3; ++k) N[3 * i + j] += inv[3 * i + k] * M[3 * k + j] / det;
    }
  return true;
}

// ‖x_j − μ_j 1‖² from column j's stored entries: Σ (v − μ_j)² over them, μ_j² for each other row.
double centredSquaredNorm(const CenteredDesign& X, Eigen::Index j) {
  const double mean = X.means()[j];
  double sum = 0;
  Eigen::Index stored = 0;
  forEachInColumn(X.uncentredColumns(), j, [&](std::int32_t, double v) { sum += (v - mean) * (v - mean), ++stored; });
  return sum + static_cast<double>(X.rows() - stored) * mean * mean;
}

// Feature j moves from group a to group `to`: XcᵀXcZ/n, held as P − μ shiftᵀ, gains XcᵀXc e_j/n =
// Xᵀx_j/n − μ_j μ in column `to` and loses it in column a (Xᵀx_j/n into P, μ_j into shift). A sparse X:
// from the rows holding column j's entries (O(their entries), not a pass over X; g is 0 on entry
// and on return); dense: a product with the centred column, its centring added back.
void moveGramColumn(const CenteredDesign& X, Eigen::Index j, std::int32_t a, std::int32_t to, Matrix& P, Vector& shift,
                    Vector& x, Vector& g) {
  const double n = static_cast<double>(X.rows());
  const DataMatrix& data = X.uncentred();
  const auto rowsOfColumn = [&](auto&& f) {
    forEachInColumn(X.uncentredColumns(), j, [&](std::int32_t i, double v) {
      for (std::int32_t t = data.indptr()[i]; t < data.indptr()[i + 1]; ++t) f(data.indices()[t], v * data.values()[t]);
    });
  };
  if (data.sparse()) {
    rowsOfColumn([&](std::int32_t k, double product) { g[k] += product; });
    rowsOfColumn([&](std::int32_t k, double) {  // each entry of g applied once, then cleared
      if (g[k] != 0) P(k, to) += g[k] / n, P(k, a) -= g[k] / n, g[k] = 0;
    });
  } else {
    x.setConstant(X.rows(), -X.means()[j]);
    forEachInColumn(X.uncentredColumns(), j, [&](std::int32_t i, double v) { x[i] += v; });
    X.multiplyTransposed(x.data(), g.data());  // Xcᵀ xc_j = Xᵀx_j − n μ_j μ
    g += n * X.means()[j] * X.means().transpose();
    P.col(to) += g / n;
    P.col(a) -= g / n;
  }
  shift[to] += X.means()[j];
  shift[a] -= X.means()[j];
}

}  // namespace

ExchangeResult exchangeSquared(const CenteredDesign& X, const Matrix& T, double lambda, const Labels& start, int Q,
                               const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols(), K = T.cols();
  const double nn = static_cast<double>(n);
  Labels labels = start;
  if (Q < 2 || d < 2) return compacted(labels, 0, false);
  const Matrix Tc = T.rowwise() - T.colwise().mean();
  const double total = 0.5 * Tc.squaredNorm() / nn;  // the objective of w = 0
  const double tolerance = 1e-12 * total;  // below rounding: not a real decrease

  // Per feature: c_j = ‖x_j‖²/n and R = XcᵀTc/n; per group: Z's sums, P = XcᵀZ/n (d × Q).
  Vector c(d), x(n), g = Vector::Zero(d);
  for (Eigen::Index j = 0; j < d; ++j) c[j] = centredSquaredNorm(X, j) / nn;
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
  Vector shift = Vector::Zero(Q);  // XcᵀXcZ/n is P(i, q) − μ_i shift_q (the moves' rank-one parts)
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
  for (int q = 0; q < Q; ++q)
    H(q, q) += size[static_cast<std::size_t>(q)] > 0 ? lambda * size[static_cast<std::size_t>(q)] : 1.0;
  Matrix Hinv, W;
  if (!inverseOf(H, Hinv)) return compacted(labels, 0, false);  // singular at the start: nothing moves
  double f = explainedBy(Hinv, B, W);  // the objective is total − f
  if (!std::isfinite(f)) return compacted(labels, 0, false);

  int moves = 0;
  Vector u(Q), h(Q), uW(K), r(K);
  for (bool moved = true; moved;) {
    moved = false;
    for (Eigen::Index j = 0; j < d; ++j) {
      const std::int32_t a = labels[static_cast<std::size_t>(j)];
      const bool leavesEmpty = size[static_cast<std::size_t>(a)] == 1;
      double uh = 0;
      for (int p = 0; p < Q; ++p) u[p] = P(j, p) - X.means()[j] * shift[p];
      for (int p = 0; p < Q; ++p) {
        h[p] = 0;
        for (int q = 0; q < Q; ++q) h[p] += Hinv(p, q) * u[q];
        uh += u[p] * h[p];
      }
      for (Eigen::Index k = 0; k < K; ++k) {
        uW[k] = 0;
        for (int p = 0; p < Q; ++p) uW[k] += u[p] * W(p, k);
        r[k] = R(j, k);
      }
      double best = f + tolerance;
      int to = -1;
      bool emptyTried = false;
      for (int q = 0; q < Q; ++q) {
        if (!candidateGroup(q, a, size, emptyTried)) continue;
        const bool empty = size[static_cast<std::size_t>(q)] == 0;
        // H' = H + V M Vᵀ, V = [e_q, e_a, u]; the placeholders leave or join the diagonal.
        // H'⁻¹ = H⁻¹ − H⁻¹V N VᵀH⁻¹ with N = (I + M VᵀH⁻¹V)⁻¹ M (Woodbury).
        const double M[9] = {c[j] + lambda - (empty ? 1.0 : 0.0),
                             -c[j],
                             1,
                             -c[j],
                             c[j] - lambda + (leavesEmpty ? 1.0 : 0.0),
                             -1,
                             1,
                             -1,
                             0};
        const double VHV[9] = {Hinv(q, q), Hinv(q, a), h[q], Hinv(a, q), Hinv(a, a), h[a], h[q], h[a], uh};
        double N[9];
        if (!woodburyCore(M, VHV, N)) continue;
        // Y = H⁻¹B' (B' = B + (e_q − e_a) rᵀ): its rows q and a and uᵀY are all the score reads.
        double trBY = 2 * f, correction = 0;  // tr(BᵀW) = 2f; correction: Σ_k (VᵀY)_kᵀ N (VᵀY)_k
        for (Eigen::Index k = 0; k < K; ++k) {
          const double y[3] = {W(q, k) + (Hinv(q, q) - Hinv(a, q)) * r[k], W(a, k) + (Hinv(q, a) - Hinv(a, a)) * r[k],
                               uW[k] + (h[q] - h[a]) * r[k]};
          trBY += (W(q, k) - W(a, k)) * r[k] + r[k] * (y[0] - y[1]);
          for (int i = 0; i < 3; ++i)
            correction += y[i] * (N[3 * i] * y[0] + N[3 * i + 1] * y[1] + N[3 * i + 2] * y[2]);
        }
        const double value = 0.5 * (trBY - correction);
        if (std::isfinite(value) && value > best) {
          best = value;
          to = q;
        }
      }
      if (to < 0) continue;
      // Confirmed by a direct solve before it is taken (Woodbury on an ill-conditioned H may err).
      Matrix H2 = H, B2 = B, H2inv, W2;
      const double placeholderTo = size[static_cast<std::size_t>(to)] == 0 ? 1.0 : 0.0;
      for (int p = 0; p < Q; ++p) {
        H2(to, p) += u[p], H2(p, to) += u[p];
        H2(a, p) -= u[p], H2(p, a) -= u[p];
      }
      H2(to, to) += c[j] + lambda - placeholderTo;
      H2(a, a) += c[j] - lambda + (leavesEmpty ? 1.0 : 0.0);
      H2(to, a) -= c[j];
      H2(a, to) -= c[j];
      for (Eigen::Index k = 0; k < K; ++k) B2(to, k) += r[k], B2(a, k) -= r[k];
      if (leavesEmpty) {  // row and column a are 0 but for the placeholder: make them so exactly
        for (int p = 0; p < Q; ++p) H2(a, p) = H2(p, a) = 0;
        H2(a, a) = 1;
        for (Eigen::Index k = 0; k < K; ++k) B2(a, k) = 0;
      }
      if (!inverseOf(H2, H2inv)) continue;
      const double f2 = explainedBy(H2inv, B2, W2);
      if (!(f2 > f + tolerance)) continue;
      // Take it: Z's columns to and a gain and lose x_j, so P gains and loses XcᵀXc e_j/n.
      moveGramColumn(X, j, a, to, P, shift, x, g);
      H = std::move(H2);
      B = std::move(B2);
      Hinv = std::move(H2inv);
      W = std::move(W2);
      f = f2;
      labels[static_cast<std::size_t>(j)] = to;
      ++size[static_cast<std::size_t>(to)];
      --size[static_cast<std::size_t>(a)];
      moved = true;
      ++moves;
      if (!control.keepGoing(moves, total - f)) return compacted(labels, moves, true);
    }
  }
  return compacted(labels, moves, false);
}

ExchangeResult exchangeByRefits(const Labels& start, int Q, const std::function<double(const Labels&)>& objective,
                                const Control& control) {
  ExchangeResult now = compacted(start, 0, false);
  Labels labels = now.labels;
  const auto d = labels.size();
  if (Q < 2 || d < 2) return now;
  std::vector<int> size(static_cast<std::size_t>(Q), 0);
  for (std::int32_t a : labels) ++size[static_cast<std::size_t>(a)];
  // The objective of labels in 0..Q−1, possibly with empty groups: on their canonical form.
  const auto score = [&](const Labels& l) { return objective(canonicalLabels(l)); };
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
        if (!candidateGroup(q, a, size, emptyTried)) continue;
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
      if (!control.keepGoing(moves, f)) return compacted(labels, moves, true);
    }
  }
  return compacted(labels, moves, false);
}

}  // namespace supclust
