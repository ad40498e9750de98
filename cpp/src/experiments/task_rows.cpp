#include "supclust/experiments/task_rows.hpp"

namespace supclust {

std::vector<ExperimentMethod> taskRows(int Q, double s, double traceScale, double traceTolerance) {
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
  Params pgk = with("ova-logistic", true, 1e-4 * s);
  pgk.flags["metricStart"] = false;  // the paper's start alone
  if (traceTolerance > 0) trace.numbers["tolerance"] = traceTolerance;
  return {
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
       "tasks-pg",
       pgk,
       {{"between", scaled({1e-1, 1e-2, 1e-3, 1e-4}, s)}},
       {{"between", scaled({1e-2, 1e-3}, s)}}},
      {"SSC logistic",
       "tasks-ssc",
       with("ova-logistic", true, 1e-4 * s),
       {{"within", scaled({1e-1, 1e-2}, s)}, {"between", scaled({1e-3, 1e-4}, s)}},
       {{"within", scaled({1e-2}, s)}, {"between", scaled({1e-3, 1e-4}, s)}}},
  };
}

}  // namespace supclust
