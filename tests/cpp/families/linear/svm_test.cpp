// The linear SVM (dual coordinate descent): its duality-gap certificate, the optimum against
// an independent projected-gradient solution of the same dual, a separable problem classified
// without error, and bad input named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "supclust/base/random.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/metrics/prediction.hpp"
#include "supclust/solvers/dual_coordinate_descent.hpp"
#include "csr.hpp"

using namespace supclust;

namespace {
void twoClouds(int n, int d, double shift, std::uint64_t seed, RowMatrix& X, Vector& y) {
  Random rng(seed);
  X.resize(n, d);
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    y[i] = i % 2;
    for (int j = 0; j < d; ++j) X(i, j) = rng.normal() + (j == 0 ? shift * (2 * y[i] - 1) : 0.0);
  }
}
// A sparse linear rule: each entry non-zero (1 + uniform) with probability 5 %, y = [xᵀw* +
// 0.3 ε > 0] for Gaussian w*; X dense and as CSR arrays.
struct SparseRule {
  RowMatrix X;
  Vector y;
  CsrArrays csr;
  DataMatrix asCsr() const { return {X.rows(), X.cols(), csr.indptr.data(), csr.indices.data(), csr.values.data()}; }
};
SparseRule sparseRule(int n, int d, std::uint64_t seed) {
  Random rng(seed);
  SparseRule p;
  RowMatrix& X = p.X;
  Vector& y = p.y;
  X = RowMatrix::Zero(n, d);
  y.resize(n);
  Vector truth(d);
  for (int j = 0; j < d; ++j) truth[j] = rng.normal();
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = 0; j < d; ++j)
      if (rng.uniform() < 0.05) s += (X(i, j) = 1 + rng.uniform()) * truth[j];
    y[i] = s + 0.3 * rng.normal() > 0 ? 1 : 0;
  }
  p.csr = csrOf(X);
  return p;
}
}  // namespace

// Both biases: the centred rows' (the default) and liblinear's (the rows as given, a constant
// feature 1 appended), each against its own dual solved apart.
TEST(LinearSvm, ReachesItsDualityGapAndTheProjectedGradientOptimum) {
  RowMatrix X;
  Vector y;
  twoClouds(40, 3, 0.8, 3, X, y);
  X.col(1).array() += 2;  // a column far from zero mean: the two biases differ
  const CenteredDesign Xc(DataMatrix(X.data(), X.rows(), X.cols()));
  for (const bool centred : {true, false})
    for (double lambda : {1e-3, 1e-2, 1e-1}) {
      DualCoordinateDescentOptions opt{100000, 1e-12, 1};
      opt.centred = centred;
      const Result r = linearSvm(Xc, y, lambda, opt, {});
      ASSERT_EQ(r.status, Status::Converged);
      // Independent: projected gradient on the dual box QP, min ½αᵀQα − Σα, 0 ≤ α ≤ C.
      const Eigen::Index n = X.rows();
      const double C = 1 / (lambda * static_cast<double>(n));
      const RowMatrix A = centred ? Xc.X() : X;
      Matrix Q(n, n);
      for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j) Q(i, j) = (2 * y[i] - 1) * (2 * y[j] - 1) * (A.row(i).dot(A.row(j)) + 1);
      const double step = 1 / Eigen::SelfAdjointEigenSolver<Matrix>(Q).eigenvalues().maxCoeff();
      Vector alpha = Vector::Zero(n);
      for (int it = 0; it < 200000; ++it) {
        const Vector g = Q * alpha - Vector::Ones(n);
        alpha = (alpha - step * g).cwiseMax(0.0).cwiseMin(C);
      }
      Vector w = Vector::Zero(X.cols());
      double b = 0;
      for (Eigen::Index i = 0; i < n; ++i) {
        w += alpha[i] * (2 * y[i] - 1) * A.row(i).transpose();
        b += alpha[i] * (2 * y[i] - 1);
      }
      // The problem's primal at (w, b), written out on the rows A.
      const auto primal = [&](const Vector& v, double c) {
        double hinge = 0;
        for (Eigen::Index i = 0; i < n; ++i) hinge += std::max(0.0, 1 - (2 * y[i] - 1) * (A.row(i).dot(v) + c));
        return 0.5 * lambda * (v.squaredNorm() + c * c) + hinge / static_cast<double>(n);
      };
      const double reference = primal(w, b);
      EXPECT_NEAR(r.objective, reference, 1e-8 * reference) << lambda << centred;
      // The answer's intercept is the centred rows' whichever bias is regularised: on the rows A
      // its bias is that, or that − μᵀw for the raw rows.
      const double bias = r.intercept[0] - (centred ? 0.0 : Xc.means().dot(r.coef.col(0).transpose()));
      EXPECT_NEAR(primal(r.coef.col(0), bias), r.objective, 1e-12 * r.objective) << lambda << centred;
      if (centred)
        EXPECT_NEAR(svmPrimal(Xc, y, lambda, r.coef.col(0), r.intercept[0]), r.objective, 1e-12 * r.objective);
      // Weak duality brackets the optimum: the certificate the solver stops on.
      EXPECT_LE(svmDual(alpha, w, b, lambda), r.objective * (1 + 1e-12));
      // A design held only centred (built from the matrix) gives the same answer.
      const CenteredDesign held(X);
      const Result h = linearSvm(held, y, lambda, opt, {});
      EXPECT_NEAR(h.objective, r.objective, 1e-12 * r.objective) << lambda << centred;
    }
}

TEST(LinearSvm, SeparatesSeparableClassesAndNamesBadInput) {
  RowMatrix X;
  Vector y;
  twoClouds(60, 4, 5, 7, X, y);
  const Problem p{{X.data(), X.rows(), X.cols()}, {y.data(), y.size()}};
  Params params;
  params.numbers = {{"lambda", 1e-3}};
  const Result r = fit("svm", p, params);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  const Matrix z = predict(X, r.coef, r.intercept);
  for (Eigen::Index i = 0; i < z.rows(); ++i) EXPECT_EQ(z(i, 0) > 0, y[i] > 0.5);
  params.numbers = {{"lambda", 0}};
  EXPECT_NE(fit("svm", p, params).message.find("lambda"), std::string::npos);
  Vector bad = y;
  bad[3] = 2;
  const Result refused = fit("svm", {{X.data(), X.rows(), X.cols()}, {bad.data(), bad.size()}}, {});
  EXPECT_EQ(refused.status, Status::InvalidInput);
  EXPECT_EQ(refused.message.rfind("y", 0), 0u) << refused.message;
}

// Sparse X (CSR, uncentred, read in place) against the same data dense (5 % non-zero: read as
// CSR rows copied from it): the same certified optimum, for both biases; on a problem large
// enough that shrinking sets many α aside, both reach the gap.
TEST(LinearSvm, SparseRowsReachTheDenseOptimum) {
  const SparseRule p = sparseRule(400, 300, 11);
  const Vector& y = p.y;
  const CenteredDesign dense(DataMatrix(p.X.data(), p.X.rows(), p.X.cols()));
  const CenteredDesign sparse(p.asCsr());
  for (const bool centred : {true, false})
    for (double lambda : {1e-3, 1e-2}) {
      DualCoordinateDescentOptions opt{100000, 1e-10, 1};
      opt.centred = centred;
      const Result a = linearSvm(dense, y, lambda, opt, {});
      const Result b = linearSvm(sparse, y, lambda, opt, {});
      ASSERT_EQ(a.status, Status::Converged) << lambda;
      ASSERT_EQ(b.status, Status::Converged) << lambda;
      EXPECT_NEAR(b.objective, a.objective, 2e-10 * a.objective) << lambda;
      // The sparse fit's w and b, re-scored on the dense design, give its own objective.
      if (centred)
        EXPECT_NEAR(svmPrimal(dense, y, lambda, b.coef.col(0), b.intercept[0]), b.objective, 1e-12 * b.objective)
            << lambda;
      EXPECT_LT((a.coef - b.coef).norm(), 1e-3 * a.coef.norm()) << lambda;
    }
}

// The duality gap is a pass over X, evaluated when its decrease predicts it has reached the
// tolerance: the fit stops within 2 % (and two epochs) of the first epoch whose iterate meets it
// (found by stopping the same seeded run at each epoch, where the gap is always evaluated; on
// this problem the gap falls slowly and unevenly, under 3 % an epoch, and the shrinking keeps
// about half the rows: ten epochs' worth of rows, the latest evaluation, is some 19 epochs), and
// evaluates the gap in fewer than one epoch in twelve (every tenth, as a fixed schedule would,
// is too often).
TEST(LinearSvm, EvaluatesTheGapWhereItIsPredictedToBeMet) {
  const SparseRule p = sparseRule(400, 300, 5);
  const Vector& y = p.y;
  const CenteredDesign sparse(p.asCsr());
  for (const double tolerance : {1e-6, 1e-9}) {
    const DualCoordinateDescentOptions opt{100000, tolerance, 1};
    const Result r = linearSvm(sparse, y, 1e-3, opt, {});
    ASSERT_EQ(r.status, Status::Converged);
    int first = 1;
    while (linearSvm(sparse, y, 1e-3, {first, tolerance, 1}, {}).status != Status::Converged) ++first;
    const int evaluations = static_cast<int>(r.history.size()) - 1;
    EXPECT_LE(r.iterations, first + 2 + first / 50) << tolerance;
    EXPECT_LT(12 * evaluations, r.iterations) << tolerance;
  }
}

// Loss 'ova-hinge': one binary SVM per class on its indicator (LinearSVC's one-vs-rest), the same
// bits as each fitted alone; the objective their sum; the class the largest score.
TEST(LinearSvm, OneVsRestIsOneBinarySvmPerClass) {
  Random rng(9);
  const int n = 90, d = 4;
  RowMatrix X(n, d);
  Vector classes(n);
  for (int i = 0; i < n; ++i) {
    classes[i] = i % 3;
    for (int j = 0; j < d; ++j) X(i, j) = rng.normal() + (j == i % 3 ? 2.0 : 0.0);
  }
  Params p;
  p.strings["loss"] = "ova-hinge";
  p.numbers["lambda"] = 0.05;
  const Result all = fit("svm", {{X.data(), n, d}, {classes.data(), n}}, p);
  ASSERT_EQ(all.status, Status::Converged) << all.message;
  ASSERT_EQ(all.coef.cols(), 3);
  double sum = 0;
  for (int k = 0; k < 3; ++k) {
    const Vector indicator = (classes.array() == k).cast<double>();
    Params q = p;
    q.strings["loss"] = "hinge";
    const Result one = fit("svm", {{X.data(), n, d}, {indicator.data(), n}}, q);
    EXPECT_EQ(Vector(all.coef.col(k)), Vector(one.coef.col(0))) << "class " << k;
    EXPECT_EQ(all.intercept[k], one.intercept[0]);
    sum += one.objective;
  }
  EXPECT_DOUBLE_EQ(all.objective, sum);
  const Answers a = answer(Answer::Classes, Predictor{ModelKind::Features, all.coef, all.intercept, 3, true},
                           DataMatrix(X.data(), n, d), Vector());
  int right = 0;
  for (int i = 0; i < n; ++i) right += a.classes[static_cast<std::size_t>(i)] == classes[i];
  EXPECT_GT(right, n * 3 / 4);  // well-separated classes
}
