#include "supclust/metrics/coefficients.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

#include "supclust/metrics/partition.hpp"

namespace supclust {

double dfgMse(const Eigen::Ref<const RowMatrix>& X, const Vector& estimate, const Vector& truth) {
  return (X * (estimate - truth)).squaredNorm() / static_cast<double>(X.rows());
}

double groupingScore(const Vector& estimate, const Vector& truth, double tolerance) {
  const Eigen::Index d = truth.size();
  if (tolerance < 0) tolerance = 1e-6 * estimate.cwiseAbs().maxCoeff();
  std::map<double, std::vector<Eigen::Index>> groups;
  for (Eigen::Index j = 0; j < d; ++j)
    if (truth[j] != 0) groups[truth[j]].push_back(j);
  if (groups.empty() || d < 2) return 0;
  auto same = [&](Eigen::Index a, Eigen::Index b) { return std::abs(estimate[a] - estimate[b]) <= tolerance; };
  double total = 0;
  for (const auto& kv : groups) {
    const auto& I = kv.second;
    std::vector<bool> in(static_cast<std::size_t>(d), false);
    for (Eigen::Index j : I) in[static_cast<std::size_t>(j)] = true;
    double count = 0;
    for (Eigen::Index j : I)
      for (Eigen::Index k = 0; k < d; ++k) {
        if (k == j) continue;
        count += in[static_cast<std::size_t>(k)] ? same(j, k) : !same(j, k);
      }
    total += count / (static_cast<double>(I.size()) * static_cast<double>(d - 1));
  }
  return total / static_cast<double>(groups.size());
}

Labels equalValueGroups(const Vector& values, double tolerance) {
  std::vector<Eigen::Index> order(static_cast<std::size_t>(values.size()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) { return values[a] < values[b]; });
  Labels groups(order.size());
  std::int32_t g = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k > 0 && values[order[k]] - values[order[k - 1]] > tolerance) ++g;
    groups[static_cast<std::size_t>(order[k])] = g;
  }
  return groups;
}

double groupingAdjustedRand(const Vector& estimate, const Vector& truth, double tolerance) {
  if (tolerance < 0) tolerance = 1e-6 * estimate.cwiseAbs().maxCoeff();
  return adjustedRandIndex(equalValueGroups(estimate, tolerance), equalValueGroups(truth, 0));
}

}  // namespace supclust
