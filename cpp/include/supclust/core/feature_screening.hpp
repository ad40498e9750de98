// What the DFG paper's real-data tables do to the features before any fit, on the training
// rows only (so that the held-out rows stay unseen): keep the k columns most correlated with the
// target (breast cancer) or of largest ridge weight once standardised (20 Newsgroups, after Yang
// et al. 2012), and, where its graph forms need a feature graph the data lack, join each feature
// to its most correlated others.
#pragma once

#include <vector>

#include "supclust/base/types.hpp"

namespace supclust {

// Pearson correlation of each column with y (0 for a constant column or constant y).
Vector columnCorrelations(const RowMatrix& X, const Vector& y);

// The k columns of largest |r| with y, in increasing index order (ties: the lower index).
std::vector<Eigen::Index> mostCorrelated(const RowMatrix& X, const Vector& y, int k);

// The k indices of largest score, in increasing index order (ties: the lower index).
std::vector<Eigen::Index> largestScores(const Vector& score, int k);

// The given columns of X, in that order.
RowMatrix keptColumns(const RowMatrix& X, const std::vector<Eigen::Index>& kept);

// Columns centred and scaled to unit standard deviation by statistics of given rows (a constant
// column is only centred).
struct Standardisation {
  RowVector mean, scale;
  static Standardisation identity(Eigen::Index d) { return {RowVector::Zero(d), RowVector::Ones(d)}; }
  RowMatrix apply(const RowMatrix& X) const;
};
Standardisation standardisation(const RowMatrix& X);

// The k columns of largest |w_j| for ridge regression min 1/(2n)‖Xc w − yc‖² + λ/2‖w‖² (Xc, yc
// centred; solved on the short side), in increasing index order.
std::vector<Eigen::Index> largestRidgeWeights(const RowMatrix& X, const Vector& y, double lambda, int k);

// The symmetrised k-nearest-neighbour graph of the columns under |r| (Pearson, between columns):
// each column joined to the k others of largest |r|, each edge once, as the flat (i, j, …) list
// of the option `graph`, i < j, in increasing order.
Labels correlationGraph(const RowMatrix& X, int k);

}  // namespace supclust
