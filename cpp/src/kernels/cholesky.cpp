#include "supclust/kernels/cholesky.hpp"

#include <cmath>

#include "supclust/kernels/dense.hpp"

namespace supclust {

bool choleskyFactor(double* A, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) {
    double* column = A + j * n;
    const double pivot = column[j];
    if (!(pivot > 0) || !std::isfinite(pivot)) return false;
    const double root = std::sqrt(pivot), inverse = 1 / root;
    column[j] = root;
    for (std::size_t i = j + 1; i < n; ++i) column[i] *= inverse;
    for (std::size_t k = j + 1; k < n; ++k) axpy(-column[k], column + k, A + k * n + k, n - k);
  }
  return true;
}

void choleskySolve(const double* L, std::size_t n, double* b) {
  for (std::size_t j = 0; j < n; ++j) {  // L z = b
    const double* column = L + j * n;
    b[j] /= column[j];
    axpy(-b[j], column + j + 1, b + j + 1, n - j - 1);
  }
  for (std::size_t j = n; j-- > 0;) {  // Lᵀ x = z
    const double* column = L + j * n;
    b[j] = (b[j] - dot(column + j + 1, b + j + 1, n - j - 1)) / column[j];
  }
}

}  // namespace supclust
