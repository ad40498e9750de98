// Test-only: a Problem viewing a dense X and y (the test keeps them alive), or a generated one's.
#pragma once

#include "supclust/base/types.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/methods/registry.hpp"

inline supclust::Problem problemOf(const supclust::RowMatrix& X, const supclust::Vector& y, Eigen::Index columns = 1) {
  return {{X.data(), X.rows(), X.cols()}, {y.data(), y.size()}, columns};
}

inline supclust::Problem problemOf(const supclust::SyntheticProblem& p) { return problemOf(p.X, p.y); }
