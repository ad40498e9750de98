// What the movie-review tables share (IHC paper Table 3, DataCube Table 5): the Pang & Lee
// dataset supplied by the caller, a random 20% of the reviews held out per repetition, 20
// repetitions, figures × 100, and the grids of the least-squares family and the lasso.
// Decisions (the papers only say "logarithmic grids"): ridge-type λ ∈ 10^[−7, −4] in half
// decades (word frequencies are small, so the useful λ are too; at 5623 words cross-validation
// picks 3e-6, between the decades); the lasso's λ ∈ 10^[−6, −3]; the sparsity s ∈ {d/2, d/5}
// (as fractions of d: the paper's "d/2 to d/5"); --fast keeps two of each (one s).
#pragma once

#include "supclust/experiments/experiment.hpp"

namespace supclust {

// id, title, source, vocabulary, metric and the rows are the table's own.
Experiment pangLeeBase();

struct PangLeeGrids {
  std::vector<double> ridge, ridgeFast, lasso, lassoFast, sparsity, sparsityFast;
};
PangLeeGrids pangLeeGrids();

}  // namespace supclust
