// The rows the weight-grouping priors paper's tables share (E6, waveform, Reuters): GEM and LEM,
// the paper's baselines for 0/1 labels, and IHC with Q = 3, each with its cross-validation grid.
#pragma once

#include "supclust/experiments/experiment.hpp"

namespace supclust {

// Options with the loss set, and the ridge λ when ridge ≥ 0.
Params withLoss(const std::string& loss, double ridge = -1);
// GEM and LEM, γ cross-validated on 10^[1..−4] (--fast: 1e-2, 1), solved to a 1e-7 certificate;
// for the logistic loss with the fixed ridge λ = 1e-3 (separable training sets).
std::vector<ExperimentMethod> priorRows(const std::string& loss);
// Logistic L1 and L2 and the linear SVM, on the grids of the classification tables.
ExperimentMethod logisticL1Row();
ExperimentMethod logisticL2Row();
ExperimentMethod svmRow();
// IHC with Q = 3 from w = 0: logistic with λ cross-validated, squared with λ = 1e-6.
ExperimentMethod ihcRow(const std::string& loss);

}  // namespace supclust
