// E1, varying σ (IHC paper Table 2 = LwCS Table 3): n = 150, d = 100, Q = 5, 50 repetitions,
// ‖w* − ŵ‖₂ × 100 (the papers' σ-tables are scaled: Oracle 8.62 at σ = 0.5 is 0.0862).
#include "supclust/experiments/e1_methods.hpp"

namespace supclust {

Experiment e1NoiseTable() {
  Experiment e = e1Base();
  e.id = "e1-sigma";
  e.title = "E1: ‖w* − ŵ‖ × 100 as the noise σ grows (n = 150, d = 100, Q = 5)";
  e.source = "IHC paper Table 2; LwCS Table 3 (CG, CGPG)";
  e.paperReps = 50;
  e.options.n = 150;
  e.column = "sigma";
  e.values = {0.05, 0.1, 0.5, 1};
  e.scale = 100;
  e.paper = {
      {"Oracle", {{0.86, 0.27}, {1.72, 0.54}, {8.62, 2.70}, {17.19, 5.43}}},
      {"LS", {{7.04, 0.92}, {14.05, 1.82}, {70.39, 9.20}, {140.41, 18.20}}},
      {"LSK", {{1.44, 0.46}, {2.88, 0.91}, {19.10, 12.13}, {48.09, 27.46}}},
      {"IHC", {{0.87, 0.27}, {1.74, 0.52}, {9.11, 4.00}, {26.23, 18.00}}},
      {"OSCAR", {{14.43, 2.45}, {18.89, 3.46}, {71.00, 10.12}, {140.33, 18.83}}},
      {"CG", {{23.91, 36.51}, {122.31, 145.77}, {105.45, 136.79}, {155.98, 177.69}}},
      {"CGPG", {{1.52, 3.13}, {140.83, 710.32}, {17.34, 53.31}, {24.80, 16.32}}},
  };
  return e;
}

}  // namespace supclust
