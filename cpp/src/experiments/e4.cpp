// E4 (DataCube Table 2): 2 experts in intrinsic dimension 10 plus d_n ∈ {0, 100, 300, 900}
// noise dimensions, σ_y = σ_d = 0.2, 200 training / 200 test samples, 100 repetitions.
// The paper's λ = 1e-2 is a plain ridge on each group's sum of squares, ‖y_q − X_q c‖² +
// λ‖c‖²: ours λ s_q with s_q ≈ 100 samples per expert, so λ = 1e-4 here. Evidence: the Oracle
// column (30 repetitions) is 4.33, 28.2, 17.9, 88.7 at λ = 1e-4 against the paper's 4.2, 29.5,
// 17.3, 81.6 — the peak at d_n = 100, where each expert has ~100 samples for 110 dimensions,
// appears only with so small a ridge (8.4 at λ = 1e-2, 52 at 1e-8). The figure is the mean best-answer squared error × 100 (the Oracle's 4.2 at
// d_n = 0 is σ_y²(1 + 10/89) × 100: not halved, unlike E3's). Rows Oracle, PGK (PG), OM (CG),
// AM; PGK and OM refined by AM. As written ("e4-as-written"): λ = 1e-2 on our objective, the
// paper's figure as printed.
#include "supclust/experiments/experiment.hpp"

namespace supclust {

Experiment e4Table(bool asWritten) {
  Experiment e;
  e.id = asWritten ? "e4-as-written" : "e4";
  e.title = asWritten ? "E4 as written: min-over-experts test MSE × 100 as noise dimensions are added (Q = 2, "
                        "intrinsic d = 10, λ = 1e-2 on our mean loss)"
                      : "E4: min-over-experts test MSE × 100 as noise dimensions are added (Q = 2, intrinsic d = 10, "
                        "the paper's λ = 1e-2 on each group's sum)";
  e.source = "DataCube paper Table 2";
  e.paperReps = 100;
  e.generator = "experts";
  e.options.n = 200;
  e.options.nTest = 200;
  e.options.d = 10;
  e.options.Q = 2;
  e.options.sigma = 0.2;
  e.options.noiseSigma = 0.2;
  e.column = "noise dimensions";
  e.values = {0, 100, 300, 900};
  e.reps = 100;
  e.metric = "test-mse";
  e.scale = 100;
  const double lambda = asWritten ? 1e-2 : 1e-4;
  const Params fixed{{{"Q", 2}, {"lambda", lambda}}, {}, {}, {}, {}};
  // AM, and the others' refinement by AM, as the paper runs it: no exchange search (ours).
  const std::map<std::string, bool> paperAm{{"exchange", false}};
  const Params paper{{{"Q", 2}, {"lambda", lambda}}, {}, {}, paperAm, {}};
  e.methods = {
      {"Oracle", "experts-oracle", fixed, {}, {}, true},
      {"PGK", "experts-pg", paper, {}, {}},
      {"OM", "experts-cg", paper, {}, {}},
      {"AM", "experts-am", paper, {}, {}},
      // Ours: AM with ten rounds of column screening for one more start (families/experts/screened_experts).
      {"AM+screening",
       "experts-am",
       Params{{{"Q", 2}, {"lambda", lambda}, {"screen", 10}}, {}, {}, paperAm, {}},
       {},
       {}},
  };
  e.paper = {
      {"Oracle", {{4.2, 0.5}, {29.5, 7.0}, {17.3, 6.2}, {81.6, 30.0}}},
      {"PGK", {{5.8, 15.1}, {251.0, 154.4}, {187.5, 98.7}, {275.2, 167.2}}},
      {"OM", {{4.3, 0.5}, {254.4, 144.6}, {209.2, 93.5}, {220.9, 93.0}}},
      {"AM", {{50.4, 121.1}, {897.0, 456.1}, {445.3, 207.1}, {455.4, 192.3}}},
  };
  return e;
}

}  // namespace supclust
