#include "supclust/base/work_team.hpp"

#include <algorithm>

#include "supclust/base/parallel.hpp"

namespace supclust {

namespace {
// 2000 pauses (10–140 cycles each on x86; plain loads in wasm) of polling before a thread sleeps:
// some 10–100 µs.
constexpr int kSpins = 2000;
inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}
thread_local bool teamTask = false;
// Runs chunk c with teamTask set.
void runChunk(void (*call)(void*, std::size_t), void* task, std::size_t c) {
  const bool outer = teamTask;
  teamTask = true;
  call(task, c);
  teamTask = outer;
}
}  // namespace

bool insideTeamTask() { return teamTask; }

WorkTeam::WorkTeam(int threads) {
  const int wanted = insideParallelTask() ? 1
                     : threads > 0        ? std::min(threads, availableThreads())
                                          : availableThreads();
  for (int t = 1; t < wanted; ++t) helpers_.emplace_back([this] { work(); });
}

WorkTeam::~WorkTeam() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& h : helpers_) h.join();
}

// Chunks are handed out under the lock: a run has a few of them (milliseconds each), so the
// lock is taken a few times a run.
void WorkTeam::take() {
  std::unique_lock<std::mutex> lock(m_);
  while (next_ < chunks_) {
    const std::size_t c = next_++;
    const Call call = call_;
    void* task = task_;
    lock.unlock();
    runChunk(call, task, c);
    lock.lock();
    if (++done_ == chunks_) finished_.notify_all();
  }
}

void WorkTeam::work() {
  unsigned long seen = 0;
  for (;;) {
    for (int i = 0; i < kSpins && generation_.load(std::memory_order_acquire) == seen; ++i) relax();
    {
      std::unique_lock<std::mutex> lock(m_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    take();
  }
}

void WorkTeam::runErased(std::size_t chunks, Call call, void* task) {
  if (helpers_.empty() || chunks <= 1) {
    for (std::size_t c = 0; c < chunks; ++c) runChunk(call, task, c);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(m_);
    call_ = call;
    task_ = task;
    chunks_ = chunks;
    next_ = done_ = 0;
    ++generation_;
  }
  start_.notify_all();
  take();
  for (int i = 0; i < kSpins && done_.load(std::memory_order_acquire) != chunks; ++i) relax();
  std::unique_lock<std::mutex> lock(m_);
  finished_.wait(lock, [&] { return done_ == chunks_; });
}

}  // namespace supclust
