// The weight-grouping priors of Korzeń, Jaroszewicz & Klęsk: GEM (Gaussian extremal
// mixture) and LEM (Laplace extremal mixture) as penalties on the coefficients w ∈ R^d,
//
//   GEM: γ Σ_j min_k (w_j − c_k)²,   LEM: γ Σ_j min_k |w_j − c_k|,
//
// minimised jointly over w and the s centres c. With K outputs (the multinomial loss) each
// feature's row W_j ∈ R^K is one weight and each centre a row c_k ∈ R^K, the deviation summed
// over the columns (the prior of K independent coordinates: ‖W_j − c_k‖² for GEM, ‖W_j − c_k‖₁
// for LEM). Two views of the same term:
// - for fixed W, the best centres and assignment: for one column the exact 1-D k-means (GEM) or
//   k-median (LEM) of w; for K columns a clustering of the rows in that deviation, which no
//   algorithm finds exactly in general: PriorCentres::best();
// - for a fixed assignment κ, min over c is the within-group deviation of each column from the
//   group's mean (GEM) or median (LEM): GroupDeviationPenalty, convex in W with an exact prox,
//   so that the existing proximal-gradient machinery solves the joint (W, c) problem for that κ.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "supclust/core/penalty.hpp"
#include "supclust/base/types.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/kmedian1d.hpp"

namespace supclust {

enum class PriorKind { Gaussian, Laplace };  // GEM, LEM

// The deviation of r: r² (GEM) or |r| (LEM).
inline double priorDeviation(PriorKind kind, double r) { return kind == PriorKind::Gaussian ? r * r : std::abs(r); }

// The s centres for the rows of W (d × K) and each row's centre: labels 0..G-1 (one column:
// centres ascending; the descent reports them ascending; G ≤ min(s, distinct rows)), and
// Σ_j Σ_k dev(W_jk − c_κ(j),k) (without γ).
struct PriorAssignment {
  Labels labels;
  Matrix centres;  // G × K
  double deviation = 0;
};

// One column: exact, by the 1-D dynamic programmes (kernels/kmeans1d, kernels/kmedian1d). K
// columns: the lowest deviation among k-means++ restarts (kernels/row_kmeans, seeded) and the
// assignment `from` (the one the rows were just fitted for, when given), each refined by Lloyd
// steps in the prior's deviation (centres the groups' means or coordinate-wise medians, each row
// to its nearest centre) — never above `from`'s own deviation, so block descent cannot climb. The
// solvers keep one so that their workspaces persist between calls.
class PriorCentres {
 public:
  PriorCentres(PriorKind kind, int restarts, std::uint64_t seed) : kind_(kind), restarts_(restarts), seed_(seed) {}
  void best(const Matrix& W, int s, PriorAssignment& out, const Labels* from = nullptr);

 private:
  void bestOfColumn(const Matrix& W, int s, PriorAssignment& out);
  void bestOfRows(const Matrix& W, int s, PriorAssignment& out, const Labels* from);
  PriorKind kind_;
  int restarts_;
  std::uint64_t seed_;
  KMeans1D means_;
  KMeans1DResult meansResult_;
  KMedian1D medians_;
  KMedian1DResult mediansResult_;
};

// For a fixed assignment (labels 0..G-1 per coefficient) and weight γ ≥ 0:
//   P(w) = γ Σ_g min_c Σ_{j ∈ g} dev(w_j − c)
// (GEM: the within-group sum of squares; LEM: the sum of absolute deviations from the group's
// median), summed over the columns of W.
class GroupDeviationPenalty final : public Penalty {
 public:
  GroupDeviationPenalty(PriorKind kind, Labels labels, int groups, double gamma);
  const char* name() const override { return kind_ == PriorKind::Gaussian ? "gem-groups" : "lem-groups"; }
  double value(const Matrix& W) const override;
  // GEM: x = mean_g(v) + (v − mean_g(v)) / (1 + 2 step γ), exact.
  // LEM: min over (x, c) of ½‖x − v‖² + a Σ|x_j − c| (a = step γ) per group: for fixed c,
  // x_j = c + soft(v_j − c, a), and the best c solves Σ_j clip(v_j − c, −a, a) = 0, a
  // non-increasing piecewise-linear equation solved exactly over its sorted breakpoints.
  void prox(Matrix& W, double step) const override;
  double optimalityResidual(const Matrix& W, const Matrix& G) const override { return proximalResidual(*this, W, G); }
  // The group centres of w (mean or median per group).
  std::vector<double> centres(const Eigen::Ref<const Vector>& w) const;

 private:
  PriorKind kind_;
  Labels labels_;
  int groups_;
  double gamma_;
  std::vector<std::vector<Eigen::Index>> members_;
  mutable std::vector<double> values_, breakpoints_;
};

}  // namespace supclust
