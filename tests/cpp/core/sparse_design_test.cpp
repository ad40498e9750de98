// Sparse X (CSR) through the stack: the same model as the dense matrix with the same entries,
// for every method that takes sparse input, on both losses, with empty rows and columns; the
// design's implicit centring against the centred matrix; CSR validation naming the field.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/core/design.hpp"
#include "supclust/base/random.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/least_squares.hpp"

using namespace supclust;

namespace {
// A random n × d matrix with about `density` non-zeros (uniform in [0, 2) + 0.5, so that the
// column means are far from 0), with row 1 and column 2 empty, and its CSR arrays.
struct SparseData {
  RowMatrix dense;
  std::vector<std::int32_t> indptr{0}, indices;
  std::vector<double> values;
  Vector y;

  SparseData(int n, int d, double density, std::uint64_t seed, const std::string& task) : dense(RowMatrix::Zero(n, d)) {
    Random rng(seed);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < d; ++j)
        if (i != 1 && j != 2 && rng.uniform() < density) {
          dense(i, j) = 0.5 + 2 * rng.uniform();
          indices.push_back(j);
          values.push_back(dense(i, j));
        }
      indptr.push_back(static_cast<std::int32_t>(values.size()));
    }
    Vector w(d);
    for (int j = 0; j < d; ++j) w[j] = (j % 3) - 1.0;  // three groups: −1, 0, 1
    const Vector z = dense * w;
    y.resize(n);
    for (int i = 0; i < n; ++i) {
      const double noisy = z[i] - z.mean() + 0.3 * rng.normal();
      if (task == "regression") y[i] = noisy;
      else if (task == "binary") y[i] = noisy > 0 ? 1 : 0;
      else y[i] = noisy < -0.5 ? 0 : noisy < 0.5 ? 1 : 2;
    }
  }
  Problem asDense() const { return {{dense.data(), dense.rows(), dense.cols()}, {y.data(), y.size()}}; }
  Problem asSparse() const {
    return {{dense.rows(), dense.cols(), indptr.data(), indices.data(), values.data()}, {y.data(), y.size()}};
  }
};

double relativeDifference(const Matrix& a, const Matrix& b) { return (a - b).norm() / std::max(1.0, b.norm()); }

Params paramsOf(std::initializer_list<std::pair<const std::string, double>> numbers, const std::string& loss) {
  Params p;
  p.numbers = numbers;
  p.strings["loss"] = loss;
  return p;
}

struct Case {
  std::string method;
  Params params;
};

std::vector<Case> casesFor(const std::string& loss, int d) {
  Params oracle = paramsOf({}, loss);
  Params refitted = paramsOf({{"Q", 3}, {"lambda", 1e-2}}, loss);
  refitted.flags["refit"] = true;
  for (int j = 0; j < d; ++j) oracle.labels["groups"].push_back(j % 3);
  return {
      {"ridge", paramsOf({{"lambda", 0.1}}, loss)},
      {"ridge", paramsOf({{"lambda", 1e-3}}, loss)},
      {"lsk", paramsOf({{"Q", 3}, {"lambda", 1e-2}}, loss)},
      {"lsk", refitted},
      {"ihc", paramsOf({{"Q", 3}, {"lambda", 1e-3}}, loss)},
      {"ihcs", paramsOf({{"Q", 2}, {"s", 8}, {"lambda", 1e-3}}, loss)},
      {"iht", paramsOf({{"s", 6}, {"lambda", 1e-3}}, loss)},
      {"oracle", oracle},
      {"lasso", paramsOf({{"lambda", 0.02}}, loss)},
      {"elasticnet", paramsOf({{"lambda", 0.05}, {"alpha", 0.5}}, loss)},
      // Convex but first-order (FISTA for the logistic loss): both runs stop within the
      // tolerance of the one optimum, so it is tightened for a 1e-10 comparison.
      {"oscar", paramsOf({{"lambda1", 0.01}, {"lambda2", 0.002}, {"lambda", 1e-3}, {"tolerance", 1e-12}}, loss)},
      {"gflasso", paramsOf({{"lambda1", 0.01}, {"lambda2", 0.001}, {"lambda", 1e-3}, {"tolerance", 1e-12}}, loss)},
      {"ncfgs",
       paramsOf({{"lambda1", 0.01}, {"lambda2", 0.001}, {"lambda", 1e-3}, {"tolerance", 1e-12}, {"dcTolerance", 1e-12}},
                loss)},
      {"dfg",
       paramsOf(
           {{"lambda1", 0.01}, {"lambda2", 0.0005}, {"lambda", 1e-3}, {"tolerance", 1e-12}, {"maxIterations", 200000}},
           loss)},
      {"cg", paramsOf({{"Q", 3}, {"lambda", 0.05}}, loss)},
      {"cgpg", paramsOf({{"Q", 3}, {"lambda", 0.05}}, loss)},
  };
}
}  // namespace

TEST(SparseDesign, ProductsMatchTheCentredMatrix) {
  const SparseData s(30, 12, 0.3, 5, "regression");
  const CenteredDesign dense(s.dense), sparse(s.asSparse().X);
  ASSERT_TRUE(sparse.sparse());
  ASSERT_FALSE(dense.sparse());
  Random rng(3);
  Vector w(12), r(30), z1(30), z2(30), g1(12), g2(12);
  for (auto& v : w) v = rng.normal();
  for (auto& v : r) v = rng.normal();
  dense.multiply(w.data(), z1.data());
  sparse.multiply(w.data(), z2.data());
  EXPECT_LE((z1 - z2).norm(), 1e-13 * z1.norm());
  dense.multiplyTransposed(r.data(), g1.data());
  sparse.multiplyTransposed(r.data(), g2.data());
  EXPECT_LE((g1 - g2).norm(), 1e-13 * g1.norm());
  const RowMatrix Xc = s.dense.rowwise() - s.dense.colwise().mean();
  for (bool rows : {true, false}) {
    const Matrix G = rows ? Matrix(Xc * Xc.transpose()) : Matrix(Xc.transpose() * Xc);
    EXPECT_LE((sparse.gram(rows) - G).norm(), 1e-12 * G.norm()) << rows;
  }
  EXPECT_NEAR(sparse.squaredNorm(), Xc.squaredNorm(), 1e-12 * Xc.squaredNorm());
  Labels labels;
  for (int j = 0; j < 12; ++j) labels.push_back(j % 4);
  EXPECT_LE((sparse.groupSums(labels, 4) - dense.groupSums(labels, 4)).norm(), 1e-12 * Xc.norm());
  EXPECT_NEAR(sparse.spectralNorm2OverN(), dense.spectralNorm2OverN(), 1e-8 * dense.spectralNorm2OverN());
  const SparseColumns &a = sparse.uncentredColumns(), &b = dense.uncentredColumns();
  for (Eigen::Index j = 0; j < 12; ++j) {
    Vector ca = Vector::Zero(30), cb = Vector::Zero(30);
    forEachInColumn(a, j, [&](std::int32_t i, double v) { ca[i] = v; });
    forEachInColumn(b, j, [&](std::int32_t i, double v) { cb[i] = v; });
    EXPECT_LE((ca - s.dense.col(j)).norm(), 0.0) << j;
    EXPECT_LE((cb - s.dense.col(j)).norm(), 1e-15 * s.dense.col(j).norm() * 4) << j;
  }
}

// The Hessian's fused product u = D ∘ (Xc w + c), g = Xcᵀ u is, to the bit, the products taken in
// turn (multiply, the shift and weights, multiplyTransposed), dense and CSR, with zero weights
// (rows skipped) among them; and the CSR one is the centred matrix's within rounding.
TEST(SparseDesign, TheWeightedProductIsTheProductsInTurn) {
  const SparseData s(30, 12, 0.3, 6, "regression");
  const CenteredDesign dense(s.dense), sparse(s.asSparse().X);
  Random rng(4);
  Vector w(12), D(30);
  for (auto& v : w) v = rng.normal();
  for (Eigen::Index i = 0; i < 30; ++i) D[i] = i % 7 == 0 ? 0 : rng.uniform();
  const double offset = 0.37;
  Vector sparseU;
  Vector sparseG;
  for (const CenteredDesign* X : {&dense, &sparse}) {
    Vector u(30), g(12), uTurn(30), gTurn(12);
    X->multiplyWeightedTransposed(w.data(), offset, D.data(), u.data(), g.data());
    X->multiply(w.data(), uTurn.data());
    uTurn = ((uTurn.array() + offset) * D.array()).matrix();
    X->multiplyTransposed(uTurn.data(), gTurn.data());
    EXPECT_EQ(u, uTurn) << X->sparse();
    EXPECT_EQ(g, gTurn) << X->sparse();
    if (X->sparse()) sparseU = u, sparseG = g;
  }
  const RowMatrix Xc = s.dense.rowwise() - s.dense.colwise().mean();
  const Vector u = ((Xc * w).array() + offset).matrix().cwiseProduct(D), g = Xc.transpose() * u;
  EXPECT_LE((sparseU - u).norm(), 1e-13 * u.norm());
  EXPECT_LE((sparseG - g).norm(), 1e-13 * g.norm());
}

TEST(SparseDesign, EveryMethodThatTakesSparseGivesTheDenseModel) {
  for (const std::string task : {"regression", "binary", "classes"}) {
    const std::string loss = task == "regression" ? "squared" : task == "binary" ? "logistic" : "ova-logistic";
    for (const auto& [n, d] : {std::pair{60, 24}, std::pair{20, 40}}) {
      const SparseData s(n, d, 0.25, 11 + static_cast<std::uint64_t>(n), task);
      for (const Case& c : casesFor(loss, d)) {
        if (loss == "ova-logistic" && c.method == "ihcs") continue;  // single output only
        if (loss != "squared" && (c.method.rfind("cg", 0) == 0 || c.method == "dfg")) continue;  // squared loss only
        const Result a = fit(c.method, s.asDense(), c.params), b = fit(c.method, s.asSparse(), c.params);
        const std::string what = c.method + " " + loss + " " + std::to_string(n) + "x" + std::to_string(d);
        ASSERT_NE(a.status, Status::InvalidInput) << what << ": " << a.message;
        ASSERT_EQ(a.status, b.status) << what << ": " << b.message;
        EXPECT_LE(relativeDifference(b.coef, a.coef), 1e-10) << what;
        EXPECT_LE(relativeDifference(b.intercept, a.intercept), 1e-10) << what;
        EXPECT_EQ(a.groups, b.groups) << what;
        EXPECT_NEAR(a.objective, b.objective, 1e-10 * std::max(1.0, std::abs(a.objective))) << what;
      }
    }
  }
}

TEST(SparseDesign, MinimumNormLeastSquaresAgreesWithTheDenseDecomposition) {
  for (const auto& [n, d] : {std::pair{60, 24}, std::pair{20, 40}}) {
    const SparseData s(n, d, 0.4, 2, "regression");
    const Params p = paramsOf({{"lambda", 0}}, "squared");
    const Result a = fit("ridge", s.asDense(), p), b = fit("ridge", s.asSparse(), p);
    // The dense path decomposes Xc and the sparse one its Gram matrix (condition squared).
    EXPECT_LE(relativeDifference(b.coef, a.coef), 1e-8) << n << "x" << d;
  }
}

TEST(SparseDesign, ConjugateGradientRidgeMatchesTheCholeskyFit) {
  for (const auto& [n, d] : {std::pair{80, 30}, std::pair{30, 80}}) {
    const SparseData s(n, d, 0.2, 4, "regression");
    const CenteredDesign X(s.asSparse().X);
    Matrix T = s.y;
    for (double lambda : {1e-1, 1e-3}) {
      const Matrix direct = ridgeCoefficients(X, T, lambda);
      T.array() -= T.mean();
      const Matrix cg = ridgeByConjugateGradients(X, T, lambda);
      T = s.y;
      EXPECT_LE(relativeDifference(cg, direct), 1e-10) << n << "x" << d << " λ " << lambda;
    }
  }
}

TEST(SparseDesign, CrossValidationGivesTheDenseScores) {
  const SparseData s(60, 20, 0.3, 8, "regression");
  CrossValidationOptions o;
  o.folds = 4;
  const Grid grid{{"lambda", {0.1, 0.01, 0.001}}};
  const Params p = paramsOf({}, "squared");
  const auto a = crossValidate("lasso", s.asDense(), p, grid, o), b = crossValidate("lasso", s.asSparse(), p, grid, o);
  ASSERT_EQ(a.status, Status::Converged) << a.message;
  ASSERT_EQ(b.status, Status::Converged) << b.message;
  ASSERT_EQ(a.best, b.best);
  for (std::size_t g = 0; g < a.grid.size(); ++g) EXPECT_NEAR(a.grid[g].mean, b.grid[g].mean, 1e-10 * a.grid[g].mean);
  EXPECT_LE(relativeDifference(b.model.coef, a.model.coef), 1e-10);
}

TEST(SparseDesign, BadCsrIsNamedByField) {
  const SparseData s(6, 5, 0.5, 1, "regression");
  auto messageOf = [&](std::vector<std::int32_t> indptr, std::vector<std::int32_t> indices,
                       std::vector<double> values) {
    return checkCsr(6, 5, indptr.data(), indptr.size(), indices.data(), indices.size(), values.data(), values.size())
        .message();
  };
  EXPECT_EQ(messageOf(s.indptr, s.indices, s.values), "");
  auto ptr = s.indptr;
  ptr.pop_back();
  EXPECT_EQ(messageOf(ptr, s.indices, s.values).rfind("X.indptr: must have nRows + 1", 0), 0u);
  ptr = s.indptr;
  ptr[0] = 1;
  EXPECT_EQ(messageOf(ptr, s.indices, s.values).rfind("X.indptr: must start at 0", 0), 0u);
  ptr = s.indptr;
  std::swap(ptr[2], ptr[3]);
  if (ptr[2] != ptr[3]) EXPECT_EQ(messageOf(ptr, s.indices, s.values).rfind("X.indptr: must be non-decreasing", 0), 0u);
  auto idx = s.indices;
  idx.back() = 5;
  EXPECT_EQ(messageOf(s.indptr, idx, s.values).rfind("X.indices: entry", 0), 0u);
  idx = s.indices;
  idx[0] = -1;
  EXPECT_EQ(messageOf(s.indptr, idx, s.values).rfind("X.indices: entry 0", 0), 0u);
  idx = s.indices;
  int row = 0;  // a row with two entries: make them equal (a duplicate)
  while (s.indptr[row + 1] - s.indptr[row] < 2) ++row;
  idx[s.indptr[row] + 1] = idx[s.indptr[row]];
  EXPECT_EQ(messageOf(s.indptr, idx, s.values).rfind("X.indices: must be strictly increasing", 0), 0u);
  auto v = s.values;
  v[3] = NAN;
  EXPECT_EQ(messageOf(s.indptr, s.indices, v).rfind("X.values: must be finite (entry 3", 0), 0u);
  v.pop_back();
  EXPECT_EQ(messageOf(s.indptr, s.indices, v).rfind("X.values: must have", 0), 0u);
  // fit() checks the same before any work.
  auto values = s.values;
  values[0] = INFINITY;
  const Problem bad{{6, 5, s.indptr.data(), s.indices.data(), values.data()}, {s.y.data(), s.y.size()}};
  const Result r = fit("ridge", bad, paramsOf({{"lambda", 1}}, "squared"));
  EXPECT_EQ(r.status, Status::InvalidInput);
  EXPECT_EQ(r.message.rfind("X.values: must be finite", 0), 0u) << r.message;
}
