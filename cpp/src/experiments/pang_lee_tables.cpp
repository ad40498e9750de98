#include "supclust/experiments/pang_lee_tables.hpp"

#include "supclust/experiments/e1_methods.hpp"

namespace supclust {

Experiment pangLeeBase() {
  Experiment e;
  e.dataset = "pang-lee";
  e.column = "test fraction";
  e.values = {0.2};
  e.reps = 20;
  e.scale = 100;
  e.wordsPer = "document";
  return e;
}

PangLeeGrids pangLeeGrids() {
  return {logSpace(1e-4, 1e-7, 7), {1e-5, 1e-6}, logSpace(1e-3, 1e-6, 4), {1e-4, 1e-5}, {0.5, 0.2}, {0.5}};
}

}  // namespace supclust
