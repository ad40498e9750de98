// Fine-grained parallelism inside one solve: a team of threads kept for the solve's length, each
// run() a loop over a few chunks with the calling thread taking part. parallelFor (base/parallel)
// is the coarse form — a thread per task set, the caller polling every 50 ms — too slow to
// start and stop at every step of an iteration whose steps take milliseconds.
//
// Between runs the threads spin briefly before they sleep (a step's passes follow each other
// within microseconds; a futex wake-up per pass cost 7% of DFG's time at d = 300).
//
// A team has helpers only when it is asked for more than one thread, threads exist
// (availableThreads() > 1) and the caller is not itself one of parallelFor's tasks (a table's or
// a cross-validation's fits already fill the threads; see insideParallelTask()). Whatever the
// team's size, run() calls task(c) once for every chunk c: callers that sum per chunk and then
// over the chunks in order get the same bits with any number of threads.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <type_traits>
#include <mutex>
#include <thread>
#include <vector>

namespace supclust {

// True while this thread runs a chunk of some team's run() (a team is not re-entrant: code that
// may be called from a chunk runs on its own thread then).
bool insideTeamTask();

// Where chunk c of [0, n) cut into `chunks` nearly equal ranges starts (chunk `chunks`: at n).
inline std::size_t chunkStart(std::size_t n, std::size_t chunks, std::size_t c) { return n * c / chunks; }

class WorkTeam {
 public:
  explicit WorkTeam(int threads);  // threads ≤ 0: availableThreads()
  ~WorkTeam();
  WorkTeam(const WorkTeam&) = delete;
  WorkTeam& operator=(const WorkTeam&) = delete;

  // The threads that run chunks: the caller and the helpers.
  int size() const { return static_cast<int>(helpers_.size()) + 1; }
  // Calls task(c) for c in [0, chunks) across the team; returns when every call has returned.
  // (No std::function: a step's few runs allocate nothing.)
  template <class Task>
  void run(std::size_t chunks, Task&& task) {
    runErased(
        chunks, [](void* t, std::size_t c) { (*static_cast<std::remove_reference_t<Task>*>(t))(c); },
        const_cast<void*>(static_cast<const void*>(&task)));
  }

 private:
  using Call = void (*)(void*, std::size_t);
  void runErased(std::size_t chunks, Call call, void* task);
  void work();
  void take();  // runs chunks until none is left

  std::vector<std::thread> helpers_;
  std::mutex m_;
  std::condition_variable start_, finished_;
  Call call_ = nullptr;
  void* task_ = nullptr;
  std::size_t chunks_ = 0, next_ = 0;
  std::atomic<std::size_t> done_{0};  // written under m_; read unlocked while spinning
  std::atomic<unsigned long> generation_{0};  // likewise
  bool stop_ = false;
};

// f(from, to) over [0, size) cut into four chunks per thread of the team, every boundary but the
// last a multiple of `unit` (a kernel's block: rows in fours, columns in pairs), so that each
// entry is computed as by one call over the whole.
template <class F>
void runInBlocks(WorkTeam& team, std::size_t size, std::size_t unit, F f) {
  const std::size_t blocks = size / unit, chunks = 4 * static_cast<std::size_t>(team.size());
  team.run(chunks, [&](std::size_t c) {
    f(unit * chunkStart(blocks, chunks, c), c + 1 == chunks ? size : unit * chunkStart(blocks, chunks, c + 1));
  });
}

}  // namespace supclust
