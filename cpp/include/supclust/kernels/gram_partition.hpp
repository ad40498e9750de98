// The partition of m items into Q non-empty groups that maximises
//   Tr(M A) = Σ_q (1/|C_q|) Σ_{i,j ∈ C_q} A_ij,   M = Z (ZᵀZ)⁻¹ Zᵀ the equivalence matrix,
// for a symmetric positive semidefinite A (m x m): k-means of m points given only their Gram
// matrix (A = PᵀP: Tr(M A) = ‖P‖²_F − the k-means cost of P's columns). It is the linear
// oracle of conditional gradient over equivalence matrices and the projection of clustered task
// predictors. Exact by enumerating the set partitions (restricted growth strings,
// group sums updated incrementally) when there are at most kExactPartitions of them; otherwise
// k-means++ and Lloyd (row_kmeans.hpp) on the points A = U Λ Uᵀ → rows of U Λ^½, several seeded
// restarts, the best value kept.
#pragma once

#include <cstdint>

#include "supclust/base/types.hpp"

namespace supclust {

constexpr double kExactPartitions = 1e6;

struct GramPartition {
  Labels labels;  // 0..Q−1, numbered by first appearance
  double value = 0;  // Tr(M A)
  bool exact = false;  // enumerated: the global maximum
};

// The Stirling number of the second kind S(m, Q): how many partitions there are (a double:
// it overflows any integer quickly).
double partitionCount(int m, int Q);

// 1 ≤ Q ≤ m = A.rows().
GramPartition bestGramPartition(const Matrix& A, int Q, int restarts, std::uint64_t seed);
// The same for A = ½(FᵀG + GᵀF) given by its factors F and G (r × m; G = F: A = FᵀF): when
// the factors' rank bound (r, or 2r) is below m the points come from a thin QR of [Fᵀ Gᵀ]
// (A = Q M Qᵀ with M small: the eigenvectors of M) in O(m r²) instead of the m × m
// eigendecomposition's O(m³), and the value from the factors; A itself is formed (O(m² r)) only
// for the enumeration and when the factors are not narrower than m.
GramPartition bestGramPartition(const Matrix& F, const Matrix& G, int Q, int restarts, std::uint64_t seed);

// Tr(M A) for a given partition (labels 0..Q−1, all groups non-empty).
double partitionValue(const Matrix& A, const Labels& labels, int Q);
// The same for A = ½(FᵀG + GᵀF) from its factors, in O(m r): Σ_q (F 1_q)·(G 1_q) / |q|.
double partitionValue(const Matrix& F, const Matrix& G, const Labels& labels, int Q);

// Labels renumbered by first appearance (a canonical name for a partition).
Labels canonicalLabels(const Labels& labels);

}  // namespace supclust
