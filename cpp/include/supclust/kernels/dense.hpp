// Dense products with a row-major design, written out rather than left to Eigen: Eigen 3.4
// has no wasm SIMD backend, so its products run scalar in wasm, while these loops use two-lane
// vectors natively (SSE2) and in wasm (simd128) with the same summation order — native and
// wasm results stay identical.
#pragma once

#include <cstddef>
#include <cstdint>

namespace supclust {

// z[i] = Σ_j X[i, j] w[j]   (X is n x d, row-major)
void multiply(const double* X, std::size_t n, std::size_t d, const double* w, double* z);

// g[j] = Σ_i X[i, j] r[i]
void multiplyTransposed(const double* X, std::size_t n, std::size_t d, const double* r, double* g);
// The same for the d columns of an X whose rows are ldx apart (a block of a wider matrix's
// columns): each g[j] summed exactly as above, whatever the block.
void multiplyTransposed(const double* X, std::size_t n, std::size_t d, std::size_t ldx, const double* r, double* g);

// True when every x[i] is finite: Σ (x[i] − x[i]) in two-lane sums is 0 for finite entries
// and NaN once one is infinite or NaN (no branch per entry).
bool allFinite(const double* x, std::size_t n);
// allFinite and, when true, the largest |x_i| in maxAbs (0 for n = 0): one pass for both.
bool allFiniteWithMaxAbs(const double* x, std::size_t n, double& maxAbs);
// The same for a row-major rows × cols matrix, with its column sums in sums (cols entries), each
// summed over the rows in order (as the rows' running sum Σ_i x_i· sums it): one pass for all three.
bool allFiniteWithMaxAbsAndColumnSums(const double* x, std::size_t rows, std::size_t cols, double& maxAbs,
                                      double* sums);

// Σ a[i] b[i] (two two-lane accumulators: the same order natively and in wasm).
double dot(const double* a, const double* b, std::size_t n);

// Σ (x[i] + shift)², summed as dot() sums.
double shiftedSquaredNorm(const double* x, double shift, std::size_t n);

// Σ_t v[t] x[index[t]]: a sparse vector's n stored entries (values v at positions index)
// against a dense x, in two two-lane sums as dot() (a single running sum waits on each add).
double gatherDot(const double* v, const std::int32_t* index, std::size_t n, const double* x);

// out (column-major, n × d) = X + 1 shiftᵀ for a row-major X (n × d, rows ldx apart): in 64 × 64
// tiles (a column-by-column read of X misses the cache on every entry), two rows and two
// columns at a time (two loads, two shuffles, two stores).
void transposeShifted(const double* X, std::size_t n, std::size_t d, std::size_t ldx, const double* shift, double* out);

// y[index[t]] += alpha v[t] for a sparse vector's n stored entries (values v at positions
// index, each at most once).
void scatterAxpy(double alpha, const double* v, const std::int32_t* index, std::size_t n, double* y);
// y[index[t]] += alpha v[t] and z[index[t]] += (alpha v[t]) w[index[t]] (the sparse form of
// axpyWithWeighted; positions as scatterAxpy's).
void scatterAxpyWithWeighted(double alpha, const double* v, const std::int32_t* index, std::size_t n, const double* w,
                             double* y, double* z);

// a·c_j and b·c_j for the k ≤ 8 columns c_j, in one pass over a, b and the columns: each summed
// exactly as dot() sums it (a pass per product would read a and b k times).
void dotsWithColumns(const double* a, const double* b, const double* const* columns, std::size_t k, std::size_t n,
                     double* aDots, double* bDots);

// y = g + c_0 x_0 + c_1 x_1 + … (k ≤ 8 columns x_j, added in that order): to the bit a copy of g
// followed by k axpy calls, in one pass.
void addColumns(const double* g, const double* const* columns, const double* c, std::size_t k, std::size_t n,
                double* y);

// y += alpha x
void axpy(double alpha, const double* x, double* y, std::size_t n);

// y += alpha x, then returns z·y: to the bit axpy(alpha, x, y, n) followed by dot(z, y, n), in
// one pass (coordinate descent's update of its residual and the next coordinate's product with
// it; apart, the product's loads of y wait on the update's stores — in wasm three times as long).
double axpyThenDot(double alpha, const double* x, double* y, const double* z, std::size_t n);

// y += alpha x and z += alpha (w ∘ x), in one pass.
void axpyWithWeighted(double alpha, const double* x, const double* w, double* y, double* z, std::size_t n);
// axpyWithWeighted, then returns v·z: to the bit axpyWithWeighted followed by dot(v, z, n), in one
// pass (the proximal Newton step's coordinate descent, as axpyThenDot).
double axpyWithWeightedThenDot(double alpha, const double* x, const double* w, double* y, double* z, const double* v,
                               std::size_t n);

// Σ w[i] x[i] and Σ w[i] x[i]² (two-lane sums, as dot()).
void weightedMoments(const double* x, const double* w, std::size_t n, double& first, double& second);

// y += c0 x0 + c1 x1 + c2 x2 + c3 x3 (x_g = X + g·ldx), added in that order: the same result
// as four axpy calls, with one load and store of y.
void axpy4(const double* c, const double* X, std::size_t ldx, double* y, std::size_t n);

// y += c_0 x_0 + c_1 x_1 + … + c_{k−1} x_{k−1} (x_g = X + g·ldx, any k), added in that order: the
// same result as k axpy calls, each block of sixteen entries of y kept in registers through all
// k terms (one load and store of y, where axpy4 takes one per four columns).
void axpyMany(const double* c, std::size_t k, const double* X, std::size_t ldx, double* y, std::size_t n);

// out[j] = ‖p − R_j‖² for the `count` rows R_j = R + j·ldr of d entries: each summed in four
// running sums (entry k into sum k mod 4, the tail past the last multiple of four into sum 0),
// added as (s0 + s1) + (s2 + s3) — the same bits whatever `count` — with four rows per pass over
// p (independent sums: the additions' latency no longer sets the pace of one distance).
void squaredDistances(const double* p, const double* R, std::size_t ldr, std::size_t count, std::size_t d, double* out);

// y ← α y + B c, B column-major n x k (columns k apart by ldb): one pass over y.
void scaleAndAddProduct(double alpha, double* y, const double* B, std::size_t n, std::size_t k, std::size_t ldb,
                        const double* c);

// y = S x for a symmetric S stored in the lower triangle of a column-major n x n array.
void symmetricMultiplyLower(const double* S, std::size_t n, const double* x, double* y);

// G = Xᵀ X (d x d, row-major, both triangles filled).
void gram(const double* X, std::size_t n, std::size_t d, double* G);
// G[a·d + b] = G[b·d + a] for b < a: the triangle gramAdd fills copied to the other.
void mirrorUpperTriangle(double* G, std::size_t d);
// G += sign·XᵀX (sign = ±1) on one triangle only: the entries a·d + b with b ≥ a (the lower
// triangle of a column-major G, the one choleskyFactor reads). gram() is a zero G, this, then
// the mirror: the same bits.
void gramAdd(const double* X, std::size_t n, std::size_t d, double sign, double* G);
// The same for G's rows a in [from, to) only: each entry summed as by the whole (teams split G
// by rows with it).
void gramAdd(const double* X, std::size_t n, std::size_t d, double sign, double* G, std::size_t from, std::size_t to);

// K = X Xᵀ (n x n, both triangles filled): the rows' dot products, each summed as dot() sums.
void rowGram(const double* X, std::size_t n, std::size_t d, double* K);
// The same for the entries (i, j ≤ i) of rows i in [from, to) and their mirrors: the same bits
// as the whole, rows j taken in tiles of 16 (kept in cache while the rows i pass over them).
void rowGram(const double* X, std::size_t n, std::size_t d, double* K, std::size_t from, std::size_t to);

}  // namespace supclust
