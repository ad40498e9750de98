// Q linear experts over a partition of the samples (LwCS §2.2, DataCube §2.3): the
// part every experts solver shares. For groups G_q of sizes s_q, expert q is its group's ridge
// fit with its own unpenalised intercept,
//   (c_q, b_q) = argmin ½‖y_q − X_q c − b 1‖² + (λ s_q / 2)‖c‖²,
// i.e. (X̃_qᵀX̃_q + λ s_q I) c_q = X̃_qᵀ ỹ_q on the group's centred rows. The objective of a
// partition with its experts is
//   F = 1/(2n) Σ_i [(y_i − c_{q(i)}ᵀx_i − b_{q(i)})² + λ‖c_{q(i)}‖²],
// the papers' (3) with the squared loss and their λ times n (their ridge λ n s_q appears as
// λ s_q here: each expert's ridge is the usual one of its own group's mean loss).
// Reassigning sample i to argmin_q of its cost (y_i − c_qᵀx_i − b_q)² + λ‖c_q‖² and refitting
// never increase F: that is alternating minimisation (families/experts/alternating_experts).
// With observation weights ω (mean 1) sample i counts ω_i times: F = 1/(2n) Σ_i ω_i cost(i, q(i)),
// each expert the weighted ridge fit of its group with s_q = Σ_{G_q} ω_i; a sample's cheapest
// expert is the same.
#pragma once

#include "supclust/base/types.hpp"

namespace supclust {

struct Experts {
  Matrix coef;  // d x Q
  RowVector intercept;  // Q
};

// Sample i's weight under `weights` (observation weights of mean 1, or none: 1).
inline double weightOf(const Vector* weights, Eigen::Index i) { return weights ? (*weights)[i] : 1.0; }

// Each group's sufficient statistics (count, Σx, Σy, Σxy, Σxxᵀ), kept as samples move between
// groups (the moved rows taken out of one group's Gram matrix and added to another's, or a
// fresh pass when half the samples or more move), so that refitting costs O(Q d³) and the
// moves' O(m d²) rather than O(n d²). Σxxᵀ is kept on its lower triangle only (column-major),
// by the kernels' gramAdd: half the work of a full rank-one update. A fresh pass sums the rows
// of all groups but the largest, whose Σxxᵀ is the whole data's (summed once) less theirs.
class ExpertGroups {
 public:
  // `weights`: ω of mean 1, n entries, or none (all 1); kept by reference.
  ExpertGroups(const RowMatrix& X, const Vector& y, int Q, const Vector* weights = nullptr);
  // Sets the partition (labels in 0..Q−1).
  void assign(const Labels& labels);
  // Moves to `labels`: rank-one updates for the samples that changed group.
  void reassign(const Labels& labels);
  const Labels& labels() const { return labels_; }
  Eigen::Index size(int q) const { return count_[static_cast<std::size_t>(q)]; }
  // Σ ω over group q (its size without weights): the s_q of its ridge.
  double mass(int q) const { return mass_[q]; }
  // Sample i's weight (1 without weights).
  double weight(Eigen::Index i) const { return weightOf(weights_, i); }
  const Vector* weights() const { return weights_; }
  int Q() const { return Q_; }
  // The experts of the current partition; an empty group's expert is zero. False when a
  // system is not positive definite (λ = 0 on a group with collinear rows).
  bool fit(double lambda, Experts& out) const;
  // Group q's sums (each sample's terms times its weight): Σy, and the columns Σx and Σxy (d);
  // Σxxᵀ on its lower triangle (d × d).
  double sumY(int q) const { return sumY_[q]; }
  auto sumX(int q) const { return sumX_.col(q); }
  auto sumXY(int q) const { return sumXY_.col(q); }
  const Matrix& gram(int q) const { return gram_[static_cast<std::size_t>(q)]; }

 private:
  void addSums(Eigen::Index i, int q, double sign);
  // Σxxᵀ of group q += sign·(the rows' outer products), on the triangle.
  void addGrams(const std::vector<Eigen::Index>& rows, int q, double sign);
  const RowMatrix& X_;
  const Vector& y_;
  int Q_;
  const Vector* weights_;
  Labels labels_;
  std::vector<Eigen::Index> count_;
  Vector mass_;  // Σω per group
  Matrix sumX_, sumXY_;  // d x Q
  Vector sumY_;
  std::vector<Matrix> gram_;  // Σ x xᵀ per group (d x d; lower triangle only)
  std::vector<std::vector<Eigen::Index>> groupRows_;  // scratch: a group's rows to add or take out
  RowMatrix rowsCopy_;  // scratch: those rows, contiguous
  Matrix total_;  // Σ x xᵀ over all rows (lower triangle), once a fresh pass needs it
};

// cost(i, q) = (y_i − c_qᵀx_i − b_q)² + λ‖c_q‖² (n x Q); an empty group's column is +∞.
Matrix expertCosts(const RowMatrix& X, const Vector& y, const Experts& e, double lambda,
                   const ExpertGroups* groups = nullptr);
// F for the given partition: 1/(2n) Σ_i ω_i cost(i, label_i) (ω: none, all 1).
double expertObjective(const Matrix& costs, const Labels& labels, const Vector* weights = nullptr);
// Each sample's cheapest expert (the first on ties); true when a label changed.
bool assignCheapest(const Matrix& costs, Labels& labels);
// Refills empty groups: each takes the sample of largest (weighted) cost (of positive weight, from
// a group of two or more), whose one-sample expert costs it nothing — F does not increase. False
// if none could move.
bool refillEmptyGroups(const Matrix& costs, int Q, Labels& labels, const Vector* weights = nullptr);

// The predictions X C + 1 bᵀ (n x Q).
Matrix expertAnswers(const RowMatrix& X, const Experts& e);

}  // namespace supclust
