#include "supclust/kernels/cholesky.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/core/work_team.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

bool choleskyFactor(double* A, std::size_t n) { return choleskyFactor(A, n, nullptr); }

bool choleskyFactor(double* A, std::size_t n, WorkTeam* team) {
  constexpr std::size_t kPanel = 4;
  // Below this many later columns a panel's update is too short to share (microseconds).
  constexpr std::size_t kSharedColumns = 192;
  constexpr std::size_t kChunks = 8;
  for (std::size_t jb = 0; jb < n; jb += kPanel) {
    const std::size_t je = std::min(n, jb + kPanel);
    // The panel, column by column: it already has the updates of every column before jb.
    for (std::size_t j = jb; j < je; ++j) {
      double* column = A + j * n;
      const double pivot = column[j];
      if (!(pivot > 0) || !std::isfinite(pivot)) return false;
      const double root = std::sqrt(pivot), inverse = 1 / root;
      column[j] = root;
      for (std::size_t i = j + 1; i < n; ++i) column[i] *= inverse;
      for (std::size_t k = j + 1; k < je; ++k) axpy(-column[k], column + k, A + k * n + k, n - k);
    }
    // Every later column takes the panel's updates in one pass (one load and store of it, not
    // one per panel column), added in the same order as column-by-column updates: the same
    // factor to the bit. Columns are independent, so a team may share them out.
    const auto update = [A, n, jb, je](std::size_t k0, std::size_t k1) {
      double c[kPanel];
      for (std::size_t k = k0; k < k1; ++k) {
        for (std::size_t g = 0; g < je - jb; ++g) c[g] = -A[(jb + g) * n + k];
        if (je - jb == kPanel) {
          axpy4(c, A + jb * n + k, n, A + k * n + k, n - k);
        } else {
          for (std::size_t g = 0; g < je - jb; ++g) axpy(c[g], A + (jb + g) * n + k, A + k * n + k, n - k);
        }
      }
    };
    const std::size_t rest = n - je;
    if (team && team->size() > 1 && rest >= kSharedColumns) {
      // Chunks of about equal work: column k costs n − k, so the boundaries split the
      // trailing triangle's area evenly.
      std::size_t bounds[kChunks + 1];
      for (std::size_t c = 0; c <= kChunks; ++c)
        bounds[c] = n - static_cast<std::size_t>(std::lround(static_cast<double>(rest) * std::sqrt(1.0 - static_cast<double>(c) / kChunks)));
      team->run(kChunks, [&](std::size_t c) { update(bounds[c], bounds[c + 1]); });
    } else {
      update(je, n);
    }
  }
  return true;
}

void choleskyRemove(double* L, std::size_t n, std::size_t p) {
  std::vector<double> x(L + p * n + p + 1, L + p * n + n);  // L[p+1.., p]
  for (std::size_t i = p + 1; i < n; ++i) {  // L33 L33ᵀ + x xᵀ
    double* column = L + i * n;
    const double lii = column[i], xi = x[i - p - 1];
    const double r = std::hypot(lii, xi), c = r / lii, s = xi / lii;
    column[i] = r;
    for (std::size_t j = i + 1; j < n; ++j) {
      column[j] = (column[j] + s * x[j - p - 1]) / c;
      x[j - p - 1] = c * x[j - p - 1] - s * column[j];
    }
  }
  // Drop row and column p, in place: every entry moves to a lower index, read before written.
  const std::size_t m = n - 1;
  for (std::size_t j = 0; j < m; ++j) {
    const std::size_t from = j < p ? j : j + 1;
    for (std::size_t i = j; i < m; ++i) L[j * m + i] = L[from * n + (i < p ? i : i + 1)];
  }
}

void choleskySolve(const double* L, std::size_t n, double* b) {
  constexpr std::size_t kPanel = 4;
  double c[kPanel];
  for (std::size_t jb = 0; jb < n; jb += kPanel) {  // L z = b, four columns at a time
    const std::size_t je = std::min(n, jb + kPanel);
    for (std::size_t j = jb; j < je; ++j) {
      const double* column = L + j * n;
      b[j] /= column[j];
      for (std::size_t i = j + 1; i < je; ++i) b[i] += -b[j] * column[i];
      c[j - jb] = -b[j];
    }
    if (je < n) axpy4(c, L + jb * n + je, n, b + je, n - je);  // je < n: a full panel
  }
  for (std::size_t j = n; j-- > 0;) {  // Lᵀ x = z
    const double* column = L + j * n;
    b[j] = (b[j] - dot(column + j + 1, b + j + 1, n - j - 1)) / column[j];
  }
}

}  // namespace supclust
