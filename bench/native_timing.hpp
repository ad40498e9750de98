// What the native bench drivers share (native_bench.cpp, native_fits.cpp): the timing rule, the
// arrays bench/*.mjs wrote for them, and a heap that keeps freed memory as wasm's allocator does.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <malloc.h>
#include <string>
#include <vector>

namespace supclust::bench {

// Two untimed warm-ups, then at least `repeats` timed calls and more until they add up to timedMs
// (at most maxRepeats); the median, in ms.
template <class F>
double medianMs(int repeats, F&& f, double timedMs = 0, int maxRepeats = 0) {
  for (int w = 0; w < 2; ++w) f();
  std::vector<double> t;
  double total = 0;
  while (static_cast<int>(t.size()) < repeats || (total < timedMs && static_cast<int>(t.size()) < maxRepeats)) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
    total += t.back();
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// A file of raw T values; exits naming the file when it cannot be read.
template <class T>
std::vector<T> readArray(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    std::fprintf(stderr, "supclust bench: cannot read %s\n", path.c_str());
    std::exit(1);
  }
  std::vector<T> v(static_cast<std::size_t>(in.tellg()) / sizeof(T));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
  return v;
}

// Keeps freed memory in the heap, as wasm's allocator does: otherwise glibc returns every large
// block to the OS and each call pays fresh page faults, which is not the algorithm.
inline void keepFreedMemoryInTheHeap() {
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

}  // namespace supclust::bench
