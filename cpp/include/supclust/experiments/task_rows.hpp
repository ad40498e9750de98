// The rows of the clustered-tasks tables (tasks-n, 20ng-topics): the DataCube paper's Table 4
// rows — Frobenius logistic, trace ridge, OM ridge, PGK logistic — and ours (SSC logistic: the
// soft problem by exact block descent), each with its cross-validated grid.
#pragma once

#include <vector>

#include "supclust/experiments/experiment.hpp"

namespace supclust {

// Q: the number of task clusters.
std::vector<ExperimentMethod> taskRows(int Q);

}  // namespace supclust
