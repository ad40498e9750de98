// The non-zero clusters of an OWL (sorted-ℓ1) iterate and the exact minimisation of the penalised
// least squares along one cluster: what coordinate descent over clusters (Larsson, Klopfenstein,
// Massias & Wallin, "Coordinate descent for SLOPE", AISTATS 2023) moves at each step.
//
// A cluster is a set of coordinates sharing one magnitude c > 0 (with signs of their own); the
// clusters are kept by decreasing c, so cluster i occupies the ranks start(i) .. start(i) + size(i) − 1
// of |β| sorted decreasingly, and its OWL weight is the sum of w over those ranks. Coordinates at
// zero are in no cluster: they hold the last ranks.
//
// Moving cluster j to the signed value v while every other coordinate stays: the penalty along v is
// convex and piecewise linear in |v|, with slope ω_s = Σ w over the ranks j would take in slot s
// (above the s-th other cluster); so min_v a/2 (v − x)² + penalty(v) is found by walking the slots
// from j's own, up or down, until the stationarity condition holds in a slot's interval (v
// strictly between two clusters' magnitudes), at a neighbour's magnitude (the clusters merge), or at
// zero (the cluster leaves). O(slots walked).
#pragma once

#include <cstdint>
#include <vector>

namespace supclust {

class OwlClusters {
 public:
  // The clusters of beta's non-zero entries (equal magnitudes form one cluster), indices into beta.
  void build(const double* beta, std::size_t d);

  std::size_t count() const { return magnitude_.size(); }
  double magnitude(std::size_t i) const { return magnitude_[i]; }
  const std::vector<std::int32_t>& members(std::size_t i) const { return members_[i]; }
  std::size_t start(std::size_t i) const { return start_[i]; }
  std::size_t size(std::size_t i) const { return members_[i].size(); }

  // Where cluster j goes when it minimises a/2 (v − x)² + OWL along it (v the signed common value,
  // members' signs held; a > 0; cumulative[k] = w_1 + … + w_k, cumulative[0] = 0): its new
  // magnitude |v| and the sign of v, and which other cluster it joins (or none).
  struct Move {
    double value = 0;  // v (0: the cluster leaves for the zeros)
    std::size_t slot = 0;  // among the other clusters (j removed), by decreasing magnitude: its position
    bool merge = false;  // v's magnitude equals the other cluster at `slot`: it joins it
  };
  Move threshold(std::size_t j, double x, double a, const double* cumulative) const;
  // Applies a move of cluster j (the caller has already set the members' coefficients to ±|v|).
  void apply(std::size_t j, const Move& move);

 private:
  void restart(std::size_t from);
  std::vector<double> magnitude_;
  std::vector<std::vector<std::int32_t>> members_;
  std::vector<std::size_t> start_;  // count() + 1 entries
};

}  // namespace supclust
