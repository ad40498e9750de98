// The SIMD dense kernels against Eigen on sizes that exercise the two-lane loops and their tails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>
#include <random>

#include "supclust/base/types.hpp"
#include "supclust/kernels/dense.hpp"

using namespace supclust;

namespace {
Matrix randomMatrix(std::mt19937_64& rng, Eigen::Index rows, Eigen::Index cols) {
  std::normal_distribution<double> normal;
  Matrix M(rows, cols);
  for (Eigen::Index i = 0; i < M.size(); ++i) M.data()[i] = normal(rng);
  return M;
}
}  // namespace

TEST(Dense, ProductsMatchEigen) {
  std::mt19937_64 rng(3);
  for (Eigen::Index n : {1, 2, 5, 16, 33})
    for (Eigen::Index d : {1, 3, 8, 21}) {
      const RowMatrix X = randomMatrix(rng, n, d);
      const Vector w = randomMatrix(rng, d, 1), r = randomMatrix(rng, n, 1);
      Vector z(n), g(d);
      multiply(X.data(), n, d, w.data(), z.data());
      multiplyTransposed(X.data(), n, d, r.data(), g.data());
      EXPECT_LE((z - X * w).norm(), 1e-12 * (1 + z.norm()));
      EXPECT_LE((g - X.transpose() * r).norm(), 1e-12 * (1 + g.norm()));
      RowMatrix G(d, d);
      gram(X.data(), n, d, G.data());
      EXPECT_LE((Matrix(G) - X.transpose() * X).norm(), 1e-12 * (1 + G.norm()));
    }
}

TEST(Dense, ScaleAndAddProductIsAFusedGemv) {
  std::mt19937_64 rng(4);
  for (std::size_t n : {1u, 2u, 7u, 40u})
    for (std::size_t k : {1u, 3u, 5u}) {
      const std::size_t ldb = n + 3;  // columns apart by more than n
      const Matrix storage = randomMatrix(rng, static_cast<Eigen::Index>(ldb), static_cast<Eigen::Index>(k));
      const Vector c = randomMatrix(rng, static_cast<Eigen::Index>(k), 1),
                   y0 = randomMatrix(rng, static_cast<Eigen::Index>(n), 1);
      Vector y = y0;
      scaleAndAddProduct(0.7, y.data(), storage.data(), n, k, ldb, c.data());
      const Vector expected = 0.7 * y0 + storage.topRows(static_cast<Eigen::Index>(n)) * c;
      EXPECT_LE((y - expected).norm(), 1e-12 * (1 + expected.norm())) << n << " " << k;
    }
}

TEST(Dense, Axpy4IsFourAxpysToTheBit) {
  std::mt19937_64 rng(12);
  for (std::size_t n : {0u, 1u, 2u, 3u, 17u}) {
    const Matrix X = randomMatrix(rng, static_cast<Eigen::Index>(n) + 5, 4);  // ldx = n + 5
    const Matrix y0 = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 1);
    const double c[4] = {0.3, -1.7, 2.5, -0.01};
    Vector expected = y0.col(0), got = y0.col(0);
    for (int g = 0; g < 4; ++g) axpy(c[g], X.col(g).data(), expected.data(), n);
    axpy4(c, X.data(), n + 5, got.data(), n);
    for (std::size_t i = 0; i <= n; ++i)
      EXPECT_EQ(got[static_cast<Eigen::Index>(i)], expected[static_cast<Eigen::Index>(i)]) << n;
  }
}

TEST(Dense, AxpyManyIsKAxpysToTheBit) {
  // Blocks of sixteen entries in registers, then pairs, then single entries: lengths cover
  // each tail; k = 0 leaves y as it was.
  std::mt19937_64 rng(13);
  for (std::size_t n : {0u, 1u, 2u, 15u, 16u, 17u, 35u, 50u})
    for (std::size_t k : {0u, 1u, 5u, 48u}) {
      const std::size_t ldx = n + 3;
      const Matrix X =
          randomMatrix(rng, static_cast<Eigen::Index>(ldx), static_cast<Eigen::Index>(std::max<std::size_t>(k, 1)));
      const Vector c = randomMatrix(rng, static_cast<Eigen::Index>(std::max<std::size_t>(k, 1)), 1);
      const Vector y0 = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 1);
      Vector expected = y0, got = y0;
      for (std::size_t g = 0; g < k; ++g) axpy(c[static_cast<Eigen::Index>(g)], X.data() + g * ldx, expected.data(), n);
      axpyMany(c.data(), k, X.data(), ldx, got.data(), n);
      for (std::size_t i = 0; i <= n; ++i)
        ASSERT_EQ(got[static_cast<Eigen::Index>(i)], expected[static_cast<Eigen::Index>(i)])
            << n << " " << k << " " << i;
    }
}

TEST(Dense, SquaredDistancesAreFourRunningSumsToTheBit) {
  // Any number of rows (four per pass, then three, two or one) gives each distance the bits of
  // the scalar definition: entry k into sum k mod 4, the tail into sum 0, (s0 + s1) + (s2 + s3).
  std::mt19937_64 rng(14);
  for (std::size_t d : {1u, 3u, 4u, 6u, 13u, 100u})
    for (std::size_t count : {1u, 2u, 3u, 4u, 5u, 9u}) {
      const std::size_t ld = d + 2;
      const Matrix R = randomMatrix(rng, static_cast<Eigen::Index>(ld), static_cast<Eigen::Index>(count));
      const Vector p = randomMatrix(rng, static_cast<Eigen::Index>(d), 1);
      std::vector<double> got(count);
      squaredDistances(p.data(), R.data(), ld, count, d, got.data());
      for (std::size_t j = 0; j < count; ++j) {
        double s[4] = {0, 0, 0, 0};
        std::size_t k = 0;
        for (; k + 4 <= d; k += 4)
          for (std::size_t l = 0; l < 4; ++l) {
            const double e = R.data()[j * ld + k + l] - p[static_cast<Eigen::Index>(k + l)];
            s[l] += e * e;
          }
        for (; k < d; ++k) {
          const double e = R.data()[j * ld + k] - p[static_cast<Eigen::Index>(k)];
          s[0] += e * e;
        }
        ASSERT_EQ(got[j], (s[0] + s[1]) + (s[2] + s[3])) << d << " " << count << " " << j;
      }
    }
}

TEST(Dense, GramIsRowByRowRankOneUpdatesToTheBit) {
  // gram takes four rows per pass over its triangle; every entry must still be the row-by-row
  // sum (one axpy per row and column), so fits through it keep their bits.
  std::mt19937_64 rng(21);
  for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 11u})
    for (std::size_t d : {1u, 2u, 5u, 8u, 13u}) {
      const RowMatrix X = randomMatrix(rng, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
      RowMatrix G(d, d), expected = RowMatrix::Zero(d, d);
      gram(X.data(), n, d, G.data());
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t a = 0; a < d; ++a)
          axpy(X.data()[i * d + a], X.data() + i * d + a, expected.data() + a * d + a, d - a);
      for (std::size_t a = 0; a < d; ++a)
        for (std::size_t b = 0; b < d; ++b)
          EXPECT_EQ(G(a, b), expected(std::min(a, b), std::max(a, b))) << n << "x" << d << " " << a << "," << b;
    }
}

TEST(Dense, GramAddUpdatesOneTriangleBySign) {
  // gramAdd adds ±XᵀX to the triangle a·d + b, b ≥ a, and leaves the other untouched.
  std::mt19937_64 rng(22);
  for (std::size_t n : {0u, 1u, 4u, 7u})
    for (std::size_t d : {1u, 3u, 8u}) {
      const RowMatrix X = randomMatrix(rng, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
      const RowMatrix G0 = randomMatrix(rng, static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(d));
      for (double sign : {1.0, -1.0}) {
        RowMatrix G = G0;
        gramAdd(X.data(), n, d, sign, G.data());
        const RowMatrix expected = G0 + sign * RowMatrix(X.transpose() * X);
        for (std::size_t a = 0; a < d; ++a)
          for (std::size_t b = 0; b < d; ++b) {
            const auto ia = static_cast<Eigen::Index>(a), ib = static_cast<Eigen::Index>(b);
            if (b >= a) EXPECT_NEAR(G(ia, ib), expected(ia, ib), 1e-12 * (1 + expected.norm())) << n << "x" << d;
            else EXPECT_EQ(G(ia, ib), G0(ia, ib)) << n << "x" << d;
          }
      }
    }
}

TEST(Dense, BlockedProductsSumInTheRowByRowOrder) {
  // multiply takes four rows per pass, multiplyTransposed sixteen, then four, then one; each
  // output must still be the row-by-row sum to the bit (dot per row; axpy row after row), so
  // results stay identical natively, in wasm and against every earlier table.
  std::mt19937_64 rng(13);
  for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 11u, 16u, 17u, 21u, 35u}) {
    for (std::size_t d : {1u, 2u, 5u, 8u, 13u}) {
      const RowMatrix X = randomMatrix(rng, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
      const Matrix w = randomMatrix(rng, static_cast<Eigen::Index>(d), 1),
                   r = randomMatrix(rng, static_cast<Eigen::Index>(n), 1);
      Vector z(n), g(d), gExpected = Vector::Zero(d);
      multiply(X.data(), n, d, w.data(), z.data());
      multiplyTransposed(X.data(), n, d, r.data(), g.data());
      for (std::size_t i = 0; i < n; ++i) {
        EXPECT_EQ(z[static_cast<Eigen::Index>(i)], dot(X.data() + i * d, w.data(), d)) << n << "x" << d;
        axpy(r(static_cast<Eigen::Index>(i), 0), X.data() + i * d, gExpected.data(), d);
      }
      for (std::size_t j = 0; j < d; ++j)
        EXPECT_EQ(g[static_cast<Eigen::Index>(j)], gExpected[static_cast<Eigen::Index>(j)]) << n << "x" << d;
    }
  }
}

TEST(Dense, SymmetricMultiplyReadsOnlyTheLowerTriangle) {
  std::mt19937_64 rng(6);
  for (Eigen::Index n : {1, 2, 3, 10, 31}) {
    const Matrix B = randomMatrix(rng, n, n);
    const Matrix S = B + B.transpose();
    Matrix lower = S;
    lower.triangularView<Eigen::StrictlyUpper>().setConstant(NAN);  // must not be read
    const Vector x = randomMatrix(rng, n, 1);
    Vector y(n);
    symmetricMultiplyLower(lower.data(), static_cast<std::size_t>(n), x.data(), y.data());
    EXPECT_LE((y - S * x).norm(), 1e-12 * (1 + y.norm())) << n;
  }
}

TEST(Dense, ScaleAndAddProductIsOneAccumulatorPerElementToTheBit) {
  // Four columns per pass, coefficients splatted once: each element must still be
  // α y + c_0 B_0 + c_1 B_1 + … added in that order, as before (CG's tables depend on it).
  std::mt19937_64 rng(14);
  for (std::size_t n : {0u, 1u, 2u, 5u, 18u})
    for (std::size_t k : {0u, 1u, 2u, 3u, 4u, 5u, 8u, 9u}) {
      const std::size_t ldb = n + 2;
      const Matrix B =
          randomMatrix(rng, static_cast<Eigen::Index>(ldb), static_cast<Eigen::Index>(std::max<std::size_t>(k, 1)));
      const Matrix c = randomMatrix(rng, static_cast<Eigen::Index>(std::max<std::size_t>(k, 1)), 1);
      const Matrix y0 = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 1);
      Vector got = y0.col(0);
      scaleAndAddProduct(-0.3, got.data(), B.data(), n, k, ldb, c.data());
      for (std::size_t i = 0; i < n; ++i) {
        double acc = -0.3 * y0(static_cast<Eigen::Index>(i), 0);
        for (std::size_t g = 0; g < k; ++g) acc += c(static_cast<Eigen::Index>(g), 0) * B.data()[g * ldb + i];
        EXPECT_EQ(got[static_cast<Eigen::Index>(i)], acc) << n << " " << k << " " << i;
      }
      EXPECT_EQ(got[static_cast<Eigen::Index>(n)], y0(static_cast<Eigen::Index>(n), 0));  // past the end: untouched
    }
}

TEST(Dense, SymmetricMultiplyIsDotAndAxpyPerColumnToTheBit) {
  // One fused pass per column; the result must equal the two-pass form (a dot for row j, an
  // axpy for the rows below) to the bit.
  std::mt19937_64 rng(15);
  for (std::size_t n : {1u, 2u, 3u, 4u, 5u, 6u, 9u, 23u}) {
    const Matrix S = randomMatrix(rng, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
    const Vector x = randomMatrix(rng, static_cast<Eigen::Index>(n), 1);
    Vector got(n), expected = Vector::Zero(n);
    symmetricMultiplyLower(S.data(), n, x.data(), got.data());
    for (std::size_t j = 0; j < n; ++j) {
      const double* column = S.data() + j * n;
      expected[static_cast<Eigen::Index>(j)] +=
          column[j] * x[static_cast<Eigen::Index>(j)] + dot(column + j + 1, x.data() + j + 1, n - j - 1);
      axpy(x[static_cast<Eigen::Index>(j)], column + j + 1, expected.data() + j + 1, n - j - 1);
    }
    for (std::size_t i = 0; i < n; ++i)
      EXPECT_EQ(got[static_cast<Eigen::Index>(i)], expected[static_cast<Eigen::Index>(i)]) << n;
  }
}

// A sparse vector's dot with a dense one through its indices: dot() of its values with the
// gathered entries, to the bit, and within rounding of a long-double sum, at every length
// through the tails (indices in any order, repeats allowed).
TEST(Dense, GatherDotIsDotOfTheGatheredEntries) {
  std::mt19937_64 rng(22);
  const Matrix x = randomMatrix(rng, 40, 1);
  std::uniform_int_distribution<std::int32_t> position(0, 39);
  for (std::size_t n = 0; n <= 21; ++n) {
    const Matrix v = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 1);
    std::vector<std::int32_t> index(n);
    std::vector<double> gathered(n);
    long double exact = 0;
    for (std::size_t t = 0; t < n; ++t) {
      index[t] = position(rng);
      gathered[t] = x(index[t], 0);
      exact += static_cast<long double>(v(static_cast<Eigen::Index>(t), 0)) * gathered[t];
    }
    const double got = gatherDot(v.data(), index.data(), n, x.data());
    EXPECT_EQ(got, dot(v.data(), gathered.data(), n)) << n;
    EXPECT_NEAR(got, static_cast<double>(exact), 1e-14 * static_cast<double>(n + 1)) << n;
  }
}

// The sparse updates against their definitions, to the bit (each position updated once), at
// every length through two blocks of eight and their tails; nothing else is touched.
TEST(Dense, ScatterUpdatesAreTheirDefinitions) {
  std::mt19937_64 rng(25);
  for (std::size_t n = 0; n <= 21; ++n) {
    const Matrix v = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 1), ywz = randomMatrix(rng, 40, 3);
    std::vector<std::int32_t> index(40);
    for (std::int32_t i = 0; i < 40; ++i) index[static_cast<std::size_t>(i)] = i;
    std::shuffle(index.begin(), index.end(), rng);
    index.resize(n);
    std::sort(index.begin(), index.end());
    const double alpha = -0.61, *w = ywz.col(1).data();
    Vector y = ywz.col(0), z = ywz.col(2), yExpected = y, zExpected = z, yAlone = y;
    for (std::size_t t = 0; t < n; ++t) {
      const double ax = alpha * v(static_cast<Eigen::Index>(t), 0);
      yExpected[index[t]] += ax;
      zExpected[index[t]] += ax * w[index[t]];
    }
    scatterAxpy(alpha, v.data(), index.data(), n, yAlone.data());
    scatterAxpyWithWeighted(alpha, v.data(), index.data(), n, w, y.data(), z.data());
    for (Eigen::Index i = 0; i < 40; ++i) {
      EXPECT_EQ(yAlone[i], yExpected[i]) << n;
      EXPECT_EQ(y[i], yExpected[i]) << n;
      EXPECT_EQ(z[i], zExpected[i]) << n;
    }
  }
}

// Anderson's fused passes: k dot products of a and of b with k columns in one pass, each summed
// as dot() sums it; and g plus k scaled columns in one pass, as a copy of g and k axpy calls —
// both to the bit, for every k up to 8 and lengths through the tails.
TEST(Dense, FusedColumnKernelsAreDotAndAxpyToTheBit) {
  std::mt19937_64 rng(21);
  for (std::size_t n : {0u, 1u, 3u, 4u, 5u, 18u}) {
    for (std::size_t k = 1; k <= 8; ++k) {
      const Matrix C = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, static_cast<Eigen::Index>(k));
      const Matrix ab = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 3);
      const double* columns[8];
      for (std::size_t j = 0; j < k; ++j) columns[j] = C.col(static_cast<Eigen::Index>(j)).data();
      double aDots[8], bDots[8];
      dotsWithColumns(ab.col(0).data(), ab.col(1).data(), columns, k, n, aDots, bDots);
      std::vector<double> c(k);
      for (std::size_t j = 0; j < k; ++j) {
        EXPECT_EQ(aDots[j], dot(ab.col(0).data(), columns[j], n)) << n << " " << k;
        EXPECT_EQ(bDots[j], dot(columns[j], ab.col(1).data(), n)) << n << " " << k;
        c[j] = 0.25 * static_cast<double>(j) - 0.9;
      }
      Vector expected = ab.col(2), got(n + 1);
      got[static_cast<Eigen::Index>(n)] = expected[static_cast<Eigen::Index>(n)];
      for (std::size_t j = 0; j < k; ++j) axpy(c[j], columns[j], expected.data(), n);
      addColumns(ab.col(2).data(), columns, c.data(), k, n, got.data());
      for (std::size_t i = 0; i <= n; ++i)
        EXPECT_EQ(got[static_cast<Eigen::Index>(i)], expected[static_cast<Eigen::Index>(i)]) << n << " " << k;
    }
  }
}

// Coordinate descent's fused updates: y += αx then z·y, to the bit axpy followed by dot, through
// every tail (pairs of four, a last pair, a last entry), and the same for the weighted update;
// and Σ(x + c)² as dot() sums it.
TEST(Dense, AxpyThenDotIsAxpyFollowedByDotToTheBit) {
  std::mt19937_64 rng(23);
  for (std::size_t n : {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 37u, 500u}) {
    const Matrix xyz = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 3);
    Vector expected = xyz.col(1), got = xyz.col(1);
    axpy(-0.37, xyz.col(0).data(), expected.data(), n);
    const double expectedDot = dot(xyz.col(2).data(), expected.data(), n);
    const double gotDot = axpyThenDot(-0.37, xyz.col(0).data(), got.data(), xyz.col(2).data(), n);
    EXPECT_EQ(gotDot, expectedDot) << n;
    for (std::size_t i = 0; i <= n; ++i)
      EXPECT_EQ(got[static_cast<Eigen::Index>(i)], expected[static_cast<Eigen::Index>(i)]) << n;
    // The proximal Newton step's form: y += αx and z += (αx)w, then v·z.
    const Matrix wv = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 3);
    Vector y = wv.col(2), z = xyz.col(1), yExpected = y, zExpected = z;
    axpyWithWeighted(0.81, xyz.col(0).data(), wv.col(0).data(), yExpected.data(), zExpected.data(), n);
    EXPECT_EQ(
        axpyWithWeightedThenDot(0.81, xyz.col(0).data(), wv.col(0).data(), y.data(), z.data(), wv.col(1).data(), n),
        dot(wv.col(1).data(), zExpected.data(), n))
        << n;
    for (std::size_t i = 0; i <= n; ++i) {
      EXPECT_EQ(y[static_cast<Eigen::Index>(i)], yExpected[static_cast<Eigen::Index>(i)]) << n;
      EXPECT_EQ(z[static_cast<Eigen::Index>(i)], zExpected[static_cast<Eigen::Index>(i)]) << n;
    }
    Vector shifted = xyz.col(0).array() + 1.25;
    long double exact = 0;
    for (std::size_t i = 0; i < n; ++i)
      exact += static_cast<long double>(shifted[static_cast<Eigen::Index>(i)]) * shifted[static_cast<Eigen::Index>(i)];
    const double norm = shiftedSquaredNorm(xyz.col(0).data(), 1.25, n);
    EXPECT_EQ(norm, dot(shifted.data(), shifted.data(), n)) << n;
    EXPECT_NEAR(norm, static_cast<double>(exact), 1e-14 * (static_cast<double>(exact) + 1)) << n;
  }
}

// The proximal Newton step's kernels against their scalar definitions: y += αx, z += (αx)w to the
// bit (no reduction), and the two weighted sums to rounding.
TEST(Dense, WeightedStepAndMomentsMatchTheirDefinitions) {
  std::mt19937_64 rng(22);
  for (std::size_t n : {0u, 1u, 2u, 5u, 18u}) {
    const Matrix v = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 4);
    const double *x = v.col(0).data(), *w = v.col(1).data(), alpha = -0.7;
    Vector y = v.col(2), z = v.col(3), y0 = y, z0 = z;
    axpyWithWeighted(alpha, x, w, y.data(), z.data(), n);
    double a = 0, q = 0, first = 1, second = 1;
    for (std::size_t i = 0; i < n; ++i) {
      const auto e = static_cast<Eigen::Index>(i);
      EXPECT_EQ(y[e], y0[e] + alpha * x[i]);
      EXPECT_EQ(z[e], z0[e] + alpha * x[i] * w[i]);
      a += w[i] * x[i];
      q += w[i] * x[i] * x[i];
    }
    EXPECT_EQ(y[static_cast<Eigen::Index>(n)], y0[static_cast<Eigen::Index>(n)]);  // nothing past n
    EXPECT_EQ(z[static_cast<Eigen::Index>(n)], z0[static_cast<Eigen::Index>(n)]);
    weightedMoments(x, w, n, first, second);
    EXPECT_NEAR(first, a, 1e-13 * (1 + std::abs(a))) << n;
    EXPECT_NEAR(second, q, 1e-13 * (1 + std::abs(q))) << n;
  }
}

// dot's order, written out in scalars: lanes 0 and 1 of the entries 4m, 4m + 1 in one two-lane sum,
// of 4m + 2, 4m + 3 in another, the two added lane by lane, the lanes added, then the entries
// past the last four one by one; weightedMoments' sums pair by pair in one two-lane sum each.
// To the bit, at every length through two blocks of eight and their tails.
TEST(Dense, DotAndMomentsSumInTheirDocumentedOrder) {
  std::mt19937_64 rng(24);
  for (std::size_t n = 0; n <= 27; ++n) {
    const Matrix ab = randomMatrix(rng, static_cast<Eigen::Index>(n) + 1, 2);
    const double *a = ab.col(0).data(), *b = ab.col(1).data();
    double s0[2] = {0, 0}, s1[2] = {0, 0};
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
      for (int l = 0; l < 2; ++l) {
        s0[l] += a[i + l] * b[i + l];
        s1[l] += a[i + 2 + l] * b[i + 2 + l];
      }
    double expected = (s0[0] + s1[0]) + (s0[1] + s1[1]);
    for (; i < n; ++i) expected += a[i] * b[i];
    EXPECT_EQ(dot(a, b, n), expected) << n;
    double m1[2] = {0, 0}, m2[2] = {0, 0};
    for (i = 0; i + 2 <= n; i += 2)
      for (int l = 0; l < 2; ++l) {
        const double wx = b[i + l] * a[i + l];
        m1[l] += wx;
        m2[l] += wx * a[i + l];
      }
    double first = m1[0] + m1[1], second = m2[0] + m2[1];
    for (; i < n; ++i) {
      first += b[i] * a[i];
      second += b[i] * a[i] * a[i];
    }
    double gotFirst = 0, gotSecond = 0;
    weightedMoments(a, b, n, gotFirst, gotSecond);
    EXPECT_EQ(gotFirst, first) << n;
    EXPECT_EQ(gotSecond, second) << n;
  }
}

// allFinite against std::isfinite: one infinite or NaN entry anywhere (the two-lane body or the
// tail) is found, at every length up to 11; huge finite entries are not mistaken.
TEST(Dense, AllFiniteFindsAnyInfiniteOrNaNEntry) {
  const double bad[] = {HUGE_VAL, -HUGE_VAL, std::nan("")};
  for (std::size_t n = 0; n <= 11; ++n) {
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i) x[i] = (i % 2 ? -1.0 : 1.0) * std::ldexp(1.0, 1020 - static_cast<int>(i));
    EXPECT_TRUE(allFinite(x.data(), n)) << n;
    for (std::size_t at = 0; at < n; ++at)
      for (const double b : bad) {
        std::vector<double> y = x;
        y[at] = b;
        EXPECT_FALSE(allFinite(y.data(), n)) << n << " " << at << " " << b;
      }
  }
}

// allFiniteWithMaxAbsAndColumnSums: allFiniteWithMaxAbs's verdict and largest entry, and column
// sums equal to the bit to a running sum over the rows in order (columnMeans' order), at every
// shape up to 9 × 5 (blocks of four rows and the rows left; body and tail of each row), with a
// bad entry anywhere refused, and finite entries whose column sum overflows accepted.
TEST(Dense, AllFiniteWithMaxAbsAndColumnSumsIsOnePassOfAll) {
  const double bad[] = {HUGE_VAL, -HUGE_VAL, std::nan("")};
  std::mt19937_64 rng(9);
  std::normal_distribution<double> normal;
  for (std::size_t rows = 1; rows <= 9; ++rows)
    for (std::size_t cols = 1; cols <= 5; ++cols) {
      std::vector<double> x(rows * cols);
      for (double& v : x) v = normal(rng) * std::pow(10.0, static_cast<double>(rng() % 7) - 3);
      x[rng() % x.size()] = -1e300;
      std::vector<double> expected(cols, 0.0);
      double largest = 0;
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
          expected[j] += x[i * cols + j];
          largest = std::max(largest, std::abs(x[i * cols + j]));
        }
      std::vector<double> sums(cols, -7);
      double got = -1;
      EXPECT_TRUE(allFiniteWithMaxAbsAndColumnSums(x.data(), rows, cols, got, sums.data())) << rows << " x " << cols;
      EXPECT_EQ(got, largest) << rows << " x " << cols;
      EXPECT_EQ(sums, expected) << rows << " x " << cols;
      for (std::size_t at = 0; at < x.size(); ++at)
        for (const double b : bad) {
          std::vector<double> y = x;
          y[at] = b;
          double unused = 0;
          EXPECT_FALSE(allFiniteWithMaxAbsAndColumnSums(y.data(), rows, cols, unused, sums.data()))
              << rows << " x " << cols << " " << at;
        }
      if (rows >= 2) {  // two entries of 1.5e308 in the last column: its sum is +∞, the data finite
        std::vector<double> y = x;
        y[cols - 1] = y[2 * cols - 1] = 1.5e308;
        double largestOfY = -1;
        EXPECT_TRUE(allFiniteWithMaxAbsAndColumnSums(y.data(), rows, cols, largestOfY, sums.data()))
            << rows << " x " << cols;
        EXPECT_EQ(largestOfY, 1.5e308) << rows << " x " << cols;
        EXPECT_EQ(sums[cols - 1], HUGE_VAL) << rows << " x " << cols;
      }
    }
}

// allFiniteWithMaxAbs: the same verdict as allFinite, and the largest |entry| as a scan with
// std::abs finds it, wherever it sits (body or tail, positive or negative), at every length up to
// 11; an empty array has largest 0.
TEST(Dense, AllFiniteWithMaxAbsIsOnePassOfBoth) {
  const double bad[] = {HUGE_VAL, -HUGE_VAL, std::nan("")};
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  for (std::size_t n = 0; n <= 11; ++n)
    for (std::size_t peak = 0; peak < std::max<std::size_t>(n, 1); ++peak) {
      std::vector<double> x(n);
      for (double& v : x) v = normal(rng);
      if (n > 0) x[peak] = (peak % 2 ? -1 : 1) * 1e300;
      double expected = 0;
      for (double v : x) expected = std::max(expected, std::abs(v));
      double got = -1;
      EXPECT_TRUE(allFiniteWithMaxAbs(x.data(), n, got)) << n;
      EXPECT_EQ(got, expected) << n << " " << peak;
      for (std::size_t at = 0; at < n; ++at)
        for (const double b : bad) {
          std::vector<double> y = x;
          y[at] = b;
          double unused = 0;
          EXPECT_FALSE(allFiniteWithMaxAbs(y.data(), n, unused)) << n << " " << at << " " << b;
        }
    }
}
