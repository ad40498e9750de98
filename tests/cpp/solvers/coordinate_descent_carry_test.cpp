// Coordinate descent's carried state (solvers/coordinate_descent.hpp): a warm-started fit that
// finds the state the fit ending at its start left in the call's cache reaches the same optimum
// as one that recomputes it — checked by the lasso's KKT conditions computed here from the dense
// matrix, and against the fit without a cache — and a state left for other targets is not used.
// Along a chain of warm fits the KKT check skips the columns its safe bound certifies: every
// point's conditions are checked here on all columns.
#include <gtest/gtest.h>

#include <random>

#include "supclust/base/fit_cache.hpp"
#include "supclust/core/data_matrix.hpp"
#include "supclust/core/design.hpp"
#include "supclust/kernels/soft_threshold.hpp"
#include "supclust/solvers/coordinate_descent.hpp"

using namespace supclust;

namespace coordinate_descent_carry_test {

struct Data {
  RowMatrix X;
  Vector y;
  Data(int n, int d, std::uint64_t seed) : X(n, d), y(n) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < d; ++j) X(i, j) = normal(rng);
    for (int i = 0; i < n; ++i) y[i] = X(i, 0) - 2 * X(i, 1) + 0.5 * X(i, 2) + normal(rng);
  }
  // The lasso's largest KKT violation at (w, the optimal intercept), from the dense matrix.
  double violation(const Vector& w, double lambda) const {
    const RowVector mu = X.colwise().mean();
    const Matrix Xc = X.rowwise() - mu;
    const Vector r = (y.array() - y.mean()).matrix() - Xc * w;
    const Vector g = -Xc.transpose() * r / static_cast<double>(X.rows());
    double worst = 0;
    for (Eigen::Index j = 0; j < w.size(); ++j) worst = std::max(worst, l1Violation(w[j], g[j], lambda));
    return worst;
  }
  double top() const {
    const RowVector mu = X.colwise().mean();
    return ((X.rowwise() - mu).transpose() * (y.array() - y.mean()).matrix()).cwiseAbs().maxCoeff() /
           static_cast<double>(X.rows());
  }
};

const CoordinateDescentOptions kOptions{100000, 1e-10};

// A design with a cache of its own, as a path's points share theirs.
struct Shared {
  FitCache cache;
  CenteredDesign design;
  explicit Shared(const DataMatrix& view) : design(view) { design.shareWork(&cache); }
};
// A cold fit at a·top, then one warm-started from it at b·top (it leaves its state): the second.
Result coldThenWarm(Shared& s, const Vector& y, double top, double a, double b) {
  const Vector w0 = elasticNetCoordinateDescent(s.design, y, a * top, 1, kOptions, {}).coef.col(0);
  return elasticNetCoordinateDescent(s.design, y, b * top, 1, kOptions, {}, &w0);
}

TEST(CoordinateDescentCarry, AWarmFitFromACarriedStateMeetsTheCertificate) {
  for (std::uint64_t seed : {1, 2, 3}) {
    SCOPED_TRACE(seed);
    const Data data(60, 200, seed);  // d > 2n: the cold fit takes its own path of stages
    const DataMatrix view(data.X.data(), data.X.rows(), data.X.cols());
    const double top = data.top();
    Shared shared(view);
    const Result second = coldThenWarm(shared, data.y, top, 0.5, 0.3);
    EXPECT_EQ(shared.cache.results.hits(), 0u);  // a cold fit leaves nothing
    const Vector w2 = second.coef.col(0);
    const Result third = elasticNetCoordinateDescent(shared.design, data.y, 0.1 * top, 1, kOptions, {}, &w2);
    EXPECT_EQ(shared.cache.results.hits(), 1u);  // the second's state, found by its answer
    // The same warm fit recomputing its state.
    const CenteredDesign alone(view);
    const Result reference = elasticNetCoordinateDescent(alone, data.y, 0.1 * top, 1, kOptions, {}, &w2);
    for (const Result* r : {&second, &third, &reference}) ASSERT_EQ(r->status, Status::Converged);
    EXPECT_LE(data.violation(third.coef.col(0), 0.1 * top), 1e-9 * top);
    EXPECT_NEAR(third.objective, reference.objective, 1e-12 * reference.objective);
    EXPECT_EQ((third.coef.array() != 0).count(), (reference.coef.array() != 0).count());
    EXPECT_LE((third.coef - reference.coef).cwiseAbs().maxCoeff(), 1e-8);
  }
}

TEST(CoordinateDescentCarry, AStateLeftForOtherTargetsIsNotUsed) {
  const Data data(50, 120, 4);
  const DataMatrix view(data.X.data(), data.X.rows(), data.X.cols());
  const double top = data.top();
  Shared shared(view);
  const Vector w1 = coldThenWarm(shared, data.y, top, 0.4, 0.2).coef.col(0);
  const Vector other = data.y * 1.5;
  const Result found = elasticNetCoordinateDescent(shared.design, other, 0.1 * top, 1, kOptions, {}, &w1);
  EXPECT_EQ(shared.cache.results.hits(), 0u);
  const CenteredDesign alone(view);
  const Result reference = elasticNetCoordinateDescent(alone, other, 0.1 * top, 1, kOptions, {}, &w1);
  EXPECT_EQ(found.coef, reference.coef);  // recomputed as without a cache: the same bits
  EXPECT_EQ(found.objective, reference.objective);
}

TEST(CoordinateDescentCarry, EveryPointOfAWarmChainMeetsItsConditionsOnEveryColumn) {
  for (const bool sparse : {false, true}) {
    SCOPED_TRACE(sparse ? "CSR" : "dense");
    Data data(80, 300, 5);
    if (sparse) {  // most entries zero: the columns take the sparse storage
      std::mt19937_64 rng(6);
      std::uniform_real_distribution<double> u(0, 1);
      for (Eigen::Index i = 0; i < data.X.rows(); ++i)
        for (Eigen::Index j = 0; j < data.X.cols(); ++j)
          if (u(rng) > 0.08) data.X(i, j) = 0;
    }
    std::vector<std::int32_t> indptr{0}, indices;
    std::vector<double> values;
    for (Eigen::Index i = 0; i < data.X.rows(); ++i) {
      for (Eigen::Index j = 0; j < data.X.cols(); ++j)
        if (data.X(i, j) != 0) indices.push_back(static_cast<std::int32_t>(j)), values.push_back(data.X(i, j));
      indptr.push_back(static_cast<std::int32_t>(indices.size()));
    }
    const DataMatrix view = sparse
                                ? DataMatrix(data.X.rows(), data.X.cols(), indptr.data(), indices.data(), values.data())
                                : DataMatrix(data.X.data(), data.X.rows(), data.X.cols());
    const double top = data.top();
    Shared shared(view);
    Vector w = Vector::Zero(data.X.cols());
    for (int k = 1; k <= 30; ++k) {
      const double lambda = top * std::pow(0.01, k / 30.0);
      const Result r = elasticNetCoordinateDescent(shared.design, data.y, lambda, 1, kOptions, {}, &w);
      ASSERT_EQ(r.status, Status::Converged) << k;
      w = r.coef.col(0);
      EXPECT_LE(data.violation(w, lambda), 1e-9 * top) << k;
    }
    EXPECT_GE(shared.cache.results.hits(), 28u);  // every warm point after the first found its start's state
  }
}

}  // namespace coordinate_descent_carry_test
