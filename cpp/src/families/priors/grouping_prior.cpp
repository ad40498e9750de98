#include "supclust/families/priors/grouping_prior.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

void PriorCentres::best(const Matrix& W, int s, PriorAssignment& out, const Labels* from) {
  if (W.cols() == 1) bestOfColumn(W, s, out);
  else bestOfRows(W, s, out, from);
}

void PriorCentres::bestOfColumn(const Matrix& W, int s, PriorAssignment& out) {
  const double* w = W.data();
  const auto d = static_cast<std::size_t>(W.rows());
  std::vector<double> centres;
  if (kind_ == PriorKind::Gaussian) {
    means_.solve(w, d, s, meansResult_);
    out.labels = meansResult_.labels;
    centres = meansResult_.centroids;
  } else {
    medians_.solve(w, d, s, mediansResult_);
    out.labels = mediansResult_.labels;
    centres = mediansResult_.centres;
  }
  out.centres = Eigen::Map<const Vector>(centres.data(), static_cast<Eigen::Index>(centres.size()));
  // The deviation from the values themselves (not the DP's prefix-sum costs).
  out.deviation = 0;
  for (std::size_t j = 0; j < d; ++j)
    out.deviation += priorDeviation(kind_, w[j] - centres[static_cast<std::size_t>(out.labels[j])]);
}

GroupDeviationPenalty::GroupDeviationPenalty(PriorKind kind, Labels labels, int groups, double gamma)
    : kind_(kind),
      labels_(std::move(labels)),
      groups_(groups),
      gamma_(gamma),
      members_(static_cast<std::size_t>(groups)) {
  for (std::size_t j = 0; j < labels_.size(); ++j)
    members_[static_cast<std::size_t>(labels_[j])].push_back(static_cast<Eigen::Index>(j));
}

namespace {
double meanOf(const Eigen::Ref<const Vector>& w, const std::vector<Eigen::Index>& g) {
  double s = 0;
  for (Eigen::Index j : g) s += w[j];
  return g.empty() ? 0 : s / static_cast<double>(g.size());
}
// A median of w over g (the lower one for an even count), by selection in `scratch`.
double medianOf(const Eigen::Ref<const Vector>& w, const std::vector<Eigen::Index>& g, std::vector<double>& scratch) {
  if (g.empty()) return 0;
  scratch.clear();
  for (Eigen::Index j : g) scratch.push_back(w[j]);
  const auto mid = scratch.begin() + static_cast<std::ptrdiff_t>((scratch.size() - 1) / 2);
  std::nth_element(scratch.begin(), mid, scratch.end());
  return *mid;
}
}  // namespace

std::vector<double> GroupDeviationPenalty::centres(const Eigen::Ref<const Vector>& w) const {
  std::vector<double> c(static_cast<std::size_t>(groups_));
  for (std::size_t g = 0; g < c.size(); ++g)
    c[g] = kind_ == PriorKind::Gaussian ? meanOf(w, members_[g]) : medianOf(w, members_[g], values_);
  return c;
}

double GroupDeviationPenalty::value(const Matrix& W) const {
  double total = 0;
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    const std::vector<double> c = centres(W.col(k));
    for (std::size_t j = 0; j < labels_.size(); ++j)
      total += priorDeviation(kind_, W(static_cast<Eigen::Index>(j), k) - c[static_cast<std::size_t>(labels_[j])]);
  }
  return gamma_ * total;
}

void GroupDeviationPenalty::prox(Matrix& W, double step) const {
  const double a = step * gamma_;
  if (!(a > 0)) return;
  for (Eigen::Index k = 0; k < W.cols(); ++k) {
    auto v = W.col(k);
    for (const auto& g : members_) {
      if (g.empty()) continue;
      if (kind_ == PriorKind::Gaussian) {
        const double mean = meanOf(v, g), shrink = 1 / (1 + 2 * a);
        for (Eigen::Index j : g) v[j] = mean + (v[j] - mean) * shrink;
        continue;
      }
      // φ(c) = Σ_j clip(v_j − c, −a, a) falls from |g|·a to −|g|·a and is linear between the
      // sorted breakpoints v_j ± a: find the breakpoints around its zero, interpolate.
      breakpoints_.clear();
      for (Eigen::Index j : g) {
        breakpoints_.push_back(v[j] - a);
        breakpoints_.push_back(v[j] + a);
      }
      std::sort(breakpoints_.begin(), breakpoints_.end());
      const auto phi = [&](double c) {
        double s = 0;
        for (Eigen::Index j : g) s += std::clamp(v[j] - c, -a, a);
        return s;
      };
      // The last breakpoint with φ ≥ 0 (φ(first) = |g|·a > 0, φ(last) = −|g|·a < 0).
      std::size_t lo = 0, hi = breakpoints_.size() - 1;
      while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        (phi(breakpoints_[mid]) >= 0 ? lo : hi) = mid;
      }
      const double p = phi(breakpoints_[lo]), q = phi(breakpoints_[hi]);
      const double c = p == 0 || !(p > q) ? breakpoints_[lo]
                                          : breakpoints_[lo] + (breakpoints_[hi] - breakpoints_[lo]) * p / (p - q);
      for (Eigen::Index j : g) {
        const double r = v[j] - c;
        v[j] = c + (r > a ? r - a : r < -a ? r + a : 0.0);
      }
    }
  }
}

}  // namespace supclust
