// A cap on the threads a process uses (base/parallel.cpp's availableThreads()): the wasm module
// instance's, which load({ threads }) sets before its first call.
#pragma once

namespace supclust {

// Caps availableThreads() at `limit` (clamped to [1, 8]) for this process.
void limitThreads(int limit);

}  // namespace supclust
