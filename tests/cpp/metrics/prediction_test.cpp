// A model's answers on new rows (metrics/prediction's answer()) and its score (sc.score's
// scoreModel) against values computed by hand and by cross-validation.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/metrics/prediction.hpp"

using namespace supclust;

namespace {
// FourRows (1, 0), (0, 1), (1, 1), (2, −1).
struct FourRows {
  RowMatrix X{4, 2};
  FourRows() { X << 1, 0, 0, 1, 1, 1, 2, -1; }
  DataMatrix view() const { return DataMatrix(X.data(), X.rows(), X.cols()); }
};
Predictor predictor(ModelKind kind, Matrix W, RowVector b, Eigen::Index classes = 0, bool oneVsAll = false) {
  return Predictor{kind, std::move(W), std::move(b), classes, oneVsAll};
}
double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }
}  // namespace

TEST(Answer, ScoresAreXWPlusB) {
  const FourRows r;
  Matrix W(2, 2);
  W << 1, -1, 2, 3;
  RowVector b(2);
  b << 0.5, -2;
  const Answers a = answer(Answer::Scores, predictor(ModelKind::Features, W, b), r.view(), Vector());
  ASSERT_TRUE(a.why.empty());
  // Row (2, −1): 2·1 − 1·2 + 0.5 = 0.5; 2·(−1) − 1·3 − 2 = −7.
  Matrix expected(4, 2);
  expected << 1.5, -3, 2.5, 1, 3.5, 0, 0.5, -7;
  EXPECT_EQ(a.values, expected);
}

TEST(Answer, ProbabilitiesOfEachReading) {
  const FourRows r;
  // Binary: one score per row, [1 − p, p].
  Matrix w(2, 1);
  w << 1, -1;
  const Answers binary =
      answer(Answer::Probabilities, predictor(ModelKind::Features, w, RowVector::Zero(1), 2), r.view(), Vector());
  ASSERT_EQ(binary.values.cols(), 2);
  const double z[] = {1, -1, 0, 3};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(binary.values(i, 1), sigmoid(z[i]), 1e-15);
    EXPECT_NEAR(binary.values(i, 0), 1 - sigmoid(z[i]), 1e-15);
  }
  // One-vs-all: sigmoids normalised per row; independent columns: each sigmoid as it is.
  Matrix W(2, 3);
  W << 1, 0, -1, 0, 2, 1;
  const RowVector b = RowVector::Zero(3);
  const Answers ova = answer(Answer::Probabilities, predictor(ModelKind::Features, W, b, 3, true), r.view(), Vector());
  const Answers tasks = answer(Answer::Probabilities, predictor(ModelKind::Tasks, W, b), r.view(), Vector());
  // Row (1, 1): scores (1, 2, 0).
  const double s[] = {sigmoid(1), sigmoid(2), sigmoid(0)}, total = s[0] + s[1] + s[2];
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(ova.values(2, k), s[k] / total, 1e-15);
    EXPECT_NEAR(tasks.values(2, k), s[k], 1e-15);
  }
  EXPECT_NEAR(ova.values.rowwise().sum().maxCoeff(), 1, 1e-15);
  // Scores far below −745: every sigmoid underflows, each class 1/K.
  const Answers far = answer(Answer::Probabilities,
                             predictor(ModelKind::Features, Matrix::Zero(2, 3), RowVector::Constant(3, -800), 3, true),
                             r.view(), Vector());
  EXPECT_EQ(far.values(0, 0), 1.0 / 3);
}

TEST(Answer, ClassesBySignOrLargestScoreFirstOnTies) {
  const FourRows r;
  Matrix w(2, 1);
  w << 1, -1;  // scores 1, −1, 0, 3: a score of exactly 0 is class 0
  const Answers binary =
      answer(Answer::Classes, predictor(ModelKind::Features, w, RowVector::Zero(1), 2), r.view(), Vector());
  EXPECT_EQ(binary.classes, (Labels{1, 0, 0, 1}));
  Matrix W(2, 3);
  W << 1, 1, 0, 0, 0, 1;  // row (1, 0): (1, 1, 0), a tie: class 0; row (0, 1): (0, 0, 1): class 2
  const Answers ova =
      answer(Answer::Classes, predictor(ModelKind::Features, W, RowVector::Zero(3), 3, true), r.view(), Vector());
  EXPECT_EQ(ova.classes, (Labels{0, 2, 0, 0}));
  // Experts: the gated mixture's class (gate_test.cpp); without a gate, refused.
  Matrix E(2, 4);
  E << 1, 0, 0, 1, 0, 1, 1, 0;
  EXPECT_EQ(
      answer(Answer::Classes, predictor(ModelKind::Experts, E, RowVector::Zero(4), 2), r.view(), Vector()).why.field,
      "model.gate");
}

TEST(Answer, ExpertsBestAnswerGivenTheTarget) {
  const FourRows r;
  // Three experts answering x₁, x₂ and 0: rows give (1, 0, 0), (0, 1, 0), (1, 1, 0), (2, −1, 0).
  Matrix W(2, 3);
  W << 1, 0, 0, 0, 1, 0;
  const Vector y = (Vector(4) << 0.9, 0.5, 0.2, -1.5).finished();
  const Answers a = answer(Answer::Experts, predictor(ModelKind::Experts, W, RowVector::Zero(3)), r.view(), y);
  ASSERT_TRUE(a.why.empty());
  // Row 0 (1, 0, 0) against 0.9: expert 0; row 1 (0, 1, 0) against 0.5: all three 0.5 away, the
  // first wins; row 2 (1, 1, 0) against 0.2: expert 2; row 3 (2, −1, 0) against −1.5: expert 1.
  EXPECT_EQ(a.expert, (Labels{0, 0, 2, 1}));
  EXPECT_EQ(a.values.col(0), (Vector(4) << 1, 0, 0, -1).finished());
  EXPECT_NEAR(a.mse, (0.01 + 0.25 + 0.04 + 0.25) / 4, 1e-15);
  EXPECT_TRUE(std::isnan(a.error));
}

TEST(Answer, ClassifyingExpertsFirstNamingTheTruthElseLargestMargin) {
  const FourRows r;
  // Two experts of K = 2 classes: expert 0 scores (x₁, x₂), expert 1 (x₂, x₁).
  Matrix W(2, 4);
  W << 1, 0, 0, 1, 0, 1, 1, 0;
  const Vector y = (Vector(4) << 1, 0, 0, 1).finished();
  const Answers a = answer(Answer::Experts, predictor(ModelKind::Experts, W, RowVector::Zero(4), 2), r.view(), y);
  ASSERT_TRUE(a.why.empty());
  // FourRows: (1, 0) truth 1: margins −1, 1 → expert 1, class 1; (0, 1) truth 0: −1, 1 → expert 1,
  // class 0; (1, 1) truth 0: both 0 (neither names it by a positive margin), the first, whose
  // scores tie and read as class 0; (2, −1) truth 1: −3, 3 → expert 1, class 1.
  EXPECT_EQ(a.expert, (Labels{1, 1, 0, 1}));
  EXPECT_EQ(a.values.col(0), (Vector(4) << 1, 0, 0, 1).finished());
  EXPECT_EQ(a.error, 0);
  EXPECT_TRUE(std::isnan(a.mse));
  // Row (1, 1) with truth 1: both experts score (1, 1), read as class 0: a wrong answer.
  const Answers wrong = answer(Answer::Experts, predictor(ModelKind::Experts, W, RowVector::Zero(4), 2), r.view(),
                               (Vector(4) << 1, 0, 1, 1).finished());
  EXPECT_EQ(wrong.error, 0.25);
}

TEST(Answer, RefusesByField) {
  const FourRows r;
  const Predictor three = predictor(ModelKind::Experts, Matrix::Zero(3, 1), RowVector::Zero(1));
  EXPECT_EQ(answer(Answer::Scores, three, r.view(), Vector()).why.field, "X");
  const Predictor two = predictor(ModelKind::Experts, Matrix::Zero(2, 2), RowVector::Zero(2));
  EXPECT_EQ(answer(Answer::Experts, two, r.view(), Vector::Zero(3)).why.field, "y");
  const Predictor classes = predictor(ModelKind::Experts, Matrix::Zero(2, 4), RowVector::Zero(4), 2);
  EXPECT_EQ(answer(Answer::Experts, classes, r.view(), (Vector(4) << 0, 1, 2, 0).finished()).why.field, "y");
  EXPECT_EQ(answer(Answer::Experts, classes, r.view(), (Vector(4) << 0, 0.5, 1, 0).finished()).why.field, "y");
}

TEST(ErrorMetric, ReadsClassesAsPredictionsDo) {
  // One-vs-all: the largest score, first on ties, against the one-hot truth.
  Matrix Z(3, 3), T = Matrix::Zero(3, 3);
  Z << 1, 1, 0, 0, 2, 1, 3, 0, 3;
  T(0, 0) = T(1, 2) = T(2, 2) = 1;  // truths 0, 2, 2; predictions 0, 1, 0
  EXPECT_DOUBLE_EQ(score(Metric::Error, Z, T, LogisticLoss(true)), 2.0 / 3);
  // 0/1 columns: each entry's sign.
  Matrix z(2, 2), t(2, 2);
  z << 1, -1, 0, 2;
  t << 1, 1, 1, 1;
  EXPECT_DOUBLE_EQ(score(Metric::Error, z, t, LogisticLoss()), 0.5);
}

TEST(R2Metric, IsScaleFreeToTheEdgesOfTheDoubleRange) {
  // Targets (1, 2, 3, 4), predictions (1, 2, 3, 5): SSE 1, SST 5, r2 = 0.8 — and the same for both
  // scaled by 1e160 (whose squares overflow) or 1e-170 (whose squares underflow).
  Matrix Z(4, 1), T(4, 1);
  Z << 1, 2, 3, 5;
  T << 1, 2, 3, 4;
  const SquaredLoss loss;
  EXPECT_DOUBLE_EQ(score(Metric::R2, Z, T, loss), 0.8);
  for (double c : {1e160, 1e-170}) EXPECT_NEAR(score(Metric::R2, Matrix(Z * c), Matrix(T * c), loss), 0.8, 1e-12) << c;
}

// sc.score's scoreModel: by hand on four rows, and as cross-validation scores a held-out fold.
TEST(ScoreModel, ScoresAsByHandAndAsAHeldOutFold) {
  const FourRows r;
  Result model;
  model.coef = (Matrix(2, 1) << 1, -1).finished();
  model.intercept = RowVector::Constant(1, 0.5);
  // Predictions 1.5, −0.5, 0.5, 3.5 against y = (1, 0, 1, 3): residuals 0.5, −0.5, −0.5, 0.5.
  const Vector y = (Vector(4) << 1, 0, 1, 3).finished();
  const Problem rows{r.view(), Eigen::Map<const Vector>(y.data(), 4), 1};
  const ModelScore mse = scoreModel(model, "squared", rows, "");
  ASSERT_TRUE(mse.why.empty()) << mse.why.message();
  EXPECT_EQ(mse.metric, "mse");
  EXPECT_DOUBLE_EQ(mse.value, 0.25);
  EXPECT_DOUBLE_EQ(scoreModel(model, "squared", rows, "mae").value, 0.5);
  // r2 = 1 − 1/SST, SST = Σ(y − 1.25)² = 0.0625 + 1.5625 + 0.0625 + 3.0625 = 4.75.
  const ModelScore r2 = scoreModel(model, "squared", rows, "r2");
  EXPECT_DOUBLE_EQ(r2.value, 1 - 1 / 4.75);
  EXPECT_TRUE(r2.higherIsBetter);
  // Classes 0/1 by the sign of the scores (1.5, −0.5, 0.5, 3.5 → 1, 0, 1, 1) against (1, 0, 0, 1).
  const Vector labels = (Vector(4) << 1, 0, 0, 1).finished();
  const Problem classes{r.view(), Eigen::Map<const Vector>(labels.data(), 4), 1};
  EXPECT_DOUBLE_EQ(scoreModel(model, "logistic", classes, "accuracy").value, 0.75);
  // auc: positives score 1.5, 3.5; negatives −0.5, 0.5: every pair ordered.
  EXPECT_DOUBLE_EQ(scoreModel(model, "logistic", classes, "auc").value, 1);
  EXPECT_EQ(scoreModel(model, "logistic", classes, "mse").why.field, "metric");
  EXPECT_EQ(scoreModel(model, "nope", classes, "").why.field, "model.loss");
  EXPECT_EQ(scoreModel(model, "logistic", rows, "").why.field, "y");  // 3 is not a class of the logistic loss
  const Vector ones = Vector::Ones(4);
  EXPECT_EQ(
      scoreModel(model, "logistic", Problem{r.view(), Eigen::Map<const Vector>(ones.data(), 4), 1}, "auc").why.field,
      "y");

  // A held-out fold: fit on the training rows, score the held rows; cross-validation's score.
  const SyntheticProblem p = generateE1(40, 6, 2, 0.5, 4);
  const Problem all{DataMatrix(p.X.data(), p.X.rows(), p.X.cols()), Eigen::Map<const Vector>(p.y.data(), p.y.size()),
                    1};
  Labels foldId(40);
  for (int i = 0; i < 40; ++i) foldId[static_cast<std::size_t>(i)] = i % 2;
  CrossValidationOptions cv;
  cv.foldId = foldId;
  Params base;
  base.numbers["lambda"] = 0.1;
  const CrossValidationResult g = crossValidate(*findMethod("ridge"), all, base, {{"lambda", {0.1}}}, cv);
  ASSERT_EQ(g.status, Status::Converged);
  for (int k = 0; k < 2; ++k) {
    std::vector<bool> held(40);
    for (int i = 0; i < 40; ++i) held[static_cast<std::size_t>(i)] = i % 2 == k;
    const Rows train = selectRows(all, held, false), test = selectRows(all, held, true);
    const Result fitted = fit("ridge", train.view(), base);
    EXPECT_NEAR(scoreModel(fitted, "squared", test.view(), "").value, g.grid[0].scores[static_cast<std::size_t>(k)],
                1e-12)
        << k;
  }
}
