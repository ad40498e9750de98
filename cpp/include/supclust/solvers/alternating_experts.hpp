// Alternating minimisation for Q experts over clustered samples (LwCS §3.1 "greedy", DataCube
// §3.1; spec §4). Problem (expert_predictors.hpp):
//   min over partitions G and experts (c_q, b_q) of
//   F = 1/(2n) Σ_i [(y_i − c_{q(i)}ᵀx_i − b_{q(i)})² + λ‖c_{q(i)}‖²].
// Alternate: fit each group's ridge expert (exact for the partition), move each sample to its
// cheapest expert, refill an emptied group with the worst-explained sample; F never increases,
// and the loop stops at a fixed point (no sample moves). Non-convex: seeded restarts, the
// lowest F kept. Starts: k-means++ (D² sampling) on the residuals of the one-expert fit, or
// uniformly random partitions.
#pragma once

#include <cstdint>

#include "supclust/solvers/expert_predictors.hpp"

namespace supclust {

struct ExpertsFit {
  Experts experts;
  Labels labels;  // the expert of each training sample
  double objective = HUGE_VAL;
  std::vector<double> history;  // F after each refit
  int iterations = 0;
  Status status = Status::MaxIterations;
  std::string message;
};

struct AlternatingExpertsOptions {
  int maxIterations = 100;  // refits per start
  int restarts = 10;        // starts; the lowest F is kept
  enum class Start { Random, Residuals } start = Start::Random;
  std::uint64_t seed = 0;
};

// The experts of one partition (a closed form): F, its one-entry history, Converged (or
// NumericalIssue when a system is not positive definite).
ExpertsFit expertsOfPartition(const RowMatrix& X, const Vector& y, int Q, double lambda, Labels labels);

// For the iterative searches (PG, RC): records step t's value f in `out` and says whether to
// stop — the caller aborted (Aborted), or f moved by at most tolerance·f from `previous`
// (Converged; otherwise `previous` becomes f).
bool recordStep(ExpertsFit& out, int t, double f, double& previous, double tolerance, const Control& control);

// AM from one partition.
ExpertsFit alternateExperts(const RowMatrix& X, const Vector& y, int Q, double lambda, Labels start,
                            int maxIterations, const Control& control);
// AM from `restarts` seeded starts (and from `extra` first, when given).
ExpertsFit alternateExpertsWithRestarts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                        const AlternatingExpertsOptions& o, const Control& control,
                                        const Labels* extra = nullptr);

// The starts: k-means++ seeding on the one-expert fit's residuals, each sample to the nearest
// seed; or uniform labels (every group used when n ≥ Q).
Labels residualStart(const RowMatrix& X, const Vector& y, int Q, double lambda, std::uint64_t seed);
Labels randomStart(Eigen::Index n, int Q, std::uint64_t seed);

}  // namespace supclust
