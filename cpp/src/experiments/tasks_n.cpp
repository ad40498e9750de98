// tasks-n (ours): clustered multitask classification as the training set grows. The
// tasks generator (K = 10 classes whose predictors form Q = 5 clusters of two, d = 20, Gumbel
// noise σ = 1, spread 0.2 around the centres), n training rows, 2000 test rows; every row's
// options by 5-fold cross-validation (classification error); test error (%) and the adjusted
// Rand index of the found task clusters against the true ones, for each n (columns value-major).
#include "supclust/experiments/task_rows.hpp"

namespace supclust {

Experiment tasksTable() {
  Experiment e;
  e.id = "tasks-n";
  e.title =
      "Clustered tasks: test error (%) and ARI of the task clusters as n grows (K = 10 classes in Q = 5 clusters, d = "
      "20)";
  e.source = "ours (no paper table; DataCube §2.2, appendix 6.2)";
  e.generator = "tasks";
  e.options.d = 20;
  e.options.Q = 5;
  e.options.tasks = 10;
  e.options.sigma = 1;
  e.options.taskSpread = 0.2;
  e.options.nTest = 2000;
  e.column = "n";
  e.values = {100, 200, 500, 1000, 2000};
  e.metrics = {"class-error", "task-ari"};
  e.reps = 20;
  e.scale = 100;
  e.methods = taskRows(5, 1, 1, 0, true);
  return e;
}

}  // namespace supclust
