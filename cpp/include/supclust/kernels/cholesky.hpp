// Dense Cholesky factorisation and solves for the small SPD systems of the solvers (CG's
// r × r system, ADMM's ridge system), written with the SIMD kernels of dense.hpp: Eigen 3.4
// has no wasm SIMD backend, so its LLT runs scalar in wasm. Same summation order natively and
// in wasm.
//
// Storage: column-major n × n; only the lower triangle is read and written. Right-looking:
// column j is scaled by 1/√A_jj, then every later column k is updated by
// A[k:, k] −= L_kj L[k:, j] (an axpy): n³/6 multiply-adds.
#pragma once

#include <cstddef>

namespace supclust {

// A = L Lᵀ in place (L in the lower triangle). False when A is not (numerically) positive
// definite; A is then left partly factorised.
bool choleskyFactor(double* A, std::size_t n);

// b ← (L Lᵀ)⁻¹ b with the factor from choleskyFactor: a forward solve by columns (axpy), then a
// backward solve by dot products.
void choleskySolve(const double* L, std::size_t n, double* b);

}  // namespace supclust
