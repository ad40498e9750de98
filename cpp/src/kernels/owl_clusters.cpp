#include "supclust/kernels/owl_clusters.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

void OwlClusters::build(const double* beta, std::size_t d) {
  std::vector<std::int32_t> order;
  for (std::size_t i = 0; i < d; ++i)
    if (beta[i] != 0) order.push_back(static_cast<std::int32_t>(i));
  std::sort(order.begin(), order.end(), [beta](std::int32_t a, std::int32_t b) {
    const double x = std::abs(beta[a]), y = std::abs(beta[b]);
    return x > y || (x == y && a < b);
  });
  magnitude_.clear();
  members_.clear();
  for (std::int32_t i : order) {
    const double c = std::abs(beta[i]);
    if (magnitude_.empty() || c != magnitude_.back()) {
      magnitude_.push_back(c);
      members_.emplace_back();
    }
    members_.back().push_back(i);
  }
  start_.assign(magnitude_.size() + 1, 0);
  restart(0);
}

void OwlClusters::restart(std::size_t from) {
  start_.resize(magnitude_.size() + 1);
  for (std::size_t i = from; i < magnitude_.size(); ++i) start_[i + 1] = start_[i] + members_[i].size();
}

OwlClusters::Move OwlClusters::threshold(std::size_t j, double x, double a, const double* cumulative) const {
  const std::size_t K = count(), m = size(j);
  // The other clusters by decreasing magnitude (j removed): the t-th is j's neighbour list's t-th.
  const auto other = [j](std::size_t t) { return t < j ? t : t + 1; };
  const auto below = [&](std::size_t s) { return s + 1 < K ? magnitude_[other(s)] : 0.0; };  // slot s's lower end
  // The OWL weight of the m ranks j takes in slot s (after s other clusters), over a.
  const auto slope = [&](std::size_t s) {
    const std::size_t first = s <= j ? start_[s] : start_[s + 1] - m;
    return (cumulative[first + m] - cumulative[first]) / a;
  };
  const double size = std::abs(x), sign = x < 0 ? -1.0 : 1.0;
  std::size_t s = j;
  double z = size - slope(s);
  if (s > 0 && z >= magnitude_[other(s - 1)]) {
    for (;;) {  // up: at the breakpoint of the cluster above, or into its slot
      const double c = magnitude_[other(s - 1)];
      if (size - c <= slope(s - 1)) return {sign * c, s - 1, true};
      --s;
      z = size - slope(s);
      if (s == 0 || z < magnitude_[other(s - 1)]) return {sign * z, s, false};
    }
  }
  if (z <= below(s)) {
    for (;;) {  // down: at the breakpoint of the cluster below, into its slot, or to zero
      if (s + 1 == K) return {0.0, s, false};
      const double c = magnitude_[other(s)];
      if (size - c >= slope(s + 1)) return {sign * c, s, true};
      ++s;
      z = size - slope(s);
      if (z > below(s)) return {sign * z, s, false};
    }
  }
  return {sign * z, s, false};
}

void OwlClusters::apply(std::size_t j, const Move& move) {
  std::vector<std::int32_t> moved = std::move(members_[j]);
  magnitude_.erase(magnitude_.begin() + static_cast<std::ptrdiff_t>(j));
  members_.erase(members_.begin() + static_cast<std::ptrdiff_t>(j));
  std::size_t from = j;
  if (move.value != 0) {
    const std::size_t s = move.slot;
    if (move.merge) {
      members_[s].insert(members_[s].end(), moved.begin(), moved.end());
    } else {
      magnitude_.insert(magnitude_.begin() + static_cast<std::ptrdiff_t>(s), std::abs(move.value));
      members_.insert(members_.begin() + static_cast<std::ptrdiff_t>(s), std::move(moved));
    }
    from = std::min(from, s);
  }
  restart(from);
}

}  // namespace supclust
