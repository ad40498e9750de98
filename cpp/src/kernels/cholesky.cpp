#include "supclust/kernels/cholesky.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/base/work_team.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

bool choleskyFactor(double* A, std::size_t n) { return choleskyFactor(A, n, nullptr); }

bool choleskyFactor(double* A, std::size_t n, WorkTeam* team) {
  constexpr std::size_t kPanel = 4, kTile = 16, kChunks = 8;
  // Below this many later rows a block's work is too short to share (tens of microseconds).
  constexpr std::size_t kSharedRows = 192;
  // Blocks of 48 columns from n = 320 on; below, one block (the matrix, 800 KB at most, stays
  // in the second-level cache, where panels of four over whole columns are the faster).
  const std::size_t block = n < 320 ? n : 48;
  std::vector<double> scratch;
  for (std::size_t jb = 0; jb < n; jb += block) {
    const std::size_t je = std::min(n, jb + block), width = je - jb;
    // The block's diagonal part (it already has the updates of every column before jb), in
    // panels of four: each panel column by column, then the block's later columns take the
    // panel's four updates in one pass.
    for (std::size_t pb = jb; pb < je; pb += kPanel) {
      const std::size_t pe = std::min(je, pb + kPanel);
      for (std::size_t j = pb; j < pe; ++j) {
        double* column = A + j * n;
        const double pivot = column[j];
        if (!(pivot > 0) || !std::isfinite(pivot)) return false;
        const double root = std::sqrt(pivot), inverse = 1 / root;
        column[j] = root;
        for (std::size_t i = j + 1; i < je; ++i) column[i] *= inverse;
        for (std::size_t k = j + 1; k < pe; ++k) axpy(-column[k], column + k, A + k * n + k, je - k);
      }
      double c[kPanel];
      for (std::size_t k = pe; k < je; ++k) {
        for (std::size_t g = 0; g < pe - pb; ++g) c[g] = -A[(pb + g) * n + k];
        if (pe - pb == kPanel) {
          axpy4(c, A + pb * n + k, n, A + k * n + k, je - k);
        } else {
          for (std::size_t g = 0; g < pe - pb; ++g) axpy(c[g], A + (pb + g) * n + k, A + k * n + k, je - k);
        }
      }
    }
    const std::size_t rows = n - je;
    if (rows == 0) break;
    // The rows below, then every later entry, by tiles of 16 rows. Each entry takes the block's
    // updates one by one in column order (axpyMany, its 16 entries held in registers), as the
    // column-by-column factor does: the same factor to the bit. A tile's part of the block is
    // packed (16 × 48 entries, 6 KB: columns n apart would share a few cache sets when n is a
    // power of two) and stays in the first-level cache while the entries left of the tile's
    // end take their updates. Entries are updated independently, so a team may share the
    // tiles out.
    const std::size_t tiles = (rows + kTile - 1) / kTile;
    scratch.resize(width * width + width + rows * width + tiles * kTile * width);
    double* D = scratch.data();  // D[g·width + h] = −L(jb + g, jb + h), h < g
    double* inverse = D + width * width;  // 1/L(j, j), as the diagonal part scaled by
    double* P = inverse + width;  // P[(k − je)·width + g] = −L(k, jb + g)
    double* packed = P + rows * width;  // tile t: packed[(t·width + g)·16 + r] = L(je + 16t + r, jb + g)
    for (std::size_t g = 0; g < width; ++g) {
      inverse[g] = 1 / A[(jb + g) * n + jb + g];
      for (std::size_t h = 0; h < g; ++h) D[g * width + h] = -A[(jb + h) * n + jb + g];
    }
    const auto below = [A, n, jb, je, width, D, inverse, P, packed](std::size_t t0, std::size_t t1) {
      const std::size_t len = t1 - t0;
      double* tile = packed + ((t0 - je) / kTile) * width * kTile;
      for (std::size_t g = 0; g < width; ++g) {
        double* a = A + (jb + g) * n + t0;
        axpyMany(D + g * width, g, tile, kTile, a, len);
        for (std::size_t r = 0; r < len; ++r) {
          a[r] *= inverse[g];
          tile[g * kTile + r] = a[r];
          P[(t0 - je + r) * width + g] = -a[r];
        }
      }
    };
    const auto later = [A, n, je, width, P, packed](std::size_t t0, std::size_t t1) {
      const double* tile = packed + ((t0 - je) / kTile) * width * kTile;
      for (std::size_t k = je; k < t1; ++k) {
        const std::size_t from = std::max(k, t0);  // rows at or below the diagonal
        axpyMany(P + (k - je) * width, width, tile + (from - t0), kTile, A + k * n + from, t1 - from);
      }
    };
    const auto byTiles = [](auto&& work, std::size_t r0, std::size_t r1) {  // r1 ≤ n
      for (std::size_t t0 = r0; t0 < r1; t0 += kTile) work(t0, std::min(r1, t0 + kTile));
    };
    if (team && team->size() > 1 && rows >= kSharedRows) {
      // The rows below: equal numbers of tiles. The later entries: chunks of about equal work
      // (row i has i − je + 1 entries to update), their boundaries whole tiles.
      team->run(kChunks, [&](std::size_t c) {
        byTiles(below, je + kTile * chunkStart(tiles, kChunks, c),
                std::min(n, je + kTile * chunkStart(tiles, kChunks, c + 1)));
      });
      std::size_t bounds[kChunks + 1];
      for (std::size_t c = 0; c <= kChunks; ++c) {
        const double edge = static_cast<double>(rows) * std::sqrt(static_cast<double>(c) / kChunks);
        bounds[c] = std::min(n, je + kTile * static_cast<std::size_t>(std::lround(edge / kTile)));
      }
      bounds[kChunks] = n;
      team->run(kChunks, [&](std::size_t c) { byTiles(later, bounds[c], bounds[c + 1]); });
    } else {
      byTiles(below, je, n);
      byTiles(later, je, n);
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
