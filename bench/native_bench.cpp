// Native timings for bench/run.mjs (which prints them beside wasm and the npm peer).
// Usage: supclust_bench <values.f64> <repeats>   — prints JSON on stdout.
//   1-D k-means on the first d values of the file for d in {1e2..1e6}, Q in {5, 15};
//   an IHC fit on E1 (n = 150, d = 100, Q = 5, σ = 0.5, seed 1).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <malloc.h>
#include <vector>

#include "supclust/data/synthetic.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

template <class F>
double medianMs(int repeats, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < repeats; ++r) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: supclust_bench <values.f64> <repeats>\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary | std::ios::ate);
  std::vector<double> values(static_cast<std::size_t>(in.tellg()) / sizeof(double));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(double)));
  const int repeats = std::atoi(argv[2]);
  // Keep freed memory in the heap, as wasm's allocator does: otherwise glibc returns every
  // large block to the OS and each call pays fresh page faults, which is not the algorithm.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  std::printf("{\"kmeans1d\":[");
  bool first = true;
  double sink = 0;
  for (std::size_t d : {100u, 1000u, 10000u, 100000u, 1000000u})
    for (int Q : {5, 15}) {
      if (d > values.size()) continue;
      const double ms = medianMs(repeats, [&] { sink += kmeans1d(values.data(), d, Q).sse; });
      std::printf("%s{\"d\":%zu,\"Q\":%d,\"ms\":%.6g}", first ? "" : ",", d, Q, ms);
      first = false;
    }
  const SyntheticProblem p = generateE1(150, 100, 5, 0.5, 1);
  const Problem prob{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
  Params params;
  params.numbers["Q"] = 5;
  const double ihc = medianMs(std::max(200, repeats * 5), [&] { sink += fit("ihc", prob, params).objective; });
  std::printf("],\"ihc\":{\"n\":150,\"d\":100,\"Q\":5,\"ms\":%.6g},\"sink\":%g}\n", ihc, sink);
  return 0;
}
