// Stable groups: a feature-grouping method refitted on random subsamples of the rows (half-samples
// without replacement by default, as stability selection: Meinshausen & Bühlmann 2010; Shah &
// Samworth 2013), and how often each feature is selected (its coefficient row non-zero) and each
// pair of features shares one non-zero value (is co-grouped). The fits run on the thread pool;
// resample r's rows depend on the seed and r alone, and the counts are summed in resample order,
// so the answer is the same for any thread count. The consensus partition joins the pairs
// co-grouped at least `threshold` of the time (connected components: single linkage at that
// level) among the features selected at least that often. The resamples can be dealt to shards
// (each returns its resamples' partitions) and joined (the partitions given back are counted).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "supclust/methods/registry.hpp"
#include "supclust/methods/schema.hpp"

namespace supclust {

struct StabilityOptions {
  int resamples = 100;
  double fraction = 0.5;
  std::uint64_t seed = 1;
  double threshold = 0.5;
  int threads = 0;  // 0: availableThreads()
  // A shard of the resamples: only r with r mod shardCount = shardIndex are fitted; the result is
  // a partial holding their partitions (no counts).
  int shardIndex = 0, shardCount = 1;
  // Every resample's partition (resamples × d, row-major: 0 for a zero coefficient, g ≥ 1 for the
  // g-th group), joined from a sharded run's partials: nothing is fitted, only counted.
  std::optional<Labels> partitions;
};
const Schema<StabilityOptions>& stabilitySchema();

// The features up to which StabilityResult::coGrouping holds every pair (d × d).
constexpr Eigen::Index kDenseStabilityFeatures = 256;

// Resample r's rows: round(fraction · n) of the n rows (at least 2), drawn without replacement
// from a generator seeded by (seed, r), in ascending order.
std::vector<Eigen::Index> subsampleRows(Eigen::Index n, double fraction, std::uint64_t seed, int r);

struct CoGroupedPair {
  int i = 0, j = 0;  // i < j
  double frequency = 0;
};

struct StabilityResult {
  Status status = Status::Converged;
  std::string message;
  std::string field;
  int resamples = 0;
  int rows = 0;  // rows per subsample
  std::vector<double> selection;  // per feature
  std::vector<CoGroupedPair> pairs;  // every pair co-grouped at least `threshold` of the time, by (i, j)
  std::vector<double> coGrouping;  // d ≤ kDenseStabilityFeatures: d × d, the diagonal the selection
  Labels consensus;  // per feature: its consensus group, or −1 (selected less often)
  // A shard's partial (shardCount > 1): each resample's partition as StabilityOptions::partitions
  // encodes it, −1 throughout for the other shards' resamples; the counts above are empty.
  bool partial = false;
  Labels partitions;
};

StabilityResult stability(const Method& method, const Problem& problem, const Params& params,
                          const StabilityOptions& options, const Control& control = {});

}  // namespace supclust
