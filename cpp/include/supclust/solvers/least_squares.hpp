// Closed-form squared-loss fits on the centred design (the baselines' building blocks):
//   ridge:               argmin_W 1/(2n)||Xc W − Tc||² + λ/2||W||²   (λ = 0: minimum-norm LS)
//   least squares on a partition Z (d x G): W = Z V with
//     V = argmin_V 1/(2n)||Xc Z V − Tc||² + λ/2||Z V||²
//       = (Zᵀ Xcᵀ Xc Z + nλ ZᵀZ)⁻¹ Zᵀ Xcᵀ Tc   (minimum-norm when singular)
// Tc = T − mean(T) (the intercept is mean(T) for centred X).
// Dense designs and sparse ones whose short side is small go through the Gram matrix on the
// short side (Cholesky; minimum norm by a complete orthogonal decomposition when singular);
// larger sparse designs by conjugate gradients on the normal equations, which never form a
// d × d or n × n matrix (from W = 0 they stay in the row space of Xc: minimum norm at λ = 0).
#pragma once

#include "supclust/core/design.hpp"

namespace supclust {

Matrix ridgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda);

// Sparse designs whose short side is at most this go through the Gram matrix (32 MB).
constexpr Eigen::Index kSparseGramSide = 2048;

// (XcᵀXc + nλI) W = XcᵀTc by conjugate gradients, to a residual of 1e-13 relative to the right-
// hand side or until it stops decreasing (at most 10·min(n, d) + 100 iterations).
Matrix ridgeByConjugateGradients(const CenteredDesign& X, const Matrix& Tc, double lambda);

// The Gram matrix XXᵀ (n × n, rows = true) or XᵀX (d × d) of the centred design, from the SIMD
// kernels; shared within the calling public call through the design's FitCache, when it has
// one (cross-validation fits every grid point on the same fold; ridge and ADMM only add a
// multiple of I to it).
Matrix sharedGram(const CenteredDesign& X, bool rows);

// The same as ridgeCoefficients, shared through the design's FitCache when it has one: LS,
// LSK and IHC (started from LSK) fit the same ridge regressions on a table's repetition.
Matrix sharedRidgeCoefficients(const CenteredDesign& X, const Matrix& T, double lambda);

// labels in 0..G-1 with every group non-empty; returns V (G x K).
Matrix groupValues(const CenteredDesign& X, const Matrix& T, const Labels& labels, int G, double lambda);

}  // namespace supclust
