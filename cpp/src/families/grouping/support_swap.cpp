#include "supclust/families/grouping/support_swap.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>

#include "supclust/families/grouping/gram_columns.hpp"

namespace supclust {

namespace {

// The candidates per leaving feature whose exact objective is computed (the best by partial swap).
constexpr int kShortlist = 3;

struct Swap {
  double score = HUGE_VAL;  // partial-swap Δ
  Eigen::Index out = -1, enter = -1;
};

}  // namespace

SwapResult swapSupport(const CenteredDesign& X, const Vector& t, double lambda, std::vector<Eigen::Index> support,
                       int s, const Control& control, const Vector* weights) {
  const Eigen::Index d = X.cols();
  GramColumns gram(X, t, weights);
  const Vector& c = gram.correlations();
  const Vector& diagonal = gram.diagonal();
  const auto addColumn = [&](Eigen::Index j) { gram.column(j); };
  // The least squares on S from its Gram columns: w = M c_S with M = (C_SS + λI)⁻¹ (kept for the
  // candidates) and F = ½‖tc‖²/n − ½ c_Sᵀ w; false when C_SS + λI is not positive definite or the
  // answer not finite.
  const double half = gram.half();
  Matrix M;
  const auto solve = [&](const std::vector<Eigen::Index>& S, Vector& w, double& F) {
    const auto m = static_cast<Eigen::Index>(S.size());
    Matrix H(m, m);
    Vector b(m);
    for (Eigen::Index a = 0; a < m; ++a) {
      const Vector& column = gram.at(S[static_cast<std::size_t>(a)]);
      for (Eigen::Index k = 0; k < m; ++k) H(k, a) = column[S[static_cast<std::size_t>(k)]];
      H(a, a) += lambda;
      b[a] = c[S[static_cast<std::size_t>(a)]];
    }
    const Eigen::LLT<Matrix> llt(H);
    if (llt.info() != Eigen::Success) return false;
    Matrix inverse = llt.solve(Matrix::Identity(m, m));
    w = inverse * b;
    F = half - 0.5 * b.dot(w);
    if (!inverse.allFinite() || !w.allFinite() || !std::isfinite(F)) return false;
    M = std::move(inverse);
    return true;
  };
  SwapResult r;
  std::sort(support.begin(), support.end());
  for (Eigen::Index j : support) addColumn(j);
  if (!solve(support, r.values, r.objective)) {
    r.support = std::move(support);
    r.values = Vector();
    return r;
  }
  std::vector<bool> in(static_cast<std::size_t>(d), false);
  for (Eigen::Index j : support) in[static_cast<std::size_t>(j)] = true;
  while (r.moves < GramColumns::moveLimit(d)) {
    if (!control.keepGoing(r.moves, r.objective)) {
      r.aborted = true;
      break;
    }
    const auto m = static_cast<Eigen::Index>(support.size());
    // a = c − C_{:,S} w: the correlations with the residual.
    const Vector a = gram.residualCorrelations(support, r.values);
    // Per leaving feature (index m: none, an addition while |S| < s), the kShortlist entering ones of
    // least partial Δ.
    std::vector<std::vector<Swap>> shortlist(static_cast<std::size_t>(m + 1));
    const auto consider = [&](std::size_t slot, Swap candidate) {
      std::vector<Swap>& list = shortlist[slot];
      if (static_cast<int>(list.size()) == kShortlist && !(candidate.score < list.back().score)) return;
      if (static_cast<int>(list.size()) == kShortlist) list.pop_back();
      list.insert(std::upper_bound(list.begin(), list.end(), candidate,
                                   [](const Swap& x, const Swap& y) { return x.score < y.score; }),
                  candidate);
    };
    for (Eigen::Index i = 0; i < d; ++i) {
      if (in[static_cast<std::size_t>(i)] || !(diagonal[i] + lambda > 0)) continue;
      if (m < s) consider(static_cast<std::size_t>(m), {-0.5 * a[i] * a[i] / (diagonal[i] + lambda), -1, i});
      for (Eigen::Index k = 0; k < m; ++k) {
        const Eigen::Index j = support[static_cast<std::size_t>(k)];
        const double wj = r.values[k], numerator = a[i] + gram.at(j)[i] * wj;
        consider(static_cast<std::size_t>(k),
                 {0.5 * wj * wj * (diagonal[j] + lambda) - 0.5 * numerator * numerator / (diagonal[i] + lambda), j, i});
      }
    }
    // The shortlist's exact objectives, from M = (C_SS + λI)⁻¹ in O(m²) each: leaving j (position
    // p) raises F by ½ w_p²/M_pp and leaves w' = w₋ₚ − M₋ₚ,ₚ w_p/M_pp, M' = M₋ₚ₋ₚ − M₋ₚ,ₚMₚ,₋ₚ/M_pp;
    // entering i then lowers it by ½ g²/σ, g = c_i − uᵀw', σ = C_ii + λ − uᵀM'u, u = C_{S',i}.
    // The lowest below the current objective is taken.
    double bestObjective = r.objective - 1e-12 * std::abs(r.objective);
    Swap taken;
    Vector u(m), x(m);
    for (const auto& list : shortlist)
      for (const Swap& swap : list) {
        const Eigen::Index p =
            swap.out < 0
                ? -1
                : static_cast<Eigen::Index>(std::find(support.begin(), support.end(), swap.out) - support.begin());
        for (Eigen::Index k = 0; k < m; ++k)
          u[k] = k == p ? 0 : gram.at(support[static_cast<std::size_t>(k)])[swap.enter];
        x.noalias() = M * u;
        double F = r.objective, g = c[swap.enter] - u.dot(r.values), sigma = diagonal[swap.enter] + lambda - u.dot(x);
        if (p >= 0) {
          const double mpp = M(p, p), wp = r.values[p];
          F += 0.5 * wp * wp / mpp;
          g += M.col(p).dot(u) * wp / mpp;  // uᵀ(M₋ₚ,ₚ w_p / M_pp), u_p = 0
          sigma += x[p] * x[p] / mpp;  // uᵀ M₋ₚ,ₚ Mₚ,₋ₚ u / M_pp, x_p = Mₚ,: u
        }
        if (!(sigma > 0)) continue;
        F -= 0.5 * g * g / sigma;
        if (F < bestObjective) bestObjective = F, taken = swap;
      }
    if (taken.enter < 0) break;
    std::vector<Eigen::Index> next = support;
    if (taken.out >= 0)
      next.erase(std::find(next.begin(), next.end(), taken.out)), in[static_cast<std::size_t>(taken.out)] = false,
                                                                  gram.release(taken.out);
    next.insert(std::upper_bound(next.begin(), next.end(), taken.enter), taken.enter);
    in[static_cast<std::size_t>(taken.enter)] = true;
    addColumn(taken.enter);
    Vector w;
    double F = 0;
    if (!solve(next, w, F) || !(F < r.objective)) break;  // rounding: no lower answer after all
    support = std::move(next);
    r.values = std::move(w);
    r.objective = F;
    ++r.moves;
  }
  r.support = std::move(support);
  return r;
}

}  // namespace supclust
