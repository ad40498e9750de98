#include "supclust/families/penalties/feature_graph.hpp"

#include <algorithm>
#include <unordered_map>

namespace supclust {

FeatureGraph FeatureGraph::completeOn(std::size_t d) {
  FeatureGraph g;
  g.features = d;
  g.complete = true;
  g.neighbours.resize(d);
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j)
      if (j != i) {
        g.neighbours[i].push_back(j);
        if (i < j) g.edges.emplace_back(i, j);
      }
  return g;
}

FeatureGraph FeatureGraph::fromPairs(std::size_t d, const Labels& flat) {
  FeatureGraph g;
  g.features = d;
  g.neighbours.resize(d);
  for (std::size_t e = 0; e + 1 < flat.size(); e += 2) {
    const auto i = static_cast<std::uint32_t>(flat[e]), j = static_cast<std::uint32_t>(flat[e + 1]);
    g.edges.emplace_back(i, j);
    g.neighbours[i].push_back(j);
    g.neighbours[j].push_back(i);
  }
  for (auto& n : g.neighbours) std::sort(n.begin(), n.end());
  g.complete = d > 0 && g.edges.size() == d * (d - 1) / 2;
  return g;
}

Refusal checkEdges(const std::string& option, const Labels& flat, std::size_t d) {
  const std::string field = "option '" + option + "'";
  if (flat.size() % 2 != 0)
    return Refusal(option,
                   field + " must list pairs of features (got an odd count, " + std::to_string(flat.size()) + ")");
  std::unordered_map<std::uint64_t, std::size_t> seen;
  for (std::size_t e = 0; 2 * e < flat.size(); ++e) {
    const long long i = flat[2 * e], j = flat[2 * e + 1];
    const std::string edge = "edge " + std::to_string(e) + " (" + std::to_string(i) + ", " + std::to_string(j) + ")";
    if (i < 0 || j < 0 || static_cast<std::size_t>(i) >= d || static_cast<std::size_t>(j) >= d)
      return Refusal(option, field + ": " + edge + " is out of range: features are 0.." +
                                 std::to_string(static_cast<long long>(d) - 1));
    if (i == j) return Refusal(option, field + ": " + edge + " joins a feature to itself");
    const auto key = (static_cast<std::uint64_t>(std::min(i, j)) << 32) | static_cast<std::uint64_t>(std::max(i, j));
    const auto [at, fresh] = seen.emplace(key, e);
    if (!fresh) return Refusal(option, field + ": " + edge + " repeats edge " + std::to_string(at->second));
  }
  return {};
}

}  // namespace supclust
