// Coarse parallelism: independent tasks on a few threads (std::thread; pthreads in the
// threaded wasm build). The calling thread computes nothing: it polls, so that progress and
// cancellation stay on the thread that owns the caller's callbacks (in wasm, only that thread
// may call into JavaScript).
#pragma once

#include <cstddef>
#include <functional>

namespace supclust {

// Threads available to parallelFor: 1 in the single-thread wasm build, else the hardware
// concurrency capped at 8 (the size of the threaded build's pthread pool), read at the first call.
int availableThreads();

// True on the threads parallelFor starts for its tasks: a solve there should not start more
// (base/work_team).
bool insideParallelTask();

// Runs task(i) for every i in [0, count) on min(threads, count) threads (threads <= 1: on this
// thread). poll(done) is called on this thread about every 50 ms and after the last task;
// when it returns false, tasks not yet started are skipped. Returns false if cancelled.
bool parallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& task,
                 const std::function<bool(std::size_t)>& poll);

}  // namespace supclust
