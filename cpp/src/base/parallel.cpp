#include "supclust/base/parallel.hpp"
#include "supclust/base/thread_limit.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define SUPCLUST_NO_THREADS 1
#endif

namespace supclust {

namespace {
std::atomic<int> threadLimit{8};
}  // namespace

int availableThreads() {
#ifdef SUPCLUST_NO_THREADS
  return 1;
#else
  // Read once: in Node, hardware_concurrency() asks os.cpus(), which reads every core's details
  // (0.04 ms a call on 2 cores, more with more), and every product of a large design asks whether
  // it has a team.
  static const int threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
  return std::min(threads, threadLimit.load(std::memory_order_relaxed));
#endif
}

void limitThreads(int limit) { threadLimit.store(std::clamp(limit, 1, 8), std::memory_order_relaxed); }

namespace {
thread_local bool parallelTask = false;
}  // namespace

bool insideParallelTask() { return parallelTask; }

bool parallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& task,
                 const std::function<bool(std::size_t)>& poll) {
  threads = std::min<int>(std::min(threads, availableThreads()), static_cast<int>(count));
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      if (!poll(i)) return false;
      task(i);
    }
    return poll(count);
  }
#ifndef SUPCLUST_NO_THREADS
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<bool> cancelled{false};
  std::mutex m;
  std::condition_variable finished;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      parallelTask = true;
      for (;;) {
        const std::size_t i = next.fetch_add(1);
        if (i >= count || cancelled.load()) break;
        task(i);
        if (done.fetch_add(1) + 1 == count) {
          std::lock_guard<std::mutex> lock(m);
          finished.notify_all();
        }
      }
    });
  for (;;) {
    std::unique_lock<std::mutex> lock(m);
    finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done.load() == count; });
    lock.unlock();
    const std::size_t now = done.load();
    if (!poll(now)) cancelled = true;
    if (now == count || cancelled) break;
  }
  for (auto& th : pool) th.join();
  return !cancelled;
#else
  return false;
#endif
}

}  // namespace supclust
