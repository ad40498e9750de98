// Held-out scores of a fitted model (lower is better), used by cross-validation.
#pragma once

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
// column of one class.
double score(Metric metric, const Matrix& Z, const Matrix& T, const Loss& loss);

// The predictions a model is scored by, on rows X with targets T: by its kind, X W + 1 bᵀ, or
// for experts each row's best answer — regression (T n x 1): the expert closest to its target
// (the papers' min-over-experts error); classification (T n x K one-hot): the K scores of the
// first expert whose class is the truth, else of the one with the truth's largest margin. The
// one place the scoring dispatches on the kind.
Matrix scoredPredictions(const Result& model, const DataMatrix& X, const Matrix& T);

// Binary classification from scores (class 1 when score > 0) against labels in {0, 1}.
struct BinaryRates {
  double accuracy, sensitivity, specificity;  // sensitivity: true-positive rate
};
BinaryRates binaryRates(const Vector& scores, const Vector& labels);

// Area under the ROC curve (the Mann–Whitney statistic): ties count one half.
double auc(const Vector& scores, const Vector& labels);

}  // namespace supclust
