// The weight-grouping priors paper's Reuters-21578 experiment (§6.4, Figure 7): is a story about
// the USA (places = 'usa')? 21 578 stories, the 1000 words present in the most stories as
// present/absent attributes (loadReuters; the caller passes them as the dataset 'reuters'); a
// training fraction α ∈ [1e-3, 1e-1] of the stories (⌊α·21578⌋: 21 to 2157), tested on the rest;
// accuracy and AUC. Rows as the paper's figure — GEM, LEM, L1, L2, SVM — and IHC (Q = 3) beside
// them, every regularisation chosen by 5-fold cross-validation on the training stories; GEM and
// LEM carry the fixed ridge λ = 1e-3 of the E6 rows (separable training sets).
#include "supclust/experiments/prior_rows.hpp"

namespace supclust {

Experiment reutersTable() {
  Experiment e;
  e.id = "reuters-usa";
  e.title =
      "Reuters-21578, places = USA: test accuracy and AUC against the training fraction α (1000 words present/absent)";
  e.source = "weight-grouping priors paper Figure 7 (curves, no figures)";
  e.dataset = "reuters";
  e.vocabulary = 1000;
  e.column = "train fraction";
  e.values = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1};
  e.metrics = {"accuracy", "auc"};
  e.reps = 50;
  e.methods = priorRows("logistic");
  e.methods.insert(e.methods.end(), {logisticL1Row(), logisticL2Row(), svmRow(), ihcRow("logistic")});
  return e;
}

}  // namespace supclust
