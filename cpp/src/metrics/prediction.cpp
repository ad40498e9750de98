#include "supclust/metrics/prediction.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/kernels/radix_sort.hpp"

namespace supclust {

std::vector<std::string> metricNames(const Loss& loss) {
  if (loss.binary()) return {"error", "deviance", "accuracy", "auc"};
  if (loss.classification()) return {"error", "deviance", "accuracy"};
  return {"mse", "mae", "deviance", "r2"};
}

Refusal parseMetric(const std::string& name, const Loss& loss, Metric& out) {
  const auto names = metricNames(loss);
  const std::string chosen = name.empty() ? names.front() : name;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  if (std::find(names.begin(), names.end(), chosen) == names.end())
    return Refusal("metric", "must be one of " + list + " for the loss '" + loss.name() + "' (got '" + chosen + "')");
  static const std::pair<const char*, Metric> all[] = {{"mse", Metric::Mse}, {"mae", Metric::Mae}, {"error", Metric::Error},
                                                       {"deviance", Metric::Deviance}, {"r2", Metric::R2}, {"accuracy", Metric::Accuracy},
                                                       {"auc", Metric::Auc}};
  for (const auto& [label, metric] : all)
    if (chosen == label) out = metric;
  return {};
}

double score(Metric metric, const Matrix& Z, const Matrix& T, const Loss& loss) {
  const double n = static_cast<double>(Z.rows());
  switch (metric) {
    case Metric::Mse: return (Z - T).squaredNorm() / (n * static_cast<double>(Z.cols()));
    case Metric::Mae: return (Z - T).cwiseAbs().sum() / (n * static_cast<double>(Z.cols()));
    case Metric::Deviance: return loss.value(Z, T);
    case Metric::Accuracy: return 1 - score(Metric::Error, Z, T, loss);
    case Metric::R2: {
      double sum = 0;
      for (Eigen::Index k = 0; k < Z.cols(); ++k) {
        const double sse = (Z.col(k) - T.col(k)).squaredNorm(), sst = (T.col(k).array() - T.col(k).mean()).square().sum();
        sum += sst > 0 ? 1 - sse / sst : sse == 0 ? 1 : 0;
      }
      return sum / static_cast<double>(Z.cols());
    }
    case Metric::Auc: {
      double sum = 0;
      for (Eigen::Index k = 0; k < Z.cols(); ++k) sum += auc(Z.col(k), T.col(k));
      return sum / static_cast<double>(Z.cols());
    }
    case Metric::Error: {
      double wrong = 0;
      if (!loss.oneVsAll()) {  // binary per column: targets {0, 1}, predict 1 when z > 0
        for (Eigen::Index k = 0; k < Z.cols(); ++k)
          for (Eigen::Index i = 0; i < Z.rows(); ++i) wrong += (Z(i, k) > 0) != (T(i, k) > 0.5);
        return wrong / (n * static_cast<double>(Z.cols()));
      }
      for (Eigen::Index i = 0; i < Z.rows(); ++i) {  // one-vs-all: the largest score against the true class
        Eigen::Index predicted, truth;
        Z.row(i).maxCoeff(&predicted);
        T.row(i).maxCoeff(&truth);
        wrong += predicted != truth;
      }
      return wrong / n;
    }
  }
  return 0;
}

Matrix scoredPredictions(const Result& model, const DataMatrix& X, const Matrix& T) {
  const Matrix Z = X.predict(model.coef, model.intercept);
  if (model.kind != ModelKind::Experts) return Z;
  if (T.cols() > 1) {
    // Classifying experts: Q blocks of K scores. A row's best answer is the first expert whose
    // class (argmax) is the truth, else the expert giving the truth the largest margin.
    const Eigen::Index K = T.cols(), Q = Z.cols() / K;
    Matrix best(Z.rows(), K);
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
      Eigen::Index truth, pick = 0;
      T.row(i).maxCoeff(&truth);
      double bestMargin = -HUGE_VAL;
      for (Eigen::Index q = 0; q < Q; ++q) {
        const auto z = Z.row(i).segment(q * K, K);
        double other = -HUGE_VAL;
        for (Eigen::Index k = 0; k < K; ++k)
          if (k != truth) other = std::max(other, z[k]);
        const double margin = z[truth] - other;
        if (margin > bestMargin) {
          bestMargin = margin;
          pick = q;
        }
        if (margin > 0) break;  // this expert's class is the truth
      }
      best.row(i) = Z.row(i).segment(pick * K, K);
    }
    return best;
  }
  Matrix best(Z.rows(), 1);
  for (Eigen::Index i = 0; i < Z.rows(); ++i) {
    Eigen::Index q;
    (Z.row(i).array() - T(i, 0)).abs().minCoeff(&q);
    best(i, 0) = Z(i, q);
  }
  return best;
}

BinaryRates binaryRates(const Vector& scores, const Vector& labels) {
  double tp = 0, tn = 0, pos = 0, neg = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    const bool truth = labels[i] > 0.5, predicted = scores[i] > 0;
    (truth ? pos : neg) += 1;
    if (truth && predicted) ++tp;
    if (!truth && !predicted) ++tn;
  }
  return {(tp + tn) / static_cast<double>(scores.size()), pos > 0 ? tp / pos : NAN, neg > 0 ? tn / neg : NAN};
}

double auc(const Vector& scores, const Vector& labels) {
  // Average ranks over ties, then (R_pos − P(P+1)/2) / (P N).
  const Eigen::Index n = scores.size();
  std::vector<std::int32_t> order(static_cast<std::size_t>(n));
  RadixSorter().sort(scores.data(), order.size(), order.data());
  double rankSum = 0, pos = 0;
  for (std::size_t t = 0; t < order.size();) {
    std::size_t u = t;
    while (u < order.size() && scores[order[u]] == scores[order[t]]) ++u;
    const double rank = 0.5 * (static_cast<double>(t + 1) + static_cast<double>(u));  // ranks t+1..u
    for (std::size_t k = t; k < u; ++k)
      if (labels[order[k]] > 0.5) {
        rankSum += rank;
        ++pos;
      }
    t = u;
  }
  const double neg = static_cast<double>(n) - pos;
  if (pos == 0 || neg == 0) return NAN;
  return (rankSum - pos * (pos + 1) / 2) / (pos * neg);
}

}  // namespace supclust
