// Dense Cholesky factorisation and solves for the small SPD systems of the solvers (CG's
// r × r system, ADMM's ridge system), written with the SIMD kernels of dense.hpp: Eigen 3.4
// has no wasm SIMD backend, so its LLT runs scalar in wasm. Same summation order natively and
// in wasm.
//
// Storage: column-major n × n; only the lower triangle is read and written. Right-looking:
// column j is scaled by 1/√A_jj, then every later column k is updated by
// A[k:, k] −= L_kj L[k:, j] (an axpy): n³/6 multiply-adds. The updates are grouped (panels of
// four columns; from n = 320, blocks of 48 applied to tiles of 16 rows held in registers) but
// each entry takes them one by one in column order, so the factor is, to the bit, the
// column-by-column one.
#pragma once

#include <cstddef>

namespace supclust {

class WorkTeam;

// A = L Lᵀ in place (L in the lower triangle). False when A is not (numerically) positive
// definite; A is then left partly factorised.
bool choleskyFactor(double* A, std::size_t n);
// The same, the later rows' updates of each block shared out over a team's threads when there
// are enough of them (the factor the same to the bit: entries are updated independently).
bool choleskyFactor(double* A, std::size_t n, WorkTeam* team);

// The factor of A without its row and column p, from A's factor L (n × n) in O(n²): the
// trailing block takes the rank-one update by the removed column's part below the diagonal
// (Givens-style, as LINPACK's dchud). The result is left in L's first (n − 1)² entries,
// column-major (n − 1) × (n − 1).
void choleskyRemove(double* L, std::size_t n, std::size_t p);

// b ← (L Lᵀ)⁻¹ b with the factor from choleskyFactor: a forward solve by columns (axpy), then a
// backward solve by dot products.
void choleskySolve(const double* L, std::size_t n, double* b);

}  // namespace supclust
