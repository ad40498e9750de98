#include "supclust/experiments/e1_methods.hpp"

#include <cmath>

namespace supclust {

std::vector<double> logSpace(double from, double to, int count) {
  std::vector<double> g(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i)
    g[static_cast<std::size_t>(i)] = count == 1 ? from : from * std::pow(to / from, i / (count - 1.0));
  return g;
}

ExperimentMethod twoPenaltyRow(const std::string& label, const std::string& method, const std::vector<double>& lambdas,
                               const std::vector<double>& fast, bool featureGraph) {
  // ncFGS as the paper runs it: DC programming from w = 0 alone (the library's default adds starts).
  ExperimentMethod m{label,
                     method,
                     method == "ncfgs" ? papersStart({}) : Params{},
                     {{"lambda1", lambdas}, {"lambda2", lambdas}},
                     {{"lambda1", fast}, {"lambda2", fast}}};
  m.featureGraph = featureGraph;
  return m;
}

Params papersStart(Params p) {
  p.numbers.emplace("starts", 0);
  return p;
}

Params papersIhc(Params p) {
  p.flags.emplace("exchange", false);
  return papersStart(std::move(p));
}

Params papersIhcs(Params p) { return papersIhc(std::move(p)); }

Params papersIht(Params p) {
  p.flags.emplace("swap", false);
  return papersStart(std::move(p));
}

Experiment e1Base() {
  Experiment e;
  e.generator = "e1";
  e.options.d = 100;
  e.options.Q = 5;
  e.methods = e1Methods();
  return e;
}

Params papersCgpg() {
  Params p;
  p.flags["exchange"] = false;
  return p;
}

CgRowParams cgRowParams(int Q) {
  CgRowParams p;
  p.cg.numbers = {{"Q", Q}, {"maxIterations", 200}, {"tolerance", 1e-2}};
  p.cgpg.numbers = {{"Q", Q}, {"cgIterations", 200}, {"cgTolerance", 1e-2}};
  p.cgpg.flags = papersCgpg().flags;
  p.cgpgPrimal = p.cgpg;  // ours: rounding by the k-means of the relaxation's coefficients
  p.cgpgPrimal.strings["rounding"] = "primal";
  return p;
}

std::vector<ExperimentMethod> e1Methods() {
  auto withQ = [](Params p) {
    p.numbers["Q"] = 5;
    return p;
  };
  Params none;
  Params hops;  // ours: λ chosen for plain IHC, then the refit with 20 hops of size 0.3
  hops.numbers = {{"hops", 20}, {"hopScale", 0.3}};
  Params fixedHops = hops;  // ours: the same hops at a fixed small λ (chosen after looking at E1)
  fixedHops.numbers["lambda"] = 1e-4;
  // Ours: least squares under the Q-values constraint (λ = 0: nothing to cross-validate), from
  // 8 starts (ihc's `starts`: 4 ridge LSK points, penalties 10 down to 1e-6 times the mean feature
  // variance, and 4 random partitions), each followed by the same hops; lowest wins. No exchange
  // search: the paper's projected gradient, started more widely.
  Params starts = hops;
  starts.numbers["lambda"] = 0;
  starts.numbers["starts"] = 8;
  Params oscar;
  oscar.numbers = {{"tolerance", 1e-6}, {"maxIterations", 5000}};
  const auto [cg, cgpg, cgpgPrimal] = cgRowParams(5);
  const Grid ridge = {{"lambda", logSpace(10, 1e-6, 8)}}, ridgeFast = {{"lambda", logSpace(1, 1e-6, 3)}};
  const Grid cgGrid = {{"lambda", logSpace(1, 1e-3, 4)}}, cgFast = {{"lambda", logSpace(1e-1, 1e-2, 2)}};
  return {
      {"Oracle", "oracle", none, {}, {}, true},
      {"LS", "ridge", none, ridge, ridgeFast, false},
      {"LSK", "lsk", withQ(none), ridge, ridgeFast, false},
      {"IHC", "ihc", papersIhc(withQ(none)), ridge, ridgeFast, false},
      {"IHC+hops", "ihc", papersIhc(withQ(none)), ridge, ridgeFast, false, hops},
      {"IHC+hops λ=1e-4", "ihc", papersIhc(withQ(fixedHops)), {}, {}, false},
      {"IHC+starts", "ihc", papersIhc(withQ(starts)), {}, {}, false},
      {"OSCAR",
       "oscar",
       oscar,
       {{"lambda1", logSpace(1, 1e-4, 5)}, {"lambda2", logSpace(1e-2, 1e-6, 3)}},
       {{"lambda1", logSpace(1e-1, 1e-3, 2)}, {"lambda2", logSpace(1e-3, 1e-5, 2)}},
       false},
      {"CG", "cg", cg, cgGrid, cgFast, false},
      {"CGPG", "cgpg", cgpg, cgGrid, cgFast, false},
      {"CGPG+primal", "cgpg", cgpgPrimal, cgGrid, cgFast, false},
  };
}

}  // namespace supclust
