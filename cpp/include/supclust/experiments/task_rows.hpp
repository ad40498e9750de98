// The rows of the clustered-tasks tables (tasks-n, 20ng-topics): the DataCube paper's Table 4
// rows — Frobenius logistic, trace ridge, OM ridge, PGK logistic (the soft problem by projected
// gradient, the paper's Alg. 1) — and ours (HSC logistic: the hard problem by projected gradient;
// SSC logistic: the soft problem by exact block descent), each with its cross-validated grid.
#pragma once

#include <vector>

#include "supclust/experiments/experiment.hpp"

namespace supclust {

// Q: the number of task clusters; the grids of the quadratic weights (λ, λ_W, λ_B, λ_M) are
// multiplied by s and the trace norm's μ by traceScale (text covariates — word frequencies, rows
// summing to 1 — need weights 10⁴ times smaller than the synthetic N(0, 1) ones);
// traceTolerance > 0 stops the trace row there (0: its solver's default); pgkOnRequest: the PGK
// row runs only when named (on tasks-n its projected gradient takes 30 times block descent's time).
std::vector<ExperimentMethod> taskRows(int Q, double s, double traceScale, double traceTolerance, bool pgkOnRequest);

}  // namespace supclust
