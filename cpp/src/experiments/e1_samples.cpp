// E1, varying n (IHC paper Table 1 = LwCS Table 2): d = 100, Q = 5, σ = 0.5, 50 repetitions,
// ‖w* − ŵ‖₂. The papers cross-validate every regularisation parameter on a log grid.
#include "supclust/experiments/e1_methods.hpp"

namespace supclust {

Experiment e1SamplesTable() {
  Experiment e = e1Base();
  e.id = "e1-n";
  e.title = "E1: ‖w* − ŵ‖ as the number of samples n grows (d = 100, Q = 5, σ = 0.5)";
  e.source = "IHC paper Table 1; LwCS Table 2 (CG, CGPG)";
  e.paperReps = 50;
  e.options.sigma = 0.5;
  e.column = "n";
  e.values = {50, 75, 100, 125, 150};
  e.paper = {
      {"Oracle", {{0.16, 0.06}, {0.14, 0.04}, {0.10, 0.04}, {0.10, 0.04}, {0.09, 0.03}}},
      {"LS", {{61.94, 17.63}, {51.94, 16.01}, {21.41, 9.40}, {1.02, 0.18}, {0.70, 0.09}}},
      {"LSK", {{62.93, 18.05}, {57.78, 17.03}, {10.18, 14.96}, {0.31, 0.19}, {0.19, 0.12}}},
      {"IHC", {{63.31, 18.24}, {52.72, 16.51}, {5.52, 14.33}, {0.14, 0.09}, {0.09, 0.04}}},
      {"OSCAR", {{61.54, 17.59}, {52.87, 15.90}, {11.32, 7.03}, {1.25, 0.28}, {0.71, 0.10}}},
      {"CG", {{61.81, 17.78}, {52.59, 16.58}, {17.24, 13.87}, {1.20, 1.38}, {1.05, 1.37}}},
      {"CGPG", {{62.29, 18.15}, {50.15, 17.43}, {0.64, 2.03}, {0.15, 0.19}, {0.17, 0.53}}},
  };
  return e;
}

}  // namespace supclust
