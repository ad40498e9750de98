// A graph on the features (the `graph` option of the penalty methods; DFG paper §"Incorporating
// Graph Information", after Yang et al. 2012): undirected edges (i, j), i ≠ j, each at most once.
// The pairwise penalties then sum over edges instead of all pairs, and DFG's triple term over
// pairs of edges (i, j), (i, k) that meet at i.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "supclust/base/types.hpp"

namespace supclust {

struct FeatureGraph {
  std::size_t features = 0;
  bool complete = false;
  // Each edge once, as given (i, j); neighbours[i]: the features joined to i, ascending.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::vector<std::vector<std::uint32_t>> neighbours;

  static FeatureGraph completeOn(std::size_t d);
  // From the option's flat list (i0, j0, i1, j1, …), checked by checkEdges().
  static FeatureGraph fromPairs(std::size_t d, const Labels& flat);
  std::size_t degree(std::size_t i) const { return neighbours[i].size(); }
};

// "" when `flat` lists pairs of features in 0..d−1, no loop (i, i), no edge twice (in either
// order); else a message naming the field and the first bad edge.
Refusal checkEdges(const std::string& option, const Labels& flat, std::size_t d);

}  // namespace supclust
