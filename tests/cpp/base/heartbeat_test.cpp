// Heartbeat (base/heartbeat.hpp): a beat reports the caller's last iteration and objective, once
// one is known and its interval has passed, on the thread that made the call only; with no
// progress callback it does nothing.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "supclust/base/heartbeat.hpp"

using namespace supclust;

TEST(Heartbeat, ReportsTheLastIterationOnTheCallersThreadOnly) {
  std::vector<std::pair<int, double>> seen;
  const Control control{[&](int it, double f) {
    seen.emplace_back(it, f);
    return true;
  }};
  Heartbeat every(control, std::chrono::milliseconds(0));
  every.beat();  // no objective told yet: nothing to report
  EXPECT_TRUE(seen.empty());
  every.at(3, 1.5);
  every.beat();
  every.beat();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0], std::make_pair(3, 1.5));
  std::thread helper([&] { every.beat(); });  // a team's helper: no report from there
  helper.join();
  EXPECT_EQ(seen.size(), 2u);
  Heartbeat rare(control, std::chrono::milliseconds(3600000));
  rare.beat();  // within its interval: nothing
  EXPECT_EQ(seen.size(), 2u);
  const Control empty;
  Heartbeat none(empty, std::chrono::milliseconds(0));
  none.beat();  // no callback: nothing to call
}
