// Progress: the first event comes before any work, at iteration 0 with the zero model's
// objective (one per family here), and projected gradient reports on every trial step, so a
// long projection (the clustered tasks project K predictors) is never a silent stretch.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

namespace {
struct Event {
  int iteration;
  double objective;
};
Params with(std::initializer_list<std::pair<const char*, double>> numbers, const char* loss = nullptr) {
  Params p;
  for (auto& [k, v] : numbers) p.numbers[k] = v;
  if (loss) p.strings["loss"] = loss;
  return p;
}
}  // namespace

TEST(Progress, TheFirstEventIsTheZeroModelBeforeAnyWork) {
  const auto p = generateE1(60, 12, 3, 0.5, 3);
  Vector classes(60);
  for (Eigen::Index i = 0; i < 60; ++i) classes[i] = static_cast<double>(i % 4);
  const Problem regression{{p.X.data(), 60, 12}, {p.y.data(), 60}}, tasks{{p.X.data(), 60, 12}, {classes.data(), 60}};
  const double zero = 0.5 * p.y.squaredNorm() / 60;  // ½ mean(y²): the zero model, intercept 0
  struct Case {
    const char* method;
    Params params;
    const Problem* problem;
  };
  const std::vector<Case> cases{{"ridge", with({{"lambda", 0.1}}), &regression},
                                {"ihc", with({{"Q", 3}}), &regression},
                                {"dfg", with({{"lambda1", 1e-3}, {"lambda2", 1e-4}}), &regression},
                                {"gem", with({{"gamma", 1}}), &regression},
                                {"experts-am", with({{"Q", 2}, {"restarts", 2}}), &regression},
                                {"tasks-pg", with({{"Q", 2}}), &tasks}};
  for (const Case& c : cases) {
    std::vector<Event> events;
    const Control control{[&](int it, double f) {
      events.push_back({it, f});
      return true;
    }};
    const Result r = fit(c.method, *c.problem, c.params, control);
    ASSERT_NE(r.status, Status::InvalidInput) << c.method << ": " << r.message;
    ASSERT_FALSE(events.empty()) << c.method;
    EXPECT_EQ(events.front().iteration, 0) << c.method;
    if (c.problem == &regression) EXPECT_NEAR(events.front().objective, zero, 1e-12 * zero) << c.method;
  }
}

TEST(Progress, ProjectedGradientReportsEveryTrialStepAndStopsWithinOne) {
  const auto p = generateE1(80, 30, 3, 0.5, 4);
  const Problem problem{{p.X.data(), 80, 30}, {p.y.data(), 80}};
  int calls = 0;
  const Control counting{[&](int, double) { return ++calls, true; }};
  // One start without the exchange search: projected gradient alone.
  Params single = with({{"Q", 3}, {"lambda", 1e-3}, {"starts", 1}});
  single.flags["exchange"] = false;
  const Result r = fit("ihc", problem, single, counting);
  ASSERT_EQ(r.status, Status::Converged) << r.message;
  // The start event, one per iteration, and one per trial step (at least one per iteration).
  EXPECT_GE(calls, 1 + 2 * r.iterations);
  // A stop request during a trial step ends the fit there.
  int seen = 0;
  const Control stopping{[&](int, double) { return ++seen < 3; }};
  const Result stopped = fit("ihc", problem, single, stopping);
  EXPECT_EQ(stopped.status, Status::Aborted);
  EXPECT_EQ(seen, 3);
}

// A fit in phases (CGPG: conditional gradient, then projected gradient; the experts' CG: the
// relaxation, then alternating minimisation) counts on across them: the iterations a caller sees
// never go back, and the last one is at least the first phase's count.
TEST(Progress, CountersGoOnAcrossAFitsPhases) {
  const auto p = generateE1(60, 12, 3, 0.5, 5);
  const Problem problem{{p.X.data(), 60, 12}, {p.y.data(), 60}};
  const std::vector<std::pair<const char*, Params>> cases{
      {"cgpg", with({{"Q", 3}, {"lambda", 1e-2}, {"cgIterations", 20}})},
      {"experts-cg", with({{"Q", 2}, {"maxIterations", 20}})},
      {"ihc", with({{"Q", 3}})}};  // its starts, one after another or side by side
  for (const auto& [method, params] : cases) {
    std::vector<int> seen;
    const Control control{[&](int it, double) {
      seen.push_back(it);
      return true;
    }};
    const Result r = fit(method, problem, params, control);
    ASSERT_NE(r.status, Status::InvalidInput) << method << ": " << r.message;
    // Starts side by side report from the caller's polls only (the start event and the last poll).
    ASSERT_GT(seen.size(), std::string(method) == "ihc" ? 1u : 3u) << method;
    for (std::size_t k = 1; k < seen.size(); ++k) EXPECT_GE(seen[k], seen[k - 1]) << method << " at event " << k;
  }
}
