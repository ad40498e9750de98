// k-means on the rows of a matrix: the projection onto matrices whose rows take at
// most Q distinct values. Not exactly solvable: k-means++ seeding (Arthur & Vassilvitskii
// 2007) then Lloyd iterations, several restarts, the lowest SSE kept, all from a seed. With
// one column the exact 1-D k-means (kmeans1d.hpp) should be used instead.
#pragma once

#include <cstdint>

#include "supclust/base/types.hpp"

namespace supclust {

struct RowKMeansResult {
  Labels labels;  // per row, 0..G-1
  Matrix centroids;  // G x K, ordered by their first column (then the next) for stable labels
  double sse = 0;
};

// sums.row(g) = Σ of the rows labelled g (in row order, by the SIMD axpy) and counts[g] their
// number, for g < sums.rows(): k-means' centroid step, and the experts' CG oracle's values.
void sumRowsByGroup(const RowMatrix& rows, const Labels& labels, RowMatrix& sums, Vector& counts);

RowKMeansResult rowKMeans(const Matrix& rows, int Q, int restarts, std::uint64_t seed, int maxIterations = 100);
// The same on row-major rows (no copy: what the solvers on per-sample predictors hold).
RowKMeansResult rowKMeans(const RowMatrix& rows, int Q, int restarts, std::uint64_t seed, int maxIterations = 100);

}  // namespace supclust
