// Experts for classification (LwCS §7.1.2, its problem (17)): Q multiclass classifiers
// over a partition of the samples, each one-vs-all logistic, V^q (d x K) with intercepts b^q:
//   F = 1/n Σ_i [ℓ(y_i, x_iᵀV^{q(i)} + b^{q(i)}) + λ/2 ‖V^{q(i)}‖²_F],
// ℓ(y, z) = Σ_k log(1 + exp(−ỹ_k z_k)), ỹ = 2·onehot(y) − 1. A prediction is the Q experts'
// answers; the metric keeps the best one (the paper asks K > Q: with Q ≥ K answers every class
// could be offered). For a fixed partition expert q minimises its group's share
// (s_q/n)(mean loss + λ/2‖V‖²): its group's ridge-logistic fit, by trust-region Newton on the
// group's rows, warm-started from the previous partition's expert. Alternating minimisation
// (alternating_experts.hpp) moves each sample to its cheapest expert; F never increases except
// when an emptied group is refilled (its one-sample fit costs at most K log 2 plus the ridge).
// Expert q's class k is column q·K + k of coef (and of the intercepts). With observation weights
// ω (mean 1) sample i counts ω_i times, F = 1/n Σ_i ω_i [ℓ + λ/2 ‖V^{q(i)}‖²_F]: expert q's share
// (Σ_{G_q} ω/n)(weighted mean loss + λ/2‖V‖²) is its group's weighted ridge-logistic fit (a group
// of weight 0 keeps zero coefficients).
#pragma once

#include "supclust/families/experts/alternating_experts.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

namespace supclust {

class ClassifyingExperts final : public ExpertFamily {
 public:
  // X: the samples (centred rows); T: n x K one-hot 0/1 targets; `weights`: ω of mean 1, n
  // entries, or none (all 1); kept by reference.
  ClassifyingExperts(const RowMatrix& X, const Matrix& T, int Q, double lambda, TrustRegionOptions inner,
                     const Vector* weights = nullptr);
  int Q() const override { return Q_; }
  Eigen::Index samples() const override { return X_.rows(); }
  bool fit(const Labels& labels, Experts& out) override;
  Matrix costs(const Experts& e) const override;
  std::string failure() const override { return "a group's logistic fit did not finish"; }
  void restart() override { previous_ = Experts{}; }
  const Vector* rowWeights() const override { return weights_; }
  std::unique_ptr<ExpertFamily> copy() const override {
    return std::make_unique<ClassifyingExperts>(X_, T_, Q_, lambda_, inner_, weights_);
  }
  double bytes() const override {  // the experts and a group's rows
    return 8.0 * (2.0 * static_cast<double>(X_.cols() * T_.cols() * Q_) + static_cast<double>(X_.size()));
  }

 private:
  const RowMatrix& X_;
  const Matrix& T_;
  int Q_;
  double lambda_;
  TrustRegionOptions inner_;
  const Vector* weights_;
  std::vector<Eigen::Index> sizes_;
  Experts previous_;
};

}  // namespace supclust
