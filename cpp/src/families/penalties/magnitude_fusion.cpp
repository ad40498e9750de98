#include "supclust/families/penalties/magnitude_fusion.hpp"

#include <algorithm>
#include <vector>

namespace supclust {

namespace {
double sign(double x) { return static_cast<double>((x > 0) - (x < 0)); }
}  // namespace

double truncatedPairSum(const double* x, std::size_t d, double t) {
  std::vector<double> a(x, x + d);
  std::sort(a.begin(), a.end());
  // For each j, the i < j within t of a_j add a_j − a_i, the others t.
  std::vector<double> prefix(d + 1, 0);
  for (std::size_t j = 0; j < d; ++j) prefix[j + 1] = prefix[j] + a[j];
  double s = 0;
  std::size_t lo = 0;
  for (std::size_t j = 0; j < d; ++j) {
    while (a[j] - a[lo] > t) ++lo;
    s += static_cast<double>(j - lo) * a[j] - (prefix[j] - prefix[lo]) + (lo > 0 ? static_cast<double>(lo) * t : 0.0);
  }
  return s;
}

double MagnitudeFusion::value(const Vector& beta) const {
  const Vector a = beta.cwiseAbs();
  const auto d = static_cast<std::size_t>(a.size());
  double l1 = 0, pairs = 0;
  for (std::size_t i = 0; i < d; ++i)
    l1 += (factors ? (*factors)[static_cast<Eigen::Index>(i)] : 1.0) *
          std::min(a[static_cast<Eigen::Index>(i)], threshold);
  if (graph == nullptr) {
    pairs = truncatedPairSum(a.data(), d, threshold);
  } else {
    for (const auto& [i, j] : graph->edges)
      pairs += std::min(std::abs(a[static_cast<Eigen::Index>(i)] - a[static_cast<Eigen::Index>(j)]), threshold);
  }
  return scale() * (lambda1 * l1 + lambda2 * pairs);
}

Vector MagnitudeFusion::concaveGradient(const Vector& beta, const Vector& direction) const {
  const Eigen::Index d = beta.size();
  const Vector a = beta.cwiseAbs();
  Vector c = Vector::Zero(d);  // λ2 Σ_j c_ij, then the ℓ1 part
  if (graph == nullptr) {
    std::vector<double> sorted(a.data(), a.data() + d);
    std::sort(sorted.begin(), sorted.end());
    for (Eigen::Index i = 0; i < d; ++i) {
      const double below =
          static_cast<double>(std::lower_bound(sorted.begin(), sorted.end(), a[i] - threshold) - sorted.begin());
      const double above =
          static_cast<double>(sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), a[i] + threshold));
      c[i] = lambda2 * (2 * below + (static_cast<double>(d - 1) - below - above));
    }
  } else {
    for (const auto& [i0, j0] : graph->edges) {
      const auto i = static_cast<Eigen::Index>(i0), j = static_cast<Eigen::Index>(j0);
      const double gap = a[i] - a[j];
      c[i] += lambda2 * (gap > threshold ? 2 : -gap > threshold ? 0 : 1);
      c[j] += lambda2 * (-gap > threshold ? 2 : gap > threshold ? 0 : 1);
    }
  }
  Vector g(d);
  for (Eigen::Index i = 0; i < d; ++i) {
    const double side = beta[i] != 0 ? sign(beta[i]) : direction.size() == d ? sign(direction[i]) : 0;
    g[i] = scale() * side * (c[i] + (a[i] > threshold ? lambda1 * (factors ? (*factors)[i] : 1.0) : 0));
  }
  return g;
}

}  // namespace supclust
