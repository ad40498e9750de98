#include "supclust/families/grouping/sparse_exchange.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>

#include "supclust/families/grouping/gram_columns.hpp"

namespace supclust {

namespace {

// The entering features scored per sweep (the zeros of largest single-addition gain).

// A grouping's normal equations: H = ZᵀCZ + λ diag(sizes) and B = Zᵀc over the Q groups.
struct Normal {
  Matrix H;
  Vector B;
  std::vector<int> sizes;
};

// Where a candidate's equations are solved, sized once (a sweep scores thousands).
struct Workspace {
  explicit Workspace(int Q)
      : e{Matrix(Q, Q), Vector(Q), std::vector<int>(static_cast<std::size_t>(Q))}, v(Q), row(Q), llt(Q) {}
  Normal e;
  Vector v, row;
  Eigen::LLT<Matrix> llt;
};

// F = ½‖tc‖²/n − ½ Bᵀv with H v = B, an empty group's row and column replaced by the identity's
// (v_g = 0: it adds nothing); +∞ when H is not positive definite. `e` is the workspace's and is
// changed; the values are left in w.v.
double objectiveOf(Workspace& w, double half) {
  Normal& e = w.e;
  for (std::size_t g = 0; g < e.sizes.size(); ++g)
    if (e.sizes[g] == 0) {
      const auto q = static_cast<Eigen::Index>(g);
      e.H.row(q).setZero();
      e.H.col(q).setZero();
      e.H(q, q) = 1;
      e.B[q] = 0;
    }
  w.llt.compute(e.H);
  if (w.llt.info() != Eigen::Success) return HUGE_VAL;
  w.v = e.B;
  w.llt.solveInPlace(w.v);
  const double F = half - 0.5 * e.B.dot(w.v);
  if (!w.v.allFinite() || !std::isfinite(F)) return HUGE_VAL;
  return F;
}

}  // namespace

SparseExchangeResult exchangeSparseGroups(const CenteredDesign& X, const Vector& t, double lambda, Labels labels, int s,
                                          int Q, const Control& control, const Vector* weights) {
  const Eigen::Index d = X.cols();
  GramColumns gram(X, t, weights);
  const Vector& c = gram.correlations();
  const Vector& diagonal = gram.diagonal();
  std::vector<Eigen::Index> support;
  for (Eigen::Index j = 0; j < d; ++j)
    if (labels[static_cast<std::size_t>(j)] >= 0) support.push_back(j), gram.column(j);
  // The normal equations of `labels` from C's columns of its support, directly.
  const auto normalOf = [&](const Labels& of, const std::vector<Eigen::Index>& in) {
    Normal e{Matrix::Zero(Q, Q), Vector::Zero(Q), std::vector<int>(static_cast<std::size_t>(Q), 0)};
    for (Eigen::Index j : in) {
      const int g = of[static_cast<std::size_t>(j)];
      ++e.sizes[static_cast<std::size_t>(g)];
      e.B[g] += c[j];
      e.H(g, g) += lambda;
      const Vector& column = gram.at(j);
      for (Eigen::Index l : in) e.H(of[static_cast<std::size_t>(l)], g) += column[l];
    }
    return e;
  };
  SparseExchangeResult r;
  Workspace work(Q);
  Normal current = normalOf(labels, support);
  work.e = current;
  r.objective = objectiveOf(work, gram.half());
  r.values = work.v;
  if (!std::isfinite(r.objective)) {
    r.labels = std::move(labels);
    r.values = Vector();
    return r;
  }
  while (r.moves < GramColumns::moveLimit(d)) {
    if (!control.keepGoing(r.moves, r.objective)) {
      r.aborted = true;
      break;
    }
    const auto m = static_cast<Eigen::Index>(support.size());
    // a = c − C w, w = Z v: the correlations with the residual; the entering shortlist by ½a²/(C_kk + λ).
    Vector w(m);
    for (Eigen::Index p = 0; p < m; ++p)
      w[p] = r.values[labels[static_cast<std::size_t>(support[static_cast<std::size_t>(p)])]];
    const Vector a = gram.residualCorrelations(support, w);
    std::vector<Eigen::Index> entering;
    for (Eigen::Index k = 0; k < d; ++k)
      if (labels[static_cast<std::size_t>(k)] < 0 && diagonal[k] + lambda > 0) entering.push_back(k);
    const auto gain = [&](Eigen::Index k) { return a[k] * a[k] / (diagonal[k] + lambda); };
    if (static_cast<Eigen::Index>(entering.size()) > kEnteringZeros) {
      std::partial_sort(
          entering.begin(), entering.begin() + kEnteringZeros, entering.end(),
          [&](Eigen::Index x, Eigen::Index y) { return gain(x) > gain(y) || (gain(x) == gain(y) && x < y); });
      entering.resize(static_cast<std::size_t>(kEnteringZeros));
    }
    // R(l, g) = Σ_{j ∈ g} C_lj for the support's and the entering features.
    const auto R = [&](Eigen::Index l, int g) {
      double sum = 0;
      for (Eigen::Index j : support)
        if (labels[static_cast<std::size_t>(j)] == g) sum += gram.at(j)[l];
      return sum;
    };
    Matrix Rs(m, Q), Re(static_cast<Eigen::Index>(entering.size()), Q);
    for (int g = 0; g < Q; ++g) {
      for (Eigen::Index p = 0; p < m; ++p) Rs(p, g) = R(support[static_cast<std::size_t>(p)], g);
      for (std::size_t q = 0; q < entering.size(); ++q) Re(static_cast<Eigen::Index>(q), g) = R(entering[q], g);
    }
    // A move: feature `out` (position p in the support) leaves its group, and/or `enter` (position
    // q among the entering) joins group `to`; a move of `out` to group `to` is out = enter.
    double bestObjective = r.objective - 1e-12 * std::abs(r.objective);
    Labels bestLabels;
    const auto score = [&](Eigen::Index p, Eigen::Index q, int to) {
      Normal& e = work.e;
      e.H = current.H;
      e.B = current.B;
      e.sizes = current.sizes;
      Vector& rowIn = work.row;
      rowIn = q >= 0 ? Re.row(q).transpose() : Rs.row(p).transpose();
      const Eigen::Index in = q >= 0 ? entering[static_cast<std::size_t>(q)] : support[static_cast<std::size_t>(p)];
      if (p >= 0) {  // remove `out` from its group a
        const Eigen::Index out = support[static_cast<std::size_t>(p)];
        const int from = labels[static_cast<std::size_t>(out)];
        for (int h = 0; h < Q; ++h) {
          e.H(from, h) -= Rs(p, h);
          e.H(h, from) -= Rs(p, h);
        }
        e.H(from, from) += diagonal[out] - lambda;
        e.B[from] -= c[out];
        --e.sizes[static_cast<std::size_t>(from)];
        // The entering feature's sums now miss `out` (a move of `out` itself: its own row, less itself).
        rowIn[from] -= q >= 0 ? gram.at(out)[in] : diagonal[out];
      }
      if (to >= 0) {  // add `in` to group `to`
        for (int h = 0; h < Q; ++h) {
          e.H(to, h) += rowIn[h];
          e.H(h, to) += rowIn[h];
        }
        e.H(to, to) += diagonal[in] + lambda;
        e.B[to] += c[in];
        ++e.sizes[static_cast<std::size_t>(to)];
      }
      const double F = objectiveOf(work, gram.half());
      if (F < bestObjective) {
        bestObjective = F;
        bestLabels = labels;
        if (p >= 0) bestLabels[static_cast<std::size_t>(support[static_cast<std::size_t>(p)])] = -1;
        if (to >= 0) bestLabels[static_cast<std::size_t>(in)] = to;
      }
    };
    // The single changes first; the swaps (s times as many) only when none of them lowers F.
    for (Eigen::Index p = 0; p < m; ++p) {
      const int own = labels[static_cast<std::size_t>(support[static_cast<std::size_t>(p)])];
      score(p, -1, -1);  // out of the support
      for (int g = 0; g < Q; ++g)
        if (g != own) score(p, -1, g);  // to another group
    }
    if (m < s)
      for (Eigen::Index q = 0; q < static_cast<Eigen::Index>(entering.size()); ++q)
        for (int g = 0; g < Q; ++g) score(-1, q, g);  // into the support
    if (bestLabels.empty())
      for (Eigen::Index p = 0; p < m; ++p)
        for (Eigen::Index q = 0; q < static_cast<Eigen::Index>(entering.size()); ++q)
          for (int g = 0; g < Q; ++g) score(p, q, g);  // swapped for a zero feature
    if (bestLabels.empty()) break;
    // Confirmed by the direct solve on the new grouping.
    std::vector<Eigen::Index> next;
    for (Eigen::Index j = 0; j < d; ++j)
      if (bestLabels[static_cast<std::size_t>(j)] >= 0) next.push_back(j), gram.column(j);
    Normal e = normalOf(bestLabels, next);
    work.e = e;
    const double F = objectiveOf(work, gram.half());
    if (!(F < r.objective)) break;  // rounding: no lower answer after all
    for (Eigen::Index j : support)
      if (bestLabels[static_cast<std::size_t>(j)] < 0) gram.release(j);
    labels = std::move(bestLabels);
    support = std::move(next);
    current = std::move(e);
    r.values = work.v;
    r.objective = F;
    ++r.moves;
  }
  r.labels = std::move(labels);
  return r;
}

SparseExchangeResult exchangeSparseByRefits(
    Labels labels, int s, int Q, const std::function<double(const Labels&)>& objective,
    const std::function<std::vector<Eigen::Index>(const Labels&)>& enteringOrder, const Control& control) {
  SparseExchangeResult r;
  const auto d = static_cast<Eigen::Index>(labels.size());
  double f = objective(labels);
  const auto lower = [&](double v) { return v < f - 1e-12 * std::abs(f); };
  int inSupport = 0;
  for (std::int32_t a : labels) inSupport += a >= 0;
  for (bool searching = std::isfinite(f); searching;) {
    bool moved = false;
    for (Eigen::Index j = 0; j < d; ++j) {  // single changes, feature by feature
      auto& a = labels[static_cast<std::size_t>(j)];
      const std::int32_t was = a;
      double best = f;
      std::int32_t to = was;
      for (std::int32_t q = -1; q < Q; ++q) {
        if (q == was || (was < 0 && inSupport >= s)) continue;
        a = q;
        if (const double v = objective(labels); v < best) best = v, to = q;
      }
      a = was;
      if (to == was || !lower(best)) continue;
      inSupport += (to >= 0) - (was >= 0);
      a = to;
      f = best;
      moved = true;
      ++r.moves;
      if (!control.keepGoing(r.moves, f)) {
        r.aborted = true;
        searching = false;
        break;
      }
    }
    if (moved || !searching) continue;
    // No single change lowers F: the best swap of a support feature for a promising zero one.
    std::vector<Eigen::Index> entering = enteringOrder(labels);
    if (static_cast<Eigen::Index>(entering.size()) > kEnteringZeros)
      entering.resize(static_cast<std::size_t>(kEnteringZeros));
    double best = f;
    Labels bestLabels;
    for (Eigen::Index p = 0; p < d; ++p) {
      if (labels[static_cast<std::size_t>(p)] < 0) continue;
      const std::int32_t was = labels[static_cast<std::size_t>(p)];
      labels[static_cast<std::size_t>(p)] = -1;
      for (Eigen::Index k : entering)
        for (std::int32_t q = 0; q < Q; ++q) {
          labels[static_cast<std::size_t>(k)] = q;
          if (const double v = objective(labels); v < best) best = v, bestLabels = labels;
          labels[static_cast<std::size_t>(k)] = -1;
        }
      labels[static_cast<std::size_t>(p)] = was;
    }
    if (bestLabels.empty() || !lower(best)) break;
    labels = std::move(bestLabels);
    f = best;
    ++r.moves;
    if (!control.keepGoing(r.moves, f)) r.aborted = true, searching = false;
  }
  r.labels = std::move(labels);
  r.objective = f;
  return r;
}

}  // namespace supclust
