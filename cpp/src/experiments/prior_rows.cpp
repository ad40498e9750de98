#include "supclust/experiments/prior_rows.hpp"

#include "supclust/experiments/e1_methods.hpp"

namespace supclust {

Params withLoss(const std::string& loss, double ridge) {
  Params p;
  p.strings["loss"] = loss;
  if (ridge >= 0) p.numbers["lambda"] = ridge;
  return p;
}

std::vector<ExperimentMethod> priorRows(const std::string& loss) {
  Params prior = withLoss(loss, loss == "logistic" ? 1e-3 : -1);
  prior.numbers["tolerance"] = 1e-7;
  prior.strings["init"] = "gradient";  // the start the tables were measured with (not 'best')
  const std::vector<double> gammas = logSpace(10, 1e-4, 6), fast = {1e-2, 1};
  return {{"GEM", "gem", prior, {{"gamma", gammas}}, {{"gamma", fast}}},
          {"LEM", "lem", prior, {{"gamma", gammas}}, {{"gamma", fast}}}};
}

ExperimentMethod logisticL1Row() {
  return {"L1", "lasso", withLoss("logistic"), {{"lambda", logSpace(1e-1, 1e-4, 7)}}, {{"lambda", {1e-2, 1e-3}}}};
}

ExperimentMethod logisticL2Row() {
  return {"L2", "ridge", withLoss("logistic"), {{"lambda", logSpace(10, 1e-5, 7)}}, {{"lambda", {1e-1, 1e-3}}}};
}

ExperimentMethod svmRow() {
  return {"SVM", "svm", withLoss("hinge"), {{"lambda", logSpace(1, 1e-5, 7)}}, {{"lambda", {1e-1, 1e-3}}}};
}

ExperimentMethod ihcRow(const std::string& loss) {
  const bool logistic = loss == "logistic";
  Params ihc = withLoss(loss, logistic ? -1 : 1e-6);
  ihc.numbers["Q"] = 3;
  ihc.strings["init"] = "zero";
  if (!logistic) return {"IHC", "ihc", papersIhc(ihc), {}, {}};
  return {"IHC", "ihc", papersIhc(ihc), {{"lambda", {1e-1, 1e-2, 1e-3, 1e-4}}}, {{"lambda", {1e-3}}}};
}

}  // namespace supclust
