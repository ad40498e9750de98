// A design restricted to some columns: its products, Gram matrix and means equal the full
// design's restricted to those columns (computed here from the full design with zeros elsewhere),
// for dense and CSR data, whichever storage the subset picks.
#include <gtest/gtest.h>

#include <random>

#include "csr.hpp"
#include "supclust/core/column_subset.hpp"

using namespace supclust;

namespace column_subset_test {

// n × d with a share `density` of non-zero entries.
RowMatrix randomMatrix(Eigen::Index n, Eigen::Index d, double density, std::uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::normal_distribution<double> z;
  RowMatrix X = RowMatrix::Zero(n, d);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < d; ++j)
      if (u(g) < density) X(i, j) = z(g);
  return X;
}

void expectRestriction(const CenteredDesign& full, const std::vector<Eigen::Index>& columns) {
  const ColumnSubset subset(full, columns);
  const CenteredDesign& S = subset.design();
  const Eigen::Index n = full.rows(), d = full.cols(), m = static_cast<Eigen::Index>(columns.size());
  ASSERT_EQ(S.rows(), n);
  ASSERT_EQ(S.cols(), m);
  std::mt19937 g(7);
  std::normal_distribution<double> z;
  Vector w(m), wFull = Vector::Zero(d), r(n);
  for (Eigen::Index t = 0; t < m; ++t) wFull[columns[static_cast<std::size_t>(t)]] = w[t] = z(g);
  for (Eigen::Index i = 0; i < n; ++i) r[i] = z(g);
  Vector product(n), expected(n), correlations(m), all(d);
  S.multiply(w.data(), product.data());
  full.multiply(wFull.data(), expected.data());
  EXPECT_LE((product - expected).cwiseAbs().maxCoeff(), 1e-12 * (1 + expected.cwiseAbs().maxCoeff()));
  S.multiplyTransposed(r.data(), correlations.data());
  full.multiplyTransposed(r.data(), all.data());
  const Matrix G = S.gram(false), Gfull = full.gram(false);
  for (Eigen::Index t = 0; t < m; ++t) {
    const Eigen::Index j = columns[static_cast<std::size_t>(t)];
    EXPECT_EQ(S.means()[t], full.means()[j]);
    EXPECT_NEAR(correlations[t], all[j], 1e-12 * (1 + std::abs(all[j])));
    for (Eigen::Index u = 0; u < m; ++u)
      EXPECT_NEAR(G(t, u), Gfull(j, columns[static_cast<std::size_t>(u)]), 1e-12 * (1 + std::abs(Gfull(j, j))));
  }
}

TEST(ColumnSubset, ProductsEqualTheFullDesignsOnItsColumns) {
  const std::vector<Eigen::Index> columns{17, 3, 4, 29, 0, 12};
  for (double density : {1.0, 0.6, 0.1}) {  // dense, dense-stored CSR, sparse-stored CSR
    SCOPED_TRACE("density " + std::to_string(density));
    const RowMatrix X = randomMatrix(25, 30, density, 3);
    const CsrArrays csr = csrOf(X);
    expectRestriction(CenteredDesign(DataMatrix(X.data(), X.rows(), X.cols())), columns);
    expectRestriction(
        CenteredDesign(DataMatrix(X.rows(), X.cols(), csr.indptr.data(), csr.indices.data(), csr.values.data())),
        columns);
  }
}

}  // namespace column_subset_test
