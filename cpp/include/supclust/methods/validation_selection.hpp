// Hyperparameters chosen on a held-out validation set (the DFG paper's protocol E5):
// every point of the grid is fitted on the training rows, in the order of cross-validation
// (convex methods start from a neighbouring point's fit; the others, whose answer depends on
// the start, start as configured every time), and the point with the lowest
// validation mean squared error is kept (ties: the earlier point in the grid's numbering). The
// model is that fit; nothing is refitted.
#pragma once

#include "supclust/methods/cross_validation.hpp"

namespace supclust {

struct ValidationSelection {
  Status status = Status::Converged;
  std::string message;
  Result model;
  std::vector<double> values;  // the chosen point, one value per grid option
  double score = 0;  // its validation MSE
};

ValidationSelection selectOnValidation(const Method& method, const Problem& train, const DataMatrix& Xvalidation,
                                       const Vector& yvalidation, const Params& base, const Grid& grid,
                                       const Control& control = {});

}  // namespace supclust
