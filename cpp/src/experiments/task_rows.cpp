#include "supclust/experiments/task_rows.hpp"

namespace supclust {

std::vector<ExperimentMethod> taskRows(int Q, double s, double traceScale, double traceTolerance, bool pgkOnRequest) {
  const auto with = [Q](const char* loss, bool clustered, double mean = -1) {
    Params p;
    p.strings["loss"] = loss;
    if (clustered) p.numbers["Q"] = Q;
    if (mean >= 0) p.numbers["mean"] = mean;
    return p;
  };
  const auto scaled = [](std::vector<double> v, double by) {
    for (double& x : v) x *= by;
    return v;
  };
  Params trace = with("ova-squared", false);
  Params hard = with("ova-logistic", true, 1e-4 * s);
  hard.flags["metricStart"] = false;  // the paper's start alone
  // The paper's PGK: the soft problem by projected gradient (DataCube Alg. 1).
  Params pgk = with("ova-logistic", true, 1e-4 * s);
  pgk.strings["solver"] = "pg";
  pgk.numbers["maxIterations"] = 500;
  if (traceTolerance > 0) trace.numbers["tolerance"] = traceTolerance;
  std::vector<ExperimentMethod> rows = {
      {"Frobenius logistic",
       "tasks-frobenius",
       with("ova-logistic", false),
       {{"lambda", scaled({1e-1, 1e-2, 1e-3, 1e-4}, s)}},
       {{"lambda", scaled({1e-2, 1e-3}, s)}}},
      {"Trace ridge",
       "tasks-trace",
       trace,
       {{"mu", scaled({1e-1, 1e-2, 1e-3}, traceScale)}},
       {{"mu", scaled({1e-2, 1e-3}, traceScale)}}},
      {"OM ridge",
       "tasks-cg",
       with("ova-squared", true, 1e-4 * s),
       {{"within", scaled({1, 1e-1, 1e-2}, s)}, {"between", scaled({1e-2, 1e-3, 1e-4}, s)}},
       {{"within", scaled({1e-1}, s)}, {"between", scaled({1e-2, 1e-3}, s)}}},
      {"PGK logistic",
       "tasks-ssc",
       pgk,
       {{"within", scaled({1e-1, 1e-2}, s)}, {"between", scaled({1e-3, 1e-4}, s)}},
       {{"within", scaled({1e-2}, s)}, {"between", scaled({1e-3, 1e-4}, s)}}},
      {"HSC logistic",
       "tasks-pg",
       hard,
       {{"between", scaled({1e-1, 1e-2, 1e-3, 1e-4}, s)}},
       {{"between", scaled({1e-2, 1e-3}, s)}}},
      {"SSC logistic",
       "tasks-ssc",
       with("ova-logistic", true, 1e-4 * s),
       {{"within", scaled({1e-1, 1e-2}, s)}, {"between", scaled({1e-3, 1e-4}, s)}},
       {{"within", scaled({1e-2}, s)}, {"between", scaled({1e-3, 1e-4}, s)}}},
  };
  for (ExperimentMethod& row : rows)
    if (row.label == "PGK logistic") row.onRequest = pgkOnRequest;
  return rows;
}

}  // namespace supclust
