// The weight-grouping priors paper's Reuters-21578 experiment (§6.4, Figure 7): is a story about
// the USA (places = 'usa')? 21 578 stories, the 1000 words present in the most stories as
// present/absent attributes (loadReuters; the caller passes them as the dataset 'reuters'); a
// training fraction α ∈ [1e-3, 1e-1] of the stories (⌊α·21578⌋: 21 to 2157), tested on the rest;
// accuracy and AUC. Rows as the paper's figure — GEM, LEM, L1, L2, SVM — and IHC (Q = 3) beside
// them, every regularisation chosen by 5-fold cross-validation on the training stories; GEM and
// LEM carry the fixed ridge λ = 1e-3 of the E6 rows (separable training sets).
#include "supclust/experiments/e1_methods.hpp"

namespace supclust {

Experiment reutersTable() {
  Experiment e;
  e.id = "reuters-usa";
  e.title = "Reuters-21578, places = USA: test accuracy and AUC against the training fraction α (1000 words present/absent)";
  e.source = "weight-grouping priors paper Figure 7 (curves, no figures)";
  e.dataset = "reuters";
  e.vocabulary = 1000;
  e.column = "train fraction";
  e.values = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1};
  e.metrics = {"accuracy", "auc"};
  e.reps = 50;
  const auto withLoss = [](const std::string& loss) {
    Params p;
    p.strings["loss"] = loss;
    return p;
  };
  Params prior = withLoss("logistic");
  prior.numbers = {{"lambda", 1e-3}, {"tolerance", 1e-7}};
  Params ihc = withLoss("logistic");
  ihc.numbers["Q"] = 3;
  ihc.strings["init"] = "zero";
  const std::vector<double> gammas = logSpace(10, 1e-4, 6), fastGammas = {1e-2, 1};
  e.methods = {
      {"GEM", "gem", prior, {{"gamma", gammas}}, {{"gamma", fastGammas}}},
      {"LEM", "lem", prior, {{"gamma", gammas}}, {{"gamma", fastGammas}}},
      {"L1", "lasso", withLoss("logistic"), {{"lambda", logSpace(1e-1, 1e-4, 7)}}, {{"lambda", {1e-2, 1e-3}}}},
      {"L2", "ridge", withLoss("logistic"), {{"lambda", logSpace(10, 1e-5, 7)}}, {{"lambda", {1e-1, 1e-3}}}},
      {"SVM", "svm", withLoss("hinge"), {{"lambda", logSpace(1, 1e-5, 7)}}, {{"lambda", {1e-1, 1e-3}}}},
      {"IHC", "ihc", ihc, {{"lambda", {1e-1, 1e-2, 1e-3, 1e-4}}}, {{"lambda", {1e-3}}}},
  };
  return e;
}

}  // namespace supclust
