#include "supclust/methods/multi_start.hpp"

#include <atomic>
#include <cmath>

#include "supclust/base/parallel.hpp"

namespace supclust {

Result bestOfStarts(const FitContext& c, int starts, const std::function<Result(const FitContext& at, int k)>& search) {
  std::vector<Result> results(static_cast<std::size_t>(starts));
  const int threads = insideParallelTask() ? 1 : std::min(availableThreads(), starts);
  std::atomic<bool> stop{false};
  int done = 0;
  const bool finished = parallelFor(
      static_cast<std::size_t>(starts), threads,
      [&](std::size_t k) {
        Control at = threads <= 1 ? c.control.after(done) : Control{[&stop](int, double) { return !stop.load(); }};
        at.cache = c.control.cache;
        const FitContext here{c.X, c.loss, c.T, c.options, at, c.warm};
        Result& r = results[k] = search(here, static_cast<int>(k));
        if (r.status == Status::Aborted) stop = true;
        if (threads <= 1) done += r.iterations + 1;
      },
      [&](std::size_t finishedStarts) {
        if (threads > 1 && !c.control.keepGoing(static_cast<int>(finishedStarts), 0)) stop = true;
        return !stop.load();
      });
  if (!finished || stop.load()) {
    Result aborted;
    aborted.status = Status::Aborted;
    return aborted;
  }
  std::size_t best = 0;
  for (std::size_t k = 1; k < results.size(); ++k)
    if (results[k].objective < results[best].objective) best = k;
  const double lowest = results[best].objective;
  int atBest = 0;
  for (const Result& other : results) atBest += other.objective <= lowest + 1e-9 * std::abs(lowest);
  Result r = std::move(results[best]);
  noteStarts(r, starts, atBest);
  return r;
}

}  // namespace supclust
