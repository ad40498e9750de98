// WorkTeam (base/work_team): every chunk of every run is called exactly once, runs follow each
// other without a lost or repeated chunk, and a team asked for inside parallelFor's tasks has no
// helpers (the table's threads are already busy).
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "supclust/base/parallel.hpp"
#include "supclust/base/work_team.hpp"

using namespace supclust;

TEST(WorkTeam, CallsEveryChunkOncePerRun) {
  WorkTeam team(4);
  EXPECT_EQ(team.size(), std::min(4, availableThreads()));
  std::vector<std::atomic<int>> calls(37);
  for (int run = 0; run < 500; ++run) {
    const std::size_t chunks = 1 + static_cast<std::size_t>(run) % 37;
    team.run(chunks, [&](std::size_t c) { calls[c].fetch_add(1); });
    // After run() returns, each chunk was called once more than before it.
  }
  for (std::size_t c = 0; c < 37; ++c) {
    int expected = 0;
    for (int run = 0; run < 500; ++run) expected += c < 1 + static_cast<std::size_t>(run) % 37 ? 1 : 0;
    EXPECT_EQ(calls[c].load(), expected) << c;
  }
}

TEST(WorkTeam, HasNoHelpersInsideAParallelTask) {
  if (availableThreads() < 2) GTEST_SKIP() << "one thread";
  std::vector<int> sizes(2, 0);
  parallelFor(
      2, 2,
      [&](std::size_t i) {
        WorkTeam team(4);
        sizes[i] = team.size();
      },
      [](std::size_t) { return true; });
  EXPECT_EQ(sizes[0], 1);
  EXPECT_EQ(sizes[1], 1);
  EXPECT_FALSE(insideParallelTask());
}

TEST(WorkTeam, KnowsWhenItRunsAChunk) {
  WorkTeam team(2);
  EXPECT_FALSE(insideTeamTask());
  std::vector<int> inside(8, 0);
  team.run(8, [&](std::size_t c) { inside[c] = insideTeamTask() ? 1 : 0; });
  EXPECT_EQ(inside, std::vector<int>(8, 1));
  EXPECT_FALSE(insideTeamTask());
}
