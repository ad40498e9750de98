// Conditional gradient (Frank–Wolfe) on equivalence matrices: CG of the LwCS paper (§3.2,
// Alg. 2) and the DataCube paper (Alg. 3).
//
// Problem (squared loss, ridge λ > 0, one output, centred X and y):
//   min_{M ∈ conv{Z(ZᵀZ)⁻¹Zᵀ : Z a partition into ≤ Q groups}}
//     ψ(M) = 1/(2n) yᵀ (I + X M Xᵀ/(nλ))⁻¹ y,
// the value of min_w 1/(2n)‖y − Xw‖² + λ/2 wᵀM⁺w. ∇ψ(M) = −p pᵀ/(2n²λ) with p = Xᵀ A⁻¹ y is
// rank one, so the linear minimisation oracle argmax_N pᵀ N p is the exact 1-D k-means of p
// (no matrix square root). The iterate is kept as weighted atoms (partitions);
// A = I + X M Xᵀ/(nλ) is applied as x ↦ x + X (Σ_a α_a Z_a D_a⁻¹ Z_aᵀ (Xᵀ x))/(nλ) in
// O(nd + d·#atoms), and A⁻¹y is found by conjugate gradients warm-started from the previous
// solve, to a residual of 1e-8 relative (yᵀA⁻¹y corrected by the residual to second order) — no
// d×d matrix is formed. For small n (n² ≤ 600·d, the E1 tables) A is kept as an
// n×n matrix instead and factorised by Cholesky, which is much faster there.
// Steps 2/(t+2); stops when the Frank–Wolfe gap ⟨∇ψ(M), M − N⟩ ≤ tolerance·ψ(M). The
// solution is rounded to the last oracle's partition with its values fitted in closed form.
#pragma once

#include "supclust/core/design.hpp"
#include "supclust/kernels/kmeans1d.hpp"

namespace supclust {

struct ConditionalGradientOptions {
  int maxIterations = 1000;
  double tolerance = 1e-3;  // relative Frank–Wolfe gap
  // How A = I + X M Xᵀ/(nλ) is solved: an n×n Cholesky when n² ≤ 600·d (Auto), else
  // conjugate gradients in feature space. The same iterates either way (a test checks).
  enum class System { Auto, Explicit, Iterative } system = System::Auto;
};

struct ConditionalGradientResult {
  Labels groups;  // the rounded partition (the last oracle's)
  int G = 0;  // its number of groups
  std::vector<double> psi;  // ψ(M_t)
  std::vector<double> gap;  // Frank–Wolfe gap at M_t
  Vector primal;  // w(M) = M Xᵀ A⁻¹ y /(nλ): the relaxation's coefficients at the end
  int iterations = 0;
  Status status = Status::MaxIterations;
};

// The oracle: the partition N maximising pᵀ N p = Σ_g (Σ_{j∈g} p_j)² / |g| over partitions
// into at most Q groups, i.e. the exact 1-D k-means of p. Returns pᵀ N p.
double equivalenceOracle(const Vector& p, int Q, KMeans1D& kmeans, KMeans1DResult& out);

ConditionalGradientResult conditionalGradient(const CenteredDesign& X, const Vector& y, int Q, double lambda,
                                              const ConditionalGradientOptions& opt, const Control& control);

// The same, shared within the calling public call (the design's FitCache, when it has one): CG,
// CGPG and their variants relax the same problem on a table's folds, and CGPG starts with CG.
// Keyed by (X, y, Q, λ, options); aborted runs are not kept.
ConditionalGradientResult sharedConditionalGradient(const CenteredDesign& X, const Vector& y, int Q, double lambda,
                                                    const ConditionalGradientOptions& opt, const Control& control);

}  // namespace supclust
