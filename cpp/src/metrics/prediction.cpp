#include "supclust/metrics/prediction.hpp"

#include <algorithm>

namespace supclust {

namespace {
bool classification(const Loss& loss, Eigen::Index outputs) { return !loss.squared() || outputs > 1; }
}  // namespace

std::vector<std::string> metricNames(const Loss& loss, Eigen::Index outputs) {
  if (classification(loss, outputs)) return {"error", "deviance"};
  return {"mse", "mae", "deviance"};
}

std::string parseMetric(const std::string& name, const Loss& loss, Eigen::Index outputs, Metric& out) {
  const auto names = metricNames(loss, outputs);
  const std::string chosen = name.empty() ? names.front() : name;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  if (std::find(names.begin(), names.end(), chosen) == names.end())
    return "metric: must be one of " + list + " for the loss '" + loss.name() + "' (got '" + chosen + "')";
  out = chosen == "mse" ? Metric::Mse : chosen == "mae" ? Metric::Mae : chosen == "error" ? Metric::Error : Metric::Deviance;
  return "";
}

double score(Metric metric, const Matrix& Z, const Matrix& T, const Loss& loss) {
  const double n = static_cast<double>(Z.rows());
  switch (metric) {
    case Metric::Mse: return (Z - T).squaredNorm() / (n * static_cast<double>(Z.cols()));
    case Metric::Mae: return (Z - T).cwiseAbs().sum() / (n * static_cast<double>(Z.cols()));
    case Metric::Deviance: return loss.value(Z, T);
    case Metric::Error: {
      double wrong = 0;
      for (Eigen::Index i = 0; i < Z.rows(); ++i) {
        if (Z.cols() == 1) {  // binary: targets {0, 1}, predict 1 when z > 0
          wrong += (Z(i, 0) > 0) != (T(i, 0) > 0.5);
        } else {  // one-vs-all: the largest score against the true class
          Eigen::Index predicted, truth;
          Z.row(i).maxCoeff(&predicted);
          T.row(i).maxCoeff(&truth);
          wrong += predicted != truth;
        }
      }
      return wrong / n;
    }
  }
  return 0;
}

}  // namespace supclust
