// A model's answers on new rows, and the scores of those answers: the one place both are
// computed (sc.predict, predictProba, predictClass and expertError through the bindings;
// cross-validation, paths and the tables' figures here).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "supclust/core/data_matrix.hpp"
#include "supclust/core/loss.hpp"

namespace supclust {

enum class Metric { Mse, Mae, Error, Deviance, R2, Accuracy, Auc };

// The metrics that make sense for a loss: mse, mae and r2 for real outputs (mse and mae the mean
// over every entry; r2 = 1 − SSE/SST of each column, averaged over columns, 1 for a perfect fit
// of a constant column and else 0 there, as scikit-learn's r2_score); error and accuracy for the
// classification losses (the misclassification rate and its complement: one-vs-all, the largest
// score against the class; 0/1 targets, each entry's sign); auc for the binary ones (the area
// under the ROC curve of each column, averaged); deviance (the loss itself) always.
std::vector<std::string> metricNames(const Loss& loss);
// "" and out set, or a message naming the field "metric". An empty name picks the default:
// mse for regression, error for classification.
Refusal parseMetric(const std::string& name, const Loss& loss, Metric& out);

// Whether larger scores are better (r2, accuracy, auc); the others are errors.
inline bool higherIsBetter(Metric m) { return m == Metric::R2 || m == Metric::Accuracy || m == Metric::Auc; }

// Z: predictions X W + 1 bᵀ (n x K); T: the loss's targets for the same rows. auc: NaN for a
// column of one class. With observation weights (one per row, any positive sum; nullptr: none),
// each row counts by its weight: weighted means of the errors and the loss, r2 about the weighted
// mean, the weighted share of misclassified rows, and the weighted Mann–Whitney statistic.
double score(Metric metric, const Matrix& Z, const Matrix& T, const Loss& loss, const Vector* weights = nullptr);

// Class indices from scores Z, per answer of `block` scores: block 1, each score's sign (1 when
// positive); block K, the largest of each K (the first on ties). Row-major n x (Z.cols() / block).
Labels classIndices(const Matrix& Z, Eigen::Index block);

// A logistic model's probabilities from its scores, n x K: one score per row (binary),
// [1 − p, p]; `oneVsAll`, the K sigmoids normalised per row (1/K each if all underflow);
// otherwise each score's sigmoid (K 0/1 targets, one task each).
Matrix probabilities(const Matrix& Z, bool oneVsAll);

// Experts (Z: Q answers per row, or Q blocks of K class scores): each row's best expert given its
// target. T n x 1: the expert whose answer is closest (the first on ties; the papers'
// min-over-experts error); T n x K one-hot: the first expert whose class is the truth, else the
// one giving the truth the largest margin over the other classes.
Labels bestExperts(const Matrix& Z, const Matrix& T);

// A binary expert's score z as the two class scores (−z, z), for each of Z's Q columns: read
// one-vs-all they give [1 − σ(z), σ(z)], and their margin 2z orders the experts as z does — the
// form of the classifying experts' K class scores (n x 2Q).
Matrix binaryExpertPairs(const Matrix& Z);

// The predictions a model is scored by, on rows X with targets T: by its kind, X W + 1 bᵀ, or
// for experts each row's best expert's answer (its K scores for classes; `binary` experts — one
// score each, T their 0/1 labels — the best one's score). The one place the scoring dispatches on
// the kind.
Matrix scoredPredictions(const Result& model, const DataMatrix& X, const Matrix& T, bool binary = false);

// An experts model's gated mixture as scores on rows X: regression, Σ_q π_q(x) z_q (n x 1);
// `binary` experts, the log-odds of Σ_q π_q(x) σ(z_q) (n x 1, so that a binary metric reads it as
// a logistic model's score); `softmaxClasses` K > 0 (softmax experts), the log of the mixture's
// class probabilities (n x K, whose softmax is the mixture). NaN where the model has no gate of its
// Q experts.
Matrix gatedScores(const Result& model, const DataMatrix& X, bool binary, Eigen::Index softmaxClasses = 0);

// What a prediction call asks of a model. An experts model's Scores, Probabilities and Classes
// are its gated mixture's (gatedMixture); ExpertAnswers are its Q answers and the gate's
// probabilities; Experts, its best answers given the targets (bestExperts).
enum class Answer { Scores, Probabilities, Classes, Experts, ExpertAnswers };

// A model as a prediction reads it: its kind, coefficients d x K', intercepts, and for a
// classifier its K classes (0: none) and whether its scores are read one-vs-all. An experts model
// with 2 classes and one score per expert (its gate's Q columns) has binary experts
// (binaryExpertPairs).
struct Predictor {
  ModelKind kind = ModelKind::Features;
  Matrix coef;
  RowVector intercept;
  Eigen::Index classes = 0;
  bool oneVsAll = false;
  Gate gate;  // experts: d x Q and Q intercepts (empty for a model saved before gates)
  bool softmax = false;  // a multinomial model: its probabilities are the scores' softmax
  bool offset = false;  // fitted with row offsets: its scores on new rows add theirs
};

// A prediction's offsets (core/offset_loss.hpp): n of them for a model fitted with offsets
// (glmnet's newoffset), none for one fitted without; a refusal naming `offset` otherwise.
Refusal checkPredictionOffset(bool fitted, const Vector& offset, Eigen::Index n);

// An experts model's gated answer on rows whose Q answers are Z and whose gate probabilities are
// Pi (n x Q): regression, Σ_q π_q z_q (n x 1); classifiers, the mixture Σ_q π_q P_q of the
// experts' class probabilities (n x K): the softmax of each expert's K scores for `softmax`
// experts, else their one-vs-all probabilities.
Matrix gatedMixture(const Matrix& Z, const Matrix& Pi, Eigen::Index classes, bool softmax = false);

// A prediction call's answer: `values` (Scores: X W + 1 bᵀ, n x K', an experts model's gated
// mixture; Probabilities: n x K; ExpertAnswers: the Q answers, with `gate`; for Experts, each
// row's best expert's answer, a class index for classes), `classes` (Classes:
// row-major n x 1, experts n x Q), `expert` and `mse` (the best answers' mean squared error, NaN for classes) or
// `error` (the rate of rows whose best answer is not their class, NaN for regression).
struct Answers {
  Refusal why;
  Matrix values;
  Matrix gate;  // ExpertAnswers: the gate's probabilities, n x Q
  Labels classes;
  Labels expert;
  double mse = NAN, error = NAN;
};

// The answer `what` of `model` on rows X; Experts reads y (n targets, or class indices when the
// model has classes). Refused naming X when its columns are not the model's features, y when it
// is not one entry per row.
Answers answer(Answer what, const Predictor& model, const DataMatrix& X, const Vector& y,
               const Vector& offset = Vector());

// Binary classification from scores (class 1 when score > 0) against labels in {0, 1}.
struct BinaryRates {
  double accuracy, sensitivity, specificity;  // sensitivity: true-positive rate
};
BinaryRates binaryRates(const Vector& scores, const Vector& labels);

// Area under the ROC curve (the Mann–Whitney statistic): ties count one half. With weights, each
// (positive, negative) pair counts by the product of their weights.
double auc(const Vector& scores, const Vector& labels, const Vector* weights = nullptr);

}  // namespace supclust
