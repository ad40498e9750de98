// Test-only: a Problem viewing a dense X and y (the test keeps them alive), or a generated one's; a fold's rows.
#pragma once

#include <algorithm>

#include "supclust/base/types.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/methods/registry.hpp"

inline supclust::Problem problemOf(const supclust::RowMatrix& X, const supclust::Vector& y, Eigen::Index columns = 1) {
  return {{X.data(), X.rows(), X.cols()}, {y.data(), y.size()}, columns};
}

inline supclust::Problem problemOf(const supclust::SyntheticProblem& p) { return problemOf(p.X, p.y); }

// The rows of fold k (held) and the others (train), in order, of the rows X with targets y.
struct FoldRows {
  supclust::RowMatrix Xtrain, Xheld;
  supclust::Vector ytrain, yheld;
};
inline FoldRows foldRows(const supclust::RowMatrix& X, const supclust::Vector& y, const supclust::Labels& foldId,
                         int k) {
  const auto held = static_cast<Eigen::Index>(std::count(foldId.begin(), foldId.end(), k));
  FoldRows f{supclust::RowMatrix(X.rows() - held, X.cols()), supclust::RowMatrix(held, X.cols()),
             supclust::Vector(X.rows() - held), supclust::Vector(held)};
  for (Eigen::Index i = 0, a = 0, h = 0; i < X.rows(); ++i)
    if (foldId[static_cast<std::size_t>(i)] == k) f.Xheld.row(h) = X.row(i), f.yheld[h++] = y[i];
    else f.Xtrain.row(a) = X.row(i), f.ytrain[a++] = y[i];
  return f;
}
