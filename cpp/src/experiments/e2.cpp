// E2 (DataCube Table 3): d = 100, Q = 5 evenly spaced values, ‖w*‖ = 1, σ = 0.1 (the decision
// and its evidence are in synthetic.hpp's generate()), n ∈ {50, 75, 100, 150, 200},
// 30 repetitions, ‖w* − ŵ‖₂ × 100. As written ("e2-as-written"): the paper's text's 10 values
// (evenly spaced on [−1, 1], its "uniformly distributed around 0"), the rest alike.
#include "supclust/experiments/e1_methods.hpp"

namespace supclust {

Experiment e2Table(bool asWritten) {
  Experiment e = e1Base();
  e.id = asWritten ? "e2-as-written" : "e2";
  e.title =
      asWritten
          ? "E2 as written: ‖w* − ŵ‖ × 100 as n grows (d = 100, the text's 10 evenly spaced values, σ = 0.1, ‖w*‖ = 1)"
          : "E2: ‖w* − ŵ‖ × 100 as n grows (d = 100, 5 evenly spaced values, σ = 0.1, ‖w*‖ = 1)";
  e.source = "DataCube paper Table 3";
  e.paperReps = 30;
  e.generator = "e2";
  e.options.Q = asWritten ? 10 : 5;
  e.options.sigma = 0.1;
  e.column = "n";
  e.values = {50, 75, 100, 150, 200};
  e.reps = 30;
  e.scale = 100;
  // The paper's rows: Oracle, PGK (= IHC), OM+PGK (= CGPG), Ridge+Kmeans (= LSK), OSCAR, Lasso,
  // Ridge; labelled here as in the E1 tables, with the lasso added.
  std::vector<ExperimentMethod> rows;
  for (ExperimentMethod m : e.methods) {
    if (m.label == "CG") continue;  // not in this table
    if (m.params.numbers.count("Q")) m.params.numbers["Q"] = e.options.Q;  // the methods know the number of values
    rows.push_back(m);
  }
  ExperimentMethod lasso{
      "Lasso", "lasso", {}, {{"lambda", logSpace(1, 1e-5, 7)}}, {{"lambda", logSpace(1e-1, 1e-4, 3)}}};
  rows.push_back(lasso);
  e.methods = rows;
  e.paper = {
      {"Oracle", {{3.3, 1.2}, {2.6, 0.9}, {2.2, 0.5}, {1.8, 0.4}, {1.5, 0.4}}},
      {"IHC", {{72.9, 2.7}, {58.0, 2.7}, {41.6, 12.1}, {1.9, 1.0}, {1.5, 0.4}}},
      {"CGPG", {{73.1, 2.5}, {55.9, 3.5}, {43.5, 7.9}, {4.6, 7.4}, {1.5, 0.4}}},
      {"LSK", {{72.1, 1.6}, {58.6, 2.7}, {46.9, 20.6}, {7.7, 4.1}, {2.4, 1.0}}},
      {"OSCAR", {{80.3, 7.5}, {65.9, 1.4}, {32.8, 4.2}, {14.0, 1.9}, {9.9, 0.9}}},
      {"Lasso", {{91.2, 0.6}, {81.9, 4.2}, {56.1, 30.5}, {13.9, 1.7}, {10.0, 1.0}}},
      {"LS", {{69.9, 0.5}, {58.0, 0.8}, {33.0, 5.8}, {14.0, 1.6}, {10.1, 0.9}}},
  };
  return e;
}

}  // namespace supclust
