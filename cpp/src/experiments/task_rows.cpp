#include "supclust/experiments/task_rows.hpp"

namespace supclust {

std::vector<ExperimentMethod> taskRows(int Q) {
  const auto with = [Q](const char* loss, bool clustered) {
    Params p;
    p.strings["loss"] = loss;
    if (clustered) p.numbers["Q"] = Q;
    return p;
  };
  Params om = with("ova-squared", true), pg = with("ova-logistic", true), ssc = with("ova-logistic", true);
  om.numbers["mean"] = 1e-3;
  pg.numbers["mean"] = 1e-4;
  ssc.numbers["mean"] = 1e-4;
  return {
      {"Frobenius logistic", "tasks-frobenius", with("ova-logistic", false), {{"lambda", {1e-1, 1e-2, 1e-3, 1e-4}}}, {{"lambda", {1e-2, 1e-3}}}},
      {"Trace ridge", "tasks-trace", with("ova-squared", false), {{"mu", {1e-1, 3e-2, 1e-2, 3e-3, 1e-3}}}, {{"mu", {1e-2, 1e-3}}}},
      {"OM ridge", "tasks-cg", om, {{"within", {1, 1e-1, 1e-2}}, {"between", {1e-2, 1e-3, 1e-4}}}, {{"within", {1e-1}}, {"between", {1e-2, 1e-3}}}},
      {"PGK logistic", "tasks-pg", pg, {{"between", {1e-2, 1e-3, 1e-4}}}, {{"between", {1e-3}}}},
      {"SSC logistic", "tasks-ssc", ssc, {{"within", {1e-1, 1e-2}}, {"between", {1e-3, 1e-4}}}, {{"within", {1e-2}}, {"between", {1e-3, 1e-4}}}},
  };
}

}  // namespace supclust
