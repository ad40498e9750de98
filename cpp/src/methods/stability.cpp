#include "supclust/methods/stability.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>

#include "supclust/base/fit_cache.hpp"
#include "supclust/base/parallel.hpp"
#include "supclust/base/random.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/methods/cross_validation.hpp"

namespace supclust {

const Schema<StabilityOptions>& stabilitySchema() {
  using S = StabilityOptions;
  static const Schema<S> s = [] {
    Schema<S> o("stability");
    o.integer("resamples", &S::resamples, "subsamples of the rows, one fit each", 100, 1, 100000)
        .number("fraction", &S::fraction, "each subsample's share of the rows (0.5: half-samples)", 0.5, 0, true, 1)
        .seed("seed", &S::seed, "seed of the subsamples", 1)
        .number("threshold", &S::threshold,
                "the frequency from which a pair is reported and joins the consensus partition", 0.5, 0, true, 1)
        .integer("threads", &S::threads, "threads for the fits (0: all the build has; 1 in the simd build)", 0, 0)
        .integer("shardIndex", &S::shardIndex,
                 "fit only the resamples r with r mod shardCount = shardIndex: a partial holding their partitions "
                 "(docs/sharding.md)",
                 0, 0)
        .integer("shardCount", &S::shardCount, "the number of shards the resamples are dealt into (1: not sharded)", 1,
                 1, 100000)
        .labels("partitions", &S::partitions,
                "every resample's partition (resamples × features, row-major: 0 for a zero coefficient, g ≥ 1 for "
                "group g), joined from a sharded run's partials: nothing is fitted again, only counted");
    return o;
  }();
  return s;
}

std::vector<Eigen::Index> subsampleRows(Eigen::Index n, double fraction, std::uint64_t seed, int r) {
  const auto m = std::min<Eigen::Index>(n, std::max<Eigen::Index>(2, std::llround(fraction * static_cast<double>(n))));
  std::vector<Eigen::Index> rows(static_cast<std::size_t>(n));
  std::iota(rows.begin(), rows.end(), 0);
  Random rng(seed ^ (0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(r) + 1)));
  for (Eigen::Index i = 0; i < m; ++i)  // a partial Fisher–Yates: the first m places
    std::swap(
        rows[static_cast<std::size_t>(i)],
        rows[static_cast<std::size_t>(i + static_cast<Eigen::Index>(rng.below(static_cast<std::uint64_t>(n - i))))]);
  rows.resize(static_cast<std::size_t>(m));
  std::sort(rows.begin(), rows.end());
  return rows;
}

namespace {

// The groups of a fit: the features of each distinct non-zero coefficient row, in feature order.
std::vector<std::vector<int>> groupsOf(const Matrix& coef) {
  const Partition rows = partitionOfDistinctRows(coef);
  std::vector<std::vector<int>> groups(static_cast<std::size_t>(rows.centroids.rows()));
  for (std::size_t j = 0; j < rows.labels.size(); ++j)
    groups[static_cast<std::size_t>(rows.labels[j])].push_back(static_cast<int>(j));
  std::vector<std::vector<int>> nonZero;
  for (Eigen::Index g = 0; g < rows.centroids.rows(); ++g)
    if (!rows.centroids.row(g).isZero(0)) nonZero.push_back(std::move(groups[static_cast<std::size_t>(g)]));
  return nonZero;
}

int findRoot(std::vector<int>& parent, int i) {
  while (parent[static_cast<std::size_t>(i)] != i)
    i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
  return i;
}

using Groups = std::vector<std::vector<int>>;  // a fit's groups of features (non-zero rows)

// Resample r's groups decoded from StabilityOptions::partitions (0: not selected, g ≥ 1: group g).
Refusal groupsOfPartitions(const Labels& partitions, std::size_t R, Eigen::Index d, std::vector<Groups>& groups) {
  if (partitions.size() != R * static_cast<std::size_t>(d))
    return Refusal("partitions", "must hold " + std::to_string(R) + " resamples × " + std::to_string(d) +
                                     " features = " + std::to_string(R * static_cast<std::size_t>(d)) +
                                     " labels (got " + std::to_string(partitions.size()) + ")");
  for (std::size_t r = 0; r < R; ++r)
    for (Eigen::Index j = 0; j < d; ++j) {
      const int g = partitions[r * static_cast<std::size_t>(d) + static_cast<std::size_t>(j)];
      if (g < 0 || g > d)
        return Refusal("partitions", "labels must be 0 (not selected) … d (got " + std::to_string(g) + ")");
      if (g == 0) continue;
      if (groups[r].size() < static_cast<std::size_t>(g)) groups[r].resize(static_cast<std::size_t>(g));
      groups[r][static_cast<std::size_t>(g - 1)].push_back(static_cast<int>(j));
    }
  return {};
}

// The fits of the resamples `mine` (on the thread pool), their groups into groups[r]. The answer
// holds the status: Aborted, or InvalidInput naming the first resample the method cannot fit.
StabilityResult fitResamples(const Method& method, const Problem& problem, const Params& params,
                             const StabilityOptions& options, const std::vector<std::size_t>& mine, int threads,
                             const Control& control, std::vector<Groups>& groups) {
  const Eigen::Index n = problem.X.rows();
  const std::size_t R = groups.size();
  std::vector<Result> refused(R);
  std::atomic<bool> stop{false};
  Control inner{[&stop](int, double) { return !stop.load(); }};
  const auto standardizeFlag = params.flags.find("standardize");
  const bool standardize = standardizeFlag != params.flags.end() && standardizeFlag->second;
  const auto task = [&](std::size_t t) {
    const std::size_t r = mine[t];
    const std::vector<Eigen::Index> rows = subsampleRows(n, options.fraction, options.seed, static_cast<int>(r));
    std::vector<bool> take(static_cast<std::size_t>(n), false);
    for (Eigen::Index i : rows) take[static_cast<std::size_t>(i)] = true;
    const Rows sub = selectRows(problem, take);
    // With standardize, the groups are those of the coefficients as fitted, on the subsample's
    // standardized columns (fit() would return them divided by its deviations, no longer equal).
    Result fitted;
    if (standardize) {
      Params plain = params;
      StandardizedProblem scaled;
      const Refusal why = standardizedCall(method, sub.view(), plain, scaled);
      fitted = why.empty() ? fit(method, *scaled.problem, plain, inner) : Result::invalid(why);
    } else {
      fitted = fit(method, sub.view(), params, inner);
    }
    if (fitted.status == Status::InvalidInput) refused[r] = std::move(fitted);
    else if (fitted.status != Status::Aborted) groups[r] = groupsOf(fitted.coef);
  };
  const bool finished = parallelFor(mine.size(), threads, task, [&](std::size_t done) {
    if (!control.keepGoing(static_cast<int>(done), static_cast<double>(mine.size()))) stop = true;
    return !stop.load();
  });
  StabilityResult res;
  if (!finished || stop.load()) {
    res.status = Status::Aborted;
    res.message = "aborted";
    return res;
  }
  for (std::size_t r = 0; r < R; ++r)
    if (refused[r].status == Status::InvalidInput) {  // a subsample the method cannot fit (a class missing)
      res.status = Status::InvalidInput;
      res.field = refused[r].field;
      res.message = "subsample " + std::to_string(r) + " of " + std::to_string(R) + ": " + refused[r].message +
                    " (use a larger fraction)";
      return res;
    }
  return res;
}

// A shard's partial: its resamples' partitions, −1 throughout for the other shards' resamples.
void writePartial(const std::vector<Groups>& groups, const std::vector<std::size_t>& mine, Eigen::Index d,
                  StabilityResult& res) {
  res.partial = true;
  res.partitions.assign(groups.size() * static_cast<std::size_t>(d), -1);
  for (std::size_t r : mine) {
    std::fill_n(res.partitions.begin() + static_cast<std::ptrdiff_t>(r * static_cast<std::size_t>(d)), d, 0);
    for (std::size_t g = 0; g < groups[r].size(); ++g)
      for (int j : groups[r][g])
        res.partitions[r * static_cast<std::size_t>(d) + static_cast<std::size_t>(j)] = static_cast<int>(g + 1);
  }
}

// The selection frequencies, the pairs co-grouped at least `threshold` of the time and (d ≤
// kDenseStabilityFeatures) the co-grouping matrix, counted in resample order. Up to 4096 features
// the pairs are counted in a triangle of ints, beyond as sorted keys i·d + j.
void countGroups(const std::vector<Groups>& groups, Eigen::Index d, double threshold, StabilityResult& res) {
  const bool dense = d <= 4096;
  std::vector<int> selected(static_cast<std::size_t>(d), 0);
  std::vector<int> triangle(dense ? static_cast<std::size_t>(d * (d - 1) / 2) : 0, 0);
  std::vector<std::uint64_t> sparsePairs;
  const auto index = [d](int i, int j) {
    return static_cast<std::size_t>(i) * static_cast<std::size_t>(2 * d - i - 1) / 2 +
           static_cast<std::size_t>(j - i - 1);
  };
  for (const auto& fitGroups : groups)
    for (const std::vector<int>& g : fitGroups)
      for (std::size_t a = 0; a < g.size(); ++a) {
        ++selected[static_cast<std::size_t>(g[a])];
        for (std::size_t b = a + 1; b < g.size(); ++b) {
          if (dense) ++triangle[index(g[a], g[b])];
          else
            sparsePairs.push_back(static_cast<std::uint64_t>(g[a]) * static_cast<std::uint64_t>(d) +
                                  static_cast<std::uint64_t>(g[b]));
        }
      }
  const double resamples = static_cast<double>(groups.size());
  for (int s : selected) res.selection.push_back(s / resamples);
  const auto keep = [&](int i, int j, int count) {
    if (count / resamples >= threshold) res.pairs.push_back({i, j, count / resamples});
  };
  if (dense) {
    for (int i = 0; i < d; ++i)
      for (int j = i + 1; j < d; ++j) keep(i, j, triangle[index(i, j)]);
  } else {
    std::sort(sparsePairs.begin(), sparsePairs.end());  // by (i, j)
    for (std::size_t t = 0, u = 0; t < sparsePairs.size(); t = u) {
      while (u < sparsePairs.size() && sparsePairs[u] == sparsePairs[t]) ++u;
      keep(static_cast<int>(sparsePairs[t] / static_cast<std::uint64_t>(d)),
           static_cast<int>(sparsePairs[t] % static_cast<std::uint64_t>(d)), static_cast<int>(u - t));
    }
  }
  if (d <= kDenseStabilityFeatures) {
    res.coGrouping.assign(static_cast<std::size_t>(d * d), 0);
    for (int i = 0; i < d; ++i) {
      res.coGrouping[static_cast<std::size_t>(i * d + i)] = res.selection[static_cast<std::size_t>(i)];
      for (int j = i + 1; j < d; ++j)
        res.coGrouping[static_cast<std::size_t>(i * d + j)] = res.coGrouping[static_cast<std::size_t>(j * d + i)] =
            triangle[index(i, j)] / resamples;
    }
  }
}

// The consensus: connected components of the kept pairs among the features selected at least
// `threshold` of the time (−1 for the others), numbered in feature order.
void writeConsensus(Eigen::Index d, double threshold, StabilityResult& res) {
  std::vector<int> parent(static_cast<std::size_t>(d));
  std::iota(parent.begin(), parent.end(), 0);
  for (const CoGroupedPair& p : res.pairs)
    parent[static_cast<std::size_t>(findRoot(parent, p.j))] = findRoot(parent, p.i);
  res.consensus.assign(static_cast<std::size_t>(d), -1);
  std::vector<int> label(static_cast<std::size_t>(d), -1);
  int next = 0;
  for (int j = 0; j < d; ++j) {
    if (res.selection[static_cast<std::size_t>(j)] < threshold) continue;
    const int root = findRoot(parent, j);
    if (label[static_cast<std::size_t>(root)] < 0) label[static_cast<std::size_t>(root)] = next++;
    res.consensus[static_cast<std::size_t>(j)] = label[static_cast<std::size_t>(root)];
  }
}

}  // namespace

StabilityResult stability(const Method& method, const Problem& problem, const Params& params,
                          const StabilityOptions& options, const Control& control) {
  if (method.kind != ModelKind::Features)
    return refusedAnswer<StabilityResult>(Refusal(
        "method",
        "stability counts groups of features; method '" + method.name + "' fits " + kindName(method.kind) + " models"));
  std::unique_ptr<HeldDesign> whole;
  if (Refusal why = checkFit(method, problem, params, &whole); !why.empty()) return refusedAnswer<StabilityResult>(why);
  const Eigen::Index n = problem.X.rows(), d = problem.X.cols();
  const int threads = options.threads > 0 ? options.threads : availableThreads();
  const auto m = static_cast<double>(subsampleRows(n, options.fraction, options.seed, 0).size());
  const double pairBytes = d <= 4096 ? 2.0 * static_cast<double>(d) * static_cast<double>(d) : 0;
  if (Refusal why = checkMemory(
          "X",
          "stability of method '" + method.name + "' on " + std::to_string(n) + " × " + std::to_string(d) +
              " data with " + std::to_string(threads) + " threads",
          std::min(threads, 8) * estimateFitBytes(method, m, static_cast<double>(d), 1,
                                                  static_cast<double>(problem.X.stored()) * m / static_cast<double>(n),
                                                  problem.X.sparse()) +
              pairBytes,
          problem.heldBytes);
      !why.empty())
    return refusedAnswer<StabilityResult>(why);
  const auto R = static_cast<std::size_t>(options.resamples);
  if (options.shardIndex >= options.shardCount)
    return refusedAnswer<StabilityResult>(
        Refusal("shardIndex", "must be below shardCount (" + std::to_string(options.shardCount) + ")"));

  std::vector<Groups> groups(R);
  std::vector<std::size_t> mine;  // this call's resamples: all, a shard's, or none (partitions given)
  if (options.partitions) {
    if (options.shardCount > 1)
      return refusedAnswer<StabilityResult>(
          Refusal("partitions", "joins the shards' partitions: give it without shardCount"));
    if (Refusal why = groupsOfPartitions(*options.partitions, R, d, groups); !why.empty())
      return refusedAnswer<StabilityResult>(why);
  } else {
    for (std::size_t r = static_cast<std::size_t>(options.shardIndex); r < R;
         r += static_cast<std::size_t>(options.shardCount))
      mine.push_back(r);
  }
  StabilityResult res = fitResamples(method, problem, params, options, mine, threads, control, groups);
  if (res.status != Status::Converged) return res;
  res.resamples = options.resamples;
  res.rows = static_cast<int>(m);
  if (options.shardCount > 1) {
    writePartial(groups, mine, d, res);
    return res;
  }
  countGroups(groups, d, options.threshold, res);
  writeConsensus(d, options.threshold, res);
  return res;
}

}  // namespace supclust
