// The weight-grouping priors of Korzeń, Jaroszewicz & Klęsk: GEM (Gaussian extremal
// mixture) and LEM (Laplace extremal mixture) as penalties on the coefficients w ∈ R^d,
//
//   GEM: γ Σ_j min_k (w_j − c_k)²,   LEM: γ Σ_j min_k |w_j − c_k|,
//
// minimised jointly over w and the s centres c. Two views of the same term:
// - for fixed w, the best centres and assignment are an exact 1-D k-means (GEM) or k-median
//   (LEM) of w: bestCentres();
// - for a fixed assignment κ, min over c is the within-group deviation of w from the group's
//   mean (GEM) or median (LEM): GroupDeviationPenalty, convex in w with an exact prox, so that
//   the existing proximal-gradient machinery solves the joint (w, c) problem for that κ.
#pragma once

#include <cmath>
#include <vector>

#include "supclust/core/penalty.hpp"
#include "supclust/base/types.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/kmedian1d.hpp"

namespace supclust {

enum class PriorKind { Gaussian, Laplace };  // GEM, LEM

// The deviation of r: r² (GEM) or |r| (LEM).
inline double priorDeviation(PriorKind kind, double r) { return kind == PriorKind::Gaussian ? r * r : std::abs(r); }

// The best s centres for w and each coefficient's centre: labels 0..G-1 (ascending centres,
// G = min(s, distinct values)), and Σ_j min_k dev(w_j − c_k) (without γ).
struct PriorAssignment {
  Labels labels;
  std::vector<double> centres;
  double deviation = 0;
};

// Exact, by the 1-D dynamic programmes (kernels/kmeans1d, kernels/kmedian1d); the solvers keep
// one so that their workspaces persist between calls.
class PriorCentres {
 public:
  explicit PriorCentres(PriorKind kind) : kind_(kind) {}
  void best(const double* w, std::size_t d, int s, PriorAssignment& out);

 private:
  PriorKind kind_;
  KMeans1D means_;
  KMeans1DResult meansResult_;
  KMedian1D medians_;
  KMedian1DResult mediansResult_;
};

// For a fixed assignment (labels 0..G-1 per coefficient) and weight γ ≥ 0:
//   P(w) = γ Σ_g min_c Σ_{j ∈ g} dev(w_j − c)
// (GEM: the within-group sum of squares; LEM: the sum of absolute deviations from the group's
// median). One output column.
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
