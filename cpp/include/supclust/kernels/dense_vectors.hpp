// The dense kernels (kernels/dense) on Eigen vectors, for solvers that keep their state in
// Eigen types but must sum in the same order natively and in wasm (Eigen vectorises natively
// only): the same bits as the pointer forms.
#pragma once

#include "supclust/base/types.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

inline double dotOf(const Vector& a, const Vector& b) {
  return dot(a.data(), b.data(), static_cast<std::size_t>(a.size()));
}

// H v for a symmetric H: its column-major storage read as rows (its rows are its columns).
inline Vector symmetricTimes(const Matrix& H, const Vector& v) {
  Vector out(v.size());
  multiply(H.data(), static_cast<std::size_t>(H.rows()), static_cast<std::size_t>(H.cols()), v.data(), out.data());
  return out;
}

}  // namespace supclust
