#include "supclust/families/experts/alternating_experts.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>

#include "supclust/base/parallel.hpp"
#include "supclust/base/random.hpp"
#include "supclust/families/experts/sample_exchange.hpp"

namespace supclust {

bool RegressionExperts::fit(const Labels& labels, Experts& out) {
  if (assigned_) groups_.reassign(labels);
  else groups_.assign(labels);
  assigned_ = true;
  return groups_.fit(lambda_, out);
}

bool RegressionExperts::exchange(Labels& labels, const std::function<bool()>& keepGoing) {
  // With fewer samples than the experts have coefficients they fit their groups exactly: no search.
  if (X_.rows() < Q() * (X_.cols() + 1)) return false;
  return exchangeSamples(X_, y_, lambda_, groups_, labels, keepGoing);
}

ExpertsFit alternateExperts(ExpertFamily& family, Labels labels, int maxIterations, const Control& control,
                            bool exchange) {
  ExpertsFit out;
  Experts e;
  family.restart();
  int step = 0;  // the calls to control: one per refit and one per exchange move checked
  for (int t = 0; t < maxIterations; ++t) {
    if (!family.fit(labels, e)) {
      out.status = Status::NumericalIssue;
      out.message = family.failure();
      break;
    }
    const Matrix costs = family.costs(e);
    const double f = expertObjective(costs, labels, family.rowWeights());
    out.history.push_back(f);
    out.iterations = t + 1;
    out.experts = e;
    out.labels = labels;
    out.objective = f;
    if (!control.keepGoing(step++, f)) {
      out.status = Status::Aborted;
      out.message = "aborted";
      break;
    }
    const bool moved = assignCheapest(costs, labels);
    const bool refilled = refillEmptyGroups(costs, family.Q(), labels, family.rowWeights());
    if (moved || refilled) continue;
    bool stopped = false;
    const auto keepGoing = [&] { return !(stopped = stopped || !control.keepGoing(step++, f)); };
    const bool exchanged = exchange && family.exchange(labels, keepGoing);
    if (stopped) {  // the answer is the last fitted partition's
      out.status = Status::Aborted;
      out.message = "aborted";
      break;
    }
    if (!exchanged) {
      out.status = Status::Converged;
      break;
    }
  }
  return out;
}

ExpertsFit alternateExperts(const RowMatrix& X, const Vector& y, int Q, double lambda, Labels labels, int maxIterations,
                            const Control& control, bool exchange) {
  RegressionExperts family(X, y, Q, lambda);
  return alternateExperts(family, std::move(labels), maxIterations, control, exchange);
}

ExpertsFit expertsOfPartition(ExpertFamily& family, Labels labels) {
  ExpertsFit out;
  family.restart();
  if (!family.fit(labels, out.experts)) {
    out.status = Status::NumericalIssue;
    out.message = family.failure();
    return out;
  }
  out.objective = expertObjective(family.costs(out.experts), labels, family.rowWeights());
  out.history = {out.objective};
  out.iterations = 1;
  out.labels = std::move(labels);
  out.status = Status::Converged;
  return out;
}

ExpertsFit expertsOfPartition(const RowMatrix& X, const Vector& y, int Q, double lambda, Labels labels,
                              const Vector* weights) {
  RegressionExperts family(X, y, Q, lambda, weights);
  return expertsOfPartition(family, std::move(labels));
}

bool recordStep(ExpertsFit& out, int t, double f, double& previous, double tolerance, const Control& control) {
  out.history.push_back(f);
  out.iterations = t + 1;
  if (!control.keepGoing(t, f)) {
    out.status = Status::Aborted;
    out.message = "aborted";
    return true;
  }
  if (std::abs(previous - f) <= tolerance * f) {
    out.status = Status::Converged;
    return true;
  }
  previous = f;
  return false;
}

int startsFor(Eigen::Index n, Eigen::Index parameters, int Q) {
  const double work = static_cast<double>(n) * static_cast<double>(parameters) * Q;
  return static_cast<int>(
      std::clamp(std::ceil(kStartsBudget / std::max(1.0, work)), double(kFewestStarts), double(kMostStarts)));
}

std::string startsDescription() {
  return "starts; the lowest objective is kept (0: by the problem's size, ⌈" +
         std::to_string(static_cast<int>(kStartsBudget)) + " / (n·(d + 1)·Q·K)⌉ for K outputs, at least " +
         std::to_string(kFewestStarts) + " and at most " + std::to_string(kMostStarts) + ")";
}

Labels randomStart(Eigen::Index n, int Q, std::uint64_t seed) {
  Random rng(seed);
  Labels labels(static_cast<std::size_t>(n));
  for (auto& l : labels) l = static_cast<std::int32_t>(rng.below(static_cast<std::uint64_t>(Q)));
  // Every group used: the first Q samples of a random order take one group each.
  std::vector<std::size_t> order(labels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
  for (std::size_t q = 0; q < std::min<std::size_t>(static_cast<std::size_t>(Q), order.size()); ++q)
    labels[order[q]] = static_cast<std::int32_t>(q);
  return labels;
}

Labels residualStart(const RowMatrix& X, const Vector& y, int Q, double lambda, std::uint64_t seed) {
  const Eigen::Index n = X.rows();
  ExpertGroups one(X, y, 1);
  one.assign(Labels(static_cast<std::size_t>(n), 0));
  Experts e;
  if (!one.fit(lambda, e)) return randomStart(n, Q, seed);
  const Vector r = y - expertAnswers(X, e).col(0);
  // k-means++ seeding in one dimension: the first seed uniform, each next one with probability
  // proportional to the squared distance to the nearest seed so far.
  Random rng(seed);
  std::vector<double> seeds{r[static_cast<Eigen::Index>(rng.below(static_cast<std::uint64_t>(n)))]};
  Vector d2 = (r.array() - seeds[0]).square().matrix();
  while (static_cast<int>(seeds.size()) < Q) {
    double total = 0;
    for (Eigen::Index i = 0; i < n; ++i) total += d2[i];
    if (!(total > 0)) break;
    double u = rng.uniform() * total;
    Eigen::Index pick = n - 1;
    for (Eigen::Index i = 0; i < n; ++i)
      if ((u -= d2[i]) < 0) {
        pick = i;
        break;
      }
    seeds.push_back(r[pick]);
    d2 = d2.cwiseMin((r.array() - r[pick]).square().matrix());
  }
  Labels labels(static_cast<std::size_t>(n), 0);
  for (Eigen::Index i = 0; i < n; ++i) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < seeds.size(); ++k)
      if (std::abs(r[i] - seeds[k]) < std::abs(r[i] - seeds[best])) best = k;
    labels[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(best);
  }
  return labels;
}

std::vector<std::uint64_t> searchSeeds(std::uint64_t seed, std::size_t count) {
  std::vector<std::uint64_t> seeds(count);
  Random draw(seed);
  for (auto& s : seeds) s = draw.next();
  return seeds;
}

int searchThreads(int threads, double bytesEach) {
  if (insideParallelTask()) return 1;
  const int wanted = threads > 0 ? std::min(threads, availableThreads()) : availableThreads();
  constexpr double kCopiesBytes = 256.0 * 1024 * 1024;
  return std::max(1, std::min(wanted, static_cast<int>(kCopiesBytes / std::max(1.0, bytesEach))));
}

std::vector<ExpertsFit> runSearches(std::size_t runs, int threads, double bytesEach, const Control& control,
                                    const std::function<ExpertsFit(std::size_t, const Control&)>& search) {
  std::vector<ExpertsFit> fits(runs);
  std::mutex m;
  long iterations = 0;
  double lowest = HUGE_VAL;
  std::atomic<bool> stop{false};
  threads = std::min<int>(searchThreads(threads, bytesEach), static_cast<int>(runs));
  const bool alone = threads <= 1;
  Control inner;
  inner.progress = [&](int, double f) {
    if (stop.load()) return false;
    long its;
    double low;
    {
      std::lock_guard<std::mutex> lock(m);
      its = ++iterations;
      low = lowest = std::min(lowest, f);
    }
    // On one thread the caller's callback runs here, between iterations; else from the poll.
    if (alone && !control.keepGoing(static_cast<int>(its - 1), low)) stop = true;
    return !stop.load();
  };
  const auto task = [&](std::size_t i) {
    if (!stop.load()) fits[i] = search(i, inner);
  };
  if (alone) {
    for (std::size_t i = 0; i < runs; ++i) task(i);
  } else {
    parallelFor(runs, threads, task, [&](std::size_t) {
      long its;
      double low;
      {
        std::lock_guard<std::mutex> lock(m);
        its = iterations;
        low = lowest;
      }
      if (its > 0 && !stop.load() && !control.keepGoing(static_cast<int>(its - 1), low)) stop = true;
      return !stop.load();
    });
  }
  if (stop.load())
    for (ExpertsFit& f : fits)
      if (f.status != Status::Aborted) {
        f.status = Status::Aborted;
        f.message = "aborted";
      }
  return fits;
}

ExpertsFit alternateExpertsWithRestarts(ExpertFamily& family, const AlternatingExpertsOptions& o,
                                        const std::function<Labels(std::uint64_t)>& start, const Control& control,
                                        const Labels* extra) {
  const std::size_t first = extra ? 1 : 0, runs = first + static_cast<std::size_t>(std::max(0, o.restarts));
  const std::vector<std::uint64_t> seeds = searchSeeds(o.seed, runs - first);
  // Families for the threads: this one, then copies, each used by one search at a time.
  std::mutex m;
  std::vector<ExpertFamily*> idle{&family};
  std::vector<std::unique_ptr<ExpertFamily>> copies;
  const auto take = [&] {
    std::lock_guard<std::mutex> lock(m);
    if (idle.empty()) {
      copies.push_back(family.copy());
      return copies.back().get();
    }
    ExpertFamily* f = idle.back();
    idle.pop_back();
    return f;
  };
  const auto search = [&](std::size_t i, const Control& c) {
    ExpertFamily* f = take();
    ExpertsFit fit = alternateExperts(*f, i < first ? *extra : start(seeds[i - first]), o.maxIterations, c, o.exchange);
    std::lock_guard<std::mutex> lock(m);
    idle.push_back(f);
    return fit;
  };
  return lowestOf(runSearches(runs, o.threads, family.bytes(), control, search));
}

ExpertsFit lowestOf(std::vector<ExpertsFit> fits) {
  std::size_t best = 0;
  for (std::size_t k = 0; k < fits.size(); ++k) {
    if (fits[k].status == Status::Aborted) return std::move(fits[k]);
    const bool usable = fits[k].status != Status::NumericalIssue;
    if (usable && (fits[best].status == Status::NumericalIssue || fits[k].objective < fits[best].objective)) best = k;
  }
  int atBest = 0;  // none when every search ended in a NumericalIssue (the first's message kept)
  const double lowest = fits[best].objective, within = 1e-9 * std::max(1.0, std::abs(lowest));
  for (const ExpertsFit& f : fits) atBest += f.status != Status::NumericalIssue && f.objective <= lowest + within;
  ExpertsFit out = std::move(fits[best]);
  out.starts = static_cast<int>(fits.size());
  out.startsAtBest = atBest;
  return out;
}

ExpertsFit alternateExpertsWithRestarts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                        const AlternatingExpertsOptions& o, const Control& control,
                                        const Labels* extra) {
  RegressionExperts family(X, y, Q, lambda, o.weights);
  const auto start = [&](std::uint64_t seed) {
    return o.start == AlternatingExpertsOptions::Start::Residuals ? residualStart(X, y, Q, lambda, seed)
                                                                  : randomStart(X.rows(), Q, seed);
  };
  return alternateExpertsWithRestarts(family, o, start, control, extra);
}

}  // namespace supclust
