#include "supclust/methods/standardization.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/base/format.hpp"

namespace supclust {

const std::vector<OptionSpec>& dataOptions() {
  static const std::vector<OptionSpec> specs{
      OptionSpec("standardize", OptionKind::Boolean,
                 "fit on columns scaled to unit standard deviation (1/n); coef reported on X's scale, groups and "
                 "centroids as formed "
                 "on the standardized columns",
                 0),
      OptionSpec("intercept", OptionKind::Boolean,
                 "fit an intercept (false: b = 0, the model xᵀW through the origin; squared, "
                 "logistic and hinge losses, every method but the experts)",
                 1)};
  return specs;
}

Refusal standardize(const DataMatrix& X, const RowVector& deviations, Standardization& out) {
  out.scales = unitScales(deviations);
  out.X = columnsDividedBy(X, out.scales);
  out.maxAbs = 0;
  for (std::size_t t = 0; t < out.X.values.size(); ++t) {
    out.maxAbs = std::max(out.maxAbs, std::abs(out.X.values[t]));
    if (!std::isfinite(out.X.values[t])) {
      const Eigen::Index j =
          X.sparse() ? X.indices()[t] : static_cast<Eigen::Index>(t % static_cast<std::size_t>(X.cols()));
      return Refusal("standardize",
                     "column " + std::to_string(j) + "'s standard deviation (" + formatNumber(out.scales[j]) +
                         ") is too small to divide its entries by; rescale that column or fit without standardize");
    }
  }
  return {};
}

double standardizedBytes(const DataMatrix& X) {
  const double stored = static_cast<double>(X.stored());
  return 8 * stored + (X.sparse() ? 4 * stored + 4 * (static_cast<double>(X.rows()) + 1) : 0);
}

void unstandardizeResult(Result& r, const RowVector& scales) {
  if (r.coef.rows() == scales.size()) r.coef.array().colwise() /= scales.transpose().array();
  if (r.gate.coef.rows() == scales.size()) r.gate.coef.array().colwise() /= scales.transpose().array();
  if (r.kind == ModelKind::Tasks && r.centroids.cols() == scales.size())
    r.centroids.array().rowwise() /= scales.array();
}

std::string scaleWarning(const RowVector& deviations) {
  Eigen::Index low = -1, high = -1;
  for (Eigen::Index j = 0; j < deviations.size(); ++j) {
    if (!(deviations[j] > 0)) continue;
    if (low < 0 || deviations[j] < deviations[low]) low = j;
    if (high < 0 || deviations[j] > deviations[high]) high = j;
  }
  if (low < 0 || !(deviations[high] > kScaleWarningRatio * deviations[low])) return "";
  return "the columns' standard deviations differ by " + formatNumber(deviations[high] / deviations[low], 3) +
         "× (column " + std::to_string(low) + ": " + formatNumber(deviations[low], 3) + ", column " +
         std::to_string(high) + ": " + formatNumber(deviations[high], 3) +
         "): the penalty and any grouping weigh features by their units; standardize: true "
         "fits them per standard deviation";
}

}  // namespace supclust
