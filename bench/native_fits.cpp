// Native timings of the fits bench/sklearn.mjs runs in wasm and beside scikit-learn and glmnet,
// on the same bytes: the wasm / native ratio of each of its rows.
// Usage: supclust_native_fits <dir> <timedMs> <maxRepeats> [<case>] — reads <dir>/native-cases.tsv
// (one case a line: case, method, options as name=value;…, data, n, d, sparse, y file, repeats,
// observation weights' file or empty; only the case named <case>, when given)
// and the arrays sklearn.mjs wrote beside it; prints JSON, one entry a case: the median time with
// X given (each fit checks X, as a call with arrays does; natively nothing is copied) and with X
// held (checked once, its columns kept by the first fit, as sc.dataset), and the held fit's answer.
// Each fit runs on one thread, as in the simd build.
// Timing: sklearn.mjs's rule (two warm-ups, then at least `repeats` fits and more until they add up
// to timedMs, at most maxRepeats; the median).
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "supclust/base/json.hpp"
#include "supclust/base/work_team.hpp"
#include "supclust/core/held_design.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "native_timing.hpp"

using namespace supclust;
using bench::medianMs;
using bench::readArray;

namespace {

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, by);) parts.push_back(part);
  return parts;
}

// "loss=logistic;lambda=0.01;standardize=true": numbers where the value reads as one, booleans, comma-separated lists, else strings.
Params paramsOf(const std::string& options) {
  Params p;
  for (const std::string& entry : split(options, ';')) {
    const std::size_t eq = entry.find('=');
    const std::string key = entry.substr(0, eq), value = entry.substr(eq + 1);
    char* end = nullptr;
    const double number = std::strtod(value.c_str(), &end);
    if (end != value.c_str() && *end == '\0') p.numbers[key] = number;
    else if (value == "true" || value == "false") p.flags[key] = value == "true";
    else if (value.find(',') != std::string::npos)
      for (const std::string& x : split(value, ',')) p.vectors[key].push_back(std::strtod(x.c_str(), nullptr));
    else p.strings[key] = value;
  }
  return p;
}

// fit() on this thread alone: inside a team's task a design starts no team of its own.
Result fitAlone(const std::string& method, const Problem& problem, const Params& params) {
  WorkTeam alone(1);
  Result r;
  alone.run(1, [&](std::size_t) { r = fit(method, problem, params); });
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: supclust_native_fits <dir> <timedMs> <maxRepeats> [<case>]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const double timedMs = std::atof(argv[2]);
  const int maxRepeats = std::atoi(argv[3]);
  const char* only = argc > 4 ? argv[4] : nullptr;
  bench::keepFreedMemoryInTheHeap();
  std::ifstream cases(dir + "/native-cases.tsv");
  std::string line;
  std::getline(cases, line);  // the header
  JsonWriter j;
  j.beginArray();
  while (std::getline(cases, line)) {
    const auto f = split(line, '\t');
    const std::string &name = f[0], &method = f[1], &data = f[3];
    if (only && name != only) continue;
    const Params params = paramsOf(f[2]);
    const Eigen::Index n = std::stol(f[4]), d = std::stol(f[5]);
    const bool sparse = f[6] == "true";
    const std::vector<double> y = readArray<double>(dir + "/" + f[7]);
    const int repeats = std::stoi(f[8]);
    std::vector<double> values;
    std::vector<std::int32_t> indptr, indices;
    if (sparse) {
      values = readArray<double>(dir + "/" + data + "-values.f64");
      indptr = readArray<std::int32_t>(dir + "/" + data + "-indptr.i32");
      indices = readArray<std::int32_t>(dir + "/" + data + "-indices.i32");
    } else {
      values = readArray<double>(dir + "/" + data + "-X.f64");
    }
    const DataMatrix X =
        sparse ? DataMatrix(n, d, indptr.data(), indices.data(), values.data()) : DataMatrix(values.data(), n, d);
    const std::vector<double> weights =
        f.size() > 9 && !f[9].empty() ? readArray<double>(dir + "/" + f[9]) : std::vector<double>();
    const Problem given{X, {y.data(), n}, 1, nullptr, 0, {weights.data(), static_cast<Eigen::Index>(weights.size())}};
    double maxAbs = 0;
    RowVector means;
    if (const Refusal why = checkDesign(X, &maxAbs, &means); !why.empty()) {
      std::fprintf(stderr, "supclust_native_fits: %s: %s\n", name.c_str(), why.message().c_str());
      return 1;
    }
    const HeldDesign design(X, maxAbs, means);
    Problem held = given;
    held.held = &design;
    Result r;
    const double ms = medianMs(
        repeats, [&] { r = fitAlone(method, given, params); }, timedMs, maxRepeats);
    const double heldMs = medianMs(
        repeats, [&] { r = fitAlone(method, held, params); }, timedMs, maxRepeats);
    if (r.status == Status::InvalidInput) {  // a case the library refuses has no model to print
      std::fprintf(stderr, "supclust_native_fits: %s: %s\n", name.c_str(), r.message.c_str());
      return 1;
    }
    j.beginObject().field("case", name).field("ms", ms).field("heldMs", heldMs).field("iterations", r.iterations);
    j.field("status", statusName(r.status)).field("intercept", r.intercept(0)).key("coef").beginArray();
    for (Eigen::Index k = 0; k < d; ++k) j.value(r.coef(k, 0));
    j.endArray().endObject();
  }
  j.endArray();
  std::printf("%s\n", j.text().c_str());
  return 0;
}
