// Native timings for bench/run.mjs (which prints them beside wasm and the npm peer).
// Usage: supclust_bench <dir> <repeats> — reads the inputs run.mjs wrote into <dir>, prints JSON:
//   kmeans1d   1-D k-means on the first d values of values.f64, d in {1e2..1e6}, Q in {5, 15}
//   owl        the OWL prox (OSCAR weights) on the first d values, d in {1e3, 1e5, 1e6}
//   fusion     GFLasso's clique-fusion prox (λ1 = 0.1, λ2 = 1/d) on the same values
//   fits       lasso and OSCAR (ADMM) on the text-like designs text-<d>.f64 (d = 100, 5000), X as given and held
//   ihc        an IHC fit on E1 (n = 150, d = 100, Q = 5, σ = 0.5, seed 1)
//   cg         IHC, CG and CGPG on the same E1 problem: time and objective
//   cv         cross-validation of IHC over 12 λ × 5 folds, 1 and 2 threads
//   penalties  DFG on E1 (n = 200, d = 300, Q = 5, σ = 0.5, seed 3) at three (λ1, λ2), once each;
//              ADFG (γ = 1) there, to its certificate
//   experts    each experts method on an E3-sized mixture (n = 1000, d = 100, Q = 3); experts-am
//              also with five rounds of column screening; experts-am and experts-pg classifying
//              the 6 classes of the tasks generator (n = 1000, d = 20, Q = 2 one-vs-all experts)
//   cholesky   the Cholesky factorisation (kernels/cholesky) of an n × n SPD matrix, n in {100,
//              320, 1000}, alone and on a team of two threads (experts-cg's direct solves)
//   priors     GEM and LEM (ours and the paper's algorithm) on E6 classification, n = 1000:
//              time, objective and test accuracy; a warm-started GEM path over 6 γ; one GEM
//              fit on Reuters (the 2000 × 1000 stories run.mjs writes when the data are there)
//   overhead   a lasso fit that is zero at once (λ = 1e3) on a 2500 × 1000 dense X (20 MB), squared
//              and logistic (labels: the targets' signs)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "supclust/base/json.hpp"
#include "supclust/base/work_team.hpp"
#include "supclust/core/held_design.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"
#include "native_timing.hpp"

using namespace supclust;
using bench::medianMs;
using bench::readArray;

namespace {
std::vector<double> logGrid(double from, double to, int count) {
  std::vector<double> g(count);
  for (int i = 0; i < count; ++i) g[i] = from * std::pow(to / from, i / (count - 1.0));
  return g;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: supclust_bench <dir> <repeats>\n");
    return 2;
  }
  const std::string dir = argv[1];
  const int repeats = std::atoi(argv[2]);
  bench::keepFreedMemoryInTheHeap();
  const std::vector<double> values = readArray<double>(dir + "/values.f64");
  double sink = 0;

  JsonWriter j;
  j.beginObject().key("kmeans1d").beginArray();
  for (std::size_t d : {100u, 1000u, 10000u, 100000u, 1000000u})
    for (int Q : {5, 15}) {
      const double ms = medianMs(repeats, [&] { sink += kmeans1d(values.data(), d, Q).sse; });
      j.beginObject().field("d", static_cast<double>(d)).field("Q", Q).field("ms", ms).endObject();
    }

  j.endArray().key("owl").beginArray();
  for (std::size_t d : {1000u, 100000u, 1000000u}) {
    const auto w = oscarWeights(d, 0.1, 1.0 / static_cast<double>(d));
    std::vector<double> out(d);
    const double ms = medianMs(repeats, [&] {
      OwlProx prox;  // a fresh one, as each API call gets: a reused prox would start its sort
          // from this very point's order and skip the sort
      prox.apply(values.data(), d, w.data(), out.data());
      sink += out[0];
    });
    j.beginObject().field("d", static_cast<double>(d)).field("ms", ms).endObject();
  }

  j.endArray().key("fusion").beginArray();
  for (std::size_t d : {1000u, 100000u, 1000000u}) {
    std::vector<double> out(d);
    const double ms = medianMs(repeats, [&] {
      CliqueFusionProx().apply(values.data(), d, 0.1, 1.0 / static_cast<double>(d), out.data());
      sink += out[0];
    });
    j.beginObject().field("d", static_cast<double>(d)).field("ms", ms).endObject();
  }

  j.endArray().key("fits").beginArray();
  for (int d : {100, 5000}) {
    const std::vector<double> X = readArray<double>(dir + "/text-" + std::to_string(d) + "-X.f64");
    const std::vector<double> y = readArray<double>(dir + "/text-" + std::to_string(d) + "-y.f64");
    const Eigen::Index n = static_cast<Eigen::Index>(y.size());
    const Problem prob{{X.data(), n, d}, {y.data(), n}};
    // X held (checked once; its columns made by the first fit and kept), as sc.dataset holds it.
    double maxAbs = 0;
    checkDesign(prob.X, &maxAbs);
    const HeldDesign held(prob.X, maxAbs);
    Problem heldProb = prob;
    heldProb.held = &held;
    for (const char* method : {"lasso", "oscar"}) {
      Params p;
      if (std::string(method) == "lasso") p.numbers = {{"lambda", 0.05}, {"tolerance", 1e-8}};
      else {
        p.numbers = {{"lambda1", 0.05}, {"lambda2", 0.5 / d}, {"tolerance", 1e-8}};
        p.strings["solver"] = "admm";  // the rows' solver since their start (bench/oscar.mjs has the default's)
      }
      Result r;
      const int reps = d <= 100 ? std::max(31, repeats) : std::max(1, repeats / 3);  // sub-millisecond fits: many calls
      const double ms = medianMs(reps, [&] { r = fit(method, prob, p); });
      const double heldMs = medianMs(reps, [&] { sink += fit(method, heldProb, p).objective; });
      j.beginObject()
          .field("method", method)
          .field("n", static_cast<double>(n))
          .field("d", d)
          .field("ms", ms)
          .field("heldMs", heldMs);
      j.field("iterations", r.iterations)
          .field("objective", r.objective)
          .field("status", statusName(r.status))
          .endObject();
    }
  }

  const SyntheticProblem e1 = generateE1(150, 100, 5, 0.5, 1);
  const RowMatrix& X = e1.X;
  const Problem prob{{X.data(), X.rows(), X.cols()}, {e1.y.data(), e1.y.size()}};
  Params ihcParams;  // one projected-gradient run (the paper's IHC), not the multi-start default
  ihcParams.numbers = {{"Q", 5}, {"starts", 1}};
  ihcParams.flags["exchange"] = false;
  const double ihc = medianMs(std::max(200, repeats * 5), [&] { sink += fit("ihc", prob, ihcParams).objective; });
  j.endArray().key("ihc").beginObject().field("n", 150).field("d", 100).field("Q", 5).field("ms", ihc).endObject();
  j.key("cg").beginArray();
  for (const char* method : {"ihc", "cg", "cgpg"}) {
    Params p;
    p.numbers = {{"Q", 5}, {"lambda", 1e-2}};
    Result r;
    const double ms = medianMs(std::max(1, repeats / 3), [&] { r = fit(method, prob, p); });
    j.beginObject()
        .field("method", method)
        .field("ms", ms)
        .field("iterations", r.iterations)
        .field("objective", r.objective);
    j.field("error", (r.coef.col(0) - e1.coef).norm()).endObject();
  }

  const SyntheticProblem cvData = generateE1(200, 100, 5, 0.5, 2);
  const RowMatrix& cvX = cvData.X;
  const Problem cvProb{{cvX.data(), cvX.rows(), cvX.cols()}, {cvData.y.data(), cvData.y.size()}};
  j.endArray().key("cv").beginArray();
  for (int threads : {1, 2}) {
    CrossValidationOptions o;
    o.threads = threads;
    const double ms = medianMs(std::max(15, repeats), [&] {  // ~30 ms a call, and noisy: 15 calls
      sink += crossValidate("ihc", cvProb, ihcParams, {{"lambda", logGrid(10, 1e-4, 12)}}, o).model.objective;
    });
    j.beginObject().field("threads", threads).field("ms", ms).endObject();
  }
  const SyntheticProblem wide = generateE1(200, 300, 5, 0.5, 3);
  const Problem wideProb{{wide.X.data(), wide.X.rows(), wide.X.cols()}, {wide.y.data(), wide.y.size()}};
  j.endArray().key("penalties").beginArray();
  const std::vector<std::pair<double, double>> dfgLambdas = {{1e-2, 1e-4}, {1e-3, 1e-5}, {1e-4, 1e-6}};
  for (std::size_t k = 0; k <= dfgLambdas.size(); ++k) {
    const bool adfg = k == dfgLambdas.size();
    Params p;
    if (adfg) p.numbers = {{"lambda1", 1e-3}, {"lambda2", 1e-3}, {"lambda3", 1e-5}, {"gamma", 1}};
    else p.numbers = {{"lambda1", dfgLambdas[k].first}, {"lambda2", dfgLambdas[k].second}};
    Result r;
    const double ms = medianMs(1, [&] { r = fit(adfg ? "adfg" : "dfg", wideProb, p); });
    j.beginObject()
        .field("method", adfg ? "adfg" : "dfg")
        .field("lambda1", p.numbers["lambda1"])
        .field("lambda2", p.numbers["lambda2"]);
    j.field("ms", ms)
        .field("iterations", r.iterations)
        .field("objective", r.objective)
        .field("status", statusName(r.status))
        .endObject();
  }
  // GEM / LEM on E6 classification (n = 1000 training rows, 1000 test rows, seed 5), logistic,
  // λ = 1e-3, γ = 0.1: ours and the paper's algorithm; then a γ path of 6 values warm-started.
  GeneratorOptions go;
  go.n = 1000;
  go.nTest = 1000;
  go.seed = 5;
  go.task = "classification";
  go.sigma = 1;
  SyntheticProblem e6;
  generate("e6", go, e6);
  const Problem e6Prob{{e6.X.data(), e6.X.rows(), e6.X.cols()}, {e6.y.data(), e6.y.size()}};
  const auto accuracy = [&](const Result& r) {
    const Matrix z = predict(e6.Xtest, r.coef, r.intercept);
    double hits = 0;
    for (Eigen::Index i = 0; i < z.rows(); ++i) hits += (z(i, 0) > 0) == (e6.ytest[i] > 0.5);
    return hits / static_cast<double>(z.rows());
  };
  j.endArray().key("priors").beginArray();
  for (const char* method : {"gem", "lem"})
    for (const char* algorithm : {"exact", "paper"}) {
      Params p;
      p.numbers = {{"gamma", 0.1}, {"lambda", 1e-3}};
      p.strings = {{"loss", "logistic"}, {"algorithm", algorithm}};
      Result r;
      const double ms = medianMs(std::max(1, repeats / 3), [&] { r = fit(method, e6Prob, p); });
      j.beginObject()
          .field("method", method)
          .field("algorithm", algorithm)
          .field("ms", ms)
          .field("iterations", r.iterations);
      j.field("objective", r.objective)
          .field("status", statusName(r.status))
          .field("accuracy", accuracy(r))
          .endObject();
    }
  const std::vector<double> gammas = logGrid(1e-4, 10, 6);
  const double pathMs = medianMs(std::max(1, repeats / 3), [&] {
    WarmStart warm;
    for (std::size_t k = 0; k < gammas.size(); ++k) {
      Params p;
      p.numbers = {{"gamma", gammas[k]}, {"lambda", 1e-3}};
      p.strings = {{"loss", "logistic"}};
      const Result r = fit("gem", e6Prob, p, {}, k ? &warm : nullptr);
      warm = {r.coef, r.intercept};
    }
  });
  j.endArray()
      .key("priorPath")
      .beginObject()
      .field("points", static_cast<double>(gammas.size()))
      .field("ms", pathMs)
      .endObject();
  // One GEM fit on the Reuters stories run.mjs wrote (2000 × 1000 present/absent), if any.
  if (std::ifstream(dir + "/reuters-X.f64").good()) {
    const std::vector<double> rx = readArray<double>(dir + "/reuters-X.f64"),
                              ry = readArray<double>(dir + "/reuters-y.f64");
    const auto n = static_cast<Eigen::Index>(ry.size()), d = static_cast<Eigen::Index>(rx.size()) / n;
    const Problem reuters{{rx.data(), n, d}, {ry.data(), n}};
    Params p;
    p.numbers = {{"gamma", 0.1}, {"lambda", 1e-3}};
    p.strings = {{"loss", "logistic"}};
    Result r;
    const double ms = medianMs(std::max(1, repeats / 3), [&] { r = fit("gem", reuters, p); });
    j.key("reutersGem").beginObject().field("ms", ms).field("iterations", r.iterations).field("objective", r.objective);
    j.field("status", statusName(r.status)).endObject();
  }
  // Clustered tasks on the 20 Newsgroups topics stand-in run.mjs wrote (CSR: 1400 messages ×
  // 5000 words, 10 classes), if any: one fit of each clustered method, Q = 5.
  if (std::ifstream(dir + "/topics-values.f64").good()) {
    const std::vector<double> values = readArray<double>(dir + "/topics-values.f64"),
                              y = readArray<double>(dir + "/topics-y.f64");
    const std::vector<double> ip = readArray<double>(dir + "/topics-indptr.f64"),
                              ix = readArray<double>(dir + "/topics-indices.f64");
    const std::vector<std::int32_t> indptr(ip.begin(), ip.end()), indices(ix.begin(), ix.end());
    const auto n = static_cast<Eigen::Index>(y.size());
    const Eigen::Index d = static_cast<Eigen::Index>(readArray<double>(dir + "/topics-d.f64")[0]);
    const Problem topics{{n, d, indptr.data(), indices.data(), values.data()}, {y.data(), n}};
    j.key("tasks").beginArray();
    const char* methods[] = {"tasks-pg", "tasks-ssc", "tasks-cg", "tasks-frobenius", "tasks-trace"};
    for (int c = 0; c < 5; ++c) {
      Params p;
      p.strings = {{"loss", c == 2 || c == 4 ? "ova-squared" : "ova-logistic"}};
      if (c < 3) p.numbers = {{"Q", 5}, {"between", 1e-5}, {"mean", 1e-5}};
      if (c == 1 || c == 2) p.numbers["within"] = 1e-5;
      if (c == 3) p.numbers = {{"lambda", 1e-6}};
      if (c == 4) p.numbers = {{"mu", 1e-3}};
      Result r;
      const double ms = medianMs(std::max(1, repeats / 3), [&] { r = fit(methods[c], topics, p); });
      j.beginObject()
          .field("method", methods[c])
          .field("ms", ms)
          .field("iterations", r.iterations)
          .field("objective", r.objective);
      j.field("status", statusName(r.status)).endObject();
    }
    j.endArray();
  }
  // Experts on an E3-sized mixture: n = 1000, Q = 3, d = 10 + 90 noise dimensions, λ = 1e-3.
  {
    GeneratorOptions g;
    g.n = 1000;
    g.d = 10;
    g.noiseDims = 90;
    g.Q = 3;
    g.sigma = 0.1;
    g.seed = 5;
    SyntheticProblem ex;
    generate("experts", g, ex);
    const Problem exProb{{ex.X.data(), ex.X.rows(), ex.X.cols()}, {ex.y.data(), ex.y.size()}};
    j.key("experts").beginArray();
    // One record: the median time of a fit and what it reached (`loss` only when it classifies).
    const auto timed = [&](const char* method, const Problem& prob, const Params& p, double restarts, double screen,
                           int exchange) {
      Result r;
      const double ms = medianMs(std::max(1, repeats / 3), [&] { r = fit(method, prob, p); });
      const auto loss = p.strings.find("loss");
      j.beginObject().field("method", method);
      if (loss != p.strings.end()) j.field("loss", loss->second);
      j.field("restarts", restarts)
          .field("screen", screen)
          .field("exchange", exchange)
          .field("ms", ms)
          .field("iterations", r.iterations);
      j.field("objective", r.objective).field("status", statusName(r.status)).endObject();
    };
    struct Run {
      const char* method;
      double restarts, screen;  // 0: the method's default; screen: experts-am's column screening rounds
      int exchange;  // experts-am's exchange search: 1 on (its default), 0 off (the papers' AM); −1 no such option
    };
    const Run runs[] = {{"experts-am", 1, 0, 0},  {"experts-am", 10, 0, 0}, {"experts-am", 10, 0, 1},
                        {"experts-am", 10, 5, 0}, {"experts-pg", 0, 0, -1}, {"experts-cg", 0, 0, -1},
                        {"experts-rc", 0, 0, -1}};
    for (const auto& [method, restarts, screen, exchange] : runs) {
      Params p;
      p.numbers = {{"Q", 3}, {"lambda", 1e-3}};
      if (restarts > 0) p.numbers["restarts"] = restarts;
      if (screen > 0) p.numbers["screen"] = screen;
      if (exchange >= 0) p.flags["exchange"] = exchange == 1;
      timed(method, exProb, p, restarts, screen, exchange);
    }
    // Classifying experts (LwCS §7.1.2): Q = 2 one-vs-all logistic experts over the 6 classes of
    // the `tasks` generator (n = 1000, d = 20), λ = 1e-2, by AM (10 starts) and by PG then AM.
    GeneratorOptions t;
    t.n = 1000;
    t.d = 20;
    t.Q = 3;
    t.tasks = 6;
    t.sigma = 1;
    t.seed = 5;
    SyntheticProblem classes;
    generate("tasks", t, classes);
    const Problem classProb{{classes.X.data(), classes.X.rows(), classes.X.cols()},
                            {classes.y.data(), classes.y.size()}};
    for (const char* method : {"experts-am", "experts-pg"}) {
      Params p;
      p.numbers = {{"Q", 2}, {"lambda", 1e-2}};
      p.strings["loss"] = "ova-logistic";
      timed(method, classProb, p, 0, 0, -1);
    }
    j.endArray();
  }
  // The Cholesky factorisation of B Bᵀ/50 + I (B n × 50 standard normal), alone and on a team of two.
  {
    j.key("cholesky").beginArray();
    WorkTeam team(2);
    for (const std::size_t n : {std::size_t{100}, std::size_t{320}, std::size_t{1000}}) {
      Matrix B(static_cast<Eigen::Index>(n), 50);
      std::mt19937_64 rng(n);
      std::normal_distribution<double> normal;
      for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
      const Matrix A =
          B * B.transpose() / 50.0 + Matrix::Identity(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
      Matrix L;
      const int runs = n < 500 ? 200 : 1;  // factorisations per timed run
      const auto time = [&](WorkTeam* t) {
        return medianMs(repeats,
                        [&] {
                          for (int r = 0; r < runs; ++r) {
                            L = A;
                            sink += choleskyFactor(L.data(), n, t)
                                        ? L(static_cast<Eigen::Index>(n) - 1, static_cast<Eigen::Index>(n) - 1)
                                        : 0;
                          }
                        }) /
               runs;
      };
      const double alone = time(nullptr), shared = time(&team);
      j.beginObject()
          .field("n", static_cast<double>(n))
          .field("ms", alone)
          .field("teamMs", shared)
          .field("threads", team.size())
          .endObject();
    }
    j.endArray();
  }
  {  // A call's fixed cost: a lasso that is zero at once (λ far above λmax) on a 20 MB dense X.
    const Eigen::Index n = 2500, d = 1000;
    RowMatrix B(n, d);
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = std::sin(0.37 * static_cast<double>(i));
    Vector t(n);
    for (Eigen::Index i = 0; i < n; ++i) t[i] = std::cos(static_cast<double>(i));
    const Problem big{{B.data(), n, d}, {t.data(), n}};
    Params at;
    at.numbers["lambda"] = 1e3;
    const double ms = medianMs(repeats, [&] { sink += fit("lasso", big, at).objective; });
    Vector labels(n);
    for (Eigen::Index i = 0; i < n; ++i) labels[i] = t[i] > 0 ? 1 : 0;
    const Problem classes{{B.data(), n, d}, {labels.data(), n}};
    Params logistic = at;
    logistic.strings["loss"] = "logistic";
    const double logisticMs = medianMs(repeats, [&] { sink += fit("lasso", classes, logistic).objective; });
    j.key("overhead")
        .beginObject()
        .field("n", static_cast<double>(n))
        .field("d", static_cast<double>(d))
        .field("ms", ms);
    j.field("logisticMs", logisticMs).endObject();
  }
  j.field("sink", sink).endObject();
  std::printf("%s\n", j.text().c_str());
  return 0;
}
